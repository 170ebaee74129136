"""What `/healthz` and `/readyz` say: is the job store answering, has the data dir's disk
room, how many of the configured job processes are alive.

A :class:`HealthMonitor` probes in the background (every ``every_s``) and keeps the last
answer, so a health request never waits on a store that hangs: a probe that takes longer
than ``timeout_s`` counts as the store not answering, and the request answers from what
is known, within a second. A request may ask for a fresh probe (``fresh``), waited for
at most ``timeout_s``. The API tells the monitor of faults its requests meet
(:meth:`HealthMonitor.saw`): a full disk is reported at once, not at the next probe.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from verifier import __version__
from verifier.errors import VerifierError
from verifier.system.faults import DISK_FULL, infrastructure_fault
from workers.store.jobstore import JobStore

__all__ = ["Health", "HealthMonitor"]

_DISK_FULL_HOLD_S = 10.0  # a "disk full" a request met is believed this long
_MAX_PENDING = 3  # store calls of probes that may hang at once


@dataclass(slots=True)
class Health:
    database_ok: bool = True
    database: str = "not probed yet"
    disk_ok: bool = True
    disk: str = ""
    free_bytes: int | None = None
    processes: tuple[int, int, list[int]] | None = None  # alive, configured, their pids
    jobs: dict[str, int] = field(default_factory=dict)
    checked_at: float = 0.0

    @property
    def ready(self) -> bool:
        """Can this server take work: the store answers and the disk has room."""
        return self.database_ok and self.disk_ok

    def body(self, now: float) -> dict[str, Any]:
        down = [
            name
            for name, ok in (
                ("database", self.database_ok),
                ("disk", self.disk_ok),
                (
                    "job_processes",
                    self.processes is None or self.processes[0] >= self.processes[1],
                ),
            )
            if not ok
        ]
        checks: dict[str, Any] = {
            "database": {"ok": self.database_ok, "detail": self.database},
            "disk": {"ok": self.disk_ok, "detail": self.disk, "free_bytes": self.free_bytes},
        }
        if self.processes is not None:
            alive, configured, pids = self.processes
            checks["job_processes"] = {
                "ok": alive >= configured,
                "alive": alive,
                "configured": configured,
                "pids": pids,
            }
        return {
            "status": "degraded" if down else "ok",
            "down": down,
            "ready": self.ready,
            "version": __version__,
            "checks": checks,
            "jobs": self.jobs,
            "checked_s_ago": round(max(0.0, now - self.checked_at), 1),
        }


class HealthMonitor:
    def __init__(
        self,
        store: JobStore,
        data_dir: Path,
        *,
        min_free_bytes: int,
        processes: Callable[[], tuple[int, int, list[int]]] | None = None,
        every_s: float = 2.0,
        timeout_s: float = 0.8,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.data_dir = data_dir
        self.min_free_bytes = min_free_bytes
        self.processes = processes
        self.every_s = every_s
        self.timeout_s = timeout_s
        self.clock = clock
        self.health = Health()
        self._disk_full_until = float("-inf")
        self._probe: asyncio.Task[None] | None = None
        self._running = False
        self._store_calls: set[asyncio.Future[dict[str, int]]] = set()

    def saw(self, exc: BaseException) -> None:
        """A request met ``exc``: a fault of the infrastructure shows at once."""
        reason = infrastructure_fault(exc)
        if reason == DISK_FULL:
            self._disk_full_until = self.clock() + _DISK_FULL_HOLD_S
            self.health.disk_ok = False
            self.health.disk = "disk full: a write of the job store failed"
        elif reason is not None:
            self.health.database_ok = False
            self.health.database = f"{reason}: {exc}"

    def answered(self) -> None:
        """A request's store call just succeeded: the store answers."""
        if not self.health.database_ok:
            self.health.database_ok = True
            self.health.database = "answers"

    async def run(self) -> None:
        """Probe every ``every_s`` until :meth:`close` (or cancelled). The flag, not only
        the cancellation, ends the loop: Python 3.11's ``asyncio.wait_for`` can swallow a
        cancellation that arrives as its future completes, and the app's cleanup would
        then wait on this loop for ever."""
        self._running = True
        while self._running:
            await self.fresh()
            if self._running:
                await asyncio.sleep(self.every_s)

    def close(self) -> None:
        """End :meth:`run` at its next step."""
        self._running = False

    async def fresh(self, max_age_s: float = 0.0) -> Health:
        """The health, probed now unless the last probe is younger than ``max_age_s``;
        never waits much over ``timeout_s``."""
        if self.clock() - self.health.checked_at > max_age_s:
            if self._probe is None or self._probe.done():
                self._probe = asyncio.create_task(self._check())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._probe), self.timeout_s + 0.1)
        return self.health

    async def _check(self) -> None:
        now = self.clock()
        self._check_disk(now)
        if self.processes is not None:
            self.health.processes = self.processes()
        # the store call runs in a thread that may hang (a database gone) until the
        # store's own timeout: a call still running after timeout_s means "not answering",
        # and the next probe asks again beside it (at most a few at once)
        if len(self._store_calls) >= _MAX_PENDING:
            call = next(iter(self._store_calls))
        else:
            call = asyncio.ensure_future(asyncio.to_thread(self.store.counts))
            self._store_calls.add(call)
            # its error is read here or, after a timeout, by this callback: never left
            call.add_done_callback(self._store_calls.discard)
            call.add_done_callback(lambda f: None if f.cancelled() else f.exception())
        started = self.clock()
        try:
            jobs = await asyncio.wait_for(asyncio.shield(call), self.timeout_s)
        except TimeoutError:
            self.health.database_ok = False
            self.health.database = (
                f"database unavailable: no answer within {self.timeout_s:g} s"
                f" (asked {self.clock() - started:.1f} s ago)"
            )
        except VerifierError as exc:
            self.health.database_ok = False
            reason = infrastructure_fault(exc) or "error"
            self.health.database = f"{reason}: {exc}"
        else:
            self.health.database_ok = True
            self.health.database = "answers"
            self.health.jobs = jobs
        self.health.checked_at = now

    def _check_disk(self, now: float) -> None:
        try:
            free = shutil.disk_usage(self.data_dir).free
        except OSError as exc:
            self.health.free_bytes = None
            self.health.disk_ok = False
            self.health.disk = f"cannot read the free space of {self.data_dir}: {exc.strerror}"
            return
        self.health.free_bytes = free
        if free < self.min_free_bytes:
            self.health.disk_ok = False
            self.health.disk = (
                f"disk full: {free:,} bytes free in {self.data_dir}, under"
                f" service.min_free_mb ({self.min_free_bytes // 2**20} MB)"
            )
        elif now < self._disk_full_until:
            self.health.disk_ok = False
        else:
            self.health.disk_ok = True
            self.health.disk = f"{free:,} bytes free in {self.data_dir}"
