"""Repetition within one response: the same answer given twice.

Two measures, both with spans, because either alone misleads (long legal boilerplate
compresses well without repeating an answer, and a list may legitimately reuse a phrase):

- **duplicate sentences**: sentences of at least ``min_words`` words that occur again
  (normalised: case, spacing and punctuation ignored; near-duplicates at rapidfuzz
  ratio >= 95 count). Their share is repeated sentences / sentences.
- **repeated 4-grams**: the share of the response's word 4-grams that occur more than once.

The response **repeats itself** when the duplicate-sentence share reaches
``sentence_share`` (0.3) *and* the repeated 4-gram share reaches ``ngram_share`` (0.3), or
when a whole paragraph of at least ``min_words`` words occurs twice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from rapidfuzz import fuzz

from verifier.text.spans import WORD_CHARS, blocks, segments

__all__ = ["Repetition", "find_repetition"]


@dataclass(slots=True)
class Repetition:
    sentences: int
    repeated_sentences: int
    sentence_share: float
    ngram_share: float
    repeated_paragraph: bool
    repeats: bool
    passages: list[tuple[int, int, str]] = field(default_factory=list)  # the repeats, spans


def _norm(text: str) -> str:
    return " ".join(WORD_CHARS.findall(text.casefold()))


def find_repetition(
    response: str,
    *,
    min_words: int = 5,
    sentence_share: float = 0.3,
    ngram_share: float = 0.3,
) -> Repetition:
    sents = [s for s in segments(response) if s.kind != "code"]
    normed = [(s, _norm(s.text)) for s in sents]
    seen: set[str] = set()
    buckets: dict[str, list[str]] = {}  # near-duplicates share their first two words
    repeated: list[tuple[int, int, str]] = []
    for seg, norm in normed:
        if len(norm.split()) < min_words:
            continue
        bucket = buckets.setdefault(" ".join(norm.split()[:2]), [])
        if norm in seen or any(
            fuzz.ratio(norm, other) >= 95
            for other in bucket[-50:]
            if abs(len(other) - len(norm)) < 20
        ):
            repeated.append((seg.start, seg.end, seg.text))
        else:
            bucket.append(norm)
        seen.add(norm)
    words = WORD_CHARS.findall(response.casefold())
    grams = Counter(tuple(words[i : i + 4]) for i in range(len(words) - 3))
    total = sum(grams.values())
    share = sum(n for n in grams.values() if n > 1) / total if total else 0.0
    paragraphs: dict[str, tuple[int, int, str]] = {}
    repeated_paragraph = False
    for block in blocks(response):
        norm = _norm(block.text)
        if len(norm.split()) < min_words:
            continue
        if norm in paragraphs:
            repeated_paragraph = True
            repeated.append((block.start, block.end, block.text))
        paragraphs.setdefault(norm, (block.start, block.end, block.text))
    count = len([n for _s, n in normed if n])
    sentence_spans = {(s.start, s.end) for s in sents}
    unique = sorted(set(repeated))
    repeated_sentences = len([r for r in unique if (r[0], r[1]) in sentence_spans])
    sent_share = repeated_sentences / count if count else 0.0
    repeats = repeated_paragraph or (sent_share >= sentence_share and share >= ngram_share)
    return Repetition(
        sentences=count,
        repeated_sentences=repeated_sentences,
        sentence_share=round(sent_share, 3),
        ngram_share=round(share, 3),
        repeated_paragraph=repeated_paragraph,
        repeats=repeats,
        passages=unique,
    )
