"""The cost of a slip by its kind, and the word a misspelling most likely meant."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from verifier.rubric.slips import most_likely, slip_cost


@pytest.mark.parametrize(
    ("word", "meant", "cost"),
    [
        ("untill", "until", 0.5),  # a single letter doubled
        ("finaly", "finally", 0.5),  # a double letter written single
        ("recieve", "receive", 0.5),  # two neighbours swapped
        ("seperate", "separate", 0.6),  # a vowel for a vowel
        ("rythm", "rhythm", 0.6),  # a silent h
        ("enviroment", "environment", 1.0),  # a consonant left out
        ("hte", "the", 0.5),  # the first two letters swapped: no first-letter cost
        ("xhe", "the", 2.0),  # the first letter changed costs one more
    ],
)
def test_each_kind_of_slip_has_its_cost(word: str, meant: str, cost: float) -> None:
    assert slip_cost(word, meant) == pytest.approx(cost)


_WORDS = st.text(alphabet="abcdehilnorstuy", min_size=1, max_size=9)


@given(_WORDS, _WORDS)
def test_a_slip_costs_no_more_than_plain_edits_and_is_free_only_for_the_word(
    word: str, meant: str
) -> None:
    cost = slip_cost(word, meant)
    # every edit costs 0.5 to 1, and a changed first letter 1 more
    assert cost <= len(word) + len(meant) + 1
    assert (cost == 0) == (word == meant)


def test_the_likeliest_word_weighs_the_slip_against_the_frequency() -> None:
    zipf = {"finally": 5.2, "final": 5.0, "finale": 3.4, "tongue": 4.4, "lounge": 4.1}.get
    assert most_likely("finaly", ["final", "finale", "finally"], lambda w: zipf(w) or 0.0) == (
        "finally",
        0.5,
    )
    assert most_likely("tounge", ["lounge", "tongue"], lambda w: zipf(w) or 0.0) == ("tongue", 1.4)
    assert most_likely("xyz", [], lambda w: 0.0) is None


def test_an_apostrophe_left_out_is_the_cheapest_slip() -> None:
    assert slip_cost("youre", "you're") < slip_cost("youre", "your")
    assert slip_cost("theyre", "they're") < slip_cost("theyre", "there")
