"""The claim said another way: supported with its quote when every value agrees and the rest
is said in other words; refuted when a reworded statement gives another value; and what
keeps a close sentence from stating the claim. The pairs are written for these tests."""

from __future__ import annotations

import pytest

from verifier.judges.frames.frame import frame_of
from verifier.judges.frames.judge import FrameJudge
from verifier.judges.frames.paraphrase import align

SUPPORTED = {
    "the crew for the three men": (
        "The three men splashed down safely in the Pacific Ocean on July 24, 1969.",
        "Apollo 11 was the first crewed Moon landing. The crew returned safely and splashed "
        "down in the Pacific Ocean on July 24, 1969.",
        "The crew returned safely and splashed down in the Pacific Ocean on July 24, 1969.",
    ),
    "the project for the work": (
        "Gaudí took over the work in 1883.",
        "Antoni Gaudí took over the project in 1883 and transformed it with his style.",
        "Antoni Gaudí took over the project in 1883 and transformed it with his style.",
    ),
    "the first ascent for first climbed": (
        "Mount Kessel was first climbed in 1932.",
        "Mount Kessel is the highest peak of the range. The first confirmed ascent was made "
        "on 29 July 1932 by two Austrian climbers.",
        "The first confirmed ascent was made on 29 July 1932 by two Austrian climbers.",
    ),
    "passed away for died": (
        "Emil Halvorsen passed away in Uppsala in November 1948.",
        "Halvorsen died in Uppsala on 9 November 1948 and was buried there.",
        "Halvorsen died in Uppsala on 9 November 1948 and was buried there.",
    ),
    "numbers and ranks in words": (
        "By the 2nd century the town of Orvel was served by 9 wells.",
        "Orvel grew quickly under Roman rule. By the second century, nine wells served the "
        "town of Orvel.",
        "By the second century, nine wells served the town of Orvel.",
    ),
    "a pronoun after a time": (
        "Halvorsen held the chair of physics at Lund from 1905 until he retired in 1936.",
        "Erik Halvorsen returned to Sweden in 1899. In 1905 he accepted the chair of physics "
        "at Lund, a post he held until his retirement in 1936.",
        "In 1905 he accepted the chair of physics at Lund, a post he held until his "
        "retirement in 1936.",
    ),
    "a verb that only introduces the measure": (
        "The Kessel crater measures about 14 km across.",
        "The Kessel crater is about 14 kilometres across and 300 metres deep.",
        "The Kessel crater is about 14 kilometres across and 300 metres deep.",
    ),
}


@pytest.mark.parametrize(("claim", "evidence", "quote"), SUPPORTED.values(), ids=SUPPORTED.keys())
def test_supported_with_its_quote(claim: str, evidence: str, quote: str) -> None:
    decision = FrameJudge().decide(claim, [evidence])
    assert decision.label == "supported", decision.reason
    assert decision.lead is not None
    assert decision.lead.sentence == quote
    start, end = decision.lead.start, decision.lead.end
    assert start is not None
    assert evidence[start:end] == quote
    assert decision.confidence >= 0.8


REFUTED = {
    "a first ascent in another year": (
        "Mount Kessel was first climbed in 1952.",
        "Mount Kessel is the highest peak of the range. The first confirmed ascent was made "
        "on 29 July 1932 by two Austrian climbers.",
    ),
    "founded, said established, another year": (
        "The Acme Company was founded in 1894.",
        "Acme was established in 1874 by two brothers in Ohio.",
    ),
}


@pytest.mark.parametrize(("claim", "evidence"), REFUTED.values(), ids=REFUTED.keys())
def test_a_reworded_statement_with_another_value_refutes(claim: str, evidence: str) -> None:
    decision = FrameJudge().decide(claim, [evidence])
    assert decision.label == "refuted", decision.reason


NOT_SUPPORTED = {
    "a negation on one side": (
        "Gaudí took over the work in 1883.",
        "Antoni Gaudí did not take over the project in 1883.",
    ),
    "another person of the same surname": (
        "Marie Curie died in Paris in 1934.",
        "Pierre Curie died in Paris in 1934 after a street accident.",
    ),
    "a nationality swapped": (
        "The division was sold to a Japanese company in 2009.",
        "The division was sold to a Taiwanese company in 2009.",
    ),
    "a quantifier the sentence lacks": (
        "The Mangwe Bridge is the only road bridge over the Merenga since 2003.",
        "The Mangwe Bridge is a road bridge over the Merenga, opened in 2003.",
    ),
    "a comparison": (
        "Jupiter is less dense than Saturn, at 0.7 grams per cubic centimetre.",
        "Saturn is less dense than Jupiter, at 0.7 grams per cubic centimetre.",
    ),
    "a menu": (
        "The Album was released by Blackpink in 2020.",
        "Blackpink Jisoo Jennie Studio albums The Album 2020 Born Pink 2022",
    ),
    "another count in words": (
        "By the 2nd century the town of Orvel was served by 12 wells.",
        "Orvel grew quickly under Roman rule. By the second century, nine wells served the "
        "town of Orvel.",
    ),
    "another measure after a measuring verb": (
        "The Kessel crater measures about 30 km across.",
        "The Kessel crater is about 14 kilometres across and 300 metres deep.",
    ),
    "she for he": (
        "Halvorsen held the chair of physics at Lund from 1905 until he retired in 1936.",
        "Erik Halvorsen returned to Sweden in 1899. Maria Lind joined him there. In 1905 "
        "she accepted the chair of physics at Lund, a post she held until 1936.",
    ),
    "another person acts between": (
        "Halvorsen held the chair of physics at Lund from 1905 until he retired in 1936.",
        "Erik Halvorsen returned to Sweden in 1899. His pupil Karl Berg joined him there. In "
        "1905 he accepted the chair of physics at Lund, a post he held until 1936.",
    ),
    "found as where a thing is, not a founding": (
        "Peat can be found on Kell Island.",
        "Life on Kell Island relies on bogs and fens, which constitute only a tenth of the peat "
        "on Kell Island.",
    ),
    "what a change of place leaves behind": (
        "Kanbera is the seat of the Orvel regional council.",
        "In 1974 the Orvel regional council moved its seat from Kanbera to Lisk, a new town "
        "on the coast.",
    ),
    "a place name alone": (
        "Land can be found on Earth.",
        "Survival on land relies on the fresh water of rivers and lakes on Earth.",
    ),
}


@pytest.mark.parametrize(("claim", "evidence"), NOT_SUPPORTED.values(), ids=NOT_SUPPORTED.keys())
def test_what_keeps_a_close_sentence_from_stating_the_claim(claim: str, evidence: str) -> None:
    decision = FrameJudge().decide(claim, [evidence])
    assert decision.label != "supported", decision.reason


def test_an_alignment_reads_values_subject_and_words() -> None:
    claim = frame_of("The Acme Company was founded in Ohio in 1894.")
    text = "Acme was established in Ohio in 1874 by two brothers."
    slots = [s for s in claim.slots if s.value.kind in ("year", "name") and s.prep]
    a = align(claim, slots, text, 0, len(text))
    assert a is not None
    assert a.subject == 3
    assert a.confirmed == ("name Ohio",)
    assert [(s.value.text, v.text) for s, v in a.differing] == [("1894", "1874")]
    assert a.said == 1.0
    assert "founded ~ established" in a.how or a.said == 1.0
    assert a.block is None
    assert not a.states


def test_no_alignment_without_the_subject() -> None:
    claim = frame_of("Gaudí took over the work in 1883.")
    text = "Domènech took over the project in 1883."
    slots = [s for s in claim.slots if s.value.kind == "year"]
    assert align(claim, slots, text, 0, len(text)) is None


def test_a_body_named_without_its_country_is_the_claims_body() -> None:
    claim = "Tom Reed was appointed to the U.S. Supreme Court by President Anna Berg in 1981."
    sentence = "In 1981, President Anna Berg appointed Tom Reed to the Supreme Court."
    assert FrameJudge().decide(claim, [sentence]).label == "supported"
    # a body named with another word is not the claim's
    other = "In 1981, President Anna Berg appointed Tom Reed to the Velta Court."
    assert FrameJudge().decide(claim, [other]).label != "supported"
