"""Renderings of a report: JSON and plain text (HTML arrives with the rater page)."""

from .json_report import report_json
from .text import plagiarism_text, report_text, rubric_text

__all__ = ["plagiarism_text", "report_json", "report_text", "rubric_text"]
