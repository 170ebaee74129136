"""The adapters a check runs with (:class:`Runtime`), and assembling the real ones from
settings (:func:`open_runtime`): the edge where configuration meets I/O."""

from __future__ import annotations

import asyncio
import hashlib
import tempfile
from collections.abc import AsyncIterator, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from verifier.config import Settings
from verifier.errors import ConfigError, CorpusError, EmptyCorpus, SearchError
from verifier.grammar import GrammarChecker
from verifier.grammar.languagetool import LanguageToolClient
from verifier.judges import Judge
from verifier.judges.registry import build_judges, frames_from
from verifier.plagiarism.candidates import CopyCandidates
from verifier.search.api import RateGate
from verifier.search.base import PageSource, SearchBackend
from verifier.search.brave import BraveBackend
from verifier.search.chain import FallbackChain
from verifier.search.corpus import (
    CORPUS_SUFFIXES,
    CorpusBackend,
    IndexStats,
    build_index,
    stat_fingerprint,
)
from verifier.search.ddgs import DdgsBackend
from verifier.search.ratelimit import SharedRate
from verifier.search.searxng import SearxngBackend
from verifier.search.serper import SerperBackend
from verifier.snapshots.base import SnapshotStore
from verifier.snapshots.cache import EvidenceCache
from verifier.snapshots.sqlite import SqliteSnapshotStore
from verifier.system.notice import notice
from verifier.system.postgres import database_of
from verifier.web.extract import Extractor, PageExtractor
from verifier.web.fetch import Fetcher, PageFetcher

__all__ = [
    "Runtime",
    "corpus_db_for",
    "open_runtime",
    "open_snapshots",
    "rate_limits",
    "resolve_corpus",
    "snapshots_path",
    "web_backends_of",
    "writable_data_dir",
]


@dataclass(slots=True)
class Runtime:
    """The adapters one or more checks run with. Owned by the caller, who closes it."""

    settings: Settings
    backends: Sequence[SearchBackend]
    fetcher: PageFetcher
    extractor: PageExtractor
    snapshots: SnapshotStore
    sources: Sequence[PageSource] = ()  # page sources besides the backends (replay)
    judges: Sequence[Judge] = ()  # the judge chain; empty means the configured heuristic
    web: bool = True  # whether cited resources may be fetched from the web
    grammar: GrammarChecker | None = None  # the grammar checker ([grammar]); None: built-in
    notes: Sequence[str] = ()  # what the runtime left out (an empty corpus), for every report
    cache: EvidenceCache | None = None  # the evidence cache shared through the store

    @property
    def page_sources(self) -> list[PageSource]:
        return [*self.sources, *(b for b in self.backends if isinstance(b, PageSource))]

    @property
    def copy_sources(self) -> list[CopyCandidates]:
        """The sources that can look up copy candidates without a query (corpora)."""
        return [b for b in self.backends if b.local and isinstance(b, CopyCandidates)]

    @property
    def chain(self) -> list[Judge]:
        return list(self.judges) or [frames_from(self.settings)]


def writable_data_dir(settings: Settings) -> Path:
    """The data dir, created if needed; ConfigError (one line, the real cause) when it
    cannot be written, which every check needs (snapshots, corpus indexes)."""
    data_dir = settings.data_dir()
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=data_dir):
            pass
    except OSError as exc:
        msg = f"cannot write to the data dir {data_dir} ({exc.strerror or exc}); make it writable or choose another with --data-dir or VERIFIER_DATA_DIR"
        raise ConfigError(msg) from exc
    return data_dir


def corpus_files(directory: Path) -> int:
    """How many corpus files (.txt, .md, .html, outside hidden folders) ``directory``
    holds: the documents its index will have."""
    return sum(
        1
        for p in directory.rglob("*")
        if p.suffix.lower() in CORPUS_SUFFIXES
        and not any(part.startswith(".") for part in p.relative_to(directory).parts)
        and p.is_file()
    )


def corpus_db_for(directory: Path, data_dir: Path) -> Path:
    """Where an on-the-fly index of ``directory`` lives under the data dir."""
    resolved = directory.resolve()
    digest = hashlib.sha256(str(resolved).encode()).hexdigest()[:12]
    return data_dir / "corpora" / f"{resolved.name or 'root'}-{digest}.db"


async def resolve_corpus(
    path: str | Path, settings: Settings, extractor: Extractor
) -> tuple[Path, IndexStats | None]:
    """An index path for ``--corpus PATH``: an index file as is, a directory indexed first
    (:class:`~verifier.errors.EmptyCorpus` when it holds no corpus file)."""
    path = Path(path)
    if path.is_dir():
        db = corpus_db_for(path, settings.data_dir())
        if not db.exists():  # its first check: extracting and indexing every document
            notice(f"indexing corpus {path} ({corpus_files(path)} documents) ...")
        stats = await build_index(
            path, db, extractor=extractor, passage_chars=settings.evidence.passage_chars
        )
        return db, stats
    if path.is_file():
        return path, None
    msg = f"corpus path {path} does not exist; pass a directory of .txt/.md/.html files or an index built by `verifier index`"
    raise CorpusError(msg)


def corpus_names(paths: Sequence[str | Path]) -> dict[Path, str]:
    """Each corpus keyed by its full (resolved) path, with the name its backend reports:
    the folder or file name when no other corpus has it, else the full path (two
    ``docs`` folders are two corpora, each searched)."""
    resolved = {Path(p).resolve(): Path(p) for p in paths}
    short = {r: p.name or str(r) for r, p in resolved.items()}
    counts: dict[str, int] = {}
    for name in short.values():
        counts[name] = counts.get(name, 0) + 1
    return {r: short[r] if counts[short[r]] == 1 else str(r) for r in resolved}


async def _open_corpus(
    path: str | Path, settings: Settings, extractor: Extractor, name: str
) -> CorpusBackend:
    """The search backend of one corpus; :class:`~verifier.errors.EmptyCorpus` (one line:
    which corpus, why, what to give instead) when it holds no readable document."""
    why = ""
    # taken before indexing: an edit made while indexing is followed by the next refresh
    fingerprint = await asyncio.to_thread(stat_fingerprint, path)
    try:
        db, stats = await resolve_corpus(path, settings, extractor)
    except EmptyCorpus as exc:
        why = str(exc).removeprefix(f"corpus directory {path} holds ") + " in it"
    else:
        corpus = CorpusBackend(
            db,
            name=name,
            max_results=settings.search.corpus.max_results,
            source=path,
            fingerprint=fingerprint,
            reindex=partial(resolve_corpus, path, settings, extractor)
            if stats is not None
            else None,
        )
        if corpus.documents:
            return corpus
        await corpus.aclose()
        if stats is not None and stats.failed:
            failed, error = stats.failed[0]
            why = f"none of its {len(stats.failed)} file(s) could be read, e.g. {failed}: {error}"
        else:
            why = "the index holds no document"
    msg = f"corpus {path} holds no readable document ({why}); give a directory of .txt, .md or .html files, or an index built from one by `verifier index`"
    raise EmptyCorpus(msg)


@asynccontextmanager
async def open_runtime(
    settings: Settings,
    *,
    corpora: Sequence[str | Path] = (),
    web: bool = True,
) -> AsyncIterator[Runtime]:
    """The runtime for ``check``: web backends (unless ``web`` is false), corpora, fetcher,
    extraction pool, the snapshot store under the data dir and the grammar checker
    (``[grammar]``; a LanguageTool server is asked even with ``web`` off: it is the
    user's own, like a corpus).

    A corpus with no readable document is an error when it is named in ``corpora`` (the
    command line); from ``search.corpus.paths`` it is left out, with a warning in every
    report (and, when it was the only source, the report is incomplete: nothing could be
    searched)."""
    writable_data_dir(settings)
    async with AsyncExitStack() as stack:
        extractor = Extractor(settings.extract)
        stack.push_async_callback(extractor.aclose)
        backends: list[SearchBackend] = []
        notes: list[str] = []
        # keyed by full path: the same corpus named twice is opened once
        named: dict[Path, tuple[str | Path, bool]] = {}
        for path, on_command_line in [
            *((p, False) for p in settings.search.corpus.paths),
            *((p, True) for p in corpora),
        ]:
            key = Path(path).resolve()
            named[key] = (path, on_command_line or named.get(key, (path, False))[1])
        names = corpus_names([p for p, _ in named.values()])
        for key, (path, on_command_line) in named.items():
            try:
                corpus = await _open_corpus(path, settings, extractor, names[key])
            except EmptyCorpus as exc:
                if on_command_line:
                    raise
                notes.append(f"{exc}; left out (search.corpus.paths)")
                continue
            stack.push_async_callback(corpus.aclose)
            backends.append(corpus)
        store = open_snapshots(settings)
        stack.callback(store.close)
        if web:
            web_backends = web_backends_of(settings, SharedRate(store, rate_limits(settings)))
            for backend in web_backends:
                stack.push_async_callback(backend.aclose)
            if len(web_backends) > 1:
                backends.append(FallbackChain(web_backends))
            else:
                backends.extend(web_backends)
        fetcher = Fetcher(settings.fetch)
        stack.push_async_callback(fetcher.aclose)
        judges = build_judges(settings)
        for judge in judges:
            if hasattr(judge, "aclose"):
                stack.push_async_callback(judge.aclose)
        grammar = None
        if settings.grammar.backend == "languagetool":
            grammar = LanguageToolClient(settings.grammar)
            stack.push_async_callback(grammar.aclose)
        yield Runtime(
            settings,
            backends,
            fetcher,
            extractor,
            store,
            judges=judges,
            web=web,
            grammar=grammar,
            notes=notes,
            cache=EvidenceCache(store) if settings.search.cache.enabled else None,
        )


def rate_limits(settings: Settings) -> dict[str, tuple[float, int]]:
    """The search APIs' rates and monthly quotas every worker sharing the store keeps to."""
    search = settings.search
    return {
        "brave": (search.brave.requests_per_second, search.brave.monthly_quota),
        "serper": (search.serper.requests_per_second, search.serper.monthly_quota),
    }


def web_backends_of(settings: Settings, gate: RateGate | None = None) -> list[SearchBackend]:
    """The web backends of ``search.backends``, in order (each once); ConfigError (one line)
    for one that cannot be used as configured (no SearXNG URL, no API key)."""
    out: list[SearchBackend] = []
    search = settings.search
    for name in dict.fromkeys(search.backends):
        backend: SearchBackend
        try:
            if name == "ddgs":
                backend = DdgsBackend(search.ddgs)
            elif name == "searxng":
                backend = SearxngBackend(search.searxng)
            elif name == "brave":
                backend = BraveBackend(search.brave, gate=gate)
            else:
                backend = SerperBackend(search.serper, gate=gate)
        except SearchError as exc:
            raise ConfigError(str(exc)) from exc
        out.append(backend)
    for backend in out if len(out) > 1 else ():  # the overflow goes to the next one
        if isinstance(backend, BraveBackend | SerperBackend):
            backend.max_wait_s = backend.settings.max_wait_s
    return out


def open_snapshots(settings: Settings) -> SnapshotStore:
    """The snapshot store, which holds the search rate and the evidence cache every worker
    sharing it keeps to: where the job queue lives. In PostgreSQL when ``service.database``
    names one (any host can then replay any report), else ``snapshots.db`` beside the SQLite
    job store (:func:`snapshots_path`)."""
    database = database_of(settings)
    if database.postgres:
        from verifier.snapshots.postgres import PgSnapshotStore

        return PgSnapshotStore(database.target, pool_size=settings.service.pool_size)
    return SqliteSnapshotStore(snapshots_path(settings))


def snapshots_path(settings: Settings) -> Path:
    """Where a SQLite snapshot store lives: ``snapshots.db`` in the folder of the SQLite job
    store, so workers that share a job store (``service.database = "sqlite:///..."``) share
    its search rate, evidence cache and snapshots whatever their data dirs; by default
    (``jobs.db`` under the data dir) that is ``snapshots.db`` under the data dir."""
    return Path(database_of(settings).target).parent / "snapshots.db"
