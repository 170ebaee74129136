from __future__ import annotations

from verifier.judges import Decision, Judgement
from verifier.report.truthfulness import truthfulness_of, verdict_of
from verifier.schema import Claim, Evidence, Resource, Verdict

EV = [
    Evidence(
        "Intro. The tower was completed in 1887.",
        "https://a.example/t",
        "T",
        "sha256:a",
        100,
        139,
        0.9,
        "q",
        "b",
        None,
    ),
]


def claim(cid: str, label: str | None, confidence: float = 0.9, **kw: object) -> Claim:
    c = Claim(
        cid, "paragraph", 0, 10, "The tower was completed in 1889.", True, "states a date", **kw
    )  # type: ignore[arg-type]
    c.claim = c.text
    c.searched = True
    c.evidence = list(EV)
    if label is not None:
        lead = Judgement(
            label,
            confidence,
            "heuristic",
            0,
            7,
            39,
            "The tower was completed in 1887.",
            ("tower",),
            ("year 1889 vs 1887",),
        )  # type: ignore[arg-type]
        c.verdict = verdict_of(Decision(label, confidence, False, "why", lead), EV, ["heuristic"])  # type: ignore[arg-type]
    return c


def test_verdict_quotes_point_into_the_page() -> None:
    v = claim("c1", "refuted").verdict
    assert v is not None
    q = v.quotes[0]
    assert (q.stance, q.start, q.end, q.url) == ("refutes", 107, 139, "https://a.example/t")
    assert EV[0].quote[q.start - EV[0].start : q.end - EV[0].start] == q.sentence
    assert q.conflicts == ["year 1889 vs 1887"]


def test_signal_counts_and_lists() -> None:
    claims = [
        claim("c1", "refuted", 0.9),
        claim("c2", "refuted", 0.5),
        claim("c3", "supported"),
        claim("c4", "inconclusive", 0.0),
        claim("c5", "inconclusive", 0.0, timed_out=True),
    ]
    missing = Resource(
        "url",
        "https://x.example/a",
        "https://x.example/a",
        0,
        5,
        "a study",
        "missing",
        True,
        "the page does not exist (HTTP 404)",
        404,
    )
    t = truthfulness_of(claims, [missing], judges=["heuristic"], refuted_threshold=0.8)
    assert t.status == "checked"
    assert (t.supported, t.refuted, t.inconclusive, t.timed_out) == (1, 2, 2, 1)
    assert t.false_information
    assert [r.claim_id for r in t.false_claims] == ["c1"]
    assert t.false_claims[0].quote == "The tower was completed in 1887."
    assert [r.claim_id for r in t.weak_refutations] == ["c2"]
    assert [r.claim_id for r in t.benefit_of_the_doubt] == ["c4", "c5"]
    # an inconclusive claim whose evidence gave another year: still the benefit of the
    # doubt, and listed as a possible false fact with both quotes' places
    assert t.benefit_of_the_doubt[1].why.startswith("inconclusive, with a possible conflict")
    assert [r.claim_id for r in t.conflicts] == ["c4", "c5"]
    conflict = t.conflicts[0]
    assert "year 1889 vs 1887" in conflict.why
    assert (conflict.start, conflict.end) == (0, 10)
    assert (conflict.quote_start, conflict.quote_end) == (107, 139)
    assert t.fake_resources
    assert t.to_dict()["resources"][0]["status"] == "missing"


def test_nothing_searched_is_not_checked() -> None:
    c = claim("c1", None)
    c.searched = False
    c.not_searched_reason = "no search backend"
    c.verdict = Verdict.unchecked("no search backend")
    t = truthfulness_of([c], [], judges=["heuristic"], refuted_threshold=0.8)
    assert t.status == "not_checked"
    assert not t.false_information
    assert not t.benefit_of_the_doubt  # never searched: no benefit of the doubt
    assert [(r.claim_id, r.label, r.why) for r in t.unchecked_claims] == [
        ("c1", "unchecked", "no search backend")
    ]
    assert t.note == "1 of 1 check-worthy claims unchecked (no search backend)"


def test_some_claims_unchecked_is_partial() -> None:
    down = claim("c2", None)
    down.verdict = Verdict.unchecked("no search answered: search unavailable: ddgs (DNS)")
    t = truthfulness_of(
        [claim("c1", "supported"), down], [], judges=["heuristic"], refuted_threshold=0.8
    )
    assert t.status == "partial"
    assert (t.supported, t.inconclusive, t.unchecked) == (1, 0, 1)
    assert "1 of 2 check-worthy claims unchecked" in t.note


def test_an_unavailable_backend_makes_the_check_partial() -> None:
    t = truthfulness_of(
        [claim("c1", "supported")],
        [],
        judges=["heuristic"],
        refuted_threshold=0.8,
        unavailable=["ddgs"],
    )
    assert t.status == "partial"
    assert t.note.startswith("ddgs answered no search")


def test_unchecked_resources_count() -> None:
    cited = Resource(
        "url",
        "https://x.example/a",
        "https://x.example/a",
        0,
        5,
        "a study",
        "unchecked",
        False,
        "could not be checked: web access is off (--no-web)",
    )
    t = truthfulness_of([], [cited], judges=["heuristic"], refuted_threshold=0.8)
    assert t.status == "not_checked"
    assert "1 of 1 cited resources unchecked" in t.note


def test_the_review_list_holds_likely_false_claims_most_likely_first_and_never_caps() -> None:
    claims = [
        claim("c2", "refuted", 0.5),  # a refutation under the threshold
        claim("c4", "inconclusive", 0.0),  # a conflict nobody is sure of: not listed
        claim("c6", "inconclusive", 0.6),  # a conflict at 0.6
    ]
    t = truthfulness_of(claims, [], judges=["frames"], refuted_threshold=0.8, review_threshold=0.3)
    assert [r.claim_id for r in t.review] == ["c6", "c2"]
    assert [r.confidence for r in t.review] == [0.6, 0.5]
    assert all(r.why.startswith("check this") for r in t.review)
    assert not t.false_information
    assert t.false_claims == []
