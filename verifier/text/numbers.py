"""The one number-and-unit parser: the quantities a text states, at two named readings.

:func:`quantities_in` finds numbers (digits, "1,234.5", number words) with what follows
them; how far it reads is the caller's explicit choice (:class:`Reading`):

- ``MEASURED`` (the default): a number in its dimension's base unit (``length`` in metres,
  ``usd``, ``percent``, ``temperature`` in °C ...) or with the noun it counts
  (``count:employee``); scale words ("5 million", "$5m", "3bn"), compounds ("a 10-year
  study"), a hedge before it ("about", "more than": approximate, a bound), the tolerance
  its precision allows; not inside a name ("COVID-19"), not a lone number word, not a
  span the caller took already. The frames judge's quantities.
- ``PLAIN``: a number with an optional unit word from a short list, the unit as written
  but for aliases ("kilometres" is "km", "per cent" is "%"), scale words multiplied in; a
  whole unitless number from 1500 to 2099 is a year (``kind == "year"``). The heuristic
  judge's numbers and years.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import Enum
from typing import Literal, NamedTuple

from verifier.text.months import MONTH_NAMES, WEEKDAYS
from verifier.text.spans import DIGIT
from verifier.text.stem import Stemming, stem

__all__ = ["PEOPLE", "UNITS", "Quantity", "Reading", "number_words", "quantities_in", "word_number"]


class Reading(Enum):
    """How far :func:`quantities_in` reads (see the module's description)."""

    MEASURED = "measured"
    PLAIN = "plain"


class Quantity(NamedTuple):
    """A number at ``text == sentence[start:end]``: its value (in the base unit when
    measured), its unit ("" for none), the relative tolerance its precision allows, whether
    it is hedged as approximate, and the bound a word before it sets ("<", ">" or "")."""

    start: int
    end: int
    text: str
    value: float
    unit: str = ""
    tolerance: float = 0.0
    approx: bool = False
    bound: str = ""
    kind: Literal["number", "year"] = "number"


def quantities_in(
    text: str, how: Reading = Reading.MEASURED, taken: Sequence[tuple[int, int]] = ()
) -> list[Quantity]:
    """The quantities of ``text`` read ``how``, in order; ``MEASURED`` skips a number
    inside a ``taken`` span or a quantity found before it."""
    if how is Reading.PLAIN:
        return _plain(text)
    if DIGIT.search(text) is None and _HAS_NUMBER_WORD.search(text.lower()) is None:
        return []
    spans = list(taken)
    out: list[Quantity] = []
    for m in _quantities(text):
        n0, n1 = m.start("num"), m.end("num")
        if any(s < n1 and n0 < e for s, e in spans) or _ordinal_suffix(text, n1):
            continue
        quantity = _quantity(text, m)
        if quantity is not None:
            out.append(quantity)
            spans.append((quantity.start, quantity.end))
    return out


def _ordinal_suffix(text: str, end: int) -> bool:
    """The digits ending at ``end`` are an ordinal ("3rd", "21st"): a rank, not a count."""
    suffix = text[end : end + 2].lower()
    return suffix in ("st", "nd", "rd", "th") and not text[end + 2 : end + 3].isalpha()


# --- PLAIN -----------------------------------------------------------------------------------
# value and unit as groups, the unit from a short list
_PLAIN = re.compile(
    r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?!\w)\s*(%|°[cf]?|(?:percent|per cent|km|"
    r"kilometres|kilometers|miles|m|metres|meters|cm|mm|kg|g|tonnes|tons|lbs?|pounds|years?|"
    r"months?|days?|hours?|minutes?|seconds?|million|billion|trillion|thousand|ppm|feet|ft)\b)?",
    re.IGNORECASE,
)
# not text.YEAR on purpose: a whole unitless number read as a year, 1500-2099 only
_PLAIN_YEAR = re.compile(r"^(1[5-9]\d\d|20\d\d)$")
_PLAIN_ALIASES = {
    "percent": "%",
    "per cent": "%",
    "kilometres": "km",
    "kilometers": "km",
    "metres": "m",
    "meters": "m",
    "tons": "tonnes",
    "lb": "lbs",
    "pounds": "lbs",
    "year": "years",
    "month": "months",
    "day": "days",
    "hour": "hours",
    "minute": "minutes",
    "second": "seconds",
    "ft": "feet",
}
_PLAIN_SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}


def _plain(text: str) -> list[Quantity]:
    out: list[Quantity] = []
    for m in _PLAIN.finditer(text):
        raw, unit = m.group(1), (m.group(2) or "").lower()
        if not unit and _PLAIN_YEAR.match(raw):
            out.append(Quantity(m.start(), m.end(), m.group(), float(raw), kind="year"))
            continue
        value = float(raw.replace(",", ""))
        unit = _PLAIN_ALIASES.get(unit, unit)
        if unit in _PLAIN_SCALES:
            value, unit = value * _PLAIN_SCALES[unit], ""
        out.append(Quantity(m.start(), m.end(), m.group(), value, unit))
    return out


# --- MEASURED --------------------------------------------------------------------------------
_HAS_NUMBER_WORD = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
    r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|"
    r"sixty|seventy|eighty|ninety|hundred|dozen)\b"
)
_CALENDAR_WORDS = frozenset([*MONTH_NAMES, *WEEKDAYS])

_WORD_NUMBERS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "hundred": 100,
    "dozen": 12,
}
_SCALES = {
    "thousand": 1e3,
    "million": 1e6,
    "billion": 1e9,
    "trillion": 1e12,
    "bn": 1e9,
    "m": 1e6,
    "k": 1e3,
}
# unit word -> (dimension, factor to the base unit); °F handled apart
UNITS: dict[str, tuple[str, float]] = {}


def _unit(dimension: str, factor: float, *names: str) -> None:
    for name in names:
        UNITS[name] = (dimension, factor)


_unit("length", 1.0, "m", "metre", "metres", "meter", "meters")
_unit("length", 1000.0, "km", "kilometre", "kilometres", "kilometer", "kilometers")
_unit("length", 0.01, "cm", "centimetre", "centimetres", "centimeter", "centimeters")
_unit("length", 0.001, "mm", "millimetre", "millimetres", "millimeter", "millimeters")
_unit("length", 1e-6, "µm", "micrometre", "micrometres", "micrometer", "micrometers", "microns")
_unit("length", 1e-9, "nm", "nanometre", "nanometres", "nanometer", "nanometers")
_unit("length", 1609.344, "mi", "mile", "miles")
_unit("length", 0.3048, "ft", "foot", "feet")
_unit("length", 0.0254, "inch", "inches")
_unit("length", 0.9144, "yard", "yards", "yd")
_unit("length", 9.4607e15, "light-year", "light-years", "light year", "light years")
_unit("mass", 1.0, "kg", "kilogram", "kilograms", "kilo", "kilos")
_unit("mass", 0.001, "g", "gram", "grams")
_unit("mass", 1e-6, "mg", "milligram", "milligrams")
_unit("mass", 1e-9, "mcg", "µg", "microgram", "micrograms")
_unit("mass", 1000.0, "t", "tonne", "tonnes", "ton", "tons", "metric tons")
_unit("mass", 0.45359237, "lb", "lbs", "pound", "pounds")
_unit("mass", 0.0283495, "oz", "ounce", "ounces")
_unit("area", 1e6, "km2", "km²", "sq km", "square kilometres", "square kilometers")
_unit("area", 1.0, "m2", "m²", "square metres", "square meters", "sq m")
_unit("area", 2.589988e6, "sq mi", "square miles", "square mile")
_unit("area", 1e4, "ha", "hectare", "hectares")
_unit("area", 4046.856, "acre", "acres")
_unit("volume", 1.0, "l", "litre", "litres", "liter", "liters")
_unit("volume", 0.001, "ml", "millilitre", "millilitres", "milliliter", "milliliters")
_unit("volume", 1000.0, "m3", "m³", "cubic metres", "cubic meters")
_unit("volume", 3.785411, "gallon", "gallons", "gal")
_unit("flow", 1.0, "m3/s", "m³/s", "cubic metres per second", "cubic meters per second")
_unit("time", 1.0, "s", "sec", "second", "seconds")
_unit("time", 60.0, "min", "minute", "minutes")
_unit("time", 3600.0, "h", "hr", "hrs", "hour", "hours")
_unit("time", 86400.0, "day", "days")
_unit("time", 604800.0, "week", "weeks")
_unit("time", 2.6298e6, "month", "months")
_unit("time", 3.15576e7, "year", "years", "yr", "yrs")
_unit("speed", 1 / 3.6, "km/h", "kph", "kilometres per hour", "kilometers per hour")
_unit("speed", 0.44704, "mph", "miles per hour")
_unit("speed", 1.0, "m/s", "metres per second", "meters per second")
_unit("temperature", 1.0, "°c", "°", "degrees celsius", "degrees c", "celsius", "c")
_unit("percent", 1.0, "%", "percent", "per cent", "percentage points")
_unit("energy", 1.0, "j", "joule", "joules")
_unit("power", 1.0, "w", "watt", "watts")
_unit("power", 1e3, "kw", "kilowatt", "kilowatts")
_unit("power", 1e6, "mw", "megawatt", "megawatts")
_unit("power", 1e9, "gw", "gigawatt", "gigawatts")
_unit("data", 1.0, "bit", "bits")
_unit("data", 8.0, "byte", "bytes")
_CURRENCY = {"$": "usd", "us$": "usd", "€": "eur", "£": "gbp", "¥": "jpy"}
_CURRENCY_WORDS = {
    "dollar": "usd",
    "dollars": "usd",
    "usd": "usd",
    "euro": "eur",
    "euros": "eur",
    "eur": "eur",
    "pounds sterling": "gbp",
    "gbp": "gbp",
    "yen": "jpy",
}
# (the longest word first: "eighty" is no "eight" and a "y")
_NUMBER_WORD_ALTERNATION = "|".join(sorted(_WORD_NUMBERS, key=len, reverse=True))
_NUMBER = (
    r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|(?:"
    + _NUMBER_WORD_ALTERNATION
    + r")(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?)"
)
_APPROX = re.compile(
    r"\b(?:about|around|approximately|approx\.?|roughly|nearly|almost|some|over|more than|"
    r"less than|under|fewer than|up to|at least|at most|close to|just over|just under|"
    r"an estimated|estimated|circa|c\.|ca\.|~)\s*$",
    re.IGNORECASE,
)
_LOWER_BOUND = re.compile(
    r"\b(?:over|more than|at least|above|exceeding|upwards of|in excess of|just over|"
    r"greater than)\s+(?:about\s+|around\s+)?$",
    re.IGNORECASE,
)
_UPPER_BOUND = re.compile(
    r"\b(?:under|less than|fewer than|at most|up to|below|no more than|just under)\s+"
    r"(?:about\s+|around\s+)?$",
    re.IGNORECASE,
)
_QUANTITY = re.compile(
    rf"(?P<cur>US\$|[$€£¥])?\s?(?P<num>{_NUMBER})(?P<scale>\s?(?:thousand|million|billion|trillion|bn|m|k)\b)?"
    r"(?P<tail>(?:\s?(?:%|°\s?[cfCF]?|[^\W\d_][\w²³/.-]*))(?:\s[^\W\d_][\w²³/-]*){0,4})?",
    re.IGNORECASE,
)
_UNIT_NAMES = frozenset([*UNITS, *_CURRENCY_WORDS, "°f", "degrees fahrenheit", "fahrenheit", "f"])


def _unit_and_noun(tail: str) -> tuple[str, int, str, int]:
    """The unit that opens ``tail`` (longest first, up to three words) and the word after
    it: ``(unit, unit end, noun, noun end)``, offsets into ``tail``."""
    words = [(m.start(), m.end(), m.group()) for m in re.finditer(r"\S+", tail)]
    unit, unit_end, first = "", 0, 0
    for n in (4, 3, 2, 1):
        if len(words) >= n:
            candidate = " ".join(w for _s, _e, w in words[:n]).lower().rstrip(".,;:")
            if candidate.replace("° ", "°") in _UNIT_NAMES:
                unit, unit_end, first = (
                    candidate.replace("° ", "°"),
                    words[n - 1][2].rstrip(".,;:").__len__() + words[n - 1][0],
                    n,
                )
                break
    noun, noun_end = "", unit_end
    if first < len(words):
        start, _end, word = words[first]
        word = word.rstrip(".,;:)")
        if re.fullmatch(r"[a-z][a-z-]{2,}", word):
            noun, noun_end = word, start + len(word)
    return unit, unit_end, noun, noun_end


_ADJECTIVE = re.compile(
    r"^(?:different|other|new|old|major|minor|main|separate|distinct|large|small|big|"
    r"great|new|more|additional|further|full|whole|official|known|recorded|confirmed|"
    r"\w+(?:al|ent|ive|ous|ful|ic|able|ible|ary|est|ed))$"
)


_QUANTITY_START = re.compile(
    r"(?:US\$|[$€£¥])|(?<![\w.,])\d|\b(?:" + _NUMBER_WORD_ALTERNATION + r")\b", re.IGNORECASE
)


_COMPOUND = re.compile(r"-([a-z]{3,})\b")


def _quantities(sentence: str) -> list[re.Match[str]]:
    """The quantity pattern tried only where a number or currency sign starts (a full scan
    with the unit alternation costs ten times more)."""
    out = []
    pos = 0
    while (start := _QUANTITY_START.search(sentence, pos)) is not None:
        m = _QUANTITY.match(sentence, start.start())
        if m is None or m.end() == m.start():
            pos = start.end()
            continue
        out.append(m)
        pos = max(m.end(), start.end())
    return out


def _number(raw: str) -> float | None:
    raw = raw.strip().lower()
    if raw in _WORD_NUMBERS:
        return float(_WORD_NUMBERS[raw])
    parts = re.split(r"[- ]", raw)
    if len(parts) == 2 and parts[0] in _WORD_NUMBERS and parts[1] in _WORD_NUMBERS:
        return float(_WORD_NUMBERS[parts[0]] + _WORD_NUMBERS[parts[1]])
    try:
        return float(raw.replace(",", ""))
    except ValueError:
        return None


def _precision(raw: str, value: float) -> float:
    """The relative tolerance of a number as written: half its last significant digit."""
    digits = raw.replace(",", "").strip()
    if not digits or not digits[0].isdigit() or value == 0:
        return 0.0
    if "." in digits:
        step = 10.0 ** -len(digits.split(".")[1])
    else:
        stripped = digits.rstrip("0")
        step = 10.0 ** (len(digits) - len(stripped)) if stripped else 1.0
        if stripped and stripped != digits:
            # a round number's zeros may or may not be significant: "100" is not anything
            # from 50 to 150 ("100 billion neurons" is no 86 billion), at most a tenth off
            return min(0.5 * step / abs(value), _ROUND_AT_MOST)
    return 0.5 * step / abs(value)


# the most a round number ("100", "1,000", "300") is read as approximate, relative
_ROUND_AT_MOST = 0.1
# counts under this, with no hedge, are exact
_EXACT_BELOW = 100.0


def _quantity(sentence: str, m: re.Match[str]) -> Quantity | None:
    """The quantity a match of ``_QUANTITY`` states, or None (part of a name, a lone
    "one", a count of days...)."""
    value = _number(m.group("num"))
    if value is None or _inside_a_name(sentence, m):
        return None
    start = m.start("num") if not m.group("cur") else m.start()
    compound = _COMPOUND.match(sentence, m.end("num"))
    if compound and not m.group("scale") and not m.group("cur"):
        return _compound_quantity(sentence, start, compound, value)
    return _measured_quantity(sentence, m, start, value)


def _inside_a_name(sentence: str, m: re.Match[str]) -> bool:
    """Whether the number is part of a name: "SARS-CoV-2", "COVID-19", "radium-226", "G3P"."""
    n0, n1 = m.start("num"), m.end("num")
    if n0 > 0 and (sentence[n0 - 1] in "-/" or sentence[n0 - 1].isalpha()):
        return True
    return (
        n1 < len(sentence)
        and sentence[n1].isalpha()
        and sentence[n1 : n1 + 2].lower() not in ("bn",)
        and not m.group("scale")
        and not m.group("tail")
    )


def _compound_quantity(
    sentence: str, start: int, compound: re.Match[str], value: float
) -> Quantity:
    """ "a five-carbon sugar", "a three-tier bridge", "a 10-year study": the noun (or unit)
    is joined to the number."""
    noun = compound.group(1).lower()
    if noun in UNITS and noun not in ("in", "s", "t", "g", "l", "h", "m"):
        dimension, factor = UNITS[noun]
    else:
        dimension, factor = _count_of(noun), 1.0
    text = sentence[start : compound.end()]
    return Quantity(start, compound.end(), text, value * factor, dimension)


class _Tail(NamedTuple):
    """What follows a number: its scale word, its unit word and the noun after them
    (offsets into the sentence)."""

    scale_word: str
    unit_word: str
    unit_end: int
    noun: str
    noun_end: int
    times: float = 1.0  # "four pairs of legs": eight legs


# "four pairs of jointed legs": what the pairs are of, past its adjectives
_PAIRS_OF = re.compile(
    r"\s+of\s+(?:(?:[a-z]+(?:al|ed|ent|ive|ous|ic|ar|y)|long|short|small|large)\s+)*([a-z][a-z-]{2,})\b"
)


def _counted_after(rest: str) -> str:
    """The noun a number counts after its first adjective: "two small moons", "two small,
    irregularly shaped moons" (up to three more adjectives or adverbs, commas between)."""
    for _ in range(4):
        nxt = re.match(r",?\s+([a-z][a-z-]{2,})", rest)
        if nxt is None:
            return ""
        word = nxt.group(1).lower()
        if not (_ADJECTIVE.match(word) or word.endswith("ly")):
            return word
        rest = rest[nxt.end() :]
    return ""


def _tail(sentence: str, m: re.Match[str]) -> _Tail | None:
    """The number's scale, unit and noun; None when the noun is a calendar word (a
    count of days, months...)."""
    scale_word = (m.group("scale") or "").strip().lower()
    tail_start = m.start("tail") if m.group("tail") else m.end()
    unit_word, unit_end, noun, noun_end = _unit_and_noun(m.group("tail") or "")
    if noun in _CALENDAR_WORDS:
        return None
    if noun and _ADJECTIVE.match(noun):
        noun = _counted_after(sentence[tail_start + noun_end :])
    # "m" after a number is metres unless money came first ("$5m")
    if scale_word == "m" and not m.group("cur") and not unit_word:
        unit_word, scale_word = "m", ""
    if noun in ("pair", "pairs") and not unit_word:
        of = _PAIRS_OF.match(sentence, tail_start + noun_end)
        if of is not None:
            return _Tail(scale_word, "", tail_start, of.group(1), of.end(1), 2.0)
    return _Tail(scale_word, unit_word, tail_start + unit_end, noun, tail_start + noun_end)


def _measured_quantity(
    sentence: str, m: re.Match[str], start: int, value: float
) -> Quantity | None:
    """A number with its scale, unit (or the noun it counts), hedge and tolerance."""
    tail = _tail(sentence, m)
    if tail is None:
        return None
    raw_num = m.group("num")
    is_word = raw_num[0].isalpha()
    scale = _SCALES.get(tail.scale_word, 1.0)
    value *= scale * tail.times
    end = m.end("scale") if m.group("scale") else m.end("num")
    if tail.unit_word:
        end = tail.unit_end
    approx, bound = _hedge(sentence[max(0, start - 25) : start])
    tolerance = _precision(raw_num, value / scale) if not is_word else 0.0
    if approx:
        tolerance = max(tolerance, 0.03)
    value, unit, tolerance = _in_unit(sentence, m, (start, end), tail.unit_word, value, tolerance)
    if not unit:
        # a number word with a scale is a figure ("around thirty-seven million"), noun or not
        counted = _counted(tail.noun, is_word and scale == 1.0)
        if counted is None:
            return None
        if counted:
            unit, end = counted, tail.noun_end
    if is_word and value == 1.0 and unit in ("count:of", "count:the"):
        return None  # "one of the": not a count
    if unit.startswith("count:") and scale == 1.0 and value < _EXACT_BELOW and not approx:
        # a few things counted are counted exactly: "30 member states" is no 27, "10 moons"
        # no 9 (a hedge, "about 30", or a large count, "17,000 islands", is loose)
        tolerance = 0.0
    text = sentence[start:end]
    return Quantity(start, end, text, value, unit, tolerance, approx, bound)


def _hedge(before: str) -> tuple[bool, str]:
    """Whether the words before a number make it approximate ("about"), and the bound
    they set (">" for "over", "<" for "under", "" for none)."""
    approx = bool(_APPROX.search(before))
    if _LOWER_BOUND.search(before):
        return approx, ">"
    if _UPPER_BOUND.search(before):
        return approx, "<"
    return approx, ""


def _in_unit(
    sentence: str,
    m: re.Match[str],
    span: tuple[int, int],
    unit_word: str,
    value: float,
    tolerance: float,
) -> tuple[float, str, float]:
    """The value in its dimension's base unit, the dimension ("" for none) and the
    tolerance: currencies by sign or word, Fahrenheit to Celsius, units by table (a unit
    letter after a number word is no unit: "one h")."""
    unit = ""
    if m.group("cur"):
        unit = _CURRENCY[m.group("cur").lower()]
    elif unit_word in _CURRENCY_WORDS:
        unit = _CURRENCY_WORDS[unit_word]
    elif unit_word in ("°f", "degrees fahrenheit", "fahrenheit", "f"):
        if unit_word == "f" and not re.match(r"\s?°", sentence[m.end("num") :]):
            unit_word = ""
        else:
            value, unit = (value - 32) * 5 / 9, "temperature"
            tolerance = max(tolerance, 0.01)
    if unit or not unit_word:
        return value, unit, tolerance
    start, end = span
    if unit_word in ("c",) and not re.search(r"°\s?c$", sentence[start:end], re.I):
        return value, unit, tolerance  # a bare "c" is not Celsius
    dimension, factor = UNITS[unit_word]
    if (
        unit_word in ("min", "h", "t", "l", "g", "s", "in", "j", "w", "ha")
        and not m.group("num")[0].isdigit()
    ):
        dimension, factor = "", 1.0
    return value * factor, dimension, tolerance


def _counted(noun: str, is_word: bool) -> str | None:
    """The unit of a number with no unit: what it counts ("count:compan...", "" for
    nothing), or None when it is no value (a number word on its own)."""
    if is_word and not noun:
        return None  # "one" on its own is rarely a fact
    if noun and noun not in ("and", "or", "of", "to", "in", "the", "per", "percent"):
        return _count_of(noun)
    return None if is_word else ""


# nouns that count the same people: "1.4 billion inhabitants" is a population of "1.4
# billion people" ("citizens" and "residents" differ in law, not in a headcount's order)
_PEOPLE = frozenset({"person", "inhabitant", "resident", "citizen", "individual", "human"})
PEOPLE = "count:people"  # the unit of a headcount


def _count_of(noun: str) -> str:
    """The unit of a count: the counted noun's stem ("count:employee"), one for people."""
    counted = stem(noun, Stemming.COUNTED)
    return PEOPLE if counted in _PEOPLE else f"count:{counted}"


_NUMBER_NAMES = {n: w for w, n in _WORD_NUMBERS.items() if isinstance(n, int)}


def word_number(word: str) -> int | None:
    """The number a word names ("twelve": 12, "dozen": 12), or None."""
    return _WORD_NUMBERS.get(word.lower())


def number_words(n: int) -> tuple[str, ...]:
    """How a whole number may be written in words, as far as its first word: 11 is
    "eleven", 42 begins "forty" ("forty-two"); () for numbers written in words rarely
    (over 99)."""
    if n in _NUMBER_NAMES:
        return (_NUMBER_NAMES[n],)
    if 20 < n < 100 and n // 10 * 10 in _NUMBER_NAMES:
        return (_NUMBER_NAMES[n // 10 * 10],)
    return ()
