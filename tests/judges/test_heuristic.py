from __future__ import annotations

import pytest

from verifier.judges import HeuristicJudge
from verifier.judges.heuristic import slots_of

JUDGE = HeuristicJudge()


def test_supported_names_the_sentence_and_slots() -> None:
    evidence = [
        "Paris has many towers.",
        "The Eiffel Tower was completed in 1889 for the World's Fair.",
    ]
    decision = JUDGE.decide("The Eiffel Tower was completed in 1889.", evidence)
    assert decision.label == "supported"
    result = decision.lead
    assert result is not None
    assert result.evidence_index == 1
    assert evidence[1][result.start : result.end] == result.sentence
    assert "year 1889" in result.matched
    assert "eiffel tower" in result.matched


@pytest.mark.parametrize(
    ("claim", "evidence", "conflict"),
    [
        (
            "The Eiffel Tower was completed in 1899.",
            "The Eiffel Tower was completed in 1889.",
            "year 1899 vs 1889",
        ),
        (
            "The Eiffel Tower is 300 metres tall.",
            "The Eiffel Tower is 330 metres tall.",
            "300 m vs 330 m",
        ),
        (
            "Marie Curie did not win a Nobel Prize in Chemistry.",
            "Marie Curie did win a Nobel Prize in Chemistry.",
            "negation",
        ),
    ],
)
def test_refuted_needs_a_conflicting_slot(claim: str, evidence: str, conflict: str) -> None:
    decision = JUDGE.decide(claim, [evidence])
    assert decision.label == "refuted"
    assert decision.lead is not None
    assert conflict in decision.lead.conflicts


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        # a different year about a different event is not a contradiction
        (
            "Gaskell was born in Chelsea, London in 1810.",
            "In 1846 a fourth daughter, Julia, had been born, and in 1850 the Gaskells moved to Plymouth Grove in Manchester.",
        ),
        # missing slot: the sentence does not say when
        (
            "The Eiffel Tower was completed in 1889.",
            "The Eiffel Tower was completed for the World's Fair.",
        ),
        # unrelated
        ("Cats are mammals.", "Dogs bark at night."),
        # two years in the sentence: the slot is ambiguous
        ("The bridge opened in 1932.", "The bridge opened in 1930 and was rebuilt in 1999."),
    ],
)
def test_benefit_of_the_doubt(claim: str, evidence: str) -> None:
    assert JUDGE.decide(claim, [evidence]).label == "inconclusive"


def test_support_and_refutation_make_a_dispute() -> None:
    result = JUDGE.decide(
        "The Eiffel Tower was completed in 1889.",
        ["The Eiffel Tower was completed in 1889.", "The Eiffel Tower was completed in 1887."],
    )
    assert result.label == "inconclusive"
    assert result.disputed
    assert result.reason.startswith("disputed")
    assert "1887" in result.reason
    assert result.counter is not None
    assert result.counter.evidence_index == 1


def test_one_judgement_per_text_with_its_index() -> None:
    found = JUDGE.judge_all(
        "The Eiffel Tower was completed in 1889.",
        ["Cats purr.", "The Eiffel Tower was completed in 1887.", ""],
    )
    assert [j.label for j in found] == ["inconclusive", "refuted", "inconclusive"]
    assert [j.evidence_index for j in found] == [0, 1, 2]


def test_no_evidence() -> None:
    result = JUDGE.decide("The Eiffel Tower was completed in 1889.", [])
    assert (result.label, result.lead, result.reason) == (
        "inconclusive",
        None,
        "no evidence to judge",
    )


def test_slots() -> None:
    slots = slots_of(
        "In 2019, 3.5 million people (12%) visited the Louvre in Paris, not 2,000 km away."
    )
    assert slots.years == (2019,)
    assert (3.5e6, "") in slots.numbers
    assert (12.0, "%") in slots.numbers
    assert (2000.0, "km") in slots.numbers
    assert "louvre" in slots.names
    assert slots.negated
