"""Passages of a page and their ranking against a claim (pure functions).

A page's text is cut into passages of about ``evidence.passage_chars`` characters at
sentence boundaries, each kept as (start, end) offsets into that exact text. For a claim,
all passages of all its pages are ranked by a blend of BM25 over those passages, the
share of the claim's content words they contain, and rapidfuzz's token-set similarity.

A page found by a query comes as one :class:`PageHit` (its text and passages), not as a
:class:`Candidate` per passage: a page has hundreds of passages, a claim meets thousands,
and only the passages that hold a term of the claim are looked at (each page's terms are
indexed once, by passage, and shared by every claim and query that finds the page).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import NamedTuple

from rapidfuzz import fuzz

from verifier.schema import Evidence
from verifier.text.sentences import sentence_spans
from verifier.text.spans import content_terms

__all__ = ["Candidate", "PageHit", "passage_spans", "rank_passages"]


class Candidate(NamedTuple):
    """A passage not yet ranked: cheap to make, as a page gives one per passage for every
    query that found it; only the ``k`` best become :class:`~verifier.schema.Evidence`."""

    quote: str
    url: str
    title: str
    snapshot_id: str
    start: int
    end: int
    query: str
    backend: str
    search_snapshot_id: str | None
    retrieved_at: str = ""


def passage_spans(text: str, max_chars: int = 400) -> list[tuple[int, int]]:
    """Passages as (start, end): whole sentences of one paragraph, up to ``max_chars``.

    Line breaks end a passage (a passage never spans two paragraphs); a sentence longer
    than ``max_chars`` is cut at the last space before the limit. The same page serves
    many claims and checks, so the latest pages' passages are kept.
    """
    return list(_passage_spans(text, max_chars))


@lru_cache(maxsize=1024)
def _passage_spans(text: str, max_chars: int) -> tuple[tuple[int, int], ...]:
    passages: list[tuple[int, int]] = []
    pos = 0
    for line in text.splitlines(keepends=True):
        first = len(passages)
        for start, end in sentence_spans(line, pos):
            while end - start > max_chars:
                cut = text.rfind(" ", start + 1, start + max_chars)
                cut = cut if cut > start else start + max_chars
                passages.append((start, cut))
                start = cut
                while start < end and text[start].isspace():
                    start += 1
            if end <= start:
                continue
            if len(passages) > first and end - passages[-1][0] <= max_chars:
                passages[-1] = (passages[-1][0], end)
            else:
                passages.append((start, end))
        pos += len(line)
    return tuple(passages)


class PageHit(NamedTuple):
    """Every passage of one page that one query found: a :class:`Candidate` for each of
    ``spans`` (offsets into ``text``, in order), without making one per passage."""

    text: str
    spans: tuple[tuple[int, int], ...]
    url: str
    title: str
    snapshot_id: str
    query: str
    backend: str
    search_snapshot_id: str | None
    retrieved_at: str = ""

    def candidates(self) -> Iterator[Candidate]:
        """The page's passages one by one."""
        for start, end in self.spans:
            yield self.candidate(start, end)

    def candidate(self, start: int, end: int) -> Candidate:
        return Candidate(
            self.text[start:end],
            self.url,
            self.title,
            self.snapshot_id,
            start,
            end,
            self.query,
            self.backend,
            self.search_snapshot_id,
            self.retrieved_at,
        )


@dataclass(frozen=True, slots=True)
class _PageTerms:
    """A page's passages' content terms: per passage, how many it has; per term, the
    passages holding it and how often (in passage order)."""

    text: str
    spans: tuple[tuple[int, int], ...]
    places: frozenset[tuple[int, int]]
    lengths: tuple[int, ...]
    postings: dict[str, list[tuple[int, int]]]


# pages' terms by snapshot (the oldest dropped past the size; checked against the text
# and the passages): every claim and query that finds a page meets all its passages again
_PAGES: dict[str, _PageTerms] = {}
_PAGES_SIZE = 4_096


def _page_terms(hit: PageHit) -> _PageTerms:
    found = _PAGES.get(hit.snapshot_id)
    if found is not None and found.spans == hit.spans and found.text == hit.text:
        return found
    lengths: list[int] = []
    postings: dict[str, list[tuple[int, int]]] = {}
    text = hit.text
    for index, (start, end) in enumerate(hit.spans):
        tf = Counter(content_terms(text[start:end]))
        lengths.append(tf.total())
        for term, freq in tf.items():
            postings.setdefault(term, []).append((index, freq))
    made = _PageTerms(hit.text, hit.spans, frozenset(hit.spans), tuple(lengths), postings)
    while len(_PAGES) >= _PAGES_SIZE:
        # (never raises: two checks in threads may drop the same oldest entry)
        if (oldest := next(iter(_PAGES), None)) is not None:
            _PAGES.pop(oldest, None)
    _PAGES[hit.snapshot_id] = made
    return made


@dataclass(slots=True)
class _Pool:
    """The distinct passages of a claim's candidates, in the candidates' order (the first
    of several with the same page span wins), with what BM25 needs: how many, their total
    length, and for each passage that holds a term of the claim, those terms (by their
    place in ``wanted``) and counts in that order."""

    wanted: list[str]
    order: dict[str, int]
    size: int = 0
    length: int = 0
    # pool index -> (the candidate it comes from, its start, its end, its terms)
    where: dict[int, tuple[Candidate | Evidence | PageHit, int, int, int]] = field(
        default_factory=dict
    )
    found: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    df: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.df = [0] * len(self.wanted)

    def add_passage(
        self,
        cand: Candidate | Evidence | PageHit,
        start: int,
        end: int,
        tf: Counter[str],
        length: int,
    ) -> None:
        index = self.size
        self.size += 1
        self.length += length
        order = self.order
        if len(tf) < len(order):
            both = sorted((order[t], f) for t, f in tf.items() if t in order)
        else:
            both = [(k, f) for k, t in enumerate(self.wanted) if (f := tf.get(t))]
        if both:
            for k, _f in both:
                self.df[k] += 1
            self.found[index] = both
            self.where[index] = (cand, start, end, length)

    def add_page(self, hit: PageHit, terms: _PageTerms, keep: set[int] | None) -> None:
        """All the page's passages (``keep``: only those, by their place in the page)."""
        base = self.size
        if keep is None:
            self.size += len(terms.spans)
            self.length += sum(terms.lengths)
            numbered = list(range(len(terms.spans)))
        else:
            numbered = sorted(keep)
            self.size += len(numbered)
            self.length += sum(terms.lengths[i] for i in numbered)
        place = {i: base + n for n, i in enumerate(numbered)}
        # the claim's terms the page has, in the claim's order, looked up from the smaller
        # side (a long claim against a short page costs the page's terms)
        postings = terms.postings
        if len(self.wanted) <= len(postings):
            listed = [(k, postings.get(t, [])) for k, t in enumerate(self.wanted)]
        else:
            listed = sorted((self.order[t], p) for t, p in postings.items() if t in self.order)
        for k, posted in listed:
            for i, freq in posted:
                if keep is not None and i not in keep:
                    continue
                self.df[k] += 1
                index = place[i]
                if index not in self.found:
                    start, end = terms.spans[i]
                    self.found[index] = []
                    self.where[index] = (hit, start, end, terms.lengths[i])
                self.found[index].append((k, freq))


def rank_passages(
    claim: str, candidates: Sequence[Candidate | Evidence | PageHit], k: int = 5
) -> list[Evidence]:
    """The ``k`` best distinct passages for ``claim``, best first, each with its ``score``
    (0 to 1) filled in. Candidates are evidence not yet scored, passages or whole pages
    (:class:`PageHit`); the first of several with the same page span wins. Passages that
    share no content word with the claim are dropped.
    """
    claim_terms = content_terms(claim)
    if not claim_terms or not candidates:
        return []
    wanted = list(set(claim_terms))  # the claim's terms, in one fixed order for every passage
    pool = _Pool(wanted, {t: n for n, t in enumerate(wanted)})
    seen: set[tuple[str, int, int]] = set()  # passages taken one by one
    partly: set[str] = set()  # the pages some of whose passages are in ``seen``
    whole: dict[str, _PageTerms] = {}  # pages taken whole
    for cand in candidates:
        sid = cand.snapshot_id
        if isinstance(cand, PageHit):
            terms = _page_terms(cand)
            if sid not in partly and sid not in whole:
                whole[sid] = terms
                pool.add_page(cand, terms, None)
            elif sid not in whole or whole[sid].spans != cand.spans:
                keep = {
                    i for i, (s, e) in enumerate(cand.spans) if not _taken(sid, s, e, seen, whole)
                }
                seen.update((sid, s, e) for s, e in cand.spans)
                partly.add(sid)
                pool.add_page(cand, terms, keep)
            # else: the same passages again
        elif not _taken(sid, cand.start, cand.end, seen, whole):
            seen.add((sid, cand.start, cand.end))
            partly.add(sid)
            tf, length = _terms_of(cand)
            pool.add_passage(cand, cand.start, cand.end, tf, length)
    if not pool.found:
        return []  # no passage holds a term of the claim
    n, k1, b = pool.size, 1.5, 0.75
    avg = pool.length / n or 1.0
    idf = [math.log(1 + (n - d + 0.5) / (d + 0.5)) for d in pool.df]
    bm25: list[tuple[int, float]] = []
    for index in sorted(pool.found):
        score, length = 0.0, pool.where[index][3]
        for term, freq in pool.found[index]:
            score += idf[term] * freq * (k1 + 1) / (freq + k1 * (1 - b + b * length / avg))
        bm25.append((index, score))
    top = max((raw for _i, raw in bm25), default=0.0) or 1.0
    # BM25 and coverage first; the similarity (at most 0.2 of a score) only for passages
    # that can still reach the top k
    partial = []
    for index, raw in bm25:
        coverage = len(pool.found[index]) / len(wanted)
        partial.append((0.5 * (raw / top) + 0.3 * coverage, index))
    partial.sort(key=lambda p: -p[0])
    scored: list[tuple[float, str, int, int]] = []
    for bound, index in partial:
        if len(scored) >= k and bound + 0.2 < scored[k - 1][0] - 1e-4:
            break
        cand, start, end, _n = pool.where[index]
        quote = cand.text[start:end] if isinstance(cand, PageHit) else cand.quote
        similarity = fuzz.token_set_ratio(claim, quote, processor=str.casefold) / 100
        scored.append((round(bound + 0.2 * similarity, 4), cand.url, start, index))
        scored.sort(key=lambda s: (-s[0], s[1], s[2]))
    return [_scored(pool.where[index], score) for score, _url, _start, index in scored[:k]]


def _taken(
    sid: str, start: int, end: int, seen: set[tuple[str, int, int]], whole: dict[str, _PageTerms]
) -> bool:
    return (sid, start, end) in seen or (sid in whole and (start, end) in whole[sid].places)


def _scored(at: tuple[Candidate | Evidence | PageHit, int, int, int], score: float) -> Evidence:
    cand, start, end, _n = at
    if isinstance(cand, Evidence):
        return replace(cand, score=score)
    if isinstance(cand, PageHit):
        cand = cand.candidate(start, end)
    return Evidence(**cand._asdict(), score=score)


# passages' terms by where they are (the oldest dropped past the size): a page's passages
# are met again by every claim and query that finds the page, and a lookup by place
# (checked against the text: a plain comparison) spares hashing the text each time
_BY_PLACE: dict[tuple[str, int, int], tuple[str, Counter[str], int]] = {}
_BY_PLACE_SIZE = 65_536


def _terms_of(cand: Candidate | Evidence) -> tuple[Counter[str], int]:
    """A passage's content terms and their counts (shared: never change one), and how
    many it has."""
    place = (cand.snapshot_id, cand.start, cand.end)
    found = _BY_PLACE.get(place)
    if found is None or found[0] != cand.quote:
        while len(_BY_PLACE) >= _BY_PLACE_SIZE:
            # (never raises: two checks in threads may drop the same oldest entry)
            if (oldest := next(iter(_BY_PLACE), None)) is not None:
                _BY_PLACE.pop(oldest, None)
        terms = Counter(content_terms(cand.quote))
        found = _BY_PLACE[place] = (cand.quote, terms, terms.total())
    return found[1], found[2]
