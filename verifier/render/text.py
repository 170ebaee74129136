"""The report as plain text for a terminal: what was checked, with what, and what is missing."""

from __future__ import annotations

import textwrap
from typing import Any

from ..model import Claim, Grammar, Plagiarism, Report, Rubric, Truthfulness

__all__ = ["plagiarism_text", "report_text", "rubric_text"]


def _short(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


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
        + _short(v.reason, width - 40)
    ]
    for q in v.quotes:
        slots = ", ".join([*q.matched, *(f"conflict {c}" for c in q.conflicts)])
        lines.append(
            f"      {q.stance} [{q.judge}]: “{_short(q.sentence, width - 30)}” {q.url} "
            f"[{q.start}:{q.end}]" + (f" ({slots})" if slots else "")
        )
    return lines


def _claim_lines(claim: Claim, width: int) -> list[str]:
    flag = " [timed out]" if claim.timed_out else ""
    lines = [f"{claim.id} [{claim.start}:{claim.end}] {_short(claim.text, width - 12)}{flag}"]
    if claim.rewrite:
        lines.append(f"    checked as: {_short(claim.claim, width - 20)} ({claim.rewrite})")
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
            f"    search error ({search.backend}): {_short(search.error or '', width - 30)}"
        )
    for page in claim.pages:
        if page.error:
            lines.append(f"    page error: {_short(page.error, width - 20)}")
    if not claim.evidence:
        lines.append("    evidence: none found")
    for rank, ev in enumerate(claim.evidence, start=1):
        lines.append(f"    evidence {rank} (score {ev.score:.2f}, via {ev.backend}): {ev.url}")
        quote = textwrap.fill(
            _short(ev.quote, 300), width, initial_indent="      “", subsequent_indent="       "
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
        lines.append(f"  false: {ref.claim_id} “{_short(ref.text, width - 30)}”")
        if ref.quote:
            lines.append(f"    contradicted by “{_short(ref.quote, width - 30)}” {ref.url}")
    for ref in [*t.weak_refutations, *t.conflicts]:
        lines.append(
            f"  POSSIBLE FALSE FACT (check it): {ref.claim_id} “{_short(ref.text, width - 50)}”"
        )
        lines.append(f"    {_short(ref.why, width - 6)}")
        if ref.quote:
            lines.append(
                f"    source: “{_short(ref.quote, width - 30)}” {ref.url} [{ref.quote_start}:{ref.quote_end}]"
            )
    for r in t.resources:
        lines.append(f"  resource {r.status}: {r.ref} ({_short(r.reason, width - 30)})")
    return lines


def _rubric_lines(r: Rubric, width: int) -> list[str]:
    head = f"rubric: score {r.score}" if r.score is not None else "rubric: no fixed score"
    lines = [
        f"{head}, at most {r.max_score}" + (f" (flags: {', '.join(r.flags)})" if r.flags else "")
    ]
    for a in r.applied:
        lines.append(f"  {a.effect:<9} {a.rule}: {_short(a.why, width - 30)}")
        if a.rule == "spelling_grammar":
            lines.extend(_named_lines(a.evidence, width))
            continue
        for ev in a.evidence[:3]:
            lines.append(
                f"            [{ev['start']}:{ev['end']}] “{_short(ev['text'], width - 30)}”"
            )
    for item in r.needs_review:
        lines.append(f"  review    {item.check}: {_short(item.why, width - 30)}")
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
        return [f"grammar: NOT CHECKED by {g.checker}: {_short(g.note, width - 30)}"]
    partial = f" [partial: {_short(g.note, width - 30)}]" if g.status == "partial" else ""
    lines = [
        f"grammar: {g.checker}: {g.errors} errors, {g.minor} minor, {g.review} for review, "
        f"{g.excluded} excluded{partial}"
    ]
    for m in g.matches:
        if m.severity == "excluded":
            continue
        fix = f" -> {m.replacements[0]!r}" if m.replacements else ""
        lines.append(
            f"  {m.severity:<6} [{m.start}:{m.end}] “{_short(m.text, 40)}”{fix} "
            f"{m.rule_id} ({m.category}): {_short(m.message, width - 60)}"
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
        lines.append(f"    “{_short(m.response_text, width - 6)}”")
    return lines


def plagiarism_text(p: Plagiarism, *, width: int = 100) -> str:
    """The copy check on its own (``verifier plagiarism --format text``)."""
    return "\n".join([_plagiarism_line(p), *_copy_lines(p, width)]) + "\n"


def report_text(report: Report, *, width: int = 100) -> str:
    s = report.summary
    out = [
        f"verifier report {report.id} ({report.created_at}, {report.status})",
        *(f"INCOMPLETE: {_short(line, width - 12)}" for line in report.incomplete),
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
        *(_rubric_lines(report.rubric, width) if report.rubric else []),
    ]
    for warning in report.warnings:
        out.append(f"warning: {_short(warning, width - 9)}")
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
            out.append(f"{claim.id} {_short(claim.text, width - 30)}  ({claim.reason})")
    return "\n".join(out) + "\n"
