"""The report's JSON Schema (``verifier.report/4``), generated from the report's own types.

The types in :mod:`verifier.schema` (dataclasses, a TypedDict, ``Literal`` choices) are the
one description of a report: :meth:`~verifier.schema.Report.to_dict` writes their fields,
and pydantic turns the same types into a JSON Schema (draft 2020-12). Nothing is written
twice: a field added to a type is in the schema at once. `verifier schema report` prints it,
``GET /schemas/report.json`` serves it, and the OpenAPI document
(:mod:`workers.openapi`) holds the same definitions under ``components/schemas``.

Every field a report has is ``required`` (``to_dict`` writes them all, with their defaults);
objects stay open to fields added later (a new field keeps the version, a removed or
changed one bumps it, see docs/report.md).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from functools import cache
from typing import Any

from pydantic import TypeAdapter
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaMode
from pydantic_core import core_schema

from verifier.schema import REPORT_SCHEMA, Report

__all__ = ["DRAFT", "REPORT_SCHEMA_ID", "json_schemas", "report_json_schema"]

DRAFT = "https://json-schema.org/draft/2020-12/schema"
REPORT_SCHEMA_ID = f"urn:{REPORT_SCHEMA}"  # urn:verifier.report/4


class _Written(GenerateJsonSchema):
    """The schema of what is written: a dataclass field with a default is written too, so
    it is required; fields carry no generated titles (their names say it)."""

    def field_is_required(
        self,
        field: core_schema.ModelField | core_schema.DataclassField | core_schema.TypedDictField,
        total: bool,
    ) -> bool:
        if field["type"] == "dataclass-field":
            return True
        return super().field_is_required(field, total)

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False


def json_schemas(
    types: Iterable[Any], *, ref_template: str, mode: JsonSchemaMode = "serialization"
) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    """The JSON Schemas of ``types`` (each by its ``__name__``) and of every type they refer
    to (by name), references written with ``ref_template`` (``"#/$defs/{model}"``,
    ``"#/components/schemas/{model}"``). A name used by two different schemas is an error."""
    top: dict[str, dict[str, Any]] = {}
    defs: dict[str, dict[str, Any]] = {}
    for kind in types:
        schema = TypeAdapter(kind).json_schema(
            mode=mode, ref_template=ref_template, schema_generator=_Written
        )
        for name, definition in schema.pop("$defs", {}).items():
            if defs.setdefault(name, definition) != definition:
                msg = f"two types are both called {name} in one schema"
                raise ValueError(msg)
        top[kind.__name__] = schema
    return top, defs


@cache
def _report_schema() -> dict[str, Any]:
    top, defs = json_schemas([Report], ref_template="#/$defs/{model}")
    report = top["Report"]
    report["properties"]["schema"] = {"const": REPORT_SCHEMA, "description": "the version"}
    return {
        "$schema": DRAFT,
        "$id": REPORT_SCHEMA_ID,
        **report,
        "title": REPORT_SCHEMA,
        "$defs": dict(sorted(defs.items())),
    }


def report_json_schema() -> dict[str, Any]:
    """The JSON Schema of a ``verifier.report/4`` report (a fresh copy each call)."""
    return copy.deepcopy(_report_schema())
