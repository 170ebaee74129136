"""The report as plain text for a terminal.

:func:`report_text` leads with what a rater acts on: the score or its ceiling, what kept
the check from running in full, the rubric rules that applied with their evidence, what
needs review, false facts, copied passages, then a compact table of the claims and the
pasteable explanation. ``details=True`` (``--verbose``) adds the full evidence dump:
each claim's queries, searches, pages and ranked passages, every copy match, the
truthfulness and grammar figures.
"""

from __future__ import annotations

import re
import textwrap
from typing import Any
from urllib.parse import unquote, urlsplit

from verifier.rubric.rules import rule_words
from verifier.schema import Claim, ClaimRef, Grammar, Plagiarism, Report, Rubric, Truthfulness
from verifier.text.spans import strip_markdown

__all__ = ["plagiarism_text", "report_text", "rubric_text", "shorten"]


def shorten(text: str, width: int) -> str:
    """``text`` on one line (its whitespace collapsed), cut to at most ``width`` characters
    between words, never inside one ("from marie-curie.html…", not "marie-cu…"); "…" marks
    the cut. A first word longer than ``width`` is kept whole (a URL stays one)."""
    text = " ".join(text.split())
    if len(text) <= width:
        return text
    cut = text.rfind(" ", 0, width)
    if cut <= 0:
        first = text.split(" ", 1)[0]
        return first if len(first) == len(text) else first + "…"
    return text[:cut].rstrip(" ,;:") + "…"


def _said(text: str, width: int) -> str:
    """Words of the response as plain text (no Markdown marks), cut to ``width``."""
    return shorten(strip_markdown(text), width)


def _where(url: str | None) -> str:
    """A source as a person names it: a file's name, a web page's host and path."""
    if not url:
        return ""
    parts = urlsplit(url)
    if parts.scheme == "file":
        return unquote(parts.path.rsplit("/", 1)[-1]) or url
    return shorten(parts.netloc + parts.path.rstrip("/"), 60)


def _verdict_lines(claim: Claim, width: int) -> list[str]:
    v = claim.verdict
    if v is None:
        return ["    verdict: none"]
    if v.label == "unchecked":
        return [f"    verdict: UNCHECKED (no benefit of the doubt; check by hand): {v.reason}"]
    label = "inconclusive (disputed)" if v.disputed else v.label
    doubt = "; benefit of the doubt" if v.label == "inconclusive" else ""
    lines = [
        f"    verdict: {label.upper()} {v.confidence:.2f} ({', '.join(v.judges)}{doubt}): "
        + shorten(v.reason, width - 40)
    ]
    for q in v.quotes:
        slots = ", ".join([*q.matched, *(f"conflict {c}" for c in q.conflicts)])
        lines.append(
            f"      {q.stance} [{q.judge}]: “{shorten(q.sentence, width - 30)}” {q.url} "
            f"[{q.start}:{q.end}]" + (f" ({slots})" if slots else "")
        )
    return lines


def _claim_lines(claim: Claim, width: int) -> list[str]:
    flag = " [timed out]" if claim.timed_out else ""
    lines = [f"{claim.id} [{claim.start}:{claim.end}] {shorten(claim.text, width - 12)}{flag}"]
    if claim.rewrite:
        lines.append(f"    checked as: {shorten(claim.claim, width - 20)} ({claim.rewrite})")
    lines.append(f"    why checked: {claim.reason}")
    if claim.not_searched_reason:
        lines.append(f"    not searched: {claim.not_searched_reason}")
        return lines
    lines.extend(_verdict_lines(claim, width))
    for query in claim.queries:
        lines.append(f"    query: {query}")
    errors = [s for s in claim.searches if s.error]
    for search in errors:
        lines.append(
            f"    search error ({search.backend}): {shorten(search.error or '', width - 30)}"
        )
    for page in claim.pages:
        if page.error:
            lines.append(f"    page error: {shorten(page.error, width - 20)}")
    if not claim.evidence:
        lines.append("    evidence: none found")
    for rank, ev in enumerate(claim.evidence, start=1):
        lines.append(f"    evidence {rank} (score {ev.score:.2f}, via {ev.backend}): {ev.url}")
        quote = textwrap.fill(
            shorten(ev.quote, 300), width, initial_indent="      “", subsequent_indent="       "
        )
        lines.append(quote + "”")
    return lines


def _truthfulness_lines(t: Truthfulness, width: int) -> list[str]:
    line = (
        f"truthfulness ({t.status.replace('_', ' ')}): {t.supported} supported, {t.refuted} "
        f"refuted, {t.inconclusive} inconclusive ({t.disputed} disputed), {t.unchecked} "
        f"unchecked, {t.timed_out} timed out, of {t.check_worthy} "
        f"check-worthy; false information: {'YES' if t.false_information else 'no'}; "
        f"fake resources: {'YES' if t.fake_resources else 'no'}"
    )
    lines = [line]
    if t.note:
        lines.append(f"  note: {t.note}")
    for ref in t.false_claims:
        lines.append(f"  false: {ref.claim_id} “{shorten(ref.text, width - 30)}”")
        if ref.quote:
            lines.append(f"    contradicted by “{shorten(ref.quote, width - 30)}” {ref.url}")
    for ref in [*t.weak_refutations, *t.conflicts]:
        lines.append(
            f"  POSSIBLE FALSE FACT (check it): {ref.claim_id} “{shorten(ref.text, width - 50)}”"
        )
        lines.append(f"    {shorten(ref.why, width - 6)}")
        if ref.quote:
            lines.append(
                f"    source: “{shorten(ref.quote, width - 30)}” {ref.url} [{ref.quote_start}:{ref.quote_end}]"
            )
    for r in t.resources:
        lines.append(f"  resource {r.status}: {r.ref} ({shorten(r.reason, width - 30)})")
    return lines


def _rubric_lines(r: Rubric, width: int) -> list[str]:
    head = f"rubric: score {r.score}" if r.score is not None else "rubric: no fixed score"
    lines = [
        f"{head}, at most {r.max_score}" + (f" (flags: {', '.join(r.flags)})" if r.flags else "")
    ]
    for a in r.applied:
        lines.append(f"  {a.effect:<9} {a.rule}: {shorten(a.why, width - 30)}")
        if a.rule == "spelling_grammar":
            lines.extend(_named_lines(a.evidence, width))
            continue
        for ev in a.evidence[:3]:
            lines.append(
                f"            [{ev['start']}:{ev['end']}] “{shorten(ev['text'], width - 30)}”"
            )
    for item in r.needs_review:
        lines.append(f"  review    {item.check}: {shorten(item.why, width - 30)}")
        if item.check == "spelling":
            lines.extend(_named_lines(item.evidence, width))
    lines.append(textwrap.fill(r.explanation, width, initial_indent="  ", subsequent_indent="  "))
    return lines


def _named_lines(evidence: list[dict[str, Any]], width: int) -> list[str]:
    """Every word a spelling finding is about, with the word meant and where it is."""
    named = "; ".join(
        f"“{ev['text']}”"
        + (f" -> {ev['suggestion']!r}" if ev.get("suggestion") else "")
        + f" [{ev['start']}:{ev['end']}]"
        for ev in evidence
    )
    return textwrap.wrap(named, width, initial_indent=" " * 12, subsequent_indent=" " * 12)


def rubric_text(r: Rubric, *, width: int = 100) -> str:
    """The rubric result on its own (``verifier score --format text``)."""
    return "\n".join(_rubric_lines(r, width)) + "\n"


def _plagiarism_line(p: Plagiarism) -> str:
    if p.status == "not_checked":
        return f"plagiarism: not checked ({p.note})"
    partial = f" [partial: {p.note}]" if p.status == "partial" else ""
    requested = f"; the prompt asked for copying ({p.copy_requested!r})" if p.copy_requested else ""
    reason = f"; why: {p.reason}" if p.reason else ""
    return (
        f"plagiarism: {p.verdict}: {p.copied_share:.0%} of {p.response_words} words "
        f"copied (longest exact run {p.longest_run_words} words) from {len(p.sources)} of "
        f"{p.sources_checked} sources checked{requested}{partial}{reason}"
    )


def _grammar_lines(g: Grammar, width: int) -> list[str]:
    """The grammar check: which checker ran, how it went, and what it found that counts or
    is left for review (excluded matches are in the JSON)."""
    if g.status == "not_checked":
        return [f"grammar: NOT CHECKED by {g.checker}: {shorten(g.note, width - 30)}"]
    partial = f" [partial: {shorten(g.note, width - 30)}]" if g.status == "partial" else ""
    lines = [
        f"grammar: {g.checker}: {g.errors} errors, {g.minor} minor, {g.review} for review, "
        f"{g.excluded} excluded{partial}"
    ]
    for m in g.matches:
        if m.severity == "excluded":
            continue
        fix = f" -> {m.replacements[0]!r}" if m.replacements else ""
        lines.append(
            f"  {m.severity:<6} [{m.start}:{m.end}] “{shorten(m.text, 40)}”{fix} "
            f"{m.rule_id} ({m.category}): {shorten(m.message, width - 60)}"
        )
    return lines


def _copy_lines(p: Plagiarism, width: int) -> list[str]:
    if not p.matches:
        return []
    lines = ["", f"Copied text ({len(p.matches)} matches)"]
    for m in p.matches:
        lines.append(
            f"[{m.response_start}:{m.response_end}] {m.kind.replace('_', ' ')}, "
            f"{m.figures()}, {m.standing()}: {m.source_url}"
        )
        lines.append(f"    “{shorten(m.response_text, width - 6)}”")
    return lines


def plagiarism_text(p: Plagiarism, *, width: int = 100) -> str:
    """The copy check on its own (``verifier plagiarism --format text``)."""
    return "\n".join([_plagiarism_line(p), *_copy_lines(p, width)]) + "\n"


_EXTRAS_SKIPPED = {
    *("start", "end", "text", "claim_id", "snapshot_id", "quote_start", "quote_end"),
    *("url", "source_url", "quote", "why"),  # said as the source
}
# a web or file address in a reason (named by its host or file name when shown)
_URL = re.compile(r"(?:https?|file)://[^\s)>'\";,]+")


def _with_places(text: str) -> str:
    """Addresses in a reason named as :func:`_where` names them."""
    return _URL.sub(lambda m: _where(m.group(0)), text)


def _evidence_lines(
    evidence: list[dict[str, Any]], width: int, indent: str, most: int = 3
) -> list[str]:
    """A rule's or a review item's evidence, the same way whatever the check: each item's
    span and words, then its other fields (a suggestion, a reason, a kind) and its source,
    in short; one line each, at most ``most`` items."""
    lines = []
    for ev in evidence[:most]:
        extras = [
            f"{key.replace('_', ' ')}: {shorten(str(value).replace('_', ' '), 24)}"
            for key, value in ev.items()
            if key not in _EXTRAS_SKIPPED and value not in (None, "", [], {})
        ][:2]
        where = _where(ev.get("url") or ev.get("source_url"))
        if where:
            extras.insert(0, f"source: {where}")
        span = f"[{ev['start']}:{ev['end']}] " if "start" in ev else ""
        tail = f" ({'; '.join(extras)})" if extras else ""
        room = max(40, width - len(indent) - len(span) - len(tail) - 2)
        line = f"{indent}{span}“{_said(str(ev.get('text', '')), room)}”{tail}"
        if len(line) > width:  # the tail gives way, never the indent
            line = indent + shorten(line[len(indent) :], width - len(indent))
        lines.append(line)
    if len(evidence) > most:
        lines.append(f"{indent}… and {len(evidence) - most} more")
    return lines


def _rules_named(r: Rubric, effect: str) -> str:
    """The rules with this effect, in words ("spelling or grammar error"), not their ids."""
    named = [rule_words(a.rule) for a in r.applied if a.effect.startswith(effect)]
    return ", ".join(dict.fromkeys(named))


def _score_line(r: Rubric | None) -> str:
    """The score a rule fixes, else the ceiling, with the rules that set them."""
    if r is None:
        return "Score: not scored (no rubric in this report)"
    caps = _rules_named(r, "cap")
    if r.score is not None:
        also = f"; {caps} also caps it at {r.max_score}" if caps else ""
        return f"Score: {r.score} ({_rules_named(r, 'score')}{also})"
    if r.max_score < 7:
        return f"Score: at most {r.max_score} ({caps or 'lowered'}); the rater scores within it"
    return "Score: no rule limits it (1-7); the rater scores it"


def _rules_section(r: Rubric | None, width: int) -> list[str]:
    if r is None or not r.applied:
        return ["Rules that applied: none"]
    out = ["Rules that applied"]
    for a in r.applied:
        why = shorten(_with_places(a.why), width - 15 - len(a.rule))
        out.append(f"  {a.effect:<9}  {a.rule}: {why}")
        out.extend(_evidence_lines(a.evidence, width, " " * 13))
    return out


def _review_section(r: Rubric | None, width: int) -> list[str]:
    items = r.needs_review if r else []
    if not items:
        return ["Needs review: nothing"]
    out = [f"Needs review ({len(items)})"]
    for item in items:
        why = shorten(_with_places(item.why), width - 4 - len(item.check))
        out.append(f"  {item.check}: {why}")
        out.extend(_evidence_lines(item.evidence, width, "      "))
    return out


def _check_this_section(report: Report, width: int) -> list[str]:
    """The review list first: claims likely false but not sure enough to cap, most likely
    first, each with its quote and why (never a cap)."""
    items = report.truthfulness.review
    if not items:
        return []
    out = [f"CHECK THIS ({len(items)}): likely false, not sure enough to count"]
    for ref in items:
        out.append(f"  p={ref.confidence:.2f} {ref.claim_id} “{_said(ref.claim, width - 20)}”")
        if ref.quote:
            out.append(f"      source: “{shorten(ref.quote, width - 16)}”")
        out.append(f"      {shorten(ref.why, width - 6)}")
    return [*out, ""]


def _conflicts(claim: Claim | None) -> str:
    """The slots the deciding quote gives another value for ("conflict year 1905 vs 1903")."""
    quotes = claim.verdict.quotes if claim is not None and claim.verdict else []
    return ", ".join(f"conflict {c}" for q in quotes[:1] for c in q.conflicts)


def _fact_lines(ref: ClaimRef, claim: Claim | None, width: int) -> list[str]:
    head = f"  {ref.claim_id} [{ref.start}:{ref.end}] “"
    lines = [f"{head}{_said(ref.text, width - len(head) - 1)}”"]  # "c11 [...]" as "c7 [...]"
    if ref.quote:
        at = f" [{ref.quote_start}:{ref.quote_end}]" if ref.quote_start is not None else ""
        why = _conflicts(claim) or ref.why
        lines.append(f"      source: “{shorten(ref.quote, width - 16)}”")
        lines.append(f"      {_where(ref.url)}{at}: {shorten(why, width - 30)}")
    else:
        lines.append(f"      {shorten(ref.why, width - 6)}")
    return lines


def _facts_section(report: Report, width: int) -> list[str]:
    t = report.truthfulness
    claims = {c.id: c for c in report.claims}
    possible = [*t.weak_refutations, *t.conflicts]
    fake = [res for res in t.resources if res.fake]
    if not t.false_claims and not possible and not fake:
        if t.status == "not_checked":
            return ["False facts: not checked (see INCOMPLETE above)"]
        partly = "; only partly checked (see INCOMPLETE above)" if t.status == "partial" else ""
        return [
            f"False facts: none found ({t.supported} supported, {t.inconclusive} unsettled{partly})"
        ]
    out = [f"False facts ({len(t.false_claims)})" if t.false_claims else "False facts: none"]
    for ref in t.false_claims:
        out.extend(_fact_lines(ref, claims.get(ref.claim_id), width))
    for ref in possible:
        out.append("  POSSIBLE FALSE FACT (check it):")
        out.extend(_fact_lines(ref, claims.get(ref.claim_id), width))
    for res in fake:
        out.append(f"  fake resource, {res.status}: {res.ref} ({shorten(res.reason, width - 30)})")
    return out


def _copies_section(p: Plagiarism, width: int) -> list[str]:
    if p.status == "not_checked":
        return [f"Copied passages: not checked ({shorten(p.note, width - 30)})"]
    counted = [m for m in p.matches if m.counted]
    partial = f" [partial: {p.note}]" if p.status == "partial" else ""
    requested = f"; the prompt asked for copying ({p.copy_requested!r})" if p.copy_requested else ""
    head = (
        f"Copied passages ({len(counted)} counted of {len(p.matches)} found): {p.verdict}, "
        f"{p.copied_share:.0%} of {p.response_words} words from {len(p.sources)} of "
        f"{p.sources_checked} sources checked{requested}{partial}"
    )
    out = textwrap.wrap(head, width, subsequent_indent="    ")
    if p.reason:
        out += textwrap.wrap(
            f"why: {p.reason}", width, initial_indent="  ", subsequent_indent="    "
        )
    for m in counted:
        figures = f"{m.words} words, longest exact run {m.longest_run}"
        out.append(
            f"  [{m.response_start}:{m.response_end}] {m.kind.replace('_', ' ')}, {figures}: "
            f"{_where(m.source_url)}"
        )
        out.append(f"      “{_said(m.response_text, width - 8)}”")
    rest = [m for m in p.matches if not m.counted]
    if rest:
        shown = "; ".join(
            f"[{m.response_start}:{m.response_end}] {m.standing().removeprefix('not counted: ')}"
            for m in rest[:4]
        )
        more = f"; and {len(rest) - 4} more" if len(rest) > 4 else ""
        out += textwrap.wrap(
            f"not counted: {shown}{more}", width, initial_indent="  ", subsequent_indent="    "
        )
    return out


def _label(claim: Claim) -> tuple[str, str]:
    v = claim.verdict
    if v is None:
        return "none", ""
    label: str = "disputed" if v.disputed else v.label
    if any(q.stance == "conflicts" for q in v.quotes):
        label = "conflict?"
    elif any(q.unsourced for q in v.quotes):
        label = "unsourced?"
    if label in ("refuted", "unchecked"):
        label = label.upper()
    return label, f"{v.confidence:.2f}" if v.label in ("supported", "refuted") else ""


def claim_counts(report: Report) -> str:
    """How many statements, how many check-worthy, and of those how many were really
    checked (a verdict from evidence looked for) and how many were not, with why:
    "6 statements, 5 check-worthy, 0 checked, 5 unchecked (no search answered)"."""
    worthy = [c for c in report.claims if c.check_worthy]
    unchecked = [c for c in worthy if c.verdict is None or c.verdict.label == "unchecked"]
    line = (
        f"{len(report.claims)} statements, {len(worthy)} check-worthy, "
        f"{len(worthy) - len(unchecked)} checked, {len(unchecked)} unchecked"
    )
    whys = dict.fromkeys(
        (c.verdict.reason if c.verdict else "not judged").split(":")[0] for c in unchecked
    )
    if whys:
        line += f" ({'; '.join(list(whys)[:2])}{'; ...' if len(whys) > 2 else ''})"
    return line


def _claims_table(report: Report, width: int) -> list[str]:
    worthy = [c for c in report.claims if c.check_worthy]
    out = textwrap.wrap(f"Claims: {claim_counts(report)}", width, subsequent_indent="  ")
    idw = max([len(c.id) for c in worthy] + [2])
    for c in worthy:
        label, conf = _label(c)
        flag = " [timed out]" if c.timed_out else ""
        head = f"  {c.id:<{idw}}  {label:<12} {conf:>4}  "
        out.append(head + _said(c.text, width - len(head) - len(flag)) + flag)
    rest = [c for c in report.claims if not c.check_worthy]
    if rest:
        kinds = ", ".join(f"{c.id} {c.reason.split(',')[0].split(' (')[0]}" for c in rest)
        out += textwrap.wrap(
            f"not checked ({len(rest)}): {kinds}",
            width,
            initial_indent="  ",
            subsequent_indent="    ",
        )
    return out


def _checked_with(report: Report, width: int) -> list[str]:
    s = report.summary
    search = ", ".join(f"{b.name} {b.status}" for b in report.search) or "no search backend"
    line = (
        f"Checked with {search}: {s['searches']} searches ({s['search_errors']} failed), "
        f"{s['pages']} pages ({s['page_errors']} failed) in {report.timing['elapsed_s']:.2f} s"
    )
    g = report.grammar
    grammar = (
        "grammar: doubled words only (no grammar checker configured)"
        if g.backend == "none"
        else _grammar_lines(g, width)[0]
    )
    return [
        *textwrap.wrap(line, width),
        shorten(grammar, width),
        f"Report {report.id} ({report.created_at}, {report.status})",
    ]


def _details(report: Report, width: int) -> list[str]:
    """The full evidence dump (``--verbose``)."""
    s = report.summary
    out = [
        "",
        "Details",
        f"segments {s['segments']}, check-worthy {s['check_worthy']}, searched {s['searched']}, "
        f"with evidence {s['with_evidence']}, timed out {s['timed_out']}; "
        f"{s['searches']} searches ({s['search_errors']} failed), {s['pages']} pages ({s['page_errors']} failed); "
        f"{report.timing['elapsed_s']:.2f} s",
        "search: "
        + (
            ", ".join(f"{b.name} {b.status} ({b.queries} queries)" for b in report.search)
            or "no backend"
        ),
        *_truthfulness_lines(report.truthfulness, width),
        _plagiarism_line(report.plagiarism),
        *_grammar_lines(report.grammar, width),
    ]
    worthy = [c for c in report.claims if c.check_worthy]
    out.append("")
    out.append(f"Check-worthy claims ({len(worthy)})")
    for claim in worthy:
        out.extend(_claim_lines(claim, width))
    out.extend(_copy_lines(report.plagiarism, width))
    rest = [c for c in report.claims if not c.check_worthy]
    if rest:
        out.append("")
        out.append(f"Not checked ({len(rest)})")
        for claim in rest:
            out.append(f"{claim.id} {_said(claim.text, width - 30)}  ({claim.reason})")
    return out


def report_text(report: Report, *, width: int = 100, details: bool = False) -> str:
    """The report for a terminal: what a rater acts on first, then the claims in short;
    ``details`` adds the full evidence dump."""
    r = report.rubric
    out = [
        _score_line(r),
        *(
            ["INCOMPLETE: the score covers only what could be checked:"]
            if report.incomplete
            else []
        ),
        *(
            wrapped
            for line in report.incomplete
            for wrapped in textwrap.wrap(line, width, initial_indent="  ", subsequent_indent="    ")
        ),
        *(f"warning: {shorten(w, width - 9)}" for w in report.warnings),
        "",
        *_check_this_section(report, width),
        *_rules_section(r, width),
        "",
        *_review_section(r, width),
        "",
        *_facts_section(report, width),
        "",
        *_copies_section(report.plagiarism, width),
        "",
        *_claims_table(report, width),
    ]
    if r is not None and r.explanation:
        out += ["", "Explanation (to paste)"]
        out += textwrap.wrap(r.explanation, width, initial_indent="  ", subsequent_indent="  ")
    out += ["", *_checked_with(report, width)]
    if details:
        out += _details(report, width)
    else:
        out.append("Every query, search, page and ranked passage: --verbose")
    return "\n".join(out) + "\n"
