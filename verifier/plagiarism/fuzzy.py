"""Fuzzy sentence alignment: edited copies, sentence by sentence, in the source's order.

An edited copy breaks every long exact run, but keeps, sentence after sentence, the
source's content in the source's order. For each response sentence no long exact run
touches, the best source *window* (one sentence, or two adjacent ones: a merged or split
sentence) is the one whose content best matches the sentence's both ways, a weighted Dice
coefficient of the two sets of content words (lightly stemmed), each word weighted by its
rarity in English (symspellpy's frequency list: "tectonic" says more than "large") and by
how few of the source's sentences use it, facts included: they say where a sentence's
content is (``window_content``; a sentence between two aligned ones takes the best window
between theirs at ``in_order_content``). Whether it was copied is measured without the
facts (:mod:`verifier.plagiarism.expression`): its **content similarity** weighs each fact
``fact_weight`` of its rarity, and its wording is compared with the facts masked. Each
aligned sentence is then tiered:

- ``minor_changes``: the wording survives: content similarity >= ``minor_content`` and
  rapidfuzz ``ratio`` of the two masked word strings >= ``minor_similarity``;
- ``heavy_revision``: only the content survives (content similarity >= ``heavy_content``).

Consecutive response sentences whose windows move forward through the source by at most
``max_skip`` sentences form a **passage** (one :class:`~verifier.plagiarism.align.Match`,
offsets on both sides, with the words of wording it shares and its words beyond the
facts), ``minor_changes`` when its minor sentences hold most of its words. A passage next
to an exact match of the same source region (the sentence before or after it, the source
within ``max_skip`` sentences) joins it: one copied passage, one match. Which passages
count is the caller's decision (:mod:`verifier.plagiarism.detect`). Pure functions.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace

from verifier.plagiarism.align import (
    LONG_MATCH_CHARS,
    Alignment,
    Match,
    Tokens,
    sentences,
    similarity,
)
from verifier.plagiarism.expression import (
    FACT,
    expression_words,
    fact_roots,
    masked,
    matching_blocks,
    recurring_terms,
    root,
    roots_of,
    shared_wording,
    wording_similarity,
)
from verifier.text.spans import STOPWORDS
from verifier.text.words import rarity

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
    heavy_content: float = 0.25  # content similarity, facts discounted
    minor_content: float = 0.3
    minor_similarity: float = 70.0
    min_content_words: int = 4
    max_skip: int = 3  # source sentences a passage may skip between two of its sentences
    max_gap_sentences: int = 1  # response sentences (asides) a passage may run across
    fact_weight: float = 0.2  # a fact's share of its weight in the content similarity
    window_content: float = 0.3  # all content, facts too, that finds a sentence's window
    in_order_content: float = 0.2  # the same, for a sentence between two aligned ones


# A "sentence" longer than this many words is a list, a table or text without punctuation,
# not a sentence someone paraphrased: the sentence stage leaves it to the exact runs (its
# comparisons take time in the product of the two lengths).
MAX_SENTENCE_WORDS = 500


def _content(tokens: Tokens, first: int, last: int) -> dict[str, float]:
    out: dict[str, float] = {}
    if last - first + 1 > MAX_SENTENCE_WORDS:
        return out
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
    """Whether any response sentence can reach ``window_content`` with this source: a cheap
    bound from the share of its content (weighted by rarity alone) that the source holds
    anywhere. With f that share, a window's content similarity is at most 2f / (1 + f)
    (the source's own weights only lower f: a word it lacks gets the highest)."""
    roots = roots_of(source)
    floor = settings.window_content / (2 - settings.window_content)  # 2f / (1 + f) >= h
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
    content: float  # weighted Dice of the two contents, facts discounted: found both ways
    similarity: float  # of the wording, facts masked (0-100)
    wording: int  # the sentence's words the window has too, beyond the facts
    minor: bool


def pair_facts(response: Tokens, source: Tokens, terms: frozenset[str]) -> frozenset[str]:
    """The facts of a response and a source together: each one's numbers, dates, units and
    names (a name in one is a name in the other), the rare words the response comes back
    to, or the source (of those the response has), and the subject's ``terms``. Worked out once per pair (kept with the response)."""
    key = ("pair facts", id(source), terms)
    found = response.memo.get(key)
    if found is not None and found[0] is source:
        return found[1]
    facts = (
        fact_roots(response)
        | fact_roots(source)
        | recurring_terms(response)
        | recurring_terms(source, among=roots_of(response))
        | terms
    )
    response.memo[key] = (source, facts)
    return facts


def with_fuzzy(
    alignment: Alignment,
    settings: FuzzySettings,
    anchor_words: int,
    exemption: Exemption | None = None,
    terms: frozenset[str] = frozenset(),
    barriers: frozenset[int] = frozenset(),
) -> Alignment:
    """``alignment`` (exact matches, those with a run of ``anchor_words`` given the words of
    wording they share beyond the facts) with the edited passages of the sentences that no exact match with a run of
    ``anchor_words`` words touches, in response order (shorter exact matches inside a
    passage are left to it). A passage never mixes sentences that ``exemption`` (of the
    response and source token ranges) tells apart: an attributed sentence is a passage of
    its own. ``terms`` are the subject's terms (facts, see
    :mod:`verifier.plagiarism.expression`); a passage never runs across a sentence holding
    one of the ``barriers`` (response tokens exempt for every source: quoted, attributed,
    code), so an aside a passage may skip is never a quotation."""
    response, source = alignment.response, alignment.source
    # the words of wording of the exact matches that can count (the others are short)
    exact = [
        _with_wording(m, response, source, pair_facts(response, source, terms))
        if m.longest_run >= anchor_words
        else m
        for m in alignment.matches
    ]
    anchors = [m for m in exact if m.longest_run >= anchor_words]
    covered = {k for m in anchors for k in range(m.a_first, m.a_last + 1)}
    passages = edited_passages(
        response, source, covered, settings, exemption, terms, barriers=barriers
    )
    # a short exact run inside an edited passage is part of its evidence, not a match
    starts = [p.a_first for p in passages]  # passages never overlap: in response order

    def inside_passage(m: Match) -> bool:
        k = bisect_right(starts, m.a_first) - 1
        return k >= 0 and m.a_last <= passages[k].a_last

    kept = [m for m in exact if m.longest_run >= anchor_words or not inside_passage(m)]
    matches = sorted([*kept, *passages], key=lambda m: m.a_first)
    return Alignment(response, source, tuple(matches))


def _with_wording(m: Match, response: Tokens, source: Tokens, facts: frozenset[str]) -> Match:
    """An exact-run match with its words beyond the facts, and those it shares."""
    a = masked(response, m.a_first, m.a_last, facts)
    expression = expression_words(a)
    if m.kind == "identical":  # one run: the two spans are the same words
        wording = expression if any(w != FACT and w not in STOPWORDS for w in a) else 0
    else:
        wording = shared_wording(a, masked(source, m.b_first, m.b_last, facts))
    return replace(m, wording=wording, expression=expression)


def edited_passages(
    response: Tokens,
    source: Tokens,
    covered: set[int],
    settings: FuzzySettings,
    exemption: Exemption | None = None,
    terms: frozenset[str] = frozenset(),
    barriers: frozenset[int] = frozenset(),
) -> list[Match]:
    """The passages of the response sentences no ``covered`` token is in (see the module
    docstring and :func:`with_fuzzy`)."""
    aligned = aligned_sentences(response, source, covered, settings, terms)
    # a sentence an exact match holds ends a passage: passages never overlap exact matches;
    # nor do they run across a quotation, an attributed sentence or code
    held = _sentences_holding(response, covered) | _barrier_sentences(response, barriers)
    walls = [n in held for n in range(len(sentences(response)))]
    tags = [
        None
        if x is None or exemption is None
        else exemption(x.a_first, x.a_last, x.b_first, x.b_last)
        for x in aligned
    ]
    if all(x is None for x in aligned):
        return []
    return _passages(
        aligned, tags, walls, settings, response, source, pair_facts(response, source, terms)
    )


def _barrier_sentences(response: Tokens, barriers: frozenset[int]) -> set[int]:
    """The sentences holding a barrier token (worked out once per response: the barriers
    are the same for every source)."""
    key = ("barrier sentences", barriers)
    found = response.memo.get(key)
    if found is None:
        found = response.memo[key] = _sentences_holding(response, barriers)
    return found


def join_adjacent(
    alignment: Alignment,
    settings: FuzzySettings,
    anchor_words: int,
    joinable: Callable[[Match], bool],
) -> list[Match]:
    """The matches of ``alignment`` with each edited passage joined to an exact match (a
    run of ``anchor_words`` words) next to it: the passage starts in the response sentence
    after the one the match ends in (or ends in the one before it starts in), and moves
    through the source by at most ``max_skip`` sentences; and with the shorter exact runs
    later in the sentence an exact match ends in (the rest of a copied sentence, edited).
    Only matches ``joinable`` accepts are joined (an exempt quote stays apart from the
    sentence after it)."""
    response, source = alignment.response, alignment.source
    r_starts = [first for first, _last in sentences(response)]
    s_starts = [first for first, _last in sentences(source)]

    def sentence_of(starts: list[int], token: int) -> int:
        return bisect_right(starts, token) - 1

    def follows(left: Match, right: Match, sentences_on: int) -> bool:
        """``right`` starts ``sentences_on`` response sentences after the one ``left`` ends
        in, and at most ``max_skip`` source sentences on."""
        on = sentence_of(r_starts, left.a_last) + sentences_on
        step = sentence_of(s_starts, right.b_first) - sentence_of(s_starts, left.b_last)
        return sentence_of(r_starts, right.a_first) == on and 0 <= step <= settings.max_skip

    def rest_of_sentence(left: Match, right: Match) -> bool:
        """``right`` is a short exact run later in the sentence an anchored copy ends in."""
        return (
            not left.sentences
            and not right.sentences
            and left.longest_run >= anchor_words > right.longest_run
            and right.b_first > left.b_last
            and follows(left, right, 0)
        )

    out: list[Match] = []
    for m in alignment.matches:
        last = out[-1] if out else None
        if (
            last is not None
            and max(last.longest_run, m.longest_run) >= anchor_words
            and joinable(last)
            and joinable(m)
            and (
                (bool(last.sentences) != bool(m.sentences) and follows(last, m, 1))  # edited
                or rest_of_sentence(last, m)
            )
        ):
            out[-1] = _join(last, m, response, source)
        else:
            out.append(m)
    return out


def _join(left: Match, right: Match, response: Tokens, source: Tokens) -> Match:
    """One passage from an exact match and the edited sentences (or the rest of its
    sentence) next to it."""
    a_first, a_last = left.a_first, right.a_last
    b_first, b_last = min(left.b_first, right.b_first), max(left.b_last, right.b_last)
    a_words = response.norm[a_first : a_last + 1]
    b_words = source.norm[b_first : b_last + 1]
    if sum(map(len, a_words)) + sum(map(len, b_words)) <= LONG_MATCH_CHARS:
        alike = similarity(a_words, b_words)
    else:  # too long to compare as strings: the two parts' similarities, by their words
        alike = round(
            (left.similarity * left.words + right.similarity * right.words)
            / (left.words + right.words),
            2,
        )
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
        similarity=alike,
        sentences=left.sentences + right.sentences,
        content=round(content / (left.words + right.words), 4),
        wording=left.wording + right.wording,
        expression=left.expression + right.expression,
    )


def aligned_sentences(
    response: Tokens,
    source: Tokens,
    covered: set[int],
    settings: FuzzySettings,
    terms: frozenset[str] = frozenset(),
) -> list[_Aligned | None]:
    """Each response sentence's best source window, or None (covered, too few content
    words, or too little of its content in any window).

    The window is found by all the content the two share, facts included (they say where
    in the source a sentence's content is): the best window with a similarity of
    ``window_content``, or, for a sentence between two aligned ones, the best window
    between theirs with ``in_order_content`` (a paraphrase goes through the source
    sentence by sentence). Whether it was copied is measured without the facts: the
    content similarity weighs facts (``terms`` and each text's numbers, dates, units,
    names and recurring rare words) ``fact_weight`` of their rarity and must reach
    ``heavy_content``; the wording is compared with the facts masked."""
    r_sents = sentences(response)
    s_sents = sentences(source)
    if not r_sents or not s_sents or not _may_align(response, source, settings):
        return [None] * len(r_sents)
    src = _source(source)
    n_s = len(s_sents)
    scores: list[dict[int, float]] = []  # each sentence's windows and their similarity
    mines: list[dict[str, float]] = []
    held = _sentences_holding(response, covered)
    for n, words in enumerate(_contents(response)):
        # a sentence that shares no content word with the source has no window
        if (
            len(words) < settings.min_content_words
            or n in held
            or src.by_word.keys().isdisjoint(words)
        ):
            mines.append({})
            scores.append({})
            continue
        mine = {w: r * src.idf.get(w, src.missing) for w, r in words.items()}
        mines.append(mine)
        scores.append(_window_scores(mine, src, n_s))
    picks: list[int | None] = []
    for found in scores:
        # the window whose content best matches the sentence's, both ways (weighted Dice)
        best = max(found, key=lambda n: (found[n], -n), default=None)
        picks.append(best if best is not None and found[best] >= settings.window_content else None)
    _fill_in_order(picks, scores, n_s, settings)
    if all(best is None for best in picks):
        return [None] * len(r_sents)
    facts = pair_facts(response, source, terms)
    aligned: list[_Aligned | None] = []
    for (first, last), mine, best in zip(r_sents, mines, picks, strict=True):
        if best is None:
            aligned.append(None)
            continue
        i, j = (best, best) if best < n_s else (best - n_s, best - n_s + 1)
        window = src.words[i] if i == j else {**src.words[j], **src.words[i]}
        content = _dice(mine, window, facts, settings.fact_weight)
        if content < settings.heavy_content:  # the two share facts, hardly any wording
            aligned.append(None)
            continue
        # the wording compared sentence to window, facts masked; the spans reported are
        # trimmed to the words the other side has (a lead-in such as "The article puts it
        # like this:" is not part of the copy)
        a_words = masked(response, first, last, facts)
        b_words = masked(source, s_sents[i][0], s_sents[j][1], facts)
        similarity = wording_similarity(a_words, b_words)
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
                similarity,
                shared_wording(a_words, b_words),
                minor,
            )
        )
    return aligned


def _sentences_holding(tokens: Tokens, held: Collection[int]) -> set[int]:
    """The indices of the sentences that hold one of the ``held`` tokens (a bisection per
    token: linear in the tokens, not in tokens times sentences)."""
    starts = _sentence_starts(tokens)
    return {bisect_right(starts, k) - 1 for k in held}


def _sentence_starts(tokens: Tokens) -> list[int]:
    found = tokens.memo.get("sentence starts")
    if found is None:
        found = tokens.memo["sentence starts"] = [first for first, _last in sentences(tokens)]
    return found


def _window_scores(mine: dict[str, float], src: _Source, n_s: int) -> dict[int, float]:
    """The content similarity (weighted Dice) of a sentence's content with every window
    that shares a word with it: n < n_s is source sentence n, n_s + i sentences i, i + 1."""
    total = sum(mine.values())
    single: dict[int, float] = defaultdict(float)
    both: dict[int, float] = defaultdict(float)  # words in sentences i and i + 1
    for w, value in mine.items():
        where = src.by_word.get(w, ())
        for k, n in enumerate(where):
            single[n] += value
            if k and where[k - 1] == n - 1:
                both[n - 1] += value
    out = {n: 2 * v / (total + src.sizes[n]) for n, v in single.items()}
    for i in {n for n in single if n + 1 < n_s} | {n - 1 for n in single if n > 0}:
        shared = single.get(i, 0.0) + single.get(i + 1, 0.0) - both.get(i, 0.0)
        out[n_s + i] = 2 * shared / (total + src.pair_sizes[i])
    return out


def _fill_in_order(
    picks: list[int | None], scores: list[dict[int, float]], n_s: int, settings: FuzzySettings
) -> None:
    """Align, in place, the sentences between two aligned ones whose windows follow each
    other (at most ``max_skip`` source sentences apart beyond one per sentence between):
    each to its best window from where the previous one is to where the next one starts,
    when its content similarity reaches ``in_order_content``."""
    if settings.in_order_content >= settings.window_content:
        return

    def span(n: int) -> tuple[int, int]:
        return (n, n) if n < n_s else (n - n_s, n - n_s + 1)

    k = 0
    while k < len(picks):
        if picks[k] is not None:
            k += 1
            continue
        stop = k
        while stop < len(picks) and picks[stop] is None:
            stop += 1
        before, after = picks[k - 1] if k else None, picks[stop] if stop < len(picks) else None
        if before is not None and after is not None:
            low, high = span(before)[1], span(after)[0]
            if low <= high <= low + (stop - k) + settings.max_skip:
                for m in range(k, stop):
                    fits = [
                        n
                        for n, v in scores[m].items()
                        if v >= settings.in_order_content
                        and low <= span(n)[0]
                        and span(n)[1] <= high
                    ]
                    if fits:
                        best = max(fits, key=lambda n: (scores[m][n], -n))
                        picks[m], low = best, span(best)[0]
        k = stop


def _dice(
    mine: dict[str, float], window: dict[str, float], facts: frozenset[str], discount: float
) -> float:
    """The weighted Dice coefficient of two contents, each fact's weight times
    ``discount``."""

    def weight(w: str, v: float) -> float:
        return v * discount if w in facts else v

    total = sum(weight(w, v) for w, v in mine.items()) + sum(
        weight(w, v) for w, v in window.items()
    )
    shared = sum(weight(w, v) for w, v in mine.items() if w in window)
    return 2 * shared / total if total else 0.0


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
    """Words of ``a`` inside runs identical in ``b`` (their matching blocks), and the
    longest such run."""
    blocks = matching_blocks(a, b)
    return sum(size for _a, _b, size in blocks), max((size for _a, _b, size in blocks), default=0)


def _passages(
    aligned: list[_Aligned | None],
    tags: list[str | None],
    walls: list[bool],
    settings: FuzzySettings,
    response: Tokens,
    source: Tokens,
    facts: frozenset[str],
) -> list[Match]:
    """Consecutive aligned sentences whose source windows move forward by at most
    ``max_skip`` sentences, as passages: ``minor_changes`` when sentences whose wording
    survived hold most of its words, else ``heavy_revision``; similarity and content are
    means weighted by words, the wording shared a sum."""
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
                wording=sum(x.wording for x in run),
                expression=sum(
                    expression_words(masked(response, x.a_first, x.a_last, facts)) for x in run
                ),
            )
        )
    return out
