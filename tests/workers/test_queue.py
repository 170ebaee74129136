"""The PostgreSQL mode in one process: jobs handed out by procrastinate's worker, run by
:class:`~workers.worker.Worker`, with retries, cancel and stalled workers (real
PostgreSQL; skipped without one, except in CI)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from tests.helpers import WAIT_S
from tests.workers.test_worker import FillableSnapshots, runtime
from verifier.config import Settings
from verifier.snapshots import MemorySnapshotStore
from verifier.testing import StaticSearch
from verifier.web.extract import Extractor
from workers.store.jobs import JobState
from workers.store.pgstore import PgJobStore
from workers.store.queue import run_queue_worker
from workers.worker import Worker

ENDED = (JobState.DONE, JobState.FAILED, JobState.CANCELLED)
LOUVRE = {"response": "The Louvre opened as a museum in 1793."}


@pytest.fixture
def fast(settings: Settings, pg_url: str) -> Settings:
    return settings.with_overrides(
        {
            "service.database": pg_url,
            "service.poll_s": 0.05,
            "service.lease_s": 2,
            "service.retry_backoff_s": 0.05,
            "service.grace_s": 0.5,
            "service.heartbeat_s": 0.2,
            "service.stalled_after_s": 1,
            "service.pool_size": 4,
        }
    )


@pytest.fixture
def store(pg_url: str) -> Iterator[PgJobStore]:
    s = PgJobStore(pg_url, pool_size=4)
    yield s
    s.close()


async def run_until(
    worker: Worker, store: PgJobStore, settings: Settings, ended: int, timeout: float = WAIT_S
) -> None:
    stop = asyncio.Event()
    task = asyncio.create_task(run_queue_worker(settings.service.database, worker, settings, stop))
    try:
        async with asyncio.timeout(timeout):
            while sum(store.counts()[s] for s in ENDED) < ended:
                assert not task.done(), task
                await asyncio.sleep(0.05)
    finally:
        stop.set()
        await task


def queue_rows(store: PgJobStore) -> list[tuple[int, str]]:
    return [
        (int(r[0]), str(r[1])) for r in store._read("SELECT id, status FROM procrastinate_jobs")
    ]


async def test_jobs_run_through_the_queue_to_one_report_each(
    fast: Settings, extractor: Extractor, store: PgJobStore
) -> None:
    ids = [
        store.submit(
            {"response": f"The Louvre opened as a museum in 1793. ({i})"}, owner=None, options={}
        )[0].id
        for i in range(6)
    ]
    assert len(queue_rows(store)) == 6  # each submission deferred its task with it
    done: list[str] = []

    async def hook(job, report) -> None:  # type: ignore[no-untyped-def]
        done.append(job.id)

    worker = Worker(store, runtime(fast, extractor), concurrency=3, on_done=hook)
    await run_until(worker, store, fast, 6)
    assert store.counts()["done"] == 6
    assert sorted(done) == sorted(ids)
    assert store.report_count() == 6
    report = store.report(ids[0])
    assert report is not None
    assert report["claims"][0]["verdict"]["label"] == "supported"
    assert queue_rows(store) == []  # succeeded tasks are removed from the queue


async def test_a_failed_attempt_is_deferred_again_after_its_backoff(
    fast: Settings, extractor: Extractor, store: PgJobStore
) -> None:
    class Broken(MemorySnapshotStore):
        def put(self, kind, content):  # type: ignore[no-untyped-def]
            raise RuntimeError("a bug in the snapshot store")

    job, _ = store.submit(LOUVRE, owner=None, options={}, max_attempts=2)
    first_task = store.queue_job_id(job.id)
    rt = runtime(fast, extractor)
    rt.snapshots = Broken()
    worker = Worker(store, rt, concurrency=1)
    await run_until(worker, store, fast, 1)
    failed = store.get(job.id)
    assert failed is not None
    assert (failed.state, failed.attempts) == ("failed", 2)
    assert "a bug in the snapshot store" in (failed.error or "")
    assert worker.stats.retried == 1
    assert store.queue_job_id(job.id) != first_task  # the retry was a new, scheduled task
    assert store.report(job.id) is None


async def test_a_full_disk_gives_the_job_back_with_a_new_task_and_no_attempt(
    fast: Settings, extractor: Extractor, store: PgJobStore
) -> None:
    job, _ = store.submit(LOUVRE, owner=None, options={}, max_attempts=1)
    rt = runtime(fast, extractor)
    rt.snapshots = disk = FillableSnapshots()
    worker = Worker(store, rt, concurrency=1)
    worker.outage.max_s = 0.2
    stop = asyncio.Event()
    task = asyncio.create_task(run_queue_worker(fast.service.database, worker, fast, stop))
    try:
        async with asyncio.timeout(WAIT_S):
            while worker.stats.given_back < 3:  # more than its one attempt
                await asyncio.sleep(0.05)
            disk.full = False
            while store.counts()["done"] < 1:
                assert not task.done(), task
                await asyncio.sleep(0.05)
    finally:
        stop.set()
        await task
    done = store.get(job.id)
    assert done is not None
    assert (done.state, done.attempts) == ("done", 1)


async def test_cancel_stops_a_running_check(
    fast: Settings, extractor: Extractor, store: PgJobStore
) -> None:
    started = asyncio.Event()

    class Hanging(StaticSearch):
        async def search(self, query, *, deadline):  # type: ignore[no-untyped-def]
            started.set()
            await asyncio.sleep(3600)

    job, _ = store.submit(LOUVRE, owner=None, options={})
    worker = Worker(store, runtime(fast, extractor, Hanging()), concurrency=1)
    stop = asyncio.Event()
    task = asyncio.create_task(run_queue_worker(fast.service.database, worker, fast, stop))
    try:
        async with asyncio.timeout(WAIT_S):
            await started.wait()
            assert store.cancel(job.id)
            while worker.running:  # the check is stopped (procrastinate's abort)
                await asyncio.sleep(0.05)
    finally:
        stop.set()
        await task
    cancelled = store.get(job.id)
    assert cancelled is not None
    assert cancelled.state == "cancelled"
    assert store.report(job.id) is None


async def test_a_stalled_workers_job_is_run_again_by_another(
    fast: Settings, extractor: Extractor, store: PgJobStore
) -> None:
    job, _ = store.submit(LOUVRE, owner=None, options={})
    task_id = store.queue_job_id(job.id)
    assert task_id is not None
    # a worker took the task and the job, then died: no heartbeat for an hour
    with store._tx() as db:
        dead = db.conn.execute(
            "INSERT INTO procrastinate_workers (last_heartbeat)"
            " VALUES (now() - interval '1 hour') RETURNING id"
        ).fetchone()[0]
        db.conn.execute(
            "UPDATE procrastinate_jobs SET status = 'doing', worker_id = %s WHERE id = %s",
            (dead, task_id),
        )
    taken = store.lease_queued_job(job.id, task_id, "dead-worker", lease_s=0.5)
    assert taken is not None
    worker = Worker(store, runtime(fast, extractor), concurrency=1)
    await run_until(worker, store, fast, 1)
    again = store.get(job.id)
    assert again is not None
    assert (again.state, again.attempts) == ("done", 2)
    assert store.report_count() == 1
    # the dead worker's late report is refused
    assert not store.complete(job.id, "dead-worker", {"late": True})


async def test_an_older_task_of_a_job_finds_nothing_to_do(store: PgJobStore) -> None:
    job, _ = store.submit(LOUVRE, owner=None, options={})
    first = store.queue_job_id(job.id)
    assert first is not None
    assert store.lease_queued_job(job.id, first, "w", 10) is not None
    assert store.release(job.id, "w")  # given back: a new task carries the job
    assert store.lease_queued_job(job.id, first, "w2", 10) is None
    newer = store.queue_job_id(job.id)
    assert newer is not None
    assert store.lease_queued_job(job.id, newer, "w2", 10) is not None


def test_a_job_whose_task_ended_without_it_gets_a_new_task(store: PgJobStore) -> None:
    job, _ = store.submit(LOUVRE, owner=None, options={})
    healthy, _ = store.submit(LOUVRE, owner=None, options={})
    lost = store.queue_job_id(job.id)
    # its task ran while the database was away and ended with an error
    with store.pool.connection() as conn:
        conn.execute("UPDATE procrastinate_jobs SET status = 'failed' WHERE id = %s", (lost,))
    assert store.requeue_orphans() == 1
    assert store.queue_job_id(job.id) != lost
    assert (store.queue_job_id(job.id), "todo") in queue_rows(store)
    assert store.requeue_orphans() == 0  # the others had theirs
    assert store.queue_job_id(healthy.id) is not None


async def test_the_rows_of_stopped_workers_are_pruned_while_workers_run(
    fast: Settings, extractor: Extractor, store: PgJobStore
) -> None:
    worker = Worker(store, runtime(fast, extractor), concurrency=1)
    stop = asyncio.Event()
    task = asyncio.create_task(run_queue_worker(fast.service.database, worker, fast, stop))
    try:
        await asyncio.sleep(0.5)  # procrastinate prunes at its start only
        with store._tx() as db:  # a worker that stopped answering after that start
            dead = db.conn.execute(
                "INSERT INTO procrastinate_workers (last_heartbeat)"
                " VALUES (now() - interval '1 hour') RETURNING id"
            ).fetchone()[0]
        async with asyncio.timeout(WAIT_S):
            while store._read("SELECT id FROM procrastinate_workers WHERE id = ?", (dead,)):
                assert not task.done(), task
                await asyncio.sleep(0.1)
        alive = store._read("SELECT count(*) FROM procrastinate_workers")[0][0]
        assert alive == 1  # this worker's own row stays
    finally:
        stop.set()
        await task
