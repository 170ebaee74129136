"""The report's JSON Schema: printed, served and generated from one source, strict enough
to catch a wrong report, every field documented, and versioned (a field of
``verifier.report/4`` removed or changed fails here until the version is bumped)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema_rs
from click.testing import CliRunner

from tests.report.test_exports import report
from verifier.config import Settings
from verifier.report.json_schema import REPORT_SCHEMA_ID, report_json_schema
from verifier.schema import REPORT_SCHEMA
from verifier.web.extract import Extractor
from workers.cli import main
from workers.openapi import openapi

ROOT = Path(__file__).resolve().parents[2]
FIELDS = Path(__file__).with_name("report-4-fields.txt")
# the report's parts a scorer reads, documented field by field in docs/signals.md
SIGNALS = (
    "Truthfulness",
    "ClaimRef",
    "Resource",
    "Plagiarism",
    "CopyMatch",
    "CopySource",
    "Rubric",
)


def _properties(schema: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """(type, field, its schema) for every field of the report and of every type in it."""
    top = {k: v for k, v in schema.items() if k != "$defs"}
    return [
        (name, field, prop)
        for name, definition in [("Report", top), *sorted(schema["$defs"].items())]
        for field, prop in definition.get("properties", {}).items()
    ]


def _field_lines(schema: dict[str, Any]) -> set[str]:
    lines = set()
    for name, field, prop in _properties(schema):
        kept = {k: v for k, v in prop.items() if k not in ("description", "default")}
        lines.add(f"{name}.{field} {json.dumps(kept, sort_keys=True, separators=(',', ':'))}")
    return lines


def _documented(field: str, doc: str) -> bool:
    return re.search(rf"`[^`\n]*\b{re.escape(field)}\b[^`\n]*`", doc) is not None


def test_the_command_prints_the_schema_the_api_document_holds() -> None:
    printed = CliRunner().invoke(main, ["schema", "report"])
    assert printed.exit_code == 0, printed.output
    schema = json.loads(printed.output)
    assert schema == report_json_schema()
    assert schema["$id"] == REPORT_SCHEMA_ID
    assert schema["title"] == REPORT_SCHEMA
    assert schema["properties"]["schema"]["const"] == REPORT_SCHEMA
    components = openapi()["components"]["schemas"]
    for name, definition in schema["$defs"].items():  # the same definitions, refs aside
        text = json.dumps(definition).replace("#/$defs/", "#/components/schemas/")
        assert json.loads(text) == components[name], name


def test_a_report_validates_and_a_wrong_one_does_not(
    settings: Settings, extractor: Extractor
) -> None:
    validator = jsonschema_rs.validator_for(report_json_schema())
    data = report(settings, extractor).to_dict()
    assert validator.is_valid(data)
    wrong = [
        {**data, "status": "partial"},
        {k: v for k, v in data.items() if k != "rubric"},
        {**data, "claims": [{**data["claims"][0], "start": "0"}]},
        {**data, "plagiarism": {**data["plagiarism"], "verdict": "copied"}},
        {**data, "schema": "verifier.report/3"},
        {**data, "request": {**data["request"], "flags": {"harmful": "yes"}}},
    ]
    for bad in wrong:
        assert not validator.is_valid(bad)


def test_every_field_is_documented() -> None:
    schema = report_json_schema()
    docs = (ROOT / "docs" / "report.md").read_text() + (ROOT / "docs" / "signals.md").read_text()
    missing = [
        f"{name}.{field}" for name, field, _ in _properties(schema) if not _documented(field, docs)
    ]
    assert missing == []


def test_every_signal_field_is_in_signals_md(settings: Settings, extractor: Extractor) -> None:
    schema = report_json_schema()
    signals = (ROOT / "docs" / "signals.md").read_text()
    missing = [
        f"{name}.{field}"
        for name, field, _ in _properties(schema)
        if name in SIGNALS and not _documented(field, signals)
    ]
    # the built-in checks' numbers (rubric.checks is open: read from a report)
    checks = report(settings, extractor).to_dict()["rubric"]["checks"]
    missing += [
        f"rubric.checks.{check}.{field}"
        for check, numbers in checks.items()
        for field in [check, *numbers]
        if not _documented(field, signals)
    ]
    assert missing == []


def test_no_field_of_the_version_changed() -> None:
    """A reader of verifier.report/4 relies on these fields and their types: one removed,
    renamed or retyped needs a new version (REPORT_SCHEMA, an upgrade in
    ``verifier.schema._upgrade``, and a new fields file). Added fields keep the version."""
    baseline = {
        line for line in FIELDS.read_text().splitlines() if line and not line.startswith("#")
    }
    assert REPORT_SCHEMA == "verifier.report/4"
    changed = sorted(baseline - _field_lines(report_json_schema()))
    assert changed == [], "fields of verifier.report/4 removed or changed (bump the version)"
