"""The copy check: align the response with every candidate source, apply the exemptions,
and decide the verdict (pure; the pipeline gathers the sources).

Each source is aligned twice: exact runs (:mod:`verifier.plagiarism.align`), then
sentence by sentence (:mod:`verifier.plagiarism.fuzzy`): is each sentence derived from a
source sentence, and is a passage of them copied expression (the source's sentence
structure across consecutive sentences, wording beyond the facts) rather than shared
knowledge (:mod:`verifier.plagiarism.expression`: the subject's terms are the rare words
the prompt or two of the sources use; a run of names, titles and numbers is facts).

A match does not count when an exemption takes it out (quoted, attributed, supplied or
requested by the prompt, code, boilerplate: ``CopyMatch.exemption``) or when it is too
little evidence of copying (``CopyMatch.shortfall``, see :func:`_too_short`): under
``min_match_words`` words; a list of names, titles and numbers; an exact-run match
without a run of ``min_match_words`` (two short common phrasings of a fact are not
copying); one closely worded sentence with a similarity under ``minor_similarity``; a
``heavy_revision`` passage of fewer than ``heavy_min_sentences`` sentences in the source's
order, with a content similarity under ``heavy_passage_content``, a source side under half
its response side, or too short for its structure to be what is shared (fewer than
``heavy_min_words`` words beyond the facts and ``heavy_min_wording`` words of wording
shared), unless it reaches ``reworded_content`` (the same content, reworded).

The copied share is the number of response words inside counted matches (each word once,
whatever the number of sources) over the response's words: the one figure the reason
states. Only strong evidence makes a verdict: the counted matches of a source copying
from which is established (see :func:`_strong`; one sentence alone, or two closely worded
ones, are how facts are put). Verdict:

- ``plagiarized``: copying is established and the copied share reaches
  ``plagiarized_share`` (most of the evidence copied or lightly revised) or
  ``heavy_share`` (reworded), or an exact run reaches ``plagiarized_run_words``;
- ``possible``: something counts (above ``possible_share``): review;
- ``original``: nothing counts (exempt and uncounted matches are still listed).

``Plagiarism.reason`` says what was copied (:func:`what_was_copied`), from where, and the
one rule and bar that decided, with the share, once.
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

from verifier.config import PlagiarismSettings
from verifier.plagiarism.align import Match, Tokens, align, exact_runs, sentences, tokenize
from verifier.plagiarism.exemptions import Exemptions, find_exemptions
from verifier.plagiarism.expression import (
    expression_words,
    fact_roots,
    listing,
    masked,
    matching_blocks,
    topic_terms,
)
from verifier.plagiarism.fuzzy import (
    FuzzySettings,
    edited_passages,
    join_adjacent,
    pair_facts,
    with_fuzzy,
)
from verifier.report.completeness import copy_check_status
from verifier.schema import CopyMatch, CopySource, PageTrace, Plagiarism, SearchTrace
from verifier.text.spans import STOPWORDS

__all__ = ["SourceText", "detect", "distinctive_phrases", "what_was_copied", "worth_aligning"]


@dataclass(frozen=True, slots=True)
class SourceText:
    """A candidate source: a stored page (or file) and its text."""

    url: str
    title: str
    snapshot_id: str
    text: str


def _covered(runs: Iterable[tuple[int, int]]) -> set[int]:
    out: set[int] = set()
    for first, last in runs:
        out.update(range(first, last + 1))
    return out


@dataclass(frozen=True, slots=True)
class _Response:
    """The response, tokenised, with what the exemptions need to know about it."""

    text: str
    tokens: Tokens
    prompt: Tokens
    from_prompt: set[int]  # tokens inside runs the prompt supplied
    exempt: Exemptions
    terms: frozenset[str]  # the subject's terms: facts, not wording
    # tokens exempt whatever the source (quoted, attributed, code): no edited passage runs
    # across them
    barriers: frozenset[int]


def _barriers(tokens: Tokens, exempt: Exemptions) -> frozenset[int]:
    """The tokens wholly inside a quoted, attributed or code span: each span's own tokens,
    found by bisection (linear in the tokens inside spans, whatever the response's length)."""
    spans = [*exempt.quoted, *((a, b) for a, b, _c in exempt.attributed), *exempt.code]
    return frozenset(k for a, b in spans for k in tokens.within(a, b) if tokens.spans[k][1] <= b)


def detect(
    response: str,
    prompt: str,
    sources: Sequence[SourceText],
    settings: PlagiarismSettings,
    *,
    phrase_queries: Sequence[str] = (),
    search: CopySearch | None = None,
    exemptions: Exemptions | None = None,
) -> Plagiarism:
    """Check ``response`` against ``sources`` (see the module docstring). ``search`` is how
    the sources were found (the pipeline's copy searches and pages): the result's status
    says whether that search could run; without it the sources given are all there is.
    ``exemptions`` are the response's (found here when not given; the pipeline finds them
    once per check, with ``settings.boilerplate``)."""
    tokens = tokenize(response)
    prompt_tokens = tokenize(prompt)
    unique: list[SourceText] = []
    seen: set[str] = set()
    for source in sources:
        if source.snapshot_id not in seen and source.text:
            seen.add(source.snapshot_id)
            unique.append(source)
    if exemptions is None:
        exemptions = find_exemptions(response, prompt, settings.boilerplate)
    mine = _Response(
        response,
        tokens,
        prompt_tokens,
        _covered(
            (r.a, r.a + r.length - 1)
            for r in exact_runs(tokens, prompt_tokens, settings.seed_words)
        ),
        exemptions,
        topic_terms(prompt_tokens, tokens, (_source_tokens(s.text) for s in unique)),
        _barriers(tokens, exemptions),
    )
    fuzzy = _fuzzy_settings(settings)
    matches: list[CopyMatch] = []
    for source in unique:
        matches.extend(_source_matches(mine, source, settings, fuzzy))
    matches.sort(key=lambda m: (m.response_start, -m.words, m.source_url))
    result = _verdict(tokens, matches, settings, mine.exempt.requested, len(seen), phrase_queries)
    return result if search is None else _searched(result, search, settings)


@dataclass(frozen=True, slots=True)
class CopySearch:
    """How the sources of a copy check were looked for: the searches and pages, and
    whether there was anywhere to look (a search backend or a corpus)."""

    searches: list[SearchTrace]
    pages: list[PageTrace]
    anywhere: bool


def _searched(result: Plagiarism, search: CopySearch, settings: PlagiarismSettings) -> Plagiarism:
    """The result with its status: "not_checked" (no verdict) when the sources could not
    be looked for, "partial" when some of the looking failed."""
    could_copy = result.response_words >= settings.min_match_words
    if search.anywhere or not could_copy:
        status, note = copy_check_status(
            search.searches, search.pages, result.sources_checked, could_copy=could_copy
        )
    else:
        status, note = "not_checked", "no sources: web search is off and no corpus was given"
    unchecked = status == "not_checked"
    return replace(
        result,
        status=status,
        note=note,
        verdict=None if unchecked else result.verdict,
        reason=f"not checked: {note}" if unchecked else result.reason,
        searches=search.searches,
        pages=search.pages,
    )


def _source_matches(
    mine: _Response, source: SourceText, settings: PlagiarismSettings, fuzzy: FuzzySettings
) -> list[CopyMatch]:
    """The matches of one source: exact runs, then edited sentences, joined where they meet;
    each with the exemption or the shortfall that keeps it from counting."""
    tokens, source_tokens = mine.tokens, _source_tokens(source.text)
    # the source's own words the prompt holds: a response that rewords text the user
    # pasted copies the prompt, not the source
    source_in_prompt = _covered(
        (r.a, r.a + r.length - 1)
        for r in exact_runs(source_tokens, mine.prompt, settings.seed_words)
    )

    def exempt_span(a_first: int, a_last: int, b_first: int, b_last: int) -> str | None:
        r0, r1 = tokens.char_span(a_first, a_last)
        s0, s1 = source_tokens.char_span(b_first, b_last)
        in_prompt = sum(k in mine.from_prompt for k in range(a_first, a_last + 1))
        pasted = sum(k in source_in_prompt for k in range(b_first, b_last + 1))
        return mine.exempt.reason(
            r0,
            r1,
            source.url,
            from_prompt=in_prompt >= 0.8 * (a_last - a_first + 1)
            or pasted >= 0.8 * (b_last - b_first + 1),
            source_quoted=_quoted_in(source.text, s0, s1),
        )

    def exemption(m: Match) -> str | None:
        return exempt_span(m.a_first, m.a_last, m.b_first, m.b_last)

    alignment = with_fuzzy(
        align(
            tokens,
            source_tokens,
            seed=settings.seed_words,
            max_gap=settings.max_gap_words,
            min_words=settings.seed_words,
            join_words=settings.min_match_words,
        ),
        fuzzy,
        settings.min_match_words,
        exempt_span,
        mine.terms,
        barriers=mine.barriers,
        decide=lambda m: _too_short(m, settings),
    )

    out: list[CopyMatch] = []
    joinable = lambda m: exemption(m) is None  # noqa: E731
    passages = _Verbatim(tokens, source_tokens, mine.terms, settings.seed_words)
    for m in join_adjacent(alignment, fuzzy, settings.min_match_words, joinable):
        r0, r1 = tokens.char_span(m.a_first, m.a_last)
        s0, s1 = source_tokens.char_span(m.b_first, m.b_last)
        exempt = exemption(m)
        shortfall = None if exempt else m.shortfall if m.decided else _too_short(m, settings)
        verbatim, (v0, v1) = passages.longest(m)
        out.append(
            CopyMatch(
                kind=m.kind,
                counted=exempt is None and shortfall is None,
                exemption=exempt,
                shortfall=shortfall,
                response_start=r0,
                response_end=r1,
                response_text=mine.text[r0:r1],
                word_start=m.a_first,
                word_end=m.a_last + 1,
                source_url=source.url,
                source_title=source.title,
                snapshot_id=source.snapshot_id,
                source_start=s0,
                source_end=s1,
                source_text=source.text[s0:s1],
                words=m.words,
                copied_words=m.copied_words,
                longest_run=m.longest_run,
                similarity=m.similarity,
                sentences=m.sentences,
                content=m.content,
                wording=m.wording,
                expression=m.expression,
                verbatim=verbatim,
                verbatim_text=mine.text[v0:v1],
            )
        )
    return out


class _Verbatim:
    """The passages of a match copied word for word (its exact runs of ``seed`` words or
    more: the matching blocks of its two spans), each measured by its words beyond names,
    numbers and terms (a run of names, titles and numbers has none: it is facts)."""

    def __init__(self, response: Tokens, source: Tokens, terms: frozenset[str], seed: int):
        self.response, self.source, self.terms, self.seed = response, source, terms, seed

    def longest(self, m: Match) -> tuple[int, tuple[int, int]]:
        """The most words beyond the facts of one of the match's verbatim passages, and
        that passage's characters in the response ((0, 0) when it has none)."""
        if m.longest_run < self.seed:
            return 0, (0, 0)
        response, source = self.response, self.source
        if m.kind == "identical":  # one run: the two spans are the same words
            blocks = [(m.a_first, m.a_last - m.a_first + 1)]
        else:
            blocks = [
                (m.a_first + a, size)
                for a, _b, size in matching_blocks(
                    response.norm[m.a_first : m.a_last + 1], source.norm[m.b_first : m.b_last + 1]
                )
                if size >= self.seed
            ]
        facts = pair_facts(response, source, self.terms)
        names = fact_roots(response) | fact_roots(source)
        best, span = 0, (0, 0)
        for first, size in blocks:
            last = first + size - 1
            if listing(response.norm[first : last + 1], names):
                continue
            beyond = expression_words(masked(response, first, last, facts))
            if beyond > best:
                best, span = beyond, response.char_span(first, last)
        return best, span


@lru_cache(maxsize=256)
def _source_tokens(text: str) -> Tokens:
    """A source's tokens, kept with what was worked out from them (its sentences and their
    content words, in ``Tokens.memo``): the same pages are sources of many checks."""
    return tokenize(text)


def worth_aligning(response: Tokens, passage: str, settings: PlagiarismSettings) -> bool:
    """Whether a candidate passage (a few sentences of a document) shows enough of the
    response to align its whole document. A counted match may straddle two passages, so
    the bar is lower than counting's: an exact run of ``min_match_words`` less three, an
    edited sentence whose wording survived, or an edited passage one sentence short of
    ``heavy_min_sentences`` with the content similarity a heavy revision needs."""
    passage_tokens = tokenize(passage)
    run = max(settings.seed_words, settings.min_match_words - 3)
    if any(r.length >= run for r in exact_runs(response, passage_tokens, settings.seed_words)):
        return True
    sentences = max(1, settings.heavy_min_sentences - 1)
    return any(
        m.kind == "minor_changes"
        or m.content >= settings.reworded_content
        or (m.sentences >= sentences and m.content >= settings.heavy_passage_content)
        for m in edited_passages(response, passage_tokens, (), _fuzzy_settings(settings))
    )


def _fuzzy_settings(settings: PlagiarismSettings) -> FuzzySettings:
    return FuzzySettings(
        heavy_content=settings.heavy_content,
        minor_content=settings.minor_content,
        minor_similarity=settings.minor_similarity,
        max_gap_sentences=settings.max_gap_sentences,
        fact_weight=settings.fact_weight,
        window_content=settings.window_content,
        in_order_content=settings.in_order_content,
        structure_share=settings.structure_share,
        long_run_words=settings.plagiarized_run_words,
    )


def _too_short(m: Match, settings: PlagiarismSettings) -> str | None:
    """Why a match is too little evidence of copying to count, or None."""
    if m.words < settings.min_match_words:
        return f"short (under {settings.min_match_words} words)"
    if m.listing or (m.sentences and not m.wording):
        return "a list of names, titles and numbers (facts, not copied wording)"
    if m.longest_run >= settings.min_match_words and m.wording:  # beyond the facts
        return None
    if not m.sentences:
        return (
            f"short exact runs (the longest is {m.longest_run} words, "
            f"under {settings.min_match_words})"
        )
    if m.content >= settings.reworded_content:  # the same content, reworded or reordered
        return None
    if m.kind == "minor_changes":
        if m.sentences == 1 and m.similarity < settings.minor_similarity:
            return (
                f"one sentence of similarity {m.similarity:.0f} (alone, a sentence needs "
                f"{settings.minor_similarity:.0f})"
            )
        return None
    if m.sentences < settings.heavy_min_sentences:
        return (
            f"{m.sentences} paraphrased sentence(s) (a heavy revision needs "
            f"{settings.heavy_min_sentences} in the source's order)"
        )
    if m.content < settings.heavy_passage_content:
        return (
            f"content similarity {m.content:.2f} (a heavy revision needs "
            f"{settings.heavy_passage_content:.2f})"
        )
    source_words = m.b_last - m.b_first + 1
    if 2 * source_words < m.words:
        return (
            f"the source's side is {source_words} words, under half the response's "
            f"{m.words}: the response adds its own content"
        )
    if m.expression < settings.heavy_min_words and m.wording < settings.heavy_min_wording:
        return (
            f"{m.expression} words beyond names, numbers and terms, {m.wording} of them "
            f"shared (a heavy revision needs {settings.heavy_min_words}, or "
            f"{settings.heavy_min_wording} shared: a shorter one shares a list of facts, "
            "not their expression)"
        )
    return None


_OPENING = frozenset("\"“«„「'‘")
_CLOSING = frozenset("\"”»“」'’")


def _quoted_in(text: str, start: int, end: int) -> bool:
    """Whether the source itself has quotation marks around text[start:end]."""
    before = text[max(0, start - 2) : start]
    after = text[end : end + 3]
    return any(c in _OPENING for c in before) and any(c in _CLOSING for c in after)


def _strong(
    tokens: Tokens, counted: list[CopyMatch], settings: PlagiarismSettings
) -> list[CopyMatch]:
    """The counted matches that can make a verdict "plagiarized": those of the sources
    copying from which is established. Its counted passages must hold
    ``edited_min_sentences`` aligned sentences; or its matches share ``min_match_words``
    words of wording beyond names, numbers and terms over two of the response's sentences
    with an exact run of ``min_match_words`` among them, or over ``edited_min_sentences``
    sentences; or hold an exact run of ``plagiarized_run_words``. One sentence alone, even
    word for word, or two closely worded ones, are how facts are commonly put: review,
    not a verdict."""
    starts = [first for first, _last in sentences(tokens)]

    def sentences_of(m: CopyMatch) -> int:
        """The response sentences a match holds: those aligned one by one (the pieces of
        a passage are matches of their own: an aside it runs across is in none), or those
        an exact-run match touches."""
        if m.sentences:
            return m.sentences
        return bisect_right(starts, m.word_end - 1) - bisect_right(starts, m.word_start) + 1

    by_source: dict[str, list[CopyMatch]] = {}
    for m in counted:
        by_source.setdefault(m.snapshot_id, []).append(m)
    strong: list[CopyMatch] = []
    for found in by_source.values():
        held = sum(sentences_of(m) for m in found)
        shared = sum(m.wording for m in found) >= settings.min_match_words
        anchored = any(m.longest_run >= settings.min_match_words for m in found)
        if (
            any(m.longest_run >= settings.plagiarized_run_words for m in found)
            or any(m.verbatim >= settings.verbatim_words for m in found)
            or sum(m.sentences for m in found) >= settings.edited_min_sentences
            or (shared and held >= (2 if anchored else settings.edited_min_sentences))
        ):
            strong.extend(found)
    return strong


# the shortfalls of evidence too little on its own that adds up with the rest of a source's:
# one lightly revised sentence, a short exact run
_ALONE = ("one sentence of similarity", "short exact runs", "short (under")


def _added_up(
    tokens: Tokens, matches: list[CopyMatch], settings: PlagiarismSettings
) -> list[CopyMatch]:
    """The matches with the evidence of each source weighed together: the source's
    counted matches and those too little on their own (one lightly revised sentence whose
    wording is not close enough alone, a short exact run with wording beyond the facts)
    count together when they hold two revised sentences or more and a verbatim run (an
    exact run of ``min_match_words`` less three words or more, with wording beyond the
    facts), ``edited_min_sentences`` sentences and exact-run matches in all, in the
    source's order, sharing ``min_match_words`` words of wording beyond names, numbers and
    terms: revised sentences and verbatim runs from one source, each too small to count,
    are one copy. A source whose counted matches establish copying already takes nothing
    more (a short common phrase elsewhere in the response is not part of its copy)."""
    by_source: dict[str, list[CopyMatch]] = {}
    for m in matches:
        alone = (
            not m.counted
            and m.exemption is None
            and any((m.shortfall or "").startswith(s) for s in _ALONE)
            and (
                m.wording > 0
                if m.sentences
                # an exact run of the screening bar, with wording beyond the facts
                else m.verbatim > 0 and m.longest_run >= settings.min_match_words - 3
            )
        )
        if m.counted or alone:
            by_source.setdefault(m.snapshot_id, []).append(m)
    promoted: set[int] = set()
    for found in by_source.values():
        counted = [m for m in found if m.counted]
        if len(counted) == len(found) or _strong(tokens, counted, settings):
            continue  # nothing to add, or copying is established without it
        revised = sum(m.sentences for m in found if m.kind == "minor_changes")
        runs = sum(not m.sentences for m in found)
        verbatim = any(
            m.verbatim > 0 and m.longest_run >= settings.min_match_words - 3 for m in found
        )
        in_order = all(a.source_start < b.source_start for a, b in itertools.pairwise(found))
        if (
            revised >= 2
            and verbatim
            and revised + runs >= settings.edited_min_sentences
            and in_order
            and sum(max(m.wording, m.verbatim) for m in found) >= settings.min_match_words
        ):
            promoted.update(id(m) for m in found if not m.counted)
    if not promoted:
        return matches
    return [replace(m, counted=True, shortfall=None) if id(m) in promoted else m for m in matches]


def what_was_copied(matches: Sequence[CopyMatch]) -> str:
    """What the matches show was copied, in words a rater can check against the source:
    "3 sentences follow the source's sentences, lightly revised (longest exact run 18
    words); 2 sentences reword the source's sentences in order, sharing 21 words of
    wording beyond names, numbers and terms; 1 passage copied word for word (longest exact
    run 14 words, 12 of wording beyond names, numbers and terms)"."""
    revised = [m for m in matches if m.sentences and m.kind != "heavy_revision"]
    reworded = [m for m in matches if m.sentences and m.kind == "heavy_revision"]
    exact = [m for m in matches if not m.sentences]
    parts = []
    if revised:
        n = sum(m.sentences for m in revised)
        follows = (
            f"{n} sentences follow the source's sentences"
            if n > 1
            else "1 sentence follows a sentence of the source"
        )
        parts.append(
            f"{follows}, lightly revised (longest exact run "
            f"{max(m.longest_run for m in revised)} words)"
        )
    if reworded:
        n = sum(m.sentences for m in reworded)
        follows = (
            f"{n} sentences reword the source's sentences in order"
            if n > 1
            else "1 sentence rewords a sentence of the source"
        )
        parts.append(
            f"{follows}, sharing {sum(m.wording for m in reworded)} words of wording beyond "
            "names, numbers and terms"
        )
    if exact:
        n = len(exact)
        longest = max(m.longest_run for m in exact)
        parts.append(
            f"{n} passage{'s' if n > 1 else ''} copied word for word (longest exact run "
            f"{longest} words, {sum(m.wording for m in exact)} of wording beyond names, "
            "numbers and terms)"
        )
    return "; ".join(parts)


def _verdict(
    tokens: Tokens,
    matches: list[CopyMatch],
    settings: PlagiarismSettings,
    requested: str | None,
    checked: int,
    phrase_queries: Sequence[str],
) -> Plagiarism:
    """The copy check's result: how much of the response the counted matches cover, the
    verdict and its reason, the sources by share."""
    matches = _added_up(tokens, matches, settings)
    counted = [m for m in matches if m.counted]
    strong = _strong(tokens, counted, settings)
    cover = _coverage(len(tokens), counted)
    verdict, reason = _decide(matches, counted, strong, cover, settings, checked)
    return Plagiarism(
        status="checked",
        verdict=verdict,
        reason=reason,
        copied_share=round(cover.share, 4),
        copied_words=len(cover.copied),
        response_words=cover.words,
        longest_run_words=cover.longest,
        copy_requested=requested,
        sources=_sources(cover),
        matches=matches,
        sources_checked=checked,
        phrase_queries=list(phrase_queries),
        thresholds=_thresholds(settings),
    )


@dataclass(frozen=True, slots=True)
class _Coverage:
    """What the counted matches cover of the response's words."""

    words: int  # the response's
    copied: set[int]  # inside counted matches
    per_source: dict[str, tuple[CopyMatch, set[int], int]]  # first match, words, matches
    share: float  # copied words: the one figure every verdict and reason states
    longest: int  # the longest exact run


def _coverage(words_total: int, counted: list[CopyMatch]) -> _Coverage:
    copied: set[int] = set()
    per_source: dict[str, tuple[CopyMatch, set[int], int]] = {}
    for m in counted:
        covered = set(range(m.word_start, m.word_end))
        copied |= covered
        first, words, n = per_source.get(m.snapshot_id, (m, set(), 0))
        per_source[m.snapshot_id] = (first, words | covered, n + 1)
    return _Coverage(
        words_total,
        copied,
        per_source,
        len(copied) / words_total if words_total else 0.0,
        max((m.longest_run for m in counted), default=0),
    )


def _from(matches: Sequence[CopyMatch]) -> str:
    """Where the matches come from: "from Title" (or its address), "from 3 sources"."""
    sources = list(dict.fromkeys(m.snapshot_id for m in matches))
    if len(sources) > 1:
        return f"from {len(sources)} sources"
    first = matches[0]
    return f"from {first.source_title or first.source_url}"


def _decide(
    matches: list[CopyMatch],
    counted: list[CopyMatch],
    strong: list[CopyMatch],
    cover: _Coverage,
    settings: PlagiarismSettings,
    checked: int,
) -> tuple[Literal["original", "possible", "plagiarized"], str]:
    """The verdict and its reason, which names the rule that decided and its threshold
    once, with the one figure (the copied share): original when nothing counts;
    plagiarized when copying is established (strong evidence) and the copied share reaches
    ``plagiarized_share`` (when most of that evidence is copied or lightly revised) or
    ``heavy_share`` (reworded), or an exact run reaches ``plagiarized_run_words``;
    possible (a review) otherwise."""
    if not counted or cover.share <= settings.possible_share:
        if matches:
            return "original", (
                f"nothing counts: {len(matches)} match(es) exempt or too little evidence"
            )
        return "original", f"no copied text in the {checked} source(s) checked"
    # the figure as the reason states it, compared with the bar as it states it
    percent = round(100 * cover.share)
    share = f"{percent}% of the response"
    if not strong:
        return "possible", (
            f"{what_was_copied(counted)} ({share}), but only within one sentence or in "
            f"closely worded sentences (fewer than {settings.edited_min_sentences} in a row): "
            "how a fact is commonly put, or copying: review"
        )
    # copied word for word or lightly revised (most of the evidence): the lower bar
    copied = sum(m.words for m in strong if m.kind != "heavy_revision")
    bar = (
        settings.plagiarized_share
        if 2 * copied >= sum(m.words for m in strong)
        else settings.heavy_share
    )
    what = f"{what_was_copied(strong)} {_from(strong)}"
    if percent >= round(100 * bar):
        return "plagiarized", f"{what} ({share}; plagiarized at {bar:.0%})"
    longest = max(m.longest_run for m in strong)
    if longest >= settings.plagiarized_run_words:
        return "plagiarized", (
            f"{what}: an exact run of {longest} words ({share}; plagiarized at a run of "
            f"{settings.plagiarized_run_words})"
        )
    passage = max(strong, key=lambda m: (m.verbatim, -m.response_start))
    if passage.verbatim >= settings.verbatim_words:
        return "plagiarized", (
            f'{what}: "{_shown(passage.verbatim_text)}" is copied word for word, not '
            f"quoted or attributed ({passage.verbatim} words beyond names, numbers and terms; "
            f"{share}; plagiarized at a verbatim passage of {settings.verbatim_words} such "
            "words, whatever its share)"
        )
    return "possible", f"{what} ({share}; plagiarized at {bar:.0%}): review"


def _shown(text: str, words: int = 24) -> str:
    """A passage as a reason quotes it: its words on one line, the middle of a long one
    left out."""
    shown = text.split()
    if len(shown) <= words:
        return " ".join(shown)
    half = words // 2
    return " ".join([*shown[:half], "...", *shown[-half:]])


def _sources(cover: _Coverage) -> list[CopySource]:
    """The sources the counted matches come from, largest share first."""
    return sorted(
        (
            CopySource(
                m.source_url,
                m.source_title,
                sid,
                round(len(words) / cover.words, 4),
                len(words),
                n,
            )
            for sid, (m, words, n) in cover.per_source.items()
        ),
        key=lambda s: (-s.share, s.url),
    )


def _thresholds(settings: PlagiarismSettings) -> dict[str, float]:
    """The settings the verdict was reached with, as the report states them."""
    return {
        "min_match_words": settings.min_match_words,
        "possible_share": settings.possible_share,
        "plagiarized_share": settings.plagiarized_share,
        "plagiarized_run_words": settings.plagiarized_run_words,
        "verbatim_words": settings.verbatim_words,
        "heavy_share": settings.heavy_share,
        "edited_min_sentences": settings.edited_min_sentences,
        "heavy_min_sentences": settings.heavy_min_sentences,
        "heavy_passage_content": settings.heavy_passage_content,
        "minor_similarity": settings.minor_similarity,
        "reworded_content": settings.reworded_content,
        "structure_share": settings.structure_share,
        "heavy_min_words": settings.heavy_min_words,
        "heavy_min_wording": settings.heavy_min_wording,
        "review_similarity": settings.review_similarity,
    }


_RARE = re.compile(r"^(?:\d[\d,.]*|[A-Z][\w'’-]*|\w{8,})$")


def distinctive_phrases(
    response: str,
    prompt: str,
    *,
    count: int,
    words: int,
    seed: int = 5,
    exemptions: Exemptions | None = None,
) -> list[str]:
    """Up to ``count`` non-overlapping runs of ``words`` words, most distinctive first, to
    search as exact phrases: outside code, not from the prompt, rich in rare-looking words
    (numbers, names, long words) and poor in stopwords. ``exemptions`` are the response's
    (found here when not given; only their code, quoted and attributed spans are read)."""
    if count <= 0:
        return []
    tokens = tokenize(response)
    skip = _covered((r.a, r.a + r.length - 1) for r in exact_runs(tokens, tokenize(prompt), seed))
    exempt = exemptions if exemptions is not None else find_exemptions(response, prompt, ())
    attributed = [(start, end) for start, end, _cues in exempt.attributed]
    for start, end in (*exempt.code, *exempt.quoted, *attributed):
        skip.update(tokens.within(start, end))
    raw = [response[s:e] for s, e in tokens.spans]
    scored: list[tuple[float, int]] = []
    for i in range(len(tokens) - words + 1):
        window = range(i, i + words)
        if skip.intersection(window):
            continue
        # a window must not cross a sentence end (its phrase would not exist anywhere)
        gap_text = response[tokens.spans[i][0] : tokens.spans[i + words - 1][1]]
        if re.search(r"[.!?]\s|\n\s*\n", gap_text):
            continue
        rare = sum(bool(_RARE.match(raw[k])) for k in window)
        stop = sum(tokens.norm[k] in STOPWORDS for k in window)
        scored.append((rare * 2 - stop + sum(len(tokens.norm[k]) for k in window) / 20, i))
    chosen: list[int] = []
    for _score, i in sorted(scored, key=lambda x: (-x[0], x[1])):
        if all(abs(i - j) >= words for j in chosen):
            chosen.append(i)
        if len(chosen) == count:
            break
    return [response[tokens.spans[i][0] : tokens.spans[i + words - 1][1]] for i in sorted(chosen)]
