"""Resources a response cites (URLs and DOIs): find them, and judge what fetching them showed.

Pure functions. :func:`find_citations` lists each cited URL or DOI with its span and the
words the response uses for it (a Markdown link's text, else its sentence without the
address). :func:`assess` turns a fetch outcome into a :class:`~verifier.schema.Resource`:

- ``missing`` only on a definite answer: HTTP 404 or 410 (for a DOI, doi.org's 404 means
  the DOI is not registered);
- ``mismatch`` when the page's title and opening share (almost) none of the content words
  the response uses for it, and the response uses enough words to tell;
- ``unchecked`` for every other failure (offline, timeouts, 403 walls, refused addresses):
  the rubric's benefit of the doubt;
- ``ok`` otherwise.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, replace
from typing import Literal, TypedDict, Unpack

from verifier.errors import FetchError, HTTPStatusError
from verifier.schema import Resource
from verifier.text.sentences import sentence_spans
from verifier.text.spans import content_terms

__all__ = ["Citation", "assess", "find_citations"]

_MD_LINK = re.compile(r"\[([^\]\n]{1,300})\]\((https?://[^\s)]+)\)")
# a citation's whole URL; plagiarism.exemptions._URL and ddgs._URL differ (see there)
_URL = re.compile(r"\bhttps?://[^\s<>\"'`\])}]+", re.IGNORECASE)
_DOI = re.compile(
    r"\b(?:doi:\s*|https?://(?:dx\.)?doi\.org/)?(10\.\d{4,9}/[^\s\"'<>`]+)", re.IGNORECASE
)
_TRAILING = ".,;:!?)]}'\""
_LEAD_CHARS = 2000
_MIN_DESCRIPTION_TERMS = 3


@dataclass(frozen=True, slots=True)
class Citation:
    kind: Literal["url", "doi"]
    ref: str  # as written
    url: str  # what is fetched
    start: int
    end: int
    described_as: str


class _Sentences:
    """A text's sentences, split once, and the first that holds a span's start or end (by
    bisection: a response citing a link in every paragraph costs its length once, not
    once per link)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._spans: list[tuple[int, int]] | None = None

    def around(self, start: int, end: int) -> str:
        if self._spans is None:
            self._spans = sentence_spans(self.text)
        spans = self._spans
        k = bisect_right(spans, (start, len(self.text) + 1)) - 1  # the last to start by start
        holds_start = k if k >= 0 and start < spans[k][1] else len(spans)
        j = bisect_left(spans, end, key=lambda span: span[1])  # the first to end at end or later
        holds_end = j if j < len(spans) and spans[j][0] < end else len(spans)
        first = min(holds_start, holds_end)
        if first == len(spans):
            return ""
        return self.text[spans[first][0] : spans[first][1]]


_AROUND = "\0the sentence around it"  # a citation described by its sentence, once chosen


class _Taken:
    """Disjoint spans in order: a span is taken when it overlaps none of them (the last to
    start before its end ends by its start), a bisection per span, not a scan of all."""

    __slots__ = ("_ends", "_starts")

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._ends: list[int] = []

    def take(self, start: int, end: int) -> bool:
        """Take [start, end) unless it overlaps a span taken; whether it was taken."""
        k = bisect_left(self._starts, end) - 1
        if k >= 0 and self._ends[k] > start:
            return False
        self._starts.insert(k + 1, start)
        self._ends.insert(k + 1, end)
        return True


def find_citations(response: str, limit: int = 10) -> list[Citation]:
    """Cited URLs and DOIs, in order of appearance, each once, at most ``limit``."""
    found: list[Citation] = []
    sentences = _Sentences(response)
    taken = _Taken()
    seen: set[str] = set()

    def add(
        kind: Literal["url", "doi"], ref: str, url: str, start: int, end: int, described: str
    ) -> None:
        if url in seen or not taken.take(start, end):
            return
        seen.add(url)
        found.append(Citation(kind, ref, url, start, end, described))

    for m in _MD_LINK.finditer(response):
        url = m.group(2).rstrip(_TRAILING)
        doi = _DOI.fullmatch(url)
        if doi and "doi.org/" in url.lower():
            add(
                "doi",
                doi.group(1),
                f"https://doi.org/{doi.group(1)}",
                m.start(),
                m.end(),
                m.group(1),
            )
        else:
            add("url", url, url, m.start(2), m.start(2) + len(url), m.group(1))
    for m in _DOI.finditer(response):
        ref = m.group(1).rstrip(_TRAILING)
        start, end = m.start(), m.start(1) + len(ref)
        add("doi", ref, f"https://doi.org/{ref}", start, end, _AROUND)
    for m in _URL.finditer(response):
        url = m.group().rstrip(_TRAILING)
        start, end = m.start(), m.start() + len(url)
        add("url", url, url, start, end, _AROUND)
    found.sort(key=lambda c: c.start)
    # described once chosen (a link's sentence may be the whole response: described for
    # every link written, a response of links cost its length times its links)
    return [
        replace(
            c,
            described_as=" ".join(
                (
                    _describe(sentences, c.start, c.end)
                    if c.described_as is _AROUND
                    else c.described_as
                ).split()
            ),
        )
        for c in found[:limit]
    ]


def _describe(sentences: _Sentences, start: int, end: int) -> str:
    sentence = sentences.around(start, end)
    return _URL.sub(" ", _DOI.sub(" ", sentence)).strip()


def assess(
    citation: Citation,
    *,
    title: str | None = None,
    text: str = "",
    status: int | None = None,
    error: Exception | None = None,
    snapshot_id: str | None = None,
    min_term_share: float = 0.1,
) -> Resource:
    """What fetching ``citation`` showed: a page (``title``, ``text``) or an ``error``."""
    if error is not None:
        if isinstance(error, HTTPStatusError) and error.status in (404, 410):
            what = (
                "the DOI is not registered" if citation.kind == "doi" else "the page does not exist"
            )
            return _resource(
                citation,
                status="missing",
                fake=True,
                reason=f"{what} (HTTP {error.status})",
                http_status=error.status,
            )
        http = error.status if isinstance(error, HTTPStatusError) else None
        why = str(error) if isinstance(error, FetchError) else f"{type(error).__name__}: {error}"
        return _resource(
            citation,
            status="unchecked",
            fake=False,
            reason=f"could not be checked: {why}",
            http_status=http,
        )
    wanted = set(content_terms(citation.described_as))
    page_terms = set(content_terms(f"{title or ''} {text[:_LEAD_CHARS]}"))
    share = len(wanted & page_terms) / len(wanted) if wanted else None
    common = _PageFacts(http_status=status, title=title, snapshot_id=snapshot_id)
    if share is None or len(wanted) < _MIN_DESCRIPTION_TERMS:
        return _resource(
            citation,
            status="ok",
            fake=False,
            reason="exists (the response does not describe it in enough words to compare)",
            similarity=share,
            **common,
        )
    if share < min_term_share:
        return _resource(
            citation,
            status="mismatch",
            fake=True,
            reason=f"the page ({title or 'untitled'!s}) shares {share:.0%} of the words the "
            f"response uses for it ({citation.described_as!r})",
            similarity=round(share, 3),
            **common,
        )
    return _resource(
        citation,
        status="ok",
        fake=False,
        reason=f"exists and matches the description ({share:.0%} of its words)",
        similarity=round(share, 3),
        **common,
    )


class _PageFacts(TypedDict, total=False):
    """What the fetch answered (optional fields of a :class:`Resource`)."""

    http_status: int | None
    title: str | None
    snapshot_id: str | None


def _resource(
    citation: Citation,
    *,
    status: Literal["ok", "missing", "mismatch", "unchecked"],
    fake: bool,
    reason: str,
    similarity: float | None = None,
    **facts: Unpack[_PageFacts],
) -> Resource:
    """The citation's :class:`Resource`: where it is, the verdict, and what the fetch showed."""
    return Resource(
        kind=citation.kind,
        ref=citation.ref,
        url=citation.url,
        start=citation.start,
        end=citation.end,
        described_as=citation.described_as,
        status=status,
        fake=fake,
        reason=reason,
        similarity=similarity,
        **facts,
    )
