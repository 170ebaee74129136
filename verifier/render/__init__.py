"""Renderings of a report: JSON, plain text and the rater's HTML page."""

from verifier.render.html import report_html, report_pages
from verifier.render.json_report import report_json
from verifier.render.text import plagiarism_text, report_text, rubric_text

__all__ = [
    "plagiarism_text",
    "report_html",
    "report_json",
    "report_pages",
    "report_text",
    "rubric_text",
]
