"""A comparison read against the values a source gives both sides
(verifier/judges/frames/measured.py)."""

from __future__ import annotations

import pytest

from verifier.judges.frames.judge import FrameJudge
from verifier.judges.frames.measured import dated_readings, measured_readings
from verifier.judges.frames.records import records_of
from verifier.text.parse import parse


def _outcomes(claim: str, text: str) -> list[str]:
    (record,) = records_of(parse(claim))
    return [m.outcome for m, _a, _b in measured_readings(record, text)]


DENSITIES = "The density of Orvan is 1.33 g/cm3, whereas the density of Kessa is 0.69 g/cm3."


@pytest.mark.parametrize(
    ("claim", "outcome"),
    [
        ("Orvan is less dense than Kessa.", "contradiction"),
        ("Orvan is denser than Kessa.", "support"),
        ("Kessa is more dense than Orvan.", "contradiction"),
    ],
)
def test_the_two_values_settle_the_comparison(claim: str, outcome: str) -> None:
    assert _outcomes(claim, DENSITIES) == [outcome]


def test_a_measure_of_less_is_read_the_other_way() -> None:
    text = "Lake Orva is 310 m deep, while Lake Kessa is 95 m deep."
    assert _outcomes("Lake Orva is shallower than Lake Kessa.", text) == ["contradiction"]
    assert _outcomes("Lake Kessa is shallower than Lake Orva.", text) == ["support"]


@pytest.mark.parametrize(
    "text",
    [
        # a table read as text: no part names one side with one value
        "Planet Density Orvan 1.3 91.0 Kessa 0.7 49.0",
        # the sentence compares itself (the records read it)
        "Kessa, at 0.69 g/cm3, is less dense than Orvan at 1.33 g/cm3.",
        # two numbers for one side
        "Orvan has a density of 1.33 g/cm3, while Kessa ranges from 0.6 to 0.8 g/cm3.",
        # values of two units
        "The density of Orvan is 1.33 g/cm3, whereas the density of Kessa is 690 kg/m3.",
        # values as near as their precision
        "The density of Orvan is 1.33 g/cm3, whereas the density of Kessa is 1.331 g/cm3.",
        # another measure
        "Orvan has a mass of 1.9 units, while Kessa has a mass of 0.6 units.",
    ],
)
def test_what_does_not_settle_it(text: str) -> None:
    assert _outcomes("Orvan is less dense than Kessa.", text) == []


def test_the_judge_refutes_and_supports_with_the_values() -> None:
    judge = FrameJudge()
    text = ["Mount Kesh is 8,849 m tall, while Mount Vell is 8,611 m tall."]
    wrong = judge.decide("Mount Vell is taller than Mount Kesh.", text)
    assert wrong.label == "refuted", wrong.reason
    assert wrong.lead is not None
    assert "8,611 m" in wrong.lead.conflicts[0]
    assert judge.decide("Mount Kesh is taller than Mount Vell.", text).label == "supported"


def test_the_reason_names_both_values_with_their_unit() -> None:
    (record,) = records_of(parse("Orvan is less dense than Kessa."))
    text = "Kessa has a density of 0.69 g/cm3, compared with roughly 1.33 g/cm3 for Orvan."
    ((match, _a, _b),) = measured_readings(record, text)
    assert match.detail == "Orvan 1.33 g/cm3 vs Kessa 0.69 g/cm3"


@pytest.mark.parametrize(
    ("claim", "text", "outcome"),
    [
        # a ratio of the other side's value, said of either side
        (
            "Orvan is larger than Kessa.",
            "Orvan has a diameter of 6,779 km, half that of Kessa.",
            "contradiction",
        ),
        (
            "Kessa is larger than Orvan.",
            "Orvan has a diameter of 6,779 km, half that of Kessa.",
            "support",
        ),
        (
            "Orvan has less mass than Kessa.",
            "Orvan weighs in at 318 times the mass of Kessa.",
            "contradiction",
        ),
        (
            "Orvan has a larger population than Kessa.",
            "Kessa has more than four times the population of neighbouring Orvan.",
            "contradiction",
        ),
        # a distance, an equivalent in other units set off after the value
        (
            "Orvan is farther from the star than Kessa is.",
            "Orvan orbits at about 108 million km, roughly 0.72 units, while Kessa lies at a "
            "distance of about 228 million km.",
            "contradiction",
        ),
        # a bare number closing its part is in the other side's unit
        (
            "Orvan is less dense than Kessa.",
            "Orvan has a density of 19.3 g/cm3, while Kessa measures about 11.3.",
            "contradiction",
        ),
        # a point named by what happens there
        (
            "Orvan has a higher melting point than Kessa.",
            "Orvan melts at 660 °C, whereas Kessa melts at about 1,538 °C.",
            "contradiction",
        ),
        # an astronomical unit however written
        (
            "Orvan orbits farther from the star than Kessa does.",
            "Orvan orbits at about 0.72 astronomical units, while Kessa orbits at roughly 1.52 AU.",
            "contradiction",
        ),
        # a size by a radius
        (
            "Orvan is larger than Kessa.",
            "Kessa has a radius of 69,900 km, while Orvan measures 58,200 km.",
            "contradiction",
        ),
    ],
)
def test_ratios_distances_sizes_and_bare_values(claim: str, text: str, outcome: str) -> None:
    assert _outcomes(claim, text) == [outcome]


@pytest.mark.parametrize(
    ("claim", "text"),
    [
        # a radius against a diameter: each side its own measure
        (
            "Orvan is larger than Kessa.",
            "Kessa has a radius of 69,900 km, while Orvan has a diameter of 116,000 km.",
        ),
        # a distance against a diameter
        (
            "Orvan is farther from the star than Kessa is.",
            "Orvan orbits at 108 million km, while Kessa has a diameter of 6,779 km.",
        ),
        # a larger city by its area is not read ("larger" is often the more populous)
        ("Orvan is larger than Kessa.", "Orvan covers 1,302 km2, while Kessa covers 783 km2."),
        # a ratio of another measure
        ("Orvan has a larger population than Kessa.", "Orvan has twice the area of Kessa."),
        # a ratio between one side and a third
        ("Orvan is larger than Kessa.", "Orvan has a diameter of 6,779 km, half that of Vell."),
    ],
)
def test_what_a_ratio_or_size_does_not_settle(claim: str, text: str) -> None:
    assert _outcomes(claim, text) == []


def test_decimal_commas_are_read_as_decimals() -> None:
    # "1,33" is 1.33, not 133; "0,687" is 0.687, not 687
    text = "The density of Orvan is 1,33 g/cm3 whereas the density of Kessa is only 0,687 g/cm3."
    assert _outcomes("Orvan is less dense than Kessa.", text) == ["contradiction"]
    assert _outcomes("Orvan is denser than Kessa.", text) == ["support"]
    # "1,330" beside a decimal comma may be either: the sentence is not read
    text = "The density of Orvan is 1,330 g/cm3 whereas the density of Kessa is only 0,687 g/cm3."
    assert _outcomes("Orvan is less dense than Kessa.", text) == []


@pytest.mark.parametrize(
    ("claim", "outcome"),
    [
        ("Orvan College is younger than Kessa College.", "contradiction"),
        ("Orvan College is older than Kessa College.", "support"),
        ("Kessa College is older than Orvan College.", "contradiction"),
    ],
)
def test_an_age_read_from_the_dates_each_side_came_to_be(claim: str, outcome: str) -> None:
    text = "Founded in 1636, Orvan College is the oldest in the region. Kessa College was established in 1701."
    (record,) = records_of(parse(claim))
    assert [m.outcome for m, _a, _b in dated_readings(record, text)] == [outcome]


def test_a_part_dated_is_not_its_whole() -> None:
    (record,) = records_of(parse("Kessa College is older than Orvan College."))
    text = "Orvan College was founded in 1636. Kessa College's library was built in 1931."
    assert dated_readings(record, text) == []
