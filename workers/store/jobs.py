"""The service's vocabulary: a job (:class:`Job`, as the job store keeps it), job states and
API key roles; and how many processes run checks when none is asked for.

States and roles are :class:`enum.StrEnum`, so a member *is* its string: it compares equal to it, is
stored in SQLite as it and goes into JSON as it. The values are what the API returns
and what the job store keeps, so they must not change. The OpenAPI document and the
command line take their lists from here.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the command line imports this module: no settings machinery at start
    from verifier.config import Settings

__all__ = ["Job", "JobState", "Role", "default_processes", "iso_time"]


def iso_time(epoch: float) -> str:
    """A time the store keeps (epoch seconds) as the API and reports say times: ISO 8601
    UTC, to the millisecond."""
    return datetime.fromtimestamp(epoch, UTC).isoformat(timespec="milliseconds")


class JobState(StrEnum):
    """Where a job is: waiting, being worked on, or ended (done, failed or cancelled)."""

    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"


class Role(StrEnum):
    """What an API key may do (see docs/service.md); ``admin`` may do everything."""

    RATER = "rater"
    SERVICE = "service"
    AUDITOR = "auditor"
    ADMIN = "admin"


@dataclass(frozen=True, slots=True)
class Job:
    """A check request and where it is: its state, attempts and lease (see
    :mod:`workers.store.jobstore`)."""

    id: str
    state: JobState
    owner: str | None
    request: dict[str, Any]
    options: dict[str, Any]
    idempotency_key: str | None
    attempts: int
    max_attempts: int
    lease_owner: str | None
    lease_until: float | None
    next_run_at: float
    error: str | None
    created_at: float
    updated_at: float
    finished_at: float | None
    report_status: str | None = None  # "complete" or "incomplete" once done
    done_by: str | None = None  # the worker that stored the report (host:pid:tag)


def default_processes(settings: Settings, web: bool) -> int:
    """Processes that run checks (a batch's, the service's jobs) when none is asked for:
    one per core, but one when the public web search (ddgs) is in use: its pacing holds
    per process, and a public engine that sees twice the rate answers with rate limits."""
    if web and "ddgs" in settings.search.backends:
        return 1
    return os.cpu_count() or 1
