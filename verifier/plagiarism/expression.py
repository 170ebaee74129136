"""Expression, not facts: what a paraphrase cannot change, and what copying keeps.

Facts have no synonyms: whoever writes about Marie Curie writes Warsaw, 1867, Sorbonne,
polonium. A copy check that scores shared rare words scores shared facts, so every correct
factual answer looks copied from a page that states the same facts. Plagiarism is copied
*expression*: the source's sentences, their structure and their wording, kept while a few
words are swapped. This module tells the two apart, word by word:

- **Facts** are what a paraphrase cannot change: numbers (digits, number and ordinal
  words), dates (months, weekdays, eras), units, names (words written capitalised inside a
  sentence, or in capitals), and the **terms of the subject**: words rare in general English
  (symspellpy's frequency list) that the topic's texts share, because the prompt uses them
  or at least two of the sources checked do.
- **Wording** is everything else: the ordinary words and the small words between them.
  Two texts share wording where, with every fact replaced by the same placeholder, they
  have the same sequence of words (difflib's matching blocks of two or more words holding
  an ordinary content word): "was born in # in #" is how facts are listed, "it was cast
  from the same # and so came out uniform" is how one source put it.

Everything is keyed by :func:`root` (a light stem), computed once per :class:`Tokens`
where it depends only on that text. Pure functions.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Sequence
from difflib import SequenceMatcher
from functools import lru_cache

from rapidfuzz import fuzz
from rapidfuzz.distance import Indel

from verifier.plagiarism.align import Tokens, sentences
from verifier.text.months import MONTHS, WEEKDAYS
from verifier.text.spans import STOPWORDS
from verifier.text.stem import Stemming, stem
from verifier.text.words import frequencies, rarity

__all__ = [
    "FACT",
    "LONG_WORDS",
    "expression_words",
    "fact_roots",
    "listing",
    "masked",
    "matching_blocks",
    "rare",
    "rare_roots",
    "recurring_terms",
    "root",
    "roots_of",
    "shared_wording",
    "topic_terms",
    "wording_similarity",
]

FACT = "#"  # what every fact becomes in a masked sequence

# a word this rare in general English (rarity, see verifier.text.words) may be a term of the
# subject (fewer than about 9 million uses in the list): "polonium", "checksum", "compiler";
# "matrix", "syntax", "cloud" are not
TERM_RARITY = 11.0

_NUMBER_WORDS = """
zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen
sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety
hundred hundreds thousand thousands million millions billion billions trillion trillions
dozen dozens half halves quarter quarters twice thrice double triple single
first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth
twentieth hundredth thousandth
century centuries decade decades millennium millennia
"""
_DATE_WORDS = [*MONTHS, *WEEKDAYS, "bc", "bce", "ad", "ce"]
_UNIT_WORDS = """
km kilometre kilometres kilometer kilometers metre metres meter meters cm centimetre
centimetres centimeter centimeters mm millimetre millimetres millimeter millimeters mile
miles feet foot ft inch inches yard yards kg kilogram kilograms gram grams lb lbs pound
pounds ounce ounces oz ton tons tonne tonnes litre litres liter liters ml gallon gallons
acre acres hectare hectares percent per cent degree degrees celsius fahrenheit kelvin mph
kph hz khz mhz ghz kb mb gb tb watt watts kw kwh mw volt volts amp amps joule joules
calorie calories kcal second seconds minute minutes hour hours sec min hr hrs
"""
FACT_WORDS = frozenset([*_NUMBER_WORDS.split(), *_DATE_WORDS, *_UNIT_WORDS.split()])


@lru_cache(maxsize=1 << 17)
def root(word: str) -> str:
    """A light stem for matching edited wording ("plates", "plate"; "moved", "move"):
    :func:`~verifier.text.stem.stem` at strength ``LIGHT``."""
    return stem(word, Stemming.LIGHT)


@lru_cache(maxsize=1 << 16)
def _is_number(word: str) -> bool:
    return word in FACT_WORDS or (not word.isalpha() and any(c.isdigit() for c in word))


def fact_roots(tokens: Tokens) -> frozenset[str]:
    """The roots of the words that are facts by their own form in this text: numbers,
    dates, units, and names (a word written capitalised anywhere but at the start of a
    sentence or a line, or in capitals: "Curie", "TCP"). A line written in title case (a
    heading, "Early Life And Career") names nothing: most of its words are capitalised."""
    found = tokens.memo.get("fact roots")
    if found is not None:
        return found
    text, spans, norm, starts = tokens.text, tokens.spans, tokens.norm, tokens.starts
    words = set(norm)
    out = {root(w) for w in words & FACT_WORDS}
    out.update(root(w) for w in words if not w.isalpha() and _is_number(w))
    # the capitalised words, by line (a line: from a sentence's or a line's first word)
    firsts = sorted(
        {first for first, _last in sentences(tokens)}
        | {bisect_left(starts, m.start()) for m in re.finditer("\n", text)}
    )
    by_line: dict[int, list[int]] = {}
    for k in [k for k, at in enumerate(starts) if text[at].isupper()]:
        if norm[k] not in STOPWORDS:
            by_line.setdefault(bisect_right(firsts, k) - 1, []).append(k)
    for line, capital in by_line.items():
        first = firsts[line] if line >= 0 else 0
        if len(capital) >= 3:  # a heading in title case names nothing
            stop = firsts[line + 1] if line + 1 < len(firsts) else len(norm)
            content = sum(w not in STOPWORDS for w in norm[first:stop])
            if len(capital) > 0.6 * content:
                capital = [k for k in capital if _in_capitals(text, spans[k])]
        for k in capital:
            if k != first or _in_capitals(text, spans[k]):
                out.add(root(norm[k]))
    found = tokens.memo["fact roots"] = frozenset(out)
    return found


def _in_capitals(text: str, span: tuple[int, int]) -> bool:
    """A word written in capitals ("TCP", "NASA"): a name wherever it stands."""
    shown = text[span[0] : span[1]]
    return len(shown) > 1 and shown.isupper() and shown.isalpha()


@lru_cache(maxsize=1 << 16)
def rare(word: str) -> bool:
    """Whether a word is rare in general English, in all its forms: "translates" is rarer
    than "translate", which is not rare; "polonium" and "checksum" are."""
    if word in STOPWORDS or _is_number(word) or rarity(word) < TERM_RARITY:
        return False
    base = root(word)
    listed = frequencies()[0]
    forms = {base, base + "e", word[:-1]} - {word}
    return all(rarity(form) >= TERM_RARITY for form in forms if form in listed)


def rare_roots(tokens: Tokens) -> frozenset[str]:
    """The roots of the text's words rare in general English (candidate terms)."""
    found = tokens.memo.get("rare roots")
    if found is None:
        found = tokens.memo["rare roots"] = frozenset(root(w) for w in set(tokens.norm) if rare(w))
    return found


def recurring_terms(tokens: Tokens, among: frozenset[str] | None = None) -> frozenset[str]:
    """The rare words a text comes back to (in two sentences or more): its subject's
    terms, whatever the other texts checked are about. ``among``: only these roots (the
    words another text has too), worked out afresh; without it, all, once per text."""
    if among is None and "recurring terms" in tokens.memo:
        return tokens.memo["recurring terms"]
    words = {w for w in set(tokens.norm) if (among is None or root(w) in among) and rare(w)}
    seen: Counter[str] = Counter()
    for first, last in sentences(tokens):
        seen.update({root(w) for w in tokens.norm[first : last + 1] if w in words})
    found = frozenset(w for w, n in seen.items() if n >= 2)
    if among is None:
        tokens.memo["recurring terms"] = found
    return found


def roots_of(tokens: Tokens) -> frozenset[str]:
    """The roots of every word of the text (worked out once per text)."""
    found = tokens.memo.get("roots")
    if found is None:
        found = tokens.memo["roots"] = frozenset(root(w) for w in set(tokens.norm))
    return found


def topic_terms(prompt: Tokens, response: Tokens, sources: Iterable[Tokens]) -> frozenset[str]:
    """The terms of the subject: words rare in general English that the prompt uses, or
    that the response uses and at least two of the sources do too (the topic's vocabulary,
    not one page's wording)."""
    candidates = rare_roots(response) - rare_roots(prompt)
    seen: Counter[str] = Counter()
    for source in sources:
        seen.update(candidates & roots_of(source))
    return rare_roots(prompt) | {w for w, n in seen.items() if n >= 2}


def masked(tokens: Tokens, first: int, last: int, facts: frozenset[str] | set[str]) -> list[str]:
    """Tokens ``first..last`` as roots, each fact replaced by :data:`FACT`."""
    out = []
    for word in tokens.norm[first : last + 1]:
        r = root(word)
        out.append(FACT if r in facts or _is_number(word) else r)
    return out


# Sequences longer than this (words) are aligned a stretch of this many words at a time,
# with rapidfuzz's LCS alignment (C, bit-parallel) instead of difflib's (Python, time in
# the product of the two lengths and more with the words both repeat: "#", "the").
LONG_WORDS = 1000


def matching_blocks(a: Sequence[str], b: Sequence[str]) -> list[tuple[int, int, int]]:
    """The runs of equal words ``a`` and ``b`` share in order, as (start in a, start in b,
    size): difflib's matching blocks; past ``LONG_WORDS`` words of ``a``, an LCS alignment
    of each stretch of ``LONG_WORDS`` against the stretch of ``b`` at the same relative
    place (and half a stretch either side): a copy of pages costs its length, not its
    square."""
    if len(a) <= LONG_WORDS:
        blocks = SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks()
        return [(x.a, x.b, x.size) for x in blocks if x.size]
    out: list[tuple[int, int, int]] = []
    scale, slack = len(b) / len(a), LONG_WORDS // 2
    for x in range(0, len(a), LONG_WORDS):
        y = max(0, int(x * scale) - slack)
        stretch = b[y : int((x + LONG_WORDS) * scale) + slack]
        out.extend(
            (x + op.src_start, y + op.dest_start, op.src_end - op.src_start)
            for op in Indel.opcodes(a[x : x + LONG_WORDS], stretch)
            if op.tag == "equal"
        )
    return out


def shared_wording(a: Sequence[str], b: Sequence[str]) -> int:
    """Words of masked sequence ``a`` that ``b`` has too, beyond the facts: its ordinary
    words that ``b`` holds (as roots, in any order), and the small words between them
    where the two run the same way (the :func:`matching_blocks` of two or more words that
    hold an ordinary word: "cast from the same #", not "in # and #")."""
    if not a or not b:
        return 0
    in_b = set(b)
    shared = [w != FACT and w not in STOPWORDS and w in in_b for w in a]
    for start, _b_start, size in matching_blocks(a, b):
        words = range(start, start + size)
        if size >= 2 and any(a[k] != FACT and a[k] not in STOPWORDS for k in words):
            for k in words:
                shared[k] = shared[k] or a[k] != FACT
    return sum(shared)


def listing(words: Sequence[str], facts: frozenset[str] | set[str]) -> bool:
    """Whether words (as tokens) are a list of names, titles and numbers rather than a
    sentence's wording: a third of them names or numbers (roots in ``facts``), and at most
    one in six a function word ("were commander Neil Armstrong, command module pilot
    Michael Collins and lunar module pilot Buzz Aldrin"; prose has several in every
    clause); or half of them names or numbers with at most two other words beside the
    function words ("the Nordic countries are Denmark, Finland, Iceland, Norway and
    Sweden")."""
    if not words:
        return False
    named = [root(w) in facts or _is_number(w) for w in words]
    small = sum(w in STOPWORDS for w in words)
    if 3 * sum(named) >= len(words) and 6 * small <= len(words):
        return True
    # or half of them names and numbers, and at most two words beside them and the small
    # words that join them: a series of names with its lead-in ("the Nordic countries are
    # Denmark, Finland, Iceland, Norway and Sweden")
    other = sum(not n and w not in STOPWORDS for w, n in zip(words, named, strict=True))
    return 2 * sum(named) >= len(words) and other <= 2


def expression_words(words: Sequence[str]) -> int:
    """The words of a masked sequence that are not facts."""
    return sum(w != FACT for w in words)


def wording_similarity(a: Sequence[str], b: Sequence[str]) -> float:
    """How alike two masked sequences are, 0-100 (rapidfuzz ``ratio`` of their strings):
    the facts are the same placeholder on both sides, so changed facts do not lower it and
    shared facts do not raise it."""
    return round(fuzz.ratio(" ".join(a), " ".join(b)), 2)
