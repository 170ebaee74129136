"""Exports of reports to annotation tools: Label Studio tasks, Argilla records, JSONL rows.

Offsets: reports count Python code points. Label Studio's labelling screen counts code
points too (an emoji is one character, as in Python: checked in Chromium against Label
Studio 1.23 by tests/workers/labelstudio/test_real_label_studio.py), so its spans carry the
report's offsets unchanged. Argilla's span questions count JavaScript string units (UTF-16),
where an emoji or any other character outside the Basic Multilingual Plane takes two:
:func:`utf16_offset` converts, so ``text.encode("utf-16-le")[2 * start : 2 * end]`` is the
span there.

Label Studio: one task per report, ``data.prompt`` / ``data.response``, with one
prediction holding span labels (copied text, claims, and the rubric's spelling and advice
findings), a 1-7 rating suggestion and the rubric's explanation as a justification;
:data:`LABEL_STUDIO_CONFIG` is the labelling interface those names refer to. Argilla: one
record per report with fields, metadata and suggestions for the questions ``spans``,
``rating`` and ``justification``.
"""

from __future__ import annotations

from typing import Any

from verifier import __version__
from verifier.schema import Report

__all__ = [
    "FINDING_LABELS",
    "LABEL_STUDIO_CONFIG",
    "SPAN_LABELS",
    "argilla_record",
    "jsonl_row",
    "label_studio_config",
    "label_studio_task",
    "utf16_offset",
]

SPAN_LABELS = (
    "Copied (identical)",
    "Copied (minor changes)",
    "Copied (heavy revision)",
    "Reworded (not counted)",
    "Claim: supported",
    "Claim: refuted",
    "Claim: inconclusive",
    "Claim: disputed",
    "Spelling or grammar",
    "Spelling (check)",
    "Advice without disclaimer",
)
# the rubric's findings a rater marks too: a misspelling or doubled word that caps the
# score, a word to check, a sentence of advice with no disclaimer or referral anywhere
FINDING_LABELS = ("Spelling or grammar", "Spelling (check)", "Advice without disclaimer")
_COPY = {
    "identical": "Copied (identical)",
    "minor_changes": "Copied (minor changes)",
    "heavy_revision": "Copied (heavy revision)",
}
_UNCOUNTED = "Reworded (not counted)"
# the labels' colours in Label Studio: copies in oranges, darker the closer the copy;
# claims green (supported), red (refuted), grey (inconclusive), purple (disputed);
# spelling pink (lighter: to check), advice indigo
_COLOURS = dict(
    zip(
        SPAN_LABELS,
        (
            *("#e65100", "#fb8c00", "#ffb74d", "#b0bec5"),
            *("#43a047", "#e53935", "#9e9e9e", "#8e24aa"),
            *("#c2185b", "#f48fb1", "#3949ab"),
        ),
        strict=True,
    )
)


def label_studio_config(prompt_field: str = "prompt", response_field: str = "response") -> str:
    """The labelling interface, reading the task's prompt and response from the data
    fields named (the tag names, which predictions refer to, stay the same)."""
    return (
        "<View>\n"
        f'  <Header value="Prompt"/>\n  <Text name="prompt" value="${prompt_field}"/>\n'
        '  <Header value="Response"/>\n'
        '  <Labels name="spans" toName="response">\n'
        + "".join(
            f'    <Label value="{label}" background="{_COLOURS[label]}"/>\n'
            for label in SPAN_LABELS
        )
        + "  </Labels>\n"
        f'  <Text name="response" value="${response_field}"/>\n'
        '  <Rating name="rating" toName="response" maxRating="7"/>\n'
        '  <TextArea name="justification" toName="response" rows="4"/>\n'
        "</View>\n"
    )


LABEL_STUDIO_CONFIG = label_studio_config()


def utf16_offset(text: str, index: int) -> int:
    """The JavaScript (UTF-16 code unit) offset of Python index ``index`` in ``text``."""
    return index + sum(1 for ch in text[:index] if ord(ch) > 0xFFFF)


def _spans(report: Report) -> list[dict[str, Any]]:
    """Counted copied spans, reworded ones shown for review, and judged claims, in
    response order."""
    out = []
    for m in report.plagiarism.matches:
        if m.counted or (m.sentences and m.exemption is None):
            out.append(
                {
                    "start": m.response_start,
                    "end": m.response_end,
                    "label": _COPY[m.kind] if m.counted else _UNCOUNTED,
                    "note": f"{m.figures()}, {m.standing()}, from {m.source_url}",
                }
            )
    for c in report.claims:
        if c.check_worthy and c.verdict is not None:
            label = "disputed" if c.verdict.disputed else c.verdict.label
            quote = c.verdict.quotes[0] if c.verdict.quotes else None
            note = c.verdict.reason + (f" — “{quote.sentence}” ({quote.url})" if quote else "")
            out.append({"start": c.start, "end": c.end, "label": f"Claim: {label}", "note": note})
    out += _finding_spans(report)
    out.sort(key=lambda s: (s["start"], s["end"]))
    return out


def _finding_spans(report: Report) -> list[dict[str, Any]]:
    """The rubric's spelling and advice findings as spans: the words or sentences in its
    evidence, each with why."""
    rubric = report.rubric
    if rubric is None:
        return []
    found = [
        (
            "Spelling or grammar" if a.rule == "spelling_grammar" else "Advice without disclaimer",
            a.why,
            ev,
        )
        for a in rubric.applied
        if a.rule in ("spelling_grammar", "advice_without_disclaimer")
        for ev in a.evidence
    ] + [
        ("Spelling (check)", item.why, ev)
        for item in rubric.needs_review
        if item.check == "spelling"
        for ev in item.evidence
    ]
    out = []
    for label, why, ev in found:
        if not isinstance(ev.get("start"), int) or not isinstance(ev.get("end"), int):
            continue
        meant = f" → “{ev['suggestion']}”" if ev.get("suggestion") else ""
        said = ev.get("reason") or (
            f"{ev['topic']}: “{ev['cue']}”" if ev.get("topic") and ev.get("cue") else why
        )
        out.append(
            {
                "start": ev["start"],
                "end": ev["end"],
                "label": label,
                "note": f"“{ev.get('text', '')}”{meant}: {said}",
            }
        )
    return out


def _rating(report: Report) -> int:
    r = report.rubric
    if r is None:
        return 7
    return r.score if r.score is not None else r.max_score


def label_studio_task(report: Report) -> dict[str, Any]:
    text = report.request["response"]
    results: list[dict[str, Any]] = []
    for i, span in enumerate(_spans(report)):
        results.append(
            {
                "id": f"s{i}",
                "from_name": "spans",
                "to_name": "response",
                "type": "labels",
                "value": {  # code points, as Label Studio's screen counts
                    "start": span["start"],
                    "end": span["end"],
                    "text": text[span["start"] : span["end"]],
                    "labels": [span["label"]],
                },
                "meta": {"text": [span["note"]]},
            }
        )
    results.append(
        {
            "id": "rating",
            "from_name": "rating",
            "to_name": "response",
            "type": "rating",
            "value": {"rating": _rating(report)},
        }
    )
    if report.rubric is not None:
        results.append(
            {
                "id": "justification",
                "from_name": "justification",
                "to_name": "response",
                "type": "textarea",
                "value": {"text": [report.rubric.explanation]},
            }
        )
    return {
        "data": {
            "prompt": report.request.get("prompt", ""),
            "response": text,
            "report_id": report.id,
            "request_id": report.request.get("id"),
        },
        "predictions": [{"model_version": f"verifier {__version__}", "result": results}],
    }


def argilla_record(report: Report) -> dict[str, Any]:
    text = report.request["response"]
    spans = [
        {
            "start": utf16_offset(text, s["start"]),
            "end": utf16_offset(text, s["end"]),
            "label": s["label"],
        }
        for s in _spans(report)
    ]
    suggestions: list[dict[str, Any]] = [
        {"question_name": "spans", "value": spans, "agent": f"verifier {__version__}"},
        {"question_name": "rating", "value": _rating(report), "agent": f"verifier {__version__}"},
    ]
    if report.rubric is not None:
        suggestions.append(
            {
                "question_name": "justification",
                "value": report.rubric.explanation,
                "agent": f"verifier {__version__}",
            }
        )
    return {
        "id": report.id,
        "fields": {"prompt": report.request.get("prompt", ""), "response": text},
        "metadata": {
            "request_id": report.request.get("id"),
            "copied_share": report.plagiarism.copied_share,
            "false_information": report.truthfulness.false_information,
            "fake_resources": report.truthfulness.fake_resources,
            "max_score": report.rubric.max_score if report.rubric else None,
        },
        "suggestions": suggestions,
    }


def jsonl_row(report: Report) -> dict[str, Any]:
    """The signals of one report, flat, for a spreadsheet or a scorer."""
    t, p, r = report.truthfulness, report.plagiarism, report.rubric
    return {
        "report_id": report.id,
        "request_id": report.request.get("id"),
        "score": r.score if r else None,
        "max_score": r.max_score if r else None,
        "rules": [a.rule for a in r.applied] if r else [],
        "needs_review": [i.check for i in r.needs_review] if r else [],
        "false_information": t.false_information,
        "fake_resources": t.fake_resources,
        "supported": t.supported,
        "refuted": t.refuted,
        "inconclusive": t.inconclusive,
        "timed_out": t.timed_out,
        "plagiarism": p.verdict,
        "copied_share": p.copied_share,
        "explanation": r.explanation if r else "",
    }
