"""The local corpus: an SQLite FTS5 (BM25) index of passages, and its search backend.

``verifier index DIR --db PATH`` walks ``.txt``, ``.md`` and ``.html``/``.htm`` files,
extracts HTML with trafilatura (in the extraction pool), cuts every document into
passages with offsets and indexes them. A file whose content hash and extractor are
unchanged is skipped; files that disappeared are removed. Documents are named by their
``file://`` URL, so evidence from the corpus links to the file it came from.

The backend answers queries with the best-ranked passages and, as a page source, hands
over the full text of the documents it indexed (no network involved).
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import logging
import os
import re
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from verifier.errors import CorpusError, EmptyCorpus, ExtractError, SearchError
from verifier.evidence.passages import passage_spans
from verifier.plagiarism.sketch import SKETCH_PARAMS, SketchIndex, params_json, sketch_many
from verifier.schema import PageRecord, SearchHit
from verifier.system.deadline import Deadline
from verifier.system.files import atomic_path
from verifier.system.sqlfiles import script
from verifier.text.sentences import sentence_spans
from verifier.text.spans import WORD_CHARS, content_terms
from verifier.text.words import rarity
from verifier.web.extract import Extractor, decode_text, trafilatura_version

__all__ = [
    "CORPUS_SUFFIXES",
    "CorpusBackend",
    "CorpusIndex",
    "IndexStats",
    "build_index",
    "refresh_corpora",
    "stat_fingerprint",
]

SCHEMA_VERSION = "2"
CORPUS_SUFFIXES = {
    ".txt": "text/plain",
    ".md": "text/markdown",
    ".html": "text/html",
    ".htm": "text/html",
}

_SCHEMA = script("verifier.search", "sql/sqlite/schema.sql")
_SEARCHES_KEPT = 1_024  # searches answered lately, kept per open index
log = logging.getLogger("verifier.search.corpus")


@dataclass(slots=True)
class IndexStats:
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    passages: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)


class CorpusIndex:
    """An open corpus index. ``create=True`` makes a new one when the file is missing."""

    def __init__(self, path: str | Path, *, create: bool = False) -> None:
        self.path = Path(path)
        if not create and not self.path.is_file():
            msg = f"corpus index {self.path} does not exist; build it with `verifier index DIR --db {self.path}` or pass a directory to --corpus"
            raise CorpusError(msg)
        try:
            if create:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.execute("PRAGMA busy_timeout=5000")
            if create:
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.executescript(_SCHEMA)
                self.db.execute(
                    "INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,)
                )
                self.db.execute("INSERT OR IGNORE INTO meta VALUES ('sketch', ?)", (params_json(),))
            row = self.db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            sketch = self.db.execute("SELECT value FROM meta WHERE key = 'sketch'").fetchone()
        except (OSError, sqlite3.Error) as exc:
            msg = f"{self.path} is not a verifier corpus index ({exc}); build one with `verifier index DIR --db PATH`"
            raise CorpusError(msg) from exc
        if row is None or row[0] != SCHEMA_VERSION:
            msg = f"{self.path} has corpus schema {row[0] if row else None!r}, expected {SCHEMA_VERSION}; rebuild it with `verifier index`"
            raise CorpusError(msg)
        if sketch is None or json.loads(sketch[0]) != json.loads(params_json()):
            msg = f"{self.path} holds MinHash sketches made with other parameters ({sketch[0] if sketch else None}); rebuild it with `verifier index` into a new file"
            raise CorpusError(msg)
        self.lock = threading.Lock()
        self._sketches: SketchIndex | None = None
        # searches answered lately, by FTS5 query and limit, while the file is unchanged
        # (PRAGMA data_version: another connection's commit; this one's clear it): a
        # claim's plain and keyword queries are often the same words
        self._found: OrderedDict[tuple[str, int], tuple[SearchHit, ...]] = OrderedDict()
        self._found_version = -1

    def close(self) -> None:
        self.db.close()

    def document_count(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM documents").fetchone()[0])

    def content_digest(self) -> str:
        """A digest of what the index holds: each document's URL, content hash (sha256 of
        its file) and extractor. An edited document (same path, same count) changes it."""
        digest = hashlib.sha256()
        with self.lock:
            rows = self.db.execute(
                "SELECT url, sha256, extractor FROM documents ORDER BY url"
            ).fetchall()
        for url, sha, extractor in rows:
            digest.update(f"{url}\t{sha}\t{extractor}\n".encode())
        return digest.hexdigest()

    def known(self) -> dict[str, tuple[str, str]]:
        rows = self.db.execute("SELECT url, sha256, extractor FROM documents")
        return {url: (sha, extractor) for url, sha, extractor in rows}

    def put_document(
        self,
        url: str,
        *,
        sha256: str,
        size: int,
        content_type: str,
        extractor: str,
        title: str,
        text: str,
        passage_chars: int,
    ) -> int:
        """Insert or replace one document and its passages; returns the passage count."""
        spans = passage_spans(text, passage_chars)
        now = datetime.now(UTC).isoformat(timespec="seconds")
        with self.lock:
            self.db.execute("BEGIN")
            try:
                self.db.execute("DELETE FROM documents WHERE url = ?", (url,))
                cur = self.db.execute(
                    "INSERT INTO documents (url, sha256, bytes, content_type, extractor, title, text, indexed_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (url, sha256, size, content_type, extractor, title, text, now),
                )
                doc_id = cur.lastrowid
                first = self.db.execute("SELECT coalesce(max(id), 0) + 1 FROM passages").fetchone()[
                    0
                ]
                ids = range(first, first + len(spans))
                self.db.executemany(
                    "INSERT INTO passages (id, doc_id, start, end, text) VALUES (?, ?, ?, ?, ?)",
                    [
                        (pid, doc_id, s, e, text[s:e])
                        for pid, (s, e) in zip(ids, spans, strict=True)
                    ],
                )
                minima = sketch_many([text[s:e] for s, e in spans])
                self.db.executemany(
                    "INSERT INTO sketches (passage_id, minima) VALUES (?, ?)",
                    [(pid, row.tobytes()) for pid, row in zip(ids, minima, strict=True)],
                )
                self.db.execute("COMMIT")
                self._sketches = None
                self._found.clear()
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
        return len(spans)

    def remove(self, url: str) -> None:
        with self.lock:
            self.db.execute("DELETE FROM documents WHERE url = ?", (url,))
            self._sketches = None
            self._found.clear()

    def sketch_index(self) -> SketchIndex:
        """All passages' MinHash minima, sorted for containment lookups (built once)."""
        with self.lock:
            if self._sketches is None:
                rows = self.db.execute("SELECT passage_id, minima FROM sketches").fetchall()
                ids = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
                width = SKETCH_PARAMS["num_perm"]
                minima = np.frombuffer(b"".join(r[1] for r in rows), dtype=np.uint32)
                self._sketches = SketchIndex(ids, minima.reshape(len(rows), width))
            return self._sketches

    def copy_candidates(
        self, text: str, limit: int, screen: Callable[[str], bool] | None = None
    ) -> list[SearchHit]:
        """Passages the text may copy, best first: up to ``limit`` found by MinHash
        containment (copied word sequences; two of the sketch's minima at least), then up
        to ``limit`` more that two or more of its sentences find (edited copies, whose word
        sequences are broken: see ``sentence_candidates``).

        ``screen``, when given, is asked about each passage's text, and those it refuses are
        left out (the copy check screens for evidence worth aligning a whole document for).
        The snippet of each hit says how it was found; ``passage_start`` and
        ``passage_end`` locate the passage in its document.
        """
        found = self.sketch_index().query(text, min_hits=2, limit=limit)
        why = {c.passage_id: f"containment {c.containment:.2f}" for c in found}
        order = [c.passage_id for c in found]
        added = 0
        for pid, votes in self.sentence_candidates(text):
            if added >= limit or votes < 2:
                break
            if pid not in why:
                why[pid] = f"{votes} sentences alike"
                order.append(pid)
                added += 1
        if not order:
            return []
        rank_of = {pid: n for n, pid in enumerate(order)}
        marks = ",".join("?" * len(order))
        with self.lock:
            rows = self.db.execute(
                "SELECT p.id, d.url, d.title, p.start, p.end, p.text FROM passages p"
                f" JOIN documents d ON d.id = p.doc_id WHERE p.id IN ({marks})",
                order,
            ).fetchall()
        rows.sort(key=lambda r: rank_of[r[0]])
        if screen is not None:
            rows = [r for r in rows if screen(r[5])]
        return [
            SearchHit(url, title, why[pid], rank, start, end)
            for rank, (pid, url, title, start, end, _text) in enumerate(rows, start=1)
        ]

    def sentence_candidates(
        self, text: str, *, terms: int = 4, most: int = 50
    ) -> list[tuple[int, int]]:
        """(passage id, sentences that found it), most first. A sentence of the text with
        at least four content words finds the passages holding two or more of its
        ``terms`` rarest content words (stemmed by the index, so an edited sentence still
        finds its source sentence); a sentence whose words are too common to tell (more
        than ``most`` passages) finds none."""
        queries = []
        for start, end in sentence_spans(text):
            words = list(dict.fromkeys(w for w in content_terms(text[start:end]) if len(w) > 2))
            if len(words) >= 4:
                rare = sorted(words, key=rarity, reverse=True)[:terms]
                pairs = itertools.combinations(rare, 2)
                queries.append(" OR ".join(f'("{a}" AND "{b}")' for a, b in pairs))
        votes: dict[int, int] = {}
        first_seen: dict[int, int] = {}
        with self.lock:
            for n, match in enumerate(queries):
                rows = self.db.execute(
                    "SELECT rowid FROM passages_fts WHERE passages_fts MATCH ? LIMIT ?",
                    (match, most + 1),
                ).fetchall()
                if len(rows) > most:
                    continue
                for (pid,) in rows:
                    votes[pid] = votes.get(pid, 0) + 1
                    first_seen.setdefault(pid, n)
        return sorted(votes.items(), key=lambda kv: (-kv[1], first_seen[kv[0]]))

    def search(self, query: str, limit: int) -> list[SearchHit]:
        """BM25-ranked passages: any of the query's content words, or, for a query in double
        quotes, the exact phrase."""
        stripped = query.strip()
        if len(stripped) > 2 and stripped[0] == stripped[-1] == '"':
            words = WORD_CHARS.findall(stripped)
            if not words:
                return []
            match = '"' + " ".join(words) + '"'
        else:
            terms = list(dict.fromkeys(content_terms(query)))
            if not terms:
                return []
            match = " OR ".join('"' + t + '"' for t in terms)
        with self.lock:
            version = self.db.execute("PRAGMA data_version").fetchone()[0]
            if version != self._found_version:
                self._found.clear()
                self._found_version = version
            hits = self._found.get((match, limit))
            if hits is not None:
                self._found.move_to_end((match, limit))
                return list(hits)
            rows = self.db.execute(
                # the best few found and ranked first, and only those joined with their
                # passage and document (joining every match first cost a third more)
                "SELECT d.url, d.title, p.start, p.end, p.text FROM"
                " (SELECT rowid, bm25(passages_fts) AS score FROM passages_fts"
                "  WHERE passages_fts MATCH ? ORDER BY score LIMIT ?) f"
                " JOIN passages p ON p.id = f.rowid"
                " JOIN documents d ON d.id = p.doc_id ORDER BY f.score",
                (match, limit),
            ).fetchall()
            hits = tuple(
                SearchHit(url, title, text[:300], rank, start, end)
                for rank, (url, title, start, end, text) in enumerate(rows, start=1)
            )
            self._found[(match, limit)] = hits
            while len(self._found) > _SEARCHES_KEPT:
                self._found.popitem(last=False)
        return list(hits)

    def page(self, url: str) -> PageRecord | None:
        with self.lock:
            row = self.db.execute(
                "SELECT sha256, bytes, content_type, extractor, title, text, indexed_at"
                " FROM documents WHERE url = ?",
                (url,),
            ).fetchone()
        if row is None:
            return None
        sha, size, content_type, extractor, title, text, indexed_at = row
        return PageRecord(
            url=url,
            final_url=url,
            status=200,
            fetched_at=indexed_at,
            content_type=content_type,
            headers={},
            body_sha256=sha,
            body_bytes=size,
            text=text,
            title=title,
            metadata={"corpus": str(self.path)},
            extractor=extractor,
        )


def _walk(directory: Path) -> Iterator[Path]:
    for path in sorted(directory.rglob("*")):
        if (
            path.is_file()
            and path.suffix.lower() in CORPUS_SUFFIXES
            and not any(part.startswith(".") for part in path.relative_to(directory).parts)
        ):
            yield path


_RACY_NS = 2_000_000_000  # a file modified this recently may change again unseen


def _stat_walk(directory: str, prefix: str) -> Iterator[tuple[str, os.stat_result]]:
    """(relative path, stat) of the corpus files under ``directory``, as :func:`_walk`
    finds them (hidden names skipped, symlinked folders not followed), one ``scandir``
    per folder and one ``stat`` per file."""
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith("."):
            continue
        try:
            if entry.is_dir(follow_symlinks=False):
                yield from _stat_walk(entry.path, f"{prefix}{entry.name}/")
            elif os.path.splitext(entry.name)[1].lower() in CORPUS_SUFFIXES:
                yield f"{prefix}{entry.name}", entry.stat()
        except OSError:
            continue


def stat_fingerprint(path: str | Path) -> str:
    """What a corpus is, as cheaply as the file system says it: for a directory, each
    corpus file's relative path, size and modification time (ns); for an index file, its
    inode, size and modification time (``verifier index`` replaces the file). Unchanged
    means nothing to re-read; changed means the content hashes decide (:func:`build_index`
    re-indexes only the files whose content changed).

    File systems stamp times at a coarse tick: a file modified within :data:`_RACY_NS` of
    now could be written again within the same tick, size unchanged, and look the same
    (git's "racy clean" case). Such a fingerprint is made unique, so the next refresh lets
    the content hashes decide."""
    root = Path(path)
    digest = hashlib.sha256()
    if root.is_dir():
        racy_after = time.time_ns() - _RACY_NS
        for rel, info in sorted(_stat_walk(str(root), "")):
            digest.update(f"{rel}\t{info.st_size}\t{info.st_mtime_ns}\n".encode())
            if info.st_mtime_ns >= racy_after:
                digest.update(f"racy {time.time_ns()} {id(digest)}\n".encode())
    else:
        try:
            info = root.stat()
        except OSError:
            return ""
        digest.update(f"{info.st_ino}\t{info.st_size}\t{info.st_mtime_ns}".encode())
    return digest.hexdigest()


def _markdown_title(text: str) -> str:
    m = re.search(r"^#\s+(.+)$", text, re.MULTILINE)
    return m.group(1).strip() if m else ""


@dataclass(frozen=True, slots=True)
class _Planned:
    path: Path
    url: str
    kind: str
    extractor: str


def _plan(
    root: Path, known: dict[str, tuple[str, str]], stats: IndexStats
) -> tuple[list[_Planned], list[str]]:
    """The files to (re-)index and the URLs to remove; unchanged files are counted."""
    html_extractor = f"trafilatura {trafilatura_version()}"
    todo: list[_Planned] = []
    seen: set[str] = set()
    for path in _walk(root):
        url = path.as_uri()
        seen.add(url)
        try:
            body = path.read_bytes()
        except OSError as exc:
            stats.failed.append((str(path), str(exc)))
            continue
        sha = hashlib.sha256(body).hexdigest()
        kind = CORPUS_SUFFIXES[path.suffix.lower()]
        extractor_id = html_extractor if kind == "text/html" else "plain"
        if known.get(url) == (sha, extractor_id):
            stats.unchanged += 1
            continue
        todo.append(_Planned(path, url, kind, extractor_id))
    return todo, sorted(known.keys() - seen)


def _copy_index(source: Path, target: Path) -> None:
    """A consistent copy of an index (its WAL included) into ``target``."""
    src = sqlite3.connect(source)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()


async def build_index(
    directory: str | Path,
    db_path: str | Path,
    *,
    extractor: Extractor,
    passage_chars: int = 400,
    extract_timeout_s: float = 60.0,
) -> IndexStats:
    """Index (or re-index) every corpus file under ``directory`` into ``db_path``.

    :class:`~verifier.errors.EmptyCorpus` when the directory holds no corpus file (the
    index is left as it was). Nothing is written when no file changed. Otherwise the index is updated in a copy
    beside ``db_path`` that replaces it only when indexing finished: an interrupted or
    failed run leaves the old index as it was.
    """
    root = Path(directory)
    if not root.is_dir():
        msg = f"corpus directory {root} does not exist or is not a directory"
        raise CorpusError(msg)
    db_path = Path(db_path)
    stats = IndexStats()
    known: dict[str, tuple[str, str]] = {}
    if db_path.exists():
        existing = CorpusIndex(db_path)
        try:
            known = existing.known()
        finally:
            existing.close()
    todo, gone = _plan(root.resolve(), known, stats)
    if not todo and not stats.unchanged and not stats.failed:
        msg = f"corpus directory {root} holds no .txt, .md or .html file"
        raise EmptyCorpus(msg)
    if db_path.exists() and not todo and not gone:
        return stats
    try:
        db_path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        msg = f"cannot create the directory of the corpus index {db_path}: {exc.strerror or exc}; choose a writable place (--db, or --data-dir for a corpus directory)"
        raise CorpusError(msg) from exc
    with atomic_path(db_path) as tmp:
        try:
            if db_path.exists():
                _copy_index(db_path, tmp)
            index = CorpusIndex(tmp, create=True)
        except (OSError, sqlite3.Error, CorpusError) as exc:
            cause = exc.__cause__ or exc
            msg = f"cannot write the corpus index {db_path} ({cause}); its directory must be writable: choose another --db, or --data-dir for a corpus directory"
            raise CorpusError(msg) from exc
        try:
            await _index_files(index, todo, stats, extractor, passage_chars, extract_timeout_s)
            for url in gone:
                index.remove(url)
                stats.removed += 1
        finally:
            index.close()
    return stats


async def _index_files(
    index: CorpusIndex,
    todo: list[_Planned],
    stats: IndexStats,
    extractor: Extractor,
    passage_chars: int,
    extract_timeout_s: float,
) -> None:
    known = index.known()
    for item in todo:
        try:
            body = item.path.read_bytes()
        except OSError as exc:
            stats.failed.append((str(item.path), str(exc)))
            continue
        if item.kind == "text/html":
            try:
                page = await extractor.extract(
                    body,
                    url=item.url,
                    content_type=item.kind,
                    charset=None,
                    deadline=Deadline.after(extract_timeout_s),
                )
            except ExtractError as exc:
                stats.failed.append((str(item.path), str(exc)))
                continue
            text, title = page.text, page.title
        else:
            text = decode_text(body, "utf-8")
            title = _markdown_title(text) if item.kind == "text/markdown" else ""
        stats.passages += index.put_document(
            item.url,
            sha256=hashlib.sha256(body).hexdigest(),
            size=len(body),
            content_type=item.kind,
            extractor=item.extractor,
            title=title or item.path.stem,
            text=text,
            passage_chars=passage_chars,
        )
        if item.url in known:
            stats.updated += 1
        else:
            stats.added += 1


_PAGES_KEPT = 1024  # pages a corpus backend keeps in memory (the most used lately)


class CorpusBackend:
    """Searches one corpus index; also the page source for the documents it holds.

    ``source`` is what the index was made from (a corpus directory, or the index file
    itself), with its :func:`stat_fingerprint` taken *before* it was indexed, and
    ``reindex`` what brings the index up to date with a directory. :meth:`refresh` (before
    each check of a long-running worker, and before the Label Studio backend names its
    model version) follows an edit made since: it re-indexes what changed and reopens the
    index, so checks and :attr:`content_digest` follow the corpus's content.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        name: str | None = None,
        max_results: int = 5,
        source: str | Path | None = None,
        fingerprint: str | None = None,
        reindex: Callable[[], Awaitable[object]] | None = None,
    ) -> None:
        self.index = CorpusIndex(path)
        self.name = f"corpus:{name or self.index.path.stem}"
        self.local = True
        self.version = f"corpus-fts5 schema {SCHEMA_VERSION}"
        self.max_results = max_results
        self.source = Path(source) if source is not None else self.index.path
        self._fingerprint = fingerprint
        self._reindex = reindex
        self._refreshing: asyncio.Lock | None = None
        self._take(self.index)

    def _take(self, index: CorpusIndex) -> None:
        # Between refreshes the documents do not change: which URLs the backend owns is
        # answered from memory (never waiting on the connection's lock in the event loop),
        # and the pages most used lately are kept, as the same pages serve many checks.
        with index.lock:
            rows = index.db.execute("SELECT url FROM documents").fetchall()
        self._urls = frozenset(url for (url,) in rows)
        self._pages: OrderedDict[str, PageRecord] = OrderedDict()
        self.content_digest = index.content_digest()
        self.index = index

    async def refresh(self) -> bool:
        """Follow an edit of the corpus since it was indexed (see the class); True when the
        documents changed. A corpus that cannot be re-indexed now (every file gone, a
        failing disk) keeps what it had: :class:`~verifier.errors.CorpusError`, and the
        next refresh tries again."""
        if self._refreshing is None:
            self._refreshing = asyncio.Lock()
        async with self._refreshing:
            now = await asyncio.to_thread(stat_fingerprint, self.source)
            if now == self._fingerprint:
                return False
            if self._reindex is not None:
                await self._reindex()
            fresh = await asyncio.to_thread(CorpusIndex, self.index.path)
            self._fingerprint = now
            if await asyncio.to_thread(fresh.content_digest) == self.content_digest:
                fresh.close()
                return False
            # searches in flight keep the old connection until they end (then it is freed)
            await asyncio.to_thread(self._take, fresh)
            return True

    async def search(self, query: str, *, deadline: Deadline) -> list[SearchHit]:
        try:
            async with asyncio.timeout(deadline.remaining()):
                return await asyncio.to_thread(self.index.search, query, self.max_results)
        except sqlite3.Error as exc:
            msg = f"{self.name}: {exc}"
            raise SearchError(msg) from exc

    def owns(self, url: str) -> bool:
        return url in self._urls

    @property
    def documents(self) -> int:
        return len(self._urls)

    async def copy_candidates(
        self, text: str, *, limit: int, screen: Callable[[str], bool] | None = None
    ) -> list[SearchHit]:
        """Passages of this corpus that ``text`` may have copied (see ``CorpusIndex``)."""
        return await asyncio.to_thread(self.index.copy_candidates, text, limit, screen)

    async def page(self, url: str) -> PageRecord:
        record = self._pages.get(url)
        if record is None:
            record = await asyncio.to_thread(self.index.page, url)
            if record is None:
                raise KeyError(url)
        self._pages[url] = record
        self._pages.move_to_end(url)
        while len(self._pages) > _PAGES_KEPT:
            self._pages.popitem(last=False)
        return record

    async def aclose(self) -> None:
        self.index.close()


async def refresh_corpora(backends: Iterable[object]) -> None:
    """:meth:`CorpusBackend.refresh` each corpus among ``backends``; one that cannot be
    re-indexed now is logged and kept as it was."""
    for backend in backends:
        if isinstance(backend, CorpusBackend):
            try:
                await backend.refresh()
            except (CorpusError, OSError, sqlite3.Error) as exc:
                log.warning("%s: kept as indexed before: %s", backend.name, exc)
