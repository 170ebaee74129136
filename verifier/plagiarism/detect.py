"""The copy check: align the response with every candidate source, apply the exemptions,
and decide the verdict (pure; the pipeline gathers the sources).

Counted matches are the ``identical`` and ``minor_changes`` ones that no exemption takes out.
The copied share is the number of response words inside counted matches (each word once,
whatever the number of sources) over the response's words. Verdict:

- ``plagiarized``: share >= ``plagiarism.plagiarized_share`` or a counted match with an
  exact run of ``plagiarism.plagiarized_run_words`` words or more;
- ``possible``: some counted match (share above ``plagiarism.possible_share``);
- ``original``: nothing counted (exempt and paraphrase-suspect matches are still listed).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..config import PlagiarismSettings
from ..model import CopyMatch, CopySource, Plagiarism
from ..text import STOPWORDS
from .align import Tokens, align, exact_runs, tokenize
from .exemptions import find_exemptions

__all__ = ["SourceText", "detect", "distinctive_phrases"]


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


def detect(
    response: str,
    prompt: str,
    sources: Sequence[SourceText],
    settings: PlagiarismSettings,
    *,
    phrase_queries: Sequence[str] = (),
) -> Plagiarism:
    """Check ``response`` against ``sources`` (see the module docstring)."""
    tokens = tokenize(response)
    prompt_tokens = tokenize(prompt)
    from_prompt = _covered(
        (r.a, r.a + r.length - 1) for r in exact_runs(tokens, prompt_tokens, settings.seed_words)
    )
    exempt = find_exemptions(response, prompt, settings.boilerplate)
    matches: list[CopyMatch] = []
    seen: set[str] = set()
    for source in sources:
        if source.snapshot_id in seen or not source.text:
            continue
        seen.add(source.snapshot_id)
        source_tokens = tokenize(source.text)
        alignment = align(
            tokens,
            source_tokens,
            seed=settings.seed_words,
            max_gap=settings.max_gap_words,
            min_words=settings.seed_words,
            paraphrase_ratio=settings.paraphrase_ratio,
            join_words=settings.min_match_words,
        )
        for m in alignment.matches:
            r0, r1 = tokens.char_span(m.a_first, m.a_last)
            s0, s1 = source_tokens.char_span(m.b_first, m.b_last)
            in_prompt = sum(k in from_prompt for k in range(m.a_first, m.a_last + 1))
            reason = exempt.reason(
                r0,
                r1,
                source.url,
                from_prompt=in_prompt >= 0.8 * m.words,
                source_quoted=_quoted_in(source.text, s0, s1),
                words=m.words,
                min_words=settings.min_match_words,
            )
            matches.append(
                CopyMatch(
                    kind=m.kind,
                    counted=reason is None and m.kind != "paraphrase_suspect",
                    exemption=reason,
                    response_start=r0,
                    response_end=r1,
                    response_text=response[r0:r1],
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
                )
            )
    matches.sort(key=lambda m: (m.response_start, -m.words, m.source_url))
    return _verdict(tokens, matches, settings, exempt.requested, len(seen), phrase_queries)


_OPENING = frozenset("\"“«„「'‘")
_CLOSING = frozenset("\"”»“」'’")


def _quoted_in(text: str, start: int, end: int) -> bool:
    """Whether the source itself has quotation marks around text[start:end]."""
    before = text[max(0, start - 2) : start]
    after = text[end : end + 3]
    return any(c in _OPENING for c in before) and any(c in _CLOSING for c in after)


def _verdict(
    tokens: Tokens,
    matches: list[CopyMatch],
    settings: PlagiarismSettings,
    requested: str | None,
    checked: int,
    phrase_queries: Sequence[str],
) -> Plagiarism:
    counted = [m for m in matches if m.counted]
    words_total = len(tokens)
    copied: set[int] = set()
    per_source: dict[str, tuple[CopyMatch, set[int], int]] = {}
    for m in counted:
        covered = set(tokens.within(m.response_start, m.response_end))
        copied |= covered
        first, words, n = per_source.get(m.snapshot_id, (m, set(), 0))
        per_source[m.snapshot_id] = (first, words | covered, n + 1)
    share = len(copied) / words_total if words_total else 0.0
    longest = max((m.longest_run for m in counted), default=0)
    if not counted or share <= settings.possible_share:
        verdict = "original"
    elif share >= settings.plagiarized_share or longest >= settings.plagiarized_run_words:
        verdict = "plagiarized"
    else:
        verdict = "possible"
    sources = sorted(
        (
            CopySource(
                m.source_url,
                m.source_title,
                sid,
                round(len(words) / words_total, 4),
                len(words),
                n,
            )
            for sid, (m, words, n) in per_source.items()
        ),
        key=lambda s: (-s.share, s.url),
    )
    return Plagiarism(
        status="checked",
        verdict=verdict,
        copied_share=round(share, 4),
        copied_words=len(copied),
        response_words=words_total,
        longest_run_words=longest,
        copy_requested=requested,
        sources=sources,
        matches=matches,
        sources_checked=checked,
        phrase_queries=list(phrase_queries),
        thresholds={
            "min_match_words": settings.min_match_words,
            "possible_share": settings.possible_share,
            "plagiarized_share": settings.plagiarized_share,
            "plagiarized_run_words": settings.plagiarized_run_words,
        },
    )


_RARE = re.compile(r"^(?:\d[\d,.]*|[A-Z][\w'’-]*|\w{8,})$")


def distinctive_phrases(
    response: str, prompt: str, *, count: int, words: int, seed: int = 5
) -> list[str]:
    """Up to ``count`` non-overlapping runs of ``words`` words, most distinctive first, to
    search as exact phrases: outside code, not from the prompt, rich in rare-looking words
    (numbers, names, long words) and poor in stopwords."""
    if count <= 0:
        return []
    tokens = tokenize(response)
    skip = _covered((r.a, r.a + r.length - 1) for r in exact_runs(tokens, tokenize(prompt), seed))
    exempt = find_exemptions(response, prompt, ())
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
