"""Rebuilding a report's evidence from its stored snapshots, with no network.

:func:`replay_runtime` returns a :class:`~verifier.runtime.Runtime` in which every search
backend of the original report answers each query with its stored search snapshot, and
every page comes from its stored page snapshot. Running :func:`~verifier.pipeline.check`
on the original request with it rebuilds the same claims, searches, pages and ranked
evidence (same quotes, URLs, offsets and snapshot ids), whatever the web says today.

The grammar check is replayed from the report itself: the checker's matches are stored
there in full (counted or not), so they are classified again under the settings given; a
checker that could not check the text fails again with the same reason.

What the original run never finished has no snapshot and fails the way it failed then: a
search with its recorded error, a page with its recorded error. Replays answer at once,
so a claim that timed out originally is not marked ``timed_out`` in the replay; the
evidence it had is rebuilt all the same.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from verifier.config import Settings
from verifier.errors import (
    UNAVAILABLE,
    WEB_OFF,
    FetchError,
    GrammarError,
    HTTPStatusError,
    SearchError,
    SearchUnavailable,
)
from verifier.grammar.base import Checked, LtMatch
from verifier.plagiarism.candidates import COPY_LOOKUP
from verifier.runtime import Runtime
from verifier.schema import Grammar, PageRecord, Report, SearchHit, SearchRecord
from verifier.snapshots.base import SnapshotStore
from verifier.system.deadline import Deadline
from verifier.web.extract import Extracted
from verifier.web.fetch import FetchedPage

__all__ = ["RecordedGrammar", "SnapshotPages", "SnapshotSearch", "replay_runtime"]


@dataclass
class RecordedGrammar:
    """Answers with the grammar check a report recorded (see the module doc)."""

    recorded: Grammar
    name: str = "languagetool"
    where: str = "(recorded in the report)"

    async def check(self, text: str, *, deadline: Deadline) -> Checked:
        g = self.recorded
        if g.status == "not_checked":
            raise GrammarError(g.note)
        matches = tuple(
            LtMatch(
                m.start,
                m.end,
                m.rule_id,
                m.category,
                m.issue_type,
                m.message,
                tuple(m.replacements),
                m.short_message,
                m.category_name,
                m.rule_description,
                m.sentence,
            )
            for m in g.matches
        )
        note = g.note
        dropped = (
            (note.partition("could not be placed in the text: ")[2],) if "placed" in note else ()
        )
        return Checked(
            "",
            "",
            g.language,
            "",
            self.where,
            matches,
            incomplete="incompleteResults" in note,
            dropped=dropped,
            label=g.checker,
        )

    async def aclose(self) -> None:
        pass


@dataclass
class SnapshotSearch:
    """Replays stored search records, each with its snapshot id (see ``RecordedSearch``)."""

    name: str
    version: str
    local: bool
    records: dict[str, tuple[SearchRecord, str | None]] = field(default_factory=dict)

    def recorded(self, query: str) -> tuple[SearchRecord, str | None]:
        if query in self.records:
            return self.records[query]
        error = f"{self.name}: no stored search for {query!r}"
        return SearchRecord(query, self.name, self.version, "", 0.0, (), error), None

    async def copy_candidates(
        self, text: str, *, limit: int, screen: Callable[[str], bool] | None = None
    ) -> list[SearchHit]:
        """The stored candidates, as they were (screened when they were found)."""
        return await self.search(COPY_LOOKUP, deadline=Deadline.after(0))

    async def search(self, query: str, *, deadline: Deadline) -> list[SearchHit]:
        record, _sid = self.recorded(query)
        if record.error:
            raise (SearchUnavailable if record.error.startswith(UNAVAILABLE) else SearchError)(
                record.error
            )
        return list(record.hits)

    async def aclose(self) -> None:
        pass


@dataclass
class SnapshotPages:
    """The page source for stored pages, and the fetcher that fails the rest as recorded."""

    pages: dict[str, PageRecord] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    statuses: dict[str, int] = field(default_factory=dict)  # recorded HTTP errors

    def owns(self, url: str) -> bool:
        return url in self.pages

    async def page(self, url: str) -> PageRecord:
        return self.pages[url]

    async def fetch(self, url: str, deadline: Deadline) -> FetchedPage:
        msg = self.errors.get(url) or f"{url}: not in the stored evidence"
        if url in self.statuses:
            raise HTTPStatusError(msg, self.statuses[url])
        raise FetchError(msg)

    async def extract(
        self, body: bytes, *, url: str, content_type: str, charset: str | None, deadline: Deadline
    ) -> Extracted:
        msg = f"{url}: replays never extract"
        raise AssertionError(msg)

    async def aclose(self) -> None:
        pass


def replay_runtime(report: Report, store: SnapshotStore, settings: Settings) -> Runtime:
    """A runtime that answers from ``report``'s snapshots in ``store`` (see the module doc).

    ``settings`` should be the original run's (compare ``settings.digest()`` with
    ``report.provenance["config_digest"]``); other settings replay what they can.
    """
    backends = {
        status.name: SnapshotSearch(status.name, status.version, status.local)
        for status in report.search
    }
    pages = SnapshotPages()
    work = [(c.searches, c.pages) for c in report.claims]
    work.append((report.plagiarism.searches, report.plagiarism.pages))
    for searches, page_traces in work:
        for trace in searches:
            backend = backends.setdefault(
                trace.backend, SnapshotSearch(trace.backend, "unknown", False)
            )
            if trace.snapshot_id is None:  # never finished: replay the error it ended with
                record = SearchRecord(
                    trace.query, trace.backend, backend.version, "", trace.took_s, (), trace.error
                )
                backend.records.setdefault(trace.query, (record, None))
            else:
                content = store.get(trace.snapshot_id)[1]
                backend.records[trace.query] = (SearchRecord.from_dict(content), trace.snapshot_id)
        for page in page_traces:
            if page.snapshot_id is None:
                pages.errors.setdefault(page.url, page.error or "")
            elif page.url not in pages.pages:
                pages.pages[page.url] = PageRecord.from_dict(store.get(page.snapshot_id)[1])
    for resource in report.truthfulness.resources:
        if resource.snapshot_id is not None:
            if resource.url not in pages.pages:
                content = store.get(resource.snapshot_id)[1]
                pages.pages[resource.url] = PageRecord.from_dict(content)
        elif resource.http_status is not None:
            pages.errors.setdefault(resource.url, resource.reason)
            pages.statuses.setdefault(resource.url, resource.http_status)
        else:
            pages.errors.setdefault(
                resource.url, resource.reason.removeprefix("could not be checked: ")
            )
    web = not any(WEB_OFF in r.reason for r in report.truthfulness.resources)
    grammar = RecordedGrammar(report.grammar) if report.grammar.backend != "none" else None
    return Runtime(
        settings,
        list(backends.values()),
        fetcher=pages,
        extractor=pages,
        snapshots=store,
        sources=[pages],
        web=web,
        grammar=grammar,
    )
