from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from verifier import pipeline
from verifier.claims.extract import extract_claims
from verifier.config import Settings
from verifier.errors import InputError
from verifier.pipeline import check
from verifier.plagiarism import detect as detect_module
from verifier.plagiarism.exemptions import Exemptions, find_exemptions
from verifier.runtime import Runtime
from verifier.schema import CheckRequest, Report, SearchHit
from verifier.search.corpus import CorpusBackend, build_index
from verifier.snapshots import MemorySnapshotStore
from verifier.system.deadline import Deadline
from verifier.testing import MemoryFetcher, StaticSearch
from verifier.text.spans import word_range
from verifier.web.extract import Extractor

EIFFEL = (
    b"<html><head><title>Eiffel Tower</title></head><body><article><p>The Eiffel Tower was completed "
    b"in 1889 as the entrance to the World's Fair in Paris. It is 330 metres tall.</p>"
    b"<p>Gustave Eiffel's company designed and built the tower.</p></article></body></html>"
)
LOUVRE = (
    b"The Louvre in Paris opened as a museum in 1793. It is the most visited museum in the world."
)
RESPONSE = (
    "Sure, here you go.\n\nThe Eiffel Tower was completed in 1889 in Paris. "
    "The Louvre opened as a museum in 1793. I think both are lovely."
)
HITS = [
    SearchHit("https://example.com/eiffel", "Eiffel", "", 1),
    SearchHit("https://example.com/louvre", "Louvre", "", 2),
    SearchHit("https://example.com/missing", "Gone", "", 3),
]


def runtime(
    settings: Settings, extractor: Extractor, backends: list, fetcher: MemoryFetcher | None = None
) -> Runtime:
    fetcher = fetcher or MemoryFetcher(
        {
            "https://example.com/eiffel": ("text/html", EIFFEL),
            "https://example.com/louvre": ("text/plain", LOUVRE),
        }
    )
    return Runtime(settings, backends, fetcher, extractor, MemorySnapshotStore())


async def test_claims_get_queries_and_ranked_evidence(
    settings: Settings, extractor: Extractor
) -> None:
    settings = settings.with_overrides({"fetch.pages_per_query": 3})
    search = StaticSearch(default=HITS)
    rt = runtime(settings, extractor, [search])
    report = await check(CheckRequest(RESPONSE, "Tell me about Paris."), rt)
    worthy = [c for c in report.claims if c.check_worthy]
    assert [c.text for c in worthy] == [
        "The Eiffel Tower was completed in 1889 in Paris.",
        "The Louvre opened as a museum in 1793.",
    ]
    eiffel, louvre = worthy
    assert eiffel.evidence[0].url == "https://example.com/eiffel"
    assert "completed in 1889" in eiffel.evidence[0].quote
    assert louvre.evidence[0].url == "https://example.com/louvre"
    for claim in worthy:
        assert claim.searched
        assert not claim.timed_out
        assert 1 <= len(claim.searches) <= len(claim.queries)
        assert claim.verdict is not None
        for ev in claim.evidence:
            kind, page = rt.snapshots.get(ev.snapshot_id)
            assert kind == "page"
            assert page["text"][ev.start : ev.end] == ev.quote
            assert rt.snapshots.get(ev.search_snapshot_id)[0] == "search"
    for claim in report.claims:
        assert report.request["response"][claim.start : claim.end] == claim.text
    assert eiffel.verdict is not None
    assert eiffel.verdict.label == "supported"
    assert len(eiffel.searches) == 1  # a confident verdict after the first query ends the loop
    assert report.truthfulness.supported >= 1
    assert report.plagiarism.status == "checked"
    assert report.plagiarism.sources_checked == 2  # the two pages that were fetched
    assert report.summary["check_worthy"] == 2
    assert report.search[0].status == "ok"
    assert set(report.provenance["snapshot_ids"]) >= {
        e.snapshot_id for c in worthy for e in c.evidence
    }
    # each URL is fetched once per report, however many claims want it
    assert sorted(rt.fetcher.calls) == sorted(h.url for h in HITS)


async def test_report_round_trips_through_json(settings: Settings, extractor: Extractor) -> None:
    report = await check(
        CheckRequest(RESPONSE), runtime(settings, extractor, [StaticSearch(default=HITS)])
    )
    data = json.loads(json.dumps(report.to_dict()))
    assert data["schema"] == "verifier.report/4"
    assert Report.from_dict(data).to_dict() == report.to_dict()


async def test_a_hanging_backend_ends_each_claim_at_its_budget(
    settings: Settings, extractor: Extractor
) -> None:
    # a budget the working backend's evidence fits in on a loaded machine; the hanging
    # backend never answers, so each claim ends at it (the test's own limit is the bound)
    settings = settings.with_overrides({"limits.claim_budget_s": 10.0})
    hanging = StaticSearch(hang=True, name="hangs")
    working = StaticSearch(default=HITS, name="works")
    report = await check(CheckRequest(RESPONSE), runtime(settings, extractor, [hanging, working]))
    worthy = [c for c in report.claims if c.check_worthy]
    for claim in worthy:
        assert claim.timed_out
        assert claim.evidence, "evidence from the working backend is kept"
        assert claim.verdict is not None
        assert claim.verdict.label != "unchecked"
    statuses = {b.name: b.status for b in report.search}
    assert statuses == {"hangs": "unavailable", "works": "ok"}
    assert report.status == "incomplete"  # checked without a backend that never answered
    assert report.truthfulness.status == "partial"


async def test_each_query_fetches_its_best_hits(settings: Settings, extractor: Extractor) -> None:
    settings = settings.with_overrides({"fetch.pages_per_query": 1})
    search = StaticSearch(default=HITS)
    rt = runtime(settings, extractor, [search])
    report = await check(CheckRequest("The Louvre opened as a museum in 1793."), rt)
    assert [p.url for p in report.claims[0].pages] == ["https://example.com/eiffel"]
    assert rt.fetcher.calls == ["https://example.com/eiffel"]


async def test_slow_pages_do_not_hold_the_claim_past_its_budget(
    settings: Settings, extractor: Extractor
) -> None:
    settings = settings.with_overrides({"limits.claim_budget_s": 0.6})
    # the pages take an hour: the check ending at all (within the test's limit) is the
    # budget's doing
    fetcher = MemoryFetcher({"https://example.com/eiffel": ("text/html", EIFFEL)}, latency_s=3600)
    report = await check(
        CheckRequest(RESPONSE), runtime(settings, extractor, [StaticSearch(default=HITS)], fetcher)
    )
    for claim in (c for c in report.claims if c.check_worthy):
        assert claim.timed_out
        assert not any(p.snapshot_id for p in claim.pages)  # no page arrived


async def test_no_backend_is_said_plainly(settings: Settings, extractor: Extractor) -> None:
    report = await check(CheckRequest(RESPONSE), runtime(settings, extractor, []))
    assert any("no search backend" in w for w in report.warnings)
    assert all(c.not_searched_reason for c in report.claims if c.check_worthy)
    assert report.summary["searched"] == 0


async def test_empty_response_is_a_valid_report(settings: Settings, extractor: Extractor) -> None:
    for response in ("", "   \n\t "):
        report = await check(CheckRequest(response), runtime(settings, extractor, [StaticSearch()]))
        assert report.claims == []
        assert report.status == "complete"


async def test_a_large_response_is_bounded(settings: Settings, extractor: Extractor) -> None:
    sentence = "The Eiffel Tower was completed in 1889 in Paris. "
    response = sentence * (1_000_000 // len(sentence))
    search = StaticSearch()
    # bounded by the limits below (how long it takes is bench/'s to measure)
    report = await check(CheckRequest(response), runtime(settings, extractor, [search]))
    assert report.summary["searched"] == settings.limits.max_claims
    assert (
        report.summary["not_searched"]
        == report.summary["check_worthy"] - settings.limits.max_claims
    )
    assert any("over limits.max_claims" in w for w in report.warnings)
    assert len(set(search.calls)) <= settings.claims.max_queries  # identical claims share searches


async def test_response_over_the_limit_is_refused(settings: Settings, extractor: Extractor) -> None:
    settings = settings.with_overrides({"limits.max_response_chars": 10})
    with pytest.raises(InputError, match="max_response_chars"):
        await check(CheckRequest("x" * 11), runtime(settings, extractor, []))


async def test_unavailable_search_is_reported(settings: Settings, extractor: Extractor) -> None:
    from verifier.errors import SearchUnavailable

    class Offline(StaticSearch):
        async def search(self, query, *, deadline):
            raise SearchUnavailable("search unavailable: no network")

    report = await check(
        CheckRequest(RESPONSE), runtime(settings, extractor, [Offline(name="web")])
    )
    assert report.search[0].status == "unavailable"
    assert any(w.startswith("search unavailable: web") for w in report.warnings)
    assert all(s.error for c in report.claims for s in c.searches)


async def test_corpus_pages_come_from_the_index(
    settings: Settings, extractor: Extractor, tmp_path: Path
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "eiffel.html").write_bytes(EIFFEL)
    await build_index(docs, tmp_path / "i.db", extractor=extractor)
    corpus = CorpusBackend(tmp_path / "i.db", name="docs")
    fetcher = MemoryFetcher()
    report = await check(CheckRequest(RESPONSE), runtime(settings, extractor, [corpus], fetcher))
    eiffel = next(c for c in report.claims if "Eiffel" in c.text)
    assert eiffel.evidence[0].url.startswith("file://")
    assert eiffel.evidence[0].backend == "corpus:docs"
    assert fetcher.calls == []
    await corpus.aclose()


async def test_progress_is_reported(settings: Settings, extractor: Extractor) -> None:
    events: list[tuple[str, str]] = []
    await check(
        CheckRequest(RESPONSE),
        runtime(settings, extractor, [StaticSearch(default=HITS)]),
        progress=lambda event, claim: events.append((event, claim.id if claim else "")),
    )
    assert [e for e, _ in events].count("claim_queued") == 2
    assert [e for e, _ in events].count("claim_done") == 2
    assert events[-1] == ("copy_check", "")  # after the claims: the copy check, then scoring


async def test_unfinished_work_is_listed_at_the_deadline(
    settings: Settings, extractor: Extractor
) -> None:
    settings = settings.with_overrides({"limits.claim_budget_s": 0.5})
    report = await check(
        CheckRequest(RESPONSE), runtime(settings, extractor, [StaticSearch(hang=True)])
    )
    claim = next(c for c in report.claims if c.check_worthy)
    assert len(claim.searches) == 1  # the first query never answered: no time for the next
    assert all("no answer" in (s.error or "") for s in claim.searches)
    assert claim.timed_out
    # no search answered before the deadline: the claim was never checked (no benefit of
    # the doubt), and the report says it is incomplete
    assert claim.verdict is not None
    assert claim.verdict.label == "unchecked"
    assert "ran out before any search answered" in claim.verdict.reason
    assert report.truthfulness.unchecked_claims[0].claim_id == claim.id
    assert not report.truthfulness.benefit_of_the_doubt
    assert report.status == "incomplete"
    slow = MemoryFetcher({}, latency_s=30)
    report = await check(
        CheckRequest(RESPONSE), runtime(settings, extractor, [StaticSearch(default=HITS)], slow)
    )
    claim = next(c for c in report.claims if c.check_worthy)
    assert claim.pages
    assert all(p.error and not p.snapshot_id for p in claim.pages)


async def test_report_budget_leaves_later_claims_unsearched(
    settings: Settings, extractor: Extractor
) -> None:
    settings = settings.with_overrides(
        {"limits.report_budget_s": 0.5, "limits.max_concurrent_claims": 1}
    )
    report = await check(
        CheckRequest(RESPONSE), runtime(settings, extractor, [StaticSearch(hang=True)])
    )
    first, second = (c for c in report.claims if c.check_worthy)
    assert first.searched
    assert first.timed_out
    assert not second.searched
    assert second.not_searched_reason == (
        "the report's time budget (limits.report_budget_s) ran out before this claim started"
    )
    assert second.verdict is not None
    assert second.verdict.label == "unchecked"
    assert report.status == "incomplete"
    assert any("unchecked" in line for line in report.incomplete)


async def test_copied_text_is_found_in_fetched_pages(
    settings: Settings, extractor: Extractor
) -> None:
    copied = "The Eiffel Tower was completed in 1889 as the entrance to the World's Fair in Paris. It is 330 metres tall."
    search = StaticSearch(default=HITS)
    rt = runtime(settings, extractor, [search])
    report = await check(CheckRequest(f"Sure. {copied} Many people visit it."), rt)
    p = report.plagiarism
    assert p.verdict == "plagiarized"
    assert p.sources[0].url == "https://example.com/eiffel"
    match = p.matches[0]
    kind, page = rt.snapshots.get(match.snapshot_id)
    assert kind == "page"
    assert page["text"][match.source_start : match.source_end] == match.source_text
    assert p.phrase_queries
    assert any(q.startswith('"') for q in search.calls)  # phrases are searched as phrases
    assert {s.query for s in p.searches} == {f'"{q}"' for q in p.phrase_queries}


async def test_the_exemptions_are_found_once_per_check(
    settings: Settings, extractor: Extractor, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []

    def counted(response: str, prompt: str, boilerplate: Sequence[str]) -> Exemptions:
        calls.append(response)
        return find_exemptions(response, prompt, boilerplate)

    monkeypatch.setattr(pipeline, "find_exemptions", counted)
    monkeypatch.setattr(detect_module, "find_exemptions", counted)
    copied = "The Eiffel Tower was completed in 1889 as the entrance to the World's Fair in Paris."
    rt = runtime(settings, extractor, [StaticSearch(default=HITS)])
    report = await check(CheckRequest(f"Sure. {copied} Many people visit it."), rt)
    assert report.plagiarism.phrase_queries  # both copy steps ran
    assert len(calls) == 1


async def test_no_sources_means_not_checked(settings: Settings, extractor: Extractor) -> None:
    report = await check(CheckRequest(RESPONSE), runtime(settings, extractor, []))
    assert report.plagiarism.status == "not_checked"
    assert report.plagiarism.verdict is None


async def test_cited_resources_are_fetched_and_assessed(
    settings: Settings, extractor: Extractor
) -> None:
    response = (
        "The Eiffel Tower was completed in 1889 ([Eiffel Tower history](https://example.com/eiffel)). "
        "See [the Louvre visitor statistics for 2019](https://example.com/pancakes) and "
        "[a study of the tower's paint](https://example.com/gone)."
    )
    fetcher = MemoryFetcher(
        {
            "https://example.com/eiffel": ("text/html", EIFFEL),
            "https://example.com/pancakes": (
                "text/html",
                b"<html><head><title>Pancakes</title></head><body><p>Mix flour, milk and eggs "
                b"for fluffy pancakes every morning.</p></body></html>",
            ),
        }
    )
    rt = runtime(settings, extractor, [StaticSearch(default=HITS)], fetcher)
    report = await check(CheckRequest(response), rt)
    by_url = {r.url: r for r in report.truthfulness.resources}
    assert by_url["https://example.com/eiffel"].status == "ok"
    assert by_url["https://example.com/pancakes"].status == "mismatch"
    assert by_url["https://example.com/gone"].status == "missing"
    assert report.truthfulness.fake_resources
    ok = by_url["https://example.com/eiffel"]
    assert ok.snapshot_id
    assert rt.snapshots.get(ok.snapshot_id)[0] == "page"
    rt.web = False
    offline = await check(CheckRequest(response), rt)
    assert {r.status for r in offline.truthfulness.resources} == {"unchecked"}
    assert not offline.truthfulness.fake_resources


async def test_a_contradicted_claim_is_false_information(
    settings: Settings, extractor: Extractor
) -> None:
    response = (
        "The Eiffel Tower was completed in 1887 as the entrance to the World's Fair in Paris."
    )
    rt = runtime(settings, extractor, [StaticSearch(default=HITS)])
    report = await check(CheckRequest(response), rt)
    [claim] = [c for c in report.claims if c.check_worthy]
    assert claim.verdict is not None
    assert claim.verdict.label == "refuted"
    quote = claim.verdict.quotes[0]
    assert quote.stance == "refutes"
    assert "year 1887 vs 1889" in quote.conflicts
    page = rt.snapshots.get(quote.snapshot_id)[1]
    assert page["text"][quote.start : quote.end] == quote.sentence
    truth = report.truthfulness
    assert truth.false_information
    assert truth.false_claims[0].claim_id == claim.id
    assert truth.false_claims[0].url == "https://example.com/eiffel"
    assert len(claim.searches) == 1  # confident after the first query


async def test_an_unsettled_claim_sends_a_query_aimed_at_its_slot(
    settings: Settings, extractor: Extractor
) -> None:
    """The literal query finds a page that does not settle the claim; the second round
    (the query aimed at the year, and the last query, together) finds the sentence that
    does."""
    vague = b"The Nobel Prizes are awarded every year in Stockholm and Oslo."
    decisive = b"The Nobel Prizes were established in 1895. The first prizes were awarded in 1901."
    search = StaticSearch(
        results={
            "The first Nobel Prizes were awarded in 1921": [
                SearchHit("https://example.com/vague", "Vague", "", 1)
            ],
            "first Nobel Prizes awarded year": [
                SearchHit("https://example.com/decisive", "Decisive", "", 1)
            ],
        }
    )
    fetcher = MemoryFetcher(
        {
            "https://example.com/vague": ("text/plain", vague),
            "https://example.com/decisive": ("text/plain", decisive),
        }
    )
    report = await check(
        CheckRequest("The first Nobel Prizes were awarded in 1921."),
        runtime(settings, extractor, [search], fetcher),
    )
    claim = report.claims[0]
    assert [s.query for s in claim.searches] == [
        "The first Nobel Prizes were awarded in 1921",
        "first Nobel Prizes awarded year",
        "first Nobel Prizes awarded 1921",
    ]
    assert claim.verdict is not None
    assert claim.verdict.label == "refuted"
    assert claim.verdict.quotes[0].url == "https://example.com/decisive"
    assert claim.verdict.quotes[0].conflicts == ["year 1921 vs 1901"]


async def test_a_schema_2_report_is_read_with_its_copy_check_upgraded(
    settings: Settings, extractor: Extractor
) -> None:
    report = await check(
        CheckRequest(RESPONSE), runtime(settings, extractor, [StaticSearch(default=HITS)])
    )
    data = json.loads(json.dumps(report.to_dict()))
    data["schema"] = "verifier.report/2"
    base = {
        "counted": False,
        "response_start": 0,
        "response_end": 10,
        "response_text": RESPONSE[:10],
        "source_url": "https://example.org/a",
        "source_title": "A",
        "snapshot_id": "sha256:a",
        "source_start": 0,
        "source_end": 10,
        "source_text": "x" * 10,
        "words": 9,
        "copied_words": 0,
        "longest_run": 0,
        "similarity": 80.0,
    }
    plag = data["plagiarism"]
    for key in ("reason",):
        plag.pop(key)
    plag["matches"] = [
        {**base, "kind": "paraphrase_suspect", "exemption": None},
        {**base, "kind": "identical", "exemption": "short (under 11 words)", "longest_run": 9},
        {**base, "kind": "identical", "exemption": "quoted", "longest_run": 9},
    ]
    upgraded = Report.from_dict(data)
    assert upgraded.schema == "verifier.report/4"
    suspect, short, quoted = upgraded.plagiarism.matches
    assert (suspect.kind, suspect.counted, suspect.sentences) == ("heavy_revision", False, 1)
    assert suspect.shortfall is not None
    assert (short.exemption, short.shortfall) == (None, "short (under 11 words)")
    assert (quoted.word_start, quoted.word_end) == word_range(RESPONSE, 0, 10)
    assert (quoted.exemption, quoted.shortfall) == ("quoted", None)
    assert upgraded.plagiarism.reason == ""


# --- scheduling: every claim at once, a claim's queries in two rounds -------------------

NOBEL = "The first Nobel Prizes were awarded in 1921."
NOBEL_QUERIES = [
    "The first Nobel Prizes were awarded in 1921",
    "first Nobel Prizes awarded year",
    "first Nobel Prizes awarded 1921",
]
NOBEL_PAGES = {
    "https://example.com/vague": (
        "text/plain",
        b"The Nobel Prizes are awarded every year in Stockholm and Oslo.",
    ),
    "https://example.com/decisive": (
        "text/plain",
        b"The Nobel Prizes were established in 1895. The first prizes were awarded in 1901.",
    ),
}
NOBEL_HITS = {
    NOBEL_QUERIES[0]: [SearchHit("https://example.com/vague", "Vague", "", 1)],
    NOBEL_QUERIES[1]: [SearchHit("https://example.com/decisive", "Decisive", "", 1)],
    NOBEL_QUERIES[2]: [SearchHit("https://example.com/vague", "Vague", "", 1)],
}
BRIDGES = " ".join(
    f"The {name} Street bridge in Leeds was opened in {1901 + i}."
    for i, name in enumerate(
        "Ash Birch Cedar Elm Fir Hazel Larch Maple Oak Pine Rowan Willow".split()
    )
)


@dataclass
class HeldSearch(StaticSearch):
    """Holds the ``held`` queries until ``release_at`` of them are in flight at once (an
    asyncio.Event, no clock; a query still held at its deadline fails), and records the
    most queries (held or not) in flight at once and the order held queries start and end.
    """

    held: frozenset[str] = frozenset()
    release_at: int = 1
    in_flight: int = 0
    most: int = 0
    held_now: set[str] = field(default_factory=set)
    log: list[tuple[str, str]] = field(default_factory=list)
    released: asyncio.Event = field(default_factory=asyncio.Event)

    async def search(self, query: str, *, deadline: Deadline) -> list[SearchHit]:
        self.in_flight += 1
        self.most = max(self.most, self.in_flight)
        try:
            for _ in range(3):  # let every search started with this one start too
                await asyncio.sleep(0)
            if query not in self.held:
                return await super().search(query, deadline=deadline)
            self.calls.append(query)
            self.log.append(("start", query))
            self.held_now.add(query)
            if len(self.held_now) >= self.release_at:
                self.released.set()
            try:
                async with asyncio.timeout(deadline.remaining()):
                    await self.released.wait()
            finally:
                self.log.append(("end", query))
            return list(self.results.get(query, self.default))
        finally:
            self.in_flight -= 1


async def test_the_second_round_asks_the_remaining_queries_at_once(
    settings: Settings, extractor: Extractor
) -> None:
    """The first query alone does not settle the claim; the aimed query and the last one
    then run together (each waits until both are in flight, so one after the other would
    leave the first waiting until the claim's deadline)."""
    settings = settings.with_overrides({"limits.claim_budget_s": 20.0})
    search = HeldSearch(results=NOBEL_HITS, held=frozenset(NOBEL_QUERIES[1:]), release_at=2)
    fetcher = MemoryFetcher(NOBEL_PAGES)
    report = await check(CheckRequest(NOBEL), runtime(settings, extractor, [search], fetcher))
    claim = report.claims[0]
    assert not claim.timed_out
    assert [kind for kind, _query in search.log] == ["start", "start", "end", "end"]
    assert {query for _kind, query in search.log} == set(NOBEL_QUERIES[1:])
    assert [s.query for s in claim.searches] == NOBEL_QUERIES  # in query order, not answer order
    assert all(s.error is None for s in claim.searches)
    assert next(q for q in search.calls if not q.startswith('"')) == NOBEL_QUERIES[0]
    assert claim.verdict is not None
    assert claim.verdict.label == "refuted"
    assert claim.verdict.quotes[0].url == "https://example.com/decisive"


async def test_a_settled_first_query_asks_no_more(settings: Settings, extractor: Extractor) -> None:
    search = StaticSearch(default=HITS)
    rt = runtime(settings, extractor, [search])
    report = await check(CheckRequest("The Eiffel Tower was completed in 1889 in Paris."), rt)
    [claim] = [c for c in report.claims if c.check_worthy]
    assert claim.verdict is not None
    assert claim.verdict.label == "supported"
    assert len(claim.queries) == 3
    assert [s.query for s in claim.searches] == claim.queries[:1]
    assert [q for q in search.calls if not q.startswith('"')] == claim.queries[:1]


async def test_claims_are_not_held_back_in_waves(settings: Settings, extractor: Extractor) -> None:
    """Twelve claims: each first query waits until all twelve are in flight (with claims
    eight at a time, the first eight would wait until their deadline)."""
    settings = settings.with_overrides({"limits.claim_budget_s": 20.0})
    firsts = frozenset(d.queries[0] for d in extract_claims(BRIDGES) if d.check_worthy)
    assert len(firsts) == 12
    search = HeldSearch(held=firsts, release_at=12)
    report = await check(CheckRequest(BRIDGES), runtime(settings, extractor, [search]))
    claims = [c for c in report.claims if c.check_worthy]
    assert len(claims) == 12
    assert search.most >= 12 > 8
    assert not any(c.timed_out for c in claims)
    assert all(c.searches[0].error is None for c in claims)


async def test_searches_on_one_backend_are_bounded_across_the_report(
    settings: Settings, extractor: Extractor
) -> None:
    """``limits.max_concurrent_searches`` caps one web backend's searches at once, over all
    claims and the copy check together; the rest wait their turn."""
    settings = settings.with_overrides({"limits.max_concurrent_searches": 2})
    search = HeldSearch()
    report = await check(CheckRequest(BRIDGES), runtime(settings, extractor, [search]))
    claims = [c for c in report.claims if c.check_worthy]
    assert search.most == 2
    assert len(search.calls) >= 12 + 3  # every first query and the three phrase searches
    assert not any(c.timed_out for c in claims)
    assert all(s.error is None for c in claims for s in c.searches)


async def test_waiting_for_a_search_slot_ends_at_the_deadline(
    settings: Settings, extractor: Extractor
) -> None:
    """One slot, held by a search that never answers: the searches waiting for it end at
    their claim's deadline as no answer, and every claim ends timed out."""
    settings = settings.with_overrides(
        {"limits.max_concurrent_searches": 1, "limits.claim_budget_s": 0.5}
    )
    search = StaticSearch(hang=True)
    report = await check(CheckRequest(BRIDGES), runtime(settings, extractor, [search]))
    claims = [c for c in report.claims if c.check_worthy]
    # the slot is held until the holder's deadline; which waiter (if any) gets it in the
    # moment before its own deadline depends on the machine's speed: no count of calls
    for claim in claims:
        assert claim.timed_out  # the search hangs forever: the deadline ended it
        assert all("no answer" in (s.error or "") for s in claim.searches)
    assert report.search[0].status == "unavailable"


async def test_two_rounds_replay_to_the_same_evidence(
    settings: Settings, extractor: Extractor
) -> None:
    """The last query answers before the aimed one; the replay from snapshots, where every
    search answers at once in query order, still ranks the same evidence."""
    from verifier.replay.runtime import replay_runtime

    class LastFirst(StaticSearch):
        last_done: asyncio.Event

        async def search(self, query: str, *, deadline: Deadline) -> list[SearchHit]:
            if query == NOBEL_QUERIES[1]:
                async with asyncio.timeout(deadline.remaining()):
                    await self.last_done.wait()
            hits = await super().search(query, deadline=deadline)
            if query == NOBEL_QUERIES[2]:
                self.last_done.set()
            return hits

    settings = settings.with_overrides({"limits.claim_budget_s": 20.0})
    search = LastFirst(results=NOBEL_HITS)
    search.last_done = asyncio.Event()
    rt = runtime(settings, extractor, [search], MemoryFetcher(NOBEL_PAGES))
    original = await check(CheckRequest(NOBEL), rt)
    again = await check(CheckRequest(NOBEL), replay_runtime(original, rt.snapshots, settings))

    def decided(report: Report) -> list[dict]:
        out = []
        for claim in report.to_dict()["claims"]:
            claim.pop("elapsed_s")
            for trace in claim["searches"]:
                trace.pop("took_s")
            out.append(claim)
        return out

    assert not original.claims[0].timed_out
    assert [s.query for s in original.claims[0].searches] == NOBEL_QUERIES
    assert decided(again) == decided(original)
    assert again.claims[0].verdict is not None
    assert again.claims[0].verdict.label == "refuted"
