"""Main-text extraction with trafilatura, in a process pool that kills hung work.

HTML goes to ``trafilatura.bare_extraction`` on the fetched bytes and the final URL, with
metadata and ``deduplicate=False`` (its dedup cache is process-global and would hide
passages repeated across pages). When trafilatura finds no main text (tiny or odd pages)
the page's whole visible text (``trafilatura.html2txt``) is used and the method says so.
Plain text is decoded in the caller's process.

The pool (pebble) uses spawned extraction processes, recycled after
``extract.max_tasks_per_process`` tasks; an extraction that outlives
``min(extract.timeout_s, time left)`` has its process killed and replaced. They die with
the process that started them (on Linux), so a killed check process leaves no extraction
process behind.
"""

from __future__ import annotations

import asyncio
import codecs
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from importlib.metadata import version
from typing import TYPE_CHECKING, Any, Protocol

from pebble import ProcessExpired, ProcessPool

from verifier.errors import ExtractError, ExtractTimeout
from verifier.reasons import plain
from verifier.system.lifetime import die_with_parent

if TYPE_CHECKING:  # not at run time: each spawned extraction process imports this module
    from verifier.config import ExtractSettings
    from verifier.system.deadline import Deadline

__all__ = [
    "Extracted",
    "Extractor",
    "PageExtractor",
    "decode_text",
    "extract_html",
    "trafilatura_version",
]

log = logging.getLogger("verifier.web.extract")

_METADATA_FIELDS = ("author", "date", "sitename", "description", "language", "hostname")


def trafilatura_version() -> str:
    return version("trafilatura")


@dataclass(frozen=True, slots=True)
class Extracted:
    text: str
    title: str
    metadata: dict[str, str] = field(default_factory=dict)
    method: str = "trafilatura"


def decode_text(body: bytes, charset: str | None) -> str:
    """Decode with the declared charset when it is real, else UTF-8; never raises."""
    if charset:
        try:
            codecs.lookup(charset)
        except LookupError:
            charset = None
    if body.startswith(codecs.BOM_UTF8):
        return body[3:].decode("utf-8", errors="replace")
    return body.decode(charset or "utf-8", errors="replace")


def extract_html(body: bytes, url: str, charset: str | None) -> dict[str, Any]:
    """Runs in an extraction process: returns plain data (text, title, metadata, method)."""
    import trafilatura

    html: str | bytes = decode_text(body, charset) if charset else body
    doc = trafilatura.bare_extraction(
        html,
        url=url,
        with_metadata=True,
        deduplicate=False,
        include_comments=False,
        include_tables=True,
        favor_recall=True,
    )
    title = ""
    metadata: dict[str, str] = {}
    text = ""
    if doc is not None:
        data = doc.as_dict() if hasattr(doc, "as_dict") else dict(doc)
        text = (data.get("text") or "").strip()
        title = (data.get("title") or "").strip()
        metadata = {k: str(data[k]) for k in _METADATA_FIELDS if data.get(k)}
    if text:
        return {"text": text, "title": title, "metadata": metadata, "method": "trafilatura"}
    fallback = (trafilatura.html2txt(html) or "").strip()
    tree = _parse(html)
    if tree is not None:
        node = tree.find(".//title")
        if not title and node is not None:
            title = node.text_content().strip()
        if not fallback:  # a fragment with no <body>: its text as it stands
            if node is not None:
                node.drop_tree()
            fallback = tree.text_content().strip()
    return {"text": fallback, "title": title, "metadata": metadata, "method": "html2txt"}


def _parse(html: str | bytes) -> Any:
    from lxml import etree
    from lxml import html as lxml_html

    try:
        return lxml_html.fromstring(html)
    except (ValueError, TypeError, etree.LxmlError):
        return None


def _start_process(parent_pid: int) -> None:
    """Each extraction process: killed with its parent (a job process SIGKILLed must not
    leave its extraction processes behind, see verifier.system.lifetime), and trafilatura imported once,
    not per task."""
    die_with_parent(parent_pid)
    import trafilatura  # noqa: F401


class PageExtractor(Protocol):
    """What the pipeline extracts a page's main text with: :class:`Extractor`, or a fake."""

    async def extract(
        self, body: bytes, *, url: str, content_type: str, charset: str | None, deadline: Deadline
    ) -> Extracted: ...


class Extractor:
    """Extracts pages in a lazily started pool; ``aclose()`` stops the pool."""

    def __init__(
        self, settings: ExtractSettings, *, function: Callable[..., dict[str, Any]] = extract_html
    ) -> None:
        self.settings = settings
        self._function = function  # what the extraction processes run; tests swap in a hanging one
        self._pool: ProcessPool | None = None

    def _get_pool(self) -> ProcessPool:
        if self._pool is None:
            self._pool = ProcessPool(
                max_workers=self.settings.processes,
                max_tasks=self.settings.max_tasks_per_process,
                initializer=_start_process,
                initargs=(os.getpid(),),
                context=multiprocessing.get_context("spawn"),
            )
        return self._pool

    async def extract(
        self, body: bytes, *, url: str, content_type: str, charset: str | None, deadline: Deadline
    ) -> Extracted:
        if content_type == "text/plain":
            return Extracted(decode_text(body, charset), "", {}, "plain")
        timeout = deadline.timeout(self.settings.timeout_s)
        if timeout <= 0:
            msg = f"{url}: no time left to extract"
            raise ExtractTimeout(msg)
        future = self._get_pool().schedule(
            self._function, args=(body, url, charset), timeout=timeout
        )
        # pebble's own timeout starts when a process picks the task up; the caller's deadline
        # runs from now (a busy pool, or one still starting its processes, must not stretch it)
        try:
            data = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(future)), timeout)
        except asyncio.CancelledError:
            future.cancel()  # pebble stops the process running it
            raise
        except TimeoutError as exc:
            future.cancel()  # queued: dropped; running: its process is killed
            msg = f"{url}: extraction took longer than {timeout:.1f} s; its process was killed"
            raise ExtractTimeout(msg) from exc
        except BrokenProcessPool as exc:
            await self.aclose()  # the next extraction starts a fresh pool
            log.debug("%s: the extraction pool broke", url, exc_info=exc)
            msg = f"{url}: the extraction pool broke ({plain(str(exc))}); it will be restarted"
            raise ExtractError(msg) from exc
        except ProcessExpired as exc:
            log.debug("%s: the extraction process died", url, exc_info=exc)
            msg = f"{url}: the extraction process died ({plain(str(exc))})"
            raise ExtractError(msg) from exc
        except Exception as exc:  # trafilatura / lxml errors on garbage input
            log.debug("%s: extraction failed", url, exc_info=exc)
            msg = f"{url}: extraction failed: {plain(f'{type(exc).__name__}: {exc}')}"
            raise ExtractError(msg) from exc
        return Extracted(data["text"], data["title"], data["metadata"], data["method"])

    def close(self) -> None:
        """Stop the pool and wait for its processes (blocking)."""
        if self._pool is not None:
            pool, self._pool = self._pool, None
            pool.stop()
            pool.join(10)

    async def aclose(self) -> None:
        await asyncio.to_thread(self.close)
