"""Words of opposite meaning, and the sentence that states a claim with one of its words
turned into its opposite ("more common in *cool, humid* conditions" against "more common
in *hot, dry* conditions"; "collisions become *less* frequent" against "*more* frequent").

The pairs are WordNet 3.0's antonyms (``antonyms.txt``, made by ``bench/make_antonyms.py``;
adjective satellites share their head's: "humid" is opposed to "dry" as "wet" is).
Words are compared by their base form ("highest" as "high", "grew" as "grow", "quickly"
as itself). Pure functions; the table is loaded on first use.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from importlib import resources

from verifier.text.spans import STOPWORDS
from verifier.text.stem import IRREGULAR, stem

__all__ = ["opposites", "swap"]

_WORD = re.compile(r"[a-z][a-z']*[a-z]|[a-z]")  # "light-independent": "light", "independent"
_CASED_WORD = re.compile(r"[A-Za-z][a-z']*[a-z]|[A-Za-z]")


@cache
def _table() -> dict[str, frozenset[str]]:
    text = resources.files("verifier.judges.frames").joinpath("antonyms.txt").read_text("utf-8")
    pairs: dict[str, set[str]] = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        a, _, b = line.partition("\t")
        pairs.setdefault(a, set()).add(b)
        pairs.setdefault(b, set()).add(a)
    return {word: frozenset(others) for word, others in pairs.items()}


@lru_cache(maxsize=1 << 15)
def base(word: str) -> str:
    """The form a word is listed under: itself, or without its inflection ("highest",
    "higher" -> "high"; "bigger" -> "big"; "grew" -> "grow"; "rises" -> "rise")."""
    table = _table()
    if word in table:
        return word
    irregular = IRREGULAR.get(word)
    if irregular and irregular in table:
        return irregular
    candidates = []
    for suffix, repl in (
        ("iest", "y"),
        ("ier", "y"),
        ("est", ""),
        ("er", ""),
        ("est", "e"),
        ("er", "e"),
        ("ies", "y"),
        ("es", ""),
        ("s", ""),
        ("ied", "y"),
        ("ed", ""),
        ("ed", "e"),
        ("ing", ""),
        ("ing", "e"),
    ):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            root = word[: -len(suffix)] + repl
            candidates.append(root)
            if len(root) > 3 and root[-1] == root[-2]:
                candidates.append(root[:-1])  # "bigger" -> "big"
    return next((c for c in candidates if c in table), word)


def opposites(word: str) -> frozenset[str]:
    """The listed opposites of a word (by base form); empty when it has none."""
    return _table().get(base(word), frozenset())


def _content(text: str) -> list[str]:
    """The words a turn can be read in: lower-case words (a capital inside a sentence
    starts a name, "By News & Guts"), stopwords only when they have an opposite."""
    words = []
    for m in _CASED_WORD.finditer(text):
        word = m.group()
        if (
            word[0].isupper()
            and m.start() > 0
            and not text[: m.start()].rstrip().endswith((".", "!", "?", ":"))
        ):
            continue
        word = word.lower()
        if word not in STOPWORDS or opposites(word):
            words.append(word)
    return words


_THAN = re.compile(r"\bthan\b", re.IGNORECASE)


def _compared(text: str) -> frozenset[str]:
    """The content words of what follows "than" (up to the clause's end)."""
    m = re.search(r"\bthan\s+([^,;.()]+)", text, re.IGNORECASE)
    if m is None:
        return frozenset()
    return frozenset(stem(w) for w in _WORD.findall(m.group(1).lower()) if w not in STOPWORDS)


def swap(claim: str, sentence: str, min_coverage: float = 0.75) -> tuple[str, str] | None:
    """The word of ``claim`` that ``sentence`` states as its opposite, the rest of the
    claim's content being there (at least ``min_coverage`` of it, and three words or
    more): ``(claim words, sentence words)``; None when there is no such word, or when
    words far apart are turned (two changes make another statement). Words turned side
    by side ("cool, humid" -> "hot, dry") are one change."""
    mine, theirs = _content(claim), _content(sentence)
    if not mine or not theirs:
        return None
    their_stems = {stem(w) for w in theirs}
    if sum(stem(w) in their_stems for w in mine) < min_coverage * (len(mine) - 2):
        return None  # too little of the claim is there for it to be the claim turned
    their_bases = {base(w): w for w in theirs}
    my_bases = {base(w) for w in mine}
    found: list[tuple[int, str, str]] = []
    for at, word in enumerate(mine):
        if base(word) in their_bases:
            continue
        hits = (opposites(word) & their_bases.keys()) - my_bases
        if hits:
            found.append((at, word, their_bases[min(hits)]))
    if not found or found[-1][0] - found[0][0] > 2 * (len(found) - 1):
        return None
    if _THAN.search(claim) or _THAN.search(sentence):
        # "more massive than neutron stars": what is compared must be the claim's
        mine_than = _compared(claim)
        if not mine_than or mine_than != _compared(sentence):
            return None
    turned = {word for _at, word, _other in found}
    rest = [w for w in mine if w not in turned and w not in STOPWORDS]
    if len(rest) < 3:
        return None
    stated = sum(1 for w in rest if stem(w) in their_stems or base(w) in their_bases)
    if stated / len(rest) < min_coverage:
        return None
    return " ".join(w for _at, w, _o in found), " ".join(o for _at, _w, o in found)
