"""The rater's report page: one self-contained HTML file (no CDN, works offline, prints).

The response is untrusted: jinja2 autoescapes every value, and the data the page's script
reads is embedded as JSON with ``<``, ``>`` and ``&`` escaped, so nothing in a response can
open a tag or end the script. Highlights are built here: the response is cut at every
boundary of a copied span, an exempt span or a claim, and each piece carries the
annotations covering it (``data-match``, ``data-claim``) with a tooltip (``data-tip``)
shown on hover and keyboard focus.

The copy toggles (include quoted text, drop matches under N words, drop a source)
recompute the copied share in the page from each match's covered word indices, which are
the same words the report's ``copied_share`` counts.

Bounded work: the pieces are cut in one sweep over the marks (n log n in the claims and
matches, however many there are), at most ``MAX_PASSAGES`` copy passages are shown side
by side (their changes marked when under ``MAX_DIFF_WORDS`` words; the rest are counted)
and at most ``MAX_GRAMMAR`` grammar findings are listed. :func:`report_html` is the whole report on one page (the command
line's file); :func:`report_pages` cuts a report with more than ``PAGE_CLAIMS`` claims
into pages (what the service stores and serves): the first has the summary, the sources
and the first claims; each page has its part of the response, where its claims are, and
links to the others (``?page=N``).
"""

from __future__ import annotations

import base64
import bisect
import hashlib
import itertools
import json
import re
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from functools import cache
from importlib.resources import files
from typing import Any
from urllib.parse import urlsplit

from markupsafe import Markup, escape

from verifier.plagiarism.align import normalized_words
from verifier.render.text import claim_counts, shorten
from verifier.rubric.rules import rule_words
from verifier.schema import Claim, CopyMatch, Report
from verifier.text.spans import WORD, strip_markdown

__all__ = [
    "MAX_DIFF_WORDS",
    "MAX_GRAMMAR",
    "MAX_PASSAGES",
    "PAGE_CLAIMS",
    "REPORT_CSP",
    "report_html",
    "report_pages",
]

PAGE_CLAIMS = 250  # claims in one page of a paged report
MAX_PASSAGES = 100  # copy passages compared word by word, side by side
MAX_DIFF_WORDS = 3000  # a passage longer than this is shown without its changes marked
MAX_GRAMMAR = 500  # grammar findings listed


@cache
def _env() -> Any:
    """The template environment (jinja2 is imported on the first page, not at start-up)."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    return Environment(
        loader=PackageLoader("verifier.render", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )


_PALETTE = 8
# The page's one script; the Content-Security-Policy allows exactly this script (by its
# hash), so even markup that slipped through escaping could run nothing.
_SCRIPT = (files("verifier.render") / "templates" / "report.js").read_text(encoding="utf-8")
_SCRIPT_HASH = "sha256-" + base64.b64encode(hashlib.sha256(_SCRIPT.encode()).digest()).decode()
# the page's policy, also sent as a header by the service
REPORT_CSP = (
    f"default-src 'none'; style-src 'unsafe-inline'; script-src '{_SCRIPT_HASH}'; "
    "img-src data:; base-uri 'none'; form-action 'none'"
)


@dataclass(slots=True)
class _Piece:
    text: str
    classes: list[str] = field(default_factory=list)
    tips: list[str] = field(default_factory=list)
    matches: list[int] = field(default_factory=list)
    claims: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class _Passage:
    """A match side by side: both texts in pieces, changed words marked."""

    match: CopyMatch
    response: list[tuple[str, bool]]
    source: list[tuple[str, bool]]


def _match_class(m: CopyMatch) -> str:
    if m.counted:
        return f"copy {m.kind.replace('_', '-')}"
    if m.exemption:
        return "exempt"
    return "copy uncounted"


_PIECES = re.compile(rf"{WORD.pattern}|\W+")


def marked_changes(a: str, b: str) -> tuple[list[tuple[str, bool]], list[tuple[str, bool]]]:
    """``a`` and ``b`` cut into pieces (words and what lies between), each word marked
    when it is not part of the words the two have in common, in order (difflib over the
    normalised words): what an edit changed, on both sides."""

    def cut(text: str) -> tuple[list[str], list[int]]:
        pieces = _PIECES.findall(text)
        words = [i for i, p in enumerate(pieces) if p[0].isalnum() or p[0] == "_"]
        return pieces, words

    a_pieces, a_words = cut(a)
    b_pieces, b_words = cut(b)
    a_norm = [normalized_words(a_pieces[i])[0] for i in a_words]
    b_norm = [normalized_words(b_pieces[i])[0] for i in b_words]
    same_a: set[int] = set()
    same_b: set[int] = set()
    for block in SequenceMatcher(None, a_norm, b_norm, autojunk=False).get_matching_blocks():
        same_a.update(a_words[block.a : block.a + block.size])
        same_b.update(b_words[block.b : block.b + block.size])
    a_set, b_set = set(a_words), set(b_words)
    return (
        [(p, i in a_set and i not in same_a) for i, p in enumerate(a_pieces)],
        [(p, i in b_set and i not in same_b) for i, p in enumerate(b_pieces)],
    )


_Mark = tuple[int, int, str, str, int | None, str | None]


def _marks(report: Report, sources: dict[str, int]) -> list[_Mark]:
    """Every highlight of the response: copy matches, then check-worthy claims."""
    marks: list[_Mark] = []
    for i, m in enumerate(report.plagiarism.matches):
        src = sources.get(m.snapshot_id, 0) % _PALETTE
        tip = (
            f"{m.kind.replace('_', ' ')}, {m.figures()}, {m.standing()}, "
            f"from {m.source_title or m.source_url}"
        )
        marks.append(
            (m.response_start, m.response_end, f"{_match_class(m)} src-{src}", tip, i, None)
        )
    for claim in report.claims:
        if claim.verdict is None or not claim.check_worthy:
            continue
        v = claim.verdict
        label: str = "disputed" if v.disputed else v.label
        quote = v.quotes[0] if v.quotes else None
        tip = f"claim {claim.id}: {label}"
        if quote is not None and quote.stance == "conflicts":
            label = "conflict"
            tip += f" (possible false fact: {'; '.join(quote.conflicts)})"
        elif quote is not None and quote.unsourced:
            tip += f" (no source found gives its {'; '.join(quote.conflicts)})"
        if quote is not None:
            tip += f" — “{quote.sentence[:200]}” ({quote.url})"
        marks.append((claim.start, claim.end, f"claim claim-{label}", tip, None, claim.id))
    for start, end, cls, tip in [*_language_marks(report), *_finding_marks(report)]:
        marks.append((start, end, cls, tip, None, None))
    return marks


def _pieces(text: str, marks: list[_Mark], start: int, end: int) -> list[_Piece]:
    """``text[start:end]`` cut at every boundary of a mark, each piece with the marks
    covering it (in the marks' order): one sweep, a mark opened at its start and closed
    at its end."""
    opens: dict[int, list[int]] = {}
    closes: dict[int, list[int]] = {}
    for i, (s, e, *_rest) in enumerate(marks):
        s, e = max(s, start), min(e, end)
        if s < e:
            opens.setdefault(s, []).append(i)
            closes.setdefault(e, []).append(i)
    cuts = sorted({start, end, *opens, *closes})
    active: set[int] = set()
    pieces = []
    for a, b in itertools.pairwise(cuts):
        active.difference_update(closes.get(a, ()))
        active.update(opens.get(a, ()))
        piece = _Piece(text[a:b])
        for i in sorted(active):
            _s, _e, cls, tip, match, claim = marks[i]
            piece.classes.append(cls)
            piece.tips.append(tip)
            if match is not None:
                piece.matches.append(match)
            if claim is not None:
                piece.claims.append(claim)
        pieces.append(piece)
    return _unmarked_breaks(pieces)


_BREAK = re.compile(r"[^\S\n]*\n\s*")  # whitespace with a line break in it


def _unmarked_breaks(pieces: list[_Piece]) -> list[_Piece]:
    """Highlighted pieces cut at their line breaks, which stay unmarked: a passage that runs
    over two paragraphs must not paint a mark on the blank line between them."""
    out = []
    for piece in pieces:
        if not piece.classes or "\n" not in piece.text:
            out.append(piece)
            continue
        at = 0
        for m in _BREAK.finditer(piece.text):
            if m.start() > at:
                out.append(replace(piece, text=piece.text[at : m.start()]))
            out.append(_Piece(m.group()))
            at = m.end()
        if at < len(piece.text):
            out.append(replace(piece, text=piece.text[at:]))
    return out


# the rubric's findings whose evidence is a span of the response that no other mark shows:
# rule (applied) or check (for review) -> the mark's class and what its tip says
_FINDING_MARKS = {
    "advice_without_disclaimer": ("finding advice", "advice without a disclaimer (caps at 3)"),
    "repetition": ("finding repeated", "repeated (lowers the score)"),
    "harm": ("finding harm", "possibly harmful instructions: the rater decides"),
}


def _finding_marks(report: Report) -> list[tuple[int, int, str, str]]:
    """The sentences behind the advice, repetition and harm findings, as the text report
    lists them: each with what it is and why (its topic and cue)."""
    rubric = report.rubric
    if rubric is None:
        return []
    found = [(a.rule, a.evidence) for a in rubric.applied] + [
        (item.check, item.evidence) for item in rubric.needs_review
    ]
    out = []
    for name, evidence in found:
        if name not in _FINDING_MARKS:
            continue
        cls, what = _FINDING_MARKS[name]
        for ev in evidence:
            if not isinstance(ev.get("start"), int) or not isinstance(ev.get("end"), int):
                continue
            detail = ", ".join(
                f"{key.replace('_', ' ')} “{ev[key]}”" for key in ("topic", "cue") if ev.get(key)
            )
            out.append((ev["start"], ev["end"], cls, what + (f": {detail}" if detail else "")))
    return out


def _language_marks(report: Report) -> list[tuple[int, int, str, str]]:
    """Spelling hits (the rubric's cap and review evidence) and the grammar checker's
    counted or reviewed matches, each with its word, the word meant and why."""
    out = []
    rubric = report.rubric
    if rubric is not None:
        spelling = [
            ("spell-error", "misspelled", ev)
            for a in rubric.applied
            if a.rule == "spelling_grammar"
            for ev in a.evidence
            if ev.get("kind") == "spelling" or (ev.get("kind") == "grammar" and "rule_id" not in ev)
        ] + [
            ("spell-review", "check the spelling", ev)
            for item in rubric.needs_review
            if item.check == "spelling"
            for ev in item.evidence
        ]
        for cls, what, ev in spelling:
            meant = f" → “{ev['suggestion']}”" if ev.get("suggestion") else ""
            why = f" ({ev['reason']})" if ev.get("reason") else ""
            out.append(
                (ev["start"], ev["end"], f"lang {cls}", f"{what}: “{ev['text']}”{meant}{why}")
            )
    for m in report.grammar.matches:
        if m.severity == "excluded":
            continue
        meant = f" → “{m.replacements[0]}”" if m.replacements else ""
        tip = f"grammar ({m.severity}): “{m.text}”{meant} {m.message} ({m.rule_id})"
        out.append((m.start, max(m.end, m.start + 1), f"lang grammar-{m.severity}", tip))
    return out


def _spelling_rows(report: Report) -> list[dict[str, Any]]:
    """Every spelling hit for the header's list: the cap's first, then review's."""
    rubric = report.rubric
    if rubric is None:
        return []
    rows = [
        {"severity": "error", **ev}
        for a in rubric.applied
        if a.rule == "spelling_grammar"
        for ev in a.evidence
        if "rule_id" not in ev
    ]
    rows += [
        {"severity": "review", **ev}
        for item in rubric.needs_review
        if item.check == "spelling"
        for ev in item.evidence
    ]
    return rows


def _pieces_html(pieces: list[_Piece]) -> Markup:
    """The response's pieces as HTML, each marked piece a focusable span with its classes,
    matches, claims and tooltip (every value escaped): built here rather than in the
    template, which costs several times more for a long response."""
    out: list[str] = []
    for p in pieces:
        text = escape(p.text)
        if not p.classes:
            out.append(text)
            continue
        attrs = f'class="{escape(" ".join(p.classes))}"'
        if p.matches:
            attrs += f' data-match="{" ".join(map(str, p.matches))}"'
        if p.claims:
            attrs += f' data-claim="{escape(" ".join(p.claims))}"'
        attrs += f' data-tip="{escape(" · ".join(p.tips))}" tabindex="0"'
        out.append(f"<span {attrs}>{text}</span>")
    return Markup("".join(out))


def _page_data(report: Report, sources: dict[str, int]) -> dict[str, Any]:
    return {
        "response_words": report.plagiarism.response_words,
        "copied_share": report.plagiarism.copied_share,
        "matches": [
            {
                "counted": m.counted,
                "exemption": m.exemption,
                "shortfall": m.shortfall,
                "kind": m.kind,
                "words": m.words,
                "source": sources.get(m.snapshot_id, 0),
                "word_start": m.word_start,  # the words it covers: [start, end)
                "word_end": m.word_end,
            }
            for m in report.plagiarism.matches
        ],
    }


def _script_json(data: Any) -> str:
    """JSON safe inside a <script> element: no '<', '>' or '&' survive literally."""
    return (
        json.dumps(data, ensure_ascii=False)
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def _claim_rows(claims: list[Claim]) -> list[dict[str, Any]]:
    rows = []
    for c in claims:
        v = c.verdict
        quote = v.quotes[0] if v and v.quotes else None
        evidence = (
            c.evidence[quote.evidence_rank]
            if quote and quote.evidence_rank < len(c.evidence)
            else None
        )
        rows.append(
            {
                "claim": c,
                "text": strip_markdown(c.text),  # the response's words, without ** marks
                "label": ("disputed" if v.disputed else v.label) if v else "unchecked",
                "confidence": v.confidence if v else None,
                "quotes": v.quotes if v else [],
                "query": evidence.query if evidence else None,
                "retrieved": evidence.retrieved_at if evidence else None,
                "search_s": c.elapsed_s if c.searched else None,
                "benefit": v is not None and v.label == "inconclusive",
                "conflicts": [c for q in (v.quotes if v else []) for c in q.conflicts],
                "why": v.reason if v else (c.not_searched_reason or "not searched"),
            }
        )
    return rows


def _passage(m: CopyMatch, compare: bool) -> _Passage:
    """A match side by side, its changes marked unless it is too long to compare."""
    if compare and max(len(m.response_text), len(m.source_text)) // 6 <= MAX_DIFF_WORDS:
        return _Passage(m, *marked_changes(m.response_text, m.source_text))
    return _Passage(m, [(m.response_text, False)], [(m.source_text, False)])


def _source_index(report: Report) -> dict[str, int]:
    """Each source's number (its colour), listed sources first."""
    sources = {s.snapshot_id: i for i, s in enumerate(report.plagiarism.sources)}
    for m in report.plagiarism.matches:
        sources.setdefault(m.snapshot_id, len(sources))
    return sources


def _source_name(match: CopyMatch | None) -> str:
    """A source in a few words for its toggle: its title, else its file or host name."""
    if match is None:
        return ""
    if match.source_title:
        return shorten(match.source_title, 40)
    parts = urlsplit(match.source_url)
    return parts.path.rsplit("/", 1)[-1] if parts.scheme == "file" else parts.netloc


def _sources(report: Report, sources: dict[str, int]) -> list[dict[str, Any]]:
    """The sources section: each source with its matches and passages."""
    by_source: dict[int, list[CopyMatch]] = {}
    for m in report.plagiarism.matches:
        by_source.setdefault(sources[m.snapshot_id], []).append(m)
    all_sources: list[dict[str, Any]] = []
    for sid, index in sorted(sources.items(), key=lambda kv: kv[1]):
        first = by_source.get(index, [None])[0]
        listed = next((s for s in report.plagiarism.sources if s.snapshot_id == sid), None)
        all_sources.append(
            {
                "index": index,
                "color": index % _PALETTE,
                "url": first.source_url if first else "",
                "title": first.source_title if first else "",
                "name": _source_name(first),
                "share": listed.share if listed else 0.0,
                "matches": by_source.get(index, []),
            }
        )
    shown = 0  # passages shown, over all sources: the first MAX_PASSAGES
    for entry in all_sources:
        room = max(0, MAX_PASSAGES - shown)
        entry["passages"] = [_passage(m, True) for m in entry["matches"][:room]]
        entry["more"] = len(entry["matches"]) - len(entry["passages"])
        shown += len(entry["passages"])
    return all_sources


def _render(
    report: Report,
    claims: list[Claim],
    window: tuple[int, int],
    nav: dict[str, Any] | None,
    marks: list[_Mark],
    sources: dict[str, int],
    *,
    first: bool,
) -> str:
    """One page: the summary and the sources when ``first``, the response from
    ``window[0]`` to ``window[1]`` with its highlights, and the table of ``claims``."""
    template = _env().get_template("report.html.j2")
    grammar = [m for m in report.grammar.matches if m.severity != "excluded"]
    return template.render(
        report=report,
        rubric=report.rubric,
        truth=report.truthfulness,
        plagiarism=report.plagiarism,
        first=first,
        nav=nav,
        window=window,
        grammar_shown=grammar[:MAX_GRAMMAR],
        grammar_more=max(0, len(grammar) - MAX_GRAMMAR),
        response_html=_pieces_html(_pieces(report.request["response"], marks, *window)),
        sources=_sources(report, sources) if first else [],
        claim_rows=_claim_rows(claims),
        claim_counts=claim_counts(report),
        score_rules=_score_rules(report),
        spelling_rows=_spelling_rows(report) if first else [],
        page_data=_script_json(_page_data(report, sources) if first else {"matches": []}),
        highlight_count=len(report.plagiarism.matches),
        script=_SCRIPT,
        csp=REPORT_CSP,
    )


def _score_rules(report: Report) -> str:
    """The rules that set the score or its ceiling, in words ("spelling or grammar error")."""
    applied = report.rubric.applied if report.rubric else []
    return ", ".join(dict.fromkeys(rule_words(a.rule) for a in applied if a.effect != "none"))


def report_html(report: Report) -> str:
    """The whole report on one page."""
    claims = [c for c in report.claims if c.check_worthy]
    sources = _source_index(report)
    window = (0, len(report.request["response"]))
    return _render(report, claims, window, None, _marks(report, sources), sources, first=True)


def report_pages(report: Report, per_page: int = PAGE_CLAIMS) -> list[str]:
    """The report in pages of ``per_page`` claims (one page, :func:`report_html`'s, when
    it has no more); page *k* shows the response from its first claim to the next
    page's first claim."""
    claims = sorted((c for c in report.claims if c.check_worthy), key=lambda c: c.start)
    if len(claims) <= per_page:
        return [report_html(report)]
    size = len(report.request["response"])
    chunks = [claims[i : i + per_page] for i in range(0, len(claims), per_page)]
    starts = [0, *(chunk[0].start for chunk in chunks[1:])]
    ends = [*starts[1:], size]
    sources = _source_index(report)
    # each page gets the marks that reach into its part of the response, in order
    buckets: list[list[_Mark]] = [[] for _ in chunks]
    for mark in _marks(report, sources):
        first = max(0, bisect.bisect_right(starts, mark[0]) - 1)
        last = max(first, bisect.bisect_left(starts, mark[1]) - 1)
        for k in range(first, min(last, len(chunks) - 1) + 1):
            buckets[k].append(mark)
    pages = []
    for k, chunk in enumerate(chunks):
        window = (starts[k], max(starts[k], ends[k]))
        nav = {
            "page": k + 1,
            "pages": len(chunks),
            "first_claim": k * per_page + 1,
            "last_claim": k * per_page + len(chunk),
            "claims": len(claims),
            "start": window[0],
            "end": window[1],
            "size": size,
        }
        pages.append(_render(report, chunk, window, nav, buckets[k], sources, first=k == 0))
    return pages
