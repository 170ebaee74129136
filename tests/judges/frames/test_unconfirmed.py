"""A value no source confirms while one gives another: a conflict for review, never a cap."""

from __future__ import annotations

import pytest

from verifier.judges import aggregate
from verifier.judges.base import REVIEW_THRESHOLD, Judgement
from verifier.judges.frames.judge import FrameJudge
from verifier.judges.frames.unconfirmed import PROBABILITY, unconfirmed, unsourced
from verifier.report.truthfulness import truthfulness_of, verdict_of
from verifier.schema import Claim, Evidence, Truthfulness, Verdict


def _signal(statement: str, evidence: list[Evidence], verdict: Verdict) -> Truthfulness:
    """The truthfulness signal of a report holding the one claim with its verdict."""
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
    return truthfulness_of([claim], [], judges=["frames"], refuted_threshold=0.8)


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
    t = _signal(statement, evidence, verdict)
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


# a figure no evidence text gives, while the evidence is about the claim (`unsourced`)
_RIVER = "The Orva river rises in the Kessel hills and flows east through farmland to the sea."
_TOWNS = "Lenz and Tamar grew up as mill towns on the banks of the Orva."
_TEXTS = [_TOWNS, _RIVER]


def _open(evidence: list[str]) -> list[Judgement]:
    return [Judgement("inconclusive", 0.0, "frames") for _ in evidence]


def test_a_figure_no_source_gives_is_a_question_for_the_rater() -> None:
    found = unsourced("The Orva river is 412 kilometres long.", _TEXTS, _open(_TEXTS))
    assert found is not None
    assert found.label == "inconclusive"
    assert found.unsourced
    assert found.confidence == PROBABILITY
    assert found.conflicts == ("number 412 kilometres",)
    assert found.sentence == _RIVER  # the closest sentence, quoted with its place
    assert found.evidence_index == 1
    assert found.start == 0
    assert found.end == len(_RIVER)
    assert "none of the 2 evidence texts gives it" in found.reason


def test_one_text_that_leaves_a_figure_out_asks_nothing() -> None:
    assert unsourced("The Orva river is 412 kilometres long.", [_RIVER], _open([_RIVER])) is None


@pytest.mark.parametrize(
    "claim",
    [
        "The Orva river is 412 kilometres long.",  # given in another unit below
        "The Orva river was first mapped in 1871.",  # the very digits
        "The Orva river is 256 miles long.",  # 412 km in miles
    ],
)
def test_a_figure_any_source_gives_in_any_form_is_not_unsourced(claim: str) -> None:
    texts = [_RIVER, "The Orva (412 km, first mapped 1871) is the region's longest river."]
    assert unsourced(claim, texts, _open(texts)) is None


@pytest.mark.parametrize(
    "claim",
    [
        "The Orva river flooded the farmland during World War 1.",  # a name's number
        "The Orva river fed the farmland in the 17th century.",  # a century
        "The Orva river fed the farmland in the 1800s.",  # a decade
        "As of 2021, the Orva river flows east to the sea.",  # dates the statement
        "The Orva river has four tributaries in the hills.",  # a number word
    ],
)
def test_only_a_figure_in_digits_that_counts_measures_or_dates(claim: str) -> None:
    assert unsourced(claim, _TEXTS, _open(_TEXTS)) is None


def test_evidence_not_about_the_claim_asks_nothing() -> None:
    other = ["The Kessel Dam runs turbines on another stream.", "Tamar has a mill museum."]
    assert unsourced("The Orva river is 412 kilometres long.", other, _open(other)) is None


def test_not_when_a_text_settles_the_claim_or_gives_another_value() -> None:
    supported = Judgement("supported", 0.9, "frames", 1, 0, len(_RIVER), _RIVER)
    claim = "The Orva river is 412 kilometres long."
    assert unsourced(claim, _TEXTS, [_open(_TEXTS)[0], supported]) is None
    conflict = Judgement("inconclusive", 0.3, "frames", 1, 0, 1, "x", conflicts=("a vs b",))
    assert unsourced(claim, _TEXTS, [_open(_TEXTS)[0], conflict]) is None


def test_a_text_whose_conflict_a_guard_dismissed_keeps_its_reading() -> None:
    decision = FrameJudge().decide(
        "The Kestrels formed in 1960.",
        [
            "The Kestrels formed a songwriting partnership in 1957.",
            "The Kestrels recorded their first album in a Liverpool cellar.",
        ],
    )
    assert decision.label == "inconclusive"
    assert "done to something else" in decision.reason


def test_the_unsourced_figure_goes_on_the_review_list_quoting_the_closest_sentence() -> None:
    statement = "The Orva river is 412 kilometres long."
    judgements = FrameJudge().judge_all(statement, _TEXTS)
    evidence = [
        Evidence(
            text,
            f"https://example.org/{n}",
            "Orva",
            f"s{n}",
            0,
            len(text),
            1.0,
            "q",
            "corpus",
            None,
        )
        for n, text in enumerate(_TEXTS)
    ]
    verdict = verdict_of(aggregate(judgements), evidence, ["frames"])
    assert [(q.stance, q.conflicts) for q in verdict.quotes] == [
        ("closest", ["number 412 kilometres"])
    ]
    t = _signal(statement, evidence, verdict)
    assert not t.false_information
    assert t.false_claims == []
    assert t.conflicts == []  # not another value: nothing says otherwise
    assert [r.claim_id for r in t.review] == ["c1"]
    assert t.review[0].why.startswith("check this: no source found gives the claim's number 412")
    assert t.review[0].quote == _RIVER


_MONDECA = [
    "Mondeca is a Paris software firm whose tools manage taxonomies and ontologies.",
    "Founded in 2000, Mondeca sells its ITM thesaurus manager to publishers.",
]


def test_a_rare_name_no_source_writes_is_a_question_for_the_rater() -> None:
    found = unsourced(
        "Some of the tools developed by Mondeca include Intellicontext.",
        _MONDECA,
        _open(_MONDECA),
    )
    assert found is not None
    assert found.unsourced
    assert found.conflicts == ("name Intellicontext",)
    assert found.reason.startswith("unsourced name (name Intellicontext")


@pytest.mark.parametrize(
    ("claim", "texts"),
    [
        # written by a source, singular for plural
        (
            "Mondeca tools are used by Bellflowers.",
            [*_MONDECA, "The Bellflower publishing house uses Mondeca's tools."],
        ),
        # a people, a country, a well-known name: English writes them often
        ("Mondeca's tools are popular with Mexicans.", _MONDECA),
        # an acronym (spelled out as often), a formula
        ("Mondeca's taxonomy tools are used by the CHRO of large firms.", _MONDECA),
        ("Mondeca's tools can model HAuCl4 in ontologies.", _MONDECA),
        # a possessive of the subject the sources name
        ("Mondeca's tools manage ontologies for publishers.", _MONDECA),
    ],
)
def test_no_question_for_a_name_a_source_writes_or_english_knows(
    claim: str, texts: list[str]
) -> None:
    assert unsourced(claim, texts, _open(texts)) is None
