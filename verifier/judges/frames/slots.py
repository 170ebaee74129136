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
from typing import Any, Literal, cast

from verifier.text.months import MONTHS, month_pattern
from verifier.text.numbers import Reading, quantities_in
from verifier.text.spans import DIGIT, YEAR_DIGITS

__all__ = [
    "DIRECTION_WORDS",
    "ORDINAL_WORDS",
    "SAME_SUPERLATIVE",
    "TIME",
    "Comparison",
    "Value",
    "ValueKind",
    "compare",
    "excepted_at_head",
    "excepted_holders",
    "rank",
    "rank_also_given",
    "ranking_measures",
    "season_years",
    "values_in",
    "without_seasons",
]

ValueKind = Literal["year", "date", "quantity", "name", "ordinal", "exclusive", "direction"]
Comparison = Literal["same", "conflict", "unrelated"]
# the kinds that say when: a year is compared with a date and a date with a year
TIME: frozenset[str] = frozenset({"year", "date"})

_MONTH = month_pattern("names and abbreviations", capitalised=True) + r"\.?"
_DATE_DMY = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH}),?\s+(\d{{4}})\b")
_DATE_MDY = re.compile(rf"\b({_MONTH})\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b")
_DATE_MY = re.compile(rf"\b(?:in\s+)?({_MONTH})\s+(?:of\s+)?(\d{{4}})\b")
_DATE_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_DATE_DM = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH})\b")
# a month alone after "in" or "during" ("born in May", "released in early October")
_DATE_M = re.compile(
    rf"\b(?:[Ii]n|[Dd]uring)\s+(?:(?:early|late|mid)[\s-]+)?({month_pattern('names', capitalised=True)})\b"
    r"(?![\s,]*\d)"
)
_DATE_MD = re.compile(rf"\b({_MONTH})\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?!,?\s*\d)")
_HAS_MONTH = re.compile(month_pattern("starts"))
# text.YEAR's digits, stricter on purpose: not in a price, a percentage, a longer number, "1990-era"
_YEAR = re.compile(
    # a decade with an apostrophe too ("the 1940's"; not "1941's winter")
    rf"(?<![\w$£€.,-])({YEAR_DIGITS})(s|(?<=0)['’]s)?(?![\w%.,]\d|\d|\s*(?:%|per ?cent)|-[A-Za-z])"
)

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
# superlatives said two ways, compared as one
SAME_SUPERLATIVE = {
    "nearest": "closest",
    "furthest": "farthest",
    "biggest": "largest",
    "tallest": "highest",
    "quickest": "fastest",
    "wealthiest": "richest",
    "most extensive": "largest",
}
# the ordinals that number a place in a series ("last" aside)
ORDINAL_WORDS = {w: n for w, n in _ORDINALS.items() if n > 0}
_RANK = re.compile(
    r"^(second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|(\d{1,3})(?:st|nd|rd|th))[- ]"
)


# what a superlative is measured by, when a sentence says it ("by area", "in terms of
# population"): Canada is the second-largest country by total area, the fourth by land area
_MEASURE = re.compile(
    r"\b(?:by|in terms of)\s+((?:[a-z]+\s+){0,2}?(?:area|population|volume|mass|size|length|"
    r"height|elevation|revenue|sales|output|production|capacity|gdp|number|count|"
    r"circulation|market value|market capitalization|[a-z]+ count|speakers|users|visitors|"
    r"passengers|members|subscribers))\b",
    re.IGNORECASE,
)
_SAME_MEASURE = {
    "total area": "area",
    "surface area": "area",
    "total population": "population",
}
# a height measured from a base or above the sea ("the tallest mountain measured from base to
# peak": Mauna Kea; "the highest above sea level": Everest)
_HEIGHT_FROM = re.compile(r"\b(?:from (?:its |the )?base|above (?:mean )?sea level)\b", re.I)


def ranking_measures(text: str) -> frozenset[str]:
    """What the sentence's rankings are measured by, as it says them ("by surface area":
    ``{"area"}``, "above sea level": ``{"above sea level"}``); empty when it names none."""
    said = {
        _SAME_MEASURE.get(m.lower(), m.lower()) for m in _MEASURE.findall(text.replace("-", " "))
    }
    said |= {m.group().lower() for m in _HEIGHT_FROM.finditer(text)}
    return frozenset(said)


# a superlative said of all but another holder: "after Russia, Canada is the largest",
# "the longest river other than the Volga", "second only to Jupiter"
_EXCEPTING = re.compile(
    r"\b(?i:after|behind|apart from|other than|besides|except(?:ing)?|excluding|"
    r"outside(?: of)?|second (?:only )?to|(?:only )?(?:surpassed|exceeded|beaten)(?: only)? by)\s+"
    r"(?i:only\s+)?(?i:the\s+)?([A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)*)"
)


# a holder named with a common noun, set off before the sentence's clause: "After
# hydrogen, helium is the most abundant element"
_EXCEPTING_OPENING = re.compile(
    r"(?:^|[.;:!?]\s+|\.\.\.\s*)(?i:after|apart from|other than|besides|except(?:ing)?|"
    r"excluding)\s+(?:the\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)?),"
)


# the same, set off at the head of the sentence, so said of its main clause's superlative
# ("After Russia, Canada is the largest country"; "After hydrogen, helium is the most ...")
_EXCEPTING_AT_HEAD = re.compile(
    r"(?:^|[.;:!?]\s+|\.\.\.\s*)(?i:after|apart from|other than|besides|except(?:ing)?|"
    r"excluding)\s+(?:the\s+)?([\w'’-]+(?:\s+[\w'’-]+){0,3}),"
)


def excepted_at_head(text: str) -> list[str]:
    """The holders a sentence's main superlative is said after, named at its head ("After
    hydrogen, helium is the most abundant element": ``["hydrogen"]``); not a time ("After
    the war, ...")."""
    found = [m.group(1) for m in _EXCEPTING_AT_HEAD.finditer(text)]
    return [h for h in found if _a_holder(h)]


# words that make an opening "after" phrase a time or an event, not a holder: "After its
# expansion in 2010, ...", "After his death, ..."
_NO_HOLDER = frozenset(
    "its his her their our my your this that these those in on of at for by with from "
    "during being having".split()
)


def _a_holder(phrase: str) -> bool:
    """A phrase that may name what a ranking puts first ("hydrogen", "Russia", "the Nile"),
    not a time ("the war", "its expansion in 2010", "1990")."""
    words = set(phrase.lower().split())
    return not (words & _TIMES_OF or words & _NO_HOLDER or any(c.isdigit() for c in phrase))


def excepted_holders(text: str) -> list[str]:
    """The holders a sentence's superlative is said after or without ("After Russia,
    Canada is the largest country": ``["Russia"]``; "After hydrogen, helium is the most
    abundant element": ``["hydrogen"]``): its rank is not the first."""
    named = [m.group(1).rstrip(".") for m in _EXCEPTING.finditer(text)]
    common = [m.group(1) for m in _EXCEPTING_OPENING.finditer(text)]
    return named + [c for c in common if not set(c.split()) & _TIMES_OF]


# what "after" dates, not ranks: "After the war, he was the richest man in Europe"
_TIMES_OF = frozenset(
    "war wars death retirement independence graduation election elections reign fall "
    "collapse merger revolution season seasons years decades centuries decline rise "
    "marriage divorce split release launch opening victory defeat".split()
)


def rank_also_given(word: str, text: str) -> bool:
    """The sentence gives the rank ``word`` ("second", "24th") as a rank of its own: before
    a superlative or listed with another place ("the second-largest", "the 22nd and 24th
    president"), not merely said ("New Guinea ranks second")."""
    w = re.escape(word)
    return bool(
        re.search(rf"\b{w}[- ](?:most |least )?[a-z]+est\b", text, re.IGNORECASE)
        or re.search(rf"(?:\b(?:and|or)\s+|[,&]\s*)(?:the\s+)?{w}\b", text, re.IGNORECASE)
        or re.search(rf"\b{w}\s*(?:,|&|\band\b|\bor\b)", text, re.IGNORECASE)
    )


_SEASON = re.compile(r"\b((?:1[0-9]|20)\d\d)\s*[-–/]\s*(\d\d)\b(?![-–/]?\d)")


def season_years(text: str) -> frozenset[int]:
    """The years a season or a span written short covers ("the 2018-19 season": 2018 and
    2019; "1999/00": 1999 and 2000)."""
    out: set[int] = set()
    for m in _SEASON.finditer(text):
        first = int(m.group(1))
        second = first // 100 * 100 + int(m.group(2))
        if second < first:
            second += 100
        if second == first + 1:
            out |= {first, second}
    return frozenset(out)


def without_seasons(text: str) -> str:
    """The text with its seasons and short spans taken out ("won the 2015-16 title in May":
    "won the  title in May"), to see which years it says on their own."""
    return _SEASON.sub("", text)


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
    r"(?:(?:grew|grow|grows|growing|grown) (?:up|out of|into)|"
    r"rose to (?:fame|prominence|power)|fell in love|"
    r"fell ill|more than|less than|fewer than|more or less|fall (?:asleep|ill|in love)|"
    r"more and more|drop(?:ped)? out)\b"
)


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
    patterns: tuple[tuple[re.Pattern[str], str], ...]
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


def _months_alone(found: _Found) -> None:
    """ "born in May", "in early October": a month with neither day nor year, after "in"
    or "during", read in a sentence with no digit (beside digits a month is read with
    them: "in May 2010", "May 3")."""
    if found.has_digit or not _HAS_MONTH.search(found.lowered):
        return
    for m in _DATE_M.finditer(found.sentence):
        if found.overlaps(m.start(1), m.end(1)):
            continue
        month = _month(m.group(1))
        found.add(Value("date", m.start(1), m.end(1), m.group(1), (None, month, None)))


def _era_years(found: _Found) -> None:
    """ "312 BC", "AD 97", "19 BCE": years of short digits, BC ones negative."""
    if not (found.has_digit and _ERA_HINT.search(found.sentence)):
        return
    for m in _ERA_YEAR.finditer(found.sentence):
        digits = m.group(1) or m.group(4)
        era = (m.group(2) or m.group(3) or "").upper()
        year = -int(digits) if era.startswith("B") else int(digits)
        found.add(Value("year", m.start(), m.end(), m.group(), (year, year)))


_CENTURY_WORDS = {
    **{w: n for w, n in _ORDINALS.items() if n > 0},
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
    "twenty-first": 21,
}
# "the 14th century", "the fifth century BC", "the late 19th-century"
_CENTURY = re.compile(
    r"\b(?:(\d{1,2})(?:st|nd|rd|th)|("
    + "|".join(sorted(_CENTURY_WORDS, key=len, reverse=True))
    # not a name's word: "20th Century Fox", "21st Century Insurance"
    + r"))[- ]century\b(?:\s+(BCE?|AD|CE)\b)?(?!\s+(?-i:[A-Z]))",
    re.IGNORECASE,
)


def _centuries(found: _Found) -> None:
    """Centuries as the years they span, either edge year in ("the 14th century":
    1300-1400, as people count it and as it is reckoned); BC ones negative."""
    if "entur" not in found.lowered:
        return
    for m in _CENTURY.finditer(found.sentence):
        n = int(m.group(1)) if m.group(1) else _CENTURY_WORDS[m.group(2).lower()]
        if not 1 <= n <= 21:
            continue
        span = (
            (-100 * n, -100 * (n - 1))
            if (m.group(3) or "").upper().startswith("B")
            else (
                100 * (n - 1),
                100 * n,
            )
        )
        mark = _time_bound(found, m.start())
        found.add(Value("year", m.start(), m.end(), m.group(), span, unit="century", bound=mark))


def _years_and_decades(found: _Found) -> None:
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
    companies"), not where a date or year was read (:mod:`verifier.text.numbers`)."""
    for q in quantities_in(found.sentence, Reading.MEASURED, found.taken):
        found.add(
            Value(
                "quantity", q.start, q.end, q.text, q.value, q.unit, q.tolerance, q.approx, q.bound
            )
        )


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
        word = SAME_SUPERLATIVE.get(word, word)
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
    _months_alone,
    _centuries,
    _era_years,
    _years_and_decades,
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


def _replace(value: Value, **changes: Any) -> Value:
    from dataclasses import replace

    return replace(value, **changes)


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
        a, b = float(cast(float, claim.key)), float(cast(float, found.key))
        for bounded, other, x, y in ((found, claim, b, a), (claim, found, a, b)):
            # "more than 8 times" agrees with 10, "under 5%" with 3%: bounds, not values.
            # A value proves the claim's bound; the evidence's bound does not state the
            # claim's value ("more than 9,000 km" is not "9,289 km"): it only may deny it
            agrees: Comparison = "same" if bounded is claim else "unrelated"
            if bounded.bound == ">" and not other.bound:
                return agrees if y >= x * (1 - 0.005) else "conflict"
            if bounded.bound == "<" and not other.bound:
                return agrees if y <= x * (1 + 0.005) else "conflict"
        if claim.bound == found.bound and claim.bound in (">", "<"):
            # two bounds the same way: "more than 25,000" says "more than 21,000"; a weaker
            # bound says nothing either way
            stronger = b >= a * (1 - 0.005) if claim.bound == ">" else b <= a * (1 + 0.005)
            return "same" if stronger else "unrelated"
        if claim.bound or found.bound:
            return "unrelated"
        # each number's tolerance is of its own value ("1" is 0.5 to 1.5, not up to 2)
        scale = max(abs(a), abs(b), 1e-12)
        allowed = max(
            claim.tolerance * abs(a),
            found.tolerance * abs(b) if found.approx else 0.0,
            0.005 * scale,
        )
        if claim.unit == "time" and _loose_months(claim, found):
            allowed = max(allowed, 0.35 * scale)  # "three weeks" and "one month" in prose
        return "same" if abs(a - b) <= allowed + 1e-12 else "conflict"
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
        return cast(tuple[int, int], value.key)
    year = cast(tuple[int | None, int | None, int | None], value.key)[0]
    return None if year is None else (year, year)


def _month_day(value: Value) -> tuple[int | None, int | None]:
    """A date's month and day (``key`` is ``(year, month, day)``)."""
    _year, month, day = cast(tuple[int | None, int | None, int | None], value.key)
    return month, day


def _month_only(value: Value) -> bool:
    """A month with neither day nor year ("in May")."""
    return value.kind == "date" and value.key == (None, _month_day(value)[0], None)


def _compare_time(claim: Value, found: Value) -> Comparison:
    if claim.bound != found.bound:
        return "unrelated"  # "until 2013" says nothing of what began in 2017
    years_a, years_b = _years(claim), _years(found)
    if years_a is None or years_b is None:  # "2 September" with no year
        if claim.kind == found.kind == "date":
            (ma, da), (mb, db) = _month_day(claim), _month_day(found)
            if da is None or db is None:  # "February 2018" and "February 11": a month's day
                if ma != mb and _month_only(claim):
                    # "born in May" and "26 December 1970": another month (a source's bare
                    # "January" may be of another year than the claim's date)
                    return "conflict"
                return "same" if ma == mb else "unrelated"
            return "same" if (ma, da) == (mb, db) else "conflict"
        return "unrelated"
    (a0, a1), (b0, b1) = years_a, years_b
    if a0 <= b1 and b0 <= a1:  # the years overlap (a decade contains a year)
        if claim.kind == found.kind == "date":
            (ma, da), (mb, db) = _month_day(claim), _month_day(found)
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
