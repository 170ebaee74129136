"""A comparison read against the values a source gives for both sides.

"Jupiter is less dense than Saturn" is settled by "The density of Jupiter is 1.33 g/cm3,
whereas the density of Saturn is 0.69 g/cm3": the source compares nothing, but it gives
the measure the claim's adjective names for each side. One sentence must give both values,
each in its own part (split at "whereas", "while", "but", "compared with", ";" and an
"and" before a name), each part naming one side and holding one value of the measure; the
two values must be of one unit (a dimension the numbers know, or the same unit words).
A sentence that itself compares ("than") is left to the records; a table read as text
("Jupiter 1.3 91.0 Saturn 0.7 49.0") has no such parts and is never read.

A value said as the other side's by a ratio is read too: "Mars has a diameter of about
6,779 km, roughly half that of Earth", "Spain has more than four times the population of
Portugal" (the part before the ratio names one side, the words after its "of" the other;
a half, a third, a quarter is less, twice or N times more). A bare number closing its
part ("lead, which measures about 11.3") is in the other side's unit.

An age ("Harvard is younger than Yale") is read from the dates a text gives each side's
coming to be ("founded", "established", "born", "built"), each in a sentence of its own
that names that side alone and holds one date ("Founded in 1636, Harvard is ...";
"Yale was established in 1701"): the earlier is the older (:func:`dated_readings`).

The adjectives read are the ones that name one measure ("dense": density, "tall":
height, "hot": temperature, "far": distance, "populous": population); "large", "big" and
"small" only by a diameter or a radius (a larger city is often the more populous one, a
larger country the wider one: an area or a count is not read for them).
"""

from __future__ import annotations

import re
from dataclasses import replace

from verifier.judges.frames.records import COMPARED, Match, Outcome, Record
from verifier.judges.frames.slots import TIME, Value, values_in
from verifier.text.sentences import Splitting, sentence_spans

__all__ = ["AGES", "MEASURED", "MEASURES", "dated_readings", "measured_readings"]

MEASURED = "measured"  # the kind of a match read from the two values

# an adjective's lemma -> (the starts of the words that name its measure, +1 when more of
# the measure is more of the adjective, -1 when less is: "colder" is less temperature)
MEASURES: dict[str, tuple[tuple[str, ...], int]] = {
    "dense": (("densit", "dense"), 1),
    "heavy": (("mass", "weigh", "heavy"), 1),
    "massive": (("mass",), 1),
    "light": (("mass", "weigh"), -1),
    "tall": (("height", "tall", "high", "reach", "rise", "stand"), 1),
    "high": (("height", "high", "elevation", "altitude", "reach", "rise"), 1),
    "long": (("length", "long"), 1),
    "deep": (("depth", "deep"), 1),
    "shallow": (("depth", "deep"), -1),
    "hot": (("temperature", "hot"), 1),
    "warm": (("temperature", "warm"), 1),
    "cold": (("temperature", "cold"), -1),
    "cool": (("temperature", "cool"), -1),
    "populous": (("population", "inhabitant", "resident", "people"), 1),
    "fast": (("speed", "fast"), 1),
    "slow": (("speed", "slow"), -1),
    "wide": (("width", "wide", "diameter", "across"), 1),
    "narrow": (("width", "wide"), -1),
    "melting point": (("melt",), 1),
    "boiling point": (("boil",), 1),
    "freezing point": (("freez",), 1),
    "far": (("distance", "far", "orbit"), 1),
    "close": (("distance", "close", "orbit"), -1),
    "near": (("distance", "near", "orbit"), -1),
    # of a body's size only by its diameter or radius (a larger city is often the more
    # populous one, a larger country the wider one: an area or a count is not read)
    "large": (("diameter", "radius"), 1),
    "big": (("diameter", "radius"), 1),
    "small": (("diameter", "radius"), -1),
}

# a decimal comma: "0,687", "1,33", "29,94%" (a thousands comma has three digits after it,
# and no number starts with "0,")
_DECIMAL_COMMA = re.compile(r"(?<![\d,.])0,\d|\d,\d{1,2}(?![\d])|\d,\d{4,}")

# the nouns that name a measure (an adjective, "a dense atmosphere", names none)
_MEASURE_NOUNS = frozenset(
    {
        "densit",
        "mass",
        "height",
        "elevation",
        "altitude",
        "length",
        "depth",
        "temperature",
        "population",
        "speed",
        "width",
        "diameter",
        "radius",
        "distance",
    }
)
# the measures of a size, each its own number: a radius is half a diameter
_SIZES = frozenset({"radius", "diameter"})

# where a sentence giving two values parts them
_PARTS = re.compile(
    r"\s*(?:,\s*)?\b(?:whereas|while|but|compared (?:to|with)|versus|vs\.?)\b\s*|\s*;\s*"
    r"|,?\s+and\s+(?=(?:the\s+)?[A-Z])",
)
_UNIT_WORDS = re.compile(r"\s*([^\s\d,.;()/]+(?:/[^\s,.;()]+)?)")
_NUMBER = re.compile(r"(?<![\w.,])[-−–]?\d[\d,.]*")  # not "K2", not "cm3"
_MARGIN = 0.005  # values closer than this (relative) are not read as one above the other


# a comma between digits, with the digits around it
_DIGIT_COMMA = re.compile(r"(\d+),(\d+)")


def _decimal_points(sentence: str) -> str | None:
    """The sentence as the numbers read it: its decimal commas ("1,33 g/cm3", "0,687",
    "29,94%") said as points when the sentence writes its decimals so; None when a comma
    between digits may mean either ("1,330": thousands, or a decimal to three places)
    beside a decimal comma. Every character keeps its offset."""
    if _DECIMAL_COMMA.search(sentence) is None:
        return sentence
    for m in _DIGIT_COMMA.finditer(sentence):
        if len(m.group(2)) == 3 and m.group(1) != "0":
            return None
    return _DIGIT_COMMA.sub(r"\1.\2", sentence)


def measured_readings(claim: Record, text: str) -> list[tuple[Match, int, int]]:
    """The comparison ``claim`` (a record of relation ``than:<adjective>:<+|->``) against
    each sentence of ``text`` that gives the adjective's measure for both sides: a support
    or a contradiction match, with the sentence's offsets."""
    sides = _sides(claim)
    if sides is None:
        return []
    mine, theirs, words, sign = sides
    lowered = text.lower()
    if not (_names(lowered, mine) and _names(lowered, theirs)):
        return []
    out = []
    for start, end in sentence_spans(text, how=Splitting.QUICK):
        sentence = text[start:end]
        read = _decimal_points(sentence)
        if read is None:
            continue  # "1,330 and 0,687": a comma that may group thousands or mark decimals
        values = _values_of_sides(read, mine, theirs, words)
        if values is None:
            by_ratio = _ratio_match(claim, read, mine, theirs, words, sign)
            if by_ratio is not None:
                out.append((by_ratio, start, end))
            continue
        a, b, unit = values
        x, y = float(a.key), float(b.key)  # type: ignore[arg-type]  # a quantity's number
        margin = max(_MARGIN, a.tolerance, b.tolerance)
        if abs(x - y) <= margin * max(abs(x), abs(y)) + 1e-12:
            continue  # as near as the writers' precision allows: neither is above
        said = "" if a.unit or not unit else f" {unit}"
        detail = f"{claim.subject_text} {a.text}{said} vs {claim.args[0].text} {b.text}{said}"
        outcome: Outcome = "support" if (x > y) == (sign > 0) else "contradiction"
        found = replace(claim, text=sentence, negated=False)
        out.append((Match(outcome, MEASURED, detail, claim, found), start, end))
    return out


# an adjective of age -> which way a later date goes (+1: newer), read from the dates each
# side came to be ("Harvard, founded in 1636", "Yale was established in 1701")
AGES: dict[str, int] = {"old": -1, "young": 1, "new": 1, "early": -1, "late": 1}
# the words of a coming to be, one of which each side's sentence must say
_BEGINNINGS = (
    "found",
    "establish",
    "built",
    "build",
    "born",
    "creat",
    "form",
    "open",
    "chartered",
    "began",
    "begun",
    "incorporat",
    "erected",
    "completed",
)


def dated_readings(claim: Record, text: str) -> list[tuple[Match, int, int]]:
    """An age comparison ("Harvard is younger than Yale") against the dates a text gives
    each side's coming to be, each in a sentence of its own that names that side only and
    holds one year ("Founded in 1636, Harvard is ..."; "Yale was established in 1701"):
    a support or a contradiction, with the later sentence's offsets."""
    compared = _compared(claim)
    way = AGES.get(compared[0]) if compared else None
    sides = _side_words(claim)
    if compared is None or way is None or sides is None:
        return []
    mine, theirs = sides
    years: dict[bool, tuple[int, int, int, str]] = {}
    for start, end in sentence_spans(text, how=Splitting.QUICK):
        sentence = text[start:end]
        low = sentence.lower()
        named = {side for side, keys in ((True, mine), (False, theirs)) if _names(low, keys)}
        dated = [v for v in values_in(sentence) if v.kind in TIME]
        if len(named) != 1 or len(dated) != 1 or not any(w in low for w in _BEGINNINGS):
            continue
        if any(
            re.search(rf"\b{re.escape(k)}(?:\s+\w+){{0,3}}['’]s\b", low) for k in (*mine, *theirs)
        ):
            continue  # "Yale's library was built in 1931": a part of it, not its beginning
        key = dated[0].key
        year = key[0] if isinstance(key, tuple) else None
        side = named.pop()
        if isinstance(year, int) and side not in years:
            years[side] = (year, start, end, dated[0].text)
    if len(years) != 2 or years[True][0] == years[False][0]:
        return []
    sign = way * (1 if compared[1] == "+" else -1)  # the claim: its subject's date is later
    later = years[True][0] > years[False][0]
    outcome: Outcome = "support" if later == (sign > 0) else "contradiction"
    detail = f"{claim.subject_text} {years[True][3]} vs {claim.args[0].text} {years[False][3]}"
    _, start, end, _text = max(years.values(), key=lambda y: y[1])
    found = replace(claim, text=text[start:end], negated=False)
    return [(Match(outcome, MEASURED, detail, claim, found), start, end)]


def _sides(claim: Record) -> tuple[set[str], set[str], tuple[str, ...], int] | None:
    """The two sides' telling words, the measure's words and which way the claim says."""
    compared = _compared(claim)
    measure = MEASURES.get(compared[0]) if compared else None
    sides = _side_words(claim)
    if compared is None or measure is None or sides is None:
        return None
    words, sign = measure
    return *sides, words, sign * (1 if compared[1] == "+" else -1)


def _compared(claim: Record) -> tuple[str, str] | None:
    """A comparison's adjective and way ("+" more, "-" less); None for another record, a
    denied comparison or one without its other side."""
    parts = claim.relation.split(":")
    if len(parts) != 3 or parts[0] != COMPARED or claim.negated or not claim.args:
        return None
    return parts[1], parts[2]


def _side_words(claim: Record) -> tuple[set[str], set[str]] | None:
    """Each side's telling word (:func:`_telling`); None when a side has none."""
    mine, theirs = _words(claim.subject_text), _words(claim.args[0].text)
    mine, theirs = _telling(mine - theirs), _telling(theirs - mine)
    return (mine, theirs) if mine and theirs else None


def _words(name: str) -> set[str]:
    return set(re.findall(r"[^\W_]{2,}", name.lower()))


def _telling(words: set[str]) -> set[str]:
    """A side's telling word: its longest one that the other side does not share ("orva"
    of "Lake Orva" against "Lake Kessa"; "k2" of "K2")."""
    return {max(sorted(words), key=len)} if words else set()


def _names(lowered: str, keys: set[str]) -> bool:
    """Whether a lowered text names a side (its word whole: "mars" is not in "marshes")."""
    return any(re.search(rf"\b{re.escape(k)}\b", lowered) for k in keys)


def _values_of_sides(
    sentence: str, mine: set[str], theirs: set[str], words: tuple[str, ...]
) -> tuple[Value, Value, str] | None:
    """The measure's value for each side, when the sentence gives each in a part of its
    own, and the unit both are in; None otherwise."""
    lowered = sentence.lower()
    if " than " in lowered or not any(w in lowered for w in words):
        return None
    found: dict[bool, Value] = {}
    units: dict[bool, str] = {}
    said: dict[bool, set[str]] = {}  # the measure's words each side's part uses
    parts: dict[bool, str] = {}
    at = 0
    for m in [*_PARTS.finditer(sentence), None]:
        part = sentence[at : m.start() if m else len(sentence)]
        at = m.end() if m else len(sentence)
        part = _without_equivalents(part)
        low = part.lower()
        named = {side for side, keys in ((True, mine), (False, theirs)) if _names(low, keys)}
        quantities = [v for v in values_in(part) if v.kind == "quantity" and not v.bound]
        if not named and not quantities:
            continue
        if len(named) != 1 or len(quantities) != 1 or len(_NUMBER.findall(part)) != 1:
            return None  # (a number the values do not read, "-180 °C", makes two)
        if _of_another_measure(low, words):
            return None  # "Mars has a diameter of ..." against a distance: another measure
        side = named.pop()
        if side in found:
            return None
        found[side], units[side] = quantities[0], _unit(part, quantities[0])
        said[side] = {w for w in words if w in low}
        parts[side] = part
    mine_, theirs_ = said.get(True, set()) & _SIZES, said.get(False, set()) & _SIZES
    if mine_ and theirs_ and mine_ != theirs_:
        return None  # a radius against a diameter: each side its own measure
    if len(found) != 2:
        return None
    for side in (True, False):
        if not units[side] and units[not side] and _closing(parts[side], found[side]):
            units[side] = units[not side]  # "lead, which measures about 11.3."
    if units[True] != units[False]:
        return None
    return found[True], found[False], units[True]


# the same value in other units, set off after it: "(1,083 ft)", ", roughly 0.72
# astronomical units,"
_EQUIVALENT = re.compile(
    r"\s*\([^()]*\d[^()]*\)"
    r"|,\s*(?:or|roughly|about|around|some|nearly|approximately)?\s*\d[^,;]*(?=,|$)"
)


def _without_equivalents(part: str) -> str:
    """A part without the equivalents in other units that follow its first value."""
    first = next((v for v in values_in(part) if v.kind == "quantity"), None)
    if first is None:
        return part
    rest = part[first.end :]
    m = _EQUIVALENT.match(rest)
    return part[: first.end] + rest[m.end() :] if m else part


def _of_another_measure(part: str, words: tuple[str, ...]) -> bool:
    """A part that names another measure than ``words`` and not this one ("a radius of"
    against a diameter, "a diameter of" against a distance)."""
    if any(w in part for w in words):
        return False
    return any(w in part for w in _MEASURE_NOUNS if w not in words)


def _closing(part: str, value: Value) -> bool:
    """A bare number closes its part: nothing but punctuation follows it there (not the
    rest of a number: "1,33")."""
    rest = part[value.end :]
    return not rest.strip(" .") or bool(re.match(r"\s*(?:[;)]|[,.](?!\d))", rest))


# a value said as a ratio of the other side's: "half that of Earth", "318 times the mass of
# Earth", "more than four times the population of neighbouring Portugal"
_RATIO = re.compile(
    r"\b(?:(?P<less>half|(?:a|one)[- ](?:third|quarter|fourth|fifth|tenth)|two[- ]thirds"
    r"|three[- ](?:quarters|fourths))|(?P<more>twice|double|triple|(?:\d[\d,.]*|one and a half"
    r"|two|three|four|five|six|seven|eight|nine|ten|a hundred|a thousand) times))"
    r"\s+(?:(?:that|those)\s+of|the\s+[a-z]+(?:\s+[a-z]+)?\s+of|of)\s+(?P<rest>[^,;.()]+)",
    re.IGNORECASE,
)


def _ratio_match(
    claim: Record,
    sentence: str,
    mine: set[str],
    theirs: set[str],
    words: tuple[str, ...],
    sign: int,
) -> Match | None:
    """The comparison read against a ratio the sentence gives (:func:`_ratio_of_sides`)."""
    ratio = _ratio_of_sides(sentence, mine, theirs, words)
    if ratio is None:
        return None
    said, more, subject_holds = ratio
    outcome: Outcome = "support" if more == (sign > 0) else "contradiction"
    sides = (claim.subject_text, claim.args[0].text)
    holder, other = sides if subject_holds else sides[::-1]
    found = replace(claim, text=sentence, negated=False)
    return Match(outcome, MEASURED, f"{holder}: {said} {other}", claim, found)


def _ratio_of_sides(
    sentence: str, mine: set[str], theirs: set[str], words: tuple[str, ...]
) -> tuple[str, bool, bool] | None:
    """A ratio that says one side's measure as the other's (module docstring): the ratio's
    words, whether the claim's subject has more of the measure and whether the ratio is
    said of the subject; None when none."""
    lowered = sentence.lower()
    if " than " in lowered.replace("more than", "").replace("less than", ""):
        return None  # (a sentence that compares: the records read it)
    if not any(w in lowered for w in words):
        return None
    for m in _RATIO.finditer(sentence):
        before, after = lowered[: m.start()], m.group("rest").lower()
        for holder, other, subject_holds in ((mine, theirs, True), (theirs, mine, False)):
            if not (_names(before, holder) and not _names(before, other)):
                continue
            if not (_names(after, other) and not _names(after, holder)):
                continue
            more = m.group("more") is not None
            said = sentence[m.start() : m.start("rest")].strip()
            return said, more == subject_holds, subject_holds
    return None


def _unit(part: str, value: Value) -> str:
    """What a value is counted in: its dimension, else the word after it ("g/cm3"); an
    astronomical unit however written ("0.72 astronomical units", "1.52 AU")."""
    if _ASTRONOMICAL.match(part, value.end) or _ASTRONOMICAL.match(part, value.start):
        return "au"
    if value.unit:
        return value.unit
    after = _UNIT_WORDS.match(part, value.end)
    return after.group(1).lower() if after else ""


_ASTRONOMICAL = re.compile(r"[\d.,\s]*(?:astronomical units?\b|AU\b)")
