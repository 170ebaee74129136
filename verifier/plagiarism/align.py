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

import unicodedata
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, Literal

from rapidfuzz import fuzz

from verifier.text.sentences import sentence_spans
from verifier.text.spans import WORD

__all__ = [
    "Alignment",
    "Match",
    "MatchKind",
    "Tokens",
    "align",
    "normalized_words",
    "sentences",
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


@dataclass(frozen=True, slots=True)
class Alignment:
    response: Tokens
    source: Tokens
    matches: tuple[Match, ...]


def exact_runs(a: Tokens, b: Tokens, seed: int, max_seed_hits: int = 64) -> list[Run]:
    """Maximal exact runs of at least ``seed`` tokens, found from k-gram seeds."""
    if len(a) < seed or len(b) < seed:
        return []
    # the response's k-grams are indexed once (it is checked against many sources); the
    # source is scanned for them
    wanted = a.memo.get(("kgrams", seed))
    if wanted is None:
        wanted = a.memo[("kgrams", seed)] = {a.norm[j : j + seed] for j in range(len(a) - seed + 1)}
    index: dict[tuple[str, ...], list[int]] = defaultdict(list)
    norm = b.norm
    for i in range(len(b) - seed + 1):
        gram = norm[i : i + seed]
        if gram in wanted:
            index[gram].append(i)
    runs: list[Run] = []
    reach: dict[int, int] = {}  # diagonal (b - a) -> first response token not yet covered
    for j in range(len(a) - seed + 1):
        hits = index.get(a.norm[j : j + seed])
        if not hits or len(hits) > max_seed_hits:
            continue
        for i in hits:
            if reach.get(i - j, -1) > j:
                continue
            length = seed
            while (
                j + length < len(a)
                and i + length < len(b)
                and a.norm[j + length] == b.norm[i + length]
            ):
                length += 1
            runs.append(Run(j, i, length))
            reach[i - j] = j + length
    return runs


def _choose(runs: list[Run]) -> list[Run]:
    """Longest runs first; a run is kept only where it covers response tokens no longer
    run has taken (it is trimmed to its uncovered part, if that is still a run)."""
    taken = [False] * (max((r.a + r.length for r in runs), default=0))
    chosen: list[Run] = []
    for run in sorted(runs, key=lambda r: (-r.length, r.a, r.b)):
        start, end = run.a, run.a + run.length
        while start < end and taken[start]:
            start += 1
        while end > start and taken[end - 1]:
            end -= 1
        if end - start < 1 or any(taken[start:end]):
            continue
        shift = start - run.a
        chosen.append(Run(start, run.b + shift, end - start))
        for k in range(start, end):
            taken[k] = True
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
    groups = _merge([[run] for run in _choose(exact_runs(response, source, seed))], max_gap)
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
        a_text = " ".join(response.norm[a_first : a_last + 1])
        b_text = " ".join(source.norm[b_first : b_last + 1])
        similarity = round(fuzz.ratio(a_text, b_text), 2)
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


def sentences(tokens: Tokens) -> list[tuple[int, int]]:
    """Sentences as inclusive token ranges (computed once per Tokens)."""
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
        if pos > first:
            out.append((first, pos - 1))
    tokens.memo["sentences"] = out
    return out
