"""The OpenAPI 3.1 document served at ``/openapi.json`` (tests check it matches the routes)."""

from __future__ import annotations

from typing import Any

from verifier import __version__
from workers.store.jobs import JobState, Role

__all__ = ["openapi"]

_ERROR = {"$ref": "#/components/schemas/Error"}


def _responses(*codes: int, ok: dict[str, Any] | None = None) -> dict[str, Any]:
    text = {
        200: "OK",
        201: "Created",
        202: "Accepted",
        400: "Malformed JSON",
        401: "No valid API key",
        403: "Wrong role, or another key's check",
        404: "Not found",
        409: "Conflict with the check's state, or an Idempotency-Key used for another request",
        413: "Body, response or prompt over the limit",
        422: "Missing or invalid fields (named)",
        429: "Rate limited, or too many failed authentications (see Retry-After)",
        500: "Unexpected error (JSON; the cause is in the server's log)",
        503: "Store unavailable: database down or disk full (see Retry-After)",
    }
    out: dict[str, Any] = {}
    for code in codes:
        schema = ok if code < 300 and ok else _ERROR
        out[str(code)] = {
            "description": text[code],
            "content": {"application/json": {"schema": schema}},
        }
    return out


def openapi() -> dict[str, Any]:
    job_id = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
    key_id = {"name": "key_id", "in": "path", "required": True, "schema": {"type": "string"}}
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "verifier",
            "version": __version__,
            "description": "Fact-check and plagiarism verification jobs. See docs/service.md.",
        },
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": {
                "Error": {
                    "type": "object",
                    "required": ["error", "detail"],
                    "properties": {
                        "error": {"type": "string"},
                        "detail": {"type": "string"},
                        "fields": {"type": "array", "items": {"type": "string"}},
                    },
                },
                "CheckRequest": {
                    "type": "object",
                    "required": ["response"],
                    "properties": {
                        "response": {"type": "string"},
                        "prompt": {"type": "string"},
                        "id": {"type": "string"},
                        "flags": {
                            "type": "object",
                            "additionalProperties": {"type": "boolean"},
                            "description": "harmful, nonsensical, off_topic, minor_grammar_error",
                        },
                        "options": {
                            "type": "object",
                            "properties": {"callback_url": {"type": "string", "format": "uri"}},
                        },
                    },
                },
                "Accepted": {
                    "type": "object",
                    "properties": {
                        "id": {"type": "string"},
                        "state": {"type": "string"},
                        "created": {"type": "boolean"},
                        "location": {"type": "string"},
                    },
                },
                "Check": {
                    "type": "object",
                    "properties": {
                        "id": {"type": "string"},
                        "state": {
                            "type": "string",
                            "enum": [state.value for state in JobState],
                        },
                        "attempts": {"type": "integer"},
                        "error": {"type": ["string", "null"]},
                        "report_status": {
                            "type": ["string", "null"],
                            "enum": ["complete", "incomplete", None],
                            "description": "when done: incomplete if a check could not run in full",
                        },
                        "done_by": {
                            "type": ["string", "null"],
                            "description": "when done: the worker that stored the report (host:pid:tag)",
                        },
                        "report": {"type": "object", "description": "verifier.report/4, when done"},
                    },
                },
                "Audits": {
                    "type": "object",
                    "properties": {"job_id": {"type": "string"}, "audits": {"type": "array"}},
                },
                "Key": {
                    "type": "object",
                    "properties": {
                        "id": {"type": "string"},
                        "role": {
                            "type": "string",
                            "enum": [role.value for role in Role],
                        },
                        "key": {"type": "string", "description": "shown once"},
                        "callback_secret": {"type": "string"},
                    },
                },
            },
        },
        "security": [{"bearer": []}],
        "paths": {
            "/v1/checks": {
                "post": {
                    "summary": "Submit a check (roles: rater, service)",
                    "parameters": [
                        {
                            "name": "Idempotency-Key",
                            "in": "header",
                            "description": "The same key with the same request returns the same check (202, created false, Idempotent-Replayed: true), also when sent at the same time; with another request, 409.",
                            "schema": {"type": "string", "minLength": 1, "maxLength": 255},
                        }
                    ],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {"$ref": "#/components/schemas/CheckRequest"}
                            }
                        },
                    },
                    "responses": _responses(
                        202,
                        400,
                        401,
                        403,
                        409,
                        413,
                        422,
                        429,
                        503,
                        ok={"$ref": "#/components/schemas/Accepted"},
                    ),
                }
            },
            "/v1/checks/{id}": {
                "get": {
                    "summary": "A check's state, and its report when done",
                    "parameters": [job_id],
                    "responses": _responses(
                        200, 401, 403, 404, ok={"$ref": "#/components/schemas/Check"}
                    ),
                },
                "delete": {
                    "summary": "Cancel a queued or running check (owner or admin)",
                    "parameters": [job_id],
                    "responses": _responses(200, 401, 403, 404, 409),
                },
            },
            "/v1/checks/{id}/report.html": {
                "get": {
                    "summary": "The rater's report page (self-contained HTML) for a finished check; a report of more than 250 claims has pages (?page=N, 1 the summary)",
                    "parameters": [
                        job_id,
                        {
                            "name": "page",
                            "in": "query",
                            "schema": {"type": "integer", "minimum": 1, "default": 1},
                        },
                    ],
                    "responses": {
                        "200": {"description": "text/html"},
                        **_responses(400, 401, 403, 404, 409, 413),
                    },
                }
            },
            "/v1/checks/{id}/audit": {
                "post": {
                    "summary": "Start an audit: replay from stored evidence, or re-run fresh (auditor)",
                    "parameters": [job_id],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "required": ["mode"],
                                    "properties": {"mode": {"enum": ["replay", "rerun"]}},
                                }
                            }
                        },
                    },
                    "responses": _responses(202, 400, 401, 403, 404, 409, 422, 503),
                }
            },
            "/v1/checks/{id}/audits": {
                "get": {
                    "summary": "A check's finished audits with their differences (auditor)",
                    "parameters": [job_id],
                    "responses": _responses(
                        200, 401, 403, 404, ok={"$ref": "#/components/schemas/Audits"}
                    ),
                }
            },
            "/v1/keys": {
                "post": {
                    "summary": "Create an API key (admin); the key is shown once",
                    "responses": _responses(
                        201, 400, 401, 403, 422, ok={"$ref": "#/components/schemas/Key"}
                    ),
                },
                "get": {"summary": "List keys (admin)", "responses": _responses(200, 401, 403)},
            },
            "/v1/keys/{key_id}": {
                "delete": {
                    "summary": "Revoke a key (admin)",
                    "parameters": [key_id],
                    "responses": _responses(200, 401, 403, 404),
                }
            },
            "/healthz": {
                "get": {
                    "summary": "Liveness (always 200, within a second): status ok or degraded, what is down (database, disk, job processes alive of configured), job counts",
                    "security": [],
                    "responses": _responses(200),
                }
            },
            "/readyz": {
                "get": {
                    "summary": "Readiness: 200 when the store answers and the disk has room, else 503 with Retry-After",
                    "security": [],
                    "responses": _responses(200, 503),
                }
            },
            "/metrics": {
                "get": {
                    "summary": "Prometheus metrics",
                    "security": [],
                    "responses": {"200": {"description": "text/plain; version=0.0.4"}},
                }
            },
            "/openapi.json": {
                "get": {
                    "summary": "This document",
                    "security": [],
                    "responses": {"200": {"description": "OpenAPI 3.1"}},
                }
            },
        },
    }
