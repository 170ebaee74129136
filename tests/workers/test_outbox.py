"""The callback outbox: a finished job's callback is recorded with its report, in one
transaction, and sent by a sender that holds no job slot; a worker SIGKILLed between
storing the report and sending the callback loses nothing (the callback is sent by the
next sender), and a try cut short is tried again once its claim runs out: at least once."""

from __future__ import annotations

import asyncio
import signal
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

from aiohttp import web

from tests.helpers import WAIT_S
from tests.workers.test_worker import runtime
from verifier.config import Settings
from verifier.pipeline import check
from verifier.schema import CheckRequest
from verifier.web.extract import Extractor
from workers.callbacks import CallbackSender
from workers.store.jobstore import SqliteJobStore

LOUVRE = {"response": "The Louvre opened as a museum in 1793."}


def test_the_callback_is_recorded_with_the_report_and_claimed_once(any_store: Any) -> None:
    plain, _ = any_store.submit(LOUVRE, owner=None, options={})
    hooked, _ = any_store.submit(
        LOUVRE, owner=None, options={"callback_url": "http://scorer.test/hook"}
    )
    for job in (plain, hooked):
        assert job.state == "queued"
        leased = any_store.lease_job("w", 30)
        assert leased is not None
        assert any_store.complete(leased.id, "w", {"status": "complete"})
    assert any_store.callback_outbox() == {"pending": 1, "sent": 0, "gave_up": 0}
    [item] = any_store.claim_callbacks("s1", 60, 10)
    assert (item.job_id, item.url, item.attempt) == (hooked.id, "http://scorer.test/hook", 1)
    assert any_store.claim_callbacks("s2", 60, 10) == []  # claimed: nobody else sends it
    assert not any_store.settle_callback(hooked.id, "s2", sent=True, retry_in=None, error=None)
    assert any_store.settle_callback(hooked.id, "s1", sent=False, retry_in=0.0, error="HTTP 503")
    [again] = any_store.claim_callbacks("s2", 60, 10)
    assert again.attempt == 2
    assert any_store.settle_callback(hooked.id, "s2", sent=True, retry_in=None, error=None)
    assert any_store.claim_callbacks("s1", 60, 10) == []
    assert any_store.callback_outbox() == {"pending": 0, "sent": 1, "gave_up": 0}


# a worker process whose store SIGKILLs it right after the report's transaction commits
_KILLED_AFTER_STORE = textwrap.dedent(
    """
    import asyncio, os, signal, sys
    from verifier.config import Settings
    from verifier.runtime import Runtime
    from verifier.snapshots import MemorySnapshotStore
    from verifier.testing import MemoryFetcher, StaticSearch
    from verifier.web.extract import Extractor
    from verifier.config import ExtractSettings
    from workers.store.jobstore import SqliteJobStore
    from workers.worker import Worker

    class Killed(SqliteJobStore):
        def complete(self, *args, **kwargs):
            stored = super().complete(*args, **kwargs)
            os.kill(os.getpid(), signal.SIGKILL)  # between store and send
            return stored

    async def main():
        settings = Settings().with_overrides({"service.poll_s": 0.02})
        extractor = Extractor(ExtractSettings(processes=1, timeout_s=20))
        runtime = Runtime(settings, [StaticSearch()], MemoryFetcher({}), extractor,
                          MemorySnapshotStore())
        await Worker(Killed(sys.argv[1]), runtime, concurrency=1).run(asyncio.Event())

    asyncio.run(main())
    """
)


async def test_a_worker_sigkilled_between_store_and_send_loses_no_callback(
    aiohttp_server: Any, settings: Settings, tmp_path: Path
) -> None:
    received: list[str] = []

    async def hook(request: web.Request) -> web.Response:
        received.append((await request.json())["job_id"])
        return web.Response(status=200)

    app = web.Application()
    app.router.add_post("/hook", hook)
    scorer = await aiohttp_server(app)
    store = SqliteJobStore(tmp_path / "jobs.db")
    job, _ = store.submit(
        LOUVRE, owner=None, options={"callback_url": str(scorer.make_url("/hook"))}
    )
    worker = await asyncio.create_subprocess_exec(
        sys.executable, "-c", _KILLED_AFTER_STORE, str(tmp_path / "jobs.db")
    )
    async with asyncio.timeout(WAIT_S):
        assert await worker.wait() == -signal.SIGKILL
    assert store.get(job.id).state == "done"  # type: ignore[union-attr]
    assert received == []  # it died before sending
    service = settings.service.model_copy(
        update={"callback_allow_hosts": ["127.0.0.1"], "callback_timeout_s": 30.0}
    )
    sender = CallbackSender(store, service, "http://verifier.test")
    stop = asyncio.Event()
    running = asyncio.create_task(sender.run(stop, "next-worker", poll_s=0.05))
    async with asyncio.timeout(WAIT_S):
        while not received:
            await asyncio.sleep(0.02)
    stop.set()
    await running
    await sender.aclose()
    assert received == [job.id]
    assert [(a["attempt"], a["status"]) for a in store.callback_log(job.id)] == [(1, 200)]
    assert store.callback_outbox() == {"pending": 0, "sent": 1, "gave_up": 0}
    store.close()


async def test_a_try_cut_short_is_sent_again_when_its_claim_runs_out(
    aiohttp_server: Any, settings: Settings, extractor: Extractor, tmp_path: Path
) -> None:
    received: list[str] = []

    async def hook(request: web.Request) -> web.Response:
        received.append((await request.json())["job_id"])
        return web.Response(status=200)

    app = web.Application()
    app.router.add_post("/hook", hook)
    scorer = await aiohttp_server(app)
    now = [time.time()]  # the store's clock: the claim runs out when the test says so
    store = SqliteJobStore(tmp_path / "jobs.db", clock=lambda: now[0])
    job, _ = store.submit(
        LOUVRE, owner=None, options={"callback_url": str(scorer.make_url("/hook"))}
    )
    leased = store.lease_job("w", 30)
    assert leased is not None
    request = CheckRequest(LOUVRE["response"])
    report = await check(request, runtime(settings, extractor))
    assert store.complete(job.id, "w", report.to_dict())
    # a timeout no loopback answer misses, however loaded the machine
    service = settings.service.model_copy(
        update={"callback_allow_hosts": ["127.0.0.1"], "callback_timeout_s": 30.0}
    )
    sender = CallbackSender(store, service, "http://verifier.test")
    # a sender that claimed it, logged its try and was killed before the answer
    [item] = store.claim_callbacks("dead", sender.claim_s(), 10)
    store.log_callback(job.id, item.attempt, None, "cut short (not settled)")
    stop = asyncio.Event()
    running = asyncio.create_task(sender.run(stop, "alive", poll_s=0.05))
    await asyncio.sleep(0.2)  # polls that find it still claimed (any number of them)
    assert received == []
    now[0] += sender.claim_s() + 1  # the dead sender's claim runs out
    async with asyncio.timeout(WAIT_S):
        while not received:
            await asyncio.sleep(0.02)
    stop.set()
    await running
    await sender.aclose()
    log = store.callback_log(job.id)
    assert [(a["attempt"], a["status"], a["error"]) for a in log] == [
        (1, None, "cut short (not settled)"),
        (2, 200, None),
    ]
