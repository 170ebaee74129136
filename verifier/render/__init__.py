"""Renderings of a report: JSON, plain text and the rater's HTML page."""

from .html import report_html, report_pages
from .json_report import report_json
from .text import plagiarism_text, report_text, rubric_text

__all__ = [
    "plagiarism_text",
    "report_html",
    "report_json",
    "report_pages",
    "report_text",
    "rubric_text",
]
