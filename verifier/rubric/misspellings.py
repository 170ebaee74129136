"""Misspellings people make, and the words they meant: a list, read on first use.

``misspellings.txt`` (made by ``bench/make_misspellings.py``) holds codespell's lists of
common misspellings, derived from English Wikipedia's "Lists of common misspellings" (CC
BY-SA 3.0, as the file says): about 63,000 misspellings, each with the word or words
meant ("definately" -> "definitely"; "finaly" -> "finally" or "finale"), and about 300
rare words that are most often a slip ("calender" -> "calendar", marked rare). Whether a
listed word is a slip where it stands is the spelling check's decision
(:mod:`verifier.rubric.spelling`): a word of the lexicon in its own right is not.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

__all__ = ["Listed", "corrections"]


@dataclass(frozen=True, slots=True)
class Listed:
    """The words a listed misspelling stands for, and whether the misspelling is itself a
    rare word ("calender")."""

    meant: tuple[str, ...]
    rare: bool


@cache
def _table() -> dict[str, str]:
    """Each misspelling with the rest of its line (read in about 50 ms; an entry is
    parsed when it is looked up)."""
    text = resources.files("verifier.rubric").joinpath("misspellings.txt").read_text("utf-8")
    return dict(line.split("\t", 1) for line in text.splitlines() if line and line[0] != "#")


def corrections(word: str) -> Listed | None:
    """The listed words meant by a (folded, lower-case) misspelling, or None."""
    rest = _table().get(word)
    if rest is None:
        return None
    meant, _, mark = rest.partition("\t")
    return Listed(tuple(meant.split(",")), mark == "rare")
