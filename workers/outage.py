"""Waiting out a fault of the infrastructure (a full disk, a database that is down): how
long to wait before trying again, and what to say about it.

An :class:`Outage` is told of each failure and each success of whatever the caller tries
(leasing a job, storing a report, reaching the database). The first failure is logged
as one warning with its reason; later ones are not, except for one reminder every
``remind_s``; the first success after failures logs one line saying how long it lasted.
The wait between tries doubles from ``first_s`` up to ``max_s``. A few lines per outage
whatever its length: bounded log noise.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from workers.retries import doubling

__all__ = ["Outage"]


class Outage:
    def __init__(
        self,
        what: str,
        log: logging.Logger,
        *,
        first_s: float = 0.5,
        max_s: float = 30.0,
        remind_s: float = 300.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.what = what
        self.log = log
        self.first_s = first_s
        self.max_s = max(first_s, max_s)
        self.remind_s = remind_s
        self.clock = clock
        self.since: float | None = None  # when the current outage began
        self.reason = ""
        self.failures = 0
        self._reminded = 0.0

    @property
    def active(self) -> bool:
        return self.since is not None

    def delay(self) -> float:
        """How long to wait before the next try (0 when all is well)."""
        if self.since is None:
            return 0.0
        return doubling(self.failures, self.first_s, self.max_s)

    def failed(self, reason: str, detail: str = "") -> float:
        """A try failed for ``reason``; returns how long to wait before the next."""
        now = self.clock()
        self.failures += 1
        self.reason = reason
        if self.since is None:
            self.since = self._reminded = now
            self.log.warning(
                "%s is unavailable (%s)%s; waiting for it, trying again with backoff up to %g s",
                self.what,
                reason,
                f": {detail}" if detail and detail != reason else "",
                self.max_s,
            )
        elif now - self._reminded >= self.remind_s:
            self._reminded = now
            self.log.warning(
                "%s is still unavailable (%s) after %.0f s", self.what, reason, now - self.since
            )
        return self.delay()

    def ok(self, note: str = "") -> float | None:
        """A try succeeded; returns how long the outage lasted (None if there was none)."""
        if self.since is None:
            return None
        lasted = self.clock() - self.since
        self.log.warning(
            "%s answers again after %.1f s (%s)%s",
            self.what,
            lasted,
            self.reason,
            f"; {note}" if note else "",
        )
        self.since = None
        self.failures = 0
        self.reason = ""
        return lasted
