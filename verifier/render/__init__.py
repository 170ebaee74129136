"""Renderings of a report: JSON and plain text (HTML arrives with the rater page)."""

from .json_report import report_json
from .text import report_text

__all__ = ["report_json", "report_text"]
