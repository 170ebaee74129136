"""Passages of a page and their ranking against a claim (pure functions).

A page's text is cut into passages of about ``evidence.passage_chars`` characters at
sentence boundaries, each kept as (start, end) offsets into that exact text. For a claim,
all passages of all its pages are ranked by a blend of BM25 over those passages, the
share of the claim's content words they contain, and rapidfuzz's token-set similarity.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

from rapidfuzz import fuzz

from .model import Evidence
from .text import content_terms, sentence_spans

__all__ = ["passage_spans", "rank_passages"]


def passage_spans(text: str, max_chars: int = 400) -> list[tuple[int, int]]:
    """Passages as (start, end): whole sentences of one paragraph, up to ``max_chars``.

    Line breaks end a passage (a passage never spans two paragraphs); a sentence longer
    than ``max_chars`` is cut at the last space before the limit.
    """
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
    return passages


def rank_passages(claim: str, candidates: list[Evidence], k: int = 5) -> list[Evidence]:
    """The ``k`` best distinct passages for ``claim``, best first, each with its ``score``
    (0 to 1) filled in. Candidates are evidence not yet scored; the first of several with
    the same page span wins. Passages that share no content word with the claim are dropped.
    """
    claim_terms = content_terms(claim)
    if not claim_terms or not candidates:
        return []
    unique: dict[tuple[str, int, int], Evidence] = {}
    for cand in candidates:
        unique.setdefault((cand.snapshot_id, cand.start, cand.end), cand)
    pool = list(unique.values())
    docs = [content_terms(c.quote) for c in pool]
    bm25 = _bm25(claim_terms, docs)
    top = max(bm25) or 1.0
    wanted = set(claim_terms)
    scored: list[Evidence] = []
    for cand, terms, raw in zip(pool, docs, bm25, strict=True):
        coverage = len(wanted & set(terms)) / len(wanted)
        if coverage == 0:
            continue
        similarity = fuzz.token_set_ratio(claim, cand.quote, processor=str.casefold) / 100
        score = 0.5 * (raw / top) + 0.3 * coverage + 0.2 * similarity
        scored.append(replace(cand, score=round(score, 4)))
    scored.sort(key=lambda ev: (-ev.score, ev.url, ev.start))
    return scored[:k]


def _bm25(query: list[str], docs: list[list[str]], k1: float = 1.5, b: float = 0.75) -> list[float]:
    n = len(docs)
    avg = sum(len(d) for d in docs) / n or 1.0
    df: Counter[str] = Counter()
    for doc in docs:
        df.update(set(doc))
    scores = []
    for doc in docs:
        tf = Counter(doc)
        score = 0.0
        for term in set(query):
            if term not in tf:
                continue
            idf = math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5))
            freq = tf[term]
            score += idf * freq * (k1 + 1) / (freq + k1 * (1 - b + b * len(doc) / avg))
        scores.append(score)
    return scores
