"""The service: the HTTP API with its job processes (`verifier serve`), or a job loop alone
(`verifier worker`), sharing the job store: SQLite under the data dir (workers poll it;
one machine), or PostgreSQL with procrastinate's queue (any number of hosts). Checks
never run in the API's process, so a busy machine does not slow its answers."""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import multiprocessing.process
import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click
from aiohttp import web

from verifier.config import Settings
from verifier.lifetime import become_subreaper, reap_orphans
from verifier.model import Report
from verifier.pipeline import Runtime
from verifier.postgres import database_of
from verifier.runtime import open_runtime

from .api import Metrics, create_app
from .callbacks import CallbackSender
from .jobs import default_processes
from .jobstore import JobStore, SqliteJobStore
from .labelstudio.backend import add_label_studio_backend
from .webapp import add_web_app
from .worker import Worker

__all__ = ["job_store", "run_service"]

_JOB_NICENESS = 10  # how much lower the job processes' scheduling priority is


@contextmanager
def job_store(settings: Settings) -> Iterator[JobStore]:
    """The service's job store (``service.database``: PostgreSQL, or SQLite under the
    data dir), closed on the way out."""
    database = database_of(settings)
    store: JobStore
    if database.postgres:
        from .pgstore import PgJobStore

        store = PgJobStore(database.target, pool_size=settings.service.pool_size)
    else:
        store = SqliteJobStore(database.target)
    try:
        yield store
    finally:
        store.close()


async def run_service(
    settings: Settings,
    corpora: tuple[str, ...],
    web_on: bool,
    concurrency: int,
    *,
    serve: tuple[str, int] | None,
    processes: int = 0,
) -> None:
    """``serve`` given: the API here and, unless ``concurrency`` is 0, the job loop in
    ``processes`` child processes (0: :func:`~workers.jobs.default_processes`), each
    running ``concurrency`` jobs at once. ``serve`` None: the job loop in this process
    (`verifier worker`)."""
    service = settings.service
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    base = service.public_url or (
        f"http://{serve[0]}:{serve[1]}" if serve else f"http://{service.host}:{service.port}"
    )
    children: list[multiprocessing.process.BaseProcess] = []
    with job_store(settings) as store:
        async with open_runtime(settings, corpora=corpora, web=web_on) as runtime:
            metrics = Metrics(store)
            sender = CallbackSender(store, service, base)
            if serve is None:
                await _job_loop(store, runtime, metrics, sender, concurrency, stop)
                await sender.aclose()
                return
            app = create_app(
                store,
                settings,
                snapshots=runtime.snapshots,
                rerun_runtime=runtime,
                metrics_=metrics,
            )
            add_web_app(app)  # the web app for raters, under /app/ (workers/webapp)
            add_label_studio_backend(app)  # Label Studio's ML backend, /labelstudio/
            runner = web.AppRunner(app, handle_signals=False)
            await runner.setup()
            await web.TCPSite(runner, serve[0], serve[1]).start()
            count = (processes or default_processes(settings, web_on)) if concurrency else 0
            context = multiprocessing.get_context("spawn")
            children = [
                context.Process(
                    target=_job_process, args=(settings, corpora, web_on, concurrency, base)
                )
                for _ in range(count)
            ]
            become_subreaper()  # the orphans of a killed job process are reaped here
            for child in children:
                child.start()
            click.echo(
                f"verifier: serving on http://{serve[0]}:{serve[1]} (jobs: {count} process(es), "
                f"{concurrency} at once in each)",
                err=True,
            )
            await _reap_until(stop)
            await runner.cleanup()  # no new work, then the job processes drain
            for child in children:
                if child.pid is not None and child.is_alive():
                    os.kill(child.pid, signal.SIGTERM)
            deadline = service.grace_s + 30
            await asyncio.gather(
                *(loop.run_in_executor(None, child.join, deadline) for child in children)
            )
            for child in children:
                if child.is_alive():
                    child.kill()
            await sender.aclose()


async def _reap_until(stop: asyncio.Event, every_s: float = 1.0) -> None:
    """Wait for ``stop``, collecting the exit status of the orphans a killed job process
    leaves (its extraction workers die with it), so none stays <defunct>."""
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every_s)
        await asyncio.to_thread(reap_orphans)


async def _job_loop(
    store: JobStore,
    runtime: Runtime,
    metrics: Metrics,
    sender: CallbackSender,
    concurrency: int,
    stop: asyncio.Event,
) -> None:
    async def done(job: Any, report: Report) -> None:
        metrics.observe(job, report)
        await sender.deliver(job, report)

    worker = Worker(store, runtime, concurrency=concurrency, on_done=done)
    database = database_of(runtime.settings)
    click.echo(
        f"verifier: worker {worker.id} ({concurrency} at once; jobs from {database})", err=True
    )
    if database.postgres:
        from .queue import run_queue_worker

        await run_queue_worker(database.target, worker, runtime.settings, stop)
    else:
        await worker.run(stop)


def _job_process(
    settings: Settings, corpora: tuple[str, ...], web_on: bool, concurrency: int, base: str
) -> None:
    """A job process of `verifier serve`: the job loop, stopped by SIGTERM (it drains).
    It runs at a lower priority than the API: a check can wait a moment, a reader
    should not."""
    with contextlib.suppress(OSError):
        os.nice(_JOB_NICENESS)
    settings = settings.with_overrides({"service.public_url": base})
    asyncio.run(run_service(settings, corpora, web_on, concurrency, serve=None))
