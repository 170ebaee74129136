"""A comparison read against the values a source gives for both sides.

"Jupiter is less dense than Saturn" is settled by "The density of Jupiter is 1.33 g/cm3,
whereas the density of Saturn is 0.69 g/cm3": the source compares nothing, but it gives
the measure the claim's adjective names for each side. One sentence must give both values,
each in its own part (split at "whereas", "while", "but", "compared with", ";" and an
"and" before a name), each part naming one side and holding one value of the measure; the
two values must be of one unit (a dimension the numbers know, or the same unit words).
A sentence that itself compares ("than") is left to the records; a table read as text
("Jupiter 1.3 91.0 Saturn 0.7 49.0") has no such parts and is never read.

The adjectives read are the ones that name one measure ("dense": density, "tall":
height, "hot": temperature); "large", "big" and "small" are not (a larger city is
often the more populous one, a larger country the wider one).
"""

from __future__ import annotations

import re
from dataclasses import replace

from verifier.judges.frames.records import COMPARED, Match, Outcome, Record
from verifier.judges.frames.slots import Value, values_in
from verifier.text.sentences import Splitting, sentence_spans

__all__ = ["MEASURED", "MEASURES", "measured_readings"]

MEASURED = "measured"  # the kind of a match read from the two values

# an adjective's lemma -> (the starts of the words that name its measure, +1 when more of
# the measure is more of the adjective, -1 when less is: "colder" is less temperature)
MEASURES: dict[str, tuple[tuple[str, ...], int]] = {
    "dense": (("densit", "dense"), 1),
    "heavy": (("mass", "weigh", "heavy"), 1),
    "massive": (("mass",), 1),
    "light": (("mass", "weigh"), -1),
    "tall": (("height", "tall", "high"), 1),
    "high": (("height", "high", "elevation", "altitude"), 1),
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
    "wide": (("width", "wide"), 1),
    "narrow": (("width", "wide"), -1),
}

# where a sentence giving two values parts them
_PARTS = re.compile(
    r"\s*(?:,\s*)?\b(?:whereas|while|but|compared (?:to|with)|versus|vs\.?)\b\s*|\s*;\s*"
    r"|,?\s+and\s+(?=(?:the\s+)?[A-Z])",
)
_UNIT_WORDS = re.compile(r"\s*([^\s\d,.;()/]+(?:/[^\s,.;()]+)?)")
_NUMBER = re.compile(r"(?<![\w.,])[-−–]?\d[\d,.]*")  # not "K2", not "cm3"
_MARGIN = 0.005  # values closer than this (relative) are not read as one above the other


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
        values = _values_of_sides(sentence, mine, theirs, words)
        if values is None:
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


def _sides(claim: Record) -> tuple[set[str], set[str], tuple[str, ...], int] | None:
    """The two sides' telling words, the measure's words and which way the claim says."""
    parts = claim.relation.split(":")
    if len(parts) != 3 or parts[0] != COMPARED or claim.negated or not claim.args:
        return None
    measure = MEASURES.get(parts[1])
    if measure is None:
        return None
    words, sign = measure
    mine, theirs = _words(claim.subject_text), _words(claim.args[0].text)
    mine, theirs = _telling(mine - theirs), _telling(theirs - mine)
    if not mine or not theirs:
        return None
    return mine, theirs, words, sign * (1 if parts[2] == "+" else -1)


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
    at = 0
    for m in [*_PARTS.finditer(sentence), None]:
        part = sentence[at : m.start() if m else len(sentence)]
        at = m.end() if m else len(sentence)
        low = part.lower()
        named = {side for side, keys in ((True, mine), (False, theirs)) if _names(low, keys)}
        quantities = [v for v in values_in(part) if v.kind == "quantity" and not v.bound]
        if not named and not quantities:
            continue
        if len(named) != 1 or len(quantities) != 1 or len(_NUMBER.findall(part)) != 1:
            return None  # (a number the values do not read, "-180 °C", makes two)
        side = named.pop()
        if side in found:
            return None
        found[side], units[side] = quantities[0], _unit(part, quantities[0])
    if len(found) != 2 or units[True] != units[False]:
        return None
    return found[True], found[False], units[True]


def _unit(part: str, value: Value) -> str:
    """What a value is counted in: its dimension, else the word after it ("g/cm3")."""
    if value.unit:
        return value.unit
    after = _UNIT_WORDS.match(part, value.end)
    return after.group(1).lower() if after else ""
