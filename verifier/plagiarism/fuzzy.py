"""Sentence alignment: is a sentence *derived from* a source sentence, and how.

An edited copy breaks every long exact run, but keeps, sentence after sentence, the
source's content in the source's order. Every response sentence is aligned: one an exact
run of ``anchor_words`` holds (an anchor) with the source sentences the run copies; any
other with the best source *window* (one sentence, or two adjacent ones: a merged or
split sentence), the one whose content best matches the sentence's both ways, a weighted
Dice coefficient of the two sets of content words (lightly stemmed), each word weighted by
its rarity in English (symspellpy's frequency list: "tectonic" says more than "large") and
by how few of the source's sentences use it, facts included: they say where a sentence's
content is (``window_content``; a sentence between two aligned ones takes the best window
between theirs at ``in_order_content``). How it was derived is then measured apart from
the facts (:mod:`verifier.plagiarism.expression`):

- it keeps the **source's sentence** when ``structure_share`` of the two sentences' words
  (names and numbers aside, the subject's terms as they stand) run the same way in both:
  lightly revised whatever words were swapped, and its terms are copied words;
- else its **content similarity** weighs each fact ``fact_weight`` of its rarity and must
  reach ``heavy_content``; its wording is compared with the facts masked.

A sentence is ``minor_changes`` (lightly revised) when it keeps the source's sentence,
holds an anchor, or its wording survives (content similarity >= ``minor_content`` and
rapidfuzz ``ratio`` of the two masked word strings >= ``minor_similarity``); else
``heavy_revision``.

Consecutive aligned sentences whose windows move forward through the source by at most
``max_skip`` sentences form a **passage**, decided as a whole by the caller's rules
(``Decide``, :mod:`verifier.plagiarism.detect`): a revision where two sentences in three
keep the source's, else a heavy revision; failing that, its reworded sentences stand apart
and its copied and revised stretches are decided on their own. A passage takes in the
anchors among its sentences and comes as its pieces (one
:class:`~verifier.plagiarism.align.Match` per stretch of consecutive sentences, offsets on
both sides, with the words of wording it shares and its words beyond the facts): the
sentence it runs across is in no match. Pure functions.
"""

from __future__ import annotations

import itertools
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
    listing,
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
    "Decide",
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
    structure_share: float = 0.5  # words kept in the source's order: the source's sentence
    long_run_words: int = 30  # an exact run this long is copying, even of a list of names


# A "sentence" longer than this many words is a list, a table or text without punctuation,
# not a sentence someone paraphrased: the sentence stage leaves it to the exact runs (its
# comparisons take time in the product of the two lengths).
MAX_SENTENCE_WORDS = 500


# A sentence needs this many words beyond names, numbers and small words for its
# structure to be told ("X won the Y in 2011" is how a fact is put).
STRUCTURE_WORDS = 4


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
    """A response sentence aligned with its source window."""

    sentence: int  # the response sentence's index
    a_first: int
    a_last: int
    b_first: int
    b_last: int
    window: int  # index of the first source sentence of the window
    content: float  # weighted Dice of the two contents, facts discounted: found both ways
    similarity: float  # of the wording, facts masked (0-100)
    wording: int  # the sentence's words the window has too, beyond the facts
    minor: bool  # the source's sentence, lightly revised: its structure or its wording kept
    structure: float  # the share of its words the window has in the same order
    expression: int  # its words beyond the facts
    anchors: frozenset[int] = frozenset()  # the exact matches (anchors) it holds
    whole: bool = False  # copied word for word throughout: its anchors say it all


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
    decide: Decide | None = None,
) -> Alignment:
    """``alignment`` (exact matches; those with a run of ``anchor_words``, the anchors,
    given the words of wording they share beyond the facts) with the edited passages, in
    response order. Every sentence is aligned (:func:`aligned_sentences`), those an anchor
    holds as copied word for word; a passage with an edited sentence takes in the anchors
    among its sentences (one copied passage, one match), and the shorter exact matches
    inside it (part of its evidence). A passage never mixes sentences that ``exemption``
    (of the response and source token ranges) tells apart: an attributed sentence is a
    passage of its own. ``terms`` are the subject's terms (facts, see
    :mod:`verifier.plagiarism.expression`); a passage never runs across a sentence holding
    one of the ``barriers`` (response tokens exempt for every source: quoted, attributed,
    code), so an aside a passage may skip is never a quotation. ``decide`` (see
    :func:`edited_passages`) says which passages count."""
    response, source = alignment.response, alignment.source
    exact = list(alignment.matches)
    if any(m.longest_run >= anchor_words for m in exact):  # (the facts cost a pass over both)
        facts = pair_facts(response, source, terms)
        names = fact_roots(response) | fact_roots(source)
        items = _templated(response)
        exact = [
            _with_wording(m, response, source, facts, names, settings.long_run_words, items)
            if m.longest_run >= anchor_words
            else m
            for m in exact
        ]
    # a run of names, titles and numbers is facts, not copied wording: it anchors nothing,
    # and the words between its names are titles ("command module pilot"): facts too
    anchors = [m for m in exact if m.longest_run >= anchor_words and not m.listing]
    titles = frozenset(
        root(w)
        for m in exact
        if m.listing
        for w in response.norm[m.a_first : m.a_last + 1]
        if w not in STOPWORDS
    )
    passages, absorbed = _edited(
        response, source, anchors, settings, exemption, terms | titles, barriers, decide, titles
    )
    # a short exact run inside an edited passage is part of its evidence, not a match
    spans = sorted((p.a_first, p.a_last) for p in passages)
    starts = [first for first, _last in spans]

    def inside_passage(m: Match) -> bool:
        k = bisect_right(starts, m.a_first) - 1
        return k >= 0 and m.a_last <= spans[k][1]

    kept = [m for n, m in enumerate(anchors) if n not in absorbed] + [
        m for m in exact if (m.longest_run < anchor_words or m.listing) and not inside_passage(m)
    ]
    matches = sorted([*kept, *passages], key=lambda m: m.a_first)
    return Alignment(response, source, tuple(matches))


def _with_wording(
    m: Match,
    response: Tokens,
    source: Tokens,
    facts: frozenset[str],
    names: frozenset[str],
    long_run: int,
    items: Collection[int] = frozenset(),
) -> Match:
    """An exact-run match with its words beyond the facts, those it shares, and whether
    it is a list of names, titles and numbers (``names``: the two texts' names) shorter
    than ``long_run`` words: its words are, or most of them lie in the ``items`` of a list
    (sentences that share their frame with a neighbour, other names and numbers in it:
    the list's form, whatever page puts its facts the same way)."""
    a = masked(response, m.a_first, m.a_last, facts)
    expression = expression_words(a)
    if m.kind == "identical":  # one run: the two spans are the same words
        wording = expression if any(w != FACT and w not in STOPWORDS for w in a) else 0
    else:
        wording = shared_wording(a, masked(source, m.b_first, m.b_last, facts))
    words = response.norm[m.a_first : m.a_last + 1]
    # a run this long is copying whatever it holds
    listed = m.longest_run < long_run and (
        listing(words, names) or _in_items(response, m.a_first, m.a_last, items)
    )
    return replace(m, wording=wording, expression=expression, listing=listed)


def _in_items(response: Tokens, first: int, last: int, items: Collection[int]) -> bool:
    """Whether most of tokens ``first..last`` lie in the sentences ``items``."""
    if not items:
        return False
    starts = _sentence_starts(response)
    inside = sum(bisect_right(starts, k) - 1 in items for k in range(first, last + 1))
    return 2 * inside > last - first + 1


# Whether a passage counts: None, or the shortfall that keeps it from counting (the copy
# check's rules, see verifier.plagiarism.detect)
Decide = Callable[[Match], str | None]


def edited_passages(
    response: Tokens,
    source: Tokens,
    anchors: Sequence[Match],
    settings: FuzzySettings,
    exemption: Exemption | None = None,
    terms: frozenset[str] = frozenset(),
    barriers: frozenset[int] = frozenset(),
    decide: Decide | None = None,
) -> list[Match]:
    """The edited passages of the response (see the module docstring and
    :func:`with_fuzzy`): runs of consecutive aligned sentences, the sentences ``anchors``
    hold among them. With ``decide``, each passage is decided as a whole: when it fails
    and holds heavily revised sentences beside copied and lightly revised ones, the
    heavily revised ones do not count (with its shortfall) and each stretch of the others
    is decided on its own; every passage comes as its pieces, the stretches of
    consecutive sentences (an unaligned sentence it runs across is never part of it),
    each with the decision (``Match.decided``, ``Match.shortfall``)."""
    return _edited(response, source, anchors, settings, exemption, terms, barriers, decide)[0]


def _edited(
    response: Tokens,
    source: Tokens,
    anchors: Sequence[Match],
    settings: FuzzySettings,
    exemption: Exemption | None,
    terms: frozenset[str],
    barriers: frozenset[int],
    decide: Decide | None,
    titles: frozenset[str] = frozenset(),
) -> tuple[list[Match], set[int]]:
    """The edited passages, and the indices of the ``anchors`` they took in."""
    aligned = aligned_sentences(response, source, anchors, settings, terms, titles)
    if all(x is None or x.whole for x in aligned):
        return [], set()
    # passages never run across a quotation, an attributed sentence or code
    walls = _barrier_sentences(response, barriers)
    tags = [
        None
        if x is None or exemption is None
        else exemption(x.a_first, x.a_last, x.b_first, x.b_last)
        for x in aligned
    ]
    out: list[Match] = []
    absorbed: set[int] = set()
    for run in _runs_of(aligned, tags, walls, settings):
        if all(x.whole for x in run):
            continue  # copied word for word throughout: the exact matches say it
        for group, shortfall in _decided(run, response, source, decide):
            if all(x.whole for x in group):
                continue  # the anchors stand as they are
            absorbed.update(k for x in group for k in x.anchors)
            out.extend(
                replace(
                    _passage(piece, response, source, anchors),
                    decided=decide is not None,
                    shortfall=shortfall,
                )
                for piece in _pieces(group)
            )
    return out, absorbed


def _runs_of(
    aligned: list[_Aligned | None], tags: list[str | None], walls: set[int], settings: FuzzySettings
) -> list[list[_Aligned]]:
    """Consecutive aligned sentences whose source windows move forward by at most
    ``max_skip`` sentences, with the same exemption, across at most ``max_gap_sentences``
    unaligned ones, never a ``walls`` one (a quotation is no aside to pass over); the
    sentences of one anchor always together."""
    runs: list[list[_Aligned]] = []
    last_tag: str | None = None
    gap = 0  # unaligned sentences since the run's last one
    for n, (item, tag) in enumerate(zip(aligned, tags, strict=True)):
        if item is None:
            gap += settings.max_gap_sentences + 1 if n in walls else 1
            continue
        if runs and (
            bool(item.anchors & runs[-1][-1].anchors)
            or (
                gap <= settings.max_gap_sentences
                and tag == last_tag
                and 0 <= item.window - runs[-1][-1].window <= settings.max_skip
            )
        ):
            runs[-1].append(item)
        else:
            runs.append([item])
        last_tag, gap = tag, 0
    return runs


def _decided(
    run: list[_Aligned], response: Tokens, source: Tokens, decide: Decide | None
) -> list[tuple[list[_Aligned], str | None]]:
    """A run of aligned sentences as the groups that count or not, and why not. Its
    heavily revised sentences count only with the whole run as a heavy revision (the
    rules for those, without the shortcut of an exact run: a reworded sentence beside a
    copied one is not copied for that); failing that, they stand apart with its
    shortfall, and each stretch of copied and lightly revised sentences between them is
    decided on its own."""
    if decide is None:
        return [(run, None)]
    heavy = [not x.minor for x in run]
    whole = _passage(run, response, source, ())
    if 3 * sum(heavy) <= len(run):  # two in three keep the source's sentences: a revision
        return [(run, decide(replace(whole, kind="minor_changes")))]
    shortfall = decide(replace(whole, kind="heavy_revision", longest_run=0))
    if shortfall is None or all(heavy):
        return [(run, shortfall)]
    out: list[tuple[list[_Aligned], str | None]] = []
    for is_heavy, stretch in itertools.groupby(run, key=lambda x: not x.minor):
        group = list(stretch)
        if is_heavy:
            out.append((group, shortfall))
        else:
            out.append((group, decide(_passage(group, response, source, ()))))
    return out


def _pieces(group: list[_Aligned]) -> list[list[_Aligned]]:
    """A group of aligned sentences cut where it runs across an unaligned one."""
    out: list[list[_Aligned]] = []
    for item in group:
        if out and item.sentence == out[-1][-1].sentence + 1:
            out[-1].append(item)
        else:
            out.append([item])
    return out


def _passage(
    items: list[_Aligned], response: Tokens, source: Tokens, anchors: Sequence[Match]
) -> Match:
    """One passage of aligned sentences (and the ``anchors`` they hold, whole):
    ``minor_changes`` when its copied and lightly revised sentences hold most of its
    words, else ``heavy_revision``; similarity and content are means weighted by words,
    the wording shared and the words beyond the facts sums, its exact runs (copied words,
    longest run) from the two spans' matching blocks."""
    sizes = [x.a_last - x.a_first + 1 for x in items]
    total = sum(sizes)
    minor = sum(n for x, n in zip(items, sizes, strict=True) if x.minor) * 2 > total
    held = [anchors[k] for x in items for k in x.anchors] if anchors else []
    a_first = min([items[0].a_first, *(m.a_first for m in held)])
    a_last = max([items[-1].a_last, *(m.a_last for m in held)])
    b_first = min([*(x.b_first for x in items), *(m.b_first for m in held)])
    b_last = max([*(x.b_last for x in items), *(m.b_last for m in held)])
    copied, longest = _runs(response.norm[a_first : a_last + 1], source.norm[b_first : b_last + 1])

    def mean(values: list[float]) -> float:
        return sum(v * n for v, n in zip(values, sizes, strict=True)) / total

    return Match(
        "minor_changes" if minor else "heavy_revision",
        a_first,
        a_last,
        b_first,
        b_last,
        a_last - a_first + 1,
        copied,
        longest,
        round(mean([x.similarity for x in items]), 2),
        sentences=len(items),
        content=round(mean([x.content for x in items]), 4),
        wording=sum(x.wording for x in items),
        expression=sum(x.expression for x in items),
    )


def _runs(a: Sequence[str], b: Sequence[str]) -> tuple[int, int]:
    """Words of ``a`` inside runs identical in ``b`` (their matching blocks), and the
    longest such run."""
    blocks = matching_blocks(a, b)
    return sum(size for _a, _b, size in blocks), max((size for _a, _b, size in blocks), default=0)


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
    """The matches of ``alignment`` with each exact match of a run of ``anchor_words``
    joined with the shorter exact runs later in the sentence it ends in, at most
    ``max_skip`` source sentences on (the rest of a copied sentence, edited). Only
    matches ``joinable`` accepts are joined."""
    response, source = alignment.response, alignment.source
    r_starts = _sentence_starts(response)
    s_starts = _sentence_starts(source)

    def sentence_of(starts: list[int], token: int) -> int:
        return bisect_right(starts, token) - 1

    def rest_of_sentence(left: Match, right: Match) -> bool:
        """``right`` is a short exact run later in the sentence an anchored copy ends in."""
        step = sentence_of(s_starts, right.b_first) - sentence_of(s_starts, left.b_last)
        return (
            not left.sentences
            and not right.sentences
            and left.longest_run >= anchor_words > right.longest_run
            and right.b_first > left.b_last
            and sentence_of(r_starts, right.a_first) == sentence_of(r_starts, left.a_last)
            and 0 <= step <= settings.max_skip
        )

    out: list[Match] = []
    for m in alignment.matches:
        last = out[-1] if out else None
        if last is not None and joinable(last) and joinable(m) and rest_of_sentence(last, m):
            out[-1] = _join(last, m, response, source)
        else:
            out.append(m)
    return out


def _join(left: Match, right: Match, response: Tokens, source: Tokens) -> Match:
    """One match from an exact match and the rest of its sentence."""
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
        wording=left.wording + right.wording,
        expression=left.expression + right.expression,
    )


def aligned_sentences(
    response: Tokens,
    source: Tokens,
    anchors: Sequence[Match],
    settings: FuzzySettings,
    terms: frozenset[str] = frozenset(),
    titles: frozenset[str] = frozenset(),
) -> list[_Aligned | None]:
    """Each response sentence's source window, or None (too few content words, or too
    little of its content in any window): is the sentence *derived from* that window.
    ``titles`` are facts like names (the words of a list of names and titles).

    A sentence one of the ``anchors`` (exact matches) holds is aligned with the source
    sentences the anchor copies. Any other's window is found by all the content the two
    share, facts included (they say where in the source a sentence's content is): the
    best window with a similarity of ``window_content``, or, for a sentence between two
    aligned ones, the best window between theirs with ``in_order_content`` (a paraphrase
    goes through the source sentence by sentence). Then how it was derived:

    - its **structure** (the share of its words the window has in the same order, facts
      and terms as they stand): at ``structure_share`` it is the source's sentence, lightly
      revised, whatever words were swapped, and the subject's terms in it are copied
      words too (only names and numbers are facts in its wording);
    - its **content similarity**, facts discounted (each fact ``fact_weight`` of its
      rarity): a sentence that does not keep the source's structure is aligned only with
      ``heavy_content`` (it shares facts, hardly any wording); it is lightly revised
      still when its wording, facts masked, survives (``minor_similarity`` with
      ``minor_content``)."""
    r_sents = sentences(response)
    s_sents = sentences(source)
    if not r_sents or not s_sents:
        return [None] * len(r_sents)
    copied = _anchor_windows(response, source, anchors)
    if not copied and not _may_align(response, source, settings):
        return [None] * len(r_sents)
    src = _source(source)
    n_s = len(s_sents)
    scores: list[dict[int, float]] = []  # each sentence's windows and their similarity
    mines: list[dict[str, float]] = []
    for n, words in enumerate(_contents(response)):
        # a sentence that shares no content word with the source has no window
        if (
            n in copied
            or len(words) < settings.min_content_words
            or src.by_word.keys().isdisjoint(words)
        ):
            mines.append(
                {w: r * src.idf.get(w, src.missing) for w, r in words.items()}
                if n in copied
                else {}
            )
            scores.append({})
            continue
        mine = {w: r * src.idf.get(w, src.missing) for w, r in words.items()}
        mines.append(mine)
        scores.append(_window_scores(mine, src, n_s))
    picks: list[int | None] = []
    for n, found in enumerate(scores):
        # the window whose content best matches the sentence's, both ways (weighted Dice)
        best = max(found, key=lambda w: (found[w], -w), default=None)
        if n in copied:
            picks.append(copied[n][0])
        else:
            picks.append(
                best if best is not None and found[best] >= settings.window_content else None
            )
    _fill_in_order(picks, scores, n_s, settings)
    if all(best is None for best in picks):
        return [None] * len(r_sents)
    facts = pair_facts(response, source, terms) | titles
    names = fact_roots(response) | fact_roots(source) | titles
    listed = _templated(response)
    aligned: list[_Aligned | None] = []
    for n, ((first, last), mine, best) in enumerate(zip(r_sents, mines, picks, strict=True)):
        if best is None or (n in listed and n not in copied):
            # an item of a list (its frame shared with a neighbour, other names and
            # numbers in it) states facts in the list's form, not the source's sentence
            aligned.append(None)
            continue
        i, j = (best, best) if best < n_s else (best - n_s, best - n_s + 1)
        window = src.words[i] if i == j else {**src.words[j], **src.words[i]}
        content = _dice(mine, window, facts, settings.fact_weight)
        # the spans reported are trimmed to the words the other side has (a lead-in such
        # as "The article puts it like this:" is not part of the copy)
        a_first, a_last = _trim(response, first, last, source, s_sents[i][0], s_sents[j][1])
        b_first, b_last = _trim(source, s_sents[i][0], s_sents[j][1], response, first, last)
        held = copied.get(n)
        whole = False
        if held is not None:  # and the words the anchor copies
            _window, (a0, a1, b0, b1), _ids = held
            # copied throughout, unless the rest of it revises the rest of the window
            whole = not _rest_revised(
                response,
                (first, last, a0, a1),
                source,
                (s_sents[i][0], s_sents[j][1], b0, b1),
                names,
                settings.structure_share,
            )
            a_first, a_last = min(a_first, a0), max(a_last, a1)
            b_first, b_last = min(b_first, b0), max(b_last, b1)
        structure = _structure(response, first, last, source, b_first, b_last, names)
        kept = held is not None or structure >= settings.structure_share
        if not kept and content < settings.heavy_content:  # shares facts, hardly any wording
            aligned.append(None)
            continue
        # the wording compared sentence to window, facts masked; in the source's own
        # sentence, the subject's terms are copied words (only names and numbers are facts)
        mask = names if kept else facts
        a_words = masked(response, first, last, mask)
        b_words = masked(source, s_sents[i][0], s_sents[j][1], mask)
        similarity = wording_similarity(
            masked(response, first, last, facts),
            masked(source, s_sents[i][0], s_sents[j][1], facts),
        )
        minor = kept or (
            content >= settings.minor_content and similarity >= settings.minor_similarity
        )
        aligned.append(
            _Aligned(
                n,
                a_first,
                a_last,
                b_first,
                b_last,
                i,
                round(content, 4),
                similarity,
                shared_wording(a_words, b_words),
                minor,
                round(structure, 4),
                expression_words(masked(response, a_first, a_last, mask)),
                held[2] if held is not None else frozenset(),
                whole,
            )
        )
    return aligned


def _structure(
    response: Tokens,
    first: int,
    last: int,
    source: Tokens,
    b_first: int,
    b_last: int,
    names: frozenset[str],
) -> float:
    """How much of the source's sentence (tokens ``b_first..b_last``) the response
    sentence (``first..last``) keeps, 0-1: the words of the two (as roots, the subject's
    terms as they stand, ``names`` and numbers left out: facts in whatever sentence) that
    run the same way in both, in runs that hold more than small words, over the words of
    the two (Dice). "Bayes' theorem connects the conditional and marginal probabilities of
    two arbitrary events" keeps most of "... relates the conditional and marginal
    probabilities of two random events"; "In 1891 she went to Paris and enrolled at the
    Sorbonne" keeps only small words of "She moved to Paris in 1891 to study physics and
    mathematics at the Sorbonne". A sentence of fewer than ``STRUCTURE_WORDS`` words
    beyond its facts and small words, or a list, has no structure to tell."""
    mine = _collapsed(masked(response, first, last, names))
    theirs = _collapsed(masked(source, b_first, b_last, names))
    content = sum(w != FACT and w not in STOPWORDS for w in mine)
    if content < STRUCTURE_WORDS or listing(response.norm[first : last + 1], names):
        return 0.0
    kept = sum(
        size
        for start, _b, size in matching_blocks(mine, theirs)
        if any(w != FACT for w in mine[start : start + size])
    )
    return 2 * kept / (len(mine) + len(theirs))


# Two neighbouring sentences whose frames (names and numbers masked, each run of them one
# place) share this much (Dice of the words in runs that hold more than names and
# numbers) are items of one list: "K2, in the Karakoram, is 8,611 metres tall.
# Kangchenjunga, on the Nepal-India border, is 8,586 metres tall."
TEMPLATE_SHARE = 0.6


def _templated(response: Tokens) -> set[int]:
    """The response sentences that share a template with a neighbour: the same frame with
    other names and numbers in it (each holds a name or a number, and at least
    ``STRUCTURE_WORDS`` words beside them), the items of a list of facts. The response's
    own names and numbers (a list is a list whatever the source): worked out once per
    response."""
    found = response.memo.get("templated")
    if found is not None:
        return found
    names = fact_roots(response)
    frames: list[list[str] | None] = []
    # the names and numbers each sentence holds: a list's items hold other ones (a sentence
    # said again, or quoted after it is said, is no item of a list)
    facts: list[tuple[str, ...]] = []
    for first, last in sentences(response):
        if last - first + 1 > MAX_SENTENCE_WORDS:
            frames.append(None)
            facts.append(())
            continue
        words = masked(response, first, last, names)
        facts.append(
            tuple(
                w for w, m in zip(response.norm[first : last + 1], words, strict=True) if m == FACT
            )
        )
        frame = _collapsed(words)
        plain = sum(w != FACT for w in frame)
        frames.append(frame if FACT in frame and plain >= STRUCTURE_WORDS else None)
    out: set[int] = set()
    for n in range(len(frames) - 1):
        a, b = frames[n], frames[n + 1]
        if a is None or b is None or 2 * min(len(a), len(b)) < TEMPLATE_SHARE * (len(a) + len(b)):
            continue  # (no frames, or too unlike in length to share one)
        if facts[n] == facts[n + 1]:
            continue  # the same names and numbers: one statement said twice, not two items
        kept = sum(
            size
            for start, _b, size in matching_blocks(a, b)
            if any(w != FACT for w in a[start : start + size])
        )
        if 2 * kept >= TEMPLATE_SHARE * (len(a) + len(b)):
            out.update((n, n + 1))
    response.memo["templated"] = out
    return out


def _rest_revised(
    response: Tokens,
    sentence: tuple[int, int, int, int],
    source: Tokens,
    window: tuple[int, int, int, int],
    names: frozenset[str],
    share: float,
) -> bool:
    """Whether the words of a sentence before or after the part an anchor copies (its
    first and last token, then the anchor's) keep the structure of the window's words
    before or after the anchor's part there: the rest of a copied sentence, lightly
    revised ("Small forts called milecastles were" copied, "set up every Roman mile along
    the wall" revised)."""
    first, last, a0, a1 = sentence
    w_first, w_last, b0, b1 = window
    rests = []
    if a1 < last and b1 < w_last:
        rests.append((a1 + 1, last, b1 + 1, w_last))
    if first < a0 and w_first < b0:
        rests.append((first, a0 - 1, w_first, b0 - 1))
    return any(_structure(response, a, z, source, b, y, names) >= share for a, z, b, y in rests)


def _collapsed(words: list[str]) -> list[str]:
    """Masked words with each run of facts one placeholder ("on # # # #" is "on #"): a
    date or a full name is one place in a sentence, however many words it takes."""
    return [w for k, w in enumerate(words) if w != FACT or k == 0 or words[k - 1] != FACT]


def _anchor_windows(
    response: Tokens, source: Tokens, anchors: Sequence[Match]
) -> dict[int, tuple[int, tuple[int, int, int, int], frozenset[int]]]:
    """The response sentences the ``anchors`` (exact matches) hold: each with the source
    window the anchor copies there (one sentence, or two adjacent ones as ``n_s + i``),
    the anchor's part in it (response and source tokens) and the anchors' indices."""
    r_starts = _sentence_starts(response)
    s_starts = _sentence_starts(source)
    r_sents, n_s = sentences(response), len(s_starts)
    out: dict[int, tuple[int, tuple[int, int, int, int], frozenset[int]]] = {}
    for k, m in enumerate(anchors):
        shift = m.b_first - m.a_first
        for n in range(bisect_right(r_starts, m.a_first) - 1, bisect_right(r_starts, m.a_last)):
            first, last = r_sents[n]
            a0, a1 = max(first, m.a_first), min(last, m.a_last)
            b0 = min(max(a0 + shift, m.b_first), m.b_last)
            b1 = min(max(a1 + shift, m.b_first), m.b_last)
            i, j = bisect_right(s_starts, b0) - 1, bisect_right(s_starts, b1) - 1
            window = i if j <= i else n_s + i if i + 1 < n_s else i
            if n in out:  # two anchors in one sentence: the first one's window, both held
                window, (p0, p1, q0, q1), ids = out[n]
                out[n] = (window, (min(p0, a0), max(p1, a1), min(q0, b0), max(q1, b1)), ids | {k})
            else:
                out[n] = (window, (a0, a1, b0, b1), frozenset({k}))
    return out


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
