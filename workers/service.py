"""The service: the HTTP API with its job processes (`verifier serve`), or a job loop alone
(`verifier worker`), sharing the job store: SQLite under the data dir (workers poll it;
one machine), or PostgreSQL with procrastinate's queue (any number of hosts). Checks
never run in the API's process, so a busy machine does not slow its answers.

`serve` supervises its job processes (:class:`JobProcesses`): one that dies (killed,
crashed, out of memory) is reaped and replaced, after a backoff when it keeps dying, and
counted in ``/metrics``. On SIGTERM or SIGINT it stops within ``service.grace_s``:
running jobs get all but the last few seconds of it to finish and are given back to the
queue in those, the API stops taking requests at once, and a process still running at
the end is killed (serve then gives back the jobs it still held). A watchdog ends the process a few seconds after the grace period
whatever it is doing, so no state (a render, a store that hangs) can keep it alive.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import multiprocessing.process
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click
from aiohttp import web

from verifier.config import Settings
from verifier.errors import ConfigError, VerifierError
from verifier.runtime import Runtime, open_runtime
from verifier.schema import Report
from verifier.system.lifetime import become_subreaper, reap_orphans
from verifier.system.postgres import database_of
from workers.api import Metrics, create_app
from workers.callbacks import CallbackSender
from workers.labelstudio.backend import add_label_studio_backend
from workers.liveness import Liveness
from workers.logs import setup_logging
from workers.store.jobs import JobState, default_processes
from workers.store.jobstore import JobStore, SqliteJobStore, SqlJobStore
from workers.store.secretbox import SecretBox
from workers.webapp import add_web_app
from workers.worker import Worker

__all__ = ["JobProcesses", "job_store", "run_service"]

log = logging.getLogger("verifier.service")

_JOB_NICENESS = 10  # how much lower the job processes' scheduling priority is
_GIVE_BACK_S = 3.0  # the end of the grace period, kept for giving unfinished jobs back
_WATCHDOG_S = 10.0  # after the grace period, the process ends whatever it is doing


@contextmanager
def job_store(settings: Settings) -> Iterator[SqlJobStore]:
    """The service's job store (``service.database``: PostgreSQL, or SQLite under the
    data dir), its callback secrets sealed (workers/store/secretbox.py), closed on the way
    out."""
    database = database_of(settings)
    box = SecretBox.from_settings(settings)
    store: SqlJobStore
    if database.postgres:
        from workers.store.pgstore import PgJobStore

        store = PgJobStore(database.target, pool_size=settings.service.pool_size, secret_box=box)
    else:
        store = SqliteJobStore(database.target, secret_box=box)
    try:
        yield store
    finally:
        store.close()


def job_grace_s(grace_s: float) -> float:
    """How long a job process's running jobs may go on after SIGTERM: the grace period
    but its last few seconds, which are for giving the rest back."""
    return max(0.0, grace_s - min(_GIVE_BACK_S, grace_s / 2))


class JobProcesses:
    """The job processes of `serve`: started, watched (every ``every_s``), replaced when
    one dies, stopped. A process that dies within ``quick_s`` of its start is replaced
    after a backoff that doubles up to ``max_backoff_s`` (a crash loop, e.g. a store
    that cannot be opened, costs a line a minute, not a core)."""

    def __init__(
        self,
        count: int,
        args: tuple[Any, ...],
        metrics: Metrics,
        *,
        every_s: float = 0.5,
        quick_s: float = 10.0,
        max_backoff_s: float = 60.0,
    ) -> None:
        self.count = count
        self.args = args
        self.metrics = metrics
        self.every_s = every_s
        self.quick_s = quick_s
        self.max_backoff_s = max_backoff_s
        self.context = multiprocessing.get_context("spawn")
        self.slots: list[multiprocessing.process.BaseProcess | None] = [None] * count
        self.started_at = [0.0] * count
        self.backoff = [0.0] * count
        self.due = [0.0] * count  # when a dead slot's replacement starts
        self.restarts = 0
        metrics.job_processes.labels("configured").set(count)

    def _start(self, slot: int) -> None:
        process = self.context.Process(target=_job_process, args=self.args, daemon=False)
        process.start()
        self.slots[slot] = process
        self.started_at[slot] = time.monotonic()

    def start(self) -> None:
        for slot in range(self.count):
            self._start(slot)
        self.metrics.job_processes.labels("alive").set(self.alive())

    def alive(self) -> int:
        return sum(1 for p in self.slots if p is not None and p.is_alive())

    def state(self) -> tuple[int, int, list[int]]:
        """Alive, configured, and the pids of those alive."""
        pids = [p.pid for p in self.slots if p is not None and p.is_alive() and p.pid]
        return len(pids), self.count, pids

    def check(self) -> None:
        """Reap the processes that died and start their replacements when due."""
        now = time.monotonic()
        for slot, process in enumerate(self.slots):
            if process is not None and not process.is_alive():  # is_alive() reaps it
                process.join(0)
                code = process.exitcode
                how = (
                    f"killed by signal {-code}"
                    if code is not None and code < 0
                    else f"exit status {code}"
                )
                lived = now - self.started_at[slot]
                quick = lived < self.quick_s
                self.backoff[slot] = (
                    min(self.max_backoff_s, max(1.0, self.backoff[slot] * 2)) if quick else 0.0
                )
                self.due[slot] = now + self.backoff[slot]
                log.warning(
                    "job process %d (pid %s) ended (%s) after %.0f s; a new one starts%s",
                    slot + 1,
                    process.pid,
                    how,
                    lived,
                    f" in {self.backoff[slot]:.0f} s" if self.backoff[slot] else " now",
                )
                process.close()
                self.slots[slot] = None
            if self.slots[slot] is None and now >= self.due[slot]:
                self._start(slot)
                self.restarts += 1
                self.metrics.job_process_restarts.inc()
        self.metrics.job_processes.labels("alive").set(self.alive())

    async def watch(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            self.check()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), self.every_s)

    async def stop(self, deadline: float) -> list[int]:
        """SIGTERM to each (they drain), and SIGKILL to any still alive at
        ``deadline`` (a time.monotonic()); the pids of those killed (their jobs may still
        be leased to them: see :func:`give_back_jobs_of`)."""
        running = [p for p in self.slots if p is not None and p.is_alive()]
        for process in running:
            if process.pid is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(process.pid, signal.SIGTERM)
        left = max(0.0, deadline - time.monotonic())
        await asyncio.gather(*(asyncio.to_thread(p.join, left) for p in running))
        killed = []
        for process in running:
            if process.is_alive():
                log.warning(
                    "job process %s still running at the end of the grace period: killed",
                    process.pid,
                )
                process.kill()
                process.join(5)
                if process.pid is not None:
                    killed.append(process.pid)
        return killed


def give_back_jobs_of(store: JobStore, pids: list[int]) -> int:
    """Give back the jobs still leased to the job processes ``pids`` of this host (killed
    at the end of the grace period before they could give them back themselves: on a
    loaded machine a job process, which runs at a lower priority, may get too little of
    the CPU to do it in time), their attempts uncounted, as each process would have.
    Without this they would wait for their leases to run out. How many were given back."""
    if not pids:
        return 0
    owners = tuple(f"{socket.gethostname()}:{pid}:" for pid in pids)
    given = 0
    try:
        held: list[tuple[str, str]] = []  # listed in full first: a release shifts the pages
        while True:
            running, total = store.list_jobs(
                owner=None, state=JobState.RUNNING, limit=200, offset=len(held)
            )
            held += [(j.id, j.lease_owner or "") for j in running]
            if not running or len(held) >= total:
                break
        for job_id, owner in held:
            if owner.startswith(owners):
                given += store.release(job_id, owner)
    except VerifierError as exc:  # the store is down: the leases run out instead
        log.warning("cannot give back the jobs of the killed job processes: %s", exc)
    if given:
        log.warning("gave back %d job(s) the killed job processes still held", given)
    return given


async def run_service(
    settings: Settings,
    corpora: tuple[str, ...],
    web_on: bool,
    concurrency: int,
    *,
    serve: tuple[str, int] | None,
    processes: int = 0,
    debug: bool = False,
    alive_file: str | None = None,
    parent: int | None = None,
    config_source: str = "",
) -> None:
    """``serve`` given: the API here and, unless ``concurrency`` is 0, the job loop in
    ``processes`` child processes (0: :func:`~workers.store.jobs.default_processes`), each
    running ``concurrency`` jobs at once. ``serve`` None: the job loop in this process
    (`verifier worker`, or a job process of `serve` whose ``parent`` is that pid)."""
    setup_logging(debug)
    sys.unraisablehook = _late_signal_hook(sys.unraisablehook)
    service = settings.service
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    stopping_at: list[float] = []

    def on_signal() -> None:
        if not stopping_at:
            stopping_at.append(time.monotonic())
            _arm_watchdog(service.grace_s + _WATCHDOG_S)
        stop.set()

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, on_signal)
    base = service.public_url or (
        f"http://{serve[0]}:{serve[1]}" if serve else f"http://{service.host}:{service.port}"
    )
    with job_store(settings) as store:
        async with open_runtime(settings, corpora=corpora, web=web_on) as runtime:
            metrics = Metrics(store)
            metrics.watch_search(runtime)
            sender = CallbackSender(store, service, base)
            if serve is None:
                try:
                    await _job_loop(
                        store,
                        runtime,
                        metrics,
                        sender,
                        concurrency,
                        stop,
                        alive_file,
                        parent,
                        config_source,
                    )
                finally:
                    await sender.aclose()
                return
            await _serve(
                settings,
                store,
                runtime,
                metrics,
                serve,
                processes,
                concurrency,
                corpora,
                web_on,
                base,
                debug,
                stop,
                stopping_at,
                config_source,
            )
            await sender.aclose()


async def _serve(
    settings: Settings,
    store: SqlJobStore,
    runtime: Runtime,
    metrics: Metrics,
    serve: tuple[str, int],
    processes: int,
    concurrency: int,
    corpora: tuple[str, ...],
    web_on: bool,
    base: str,
    debug: bool,
    stop: asyncio.Event,
    stopping_at: list[float],
    config_source: str,
) -> None:
    service = settings.service
    # not in the JobStore protocol: a store without seal_secrets has nothing to seal
    with contextlib.suppress(AttributeError):
        sealed = await asyncio.to_thread(store.seal_secrets)
        if sealed:
            log.warning("%d callback secret(s) stored in the clear are now sealed", sealed)
    count = (processes or default_processes(settings, web_on)) if concurrency else 0
    job_args = [settings, corpora, web_on, concurrency, base, debug, os.getpid()]
    jobs = JobProcesses(count, (), metrics)
    app = create_app(
        store,
        settings,
        snapshots=runtime.snapshots,
        rerun_runtime=runtime,
        metrics_=metrics,
        processes=jobs.state if count else None,
    )
    add_web_app(app)  # the web app for raters, under /app/ (workers/webapp)
    add_label_studio_backend(app)  # Label Studio's ML backend, /labelstudio/
    # handlers still running when the API stops get a moment, not aiohttp's minute
    runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=min(3.0, service.grace_s))
    await runner.setup()
    try:
        await web.TCPSite(runner, serve[0], serve[1]).start()
    except OSError as exc:
        await runner.cleanup()
        msg = f"cannot listen on {serve[0]}:{serve[1]}: {exc.strerror or exc}; choose another --port (or service.port) or stop what holds it"
        raise ConfigError(msg) from exc
    address = bound_address(runner, serve)
    if not service.public_url:  # the links in callbacks name the port bound
        job_args[4] = address
    jobs.args = tuple(job_args)
    become_subreaper()  # the orphans of a killed job process are reaped here
    jobs.start()
    watcher = asyncio.create_task(jobs.watch(stop))
    reaper = asyncio.create_task(_reap_until(stop))
    click.echo(
        f"verifier: serving on {address} (jobs: {count} process(es), "
        f"{concurrency} at once in each{_config_note(config_source)})",
        err=True,
    )
    await stop.wait()
    began = stopping_at[0] if stopping_at else time.monotonic()
    await watcher
    await reaper
    # the job processes drain while the API stops taking requests
    killed, _ = await asyncio.gather(jobs.stop(began + service.grace_s), runner.cleanup())
    await asyncio.to_thread(give_back_jobs_of, store, killed)


def _config_note(source: str) -> str:
    return f"; config: {source}" if source else ""


def bound_address(runner: web.AppRunner, asked: tuple[str, int]) -> str:
    """The address the API listens on: the port asked for, or the one the system picked
    for port 0."""
    for sockname in runner.addresses:
        if isinstance(sockname, tuple) and len(sockname) >= 2:
            host = asked[0] if asked[0] not in ("", "0.0.0.0", "::") else sockname[0]
            host = f"[{host}]" if ":" in str(host) else host
            return f"http://{host}:{sockname[1]}"
    return f"http://{asked[0]}:{asked[1]}"


async def _reap_until(stop: asyncio.Event, every_s: float = 1.0) -> None:
    """Wait for ``stop``, collecting the exit status of the orphans a killed job process
    leaves (its extraction processes die with it), so none stays <defunct>."""
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every_s)
        await asyncio.to_thread(reap_orphans)


def _late_signal_hook(
    previous: Callable[[sys.UnraisableHookArgs], object],
) -> Callable[[sys.UnraisableHookArgs], None]:
    """An unraisable-exception hook that logs a SIGTERM or SIGINT arriving while the event
    loop hands its handlers back at shutdown (Python reports "Signal 15 ignored due to race
    condition" with a traceback) as one line: the process is stopping already. Anything
    else goes to ``previous``."""

    def hook(unraisable: sys.UnraisableHookArgs) -> None:
        error = unraisable.exc_value
        if isinstance(error, OSError) and "ignored due to race condition" in str(error):
            log.info("a late signal while stopping, ignored: %s", error)
            return
        previous(unraisable)

    return hook


def _arm_watchdog(after_s: float, why: str = "SIGTERM") -> None:
    """End the process ``after_s`` from now, whatever it is doing then."""

    def fire() -> None:
        log.error("still running %.0f s after %s: exiting now", after_s, why)
        os._exit(1)

    timer = threading.Timer(after_s, fire)
    timer.daemon = True
    timer.start()


async def _job_loop(
    store: JobStore,
    runtime: Runtime,
    metrics: Metrics,
    sender: CallbackSender,
    concurrency: int,
    stop: asyncio.Event,
    alive_file: str | None,
    parent: int | None,
    config_source: str = "",
) -> None:
    wake = asyncio.Event()  # a job is done: its callback, if any, is in the outbox

    async def done(job: Any, report: Report) -> None:
        metrics.observe(job, report)
        wake.set()

    def replace_me(job: Any) -> None:
        """A job ran over service.job_timeout_s in a job process of serve: the process
        stops (its other jobs given back, then ended by the watchdog if a check's thread
        will not stop) and serve starts another in its place."""
        if stop.is_set():
            return
        log.error(
            "job %s ran over service.job_timeout_s: this job process stops so that serve "
            "replaces it (work a check runs in a thread cannot be stopped otherwise)",
            job.id,
        )
        stop.set()
        _arm_watchdog(runtime.settings.service.grace_s + _WATCHDOG_S, "a job's timeout")

    worker = Worker(
        store,
        runtime,
        concurrency=concurrency,
        on_done=done,
        on_timeout=replace_me if parent is not None else None,
        exit_when_stuck=True,  # a job process is replaced, a worker restarted (systemd)
    )
    database = database_of(runtime.settings)
    click.echo(
        f"verifier: worker {worker.id} ({concurrency} at once; jobs from {database}"
        f"{_config_note(config_source)})",
        err=True,
    )

    def status() -> str:
        if worker.outage.active:
            return f"waiting for the job store ({worker.outage.reason})"
        return f"{len(worker.running)} job(s) running"

    # a job process of serve says nothing to systemd: serve is the service it watches
    liveness = Liveness(alive_file, env={} if parent is not None else None)
    side = [
        asyncio.create_task(liveness.run(status, stop)),
        # callbacks are sent from the outbox by a task of their own: none holds a job slot
        asyncio.create_task(sender.run(stop, worker.id, wake=wake)),
    ]
    if parent is not None:
        side.append(asyncio.create_task(_orphaned(parent, stop)))
    try:
        if database.postgres:
            from workers.store.queue import run_queue_worker

            await run_queue_worker(database.target, worker, runtime.settings, stop)
        else:
            await worker.run(stop)
    finally:
        stop.set()
        await asyncio.gather(*side, return_exceptions=True)


async def _orphaned(parent: int, stop: asyncio.Event) -> None:
    """A job process whose `serve` is gone (SIGKILLed) stops as on SIGTERM."""
    while not stop.is_set():
        if os.getppid() != parent:
            log.warning("serve (pid %d) is gone: stopping", parent)
            stop.set()
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 1.0)


def _job_process(
    settings: Settings,
    corpora: tuple[str, ...],
    web_on: bool,
    concurrency: int,
    base: str,
    debug: bool,
    parent: int,
) -> None:
    """A job process of `verifier serve`: the job loop, stopped by SIGTERM (it drains
    within the grace period but its last seconds, see :func:`job_grace_s`). It runs at
    a lower priority than the API: a check can wait a moment, a reader should not."""
    with contextlib.suppress(OSError):
        os.nice(_JOB_NICENESS)
    settings = settings.with_overrides(
        {"service.public_url": base, "service.grace_s": job_grace_s(settings.service.grace_s)}
    )
    asyncio.run(
        run_service(settings, corpora, web_on, concurrency, serve=None, debug=debug, parent=parent)
    )
