"""The one number-and-unit parser: ``PLAIN`` reads as the heuristic judge's own reading did
(moved here unchanged; what it gives on sentences with units, scales and years is pinned
below); ``MEASURED`` reads units, scales, hedges and counts as the
frames judge's slots did (compared with main's slots over 118,513 sentences of the labelled
data when it moved: notes/bench30-text/oracles)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.text.numbers import Quantity, Reading, quantities_in


def plain(text: str) -> tuple[list[tuple[float, str]], list[int]]:
    found = quantities_in(text, Reading.PLAIN)
    return (
        [(q.value, q.unit) for q in found if q.kind == "number"],
        [int(q.value) for q in found if q.kind == "year"],
    )


TEXTS = [
    "The tower is 330 metres (1,083 ft) tall and was completed in 1889.",
    "Sales rose 12.5 per cent to 3 million units; 2,000 kilometres; 40 °C; 7 years",
    "In 1492, 1500 and 2099 but not 2100 or 1499; 5 billion people, 12 lbs, 3 pounds.",
]
WORDS = [" ", "1", "9", "0", ",", ".", "15", "20", "99", "000", "km", "%", "°c", "per cent"]
WORDS += ["million", "years", "day", "m", "ft", "x", "-", "thousand", "Metres", "PPM"]


PLAIN_READINGS = [
    ([(330.0, "m"), (1083.0, "feet")], [1889]),
    ([(12.5, "%"), (3000000.0, ""), (2000.0, "km"), (40.0, "°c"), (7.0, "years")], []),
    (
        [(1492.0, ""), (2100.0, ""), (1499.0, ""), (5000000000.0, ""), (12.0, "lbs"), (3.0, "lbs")],
        [1500, 2099],
    ),
]


@pytest.mark.parametrize(("text", "expected"), list(zip(TEXTS, PLAIN_READINGS, strict=True)))
def test_plain_reads_as_the_heuristic_judge_did(
    text: str, expected: tuple[list[tuple[float, str]], list[int]]
) -> None:
    assert plain(text) == expected


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=25).map("".join))
def test_plain_years_are_bare_four_digit_years(text: str) -> None:
    _numbers, years = plain(text)
    assert all(1500 <= y <= 2099 for y in years)


def test_measured_reads_units_scales_hedges_and_counts() -> None:
    text = "It is about 330 metres tall, cost $5m and employs more than 2,000 people."
    found = {q.text: q for q in quantities_in(text)}
    assert found["330 metres"] == Quantity(12, 22, "330 metres", 330.0, "length", 0.03, True)
    assert found["$5m"].value == 5e6
    assert found["$5m"].unit == "usd"
    assert found["2,000 people"].unit == "count:people"
    assert found["2,000 people"].bound == ">"


@pytest.mark.parametrize(
    "text", ["1.4 billion inhabitants", "1.4 billion residents", "a city of 1.4 billion persons"]
)
def test_a_headcount_of_inhabitants_residents_or_persons_counts_people(text: str) -> None:
    assert [q.unit for q in quantities_in(text)] == ["count:people"]


def test_pairs_count_what_they_are_pairs_of() -> None:
    (legs,) = quantities_in("Spiders walk on four pairs of jointed legs.")
    assert (legs.text, legs.value, legs.unit) == ("four pairs of jointed legs", 8.0, "count:leg")
    assert [(q.value, q.unit) for q in quantities_in("A spider has eight legs.")] == [
        (8.0, "count:leg")
    ]


def test_measured_skips_taken_spans_names_and_lone_number_words() -> None:
    assert quantities_in("COVID-19 spread; it was one.") == []
    assert [q.text for q in quantities_in("In 1889 it was 300 m tall.", taken=[(3, 7)])] == [
        "300 m"
    ]
    assert quantities_in("In 1889 it was 300 m tall.", taken=[(3, 7), (15, 18)]) == []


@pytest.mark.parametrize("text", ["in the 3rd century", "the 21st floor", "his 2nd term"])
def test_an_ordinal_in_digits_is_a_rank_not_a_count(text: str) -> None:
    assert quantities_in(text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("fourteen bones", 14.0),
        ("sixteen players", 16.0),
        ("eighty thousand spectators", 80_000.0),
        ("ninety-nine problems", 99.0),
        ("seventy-two islands", 72.0),
    ],
)
def test_every_number_word_is_read_whole(text: str, value: float) -> None:
    # ("eighty" was read as "eight" followed by a letter: a name's number, no value)
    (quantity,) = quantities_in(text)
    assert quantity.value == value


def test_a_number_word_with_a_scale_is_a_figure_without_a_noun() -> None:
    (quantity,) = quantities_in("a population of around thirty-seven million")
    assert quantity.value == 37_000_000.0
    assert quantity.approx
    # a number word alone is still no figure
    assert quantities_in("one of the best") == []
