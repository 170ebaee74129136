"""Workers: lease jobs from the store, run checks, store reports exactly once.

A :class:`Worker` runs up to ``concurrency`` jobs at once in one process; several worker
processes may share one store. Each job's lease is renewed every ``lease_s / 3`` seconds;
when a renewal fails (the job was cancelled, or the lease was lost) the check is stopped.
A failed attempt is retried with exponential backoff until ``max_attempts``; bad input
fails at once (these decisions are :mod:`workers.retries`'). On :meth:`Worker.run`'s
stop event, the worker takes no new jobs, gives running ones ``grace_s`` to finish, then
gives the rest back to the queue.

A fault of the infrastructure (:func:`verifier.system.faults.infrastructure_fault`: a full disk,
the database gone, memory out) is nobody's fault: the job is given back to the queue
with its attempt uncounted, to run again after a backoff, and the worker waits before it
leases again (:class:`~workers.outage.Outage`: a few log lines per outage). A report that
cannot be stored yet is kept and stored when the store answers; a job that could not be
given back because the store was down is given back as soon as it answers. The worker
never exits because its store is away.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import socket
import threading
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol, cast

from verifier.errors import VerifierError
from verifier.pipeline import check
from verifier.runtime import Runtime
from verifier.schema import CheckRequest, Report
from verifier.search.corpus import refresh_corpora
from verifier.system.faults import DB_BUSY, DB_DOWN, infrastructure_fault
from workers.outage import Outage
from workers.rendered import Rendered, render_report
from workers.retries import URGENT_S, Outcome, RetryPolicy, outcome_of, urgent
from workers.running import JobProgress, runtime_for
from workers.store.jobs import Job, JobState
from workers.store.jobstore import JobStore

__all__ = ["JobTimeout", "ReportRefused", "Worker", "WorkerStats"]

log = logging.getLogger("verifier.worker")

DoneHook = Callable[[Job, Report], Awaitable[None]]


class QueuedJobStore(JobStore, Protocol):
    """A store whose jobs are handed out by a queue (:class:`~workers.store.pgstore.PgJobStore`)."""

    def lease_queued_job(
        self, job_id: str, queue_job_id: int, lease_owner: str, lease_s: float
    ) -> Job | None: ...
    def lease_left(self, job_id: str) -> float: ...
    def requeue_orphans(self, limit: int = 100) -> int: ...


class JobTimeout(Exception):
    """An attempt ran over the job time limit."""


class ReportRefused(Exception):
    """The store refused this job's report while it answers other writes (a value it
    cannot hold, say): the job's fault, an attempt counted, never an outage."""


# how many times a report the store refuses while its health is good is offered again
# before the attempt is failed (a refusal that is not an infrastructure fault: at once)
REFUSALS_WHILE_HEALTHY = 3


# How long past its job_timeout_s a job may still be running before the guard thread
# takes the event loop for stuck (a check holding it, so that the timeout cannot fire)
STUCK_S = 5.0


@dataclass(slots=True)
class Running:
    """A job this worker runs, as its guard thread sees it."""

    job: Job
    deadline: float  # time.monotonic() past which it ran over job_timeout_s
    limit: float
    renewed: float  # when its lease was last renewed (monotonic)


@dataclass(slots=True)
class WorkerStats:
    done: int = 0
    failed: int = 0
    retried: int = 0
    lost: int = 0
    released: int = 0
    given_back: int = 0  # after a fault of the infrastructure, attempt uncounted


class Worker:
    def __init__(
        self,
        store: JobStore,
        runtime: Runtime,
        *,
        concurrency: int = 2,
        worker_id: str | None = None,
        on_done: DoneHook | None = None,
        on_timeout: Callable[[Job], None] | None = None,
        exit_when_stuck: bool = False,
    ) -> None:
        self.store = store
        self.runtime = runtime
        self.settings = runtime.settings.service
        self.policy = RetryPolicy.from_settings(self.settings)
        self.concurrency = concurrency
        self.id = worker_id or f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"
        self.on_done = on_done
        # a job ran over job_timeout_s: its coroutine is stopped, but work it handed to a
        # thread cannot be; a job process of serve stops so that it is replaced
        self.on_timeout = on_timeout
        # the guard thread (see _guard): leases renewed while a check holds the event loop,
        # and a process whose loop a check holds past job_timeout_s ended (to be replaced)
        self.exit_when_stuck = exit_when_stuck
        self._active: dict[str, Running] = {}
        self._guard_thread: threading.Thread | None = None
        self._guard_lock = threading.Lock()
        self.stats = WorkerStats()
        self.running: dict[str, asyncio.Task[None]] = {}
        self.outage = Outage(
            "the job store", log, first_s=min(self.settings.poll_s, 1.0), max_s=10.0
        )
        # what the store must still be told once it answers again: job id -> the call
        self._owed: dict[str, Callable[[], object]] = {}
        self._storing = 0  # finished jobs whose report waits for the store

    async def run(self, stop: asyncio.Event) -> None:
        """Work until ``stop`` is set, then drain (see the module docstring)."""
        log.info("worker %s started (concurrency %d)", self.id, self.concurrency)
        while not stop.is_set():
            job = None
            # no new job while a finished one waits for the store: its lease may have
            # run out meanwhile, and the report must be stored before anyone takes it
            if len(self.running) < self.concurrency and not self._storing:
                try:
                    await self.settle()
                    job = await asyncio.to_thread(
                        self.store.lease_job, self.id, self.settings.lease_s
                    )
                except VerifierError as exc:
                    self._store_failed(exc)
                else:
                    if job is None and self.outage.reason in (DB_DOWN, DB_BUSY):
                        self.outage.ok()  # it answers: what was down is up (a full disk
                        # is over when a report is stored, see _one)
            if job is None:
                # what is owed is given back before its leases run out
                wait = urgent(self.outage.delay() or self.settings.poll_s, bool(self._owed))
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), wait)
                continue
            task = asyncio.create_task(self._one(job))
            self.running[job.id] = task
            task.add_done_callback(functools.partial(self._forget, job.id))
        await self.drain()

    def _forget(self, job_id: str, _task: asyncio.Task[None]) -> None:
        self.running.pop(job_id, None)

    async def run_job(self, job_id: str, queue_job_id: int) -> None:
        """Run the job a task of the queue carries (the PostgreSQL mode, where
        procrastinate hands out work instead of :meth:`run`'s polling). A job still
        leased to a worker the queue found stalled is taken once that lease expires.
        While the store cannot be written the task waits (it never fails for that:
        a task that ended without its job is deferred again, see
        :meth:`~workers.store.pgstore.PgJobStore.requeue_orphans`)."""
        store = cast(QueuedJobStore, self.store)
        lease_s = self.settings.lease_s
        while True:
            try:
                await self.settle()
                job = await asyncio.to_thread(
                    store.lease_queued_job, job_id, queue_job_id, self.id, lease_s
                )
                if job is not None:
                    break
                wait = await asyncio.to_thread(store.lease_left, job_id)
            except VerifierError as exc:
                await asyncio.sleep(self._store_failed(exc))
                continue
            if wait <= 0:
                return  # ended, cancelled, or superseded by a newer task
            await asyncio.sleep(self.policy.lease_wait(wait))
        await self._one(job)

    def _store_failed(self, exc: VerifierError) -> float:
        """The store did not answer: how long to wait before trying again."""
        reason = infrastructure_fault(exc)
        if reason is None:
            log.warning("the job store refused: %s", exc)
            reason = "error"
        return self.outage.failed(reason, str(exc))

    async def settle(self) -> None:
        """Tell the store what it could not be told while it was down (jobs to give
        back); a StoreError while it still cannot be."""
        for job_id, call in list(self._owed.items()):
            await asyncio.to_thread(call)
            self._owed.pop(job_id, None)

    @property
    def owed(self) -> int:
        """Jobs the store has not yet been told about (given back, failed)."""
        return len(self._owed)

    async def drain(self) -> None:
        tasks = list(self.running.values())
        if not tasks:
            return
        _done, pending = await asyncio.wait(tasks, timeout=self.settings.grace_s)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)

    async def _check(self, job: Job) -> Report:
        """The job's stored request, validated as every request is, checked."""
        limits = self.runtime.settings.limits
        request = CheckRequest.from_dict(
            {"id": job.id, **job.request},
            max_response_chars=limits.max_response_chars,
            max_prompt_chars=limits.max_prompt_chars,
        )
        # a corpus document edited since this worker indexed it: re-indexed first, so the
        # check reads the corpus as it is now (as the Label Studio backend's version says)
        await refresh_corpora(self.runtime.backends)
        # the web app: the job's progress in the store, and the corpora it chose (running.py)
        progress = JobProgress(self.store, job.id, self.id)
        progress.start()
        try:
            return await check(request, runtime_for(self.runtime, job.options), progress=progress)
        finally:
            await progress.aclose()

    async def _one(self, job: Job) -> None:
        limit = self.settings.job_timeout_s or self.runtime.settings.limits.report_budget_s + 60
        now = time.monotonic()
        self._active[job.id] = Running(job, now + limit, limit, now)
        self._start_guard()
        try:
            await self._one_guarded(job, limit)
        finally:
            self._active.pop(job.id, None)

    def _start_guard(self) -> None:
        with self._guard_lock:
            if self._guard_thread is None:
                self._guard_thread = threading.Thread(
                    target=self._guard, name=f"guard {self.id}", daemon=True
                )
                self._guard_thread.start()

    def _guard(self) -> None:
        """A thread of its own, so that a check that holds the event loop (work on it
        that never awaits) cannot stop it: renews the lease of a job whose renewal on the
        loop is late (a second attempt never starts beside a live first), and when a job
        runs :data:`STUCK_S` past its job_timeout_s without the loop having stopped it,
        fails the attempt with the reason and ends the process (``exit_when_stuck``: a job
        process of serve is replaced, a worker restarted by its supervisor)."""
        every = self.policy.renew_every()
        while True:
            time.sleep(min(1.0, every / 2))
            with self._guard_lock:
                if not self._active:  # ends with the last job; the next starts another
                    self._guard_thread = None
                    return
            for running in list(self._active.values()):
                now = time.monotonic()
                if now - running.renewed > every * 1.5:
                    with contextlib.suppress(VerifierError):
                        if self.store.renew(running.job.id, self.id, self.settings.lease_s):
                            running.renewed = now
                if self.exit_when_stuck and now > running.deadline + STUCK_S:
                    self._stuck(running)

    def _stuck(self, running: Running) -> None:
        job = running.job
        error = (
            f"the job ran over {running.limit:g} s (service.job_timeout_s) and was stopped "
            "with its process (the check held it)"
        )
        log.error("job %s: %s; this process ends now, to be replaced", job.id, error)
        with contextlib.suppress(Exception):
            retry_in = self.policy.retry_in(Outcome.RETRY, job.attempts)
            self.store.fail(job.id, self.id, error, retry_in)
        logging.shutdown()
        os._exit(75)

    async def _one_guarded(self, job: Job, limit: float) -> None:
        check_task = asyncio.create_task(self._timed(self._check(job), limit))
        keeper = asyncio.create_task(self._keep_lease(job, check_task))
        try:
            report = await check_task
            data = report.to_dict()
            # the page is rendered here, where the check's cost is paid, under the lease
            rendered = await self._render(job, report, data)
        except asyncio.CancelledError:
            if keeper.done() and keeper.result() is False:
                self.stats.lost += 1  # cancelled by the client, or the lease was lost
                return
            await self._release(job)  # the worker is stopping
            raise
        except Exception as exc:
            await self._failed(job, exc)
            if isinstance(exc, JobTimeout) and self.on_timeout is not None:
                self.on_timeout(job)
            return
        finally:
            keeper.cancel()
        try:
            stored = await self._store_report(job, data, rendered)
        except ReportRefused as exc:
            log.warning("job %s: the store refused its report: %s", job.id, exc)
            await self._fail(job, f"the store refused the report: {exc}", Outcome.RETRY)
            return
        except asyncio.CancelledError:
            # stopped while the store was down: the report is stored when it answers (by
            # this worker's next settle), not thrown away with the check's cost
            self._owed[job.id] = lambda: self.store.complete(job.id, self.id, data, rendered)
            raise
        if not stored:
            self.stats.lost += 1
            log.warning("job %s: lease lost before the report was stored; discarded", job.id)
            return
        self.outage.ok()
        self.stats.done += 1
        if self.on_done is not None:
            try:
                await self.on_done(job, report)
            except Exception:
                log.exception("job %s: after-completion hook failed", job.id)

    async def _failed(self, job: Job, exc: Exception) -> None:
        """An attempt raised ``exc``: fail, retry or give the job back
        (:func:`workers.retries.outcome_of`)."""
        outcome, reason = outcome_of(exc)
        if outcome is Outcome.GIVE_BACK:
            await self._give_back(job, reason or "error", exc)
            return
        if outcome is Outcome.FAIL:
            await self._fail(job, str(exc), outcome)
            return
        log.exception("job %s attempt %d failed", job.id, job.attempts, exc_info=exc)
        await self._fail(job, f"{type(exc).__name__}: {exc}", outcome)

    @staticmethod
    async def _timed(work: Awaitable[Report], limit: float) -> Report:
        try:
            async with asyncio.timeout(limit):
                return await work
        except TimeoutError as exc:
            msg = f"the job ran over {limit:g} s (service.job_timeout_s) and was stopped"
            raise JobTimeout(msg) from exc

    async def _keep_lease(self, job: Job, work: asyncio.Task[Report]) -> bool:
        every = self.policy.renew_every()
        while True:
            await asyncio.sleep(every)
            try:
                ok = await asyncio.to_thread(
                    self.store.renew, job.id, self.id, self.settings.lease_s
                )
            except VerifierError as exc:
                self._store_failed(exc)  # the check goes on; it is stored when it can be
                continue
            if not ok:
                work.cancel()
                return False
            running = self._active.get(job.id)
            if running is not None:
                running.renewed = time.monotonic()

    @staticmethod
    async def _render(job: Job, report: Report, data: dict[str, Any]) -> Rendered | None:
        """The report's pages and summary; None (logged) when they cannot be made: the
        report is stored without them, never lost for them."""
        try:
            return await asyncio.to_thread(render_report, report, data)
        except Exception:
            log.exception("job %s: its page could not be rendered; stored without it", job.id)
            return None

    async def _store_report(
        self, job: Job, data: dict[str, Any], rendered: Rendered | None
    ) -> bool:
        """Store the report, waiting for the store while it cannot be written (the lease
        may run out meanwhile: then a worker that took the job over wins, and this
        report is refused). False when the lease was lost. ReportRefused when the store
        refuses this report while it answers: an error that is not a fault of the
        infrastructure, or one that recurs while the store's own health (a ping) is good:
        an outage is the store's, never one job's write."""
        waiting = False
        refusals = 0
        try:
            while True:
                try:
                    return await asyncio.to_thread(
                        self.store.complete, job.id, self.id, data, rendered
                    )
                except VerifierError as exc:
                    reason = infrastructure_fault(exc)
                    if reason is None:
                        raise ReportRefused(str(exc)) from exc
                    # a full disk or a disk error lets a read through: only a database
                    # said to be down or busy is asked whether it answers
                    if reason in (DB_DOWN, DB_BUSY) and await self._store_answers():
                        refusals += 1
                        if refusals >= REFUSALS_WHILE_HEALTHY:
                            raise ReportRefused(str(exc)) from exc
                        await asyncio.sleep(URGENT_S)
                        continue
                    if not waiting:
                        waiting = True
                        self._storing += 1
                    # tried often: stored before the lease runs out, a finished check is
                    # not run again by another worker
                    await asyncio.sleep(urgent(self._store_failed(exc), owed=True))
        finally:
            self._storing -= waiting

    async def _store_answers(self) -> bool:
        """The store's own health: it answers a trivial statement in a write transaction."""
        try:
            await asyncio.to_thread(self.store.ping, True)
        except VerifierError:
            return False
        return True

    async def _give_back(self, job: Job, reason: str, exc: BaseException) -> None:
        """A fault of the infrastructure stopped the attempt: back to the queue, its
        attempt uncounted, to run after the outage's backoff."""
        delay = self.outage.failed(reason, f"{type(exc).__name__}: {exc}")
        self.stats.given_back += 1
        log.info("job %s: given back to the queue (%s), attempt uncounted", job.id, reason)

        def release() -> object:
            return self.store.release(job.id, self.id, delay)

        await self._tell(job, release)

    async def _tell(self, job: Job, call: Callable[[], object]) -> object:
        """Tell the store ``call``; when it cannot be told now, owe it (see :meth:`settle`)."""
        try:
            return await asyncio.shield(asyncio.to_thread(call))
        except VerifierError as exc:
            self._owed[job.id] = call
            self._store_failed(exc)
            return None

    async def _fail(self, job: Job, error: str, outcome: Outcome) -> None:
        retry_in = self.policy.retry_in(outcome, job.attempts)

        def fail() -> object:
            return self.store.fail(job.id, self.id, error, retry_in)

        state = await self._tell(job, fail)
        if state == JobState.QUEUED:
            self.stats.retried += 1
        elif state == JobState.FAILED:
            self.stats.failed += 1

    async def _release(self, job: Job) -> None:
        released = await self._tell(job, lambda: self.store.release(job.id, self.id))
        self.stats.released += bool(released)
