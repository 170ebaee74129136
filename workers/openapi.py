"""The OpenAPI 3.1 document served at ``/openapi.json``.

Its schemas are generated (:func:`verifier.report.json_schema.json_schemas`) from the
types the handlers build their bodies as (:mod:`workers.bodies`) and from the report's own
types, so the document and the answers cannot drift apart; the paths are the table
:data:`OPERATIONS` (a test keeps it equal to the routes, and
``tests/workers/test_openapi_fuzz.py`` sends the server what the document allows, checking
every answer against it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal, NotRequired

from typing_extensions import TypedDict

from verifier import __version__
from verifier.report.json_schema import json_schemas
from verifier.schema import REPORT_SCHEMA, Report
from workers import bodies
from workers.store.jobs import Role

__all__ = ["OPERATIONS", "QUERY_NAMES", "Operation", "component_schemas", "openapi"]

_REF = "#/components/schemas/{model}"
_TEXT = {
    200: "OK",
    201: "Created",
    202: "Accepted",
    400: "Malformed JSON, a bad header or query parameter",
    401: "No valid API key",
    403: "Wrong role, or another key's check",
    404: "Not found",
    409: "Conflict with the check's state, or an Idempotency-Key used for another request",
    413: "Body, response or prompt over the limit, or a report too large to render",
    422: "Missing or invalid fields (named in fields)",
    429: "Rate limited, or too many failed authentications (see Retry-After)",
    503: "Store unavailable: database down or disk full (see Retry-After)",
}
# what every route may answer: a store that is down or full (Retry-After), anything
# unexpected (500, the cause in the server's log)
_ALWAYS = (500, 503)


class AuditRequest(TypedDict):
    mode: Literal["replay", "rerun"]


class KeyRequest(TypedDict):
    role: bodies.RoleName
    name: NotRequired[str | None]


_REQUESTS: list[Any] = [bodies.CheckBody, AuditRequest, KeyRequest]
_ANSWERS: list[Any] = [
    bodies.ErrorBody,
    bodies.Accepted,
    bodies.CheckStatus,
    bodies.Cancelled,
    bodies.AuditStarted,
    bodies.Audits,
    bodies.KeyCreated,
    bodies.KeyList,
    bodies.Revoked,
    bodies.Health,
    bodies.NotReady,
    Report,
]


@cache
def component_schemas() -> dict[str, dict[str, Any]]:
    """``components/schemas``: the request and answer bodies and everything they refer to
    (the report's types among them), each by its type's name."""
    asked, asked_defs = json_schemas(_REQUESTS, ref_template=_REF, mode="validation")
    sent, sent_defs = json_schemas(_ANSWERS, ref_template=_REF)
    merged: dict[str, dict[str, Any]] = {}
    for name, schema in [*asked.items(), *asked_defs.items(), *sent.items(), *sent_defs.items()]:
        if merged.setdefault(name, schema) != schema:
            msg = f"{name} is read and written differently; give the two types their own names"
            raise ValueError(msg)
    merged["Report"] = {**merged["Report"], "title": REPORT_SCHEMA}
    merged["Report"]["properties"]["schema"] = {"const": REPORT_SCHEMA}
    return dict(sorted(merged.items()))


@dataclass(frozen=True, slots=True)
class Operation:
    """One route of the API as the document describes it."""

    method: str
    path: str
    summary: str
    ok: int = 200
    answer: str | None = None  # the component schema of the OK answer (None: no JSON)
    errors: tuple[int, ...] = ()
    request: str | None = None  # the component schema of the JSON body
    parameters: tuple[dict[str, Any], ...] = ()
    public: bool = False  # no key needed
    media: str = "application/json"  # of the OK answer
    extra: dict[str, Any] = field(default_factory=dict)


_JOB_ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
_KEY_ID = {"name": "key_id", "in": "path", "required": True, "schema": {"type": "string"}}
_KEYED = (401, 403, 404)
_IDEMPOTENCY = {
    "name": "Idempotency-Key",
    "in": "header",
    "description": "The same key with the same request returns the same check (202, created false, Idempotent-Replayed: true), also when sent at the same time; with another request, 409.",
    "schema": {"type": "string", "minLength": 1, "maxLength": 255},
}
_PAGE = {
    "name": "page",
    "in": "query",
    "schema": {"type": "integer", "minimum": 1, "maximum": 999_999_999, "default": 1},
}

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "POST",
        "/v1/checks",
        "Submit a check (roles: rater, service, admin); an empty response is scored 1",
        ok=202,
        answer="Accepted",
        errors=(400, 401, 403, 409, 413, 422, 429),
        request="CheckBody",
        parameters=(_IDEMPOTENCY,),
    ),
    Operation(
        "GET",
        "/v1/checks/{id}",
        "A check's state, and its report (verifier.report/4) when done",
        answer="CheckStatus",
        errors=_KEYED,
        parameters=(_JOB_ID,),
    ),
    Operation(
        "DELETE",
        "/v1/checks/{id}",
        "Cancel a queued or running check (owner or admin)",
        answer="Cancelled",
        errors=(*_KEYED, 409),
        parameters=(_JOB_ID,),
    ),
    Operation(
        "GET",
        "/v1/checks/{id}/report.html",
        "The rater's report page (self-contained HTML) for a finished check; a report of more than 250 claims has pages (?page=N, 1 the summary)",
        errors=(400, *_KEYED, 409, 413),
        parameters=(_JOB_ID, _PAGE),
        media="text/html",
    ),
    Operation(
        "POST",
        "/v1/checks/{id}/audit",
        "Start an audit: replay from stored evidence, or re-run fresh (auditor, admin)",
        ok=202,
        answer="AuditStarted",
        errors=(400, *_KEYED, 409, 422),
        request="AuditRequest",
        parameters=(_JOB_ID,),
    ),
    Operation(
        "GET",
        "/v1/checks/{id}/audits",
        "A check's finished audits with their differences (auditor, admin)",
        answer="Audits",
        errors=_KEYED,
        parameters=(_JOB_ID,),
    ),
    Operation(
        "POST",
        "/v1/keys",
        "Create an API key (admin); the key is shown once",
        ok=201,
        answer="KeyCreated",
        errors=(400, 401, 403, 422),
        request="KeyRequest",
    ),
    Operation("GET", "/v1/keys", "List keys (admin)", answer="KeyList", errors=(401, 403)),
    Operation(
        "DELETE",
        "/v1/keys/{key_id}",
        "Revoke a key (admin)",
        answer="Revoked",
        errors=_KEYED,
        parameters=(_KEY_ID,),
    ),
    Operation(
        "GET",
        "/healthz",
        "Liveness (always 200, within a second): status ok or degraded, what is down (database, disk, job processes alive of configured), job counts",
        answer="Health",
        public=True,
    ),
    Operation(
        "GET",
        "/readyz",
        "Readiness: 200 when the store answers and the disk has room, else 503 with Retry-After",
        answer="Health",
        public=True,
        extra={"503": "NotReady"},
    ),
    Operation(
        "GET", "/metrics", "Prometheus metrics", public=True, media="text/plain; version=0.0.4"
    ),
    Operation(
        "GET",
        "/openapi.json",
        "This document (OpenAPI 3.1)",
        public=True,
        media="application/vnd.oai.openapi+json",
    ),
    Operation(
        "GET",
        "/schemas/report.json",
        f"The JSON Schema (draft 2020-12) of a report, {REPORT_SCHEMA}",
        public=True,
        media="application/schema+json",
    ),
)


# per operation (method, path as routed), the query parameters it takes: any other is a
# 400 (the document allows no other, and a misspelt "pgae=2" should not pass unseen)
QUERY_NAMES: dict[tuple[str, str], frozenset[str]] = {
    (op.method, op.path): frozenset(p["name"] for p in op.parameters if p.get("in") == "query")
    for op in OPERATIONS
}


def _json(schema: str | None) -> dict[str, Any]:
    return {"schema": {"$ref": _REF.format(model=schema)} if schema else {"type": "object"}}


def _operation(op: Operation) -> dict[str, Any]:
    ok: dict[str, Any] = {"description": _TEXT[op.ok]}
    if op.media.endswith("json"):
        ok["content"] = {op.media: _json(op.answer)}
    else:
        ok["content"] = {op.media: {"schema": {"type": "string"}}}
    responses: dict[str, Any] = {str(op.ok): ok}
    for code in sorted({*op.errors, *_ALWAYS}):
        schema = op.extra.get(str(code), "ErrorBody")
        responses[str(code)] = {
            "description": _TEXT.get(code, "Unexpected error (the cause is in the server's log)"),
            "content": {"application/json": _json(schema)},
        }
    out: dict[str, Any] = {"summary": op.summary, "responses": responses}
    if op.parameters:
        out["parameters"] = list(op.parameters)
    if op.request:
        out["requestBody"] = {"required": True, "content": {"application/json": _json(op.request)}}
    if op.public:
        out["security"] = []
    return out


@cache
def _document() -> dict[str, Any]:
    paths: dict[str, dict[str, Any]] = {}
    for op in OPERATIONS:
        paths.setdefault(op.path, {})[op.method.lower()] = _operation(op)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "verifier",
            "version": __version__,
            "description": "Fact-check and plagiarism verification jobs. See docs/service.md; "
            f"the report is {REPORT_SCHEMA} (docs/report.md, /schemas/report.json). "
            f"Roles: {', '.join(Role)}.",
        },
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": component_schemas(),
        },
        "security": [{"bearer": []}],
        "paths": paths,
    }


def openapi() -> dict[str, Any]:
    """The document (the same object each call: do not change it)."""
    return _document()
