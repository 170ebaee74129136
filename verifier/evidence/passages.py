"""Passages of a page and their ranking against a claim (pure functions).

A page's text is cut into passages of about ``evidence.passage_chars`` characters at
sentence boundaries, each kept as (start, end) offsets into that exact text. For a claim,
all passages of all its pages are ranked by a blend of BM25 over those passages, the
share of the claim's content words they contain, and rapidfuzz's token-set similarity.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import NamedTuple

from rapidfuzz import fuzz

from verifier.schema import Evidence
from verifier.text.sentences import sentence_spans
from verifier.text.spans import content_terms

__all__ = ["Candidate", "passage_spans", "rank_passages"]


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


def rank_passages(
    claim: str, candidates: Sequence[Candidate | Evidence], k: int = 5
) -> list[Evidence]:
    """The ``k`` best distinct passages for ``claim``, best first, each with its ``score``
    (0 to 1) filled in. Candidates are evidence not yet scored; the first of several with
    the same page span wins. Passages that share no content word with the claim are dropped.
    """
    claim_terms = content_terms(claim)
    if not claim_terms or not candidates:
        return []
    unique: dict[tuple[str, int, int], Candidate | Evidence] = {}
    for cand in candidates:
        unique.setdefault((cand.snapshot_id, cand.start, cand.end), cand)
    pool = list(unique.values())
    counted = [_terms_of(c) for c in pool]
    docs = [tf for tf, _n in counted]
    bm25 = _bm25(claim_terms, docs, [n for _tf, n in counted])
    top = max(bm25) or 1.0
    wanted = set(claim_terms)
    # BM25 and coverage first; the similarity (at most 0.2 of a score) only for passages
    # that can still reach the top k
    partial = []
    for index, (tf, raw) in enumerate(zip(docs, bm25, strict=True)):
        if not raw:
            continue  # no term of the claim (every term's weight is above 0)
        # counted over the smaller of the two (a long claim against short passages)
        shared = (
            sum(1 for term in wanted if term in tf)
            if len(wanted) <= len(tf)
            else sum(1 for term in tf if term in wanted)
        )
        coverage = shared / len(wanted)
        if coverage:
            partial.append((0.5 * (raw / top) + 0.3 * coverage, index))
    partial.sort(key=lambda p: -p[0])
    scored: list[tuple[float, str, int, int]] = []
    for bound, index in partial:
        if len(scored) >= k and bound + 0.2 < scored[k - 1][0] - 1e-4:
            break
        cand = pool[index]
        similarity = fuzz.token_set_ratio(claim, cand.quote, processor=str.casefold) / 100
        scored.append((round(bound + 0.2 * similarity, 4), cand.url, cand.start, index))
        scored.sort(key=lambda s: (-s[0], s[1], s[2]))
    return [_scored(pool[index], score) for score, _url, _start, index in scored[:k]]


def _scored(cand: Candidate | Evidence, score: float) -> Evidence:
    if isinstance(cand, Evidence):
        return replace(cand, score=score)
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


def _bm25(
    query: list[str],
    docs: list[Counter[str]],
    lengths: list[int],
    k1: float = 1.5,
    b: float = 0.75,
) -> list[float]:
    n = len(docs)
    avg = sum(lengths) / n or 1.0
    wanted = list(set(query))  # the query's terms, in one fixed order for every passage
    order = {t: k for k, t in enumerate(wanted)}
    # per passage, the query's terms it has and how often, in the query's order: looked up
    # from the smaller side (a long claim against short passages costs the passages'
    # length); the document frequencies are counted for the query's terms only, not for
    # every term of every passage (a claim is ranked against a thousand passages or more)
    found: list[list[tuple[int, int]]] = []
    df = [0] * len(wanted)
    for tf in docs:
        if len(tf) < len(wanted):
            both = sorted((order[t], f) for t, f in tf.items() if t in order)
        else:
            both = [(k, f) for k, t in enumerate(wanted) if (f := tf.get(t))]
        for k, _f in both:
            df[k] += 1
        found.append(both)
    idf = [math.log(1 + (n - d + 0.5) / (d + 0.5)) for d in df]
    scores = []
    for both, length in zip(found, lengths, strict=True):
        score = 0.0
        for k, freq in both:
            score += idf[k] * freq * (k1 + 1) / (freq + k1 * (1 - b + b * length / avg))
        scores.append(score)
    return scores
