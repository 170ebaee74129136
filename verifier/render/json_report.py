"""The report as JSON (schema ``verifier.report/4``, documented in docs/report.md)."""

from __future__ import annotations

import json

from verifier.schema import Report

__all__ = ["report_json"]


def report_json(report: Report, *, indent: int | None = 2) -> str:
    return json.dumps(report.to_dict(), ensure_ascii=False, indent=indent)
