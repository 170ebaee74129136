"""The evidence pipeline: ``check(request) -> Report``. It owns the deadlines.

For every check-worthy claim (at most ``limits.max_claims``, all at once by default:
``limits.max_concurrent_claims``) the pipeline runs the claim's queries on every backend in
two rounds (the first query; then, unless that settled the claim, the others together),
fetches and extracts the pages the hits point to as soon as each search answers, stores
every search result list and page as a content-addressed snapshot, and ranks the pages'
passages against the claim. Each claim has one deadline, ``min(limits.claim_budget_s,
report time left)``; when it passes, the claim's unfinished work is cancelled, the claim is
marked ``timed_out`` and keeps the evidence it had, and the rest of the report is
unaffected.

Searches and pages are shared within a report: two claims asking the same query of the
same backend, or wanting the same URL, cause one search and one fetch. What one web
backend is asked at once across the report is bounded (``limits.max_concurrent_searches``);
pages are bounded by the fetcher's connection limits.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import cache, partial
from importlib.metadata import version
from typing import Any, Literal, TypeVar
from uuid import uuid4

from verifier import __version__
from verifier.claims.extract import ClaimDraft, extract_claims
from verifier.config import Settings
from verifier.errors import UNAVAILABLE, WEB_OFF, ExtractError, FetchError, SearchError
from verifier.evidence.passages import PageHit, passage_spans, rank_passages
from verifier.evidence.resources import Citation, assess, find_citations
from verifier.evidence.sources import source_of
from verifier.grammar import Checked, run_grammar
from verifier.grammar.classify import grammar_of
from verifier.judges import aggregate, run_chain
from verifier.judges.registry import frames_from
from verifier.plagiarism.align import tokenize
from verifier.plagiarism.candidates import COPY_LOOKUP, CopyCandidates
from verifier.plagiarism.detect import (
    CopySearch,
    SourceText,
    detect,
    distinctive_phrases,
    worth_aligning,
)
from verifier.plagiarism.exemptions import Exemptions, find_exemptions
from verifier.reasons import plain
from verifier.report.completeness import (
    LATE_MARK,
    incomplete_lines,
    never_answered,
    unchecked_reason,
)
from verifier.report.truthfulness import truthfulness_of, verdict_of
from verifier.rubric.scorer import score as score_rubric
from verifier.runtime import Runtime
from verifier.schema import (
    BackendStatus,
    CheckRequest,
    Claim,
    Evidence,
    PageRecord,
    PageTrace,
    Report,
    RequestRecord,
    Resource,
    SearchHit,
    SearchRecord,
    SearchTrace,
    Verdict,
)
from verifier.search.base import RecordedSearch, SearchBackend
from verifier.search.chain import NOT_AGAIN, Answer, Failing, FallbackChain, answer_of
from verifier.snapshots.shared import page_expiry, search_key
from verifier.system.deadline import Deadline
from verifier.system.versions import library_versions
from verifier.text.parse import parse_many

__all__ = ["ProgressFn", "check"]

_T = TypeVar("_T")

_LATE = "{what} " + LATE_MARK + " (limits.claim_budget_s)"

log = logging.getLogger("verifier.pipeline")

# Events: "claim_queued" and "claim_done" (with the claim), "copy_check" (None).
ProgressFn = Callable[[str, Claim | None], None]


@dataclass(slots=True)
class _SearchOutcome:
    record: SearchRecord
    snapshot_id: str | None
    cache_age_s: float | None = None  # from the shared cache, this old (None: asked now)


@dataclass(slots=True)
class _PageOutcome:
    record: PageRecord | None
    snapshot_id: str | None
    spans: list[tuple[int, int]]
    error: str | None
    exc: Exception | None = None
    cache_age_s: float | None = None  # from the shared cache, this old (None: fetched now)


@dataclass(slots=True)
class _ClaimWork:
    searches: list[SearchTrace] = field(default_factory=list)
    pages: list[PageTrace] = field(default_factory=list)
    candidates: list[PageHit] = field(default_factory=list)  # pages found, not yet ranked


class _Run:
    """One report's shared state: search and page tasks, backend statistics."""

    def __init__(self, runtime: Runtime) -> None:
        self.rt = runtime
        self.settings = runtime.settings
        self.judges = runtime.chain
        self.searches: dict[tuple[str, str], asyncio.Task[_SearchOutcome]] = {}
        self.search_slots: dict[str, asyncio.Semaphore] = {}  # per web backend, report-wide
        self.pages: dict[str, asyncio.Task[_PageOutcome]] = {}
        self.snapshot_ids: set[str] = set()
        self.copy_text = ""  # the response, for local backends' copy-candidate lookups
        self.failing = Failing()  # backends that failed in this report: not asked again

    # --- shared work -------------------------------------------------------------------
    def search(
        self, backend: SearchBackend, query: str, deadline: Deadline
    ) -> asyncio.Task[_SearchOutcome]:
        key = (backend.name, query)
        if key not in self.searches:
            ask: Callable[[], Awaitable[Answer | list[SearchHit]]]
            ask = partial(answer_of, backend, query, deadline, self.failing)
            if not backend.local:
                ask = partial(self._bounded, backend.name, ask, deadline)
            self.searches[key] = asyncio.create_task(self._search(backend, query, ask))
        return self.searches[key]

    async def _bounded(
        self,
        name: str,
        ask: Callable[[], Awaitable[_T]],
        deadline: Deadline,
    ) -> _T:
        """``ask`` once one of the backend's report-wide slots is free
        (``limits.max_concurrent_searches``); waiting for it ends at ``deadline``
        (``TimeoutError``, recorded as no answer in the time left)."""
        slots = self.search_slots.get(name)
        if slots is None:
            slots = asyncio.Semaphore(self.settings.limits.max_concurrent_searches)
            self.search_slots[name] = slots
        async with asyncio.timeout(deadline.remaining()):
            await slots.acquire()
        try:
            return await ask()
        finally:
            slots.release()

    def copy_lookup(
        self, source: CopyCandidates, deadline: Deadline
    ) -> asyncio.Task[_SearchOutcome]:
        """The passages of ``source`` the response may copy, recorded as ``COPY_LOOKUP``."""
        key = (source.name, COPY_LOOKUP)
        if key not in self.searches:
            screen = partial(
                worth_aligning, tokenize(self.copy_text), settings=self.settings.plagiarism
            )

            async def ask() -> list[SearchHit]:
                async with asyncio.timeout(deadline.remaining()):
                    return await source.copy_candidates(
                        self.copy_text,
                        limit=self.settings.plagiarism.corpus_candidates,
                        screen=screen,
                    )

            self.searches[key] = asyncio.create_task(self._search(source, COPY_LOOKUP, ask))
        return self.searches[key]

    async def _search(
        self,
        backend: SearchBackend | CopyCandidates,
        query: str,
        ask: Callable[[], Awaitable[Answer | list[SearchHit]]],
    ) -> _SearchOutcome:
        sid: str | None
        age: float | None = None
        cache = self.rt.cache
        if isinstance(backend, RecordedSearch):
            record, sid = backend.recorded(query)  # a replay: the stored record as it was
        elif cache is not None and not backend.local and query != COPY_LOOKUP:
            max_age = self.settings.search.cache.search_max_age_s

            async def produce() -> tuple[SearchRecord, str | None, float | None]:
                record = await _record_search(backend, query, ask)
                sid = await asyncio.to_thread(self.rt.snapshots.put, "search", record.content())
                keep = record.error is None and max_age > 0
                return record, sid, time.time() + max_age if keep else None

            key = search_key(backend.name, query, _search_settings(backend))
            reused = await cache.shared("search", key, produce, self._stored_search)
            record, sid, age = reused.value, reused.snapshot_id, reused.age_s
        else:
            record = await _record_search(backend, query, ask)
            sid = await asyncio.to_thread(self.rt.snapshots.put, "search", record.content())
        if sid:
            self.snapshot_ids.add(sid)
        return _SearchOutcome(record, sid, age)

    def _stored_search(self, sid: str) -> SearchRecord:
        return SearchRecord.from_dict(self.rt.snapshots.get(sid)[1])

    def _stored_page(self, sid: str) -> PageRecord:
        return PageRecord.from_dict(self.rt.snapshots.get(sid)[1])

    def page(self, url: str, deadline: Deadline) -> asyncio.Task[_PageOutcome]:
        if url not in self.pages:
            self.pages[url] = asyncio.create_task(self._page(url, deadline))
        return self.pages[url]

    async def _page(self, url: str, deadline: Deadline) -> _PageOutcome:
        cache = self.rt.cache
        local = any(source.owns(url) for source in self.rt.page_sources)
        if cache is None or local:
            try:
                record = await self._page_record(url, deadline)
            except (FetchError, ExtractError, KeyError) as exc:
                return _PageOutcome(None, None, [], str(exc), exc)
            sid = await asyncio.to_thread(self.rt.snapshots.put, "page", record.content())
            age = None
        else:
            max_age = self.settings.search.cache.page_max_age_s

            async def produce() -> tuple[PageRecord | Exception, str | None, float | None]:
                try:
                    record = await self._page_record(url, deadline)
                except (FetchError, ExtractError, KeyError) as exc:
                    return exc, None, None
                sid = await asyncio.to_thread(self.rt.snapshots.put, "page", record.content())
                return record, sid, page_expiry(record.headers, time.time(), max_age)

            reused = await cache.shared("page", url, produce, self._stored_page)
            if isinstance(reused.value, Exception):
                return _PageOutcome(None, None, [], str(reused.value), reused.value)
            if reused.snapshot_id is None:  # a page is stored whenever it was read
                return _PageOutcome(None, None, [], "the page was not stored", None)
            record, sid, age = reused.value, reused.snapshot_id, reused.age_s
        self.snapshot_ids.add(sid)
        spans = passage_spans(record.text, self.settings.evidence.passage_chars)
        return _PageOutcome(record, sid, spans, None, cache_age_s=age)

    async def _page_record(self, url: str, deadline: Deadline) -> PageRecord:
        for source in self.rt.page_sources:
            if source.owns(url):
                return await source.page(url)
        fetched = await self.rt.fetcher.fetch(url, deadline)
        extracted = await self.rt.extractor.extract(
            fetched.body,
            url=fetched.final_url,
            content_type=fetched.content_type,
            charset=fetched.charset,
            deadline=deadline,
        )
        return PageRecord(
            url=url,
            final_url=fetched.final_url,
            status=fetched.status,
            fetched_at=fetched.fetched_at,
            content_type=fetched.content_type,
            headers=fetched.headers,
            body_sha256=hashlib.sha256(fetched.body).hexdigest(),
            body_bytes=len(fetched.body),
            text=extracted.text,
            title=extracted.title,
            metadata=extracted.metadata,
            extractor=_extractor_id(extracted.method),
        )

    # --- one claim ------------------------------------------------------------------------
    async def gather(
        self, queries: Sequence[str], deadline: Deadline, *, copy_lookup: bool = False
    ) -> tuple[_ClaimWork, bool]:
        """Run ``queries`` on every backend (and, with ``copy_lookup``, the copy-candidate
        lookup of every source that has one) and use their pages, until done or
        ``deadline``.

        Returns the work (searches, pages, unscored candidates, in a fixed order) and
        whether the deadline cut it short.
        """
        work = _ClaimWork()
        slots = asyncio.Semaphore(self.settings.limits.max_concurrent_queries)
        lookups = [
            (source, COPY_LOOKUP, partial(self.copy_lookup, source, deadline))
            for source in (self.rt.copy_sources if copy_lookup else [])
        ]
        asks: list[
            tuple[SearchBackend | CopyCandidates, str, Callable[[], asyncio.Task[_SearchOutcome]]]
        ] = [
            *lookups,
            *(
                (backend, query, partial(self.search, backend, query, deadline))
                for query in queries
                for backend in self.rt.backends
            ),
        ]
        tasks = [
            asyncio.create_task(self._query(backend, query, start, deadline, slots, work))
            for backend, query, start in asks
        ]
        queries = [COPY_LOOKUP, *queries] if lookups else list(queries)
        timed_out = False
        if tasks:
            try:
                done, pending = await asyncio.wait(tasks, timeout=deadline.remaining())
            except asyncio.CancelledError:  # the check stopped: so do its searches, read
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
                raise
            for task in pending:
                task.cancel()
            if pending:
                await asyncio.gather(*pending, return_exceptions=True)
                timed_out = True
            # a fault of our own (the store cannot write) must fail the check, not vanish;
            # every task's error is read, so none is reported later as never retrieved
            errors = [
                exc
                for task in done
                if not task.cancelled() and (exc := task.exception()) is not None
            ]
            if errors:
                raise errors[0]
        order = {query: i for i, query in enumerate(queries)}
        work.searches.sort(key=lambda t: (order[t.query], t.backend))
        pages: dict[str, PageTrace] = {}
        for trace in sorted(work.pages, key=_page_order):
            pages.setdefault(trace.url, trace)
        work.pages = list(pages.values())
        # candidates in a fixed order, so ties and duplicates resolve the same way every run
        work.candidates.sort(key=lambda c: (order[c.query], c.backend, c.url))
        return work, timed_out

    async def claim(self, claim: Claim, deadline: Deadline) -> Claim:
        """The claim searched and judged in two rounds: the first query alone, then, unless
        its verdict is confident (``judges.stop_confidence``), all the remaining queries at
        once (the aimed slot query among them), judged once more on everything.

        Candidates keep the order of the claim's queries (round one's, then round two's,
        each sorted by query), so a replay from snapshots ranks the same evidence."""
        started = time.monotonic()
        work = _ClaimWork()
        statement = claim.claim or claim.text
        evidence: list[Evidence] = []
        verdict: Verdict | None = None
        timed_out = False
        rounds = [claim.queries[:1], claim.queries[1:]]
        for queries in (r for r in rounds if r):
            part, late = await self.gather(queries, deadline)
            work.searches += part.searches
            work.pages += part.pages
            work.candidates += part.candidates
            evidence = rank_passages(
                statement, work.candidates, self.settings.evidence.passages_per_claim
            )
            verdict = await self.judge(statement, evidence, deadline)
            if late or deadline.expired:
                # a search that gave up at the deadline ends its round in time: the
                # deadline, not the race between the two, says there is no next round
                timed_out = True
                break
            if (
                verdict.label != "inconclusive"
                and verdict.confidence >= self.settings.judges.stop_confidence
            ):
                break
        pages: dict[str, PageTrace] = {}
        for trace in sorted(work.pages, key=_page_order):
            pages.setdefault(trace.url, trace)
        why = unchecked_reason(
            work.searches, list(pages.values()), evidence_found=bool(work.candidates)
        )
        if why is not None:
            verdict = Verdict.unchecked(why)
        elif verdict is None:
            verdict = await self.judge(statement, evidence, deadline)
        return replace(
            claim,
            searched=True,
            searches=work.searches,
            pages=list(pages.values()),
            evidence=evidence,
            timed_out=timed_out,
            verdict=verdict,
            elapsed_s=round(time.monotonic() - started, 4),
        )

    async def judge(self, statement: str, evidence: list[Evidence], deadline: Deadline) -> Verdict:
        """The verdict of the judge chain on a claim's ranked evidence. Judges that need
        time are skipped once the deadline has passed; the instant ones (frames,
        heuristic), which take milliseconds, always run."""
        texts = [ev.quote for ev in evidence]
        chain = self.judges
        if deadline.expired:
            chain = [j for j in chain if j.instant] or [frames_from(self.settings)]
            deadline = Deadline.after(0.5)
        judgements = await run_chain(
            chain, statement, texts, deadline, before=[self._before(ev) for ev in evidence]
        )
        settings = self.settings.judges
        decision = aggregate(
            judgements,
            settings.refuted_threshold,
            [source_of(ev, self.settings.search.corpus.trusted) for ev in evidence],
            settings.refute_sources,
        )
        return verdict_of(decision, evidence, [j.name for j in chain])

    def _before(self, evidence: Evidence, chars: int = 1200) -> str:
        """The page text just before a passage (whom its pronouns stand for), if the page
        is at hand."""
        task = self.pages.get(evidence.url)
        if task is None or not task.done() or task.cancelled() or task.exception() is not None:
            return ""
        record = task.result().record
        if record is None:
            return ""
        return record.text[max(0, evidence.start - chars) : evidence.start]

    async def resources(self, response: str, deadline: Deadline) -> list[Resource]:
        """Fetch every cited URL and DOI (at most ``resources.max_resources``) and assess it."""
        settings = self.settings.resources
        citations = find_citations(response, settings.max_resources)

        async def one(citation: Citation) -> Resource:
            if not self.rt.web:
                return assess(citation, error=FetchError(WEB_OFF))
            try:
                outcome = await asyncio.shield(self.page(citation.url, deadline))
            except asyncio.CancelledError:
                return assess(citation, error=FetchError("not fetched before the deadline"))
            if outcome.record is None:
                return assess(citation, error=outcome.exc or FetchError(outcome.error or ""))
            record = outcome.record
            return assess(
                citation,
                title=record.title,
                text=record.text,
                status=record.status,
                snapshot_id=outcome.snapshot_id,
                min_term_share=settings.min_term_share,
            )

        if not settings.check or not citations:
            return []
        tasks = [asyncio.create_task(one(c)) for c in citations]
        done, pending = await asyncio.wait(tasks, timeout=deadline.remaining())
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        out = []
        for citation, task in zip(citations, tasks, strict=True):
            if task in done:
                out.append(task.result())
            else:
                out.append(assess(citation, error=FetchError("not fetched before the deadline")))
        return out

    def stored_pages(self) -> list[SourceText]:
        """Every page this report fetched and stored, in URL order: the copy check's sources."""
        out = []
        for url, task in sorted(self.pages.items()):
            if task.done() and not task.cancelled() and task.exception() is None:
                outcome = task.result()
                if outcome.record is not None and outcome.snapshot_id is not None:
                    title = outcome.record.title
                    out.append(SourceText(url, title, outcome.snapshot_id, outcome.record.text))
        return out

    async def _query(
        self,
        backend: SearchBackend | CopyCandidates,
        query: str,
        start: Callable[[], asyncio.Task[_SearchOutcome]],
        deadline: Deadline,
        slots: asyncio.Semaphore,
        work: _ClaimWork,
    ) -> None:
        started = time.monotonic()
        try:
            async with slots:
                outcome = await asyncio.shield(start())
        except asyncio.CancelledError:
            took = round(time.monotonic() - started, 4)
            work.searches.append(
                SearchTrace(query, backend.name, None, 0, took, _LATE.format(what="no answer"))
            )
            raise
        rec = outcome.record
        work.searches.append(
            SearchTrace(
                query,
                backend.name,
                outcome.snapshot_id,
                len(rec.hits),
                rec.took_s,
                rec.error,
                rec.answered_by,
                outcome.cache_age_s,
            )
        )
        # Web hits: each query's best few (order-independent, so a replay picks the same
        # pages); corpus hits: all of them (they cost no fetch).
        keep = None if backend.local else self.settings.fetch.pages_per_query
        await asyncio.gather(
            *(
                self._use_page(hit, query, backend.name, outcome.snapshot_id, deadline, work)
                for hit in rec.hits[:keep]
            )
        )

    async def _use_page(
        self,
        hit: SearchHit,
        query: str,
        backend: str,
        search_sid: str | None,
        deadline: Deadline,
        work: _ClaimWork,
    ) -> None:
        try:
            outcome = await asyncio.shield(self.page(hit.url, deadline))
        except asyncio.CancelledError:
            work.pages.append(PageTrace(hit.url, None, _LATE.format(what="not fetched")))
            raise
        work.pages.append(
            PageTrace(hit.url, outcome.snapshot_id, outcome.error, outcome.cache_age_s)
        )
        if outcome.record is None or outcome.snapshot_id is None:
            return
        if outcome.spans:
            work.candidates.append(
                PageHit(
                    outcome.record.text,
                    tuple(outcome.spans),
                    hit.url,
                    outcome.record.title or hit.title,
                    outcome.snapshot_id,
                    query,
                    backend,
                    search_sid,
                    outcome.record.fetched_at,
                )
            )

    def backend_status(self) -> list[BackendStatus]:
        """How each backend fared: ``unavailable`` when it answered no search at all (it
        could not be reached, or never answered before a deadline), ``degraded`` when some
        searches failed. Call it once every search task has ended."""
        out = []
        for backend in self.rt.backends:
            tasks = [t for (name, _q), t in self.searches.items() if name == backend.name]
            errors = dead = 0
            last_error: str | None = None
            for task in tasks:
                if task.cancelled() or not task.done():
                    error: str | None = _LATE.format(what="no answer")
                elif task.exception() is not None:
                    error = f"{backend.name}: {plain(str(task.exception()))}"
                else:
                    error = task.result().record.error
                if error:
                    errors += 1
                    dead += never_answered(error)
                    if last_error is None or NOT_AGAIN not in error:
                        last_error = error  # (the failure itself, not its "not asked again")
            status: Literal["ok", "degraded", "unavailable", "unused"]
            if not tasks:
                status = "unused"
            elif dead == len(tasks):
                status = "unavailable"
            elif errors:
                status = "degraded"
            else:
                status = "ok"
            out.append(
                BackendStatus(
                    backend.name,
                    backend.version,
                    status,
                    len(tasks),
                    errors,
                    last_error,
                    backend.local,
                )
            )
        return out


async def _record_search(
    backend: SearchBackend | CopyCandidates,
    query: str,
    ask: Callable[[], Awaitable[Answer | list[SearchHit]]],
) -> SearchRecord:
    """One search or copy-candidate lookup (``ask``), its failure included, as the record
    that gets stored."""
    at = datetime.now(UTC).isoformat(timespec="milliseconds")
    started = time.monotonic()
    hits: list[SearchHit] = []
    error: str | None = None
    answered_by: str | None = None
    passed_over: tuple[str, ...] = ()
    try:
        answer = await ask()
        if isinstance(answer, Answer):
            hits, answered_by, passed_over = answer.hits, answer.answered_by, answer.passed_over
        else:
            hits, answered_by = answer, backend.name
    except SearchError as exc:
        error = str(exc)
    except TimeoutError:
        error = f"{backend.name}: no answer in the time left"
    except Exception as exc:
        log.debug("%s, query %r", backend.name, query, exc_info=exc)  # the full text
        error = f"{backend.name}: {plain(f'{type(exc).__name__}: {exc}')}"
    return SearchRecord(
        query=query,
        backend=backend.name,
        backend_version=backend.version,
        at=at,
        took_s=round(time.monotonic() - started, 4),
        hits=tuple(hits),
        error=error,
        answered_by=answered_by,
        passed_over=passed_over,
    )


_NOT_RESULTS = frozenset(
    {
        "timeout_s",
        "key_env",
        "requests_per_second",
        "monthly_quota",
        "concurrency",
        "min_interval_s",
        "jitter_s",
        "retries",
        "backoff_s",
        "unavailable_cooldown_s",
        "connect_timeout_s",
        "hold_s",
    }
)


def _search_settings(backend: SearchBackend | CopyCandidates) -> Any:
    """The settings that shape a backend's result list (a chain: its members'), for the
    search's cache key."""
    members = backend.members if isinstance(backend, FallbackChain) else [backend]
    out = []
    for member in members:
        settings = getattr(member, "settings", None)
        dumped = settings.model_dump(mode="json") if settings is not None else {}
        out.append([member.name, {k: v for k, v in dumped.items() if k not in _NOT_RESULTS}])
    return out


def _page_order(trace: PageTrace) -> tuple[str, bool, str]:
    """Pages by URL, a stored one before a failed one (so de-duplication keeps it)."""
    return (trace.url, trace.snapshot_id is None, trace.error or "")


@cache
def _extractor_id(method: str) -> str:
    """The extractor a page record names (cached: a version lookup reads package metadata,
    milliseconds of the event loop per page)."""
    if method == "plain":
        return "plain"
    return f"trafilatura {version('trafilatura')} ({method})"


def _claims(request: CheckRequest, settings: Settings) -> list[Claim]:
    drafts: list[ClaimDraft] = extract_claims(
        request.response,
        max_queries=settings.claims.max_queries,
        min_words=settings.claims.min_words,
        max_query_words=settings.claims.max_query_words,
        prompt=request.prompt,
    )
    return [
        Claim(
            id=f"c{d.index + 1}",
            kind=d.kind,
            start=d.start,
            end=d.end,
            text=d.text,
            check_worthy=d.check_worthy,
            reason=d.reason,
            claim=d.claim or d.text,
            rewrite=d.rewrite,
            queries=list(d.queries),
            spans=[[s, e] for s, e in d.spans],
        )
        for d in drafts
    ]


async def check(
    request: CheckRequest, runtime: Runtime, *, progress: ProgressFn | None = None
) -> Report:
    """Gather and store the evidence for every check-worthy claim of ``request``."""
    settings = runtime.settings
    request.check_size(settings.limits.max_response_chars, settings.limits.max_prompt_chars)
    started = time.monotonic()
    created_at = datetime.now(UTC).isoformat(timespec="seconds")
    report_deadline = Deadline.after(settings.limits.report_budget_s)
    run = _Run(runtime)
    # the text's own work in a thread, as the copy check's: on the largest response the
    # limits admit it takes seconds, and the event loop (a worker's lease renewals, its
    # job timeout, its other jobs) must not wait for it
    drafted = await asyncio.to_thread(_claims, request, settings)
    claims, to_search, warnings = await asyncio.to_thread(_to_search, drafted, runtime)
    # the judges read each statement's parse (its records): parsed here in one batch, about
    # half the CPU of one parse each, and cached for them
    if "frames" in settings.judges.chain:
        await asyncio.to_thread(parse_many, [c.claim or c.text for c in to_search])
    # what is not plagiarism (quotes, attributions, code...), found once for both copy steps
    exemptions = await asyncio.to_thread(
        find_exemptions, request.response, request.prompt, settings.plagiarism.boilerplate
    )
    phrases = await asyncio.to_thread(_copy_phrases, request, runtime, exemptions)
    gathered = await _gather(run, request, claims, to_search, phrases, report_deadline, progress)
    if progress is not None:
        progress("copy_check", None)
    plagiarism = await asyncio.to_thread(
        detect,
        request.response,
        request.prompt,
        run.stored_pages(),
        settings.plagiarism,
        phrase_queries=phrases,
        exemptions=exemptions,
        search=CopySearch(
            gathered.copy_work.searches, gathered.copy_work.pages, anywhere=bool(runtime.backends)
        ),
    )
    backends = run.backend_status()
    warnings += _backend_warnings(backends)
    truthfulness = truthfulness_of(
        gathered.claims,
        gathered.resources,
        judges=[j.name for j in run.judges],
        refuted_threshold=settings.judges.refuted_threshold,
        unavailable=[b.name for b in backends if b.status == "unavailable"],
    )
    grammar = await asyncio.to_thread(
        grammar_of, request.response, request.prompt, gathered.grammar, settings.grammar
    )
    incomplete = incomplete_lines(truthfulness, plagiarism, grammar)
    rubric = await asyncio.to_thread(
        score_rubric,
        request.response,
        request.prompt,
        truthfulness=truthfulness,
        plagiarism=plagiarism,
        flags=request.flags,
        settings=settings.rubric,
        grammar=grammar,
    )
    return Report(
        id=str(uuid4()),
        created_at=created_at,
        request=_request_record(request),
        status="incomplete" if incomplete else "complete",
        claims=gathered.claims,
        summary=_summary(gathered.claims),
        search=backends,
        warnings=warnings,
        truthfulness=truthfulness,
        plagiarism=plagiarism,
        provenance=_provenance(runtime, run),
        timing={
            "elapsed_s": round(time.monotonic() - started, 4),
            "claim_budget_s": settings.limits.claim_budget_s,
            "report_budget_s": settings.limits.report_budget_s,
        },
        rubric=rubric,
        incomplete=incomplete,
        grammar=grammar,
    )


def _to_search(claims: list[Claim], runtime: Runtime) -> tuple[list[Claim], list[Claim], list[str]]:
    """Which check-worthy claims are searched: at most ``limits.max_claims``, and none
    without a search backend. The claims (those left out saying why), the ones to search,
    and the report's warnings so far."""
    limit = runtime.settings.limits.max_claims
    claims = list(claims)
    to_search: list[Claim] = []
    over_limit = 0
    for n, claim in enumerate(claims):
        if not claim.check_worthy:
            continue
        why = None
        if not runtime.backends:
            why = "no search backend (web search off and no corpus with documents)"
        elif len(to_search) >= limit:
            why = f"over limits.max_claims ({limit})"
            over_limit += 1
        else:
            to_search.append(claim)
        if why:
            claims[n] = _not_searched(claim, why)
    warnings: list[str] = list(runtime.notes)
    if not runtime.backends and any(c.check_worthy for c in claims):
        warnings.append(
            "no search backend: web search is off and no corpus with documents was given, so no evidence was gathered"
        )
    if over_limit:
        warnings.append(
            f"{over_limit} check-worthy claims were not searched: over limits.max_claims ({limit})"
        )
    return claims, to_search, warnings


def _copy_phrases(request: CheckRequest, runtime: Runtime, exemptions: Exemptions) -> list[str]:
    """The response's most distinctive phrases, searched as exact phrases for copies."""
    if not runtime.backends:
        return []
    plagiarism = runtime.settings.plagiarism
    return distinctive_phrases(
        request.response,
        request.prompt,
        count=plagiarism.phrase_queries,
        words=plagiarism.phrase_words,
        seed=plagiarism.seed_words,
        exemptions=exemptions,
    )


@dataclass(slots=True)
class _Gathered:
    """What the concurrent first stage found: the claims with their evidence, the copy
    searches, the cited resources and the grammar checker's answer."""

    claims: list[Claim]
    copy_work: _ClaimWork
    resources: list[Resource]
    grammar: Checked | str | None


async def _gather(
    run: _Run,
    request: CheckRequest,
    claims: list[Claim],
    to_search: list[Claim],
    phrases: list[str],
    report_deadline: Deadline,
    progress: ProgressFn | None,
) -> _Gathered:
    """Every claim's evidence, the copy phrase searches, the cited resources and the
    grammar check, all at once within the report's deadline; what is still running at
    the end is cancelled."""
    settings = run.settings
    gate = asyncio.Semaphore(settings.limits.max_concurrent_claims)

    async def one(claim: Claim) -> Claim:
        async with gate:
            if report_deadline.expired:
                why = "the report's time budget (limits.report_budget_s) ran out before this claim started"
                done = replace(_not_searched(claim, why), timed_out=True)
            else:
                done = await run.claim(
                    claim, report_deadline.within(settings.limits.claim_budget_s)
                )
        if progress is not None:
            progress("claim_done", done)
        return done

    run.copy_text = request.response

    async def phrase_search() -> _ClaimWork:
        deadline = report_deadline.within(settings.limits.claim_budget_s)
        work, _late = await run.gather([f'"{p}"' for p in phrases], deadline, copy_lookup=True)
        return work

    if progress is not None:
        for claim in to_search:
            progress("claim_queued", claim)

    async def cited() -> list[Resource]:
        return await run.resources(
            request.response, report_deadline.within(settings.limits.claim_budget_s)
        )

    copy_work, resources, grammar_outcome, searched = await asyncio.gather(
        phrase_search(),
        cited(),
        run_grammar(run.rt.grammar, request.response, settings.grammar, report_deadline),
        asyncio.gather(*(one(c) for c in to_search)),
    )
    finished = {c.id: c for c in searched}
    leftovers = [t for t in (*run.searches.values(), *run.pages.values()) if not t.done()]
    for task in leftovers:
        task.cancel()
    await asyncio.gather(*leftovers, return_exceptions=True)
    return _Gathered([finished.get(c.id, c) for c in claims], copy_work, resources, grammar_outcome)


def _backend_warnings(backends: list[BackendStatus]) -> list[str]:
    """A warning for each backend that could not be reached or failed some searches."""
    warnings = []
    for status in backends:
        if status.status == "unavailable":
            why = (status.last_error or "").removeprefix(UNAVAILABLE).lstrip(": ")
            warnings.append(f"{UNAVAILABLE}: {status.name} ({why})")
        elif status.status == "degraded":
            warnings.append(
                f"{status.name}: {status.errors} of {status.queries} searches failed (last: {status.last_error})"
            )
    return warnings


def _request_record(request: CheckRequest) -> RequestRecord:
    return {
        "id": request.id,
        "prompt": request.prompt,
        "response": request.response,
        "response_sha256": hashlib.sha256(request.response.encode()).hexdigest(),
        "flags": dict(request.flags),
    }


def _provenance(runtime: Runtime, run: _Run) -> dict[str, Any]:
    """What a report was made with: versions, the settings, backends, models, snapshots."""
    settings = runtime.settings
    return {
        "verifier_version": __version__,
        "config_digest": settings.digest(),
        "config": settings.check_settings(),
        "libraries": library_versions(),
        "backends": {b.name: b.version for b in runtime.backends},
        "judges": {j.name: j.model_id for j in run.judges if j.model_id},
        "snapshot_ids": sorted(run.snapshot_ids),
    }


def _not_searched(claim: Claim, why: str) -> Claim:
    return replace(claim, not_searched_reason=why, verdict=Verdict.unchecked(why))


def _summary(claims: list[Claim]) -> dict[str, int]:
    searched = [c for c in claims if c.searched]
    return {
        "segments": len(claims),
        "check_worthy": sum(c.check_worthy for c in claims),
        "searched": len(searched),
        "not_searched": sum(1 for c in claims if c.check_worthy and not c.searched),
        "with_evidence": sum(1 for c in searched if c.evidence),
        "timed_out": sum(c.timed_out for c in claims),
        "searches": sum(len(c.searches) for c in claims),
        "search_errors": sum(1 for c in claims for s in c.searches if s.error),
        "pages": sum(1 for c in claims for p in c.pages if p.snapshot_id),
        "page_errors": sum(1 for c in claims for p in c.pages if p.error),
    }
