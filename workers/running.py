"""What a worker adds to a check for the web app: the job's progress, written to the store
as claims finish (the API runs in another process and sees it only there), and the
corpora a submission chose among those the server offers.

:class:`JobProgress` is the progress callback :func:`verifier.pipeline.check` reports to
(``claim_queued``, ``claim_done``, ``copy_check``). It writes ``{state, claims_done,
claims_total, searches, started_at, updated_at}`` at most once per ``every_s`` (a later
change is written when it is due, and the last one when the check ends), only while the worker holds the job's lease;
a write that fails is logged and skipped: progress is a courtesy, never a reason to fail
a check.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from verifier.errors import VerifierError
from verifier.system.faults import infrastructure_fault

if TYPE_CHECKING:
    from verifier.runtime import Runtime
    from verifier.schema import Claim
    from workers.store.jobstore import JobStore

__all__ = ["JobProgress", "offered_corpora", "runtime_for"]

log = logging.getLogger("verifier.worker")


def offered_corpora(runtime: Runtime | None) -> list[str]:
    """The names of the local corpora a runtime searches (what a submission may choose)."""
    if runtime is None:
        return []
    return [b.name for b in runtime.backends if b.local]


def runtime_for(runtime: Runtime, options: dict[str, Any]) -> Runtime:
    """The runtime for one job: with ``options["corpora"]`` (a list of names), only those
    of the server's corpora are searched (web backends are unchanged); without it, all."""
    chosen = options.get("corpora")
    if not isinstance(chosen, list):
        return runtime
    backends = [b for b in runtime.backends if not b.local or b.name in chosen]
    return dataclasses.replace(runtime, backends=backends)


class JobProgress:
    """See the module docstring. Call :meth:`start` once, :meth:`aclose` at the end."""

    def __init__(
        self,
        store: JobStore,
        job_id: str,
        lease_owner: str,
        *,
        every_s: float = 1.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.job_id = job_id
        self.lease_owner = lease_owner
        self.every_s = every_s
        self.clock = clock
        self.state = "starting"
        self.claims_done = 0
        self.claims_total = 0
        self.searches = 0
        self.started_at = clock()
        self._last_write = float("-inf")
        self._changes = 0  # events seen
        self._written = -1  # events the last write carried
        self._pending: asyncio.Task[None] | None = None
        self._writes: set[asyncio.Task[None]] = set()

    def snapshot(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "claims_done": self.claims_done,
            "claims_total": self.claims_total,
            "searches": self.searches,
            "started_at": self.started_at,
            "updated_at": self.clock(),
        }

    def start(self) -> None:
        self._schedule()

    def __call__(self, event: str, claim: Claim | None = None) -> None:
        if event == "claim_queued":
            self.claims_total += 1
            self.state = "searching"
        elif event == "claim_done":
            self.claims_done += 1
            self.searches += len(claim.searches) if claim is not None else 0
        elif event == "copy_check":
            self.state = "copy check and scoring"
        else:
            return
        self._changes += 1
        self._schedule()

    def _schedule(self) -> None:
        if self._pending is not None and not self._pending.done():
            return  # a write is due; it will carry this change too
        wait = self._last_write + self.every_s - self.clock()
        self._pending = asyncio.create_task(self._write_after(max(0.0, wait)))

    async def _write_after(self, wait: float) -> None:
        if wait > 0:
            await asyncio.sleep(wait)
        self._last_write = self.clock()
        self._written = self._changes
        data = self.snapshot()
        write = asyncio.create_task(self._write(data))
        self._writes.add(write)
        write.add_done_callback(self._writes.discard)
        await asyncio.shield(write)

    async def _write(self, data: dict[str, Any]) -> None:
        try:
            await asyncio.to_thread(self.store.set_progress, self.job_id, self.lease_owner, data)
        except (VerifierError, AttributeError, TypeError) as exc:  # a store without it
            # a store that is down is reported once by the worker (workers/outage.py)
            level = logging.DEBUG if infrastructure_fault(exc) else logging.WARNING
            log.log(level, "job %s: cannot record its progress (%s)", self.job_id, exc)

    async def aclose(self) -> None:
        """Stop: a write under way is waited for, and the last change is written now
        rather than when it was due."""
        if self._pending is not None:
            self._pending.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pending
        if self._writes:
            await asyncio.gather(*self._writes, return_exceptions=True)
        if self._written != self._changes:
            self._written = self._changes
            await self._write(self.snapshot())
