"""The JSON bodies of the HTTP API, as types: the handlers (:mod:`workers.api`) build their
answers as these (mypy checks them), and the OpenAPI document (:mod:`workers.openapi`) is
generated from the same types, with the report's own (:mod:`verifier.schema`). A body that
changes here changes in the document; `tests/workers/test_openapi_fuzz.py` sends the
server what the document allows and checks every answer against it.

Times are ISO 8601 UTC strings (:data:`Timestamp`), as in reports.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import ConfigDict, WithJsonSchema, with_config

# pydantic reads TypedDicts for the document only from typing_extensions' on Python < 3.12
from typing_extensions import TypedDict

from verifier.schema import FLAG_LIST_PATTERN, TEXT_PATTERN, Report, Timestamp
from workers.store.jobs import Job, JobState, Role, iso_time

__all__ = [
    "Accepted",
    "AuditRecord",
    "AuditStarted",
    "Audits",
    "Cancelled",
    "CheckBody",
    "CheckStatus",
    "ErrorBody",
    "Flags",
    "Health",
    "KeyCreated",
    "KeyInfo",
    "KeyList",
    "NotReady",
    "Revoked",
    "SubmitOptions",
    "Timestamp",
    "check_status",
]

State = Annotated[JobState, WithJsonSchema({"enum": [s.value for s in JobState]})]
RoleName = Annotated[Role, WithJsonSchema({"enum": [r.value for r in Role]})]


class ErrorBody(TypedDict):
    """Every error: what went wrong (a word) and, in a sentence, what to do."""

    error: str
    detail: str
    fields: NotRequired[list[str]]  # 422: the request's fields at fault
    id: NotRequired[str]  # 409 idempotency_conflict: the check the key was first used for
    pages: NotRequired[int]  # 404 on a report page: how many pages the report has


@with_config(ConfigDict(extra="forbid"))
class Flags(TypedDict, total=False):
    """The rater's flags (docs/signals.md); each one true or false."""

    harmful: bool
    nonsensical: bool
    off_topic: bool
    minor_grammar_error: bool


# the flags as a string, as the command line takes them: "harmful,off_topic"
FlagList = Annotated[str, WithJsonSchema({"type": "string", "pattern": FLAG_LIST_PATTERN})]


# where the report's signals are posted: an http(s) URL of a public host, or of one in
# service.callback_allow_hosts (which hosts resolve to what is the server's to check: a
# refused one is 422, naming why)
CallbackUrl = Annotated[
    str,
    WithJsonSchema(
        {"type": "string", "format": "uri", "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[A-Za-z]"}
    ),
]


# a request's text: any but the control characters the service refuses (NUL and the other
# C0 controls but tab, newline and carriage return: verifier.schema.REFUSED_CHARACTERS)
Text = Annotated[str, WithJsonSchema({"type": "string", "pattern": TEXT_PATTERN})]


class SubmitOptions(TypedDict, total=False):
    callback_url: CallbackUrl | None


class CheckBody(TypedDict):
    """A check to run: the response (an empty one is scored 1, as the rubric says), the
    prompt it answered, the caller's id for it, the rater's flags, and options."""

    response: Text
    prompt: NotRequired[Text | None]
    id: NotRequired[Text | int | None]  # kept as a string
    flags: NotRequired[Flags | FlagList | None]
    options: NotRequired[SubmitOptions | None]


class Accepted(TypedDict):
    """202 to a submission: the check's id and where to read it."""

    id: str
    state: State
    created: bool  # false: an Idempotency-Key named an earlier request, this is its check
    location: str


class CheckStatus(TypedDict):
    """A check: its state, attempts and times, and its report once done."""

    id: str
    state: State
    attempts: int
    max_attempts: int
    error: str | None
    created_at: Timestamp
    updated_at: Timestamp
    finished_at: Timestamp | None
    report_status: Literal["complete", "incomplete"] | None  # when done
    done_by: str | None  # when done: the worker that stored the report (host:pid:tag)
    options: SubmitOptions
    report: Report | None  # verifier.report/4, when done


def check_status(job: Job) -> CheckStatus:
    """What the API shows about a job (no lease internals; times in ISO 8601), its
    ``report`` still to fill in."""
    return {
        "id": job.id,
        "state": job.state,
        "attempts": job.attempts,
        "max_attempts": job.max_attempts,
        "error": job.error,
        "created_at": iso_time(job.created_at),
        "updated_at": iso_time(job.updated_at),
        "finished_at": None if job.finished_at is None else iso_time(job.finished_at),
        "report_status": job.report_status,  # type: ignore[typeddict-item]
        "done_by": job.done_by,
        "options": job.options,  # type: ignore[typeddict-item]
        "report": None,
    }


class Cancelled(TypedDict):
    id: str
    state: State


class AuditStarted(TypedDict):
    job_id: str
    mode: Literal["replay", "rerun"]
    state: Literal["running"]
    location: str


@with_config(ConfigDict(extra="allow"))
class AuditRecord(TypedDict):
    """A finished audit: what changed between the check's report and the audit's
    (``same_decisions``, ``verdicts_changed``, ``sources_added``, ... see docs/service.md),
    or the ``error`` that stopped it."""

    id: str
    mode: str
    requested_by: str | None
    created_at: Timestamp


class Audits(TypedDict):
    job_id: str
    audits: list[AuditRecord]


class KeyCreated(TypedDict):
    """A new key: ``key`` is shown this once; ``callback_secret`` signs its callbacks."""

    id: str
    role: RoleName
    name: str
    key: str
    callback_secret: str


class KeyInfo(TypedDict):
    id: str
    role: RoleName
    name: str
    created_at: Timestamp
    revoked_at: Timestamp | None


class KeyList(TypedDict):
    keys: list[KeyInfo]


class Revoked(TypedDict):
    id: str
    revoked: bool


class Health(TypedDict):
    """What this server can do: ``status`` ok or degraded, what is ``down`` (database,
    disk, job_processes), ``ready`` to take work, each check's details and job counts."""

    status: Literal["ok", "degraded"]
    down: list[Literal["database", "disk", "job_processes"]]
    ready: bool
    version: str
    checks: dict[str, dict[str, Any]]
    jobs: dict[str, int]
    checked_s_ago: float


class NotReady(Health):
    """503 from ``/readyz``: the health, with the error."""

    error: str
    detail: str
