"""The service's vocabulary: job states and API key roles.

Both are :class:`enum.StrEnum`, so a member *is* its string: it compares equal to it, is
stored in SQLite as it and goes into JSON as it. The values are what the API returns
and what the job store keeps, so they must not change. The OpenAPI document and the
command line take their lists from here.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["JobState", "Role"]


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
