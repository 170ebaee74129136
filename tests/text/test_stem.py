"""The one stemmer gives, at each strength, what the copy it replaced gave: the old
implementations are kept here as oracles and compared over the English frequency list
(82,765 words, as written, capitalised and with a possessive) and over generated words."""

from __future__ import annotations

import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.text.stem import IRREGULAR, Stemming, stem
from verifier.text.words import frequency_list

# --- the old copies, as they were ---------------------------------------------------------

_OLD_SUFFIXES = (
    *("ations", "ation", "ments", "ment", "ings", "ing", "ions", "ion", "ers", "er"),
    *("ied", "ies", "ed", "es", "s", "e", "y"),
)


def _old_strip(w: str) -> str:
    for suffix in _OLD_SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= 4:
            base = w[: -len(suffix)]
            if suffix in ("ied", "ies"):
                base += "y"
            if len(base) > 4 and base[-1] == base[-2] and base[-1] not in "lsz":
                base = base[:-1]
            return base
    return w


def old_relations_stem(word: str) -> str:  # judges/frames/relations.py
    w = word.casefold().strip("'’")
    w = IRREGULAR.get(w, w)
    if not w.isalpha() or len(w) <= 4:
        return w
    for _ in range(2):
        shorter = _old_strip(w)
        if shorter == w:
            break
        w = shorter
    return w


def old_heuristic_stem(word: str) -> str:  # judges/heuristic.py
    for suffix in ("ies", "es", "s"):
        if word.endswith(suffix) and len(word) > len(suffix) + 3:
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word


def old_slots_stem(noun: str) -> str:  # judges/frames/slots.py
    noun = noun.lower()
    for suffix, repl in (("ies", "y"), ("sses", "ss"), ("s", "")):
        if noun.endswith(suffix) and len(noun) > len(suffix) + 2:
            return noun[: -len(suffix)] + repl
    return noun


_OLD_SUFFIX = re.compile(r"(?:'s|ies|es|s|ed|ing|ly)$")


def old_root(word: str) -> str:  # plagiarism/expression.py
    if len(word) <= 4 or word.isdigit():
        return word
    base = _OLD_SUFFIX.sub("", word)
    if word.endswith("ies") and len(base) >= 3:
        return base + "y"
    return base if len(base) >= 3 else word


ORACLES = {
    Stemming.CRUDE: old_relations_stem,
    Stemming.PLURAL: old_heuristic_stem,
    Stemming.LIGHT: old_root,
}

# --- the words they are compared over ------------------------------------------------------


@cache
def english() -> list[str]:
    words = [line.split()[0] for line in frequency_list().read_text().splitlines() if line]
    more = [*IRREGULAR, "1990s", "COVID-19s", "x-rays", "it’s", "'quoted'", "stopped", "bussed"]
    return [*words, *more]


def variants(word: str) -> list[str]:
    return [word, word.capitalize(), word.upper(), f"{word}'s", f"{word}’s", f"'{word}'"]


@pytest.mark.parametrize("how", list(ORACLES), ids=lambda h: h.name)
def test_each_strength_gives_what_its_old_copy_gave_on_english(how: Stemming) -> None:
    old = ORACLES[how]
    differ = [
        (w, stem(w, how), old(w))
        for word in english()
        for w in variants(word)
        if stem(w, how) != old(w)
    ]
    assert differ == []


def test_counted_gives_what_the_slots_copy_gave_on_lowercase_nouns() -> None:
    # slots hands over lowercase ASCII nouns only ([a-z][a-z-]{2,} and the like, lowered)
    nouns = [w for w in english() if re.fullmatch(r"[a-z][a-z-]*", w)]
    assert [(n, stem(n, Stemming.COUNTED)) for n in nouns] == [
        (n, old_slots_stem(n)) for n in nouns
    ]


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="abcdeilmnorstuyADS'’-019ß", max_size=14), st.sampled_from(list(ORACLES)))
def test_each_strength_gives_what_its_old_copy_gave_on_any_word(word: str, how: Stemming) -> None:
    assert stem(word, how) == ORACLES[how](word)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcdeilmnorstuy-", max_size=14))
def test_counted_on_any_lowercase_word(word: str) -> None:
    assert stem(word, Stemming.COUNTED) == old_slots_stem(word)


def test_examples() -> None:
    assert {stem(w) for w in ("discovered", "discovers", "discovery", "discover")} == {"discov"}
    assert stem("Companies", Stemming.PLURAL) == "Company"
    assert stem("classes", Stemming.COUNTED) == "class"
    assert stem("flies", Stemming.LIGHT) == "flies"  # "fl" would be too short
    assert stem("plates", Stemming.LIGHT) == "plat"
