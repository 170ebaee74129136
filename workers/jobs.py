"""The service's vocabulary: job states and API key roles; and how many processes run
checks when none is asked for.

Both are :class:`enum.StrEnum`, so a member *is* its string: it compares equal to it, is
stored in SQLite as it and goes into JSON as it. The values are what the API returns
and what the job store keeps, so they must not change. The OpenAPI document and the
command line take their lists from here.
"""

from __future__ import annotations

import os
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the command line imports this module: no settings machinery at start
    from verifier.config import Settings

__all__ = ["JobState", "Role", "default_processes"]


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


def default_processes(settings: Settings, web: bool) -> int:
    """Processes that run checks (a batch's, the service's jobs) when none is asked for:
    one per core, but one when the public web search (ddgs) is in use: its pacing holds
    per process, and a public engine that sees twice the rate answers with rate limits."""
    if web and "ddgs" in settings.search.backends:
        return 1
    return os.cpu_count() or 1
