"""Relations, stems and claim frames (verifier/judges/frames/relations.py, frames.py)."""

from __future__ import annotations

import pytest

from verifier.judges.frames.frame import frame_of, subject_match
from verifier.judges.frames.relations import is_verb, relation_of
from verifier.text.stem import stem


@pytest.mark.parametrize(
    ("words", "relation"),
    [
        (["set up", "established", "founded", "founding"], "found"),
        (["died", "death", "dies"], "die"),
        (["born", "birth"], "born"),
        (["awarded", "won", "received", "shared"], "award"),
        (["completed", "finished", "built", "constructed"], "build"),
        (["opened", "inaugurated", "unveiled"], "open"),
        (["located", "lies", "situated"], "locate"),
        (["invented", "designed", "devised"], "create"),
        (["discovered", "discovery", "isolated"], "discover"),
        (["height", "tall", "elevation"], "high"),
        (["broke out", "took place", "occurred"], "occur"),
    ],
)
def test_relation_equivalents(words: list[str], relation: str) -> None:
    for word in words:
        parts = word.split()
        if len(parts) == 1:
            assert relation_of(stem(word)) == relation, word
        else:
            frame = frame_of(f"The fire {word} in 1666.")
            assert frame.relation == relation, word


def test_stems_meet_across_forms() -> None:
    assert stem("discovered") == stem("discovery") == stem("discover") == stem("discovers")
    assert stem("completed") == stem("completion") == stem("complete")
    assert is_verb("bought")
    assert is_verb("runs")
    assert not is_verb("Alfred")


def test_frame_subject_relation_and_anchored_slots() -> None:
    f = frame_of("Marie Curie was born in Warsaw on 7 November 1867 and died on 4 July 1934.")
    assert f.subject == "Marie Curie"
    assert f.subject_names == ("marie curie",)
    assert f.relation == "born"
    anchors = {s.value.text: s.relation for s in f.slots}
    assert anchors["7 November 1867"] == "born"
    assert anchors["4 July 1934"] == "die"  # each value to the nearest relation
    assert anchors["Warsaw"] == "born"
    warsaw = next(s for s in f.slots if s.value.text == "Warsaw")
    assert warsaw.prep == "in"


def test_leading_phrases_and_pronouns() -> None:
    assert frame_of("In 1903 Marie Curie shared the prize.").subject == "Marie Curie"
    assert frame_of("With an elevation of 6,412 metres (21,037 ft), it is high.").subject == "it"
    f = frame_of("Linus Pauling is the only person to have won two prizes.")
    assert f.exclusive is not None
    assert f.exclusive.value.text == "only"
    # an ordinal inside the subject is a modifier, not an exclusive claim
    assert frame_of("The first edition was won by Stanisław Wrona.").exclusive is None


def test_subject_match_levels() -> None:
    claim = frame_of("Marie Curie died in 1952.")
    passage = "Marie Curie was born in Warsaw. She died on 4 July 1934. Pierre Curie died in 1906."
    she = frame_of("She died on 4 July 1934.")
    assert subject_match(claim, frame_of("Marie Curie died on 4 July 1934."), passage, 0) == 3
    assert subject_match(claim, she, passage, passage.index("She")) == 3  # she = the person
    assert subject_match(claim, frame_of("Pierre Curie died in 1906."), passage, 0) == 0
    thing = frame_of("The Nobel Prizes were first awarded in 1901.")
    # "she" cannot stand for a prize
    assert subject_match(thing, she, "The Nobel Prizes. " + she.text, 18) == 0
    named = frame_of("The theory was proposed by Alfred Wegener in 1912.")
    assert subject_match(frame_of("Alfred Wegener proposed it in 1921."), named, "", 0) == 2


def test_a_doer_after_by_is_the_act_before_it() -> None:
    """ "directed by Will Gluck, written by Bert Royal": each doer is the act's before
    "by", not the nearest act word after it."""
    found = frame_of(
        "Easy A is a 2010 comedy film directed by Will Gluck, written by Bert Royal and "
        "starring Emma Stone."
    )
    doers = {s.value.text: s.relation for s in found.slots if s.prep == "by"}
    assert doers["Will Gluck"] == "direct"
    assert doers["Bert Royal"] == "write"


@pytest.mark.parametrize("hedge", ["", "about ", "around ", "approximately "])
def test_a_figure_of_a_measure_is_that_measure_past_a_hedge(hedge: str) -> None:
    frame = frame_of(f"Lake Velta reaches a maximum depth of {hedge}800 metres.")
    (slot,) = [s for s in frame.slots if s.value.kind == "quantity"]
    assert (slot.prep, slot.relation, slot.label) == ("of", "deep", "deep")


def test_a_superlatives_label_is_its_noun_not_the_subject() -> None:
    frame = frame_of("Velta is the largest planet in the Orva System.")
    assert frame.exclusive is not None
    assert frame.exclusive.label == "planet"
