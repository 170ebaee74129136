"""A check that could not run never reads as clean (see verifier/report/completeness.py)."""

from __future__ import annotations

from verifier.config import Settings
from verifier.pipeline import check
from verifier.report.completeness import copy_check_status, unchecked_reason
from verifier.runtime import Runtime
from verifier.schema import CheckRequest, PageTrace, SearchHit, SearchTrace
from verifier.snapshots import MemorySnapshotStore
from verifier.testing import MemoryFetcher, StaticSearch
from verifier.web.extract import Extractor

RESPONSE = (
    "The Eiffel Tower was completed in 1889 and is about 330 metres tall. "
    "Marie Curie won two Nobel Prizes, in physics and in chemistry."
)
EIFFEL = b"The Eiffel Tower was completed in 1889. It is 330 metres tall."


def rt(
    settings: Settings, extractor: Extractor, backends: list, pages: dict | None = None
) -> Runtime:
    fetcher = MemoryFetcher(pages or {})
    return Runtime(settings, backends, fetcher, extractor, MemorySnapshotStore())


def trace(error: str | None = None, hits: int = 0) -> SearchTrace:
    return SearchTrace("q", "b", None if error else "sha256:x", hits, 0.1, error)


def test_unchecked_reasons() -> None:
    down = "search unavailable: ddgs cannot reach the web (DNS error)"
    assert unchecked_reason([trace(down)], [], evidence_found=False) == (
        "no search answered: ddgs cannot reach the web (DNS error)"  # said once, not twice
    )
    late = "no answer before the claim's deadline (limits.claim_budget_s)"
    assert "ran out before any search answered" in (
        unchecked_reason([trace(late)], [], evidence_found=False) or ""
    )
    failed = [PageTrace("https://a.example/", None, "HTTP 503"), PageTrace("https://b/", None, "x")]
    assert (unchecked_reason([trace(hits=2)], failed, evidence_found=False) or "").startswith(
        "every page the searches found failed to load: HTTP 503"
    )
    # searched and found nothing: inconclusive (benefit of the doubt), not unchecked
    assert unchecked_reason([trace(hits=0)], [], evidence_found=False) is None
    assert unchecked_reason([trace(down), trace(hits=1)], [], evidence_found=True) is None


def test_copy_check_status() -> None:
    assert copy_check_status([], [], 0)[0] == "not_checked"  # compared with nothing
    assert copy_check_status([], [], 0, could_copy=False) == ("checked", "")
    assert copy_check_status([], [], 2) == ("checked", "")
    status, note = copy_check_status([trace("search unavailable: x")], [], 0)
    assert status == "not_checked"
    assert "no copy search answered" in note
    assert copy_check_status([trace(hits=0), trace("boom")], [], 0)[0] == "partial"
    dead = [PageTrace("https://a.example/", None, "HTTP 500")]
    assert copy_check_status([trace(hits=1)], dead, 0)[0] == "not_checked"
    assert copy_check_status([trace(hits=0)], [], 0) == ("checked", "")


async def test_search_outage_is_incomplete_not_clean(
    settings: Settings, extractor: Extractor
) -> None:
    down = StaticSearch(unavailable="cannot reach the web (DNS error)", name="web")
    report = await check(CheckRequest(RESPONSE), rt(settings, extractor, [down]))
    worthy = [c for c in report.claims if c.check_worthy]
    assert worthy
    assert {c.verdict.label for c in worthy if c.verdict} == {"unchecked"}
    assert report.status == "incomplete"
    assert report.plagiarism.status == "not_checked"
    assert report.plagiarism.verdict is None  # never "original" after an outage
    assert report.truthfulness.status == "not_checked"
    assert report.truthfulness.unchecked == len(worthy)
    assert not report.truthfulness.benefit_of_the_doubt
    assert [line.split(":")[0] for line in report.incomplete] == [
        "facts not checked",
        "copy check not run",
    ]
    assert all("cannot reach the web" in line for line in report.incomplete)
    rubric = report.rubric
    assert rubric is not None
    checks = {r.check for r in rubric.needs_review}
    assert {"unchecked_facts", "plagiarism"} <= checks
    assert rubric.explanation.startswith("Incomplete: not everything could be checked")
    assert "No rubric rule limits the score" not in rubric.explanation


async def test_outage_reads_at_least_as_honestly_as_web_off(
    settings: Settings, extractor: Extractor
) -> None:
    down = StaticSearch(unavailable="cannot reach the web", name="web")
    outage = await check(CheckRequest(RESPONSE), rt(settings, extractor, [down]))
    off = await check(CheckRequest(RESPONSE), rt(settings, extractor, []))
    for report in (outage, off):
        assert report.status == "incomplete"
        assert report.plagiarism.status == "not_checked"
        assert report.truthfulness.status == "not_checked"
        assert report.rubric is not None
        assert len(report.rubric.needs_review) >= 2
    assert len(outage.rubric.needs_review) >= len(off.rubric.needs_review)  # type: ignore[union-attr]


async def test_every_page_failing_is_unchecked(settings: Settings, extractor: Extractor) -> None:
    hits = [SearchHit("https://example.com/gone", "Gone", "", 1)]
    report = await check(
        CheckRequest(RESPONSE), rt(settings, extractor, [StaticSearch(default=hits)])
    )
    worthy = [c for c in report.claims if c.check_worthy]
    assert all(c.verdict and c.verdict.label == "unchecked" for c in worthy)
    assert "failed to load" in worthy[0].verdict.reason  # type: ignore[union-attr]
    assert report.plagiarism.status == "not_checked"
    assert report.status == "incomplete"


async def test_searched_and_found_nothing_is_complete(
    settings: Settings, extractor: Extractor
) -> None:
    report = await check(CheckRequest(RESPONSE), rt(settings, extractor, [StaticSearch()]))
    worthy = [c for c in report.claims if c.check_worthy]
    assert {c.verdict.label for c in worthy if c.verdict} == {"inconclusive"}
    assert report.status == "complete"
    assert report.incomplete == []
    assert report.plagiarism.status == "checked"
    assert report.plagiarism.verdict == "original"
    assert len(report.truthfulness.benefit_of_the_doubt) == len(worthy)


async def test_one_backend_down_makes_the_checks_partial(
    settings: Settings, extractor: Extractor
) -> None:
    up = StaticSearch(default=[SearchHit("https://example.com/eiffel", "E", "", 1)], name="up")
    down = StaticSearch(unavailable="refused", name="down")
    report = await check(
        CheckRequest(RESPONSE),
        rt(settings, extractor, [up, down], {"https://example.com/eiffel": ("text/plain", EIFFEL)}),
    )
    assert report.status == "incomplete"
    assert report.truthfulness.status == "partial"
    assert "down answered no search" in report.truthfulness.note
    assert report.plagiarism.status == "partial"
    assert report.plagiarism.verdict is not None  # checked against what answered
    assert {c.verdict.label for c in report.claims if c.check_worthy and c.verdict} != {"unchecked"}
