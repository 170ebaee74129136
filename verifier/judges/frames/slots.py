"""Typed values in a sentence, with their offsets, and how two values compare.

A *slot value* is a piece of a sentence that a fact can get wrong while everything around
it stays the same: a year or a full date, a quantity with its unit, a name, an ordinal or
an exclusive word ("the first", "the only", "the largest"), a direction ("rose", "fell").
:func:`values_in` finds them; :func:`compare` says whether two values of the same kind
agree, conflict, or cannot be compared.

Quantities are converted to one base unit per dimension (metres, kilograms, square metres,
litres, seconds, degrees Celsius, per cent, a currency) before comparing. The tolerance
follows the claim's own precision: "330 m" allows ±5 m (half its last significant digit),
and approximate wording ("about", "around", "nearly", "some", "roughly", "over", "more
than", "almost", "approximately", "~") widens it to 3% (annotators call "about 82%" false
where the source says 78%, so not more).

Pure functions, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal, NamedTuple

from verifier.text.months import MONTHS, month_pattern
from verifier.text.spans import DIGIT, YEAR_DIGITS
from verifier.text.stem import Stemming, stem

__all__ = [
    "DIRECTION_WORDS",
    "Comparison",
    "Value",
    "ValueKind",
    "compare",
    "rank",
    "values_in",
]

ValueKind = Literal["year", "date", "quantity", "name", "ordinal", "exclusive", "direction"]
Comparison = Literal["same", "conflict", "unrelated"]

_MONTH = month_pattern("names and abbreviations", capitalised=True) + r"\.?"
_DATE_DMY = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH}),?\s+(\d{{4}})\b")
_DATE_MDY = re.compile(rf"\b({_MONTH})\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b")
_DATE_MY = re.compile(rf"\b(?:in\s+)?({_MONTH})\s+(?:of\s+)?(\d{{4}})\b")
_DATE_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_DATE_DM = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH})\b")
_DATE_MD = re.compile(rf"\b({_MONTH})\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?!,?\s*\d)")
_HAS_MONTH = re.compile(month_pattern("starts"))
_HAS_NUMBER_WORD = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
    r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|"
    r"sixty|seventy|eighty|ninety|hundred|dozen)\b"
)
_CALENDAR_WORDS = frozenset(
    """january february march april may june july august september october november
    december monday tuesday wednesday thursday friday saturday sunday""".split()
)
# text.YEAR's digits, stricter on purpose: not in a price, a percentage, a longer number, "1990-era"
_YEAR = re.compile(
    rf"(?<![\w$£€.,-])({YEAR_DIGITS})(s)?(?![\w%.,]\d|\d|\s*(?:%|per ?cent)|-[A-Za-z])"
)

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
_UNITS: dict[str, tuple[str, float]] = {}


def _unit(dimension: str, factor: float, *names: str) -> None:
    for name in names:
        _UNITS[name] = (dimension, factor)


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
_NUMBER = (
    r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|(?:"
    + "|".join(_WORD_NUMBERS)
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
_UNIT_NAMES = frozenset([*_UNITS, *_CURRENCY_WORDS, "°f", "degrees fahrenheit", "fahrenheit", "f"])


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


_ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "last": -1,
}
# "the 89th", "its first", "the race's 89th edition"
_ORDINAL = re.compile(
    r"\b(?:[Tt]he|[Ii]ts|[Hh]is|[Hh]er|[Tt]heir|[\w-]+['’]s)\s+(first|second|third|fourth|fifth|"
    r"sixth|seventh|eighth|ninth|tenth|last|(\d{1,3})(?:st|nd|rd|th))\b(?![- ](?:largest|"
    r"biggest|highest|longest|tallest|oldest|most|smallest|deepest|busiest|best))"
)
# "the third-highest peak": a superlative with its rank (see :func:`rank`)
_EXCLUSIVE = re.compile(
    r"\b(?:[Tt]he|[Ii]ts|[Hh]is|[Hh]er|[Tt]heir)\s+((?:(?:second|third|fourth|fifth|sixth|"
    r"seventh|eighth|ninth|tenth|\d{1,3}(?:st|nd|rd|th))[- ])?(?:only|sole|largest|biggest|smallest|oldest|youngest|"
    r"tallest|highest|longest|shortest|deepest|fastest|slowest|earliest|"
    r"latest|heaviest|lightest|richest|poorest|busiest|hottest|coldest|widest|"
    r"lowest|best-selling|(?:most|least)(?:\s+(?!of\b|in\b|to\b|for\b)[a-z][a-z-]+)?))\b"
)
_RANK = re.compile(
    r"^(second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|(\d{1,3})(?:st|nd|rd|th))[- ]"
)


def rank(value: Value) -> int:
    """A superlative's rank: 1 for "the highest", 3 for "the third-highest"."""
    m = _RANK.match(value.text.lower())
    if m is None:
        return 1
    return _ORDINALS.get(m.group(1)) or int(m.group(2) or 1)


# "one of the largest", "among the oldest": one of several, not the one
_ONE_OF = re.compile(r"\b(?:one|some|several|two|three|many|each|any|among|of)\s+(?:of\s+)?$", re.I)
_DIRECTIONS = {
    "increase": 1,
    "increased": 1,
    "increases": 1,
    "increasing": 1,
    "rise": 1,
    "rose": 1,
    "rises": 1,
    "risen": 1,
    "rising": 1,
    "grew": 1,
    "grow": 1,
    "grows": 1,
    "growing": 1,
    "higher": 1,
    "more": 1,
    "greater": 1,
    "larger": 1,
    "boost": 1,
    "boosts": 1,
    "boosted": 1,
    "improve": 1,
    "improves": 1,
    "improved": 1,
    "decrease": -1,
    "decreased": -1,
    "decreases": -1,
    "decreasing": -1,
    "fall": -1,
    "fell": -1,
    "falls": -1,
    "fallen": -1,
    "falling": -1,
    "decline": -1,
    "declined": -1,
    "declines": -1,
    "drop": -1,
    "dropped": -1,
    "drops": -1,
    "lower": -1,
    "less": -1,
    "fewer": -1,
    "smaller": -1,
    "reduce": -1,
    "reduces": -1,
    "reduced": -1,
    "shrank": -1,
    "shrink": -1,
    "worsen": -1,
    "worsened": -1,
    "worsens": -1,
    "grown": 1,
    "expand": 1,
    "expanded": 1,
    "expands": 1,
    "expanding": 1,
    "shrinks": -1,
    "shrinking": -1,
    "shrunk": -1,
    "contract": -1,
    "contracted": -1,
    "contracting": -1,
}
# any direction word, any case (the frames judge's sieve)
DIRECTION_WORDS = re.compile(r"\b(" + "|".join(_DIRECTIONS) + r")\b", re.IGNORECASE)
_DIRECTION_LOWER = re.compile(
    r"\b(?:" + "|".join(sorted(_DIRECTIONS, key=len, reverse=True)) + r")\b"
)
# Names: capitalised words, with the small words names are made of between them.
# capitals, Latin accented ones too ("Émile", "Łukasz", "Škoda")
_UPPER = "A-Z" + "".join(chr(c) for c in range(0xC0, 0x250) if chr(c).isupper())
# "C#", "C++", "F#": a letter is a name of its own only with its signs
_NAME = re.compile(
    rf"(?<![\w’'])(?:(?:[{_UPPER}]\.){{2,}}|[{_UPPER}](?:#|\+\+)|[{_UPPER}][\w’'.-]*[^\W_]|[{_UPPER}])"
    rf"(?:(?:\s+(?:of|the|"
    rf"de|da|di|du|del|la|le|von|van|der|den|bin|ibn|al|y))*\s+(?:(?:[{_UPPER}]\.){{2,}}|"
    rf"[{_UPPER}][\w’'.-]*[^\W_]|[{_UPPER}]\.?))*"
)
_NOT_NAMES = frozenset(
    """a an the in on at of for to by with from and or but if when while after before as
    since until it its this that these those there here he she they we you i his her their
    our your my some many most several each every all both one two three first second third
    however moreover also then today yesterday according although though during despite
    because unlike like other another such no not yes mr mrs ms dr st""".split()
)


_ADJECTIVE = re.compile(
    r"^(?:different|other|new|old|major|minor|main|separate|distinct|large|small|big|"
    r"great|new|more|additional|further|full|whole|official|known|recorded|confirmed|"
    r"\w+(?:al|ent|ive|ous|ful|ic|able|ible|ary|est|ed))$"
)


@dataclass(frozen=True, slots=True)
class Value:
    """A typed value at ``text[start:end]`` of the sentence it was found in.

    ``key`` is what is compared: a year, ``(year, month, day)``, a number in the base unit,
    a casefolded name, an ordinal rank, an exclusive word, a direction (+1 / -1).
    ``unit`` is the dimension for quantities (``length``, ``percent``, ``count:employee``,
    ``usd``...), ``tolerance`` the relative tolerance the writer's precision allows.
    """

    kind: ValueKind
    start: int
    end: int
    text: str
    key: object
    unit: str = ""
    tolerance: float = 0.0
    approx: bool = False
    bound: str = ""  # ">" for "more than 8", "<" for "under 8": a bound, not a value


# direction words that say no direction: phrasal verbs, and bounds of a number
_NOT_DIRECTION = re.compile(
    r"(?:grew up|grow up|grows up|growing up|rose to (?:fame|prominence|power)|fell in love|"
    r"fell ill|more than|less than|fewer than|more or less|fall (?:asleep|ill|in love)|"
    r"more and more|drop(?:ped)? out)\b"
)
_QUANTITY_START = re.compile(
    r"(?:US\$|[$€£¥])|(?<![\w.,])\d|\b(?:" + "|".join(_WORD_NUMBERS) + r")\b", re.IGNORECASE
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
    return 0.5 * step / abs(value)


@dataclass(slots=True)
class _Found:
    """A sentence being read, the values found in it so far and the spans they take (a
    later step skips what an earlier one took, where it checks)."""

    sentence: str
    lowered: str
    has_digit: bool
    has_month: bool
    values: list[Value] = field(default_factory=list)
    taken: list[tuple[int, int]] = field(default_factory=list)

    def add(self, value: Value) -> None:
        self.values.append(value)
        self.taken.append((value.start, value.end))

    def overlaps(self, start: int, end: int) -> bool:
        return any(s < end and start < e for s, e in self.taken)


@lru_cache(maxsize=1 << 14)
def values_in(sentence: str) -> tuple[Value, ...]:
    """Every slot value of ``sentence``, in order of position: read step by step (full
    dates, days of a month, months of a year, era years, years, quantities, ordinals,
    exclusive words, directions, names), then the ends of ranges marked."""
    lowered = sentence.lower()
    has_digit = DIGIT.search(sentence) is not None
    has_month = has_digit and _HAS_MONTH.search(lowered) is not None
    found = _Found(sentence, lowered, has_digit, has_month)
    for step in _STEPS:
        step(found)
    found.values.sort(key=lambda v: (v.start, v.end))
    return tuple(_ranges(sentence, found.values))


def _full_dates(found: _Found) -> None:
    """ "7 November 1867", "November 7, 1867", "1867-11-07"."""
    if found.has_month:
        patterns = ((_DATE_DMY, "dmy"), (_DATE_MDY, "mdy"), (_DATE_ISO, "iso"))
    elif found.has_digit:
        patterns = ((_DATE_ISO, "iso"),)
    else:
        return
    for pattern, order in patterns:
        for m in pattern.finditer(found.sentence):
            if found.overlaps(m.start(), m.end()):
                continue
            if order == "dmy":
                day, month, year = int(m.group(1)), _month(m.group(2)), int(m.group(3))
            elif order == "mdy":
                month, day, year = _month(m.group(1)), int(m.group(2)), int(m.group(3))
            else:
                year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
            if 1 <= day <= 31 and 1 <= month <= 12:
                found.add(Value("date", m.start(), m.end(), m.group(), (year, month, day)))


def _month(name: str) -> int:
    return MONTHS[name.lower().rstrip(".")]


def _days_of_months(found: _Found) -> None:
    """ "7 November", "November 7": a date without its year."""
    if not found.has_month:
        return
    for pattern, order in ((_DATE_DM, "dm"), (_DATE_MD, "md")):
        for m in pattern.finditer(found.sentence):
            if found.overlaps(m.start(), m.end()):
                continue
            if order == "dm":
                day, month = int(m.group(1)), _month(m.group(2))
            else:
                month, day = _month(m.group(1)), int(m.group(2))
            if 1 <= day <= 31 and not (m.group().startswith("May") and m.start() == 0):
                found.add(Value("date", m.start(), m.end(), m.group(), (None, month, day)))


def _months_of_years(found: _Found) -> None:
    """ "(in) November 1867": a date without its day."""
    if not found.has_month:
        return
    for m in _DATE_MY.finditer(found.sentence):
        if found.overlaps(m.start(1), m.end()):
            continue
        month = _month(m.group(1))
        if m.group(1) == "May" and m.start(1) == 0:
            continue  # "May 2020 ..." at the start is fine, but "May" the verb is not a month
        text = m.group()[m.start(1) - m.start() :]
        found.add(Value("date", m.start(1), m.end(), text, (int(m.group(2)), month, None)))


def _era_years(found: _Found) -> None:
    """ "312 BC", "AD 97", "19 BCE": years of short digits, BC ones negative."""
    if not (found.has_digit and _ERA_HINT.search(found.sentence)):
        return
    for m in _ERA_YEAR.finditer(found.sentence):
        digits = m.group(1) or m.group(4)
        era = (m.group(2) or m.group(3) or "").upper()
        year = -int(digits) if era.startswith("B") else int(digits)
        found.add(Value("year", m.start(), m.end(), m.group(), (year, year)))


def _years(found: _Found) -> None:
    """Years and decades ("1889", "the 1880s"), with the bound a word before them sets."""
    if not found.has_digit:
        return
    sentence = found.sentence
    for m in _YEAR.finditer(sentence):
        if found.overlaps(m.start(), m.end()):
            continue
        year = int(m.group(1))
        mark = _time_bound(found, m.start())
        if m.group(2):  # a decade: "the 1880s"
            span = (year, year + 9)
            found.add(Value("year", m.start(), m.end(), m.group(), span, unit="decade", bound=mark))
        else:
            found.add(Value("year", m.start(), m.end(), m.group(), (year, year), bound=mark))


def _time_bound(found: _Found, start: int) -> str:
    """ "until 2013", "since 1998", "before 1900": the end ("<") or start (">") of a time,
    no point; "" for none."""
    if not _TIME_BOUND_WORD.search(found.lowered, max(0, start - 14), start):
        return ""
    bound = _TIME_BOUND.search(found.sentence, max(0, start - 14), start)
    if bound is None:
        return ""
    return "<" if bound.group(1).lower() in _UNTIL else ">"


def _quantity_values(found: _Found) -> None:
    """Numbers with their units or what they count ("330 metres", "$5m", "three
    companies"), not where a date or year was read."""
    if not (found.has_digit or _HAS_NUMBER_WORD.search(found.lowered) is not None):
        return
    for m in _quantities(found.sentence):
        if found.overlaps(m.start("num"), m.end("num")):
            continue
        value = _quantity(found.sentence, m)
        if value is not None:
            found.add(value)


def _quantity(sentence: str, m: re.Match[str]) -> Value | None:
    """The quantity a match of :data:`_QUANTITY` states, or None (part of a name, a lone
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


def _compound_quantity(sentence: str, start: int, compound: re.Match[str], value: float) -> Value:
    """ "a five-carbon sugar", "a three-tier bridge", "a 10-year study": the noun (or unit)
    is joined to the number."""
    noun = compound.group(1).lower()
    if noun in _UNITS and noun not in ("in", "s", "t", "g", "l", "h", "m"):
        dimension, factor = _UNITS[noun]
    else:
        dimension, factor = f"count:{stem(noun, Stemming.COUNTED)}", 1.0
    text = sentence[start : compound.end()]
    return Value("quantity", start, compound.end(), text, value * factor, dimension)


class _Tail(NamedTuple):
    """What follows a number: its scale word, its unit word and the noun after them
    (offsets into the sentence)."""

    scale_word: str
    unit_word: str
    unit_end: int
    noun: str
    noun_end: int


def _tail(sentence: str, m: re.Match[str]) -> _Tail | None:
    """The number's scale, unit and noun; None when the noun is a calendar word (a
    count of days, months...)."""
    scale_word = (m.group("scale") or "").strip().lower()
    tail_start = m.start("tail") if m.group("tail") else m.end()
    unit_word, unit_end, noun, noun_end = _unit_and_noun(m.group("tail") or "")
    if noun in _CALENDAR_WORDS:
        return None
    if noun and _ADJECTIVE.match(noun):
        nxt = re.match(r"\s+([a-z][a-z-]{2,})", sentence[tail_start + noun_end :])
        noun = nxt.group(1).lower() if nxt else ""
    # "m" after a number is metres unless money came first ("$5m")
    if scale_word == "m" and not m.group("cur") and not unit_word:
        unit_word, scale_word = "m", ""
    return _Tail(scale_word, unit_word, tail_start + unit_end, noun, tail_start + noun_end)


def _measured_quantity(sentence: str, m: re.Match[str], start: int, value: float) -> Value | None:
    """A number with its scale, unit (or the noun it counts), hedge and tolerance."""
    tail = _tail(sentence, m)
    if tail is None:
        return None
    raw_num = m.group("num")
    is_word = raw_num[0].isalpha()
    scale = _SCALES.get(tail.scale_word, 1.0)
    value *= scale
    end = m.end("scale") if m.group("scale") else m.end("num")
    if tail.unit_word:
        end = tail.unit_end
    approx, bound = _hedge(sentence[max(0, start - 25) : start])
    tolerance = _precision(raw_num, value / scale) if not is_word else 0.0
    if approx:
        tolerance = max(tolerance, 0.03)
    value, unit, tolerance = _in_unit(sentence, m, (start, end), tail.unit_word, value, tolerance)
    if not unit:
        counted = _counted(tail.noun, is_word)
        if counted is None:
            return None
        if counted:
            unit, end = counted, tail.noun_end
    if is_word and value == 1.0 and unit in ("count:of", "count:the"):
        return None  # "one of the": not a count
    text = sentence[start:end]
    return Value("quantity", start, end, text, value, unit, tolerance, approx, bound)


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
    dimension, factor = _UNITS[unit_word]
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
        return f"count:{stem(noun, Stemming.COUNTED)}"
    return None if is_word else ""


def _ordinals(found: _Found) -> None:
    for m in _ORDINAL.finditer(found.sentence):
        word = m.group(1).lower()
        rank = _ORDINALS.get(word) or int(m.group(2) or 0)
        found.add(Value("ordinal", m.start(1), m.end(1), m.group(1), rank))


def _exclusives(found: _Found) -> None:
    sentence = found.sentence
    for m in _EXCLUSIVE.finditer(sentence):
        if _ONE_OF.search(sentence, max(0, m.start() - 12), m.start()):
            continue
        word = " ".join(_RANK.sub("", m.group(1).lower()).split())
        found.add(Value("exclusive", m.start(1), m.end(1), m.group(1), word))


def _directions(found: _Found) -> None:
    lowered = found.lowered
    for m in _DIRECTION_LOWER.finditer(lowered):
        direction = _DIRECTIONS[m.group()]
        if m.group().endswith(("ing", "ed")) and _MODIFIES_NOUN.match(lowered, m.end()):
            continue  # "increasing rates of loss", "rising sea levels": of what?
        if not _NOT_DIRECTION.match(lowered, m.start()):
            text = found.sentence[m.start() : m.end()]
            found.add(Value("direction", m.start(), m.end(), text, direction))


def _names(found: _Found) -> None:
    sentence = found.sentence
    for m in _NAME.finditer(sentence):
        start, end, text, words = _name_span(sentence, m.start(), m.end(), m.group())
        if not words or found.overlaps(start, end):
            continue
        if _not_a_name(sentence, start, end, words):
            continue
        found.add(Value("name", start, end, text, _name_key(text)))


def _name_span(sentence: str, start: int, end: int, text: str) -> tuple[int, int, str, list[str]]:
    """A name's span, text and words, without the words that are no part of it at either
    end."""
    words = text.split()
    while words and words[0].lower() in _NOT_NAMES:
        start += len(words[0]) + (len(text[len(words[0]) :]) - len(text[len(words[0]) :].lstrip()))
        text = sentence[start:end]
        words = text.split()
    while words and words[-1].lower() in _NOT_NAMES:
        words.pop()
        end = start + len(" ".join(words)) if words else start
        text = sentence[start:end]
    return start, end, text, words


def _not_a_name(sentence: str, start: int, end: int, words: list[str]) -> bool:
    """A single capitalised word that is no name: a common word opening the sentence, or
    a modifier ("the Polish rider", "a WPA building")."""
    if len(words) != 1:
        return False
    word = words[0]
    if start == _sentence_start(sentence) and (
        word.lower() in _COMMON_STARTS or re.search(r"(?:ly|ing|ed)$", word)
    ):
        return True
    modifier = word.endswith(_DEMONYM) or (
        word.isupper()
        and len(word) > 1
        and re.search(r"\ban?\s+(?:[\w-]+\s+)?$", sentence[max(0, start - 20) : start])
    )
    return bool(modifier) and _BEFORE_NOUN.match(sentence, end) is not None


# the steps of values_in, in order (a step skips what an earlier step took, where it checks)
_STEPS: tuple[Callable[[_Found], None], ...] = (
    _full_dates,
    _days_of_months,
    _months_of_years,
    _era_years,
    _years,
    _quantity_values,
    _ordinals,
    _exclusives,
    _directions,
    _names,
)


def _name_key(text: str) -> str:
    """What a name is compared by: casefolded, with the signs that make "C#" and "C++"
    other names than "C" spelled out."""
    return text.casefold().replace("#", "sharp").replace("++", "plusplus")


# nationality and region adjectives: "Polish", "Austrian", "Japanese", "Olympic"
_DEMONYM = ("ish", "ian", "ean", "ese", "an", "ic", "ch", "i")
_BEFORE_NOUN = re.compile(r"\s+(?:[a-z][a-z-]+\s+){0,2}?[a-z][a-z-]{2,}\b")
_ERA_HINT = re.compile(r"\b(?:BCE?|AD|CE)\b")
_ERA_YEAR = re.compile(r"\b(\d{1,4})\s?(BCE|BC|AD|CE)\b|\b(AD)\s?(\d{1,4})\b")
_TIME_BOUND = re.compile(
    r"\b(until|till|through|before|since|after|by)\s+(?:the\s+)?$", re.IGNORECASE
)
_UNTIL = frozenset({"until", "till", "through", "before", "by"})
_TIME_BOUND_WORD = re.compile(r"til|rough|fore|since|after|by")
_MODIFIES_NOUN = re.compile(
    r"\s+(?!in\b|by\b|to\b|from\b|over\b|at\b|and\b|or\b|the\b|a\b|an\b|than\b|as\b|of\b|"
    r"since\b|for\b|with\b|on\b|during\b|after\b|before\b|sharply\b|steadily\b|slightly\b)[a-z]{3,}\b"
)
# years that bound a span ("between 1970 and 2005", "from 1902 to 1910", "3800-3700 BC")
_YEAR_RANGE = re.compile(r"^\s*(?:-|–|—|to|until|through|till)\s*$|^\s*and\s*$")
_RANGE_GLUE = re.compile(r"^\s*(?:to|and|or|-|–|—)\s*$")


def _ranges(sentence: str, values: list[Value]) -> list[Value]:
    """Numbers that bound a range ("20 to 25%", "between 29 and 50 percent", "1.0-4.3
    feet") are no values of their own: both ends become bounds ("~"), never compared."""
    out = list(values)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        if a.kind == b.kind == "quantity" and _RANGE_GLUE.match(sentence[a.end : b.start]):
            unit = a.unit or b.unit
            out[i] = _replace(a, unit=unit, bound="~")
            out[i + 1] = _replace(b, unit=unit, bound="~")
        elif a.kind == b.kind == "year" and not a.bound and not b.bound:
            glue = sentence[a.end : b.start]
            between = sentence[max(0, a.start - 8) : a.start].lower().rstrip().endswith("between")
            if _YEAR_RANGE.match(glue) and (between or glue.strip() != "and"):
                out[i] = _replace(a, bound="~")
                out[i + 1] = _replace(b, bound="~")
    return out


def _replace(value: Value, **changes: object) -> Value:
    from dataclasses import replace

    return replace(value, **changes)  # type: ignore[arg-type]


def _sentence_start(sentence: str) -> int:
    return len(sentence) - len(sentence.lstrip(" \"'“‘(["))


# Capitalised only because they open a sentence: not names.
_COMMON_STARTS = frozenset(
    """after although as at before both by despite during each every few following for
    from here how in its many most much nearly near next no none now on once only other
    over since some such that the then there these they this those though through thus to
    today two under until unlike what when where which while who why with within without
    yet according all almost also another any because between but can could did do does
    each even ever first further however if instead is it just later less like may more
    most never not often perhaps rather several she he so still than their we were will
    would you your our my his her their one three four five six seven eight nine ten
    around about approximately roughly together overall meanwhile instead however
    indeed later earlier finally initially originally eventually soon afterwards
    altogether likewise similarly nevertheless nonetheless furthermore moreover""".split()
)


def compare(claim: Value, found: Value) -> Comparison:
    """Whether ``found`` (in evidence) agrees with ``claim``, conflicts with it, or is a
    value of another kind or unit that says nothing about it."""
    if claim.kind in ("year", "date") and found.kind in ("year", "date"):
        return _compare_time(claim, found)
    if claim.kind != found.kind:
        return "unrelated"
    if claim.kind == "quantity":
        if claim.unit != found.unit:
            return "unrelated"
        a, b = float(claim.key), float(found.key)  # type: ignore[arg-type]
        for bounded, other, x, y in ((found, claim, b, a), (claim, found, a, b)):
            # "more than 8 times" agrees with 10, "under 5%" with 3%: bounds, not values
            if bounded.bound == ">" and not other.bound:
                return "same" if y >= x * (1 - 0.005) else "conflict"
            if bounded.bound == "<" and not other.bound:
                return "same" if y <= x * (1 + 0.005) else "conflict"
        if claim.bound == found.bound and claim.bound in (">", "<"):
            # two bounds the same way: "more than 25,000" says "more than 21,000"; a weaker
            # bound says nothing either way
            stronger = b >= a * (1 - 0.005) if claim.bound == ">" else b <= a * (1 + 0.005)
            return "same" if stronger else "unrelated"
        if claim.bound or found.bound:
            return "unrelated"
        scale = max(abs(a), abs(b), 1e-12)
        tolerance = max(claim.tolerance, found.tolerance if found.approx else 0.0, 0.005)
        if claim.unit == "time" and _loose_months(claim, found):
            tolerance = max(tolerance, 0.35)  # "three weeks" and "one month" in prose
        return "same" if abs(a - b) <= tolerance * scale + 1e-12 else "conflict"
    if claim.kind == "name":
        return _compare_names(str(claim.key), str(found.key))
    if claim.kind == "ordinal" and -1 in (claim.key, found.key) and claim.key != found.key:
        return "unrelated"  # "the last century" may be "the 20th"
    return "same" if claim.key == found.key else "conflict"


def _loose_months(a: Value, b: Value) -> bool:
    """A month is 28 to 31 days, and prose counts it loosely: "three weeks before" and
    "one month before" may say the same thing; two counts of months may not differ."""
    months = ["month" in v.text.lower() for v in (a, b)]
    return months[0] != months[1]


def _years(value: Value) -> tuple[int, int] | None:
    if value.kind == "year":
        return value.key  # type: ignore[return-value]
    year = value.key[0]  # type: ignore[index]
    return None if year is None else (year, year)


def _compare_time(claim: Value, found: Value) -> Comparison:
    if claim.bound != found.bound:
        return "unrelated"  # "until 2013" says nothing of what began in 2017
    years_a, years_b = _years(claim), _years(found)
    if years_a is None or years_b is None:  # "2 September" with no year
        if claim.kind == found.kind == "date":
            _ya, ma, da = claim.key  # type: ignore[misc]
            _yb, mb, db = found.key  # type: ignore[misc]
            if da is None or db is None:  # "February 2018" and "February 11": a month's day
                return "same" if ma == mb else "unrelated"
            return "same" if (ma, da) == (mb, db) else "conflict"
        return "unrelated"
    (a0, a1), (b0, b1) = years_a, years_b
    if a0 <= b1 and b0 <= a1:  # the years overlap (a decade contains a year)
        if claim.kind == found.kind == "date":
            _ya, ma, da = claim.key  # type: ignore[misc]
            _yb, mb, db = found.key  # type: ignore[misc]
            if ma != mb or (da is not None and db is not None and da != db):
                return "conflict"
        return "same"
    return "conflict"


# Words that name a title or a rank, not the person: "President Bill Clinton" and
# "President Jimmy Carter" are two people, "Dr. Curie" and "Marie Curie" may be one.
_TITLES = frozenset(
    """president vice king queen prince princess emperor empress pope saint st sir dame lord
    lady dr doctor professor prof mr mrs ms miss general colonel captain admiral major
    senator governor mayor justice judge chief chancellor minister premier prime reverend
    rev father sister brother bishop archbishop cardinal sheikh sultan tsar czar""".split()
)


def _compare_names(a: str, b: str) -> Comparison:
    if a == b:
        return "same"
    wa, wb = set(re.findall(r"\w+", a)), set(re.findall(r"\w+", b))
    small = {"of", "the", "de", "von", "van", "and", "da", "di", "du", "del", "la", "le"}
    wa, wb = wa - small, wb - small
    if wa - _TITLES and wb - _TITLES:
        wa, wb = wa - _TITLES, wb - _TITLES
    if not wa or not wb:
        return "unrelated"
    if wa <= wb or wb <= wa:
        return "same"  # "Curie" and "Marie Curie"
    if wa & wb:
        return "unrelated"  # "Pierre Curie" and "Marie Curie", "Vint Cerf" and "Vinton Cerf"
    return "conflict"
