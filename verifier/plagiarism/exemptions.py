"""What is not plagiarism: quoting, attribution, text the user supplied, copying the prompt
asked for, code and boilerplate (too little evidence, such as short common phrases, is the
detector's other reason not to count a match: see :mod:`verifier.plagiarism.detect`).

Pure functions over the response (and prompt) text. Each finds spans of the response with
a reason; :func:`exemption` decides, for one match, which reason (if any) takes it out of
the count. Exempt matches are still reported, with their reason.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import TypeVar
from urllib.parse import urlsplit

from verifier.text.spans import blocks, segments

__all__ = [
    "Exemptions",
    "attributed_spans",
    "attributions",
    "boilerplate_spans",
    "code_spans",
    "copy_requested",
    "find_exemptions",
    "quoted_spans",
]

# --- requests to copy ----------------------------------------------------------------------

# what a prompt may ask to have reproduced: a text known by its name
_TEXTS = r"""(?:text|texts|words|wording|lines?|passage|paragraph|sentence|verse|verses|stanzas?|
    poem|poems|sonnet|lyrics|song|quote|quotes|quotation|speech|prayer|oath|pledge|anthem|
    hymn|psalm|preamble|opening|ending|inscription|epitaph|motto|creed|prologue|address|
    amendment|declaration|proclamation|charter|constitution|commandments)"""
_REQUEST = re.compile(
    rf"""
    \b(?:quote|quoting|quotes?\s+from|verbatim|word[-\s]for[-\s]word|copy|copies|copied|
    extract|excerpt|reproduce|recite|transcribe|paste|cite\s+the\s+(?:exact|full|text|passage)|
    lyrics|the\s+(?:exact|full|entire|complete|original|literal)\s+(?:text|words?|wording|
    lines?|passage|quote|quotation|sentence|paragraph|definition|article|poem|lyrics)|
    (?:exact|precise)\s+(?:wording|words|text|phrasing)|
    what\s+(?:does|did)\s+the\s+(?:passage|text|article|paragraph|document|section|author|
    clause|law|statute|verse|book|page)\s+(?:say|state|read)|
    what\s+(?:does|did|do)\s+(?:the\s+)?(?:[\w'’-]+\s+){{0,4}}{_TEXTS}\b(?:\s+[\w'’.-]+){{0,6}}?
    \s+(?:say|state|read|go)\b(?!\s+about)|
    how\s+does\s+the\s+(?:passage|text|article|paragraph|document|section|clause|verse)\s+read|
    how\s+(?:does|do)\s+(?:the\s+)?(?:[\w'’-]+\s+){{0,4}}{_TEXTS}\b(?:\s+[\w'’.-]+){{0,6}}?
    \s+(?:go|begin|start|end|read)\b|
    (?:what\s+(?:are|is|was|were)|what's)\s+the\s+(?:(?:full|exact|first|last|opening|closing)\s+)*
    (?:text|words|lyrics|lines?|sentence|paragraph|verse|stanza|opening)\s+(?:of|to|for|in)\b|
    (?:give|show|tell|list|send|share|provide|write\s+out|type\s+out|print|post|sing|say)\s+
    (?:me|us)?\s*(?:the|a|an)\s+(?:(?:full|entire|complete|whole|original|exact|famous|first|
    last|opening|closing)\s+)*{_TEXTS}\s+(?:of|by|from|in|called|titled|named|that\s+(?:begins|
    starts|goes))\b|
    as\s+written|in\s+(?:their|its|his|her)\s+own\s+words)\b
    """,
    re.IGNORECASE | re.VERBOSE,
)
_NOT_A_REQUEST = re.compile(
    r"""
    \b(?:(?:do\s*n[o']t|don't|never|without|avoid|no)\s+(?:\w+\s+){0,2}(?:copy|copying|quote|
    quoting|plagiari[sz]e|verbatim)|in\s+your\s+own\s+words|(?:paraphrase|rephrase|reword)\b)
    """,
    re.IGNORECASE | re.VERBOSE,
)


def copy_requested(prompt: str) -> str | None:
    """The words of the prompt that ask for copied or extracted text, or None.

    "Quote the first line", "give me the lyrics", "give me the poem by ...", "what does the
    preamble say", "recite ...", "what is the first line of ..." ask for copying (a text
    reproduced is the answer); "summarise", "explain", "write a poem about", "in your own
    words", "don't copy" do not.
    """
    if not prompt.strip() or _NOT_A_REQUEST.search(prompt):
        return None
    m = _REQUEST.search(prompt)
    return " ".join(m.group().split()) if m else None


# --- spans of the response ----------------------------------------------------------------

_MAX_QUOTE = 600  # characters: paired straight quotes further apart are not one quotation
_QUOTE_PAIRS = (("“", "”"), ("«", "»"), ("„", "“"), ("「", "」"))


def _paired(text: str, opening: str, closing: str) -> list[tuple[int, int]]:
    """The text between an opening mark and the first closing mark after it (two
    characters or more), left to right, each mark used once: in one pass, however many
    marks never close."""
    spans = []
    close = -1  # the first closing mark after the opening being read
    at = text.find(opening)
    while at >= 0:
        if close <= at:
            close = text.find(closing, at + 1)
            if close < 0:
                break  # no closing mark after this one: none after the later ones either
        if close - at > 2:
            spans.append((at + 1, close))
            at = text.find(opening, close + 1)
        else:
            at = text.find(opening, at + 1)
    return spans


def quoted_spans(text: str) -> list[tuple[int, int]]:
    """Text inside quotation marks (straight or typographic) and block-quoted lines."""
    spans: list[tuple[int, int]] = [(b.start, b.end) for b in blocks(text) if b.kind == "quote"]
    for opening, closing in _QUOTE_PAIRS:
        spans.extend(_paired(text, opening, closing))
    # straight double quotes pair up within a paragraph, and only over a quotation's length
    for para in re.finditer(r"[^\n]+(?:\n(?!\s*\n)[^\n]+)*", text):
        marks = [para.start() + m.start() for m in re.finditer('"', para.group())]
        for start, end in zip(marks[::2], marks[1::2], strict=False):
            # a quotation hugs its words: "like this", not " like this " (inch marks, strays)
            hugs = not text[start + 1].isspace() and not text[end - 1].isspace()
            if hugs and 2 < end - start <= _MAX_QUOTE:
                spans.append((start + 1, end))
    return sorted(spans)


_ATTRIBUTION = re.compile(
    r"""
    (?i:\baccording\s+to\b|\bin\s+the\s+words\s+of\b|\bas\s+(?:[\w.'’-]+\s+){0,5}
    (?:wrote|writes|says|said|notes|noted|states|stated|puts\s+it|put\s+it|explains|explained|
    reports|reported|observes|observed|argues|argued|describes|described)\b|
    \b(?:wrote|writes|says|said|notes|stated|states|explains|explained|reports|reported|
    observed|argued|declared)\s*(?:that\b|:|,\s*["“])|\b(?:quoted|cited|taken|excerpted|adapted)\s+
    from\b|\bsource\s*:|\bcitation\s*:|\bretrieved\s+from\b|\bfrom\s+(?:the\s+)?(?:article|book|
    paper|report|website|page|study|entry|encyclopedia)\b)|\[\d+\]|\(\s*[A-Z][\w'’-]+(?:\s+et\s+al\.?
    |\s+(?:and|&)\s+[A-Z][\w'’-]+)?,?\s+\d{4}[a-z]?\s*\)|^\s*(?:—|–|--)\s*[A-Z]
    """,
    re.VERBOSE | re.MULTILINE,
)
# like resources._URL, but stops at ( too: only the host is read from it
_URL = re.compile(r"https?://[^\s<>()\"'`\]{}]+")


Cue = tuple[int, int]


def attributions(text: str) -> list[tuple[int, int, tuple[Cue, ...]]]:
    """Attributed sentences, each with the cues that attribute it: (start, end, cues).

    A sentence with a cue ("according to X", "as X wrote:", a citation such as "[2]" or
    "(Smith, 2019)", "Source: ...") is attributed; so is the sentence after one that ends in
    a colon, and the sentence before one that is only a citation line ("— Author").
    """
    spans = _sentences(text)
    out: dict[tuple[int, int], set[Cue]] = {}
    for n, (start, end) in enumerate(spans):
        sentence = text[start:end]
        cues = {(start + m.start(), start + m.end()) for m in _ATTRIBUTION.finditer(sentence)}
        if not cues:
            continue
        out.setdefault((start, end), set()).update(cues)
        if sentence.rstrip().endswith(":") and n + 1 < len(spans):
            out.setdefault(spans[n + 1], set()).update(cues)
        if n > 0 and (len(sentence.split()) <= 8 or re.match(r"\s*(?:\[\d+\]|\()", sentence)):
            out.setdefault(spans[n - 1], set()).update(cues)
    return [(s, e, tuple(sorted(c))) for (s, e), c in sorted(out.items())]


def attributed_spans(text: str) -> list[tuple[int, int]]:
    """The attributed sentences' spans (see :func:`attributions`)."""
    return [(s, e) for s, e, _cues in attributions(text)]


def _sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans that respect markdown blocks (a blank line always ends a sentence)."""
    return [(seg.start, seg.end) for seg in segments(text) if seg.kind != "code"]


def linked_hosts(text: str) -> set[str]:
    """Hosts of the URLs the response links to (an attribution for those sources)."""
    hosts = set()
    for m in _URL.finditer(text):
        try:
            host = (urlsplit(m.group().rstrip(".,;:")).hostname or "").removeprefix("www.")
        except ValueError:  # not a URL after all ("http://[x" and the like)
            continue
        if host:
            hosts.add(host)
    return hosts


def code_spans(text: str) -> list[tuple[int, int]]:
    """Fenced and indented code blocks, and inline code."""
    spans = [(b.start, b.end) for b in blocks(text) if b.kind == "code"]
    spans.extend((m.start(), m.end()) for m in re.finditer(r"`[^`\n]+`", text))
    return sorted(spans)


def boilerplate_spans(text: str, patterns: Sequence[str]) -> list[tuple[int, int]]:
    """Sentences that contain a boilerplate phrase (licence lines and the like)."""
    if not patterns:
        return []
    rx = re.compile("|".join(re.escape(p) for p in patterns), re.IGNORECASE)
    return [(s, e) for s, e in _sentences(text) if rx.search(text[s:e])]


@dataclass(frozen=True, slots=True)
class Exemptions:
    """The exempt regions of one response (character spans), found once per check."""

    requested: str | None
    quoted: list[tuple[int, int]]
    attributed: list[tuple[int, int, tuple[Cue, ...]]]
    code: list[tuple[int, int]]
    boilerplate: list[tuple[int, int]]
    hosts: set[str]

    def reason(
        self,
        start: int,
        end: int,
        source_url: str,
        *,
        from_prompt: bool = False,
        source_quoted: bool = False,
    ) -> str | None:
        """Why a match over response[start:end] does not count, or None when it counts.

        Quotation marks and attribution cues must be the response's own: a source's quote
        marks copied along (``source_quoted``) or a citation copied inside the match (the
        source's "[3]") do not make copying a quotation.
        """
        if self.requested:
            return f"requested by the prompt ({self.requested!r})"
        if from_prompt:
            return "the prompt supplied this text"
        if not source_quoted and _mostly_inside(start, end, self.quoted):
            return "quoted"
        host = (urlsplit(source_url).hostname or "").removeprefix("www.")
        if host and host in self.hosts:
            return f"attributed (the response links to {host})"
        own_cues = [
            (s, e)
            for s, e, cues in _overlapping(self.attributed, start, end)
            if any(ce <= start or cs >= end for cs, ce in cues)
        ]
        if _mostly_inside(start, end, own_cues):
            return "attributed"
        if _mostly_inside(start, end, self.code):
            return "code"
        if _mostly_inside(start, end, self.boilerplate):
            return "boilerplate"
        return None


Span = TypeVar("Span", tuple[int, int], tuple[int, int, tuple[Cue, ...]])


def _overlapping(spans: list[Span], start: int, end: int) -> list[Span]:
    """The spans (sorted and disjoint) that overlap characters [start, end), found by
    bisection: a long response has thousands, and each match asks."""
    k = bisect_right(spans, start, key=itemgetter(1))  # the first ending after start
    out = []
    while k < len(spans) and spans[k][0] < end:
        out.append(spans[k])
        k += 1
    return out


def _mostly_inside(start: int, end: int, spans: list[tuple[int, int]], share: float = 0.8) -> bool:
    if end <= start:
        return False
    inside = sum(min(e, end) - max(s, start) for s, e in _overlapping(spans, start, end))
    return inside >= share * (end - start)


def find_exemptions(response: str, prompt: str, boilerplate: Sequence[str]) -> Exemptions:
    return Exemptions(
        requested=copy_requested(prompt),
        quoted=_merged(quoted_spans(response)),
        attributed=attributions(response),
        code=_merged(code_spans(response)),
        boilerplate=_merged(boilerplate_spans(response, boilerplate)),
        hosts=linked_hosts(response),
    )


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for s, e in sorted(spans):
        if out and s <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out
