from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.helpers import WAIT_S
from verifier.config import Settings
from verifier.errors import StoreUnavailable
from verifier.runtime import Runtime
from verifier.schema import SearchHit
from verifier.snapshots import MemorySnapshotStore
from verifier.testing import MemoryFetcher, StaticSearch
from verifier.web.extract import Extractor
from workers.store.jobs import JobState
from workers.store.jobstore import SqliteJobStore
from workers.worker import Worker

PAGE = b"<html><body><article><p>The Louvre in Paris opened as a museum in 1793.</p></article></body></html>"
HITS = [SearchHit("https://example.com/louvre", "Louvre", "", 1)]
ENDED = (JobState.DONE, JobState.FAILED, JobState.CANCELLED)


def runtime(
    settings: Settings, extractor: Extractor, search: StaticSearch | None = None
) -> Runtime:
    fetcher = MemoryFetcher({"https://example.com/louvre": ("text/html", PAGE)})
    return Runtime(
        settings, [search or StaticSearch(default=HITS)], fetcher, extractor, MemorySnapshotStore()
    )


@pytest.fixture
def fast(settings: Settings) -> Settings:
    return settings.with_overrides(
        {
            "service.poll_s": 0.02,
            "service.lease_s": 0.6,
            "service.retry_backoff_s": 0.05,
            "service.grace_s": 0.5,
        }
    )


async def run_until(
    worker: Worker, store: SqliteJobStore, done: int, timeout: float = WAIT_S
) -> None:
    stop = asyncio.Event()
    task = asyncio.create_task(worker.run(stop))
    async with asyncio.timeout(timeout):
        while sum(store.counts()[s] for s in ENDED) < done:
            await asyncio.sleep(0.02)
    stop.set()
    await task


async def test_jobs_run_to_reports(fast: Settings, extractor: Extractor, tmp_path: Path) -> None:
    store = SqliteJobStore(tmp_path / "jobs.db")
    ids = [
        store.submit(
            {
                "response": f"The Louvre opened as a museum in 1793. ({i})",
                "flags": {"harmful": i == 0},
            },
            owner=None,
            options={},
        )[0].id
        for i in range(5)
    ]
    hooked: list[str] = []

    async def hook(job, report) -> None:  # type: ignore[no-untyped-def]
        hooked.append(job.id)

    worker = Worker(store, runtime(fast, extractor), concurrency=3, on_done=hook)
    await run_until(worker, store, 5)
    assert store.counts()["done"] == 5
    assert sorted(hooked) == sorted(ids)
    first = store.report(ids[0])
    assert first is not None
    assert first["rubric"]["score"] == 1  # the flag travelled with the job
    assert first["claims"][0]["verdict"]["label"] == "supported", first["claims"][0]
    store.close()


class FillableSnapshots(MemorySnapshotStore):
    """Snapshots on a disk a test fills and frees."""

    full = True

    def put(self, kind, content):  # type: ignore[no-untyped-def]
        if self.full:
            raise OSError(28, "No space left on device")
        return super().put(kind, content)


async def poll(predicate, timeout: float = WAIT_S) -> None:  # type: ignore[no-untyped-def]
    async with asyncio.timeout(timeout):
        while not predicate():
            await asyncio.sleep(0.02)


async def test_a_full_disk_never_consumes_attempts_and_the_job_runs_when_it_clears(
    fast: Settings, extractor: Extractor, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = SqliteJobStore(tmp_path / "jobs.db")
    job, _ = store.submit(
        {"response": "The Louvre opened as a museum in 1793."},
        owner=None,
        options={},
        max_attempts=2,
    )
    rt = runtime(fast, extractor)
    rt.snapshots = disk = FillableSnapshots()
    worker = Worker(store, rt, concurrency=1)
    worker.outage.max_s = 0.2
    stop = asyncio.Event()
    task = asyncio.create_task(worker.run(stop))
    await poll(lambda: worker.stats.given_back >= 4)  # more tries than max_attempts
    waiting = store.get(job.id)
    assert waiting is not None
    assert waiting.state in ("queued", "running")
    assert waiting.attempts <= 1  # none counted but the one under way
    assert worker.outage.active
    disk.full = False
    await poll(lambda: store.counts()["done"] == 1)
    stop.set()
    await task
    done = store.get(job.id)
    assert done is not None
    assert (done.state, done.attempts) == ("done", 1)
    assert (worker.stats.failed, worker.stats.retried) == (0, 0)
    assert not worker.outage.active
    # bounded noise: one line when the outage began, one when it ended
    lines = [r.getMessage() for r in caplog.records if r.name == "verifier.worker"]
    assert sum("is unavailable (disk full)" in line for line in lines) == 1, lines
    assert sum("answers again" in line for line in lines) == 1, lines
    store.close()


class FlakyStore(SqliteJobStore):
    """A job store whose writes fail while ``down`` (the database gone)."""

    down = False

    def _tx(self):  # type: ignore[no-untyped-def]
        if self.down:
            raise StoreUnavailable("the database went away", "database unavailable")
        return super()._tx()


async def test_a_report_waits_for_the_store_and_a_give_back_is_owed_until_it_answers(
    fast: Settings, extractor: Extractor, tmp_path: Path
) -> None:
    store = FlakyStore(tmp_path / "jobs.db")
    ids = [
        store.submit(
            {"response": f"The Louvre opened as a museum in 1793. ({i})"}, owner=None, options={}
        )[0].id
        for i in range(2)
    ]
    gate = asyncio.Event()

    class Gated(StaticSearch):
        async def search(self, query, *, deadline):  # type: ignore[no-untyped-def]
            await gate.wait()
            return await super().search(query, deadline=deadline)

    rt = runtime(fast, extractor, Gated(default=HITS))
    worker = Worker(store, rt, concurrency=2)
    worker.outage.max_s = 0.1
    stop = asyncio.Event()
    task = asyncio.create_task(worker.run(stop))
    await poll(lambda: store.counts()["running"] == 2)
    store.down = True  # the checks finish while the store is down
    gate.set()
    await poll(lambda: worker.outage.active)
    await poll(lambda: worker.outage.failures >= 3)  # several tries, nothing lost ...
    assert not task.done()  # ... and the worker still runs
    store.down = False
    await poll(lambda: store.counts()["done"] == 2)
    stop.set()
    await task
    assert all(store.get(i).attempts == 1 for i in ids)  # type: ignore[union-attr]
    # a job that could not be given back while the store was down is given back after
    job, _ = store.submit(
        {"response": "The Louvre opened as a museum in 1793."}, owner=None, options={}
    )
    leased = store.lease_job(worker.id, 30)
    assert leased is not None
    store.down = True
    await worker._give_back(leased, "database unavailable", OSError("gone"))
    assert worker.owed == 1
    with pytest.raises(StoreUnavailable):
        await worker.settle()
    store.down = False
    await worker.settle()
    assert worker.owed == 0
    back = store.get(job.id)
    assert back is not None
    assert (back.state, back.attempts) == ("queued", 0)
    store.close()


async def test_a_broken_backend_is_a_search_error_not_a_crash(
    fast: Settings, extractor: Extractor, tmp_path: Path
) -> None:
    class Broken(StaticSearch):
        async def search(self, query, *, deadline):  # type: ignore[no-untyped-def]
            raise RuntimeError("backend exploded")

    store = SqliteJobStore(tmp_path / "jobs.db")
    job, _ = store.submit(
        {"response": "The Louvre opened as a museum in 1793."}, owner=None, options={}
    )
    await run_until(Worker(store, runtime(fast, extractor, Broken()), concurrency=1), store, 1)
    report = store.report(job.id)
    assert report is not None
    assert "RuntimeError: backend exploded" in report["search"][0]["last_error"]
    store.close()


async def test_bad_input_fails_at_once(
    fast: Settings, extractor: Extractor, tmp_path: Path
) -> None:
    settings = fast.with_overrides({"limits.max_response_chars": 5})
    store = SqliteJobStore(tmp_path / "jobs.db")
    job, _ = store.submit({"response": "far too long"}, owner=None, options={})
    await run_until(Worker(store, runtime(settings, extractor), concurrency=1), store, 1)
    failed = store.get(job.id)
    assert failed is not None
    assert (failed.state, failed.attempts) == ("failed", 1)
    assert "max_response_chars" in (failed.error or "")
    store.close()


async def test_stopping_gives_running_jobs_back(
    fast: Settings, extractor: Extractor, tmp_path: Path
) -> None:
    store = SqliteJobStore(tmp_path / "jobs.db")
    job, _ = store.submit(
        {"response": "The Louvre opened as a museum in 1793."}, owner=None, options={}
    )
    slow = runtime(fast, extractor, StaticSearch(default=HITS, hang=True))
    worker = Worker(store, slow, concurrency=1)
    stop = asyncio.Event()
    task = asyncio.create_task(worker.run(stop))
    await poll(lambda: store.counts()["running"] == 1)
    leased = store.get(job.id)
    assert leased is not None
    # renewed (the event, however long a loaded machine takes to get to it): renewals keep it
    await poll(lambda: store.get(job.id).lease_until > leased.lease_until)  # type: ignore[union-attr]
    assert store.get(job.id).state == "running"  # type: ignore[union-attr]
    stop.set()
    await task
    back = store.get(job.id)
    assert back is not None
    assert (back.state, back.attempts) == ("queued", 0)
    assert worker.stats.released == 1
    store.close()


async def test_cancelling_a_running_job_stops_it(
    fast: Settings, extractor: Extractor, tmp_path: Path
) -> None:
    store = SqliteJobStore(tmp_path / "jobs.db")
    job, _ = store.submit(
        {"response": "The Louvre opened as a museum in 1793."}, owner=None, options={}
    )
    worker = Worker(
        store, runtime(fast, extractor, StaticSearch(default=HITS, hang=True)), concurrency=1
    )
    stop = asyncio.Event()
    task = asyncio.create_task(worker.run(stop))
    await poll(lambda: store.counts()["running"] == 1)
    assert store.cancel(job.id)
    await poll(lambda: not worker.running)
    stop.set()
    await task
    assert store.get(job.id).state == "cancelled"  # type: ignore[union-attr]
    assert store.report(job.id) is None
    assert worker.stats.lost == 1
    store.close()


async def test_a_job_that_hangs_times_out(
    fast: Settings, extractor: Extractor, tmp_path: Path
) -> None:
    class Hanging:
        name = "hanging"
        instant = False
        model_id = None

        async def judge(self, claim, evidence, deadline, *, before=()):  # type: ignore[no-untyped-def]
            await asyncio.Event().wait()

    settings = fast.with_overrides({"service.job_timeout_s": 0.5})
    store = SqliteJobStore(tmp_path / "jobs.db")
    job, _ = store.submit(
        {"response": "The Louvre opened as a museum in 1793."},
        owner=None,
        options={},
        max_attempts=1,
    )
    rt = runtime(settings, extractor)
    rt.judges = [Hanging()]
    timed_out: list[str] = []
    worker = Worker(store, rt, concurrency=1, on_timeout=lambda j: timed_out.append(j.id))
    await run_until(worker, store, 1)
    failed = store.get(job.id)
    assert failed is not None
    assert failed.state == "failed"
    assert "ran over 0.5 s" in (failed.error or "")
    assert timed_out == [job.id]  # a job process of serve is replaced (workers/service.py)
    store.close()
