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
:mod:`workers.jobstore`).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
from typing import TYPE_CHECKING, Any

from verifier.config import Settings
from verifier.postgres import Migrations

if TYPE_CHECKING:
    from .worker import Worker

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
    and their jobs given back to the queue."""
    import procrastinate

    service = settings.service
    app = procrastinate.App(
        connector=procrastinate.PsycopgConnector(
            conninfo=url, min_size=1, max_size=max(2, service.pool_size)
        )
    )

    @app.task(name=TASK, queue=QUEUE, pass_context=True)
    async def check(context: Any, job_id: str) -> None:
        await worker.run_job(job_id, int(context.job.id))

    async with app.open_async():
        sweeper = asyncio.create_task(_requeue_stalled(app, settings))
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
                await runner


async def _requeue_stalled(app: Any, settings: Settings) -> None:
    """Every heartbeat period, send the tasks of workers silent for
    ``service.stalled_after_s`` back to the queue (any worker may do it; a task retried
    by another worker first is skipped)."""
    service = settings.service
    while True:
        await asyncio.sleep(service.heartbeat_s)
        try:
            stalled = await app.job_manager.get_stalled_jobs(
                queue=QUEUE, seconds_since_heartbeat=service.stalled_after_s
            )
        except Exception as exc:
            log.warning("cannot look for stalled jobs: %s", exc)
            continue
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
