"""What a job process makes of a report when it stores it, so that readers never pay for
it: the rater's page, cut into pages (:func:`verifier.render.report_pages`), and the
summary the web app lists. Stored with the report, in the same transaction; the API and
the web app serve them as they are (docs/service.md, "Bounded work").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from verifier.render import report_pages
from verifier.schema import Report

__all__ = ["Rendered", "render_report", "report_summary"]


@dataclass(frozen=True, slots=True)
class Rendered:
    pages: list[str]
    summary: dict[str, Any]


def report_summary(report: dict[str, Any] | None) -> dict[str, Any]:
    """What the web app's list and check page show of a finished check's report."""
    report = report or {}
    rubric = report.get("rubric") or {}
    truth = report.get("truthfulness") or {}
    return {
        "score": rubric.get("score"),
        "max_score": rubric.get("max_score"),
        "copied_share": (report.get("plagiarism") or {}).get("copied_share"),
        "false_facts": len(truth.get("false_claims") or []),
        "needs_review": len(rubric.get("needs_review") or []),
        "status": report.get("status"),
        "incomplete": list(report.get("incomplete") or []),
    }


def render_report(report: Report, data: dict[str, Any]) -> Rendered:
    """``report``'s pages and summary (``data`` is the report as a dict, already made)."""
    return Rendered(report_pages(report), report_summary(data))
