"""How people misspell: the cost of the edits that turn a word into a misspelling of it,
weighted by how often people make each kind, and the word a misspelling most likely meant.

The edits are Damerau's (a letter left out, added, changed, or two neighbours swapped),
each weighted (1 is a plain edit):

- an apostrophe left out ("youre", "theyre"): 0.3;
- a double letter written single or a single one doubled ("untill", "finaly",
  "occured", "tommorow"): 0.5;
- two neighbouring letters swapped ("recieve", "thier", "wierd"): 0.5;
- a vowel for another vowel ("seperate", "definately", "independant"): 0.6;
- a silent "h" after a consonant left out ("rythm", "wich"), a vowel left out or added
  ("finaly" aside, "enviroment", "arguement"): 0.6 and 0.7;
- a letter for its neighbour on the keyboard: 0.8;
- anything else: 1; and changing the first letter costs 1 more (people rarely get it
  wrong: "tounge" is "tongue", not "lounge").

A candidate's score is its cost less half its Zipf frequency (log10 of its uses per
billion words): a unit of cost weighs as a hundredfold difference in frequency, so the
commoner word wins between slips of one kind ("realy" -> "really", not "real" or
"relay"; "tounge" -> "tongue"). Pure functions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

__all__ = ["FREQUENCY_WEIGHT", "most_likely", "slip_cost"]

_VOWELS = frozenset("aeiouy")
_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_NEIGHBOURS = frozenset(
    (row[i], row[i + d])
    for row in _ROWS
    for i in range(len(row))
    for d in (-1, 1)
    if 0 <= i + d < len(row)
)
FREQUENCY_WEIGHT = 0.5
_FIRST_LETTER = 1.0


def _substitution(a: str, b: str) -> float:
    if a in _VOWELS and b in _VOWELS:
        return 0.6
    return 0.8 if (a, b) in _NEIGHBOURS else 1.0


def _dropped(meant: str, i: int) -> float:
    """The cost of leaving out letter ``i`` of the word meant."""
    c = meant[i]
    if c == "'":
        return 0.3  # an apostrophe left out: "youre", "theyre"
    if (i and meant[i - 1] == c) or (i + 1 < len(meant) and meant[i + 1] == c):
        return 0.5  # a double letter written single
    if c == "h" and i and meant[i - 1] not in _VOWELS:
        return 0.6  # a silent h: "rythm", "wich"
    return 0.7 if c in _VOWELS else 1.0


def _added(word: str, j: int) -> float:
    """The cost of the misspelling having letter ``j`` that the word meant lacks."""
    c = word[j]
    if (j and word[j - 1] == c) or (j + 1 < len(word) and word[j + 1] == c):
        return 0.5  # a single letter doubled
    return 0.7 if c in _VOWELS else 1.0


@lru_cache(maxsize=1 << 16)
def slip_cost(word: str, meant: str) -> float:
    """The weighted cost of the edits that turn ``meant`` into the misspelling ``word``
    (both lower case): 0 for the word itself, 0.5 for "untill" from "until"."""
    n, m = len(word), len(meant)
    row2: list[float] = []
    row1 = [0.0] * (m + 1)
    for i in range(1, m + 1):
        row1[i] = row1[i - 1] + _dropped(meant, i - 1)
    for j in range(1, n + 1):
        row = [row1[0] + _added(word, j - 1)] + [0.0] * m
        for i in range(1, m + 1):
            same = word[j - 1] == meant[i - 1]
            best = min(
                row1[i - 1] + (0.0 if same else _substitution(word[j - 1], meant[i - 1])),
                row1[i] + _added(word, j - 1),
                row[i - 1] + _dropped(meant, i - 1),
            )
            if (
                i > 1
                and j > 1
                and word[j - 1] == meant[i - 2]
                and word[j - 2] == meant[i - 1]
                and not same
            ):
                best = min(best, row2[i - 2] + 0.5)
            row[i] = best
        row2, row1 = row1, row
    cost = row1[m]
    if word[:1] != meant[:1] and word[:2] != meant[1::-1]:
        cost += _FIRST_LETTER
    return cost


def most_likely(
    word: str, candidates: Iterable[str], zipf: Callable[[str], float]
) -> tuple[str, float] | None:
    """The candidate the misspelling ``word`` most likely meant, with its slip cost: the
    least cost less ``FREQUENCY_WEIGHT`` times its frequency (ties: the cheaper slip,
    then the earlier candidate)."""
    best: tuple[float, float, int, str] | None = None
    for n, c in enumerate(candidates):
        cost = slip_cost(word, c)
        key = (cost - FREQUENCY_WEIGHT * zipf(c), cost, n, c)
        if best is None or key < best:
            best = key
    return (best[3], best[1]) if best is not None else None
