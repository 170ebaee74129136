"""The job queue of the PostgreSQL mode: procrastinate, on the service's own database.

One procrastinate task, ``verifier.check``, carries a job id. The job store defers it in
the transaction that makes a job ready (submitted, retried after a backoff, given back by
a worker that stopped), so a job row never exists without its task nor a task without its
row; cancelling a job asks procrastinate to abort the task (a running check is stopped).
Workers (`verifier worker --database postgresql://...`, on any host) run procrastinate's
worker: it fetches tasks (LISTEN/NOTIFY, with polling as a fallback), sends a heartbeat
every ``service.heartbeat_s`` and, with the other workers, looks for tasks whose worker
has been silent for ``service.stalled_after_s`` (killed, or its host lost) and sends them
back to the queue. The task itself leases the job in our ``jobs`` table and runs it with
:class:`~workers.worker.Worker`, which stores the report at most once (see
:mod:`workers.store.jobstore`).

A database outage stops procrastinate's worker (it can neither fetch nor send its
heartbeat). :func:`run_queue_worker` then waits for the database with backoff (one log
line when it goes, one when it is back), tells the store what the worker owes it (jobs
to give back), and starts procrastinate's worker again: a `verifier worker` never exits
because its database went away. A job whose task ended without it (a task that could
not reach the database) is given a new task by the next worker that looks
(:meth:`~workers.store.pgstore.PgJobStore.requeue_orphans`).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
from typing import TYPE_CHECKING, Any, cast

from verifier.config import Settings
from verifier.errors import VerifierError
from verifier.system.faults import infrastructure_fault
from verifier.system.postgres import CONNECT_TIMEOUT_S, POOL_TIMEOUT_S, RECONNECT_S, Migrations
from workers.retries import urgent

if TYPE_CHECKING:
    from workers.worker import QueuedJobStore, Worker

__all__ = [
    "QUEUE",
    "TASK",
    "abort_check",
    "defer_check",
    "queue_migrations",
    "run_queue_worker",
]

log = logging.getLogger("verifier.queue")

TASK = "verifier.check"
QUEUE = "checks"


def queue_migrations() -> Migrations:
    """procrastinate's own schema, applied by `verifier db migrate` as version 1 of the
    ``queue`` component (from the installed procrastinate)."""
    from procrastinate.schema import SchemaManager

    return Migrations("queue", (SchemaManager.get_schema(),))


def _deferrer_app() -> Any:
    """A procrastinate app that only defers and aborts, on the caller's connection (it
    never opens a pool of its own)."""
    import procrastinate

    return procrastinate.App(connector=procrastinate.SyncPsycopgConnector())


_DEFERRER: Any = None


def defer_check(conn: Any, job_id: str, run_at: float) -> int:
    """Defer the task for ``job_id`` on ``conn`` (inside the caller's transaction), to
    run at ``run_at`` (a Unix time); returns procrastinate's job id."""
    global _DEFERRER
    if _DEFERRER is None:
        _DEFERRER = _deferrer_app()
    when = dt.datetime.fromtimestamp(run_at, tz=dt.UTC)
    deferrer = _DEFERRER.configure_task(TASK, queue=QUEUE, schedule_at=when, connection=conn)
    return int(deferrer.defer(job_id=job_id))


def abort_check(conn: Any, queue_job_id: int) -> None:
    """Cancel the task (not started yet) or ask its worker to abort it (running)."""
    conn.execute("SELECT procrastinate_cancel_job_v1(%s, true, false)", (queue_job_id,)).fetchone()


async def run_queue_worker(
    url: str, worker: Worker, settings: Settings, stop: asyncio.Event
) -> None:
    """Run procrastinate's worker for ``worker`` until ``stop`` is set, then shut down
    gracefully: running checks get ``service.grace_s`` to finish, the rest are aborted
    and their jobs given back to the queue. When it stops for anything else (the
    database went away), wait for the database and start it again."""
    outage = worker.outage
    while not stop.is_set():
        try:
            await _run_procrastinate(url, worker, settings, stop)
        except Exception as exc:
            if stop.is_set():
                break
            reason = infrastructure_fault(exc)
            if reason is None:
                log.exception(  # the traceback is shown with --debug only (workers/logs.py)
                    "the queue worker stopped (%s: %s); starting it again",
                    type(exc).__name__,
                    str(exc).strip(),
                )
            outage.failed(reason or "error", f"{type(exc).__name__}: {str(exc).strip()}")
        else:
            if stop.is_set():
                break
            outage.failed("error", "the queue worker stopped by itself")
        await wait_for_store(worker, stop)


async def wait_for_store(worker: Worker, stop: asyncio.Event) -> bool:
    """Wait until the job store answers (and the jobs owed to it are given back), trying
    with the worker's outage backoff; False when ``stop`` came first."""
    while not stop.is_set():
        # jobs to give back before their leases run out: ask often
        wait = urgent(worker.outage.delay(), bool(worker.owed))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), wait)
        if stop.is_set():
            return False
        try:
            await asyncio.to_thread(worker.store.ping)
            await worker.settle()
        except VerifierError as exc:
            worker.outage.failed(infrastructure_fault(exc) or "error", str(exc))
            continue
        worker.outage.ok("jobs are taken again")
        return True
    return False


async def _run_procrastinate(
    url: str, worker: Worker, settings: Settings, stop: asyncio.Event
) -> None:
    import procrastinate

    service = settings.service
    app = procrastinate.App(
        connector=procrastinate.PsycopgConnector(
            conninfo=url,
            min_size=1,
            max_size=max(2, service.pool_size),
            timeout=POOL_TIMEOUT_S,
            reconnect_timeout=RECONNECT_S,
            kwargs={"connect_timeout": CONNECT_TIMEOUT_S},
        )
    )

    @app.task(name=TASK, queue=QUEUE, pass_context=True)
    async def check(context: Any, job_id: str) -> None:
        await worker.run_job(job_id, int(context.job.id))

    async with app.open_async():
        runner = asyncio.create_task(
            app.run_worker_async(
                queues=[QUEUE],
                name=worker.id,
                concurrency=worker.concurrency,
                wait=True,
                install_signal_handlers=False,
                shutdown_graceful_timeout=service.grace_s,
                update_heartbeat_interval=service.heartbeat_s,
                stalled_worker_timeout=service.stalled_after_s,
                fetch_job_polling_interval=max(service.poll_s, 1.0),
                abort_job_polling_interval=min(service.poll_s * 2, 1.0),
                delete_jobs="successful",
            )
        )
        sweeper = asyncio.create_task(_requeue_stalled(app, settings, worker))
        stopping = asyncio.create_task(stop.wait())
        try:
            await asyncio.wait({runner, stopping}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopping.cancel()
            sweeper.cancel()
            runner.cancel()  # procrastinate's graceful shutdown
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
            with contextlib.suppress(asyncio.CancelledError):
                await runner  # raises what stopped it, if anything did


async def _requeue_stalled(app: Any, settings: Settings, worker: Worker) -> None:
    """Every heartbeat period, send the tasks of workers silent for
    ``service.stalled_after_s`` back to the queue (any worker may do it; a task retried
    by another worker first is skipped), give jobs whose task ended without them a new
    task, and prune the rows of the workers that stopped (:func:`_prune_workers`)."""
    service = settings.service
    store = cast("QueuedJobStore", worker.store)
    while True:
        await asyncio.sleep(service.heartbeat_s)
        try:
            orphans = await asyncio.to_thread(store.requeue_orphans)
            stalled = await app.job_manager.get_stalled_jobs(
                queue=QUEUE, seconds_since_heartbeat=service.stalled_after_s
            )
        except Exception as exc:  # the database is away: the queue worker stops too
            log.debug("cannot look for stalled jobs: %s", exc)
            continue
        if orphans:
            log.warning("%d job(s) whose task had ended without them: queued again", orphans)
        for job in stalled:
            try:
                await app.job_manager.retry_job(job)
            except Exception as exc:  # another worker retried it first
                log.debug("stalled task %s not retried: %s", job.id, exc)
                continue
            log.warning(
                "job %s: its worker stopped answering (task %s); queued again",
                job.task_kwargs.get("job_id"),
                job.id,
            )
        await _prune_workers(app, service.stalled_after_s)


async def _prune_workers(app: Any, silent_s: float) -> None:
    """Delete the rows of workers silent for ``silent_s`` (stopped or killed: procrastinate
    prunes them only when a worker starts), after their tasks were sent back to the queue
    (a task whose worker row is gone counts as stalled too)."""
    try:
        pruned = await app.job_manager.prune_stalled_workers(silent_s)
    except Exception as exc:  # the database is away: next time
        log.debug("cannot prune stalled workers: %s", exc)
        return
    if pruned:
        log.info("pruned %d stopped worker row(s) from procrastinate_workers", len(pruned))
