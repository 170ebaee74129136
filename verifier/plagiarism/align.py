"""Aligning a response with a source: maximal copied spans with offsets in both texts.

Both texts are cut into word tokens that keep their character spans and are compared in a
normalised form (NFKC, case-folded, typographic apostrophes unified). Exact runs are found
by seeding on word k-grams of the source and extending each seed as far as the tokens
agree; runs that follow each other in both texts with small gaps (a few inserted, deleted
or changed words) are merged into one match. rapidfuzz measures how close a merged match
is (``fuzz.ratio`` over its token strings), and sentences with close wording but no long
exact run are found with ``fuzz.token_sort_ratio``.

Kinds: ``identical`` (one exact run), ``minor_changes`` (runs merged across small edits,
still near-verbatim; or a sentence whose wording survives light editing), and
``heavy_revision`` (sentences restructured but kept in the source's order, found by
:mod:`verifier.plagiarism.fuzzy`). Everything here is a pure function of its inputs.
"""

from __future__ import annotations

import itertools
import unicodedata
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from heapq import heappop, heappush
from typing import Any, Literal

from rapidfuzz import fuzz
from rapidfuzz.distance import Indel

from verifier.text.sentences import sentence_spans
from verifier.text.spans import WORD

__all__ = [
    "LONG_MATCH_CHARS",
    "MAX_SENTENCE_WORDS",
    "Alignment",
    "Match",
    "MatchKind",
    "Run",
    "Tokens",
    "align",
    "choose_runs",
    "exact_runs",
    "normalized_words",
    "sentences",
    "similarity",
    "tokenize",
]

MatchKind = Literal["identical", "minor_changes", "heavy_revision"]


@dataclass(frozen=True, slots=True)
class Tokens:
    """Word tokens of a text: normalised forms and their (start, end) spans."""

    text: str
    norm: tuple[str, ...]
    spans: tuple[tuple[int, int], ...]
    starts: tuple[int, ...]
    # what is derived from the tokens once and reused (sentences, their content words)
    memo: dict[Hashable, Any] = field(default_factory=dict, compare=False, repr=False)

    def __len__(self) -> int:
        return len(self.norm)

    def within(self, start: int, end: int) -> range:
        """Indices of the tokens that start inside characters [start, end)."""
        return range(bisect_left(self.starts, start), bisect_left(self.starts, end))

    def char_span(self, first: int, last: int) -> tuple[int, int]:
        """Characters from token ``first`` to token ``last`` (inclusive)."""
        return self.spans[first][0], self.spans[last][1]


def _norm(word: str) -> str:
    if word.isascii():
        return word.lower()  # the common case, and NFKC and casefold agree with it
    return unicodedata.normalize("NFKC", word).casefold().replace("’", "'")


def normalized_words(text: str) -> list[str]:
    """The normalised word tokens of ``text``, without their spans (faster than tokenize)."""
    return [_norm(w) for w in WORD.findall(text)]


def tokenize(text: str) -> Tokens:
    spans = tuple(m.span() for m in WORD.finditer(text))
    if text.isascii():  # lower-casing ASCII keeps every word boundary: one pass, no per-word work
        norm = tuple(WORD.findall(text.lower()))
    else:
        norm = tuple(_norm(text[start:end]) for start, end in spans)
    return Tokens(text, norm, spans, tuple(start for start, _ in spans))


@dataclass(frozen=True, slots=True)
class Run:
    """An exact run of ``length`` equal tokens: response token ``a``, source token ``b``."""

    a: int
    b: int
    length: int


@dataclass(frozen=True, slots=True)
class Match:
    """A copied span: response tokens [a_first, a_last], source tokens [b_first, b_last]."""

    kind: MatchKind
    a_first: int
    a_last: int
    b_first: int
    b_last: int
    words: int  # response words covered by the match
    copied_words: int  # of those, words inside exact runs
    longest_run: int
    similarity: float  # 0-100, rapidfuzz ratio of the two token strings
    sentences: int = 0  # response sentences aligned sentence by sentence (fuzzy stage)
    content: float = 0.0  # their content similarity with the source (weighted Dice, 0-1)
    wording: int = 0  # response words shared with the source, beyond the facts
    expression: int = 0  # response words of the match that are not facts
    # whether the passage it belongs to was decided already (the sentence stage decides a
    # passage as a whole, then cuts it into pieces), and if so why it does not count
    decided: bool = False
    shortfall: str | None = None
    listing: bool = False  # its words are a list of names, titles and numbers: facts


@dataclass(frozen=True, slots=True)
class Alignment:
    response: Tokens
    source: Tokens
    matches: tuple[Match, ...]


def _grams(tokens: Tokens, seed: int) -> dict[tuple[str, ...], list[int]]:
    """Each ``seed``-gram of the text and where it starts, in order (worked out once per
    text: the response is checked against many sources)."""
    found = tokens.memo.get(("grams", seed))
    if found is None:
        found = defaultdict(list)
        norm = tokens.norm
        for j in range(len(norm) - seed + 1):
            found[norm[j : j + seed]].append(j)
        found = tokens.memo[("grams", seed)] = dict(found)
    return found


def _extend(a: Sequence[str], b: Sequence[str], j: int, i: int, length: int) -> int:
    """How far the equal tokens from ``a[j]`` and ``b[i]`` go, given that the first
    ``length`` are equal: compared a block at a time (doubling, then halving), so that a
    long run costs C-speed slice comparisons, not a Python step per token."""
    limit = min(len(a) - j, len(b) - i)
    if length >= limit or a[j + length] != b[i + length]:
        return length
    length += 1
    step = 8
    while (
        length + step <= limit
        and a[j + length : j + length + step] == b[i + length : i + length + step]
    ):
        length += step
        step = min(step * 2, 4096)
    while step > 1:
        step //= 2
        if (
            length + step <= limit
            and a[j + length : j + length + step] == b[i + length : i + length + step]
        ):
            length += step
    return length


def exact_runs(a: Tokens, b: Tokens, seed: int, max_seed_hits: int = 64) -> list[Run]:
    """Maximal exact runs of at least ``seed`` tokens, found from k-gram seeds, in the
    order of their first token in ``a``.

    A seed k-gram that occurs more than ``max_seed_hits`` times in ``b`` says nothing about
    where a copy comes from and starts no run; and no more than ``max_seed_hits`` runs cover
    any token of ``a`` (only text repeated over and over has more: the work stays linear in
    the two lengths however repetitive they are). A run whose response span another run
    from an earlier source position already has is left out (it can never be chosen)."""
    if len(a) < seed or len(b) < seed:
        return []
    # the response's k-grams are indexed once (it is checked against many sources); the
    # source is scanned for them, and only the response positions it shares are visited
    mine = _grams(a, seed)
    index: dict[tuple[str, ...], list[int]] = defaultdict(list)
    norm = b.norm
    for i in range(len(b) - seed + 1):
        gram = norm[i : i + seed]
        if gram in mine:
            index[gram].append(i)
    starts = sorted(
        j for gram, hits in index.items() if len(hits) <= max_seed_hits for j in mine[gram]
    )
    runs: list[Run] = []
    reach: dict[int, int] = {}  # diagonal (b - a) -> first response token not yet covered
    ends: list[int] = []  # where the runs covering the current response token end (a heap)
    spans: set[tuple[int, int]] = set()  # the response spans of the runs kept
    for j in starts:
        while ends and ends[0] <= j:
            heappop(ends)
        for i in index[a.norm[j : j + seed]]:
            if reach.get(i - j, -1) > j:
                continue
            if len(ends) >= max_seed_hits:
                break
            length = _extend(a.norm, norm, j, i, seed)
            reach[i - j] = j + length
            heappush(ends, j + length)
            if (j, length) not in spans:
                spans.add((j, length))
                runs.append(Run(j, i, length))
    return runs


def choose_runs(runs: list[Run]) -> list[Run]:
    """Longest runs first; a run is kept only where it covers response tokens no longer
    run has taken (it is trimmed to its uncovered part, if that is still a run). What is
    taken is kept as sorted disjoint intervals, so each run costs a bisection, not a step
    per token."""
    lows: list[int] = []  # taken: [lows[k], highs[k]), sorted, disjoint and not touching
    highs: list[int] = []
    chosen: list[Run] = []
    for run in sorted(runs, key=lambda r: (-r.length, r.a, r.b)):
        start, end = run.a, run.a + run.length
        k = bisect_right(lows, start) - 1
        if k >= 0 and highs[k] > start:  # the start is taken: trim to where that ends
            start = highs[k]
        if start >= end:
            continue
        k = bisect_right(lows, end - 1) - 1
        if k >= 0 and highs[k] > end - 1:  # so is the end: trim to where that starts
            end = lows[k]
        k = bisect_right(lows, start)
        if k < len(lows) and lows[k] < end:  # taken tokens inside: not a run of its own
            continue
        chosen.append(Run(start, run.b + start - run.a, end - start))
        first, stop = bisect_left(highs, start), bisect_right(lows, end)  # those it touches
        if first < stop:
            start, end = min(start, lows[first]), max(end, highs[stop - 1])
        lows[first:stop] = [start]
        highs[first:stop] = [end]
    chosen.sort(key=lambda r: r.a)
    return chosen


def _merge(groups: list[list[Run]], max_gap: int) -> list[list[Run]]:
    """Join groups of runs that follow each other in both texts with at most ``max_gap``
    tokens between them on either side."""
    out: list[list[Run]] = []
    for group in groups:
        if out:
            last, first = out[-1][-1], group[0]
            gap_a = first.a - (last.a + last.length)
            gap_b = first.b - (last.b + last.length)
            if 0 <= gap_a <= max_gap and 0 <= gap_b <= max_gap:
                out[-1] = out[-1] + group
                continue
        out.append(group)
    return out


def _span(group: list[Run]) -> int:
    return group[-1].a + group[-1].length - group[0].a


def align(
    response: Tokens,
    source: Tokens,
    *,
    seed: int = 5,
    max_gap: int = 4,
    min_words: int = 5,
    join_words: int | None = None,
) -> Alignment:
    """All copied spans of ``source`` in ``response``, in response order.

    Matches shorter than ``min_words`` response words are dropped here; the caller decides
    which of the rest count (see :mod:`verifier.plagiarism.exemptions`). Groups of at least
    ``join_words`` (default ``min_words``) are joined across shorter stray runs between them.
    Sentences no long exact run covers are aligned by :mod:`verifier.plagiarism.fuzzy`.
    """
    matches: list[Match] = []
    groups = _merge([[run] for run in choose_runs(exact_runs(response, source, seed))], max_gap)
    # A stray short run (a phrase that also occurs elsewhere in the source) can split one
    # copied passage in two: join the groups of at least join_words across short ones.
    join = min_words if join_words is None else join_words
    joined = _merge([g for g in groups if _span(g) >= join], max_gap)
    ranges = [(g[0].a, g[-1].a + g[-1].length) for g in joined]
    rest = [g for g in groups if _span(g) < join and not any(s <= g[0].a < e for s, e in ranges)]
    for group in sorted(joined + rest, key=lambda g: g[0].a):
        first, last = group[0], group[-1]
        a_first, a_last = first.a, last.a + last.length - 1
        b_first, b_last = first.b, last.b + last.length - 1
        words = a_last - a_first + 1
        if words < min_words:
            continue
        copied = sum(r.length for r in group)
        similarity = _group_similarity(response.norm, source.norm, group)
        kind: MatchKind = "identical" if len(group) == 1 else "minor_changes"
        matches.append(
            Match(
                kind,
                a_first,
                a_last,
                b_first,
                b_last,
                words,
                copied,
                max(r.length for r in group),
                similarity,
            )
        )
    matches.sort(key=lambda m: m.a_first)
    return Alignment(response, source, tuple(matches))


# Strings longer than this (characters, both sides together) are compared piece by piece:
# rapidfuzz's ratio takes time in the product of the two lengths, minutes for two copies of
# a million characters. A match this long is a copy of pages, not of a passage.
LONG_MATCH_CHARS = 40_000


def similarity(a: Sequence[str], b: Sequence[str]) -> float:
    """How alike two token sequences are, 0-100: rapidfuzz ``ratio`` of their strings."""
    return round(fuzz.ratio(" ".join(a), " ".join(b)), 2)


def _group_similarity(a: Sequence[str], b: Sequence[str], group: list[Run]) -> float:
    """The similarity of a group of runs with the gaps between them: ``ratio`` of the two
    spans' strings; for a span longer than ``LONG_MATCH_CHARS``, the same measure with the
    edit distance summed over the gaps (the runs are equal; what differs is in the gaps),
    which takes time in the length, not its square (it can only be lower than ratio's)."""
    first, last = group[0], group[-1]
    a_words = a[first.a : last.a + last.length]
    b_words = b[first.b : last.b + last.length]
    chars = sum(map(len, a_words)) + sum(map(len, b_words)) + len(a_words) + len(b_words)
    if chars <= LONG_MATCH_CHARS:
        return similarity(a_words, b_words)
    distance = 0
    for left, right in itertools.pairwise(group):
        gap_a = "".join(" " + w for w in a[left.a + left.length : right.a])
        gap_b = "".join(" " + w for w in b[left.b + left.length : right.b])
        distance += Indel.distance(gap_a, gap_b)
    total = chars - 2  # the two strings, less the space before each first word
    return round(100 * (1 - distance / total), 2) if total else 100.0


# A "sentence" longer than this (words) is cut into pieces of this many: text without
# sentence punctuation is one sentence, and the sentence by sentence stages (each one's
# words masked, windowed and compared with every source) would cost its length for every
# source; no sentence of prose is this long.
MAX_SENTENCE_WORDS = 200


def sentences(tokens: Tokens) -> list[tuple[int, int]]:
    """Sentences as inclusive token ranges (computed once per Tokens), none longer than
    :data:`MAX_SENTENCE_WORDS` tokens."""
    found = tokens.memo.get("sentences")
    if found is not None:
        return found
    out: list[tuple[int, int]] = []
    starts = [s for s, _ in tokens.spans]
    pos = 0
    for start, end in sentence_spans(tokens.text):
        while pos < len(starts) and starts[pos] < start:
            pos += 1
        first = pos
        while pos < len(starts) and starts[pos] < end:
            pos += 1
        for piece in range(first, pos, MAX_SENTENCE_WORDS):
            out.append((piece, min(piece + MAX_SENTENCE_WORDS, pos) - 1))
    tokens.memo["sentences"] = out
    return out
