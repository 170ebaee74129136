"""The one number-and-unit parser: ``PLAIN`` gives what the heuristic judge's own reading
gave (kept here as the oracle); ``MEASURED`` reads units, scales, hedges and counts as the
frames judge's slots did (compared with main's slots over 118,513 sentences of the labelled
data when it moved: notes/bench30-text/oracles)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.text.numbers import Quantity, Reading, quantities_in

# --- the heuristic judge's old copy, as it was ---------------------------------------------
_NUM = re.compile(
    r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?!\w)\s*(%|°[cf]?|(?:percent|per cent|km|"
    r"kilometres|kilometers|miles|m|metres|meters|cm|mm|kg|g|tonnes|tons|lbs?|pounds|years?|"
    r"months?|days?|hours?|minutes?|seconds?|million|billion|trillion|thousand|ppm|feet|ft)\b)?",
    re.IGNORECASE,
)
_YEAR = re.compile(r"^(1[5-9]\d\d|20\d\d)$")
_UNIT_ALIASES = {
    **{"percent": "%", "per cent": "%", "kilometres": "km", "kilometers": "km"},
    **{"metres": "m", "meters": "m", "tons": "tonnes", "lb": "lbs", "pounds": "lbs"},
    **{"year": "years", "month": "months", "day": "days", "hour": "hours"},
    **{"minute": "minutes", "second": "seconds", "ft": "feet"},
}
_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}


def old_heuristic(text: str) -> tuple[list[tuple[float, str]], list[int]]:
    numbers: list[tuple[float, str]] = []
    years: list[int] = []
    for m in _NUM.finditer(text):
        raw, unit = m.group(1), (m.group(2) or "").lower()
        if not unit and _YEAR.match(raw):
            years.append(int(raw))
            continue
        value = float(raw.replace(",", ""))
        unit = _UNIT_ALIASES.get(unit, unit)
        if unit in _SCALE:
            value, unit = value * _SCALE[unit], ""
        numbers.append((value, unit))
    return numbers, years


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


def test_plain_gives_what_the_heuristic_judge_gave() -> None:
    for text in TEXTS:
        assert plain(text) == old_heuristic(text)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=25).map("".join))
def test_plain_gives_what_the_heuristic_judge_gave_on_any_text(text: str) -> None:
    assert plain(text) == old_heuristic(text)


def test_measured_reads_units_scales_hedges_and_counts() -> None:
    text = "It is about 330 metres tall, cost $5m and employs more than 2,000 people."
    found = {q.text: q for q in quantities_in(text)}
    assert found["330 metres"] == Quantity(12, 22, "330 metres", 330.0, "length", 0.03, True)
    assert found["$5m"].value == 5e6
    assert found["$5m"].unit == "usd"
    assert found["2,000 people"].unit == "count:people"
    assert found["2,000 people"].bound == ">"


def test_measured_skips_taken_spans_names_and_lone_number_words() -> None:
    assert quantities_in("COVID-19 spread; it was one.") == []
    assert [q.text for q in quantities_in("In 1889 it was 300 m tall.", taken=[(3, 7)])] == [
        "300 m"
    ]
    assert quantities_in("In 1889 it was 300 m tall.", taken=[(3, 7), (15, 18)]) == []
