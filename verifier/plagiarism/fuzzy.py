"""Fuzzy sentence alignment: edited copies, sentence by sentence, in the source's order.

An edited copy breaks every long exact run, but keeps, sentence after sentence, the
source's content in the source's order. For each response sentence no long exact run
touches, the best source *window* (one sentence, or two adjacent ones: a merged or split
sentence) is the one whose content best matches the sentence's both ways: the
**content similarity**, a weighted Dice coefficient of the two sets of content words
(lightly stemmed), each word weighted by its rarity in English (symspellpy's frequency
list: "tectonic" says more than "large") and by how few of the source's sentences use it
(the source's topic words say little about which sentence was copied). Each aligned
sentence is then tiered:

- ``minor_changes``: the wording survives: content similarity >= ``minor_content`` and
  rapidfuzz ``ratio`` of the two normalised token strings >= ``minor_similarity``;
- ``heavy_revision``: only the content survives (content similarity >= ``heavy_content``).

Consecutive response sentences whose windows move forward through the source by at most
``max_skip`` sentences form a **passage** (one :class:`~verifier.plagiarism.align.Match`,
offsets on both sides), ``minor_changes`` when its minor sentences hold most of its words.
A passage next to an exact match of the same source region (the sentence before or after
it, the source within ``max_skip`` sentences) joins it: one copied passage, one match.
Which passages count is the caller's decision (:mod:`verifier.plagiarism.detect`). Pure
functions.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from functools import lru_cache

from rapidfuzz import fuzz

from ..text import STOPWORDS
from ..words import rarity
from .align import Alignment, Match, Tokens, sentences

# why a response span (tokens a_first..a_last) copied from a source span (b_first..b_last)
# does not count, or None: the copy check's exemptions
Exemption = Callable[[int, int, int, int], str | None]

__all__ = [
    "Exemption",
    "FuzzySettings",
    "aligned_sentences",
    "edited_passages",
    "join_adjacent",
    "with_fuzzy",
]


@dataclass(frozen=True, slots=True)
class FuzzySettings:
    heavy_content: float = 0.3
    minor_content: float = 0.5
    minor_similarity: float = 70.0
    min_content_words: int = 4
    max_skip: int = 3  # source sentences a passage may skip between two of its sentences
    max_gap_sentences: int = 0  # response sentences (asides) a passage may run across


_SUFFIX = re.compile(r"(?:'s|ies|es|s|ed|ing|ly)$")


@lru_cache(maxsize=1 << 16)
def root(word: str) -> str:
    """A light stem for matching edited wording ("plates", "plate"; "moved", "move")."""
    if len(word) <= 4 or word.isdigit():
        return word
    base = _SUFFIX.sub("", word)
    if word.endswith("ies") and len(base) >= 3:
        return base + "y"
    return base if len(base) >= 3 else word


def _content(tokens: Tokens, first: int, last: int) -> dict[str, float]:
    out: dict[str, float] = {}
    for word in tokens.norm[first : last + 1]:
        if word in STOPWORDS or (len(word) < 3 and not word.isdigit()):
            continue
        r = root(word)
        out[r] = max(out.get(r, 0.0), rarity(word))
    return out


def _contents(tokens: Tokens) -> list[dict[str, float]]:
    """Each sentence's content words (roots) and their rarity (computed once per Tokens)."""
    found = tokens.memo.get("contents")
    if found is None:
        found = tokens.memo["contents"] = [
            _content(tokens, first, last) for first, last in sentences(tokens)
        ]
    return found


@dataclass(frozen=True, slots=True)
class _Source:
    """A source's sentences as weighted content, for finding each response sentence's best
    window: one sentence, or two adjacent ones (a sentence merged from two)."""

    words: list[dict[str, float]]  # each sentence's content words and their weights
    sizes: list[float]  # each sentence's total weight
    pair_sizes: list[float]  # sentences i and i + 1 together (shared words once)
    by_word: dict[str, list[int]]  # the sentences holding each word, in order
    idf: dict[str, float]  # a word's weight beyond its rarity: how few sentences use it
    missing: float  # the weight factor of a word the source does not have


def _source(source: Tokens) -> _Source:
    found = source.memo.get("fuzzy source")
    if found is not None:
        return found
    contents = _contents(source)
    # a word most of the source's sentences use is its topic, not a detail worth matching
    by_word: dict[str, list[int]] = defaultdict(list)
    for n, words in enumerate(contents):
        for w in words:
            by_word[w].append(n)
    n_s = len(contents)
    idf = {w: math.log((n_s + 1) / (len(where) + 1)) + 1.0 for w, where in by_word.items()}
    weighted = [{w: r * idf[w] for w, r in words.items()} for words in contents]
    sizes = [sum(words.values()) for words in weighted]
    pair_sizes = [
        sizes[i] + sizes[i + 1] - sum(v for w, v in weighted[i + 1].items() if w in weighted[i])
        for i in range(n_s - 1)
    ]
    found = _Source(weighted, sizes, pair_sizes, dict(by_word), idf, math.log(n_s + 1) + 1.0)
    source.memo["fuzzy source"] = found
    return found


def _may_align(response: Tokens, source: Tokens, settings: FuzzySettings) -> bool:
    """Whether any response sentence can reach ``heavy_content`` with this source: a cheap
    bound from the share of its content (weighted by rarity alone) that the source holds
    anywhere. With f that share, a window's content similarity is at most 2f / (1 + f)
    (the source's own weights only lower f: a word it lacks gets the highest)."""
    roots = source.memo.get("roots")
    if roots is None:
        roots = source.memo["roots"] = {root(w) for w in set(source.norm)}
    floor = settings.heavy_content / (2 - settings.heavy_content)  # 2f / (1 + f) >= h
    for words in _contents(response):
        total = sum(words.values())
        if total and sum(r for w, r in words.items() if w in roots) >= floor * total:
            return True
    return False


@dataclass(frozen=True, slots=True)
class _Aligned:
    a_first: int
    a_last: int
    b_first: int
    b_last: int
    window: int  # index of the first source sentence of the window
    content: float  # weighted Dice of the two contents: found both ways
    similarity: float
    minor: bool


def with_fuzzy(
    alignment: Alignment,
    settings: FuzzySettings,
    anchor_words: int,
    exemption: Exemption | None = None,
) -> Alignment:
    """``alignment`` (exact matches) with the edited passages of the sentences that no
    exact match with a run of ``anchor_words`` words touches, in response order (shorter
    exact matches inside a passage are left to it). A passage never mixes sentences that
    ``exemption`` (of the response and source token ranges) tells apart: an attributed
    sentence is a passage of its own."""
    anchors = [m for m in alignment.matches if m.longest_run >= anchor_words]
    covered = {k for m in anchors for k in range(m.a_first, m.a_last + 1)}
    passages = edited_passages(alignment.response, alignment.source, covered, settings, exemption)
    if not passages:
        return alignment
    # a short exact run inside an edited passage is part of its evidence, not a match
    kept = [
        m
        for m in alignment.matches
        if m.longest_run >= anchor_words
        or not any(p.a_first <= m.a_first and m.a_last <= p.a_last for p in passages)
    ]
    matches = sorted([*kept, *passages], key=lambda m: m.a_first)
    return Alignment(alignment.response, alignment.source, tuple(matches))


def edited_passages(
    response: Tokens,
    source: Tokens,
    covered: set[int],
    settings: FuzzySettings,
    exemption: Exemption | None = None,
) -> list[Match]:
    """The passages of the response sentences no ``covered`` token is in (see the module
    docstring and :func:`with_fuzzy`)."""
    aligned = aligned_sentences(response, source, covered, settings)
    # a sentence an exact match holds ends a passage: passages never overlap exact matches
    walls = [any(k in covered for k in range(a, b + 1)) for a, b in sentences(response)]
    tags = [
        None
        if x is None or exemption is None
        else exemption(x.a_first, x.a_last, x.b_first, x.b_last)
        for x in aligned
    ]
    return _passages(aligned, tags, walls, settings, response, source)


def join_adjacent(
    alignment: Alignment,
    settings: FuzzySettings,
    anchor_words: int,
    joinable: Callable[[Match], bool],
) -> list[Match]:
    """The matches of ``alignment`` with each edited passage joined to an exact match (a
    run of ``anchor_words`` words) next to it: the passage starts in the response sentence
    after the one the match ends in (or ends in the one before it starts in), and moves
    through the source by at most ``max_skip`` sentences. Only matches ``joinable``
    accepts are joined (an exempt quote stays apart from the sentence after it)."""
    response, source = alignment.response, alignment.source
    r_starts = [first for first, _last in sentences(response)]
    s_starts = [first for first, _last in sentences(source)]

    def sentence_of(starts: list[int], token: int) -> int:
        return bisect_right(starts, token) - 1

    def follows(left: Match, right: Match) -> bool:
        next_sentence = sentence_of(r_starts, left.a_last) + 1
        step = sentence_of(s_starts, right.b_first) - sentence_of(s_starts, left.b_last)
        return sentence_of(r_starts, right.a_first) == next_sentence and (
            0 <= step <= settings.max_skip
        )

    out: list[Match] = []
    for m in alignment.matches:
        last = out[-1] if out else None
        if (
            last is not None
            and bool(last.sentences) != bool(m.sentences)  # one edited, one exact
            and max(last.longest_run, m.longest_run) >= anchor_words
            and joinable(last)
            and joinable(m)
            and follows(last, m)
        ):
            out[-1] = _join(last, m, response, source)
        else:
            out.append(m)
    return out


def _join(left: Match, right: Match, response: Tokens, source: Tokens) -> Match:
    """One passage from an exact match and the edited sentences next to it."""
    a_first, a_last = left.a_first, right.a_last
    b_first, b_last = min(left.b_first, right.b_first), max(left.b_last, right.b_last)
    a_text = " ".join(response.norm[a_first : a_last + 1])
    b_text = " ".join(source.norm[b_first : b_last + 1])
    content = (left.content or 1.0) * left.words + (right.content or 1.0) * right.words
    return replace(
        left,
        kind="minor_changes",
        a_first=a_first,
        a_last=a_last,
        b_first=b_first,
        b_last=b_last,
        words=a_last - a_first + 1,
        copied_words=left.copied_words + right.copied_words,
        longest_run=max(left.longest_run, right.longest_run),
        similarity=round(fuzz.ratio(a_text, b_text), 2),
        sentences=left.sentences + right.sentences,
        content=round(content / (left.words + right.words), 4),
    )


def aligned_sentences(
    response: Tokens,
    source: Tokens,
    covered: set[int],
    settings: FuzzySettings,
) -> list[_Aligned | None]:
    """Each response sentence's best source window, or None (covered, too few content
    words, or too little of its content in any window)."""
    r_sents = sentences(response)
    s_sents = sentences(source)
    if not r_sents or not s_sents or not _may_align(response, source, settings):
        return [None] * len(r_sents)
    src = _source(source)
    aligned: list[_Aligned | None] = []
    for (first, last), words in zip(r_sents, _contents(response), strict=True):
        if len(words) < settings.min_content_words or any(
            k in covered for k in range(first, last + 1)
        ):
            aligned.append(None)
            continue
        mine = {w: r * src.idf.get(w, src.missing) for w, r in words.items()}
        total = sum(mine.values())
        # windows n < len(s_sents): sentence n; n >= len(s_sents): sentences i, i + 1 with
        # i = n - len(s_sents)
        single: dict[int, float] = defaultdict(float)
        both: dict[int, float] = defaultdict(float)  # words in sentences i and i + 1
        for w, value in mine.items():
            where = src.by_word.get(w, ())
            for k, n in enumerate(where):
                single[n] += value
                if k and where[k - 1] == n - 1:
                    both[n - 1] += value
        if not single:
            aligned.append(None)
            continue
        shared = dict(single)
        sizes = {n: src.sizes[n] for n in single}
        n_s = len(s_sents)
        for i in {n for n in single if n + 1 < n_s} | {n - 1 for n in single if n > 0}:
            shared[n_s + i] = single.get(i, 0.0) + single.get(i + 1, 0.0) - both.get(i, 0.0)
            sizes[n_s + i] = src.pair_sizes[i]
        # the window whose content best matches the sentence's, both ways (weighted Dice)
        best = max(shared, key=lambda n: (2 * shared[n] / (total + sizes[n]), -n))
        content = 2 * shared[best] / (total + sizes[best])
        if content < settings.heavy_content:
            aligned.append(None)
            continue
        i, j = (best, best) if best < n_s else (best - n_s, best - n_s + 1)
        # both spans are trimmed to the words the other side has (a lead-in such as
        # "The article puts it like this:" is not part of the copy)
        # the wording compared sentence to window; the spans reported are trimmed
        a_text = " ".join(response.norm[first : last + 1])
        b_text = " ".join(source.norm[s_sents[i][0] : s_sents[j][1] + 1])
        similarity = fuzz.ratio(a_text, b_text)
        a_first, a_last = _trim(response, first, last, source, s_sents[i][0], s_sents[j][1])
        b_first, b_last = _trim(source, s_sents[i][0], s_sents[j][1], response, first, last)
        minor = content >= settings.minor_content and similarity >= settings.minor_similarity
        aligned.append(
            _Aligned(
                a_first,
                a_last,
                b_first,
                b_last,
                i,
                round(content, 4),
                round(similarity, 2),
                minor,
            )
        )
    return aligned


def _trim(
    tokens: Tokens, first: int, last: int, other: Tokens, o_first: int, o_last: int
) -> tuple[int, int]:
    """``tokens[first..last]`` from its first to its last content word that
    ``other[o_first..o_last]`` has too (as is, or by root), with the small words the two
    share right before and after them ("the" of "the Nobel Prizes")."""
    words = set(other.norm[o_first : o_last + 1])
    roots = {root(w) for w in words}

    def shared(k: int) -> bool:
        word = tokens.norm[k]
        return word not in STOPWORDS and (word in words or root(word) in roots)

    def small(k: int) -> bool:
        return tokens.norm[k] in STOPWORDS and tokens.norm[k] in words

    start, end = first, last
    while start < end and not shared(start):
        start += 1
    while end > start and not shared(end):
        end -= 1
    while start > first and small(start - 1):
        start -= 1
    while end < last and small(end + 1):
        end += 1
    return start, end


def _runs(a: Sequence[str], b: Sequence[str]) -> tuple[int, int]:
    """Words of ``a`` inside runs identical in ``b`` (difflib's matching blocks), and the
    longest such run."""
    blocks = SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks()
    return sum(x.size for x in blocks), max((x.size for x in blocks), default=0)


def _passages(
    aligned: list[_Aligned | None],
    tags: list[str | None],
    walls: list[bool],
    settings: FuzzySettings,
    response: Tokens,
    source: Tokens,
) -> list[Match]:
    """Consecutive aligned sentences whose source windows move forward by at most
    ``max_skip`` sentences, as passages: ``minor_changes`` when sentences whose wording
    survived hold most of its words, else ``heavy_revision``; similarity and content are
    means weighted by words."""
    runs: list[list[_Aligned]] = []
    last_tag: str | None = None
    gap = 0  # unaligned sentences since the run's last one
    for item, tag, wall in zip(aligned, tags, walls, strict=True):
        if item is None:
            gap += settings.max_gap_sentences + 1 if wall else 1
            continue
        if (
            runs
            and gap <= settings.max_gap_sentences
            and tag == last_tag
            and 0 <= item.window - runs[-1][-1].window <= settings.max_skip
        ):
            runs[-1].append(item)
        else:
            runs.append([item])
        last_tag, gap = tag, 0
    out: list[Match] = []
    for run in runs:
        if not run:
            continue
        sizes = [x.a_last - x.a_first + 1 for x in run]
        total = sum(sizes)
        minor = sum(n for x, n in zip(run, sizes, strict=True) if x.minor) * 2 > total
        a_first, a_last = run[0].a_first, run[-1].a_last
        b_first, b_last = min(x.b_first for x in run), max(x.b_last for x in run)
        copied, longest = _runs(
            response.norm[a_first : a_last + 1], source.norm[b_first : b_last + 1]
        )
        out.append(
            Match(
                "minor_changes" if minor else "heavy_revision",
                a_first,
                a_last,
                b_first,
                b_last,
                a_last - a_first + 1,
                copied,
                longest,
                round(sum(x.similarity * n for x, n in zip(run, sizes, strict=True)) / total, 2),
                sentences=len(run),
                content=round(
                    sum(x.content * n for x, n in zip(run, sizes, strict=True)) / total, 4
                ),
            )
        )
    return out
