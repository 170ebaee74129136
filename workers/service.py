"""The service in one process: the HTTP API and a worker pool (`verifier serve`), or a
worker pool alone (`verifier worker`), sharing the job store under the data dir."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click
from aiohttp import web

from verifier.config import Settings
from verifier.model import Report
from verifier.runtime import open_runtime

from .api import Metrics, create_app
from .callbacks import CallbackSender
from .jobstore import SqliteJobStore
from .worker import Worker

__all__ = ["job_store", "run_service"]


@contextmanager
def job_store(settings: Settings) -> Iterator[SqliteJobStore]:
    """The service's job store under the data dir, closed on the way out."""
    store = SqliteJobStore(settings.data_dir() / "jobs.db")
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
) -> None:
    service = settings.service
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    base = service.public_url or (
        f"http://{serve[0]}:{serve[1]}" if serve else f"http://{service.host}:{service.port}"
    )
    with job_store(settings) as store:
        async with open_runtime(settings, corpora=corpora, web=web_on) as runtime:
            metrics = Metrics(store)
            sender = CallbackSender(store, service, base)

            async def done(job: Any, report: Report) -> None:
                metrics.observe(job, report)
                await sender.deliver(job, report)

            worker = Worker(store, runtime, concurrency=concurrency, on_done=done)
            runner = None
            if serve is not None:
                app = create_app(
                    store,
                    settings,
                    snapshots=runtime.snapshots,
                    rerun_runtime=runtime,
                    metrics_=metrics,
                )
                runner = web.AppRunner(app, handle_signals=False)
                await runner.setup()
                site = web.TCPSite(runner, serve[0], serve[1])
                await site.start()
                click.echo(
                    f"verifier: serving on http://{serve[0]}:{serve[1]} ({concurrency} workers)",
                    err=True,
                )
            else:
                click.echo(f"verifier: worker {worker.id} ({concurrency} at once)", err=True)
            if concurrency:
                await worker.run(stop)
            else:
                await stop.wait()
            if runner is not None:
                await runner.cleanup()
            await sender.aclose()
