"""A value no source confirms while one gives another: a conflict for review, never a cap."""

from __future__ import annotations

import pytest

from verifier.judges import aggregate
from verifier.judges.base import REVIEW_THRESHOLD
from verifier.judges.frames.judge import FrameJudge
from verifier.judges.frames.unconfirmed import PROBABILITY, unconfirmed
from verifier.report.truthfulness import truthfulness_of, verdict_of
from verifier.schema import Claim, Evidence


def test_another_count_of_the_same_thing_is_a_conflict_for_review() -> None:
    evidence = ["Finished in 1961, the Kessel Dam runs 12 turbines on the Orva river."]
    found = unconfirmed("The Kessel Dam has 14 turbines.", evidence, "frames")
    assert found is not None
    assert found.label == "inconclusive"  # never a refutation
    assert found.conflicts == ("number 14 turbines vs 12 turbines",)
    assert found.confidence == PROBABILITY
    assert REVIEW_THRESHOLD <= PROBABILITY < 0.8
    assert found.sentence is not None
    assert found.start is not None
    assert evidence[0][found.start : found.end] == found.sentence
    assert "no source gives the claim's 14 turbines" in found.reason


def test_a_value_any_source_gives_is_confirmed() -> None:
    evidence = [
        "Finished in 1961, the Kessel Dam runs 12 turbines on the Orva river.",
        "Its 14 turbines were refitted in 2004.",
    ]
    assert unconfirmed("The Kessel Dam has 14 turbines.", evidence, "frames") is None


def test_the_digits_of_a_range_confirm_a_year() -> None:
    evidence = ["As the longest-serving justice (1939-1975), Pell wrote 300 opinions."]
    assert unconfirmed("Orlan Pell served on the court until 1975.", evidence, "frames") is None


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        # another subject's count
        ("The Kessel Dam has 14 turbines.", "The Orva river has 12 dams and 40 turbines."),
        # another rate: per year against per week
        ("Marnians work 1,702 hours per year.", "Marnians work 38 hours per week on average."),
        # a year that dates the statement, not a fact
        (
            "As of 2021, the rector of Orvel University is Ana Pell.",
            "Orvel University was founded in 1911 and is led by Ana Pell.",
        ),
        # a year of another act
        ("Bram Oster was born in 1921.", "Bram Oster moved to Lisbon in 1935."),
    ],
)
def test_no_conflict_for_another_measure_subject_or_act(claim: str, evidence: str) -> None:
    assert unconfirmed(claim, [evidence], "frames") is None


def test_the_judge_shows_it_only_when_nothing_else_was_said() -> None:
    judge = FrameJudge()
    said = judge.decide(
        "Bram Oster published his first novel in 1921.",
        ["Bram Oster published his first novel, The Grey Coast, in 1923."],
    )
    assert said.label == "refuted"  # the rules' own reading comes first
    open_ = judge.decide(
        "The Kessel Dam has 14 turbines.",
        ["Finished in 1961, the Kessel Dam runs 12 turbines on the Orva river."],
    )
    assert open_.label == "inconclusive"
    assert open_.lead is not None
    assert open_.lead.conflicts


def test_it_goes_on_the_review_list_and_never_caps() -> None:
    text = "Finished in 1961, the Kessel Dam runs 12 turbines on the Orva river."
    statement = "The Kessel Dam has 14 turbines."
    judgements = FrameJudge().judge_all(statement, [text])
    evidence = [
        Evidence(
            text,
            "https://example.org/dam",
            "Kessel Dam",
            "s1",
            0,
            len(text),
            1.0,
            "q",
            "corpus",
            None,
        )
    ]
    verdict = verdict_of(aggregate(judgements), evidence, ["frames"])
    claim = Claim(
        "c1",
        "fact",
        0,
        len(statement),
        statement,
        True,
        "a number",
        statement,
        searched=True,
        evidence=evidence,
        verdict=verdict,
    )
    t = truthfulness_of([claim], [], judges=["frames"], refuted_threshold=0.8)
    assert not t.false_information
    assert t.false_claims == []
    assert [r.claim_id for r in t.review] == ["c1"]
    assert "check this" in t.review[0].why


def test_another_doer_of_the_act_when_no_source_names_the_claims() -> None:
    claim = "The Orvel Treaty was signed by Anton Pell."
    found = unconfirmed(claim, ["The Orvel Treaty was signed by Mara Lind in 1924."], "frames")
    assert found is not None
    assert found.conflicts == ("doer Anton Pell vs Mara Lind",)
    # the claim's doer named anywhere: one of several, perhaps
    named = ["The Orvel Treaty was signed by Mara Lind in 1924.", "Pell arranged the talks."]
    assert unconfirmed(claim, named, "frames") is None
    # another act's doer
    drafted = ["The Orvel Treaty was drafted by Mara Lind in 1924."]
    assert unconfirmed(claim, drafted, "frames") is None


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        # a head noun, not a name: many a sentence names "temperature"
        ("The average temperature rose by 1.6 degrees.", "The temperature rose by 0.9 degrees."),
        # another name between the subject and the value
        ("Orvel has 4 albums.", "Orvel has 32 songs, Kessel has 30 albums."),
        # a date of an act done many times
        ("Mara Lind won the Orvel Cup in 2014.", "Mara Lind won the Orvel Cup in 2013."),
    ],
)
def test_no_conflict_without_a_named_subject_and_a_value_of_its_own(
    claim: str, evidence: str
) -> None:
    assert unconfirmed(claim, [evidence], "frames") is None


def test_a_sentence_opening_with_a_pronoun_speaks_of_the_subject_named_before() -> None:
    text = "The Kessel Dam lies on the Orva. It runs 12 turbines."
    found = unconfirmed("The Kessel Dam has 14 turbines.", [text], "frames")
    assert found is not None
    assert found.sentence == "It runs 12 turbines."


def test_a_name_after_a_preposition_places_the_subject_and_is_no_other_subject() -> None:
    claim = "The Kessel Dam on the Orva river has 14 turbines."
    found = unconfirmed(claim, ["Finished in 1961, the Kessel Dam runs 12 turbines."], "frames")
    assert found is not None
    assert found.conflicts == ("number 14 turbines vs 12 turbines",)


def test_a_works_release_is_a_one_time_act() -> None:
    found = unconfirmed(
        "The Orva Suite was released on April 11, 2012.",
        ["The Orva Suite, the band's second album, was released on April 11, 2014."],
        "frames",
    )
    assert found is not None
    assert found.conflicts == ("date April 11, 2012 vs April 11, 2014",)
