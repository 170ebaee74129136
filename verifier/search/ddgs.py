"""Web search through ``ddgs``, the maintained successor of duckduckgo-search.

``ddgs`` is synchronous, so each call runs on a small dedicated thread pool under
``asyncio.wait_for`` with the time left, with a fresh ``DDGS(timeout=...)`` per call.
Politeness and rate limits: at most ``search.ddgs.concurrency`` calls at once per
backend object (one per process), a minimum interval with jitter between call starts,
and retries with exponential backoff that rotate the order of ``search.ddgs.engines``.
ddgs raises no distinct rate-limit error, so "No results found." and timeouts are treated
as possibly rate-limited and retried. Network failures (DNS, refused connections) are
not retried: the backend reports itself unavailable in plain words ("web search
unreachable: DNS lookup failed"; the library's full text goes to the log) and, for
``search.ddgs.unavailable_cooldown_s``, fails every query at once, so an offline machine
gets a prompt "search unavailable" instead of a wait.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from importlib.metadata import version
from typing import Any

from verifier.config import DdgsSettings
from verifier.errors import SearchError, SearchTimeout, SearchUnavailable
from verifier.reasons import network_reason, plain
from verifier.schema import SearchHit
from verifier.system.deadline import Deadline

__all__ = ["DdgsBackend", "classify_ddgs_error", "ddgs_text_engines"]

log = logging.getLogger("verifier.search.ddgs")

_NETWORK_MARKERS = (
    "dnserror",
    "dns error",
    "error resolving",
    "connecterror",
    "connection refused",
    "network is unreachable",
    "error sending request",
    "name or service not known",
    "temporary failure in name resolution",
)


def classify_ddgs_error(exc: BaseException) -> str:
    """``"network"`` (do not retry), ``"limited"`` (maybe rate-limited: retry), ``"other"``."""
    text = f"{type(exc).__name__}: {exc}".lower()
    if any(marker in text for marker in _NETWORK_MARKERS):
        return "network"
    if "ratelimit" in text or "timed out" in text or "timeout" in text:
        return "limited"
    if "no results found" in text or "202" in text or "429" in text:
        return "limited"
    return "other"


def ddgs_text_engines() -> list[str]:
    """The text-search engines the installed ddgs has (``"auto"`` lets ddgs choose)."""
    from ddgs.engines import ENGINES

    return sorted(ENGINES.get("text", {}))


def _default_factory(timeout: float) -> Any:
    from ddgs import DDGS

    return DDGS(timeout=max(1, round(timeout)))


class DdgsBackend:
    """One per process: the concurrency cap and the pacing are per instance."""

    name = "ddgs"
    local = False

    def __init__(
        self,
        settings: DdgsSettings,
        *,
        factory: Callable[[float], Any] = _default_factory,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        known = ddgs_text_engines()
        unknown = [e for e in settings.engines if e not in known and e != "auto"]
        if unknown:
            msg = f'search.ddgs.engines names {", ".join(map(repr, unknown))}, which ddgs {version("ddgs")} does not have; use some of {", ".join(known)} (or "auto")'
            raise SearchError(msg)
        self.settings = settings
        self.version = f"ddgs {version('ddgs')}"
        self._factory = factory
        self._clock = clock
        self._pool = ThreadPoolExecutor(
            max_workers=settings.concurrency + 2, thread_name_prefix="verifier-ddgs"
        )
        self._slots = asyncio.Semaphore(settings.concurrency)
        self._pace = asyncio.Lock()
        self._last_start = -1e9
        self._unavailable_until = -1e9
        self._unavailable_reason = ""
        self._down = asyncio.Event()  # set while the network is known to be down

    async def search(self, query: str, *, deadline: Deadline) -> list[SearchHit]:
        engines = list(self.settings.engines)
        last: BaseException | None = None
        for attempt in range(self.settings.retries + 1):
            self._fail_if_unavailable()
            order = engines[attempt % len(engines) :] + engines[: attempt % len(engines)]
            try:
                return await self._call(query, ",".join(order), deadline)
            except (SearchUnavailable, SearchTimeout) as exc:
                if isinstance(exc, SearchUnavailable) or deadline.expired:
                    raise
                last = exc
            except SearchError as exc:
                last = exc
                if "possibly rate-limited" not in str(exc):
                    raise
            pause = self.settings.backoff_s * (2**attempt) * (0.5 + random.random())
            if pause >= deadline.remaining():
                break
            await asyncio.sleep(pause)
        assert last is not None
        raise last

    def _fail_if_unavailable(self) -> None:
        if self._clock() < self._unavailable_until:
            msg = f"search unavailable: {self._unavailable_reason}"
            raise SearchUnavailable(msg)
        self._down.clear()

    async def _call(self, query: str, backend: str, deadline: Deadline) -> list[SearchHit]:
        try:
            async with asyncio.timeout(deadline.remaining()):
                async with self._slots:
                    await self._wait_turn()
                    timeout = deadline.timeout(self.settings.timeout_s)
                    loop = asyncio.get_running_loop()
                    call = loop.run_in_executor(self._pool, self._run, query, backend, timeout)
                    raw = await asyncio.wait_for(call, timeout)
        except SearchUnavailable:
            self._down.set()  # wakes the queries waiting their turn: they fail at once
            raise
        except TimeoutError as exc:
            msg = f"ddgs: no answer for {query!r} in the time left"
            raise SearchTimeout(msg) from exc
        return [
            SearchHit(
                url=str(item.get("href") or item.get("url") or ""),
                title=str(item.get("title") or ""),
                snippet=str(item.get("body") or item.get("snippet") or ""),
                rank=rank,
            )
            for rank, item in enumerate(raw, start=1)
            if item.get("href") or item.get("url")
        ][: self.settings.max_results]

    async def _wait_turn(self) -> None:
        async with self._pace:
            self._fail_if_unavailable()
            gap = self.settings.min_interval_s + random.random() * self.settings.jitter_s
            wait = self._last_start + gap - self._clock()
            if wait > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._down.wait(), wait)
                self._fail_if_unavailable()
            self._last_start = self._clock()

    def _run(self, query: str, backend: str, timeout: float) -> list[dict[str, Any]]:
        try:
            client = self._factory(timeout)
            return list(
                client.text(
                    query,
                    region=self.settings.region,
                    safesearch=self.settings.safesearch,
                    max_results=self.settings.max_results,
                    backend=backend,
                )
            )
        except Exception as exc:  # ddgs raises DDGSException and whatever its engines raise
            kind = classify_ddgs_error(exc)
            raw = f"{type(exc).__name__}: {exc}"
            log.debug("ddgs, query %r: %s", query, raw)  # the full text (shown by --debug)
            if kind == "network":
                self._unavailable_until = self._clock() + self.settings.unavailable_cooldown_s
                why = network_reason(raw) or "network error"
                self._unavailable_reason = f"web search unreachable: {why}"
                msg = f"search unavailable: {self._unavailable_reason}"
                raise SearchUnavailable(msg) from exc
            if kind == "limited":
                msg = f"ddgs: {plain(str(exc) or raw)} (possibly rate-limited)"
                raise SearchError(msg) from exc
            msg = f"ddgs: {plain(raw)}"
            raise SearchError(msg) from exc

    async def aclose(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
