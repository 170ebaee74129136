"""Poison is not an outage: text a store cannot hold is refused at the door alike on SQLite
and PostgreSQL, and a report the store refuses fails its job after its attempts instead of
holding a job slot forever (the worker's store outage is the store's, never one job's write)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import WAIT_S
from tests.workers.test_worker import ENDED, fast, runtime  # noqa: F401 - fixture
from verifier.config import Settings
from verifier.errors import InvalidRequest, JobStoreError, StoreUnavailable
from verifier.schema import REFUSED_CHARACTERS, TEXT_PATTERN, CheckRequest, refused_character
from verifier.system.faults import DB_BUSY
from verifier.web.extract import Extractor
from workers.api import create_app
from workers.rendered import Rendered
from workers.store.jobs import JobState, Role
from workers.store.jobstore import SqliteJobStore
from workers.worker import Worker

LOUVRE = "The Louvre opened as a museum in 1793."


def test_the_c0_controls_but_tab_newline_and_cr_are_refused_with_one_line() -> None:
    for code in [*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20)]:
        why = refused_character(f"Marie Curie{chr(code)} won", "response")
        assert f"U+{code:04X}" in why, code
        assert "at character 11" in why
        assert "\n" not in why
    for fine in ("a\tb\nc\r\nd", "DEL \x7f and C1 \x85 are kept", "", "émigré ✓"):
        assert refused_character(fine, "response") == ""
    assert "lone surrogate" in refused_character("caf\ud800", "prompt")
    import re

    pattern = re.compile(TEXT_PATTERN)  # the OpenAPI document's pattern agrees
    for code in range(0x80):
        assert bool(pattern.match(chr(code))) == (not REFUSED_CHARACTERS.match(chr(code)))


def test_every_text_field_of_a_request_is_checked() -> None:
    for field in ("response", "prompt", "id"):
        body: dict[str, Any] = {"response": LOUVRE, field: "x\x00y"}
        with pytest.raises(InvalidRequest) as caught:
            CheckRequest.from_dict(body, max_response_chars=100, max_prompt_chars=100)
        assert caught.value.fields == (field,)
        assert not caught.value.too_large


async def test_a_nul_is_422_at_the_door_the_same_on_both_stores(
    aiohttp_client: Any, any_store: Any, settings: Settings
) -> None:
    _key, token = any_store.create_key(Role.RATER, "rater")
    client = await aiohttp_client(create_app(any_store, settings))
    auth = {"Authorization": f"Bearer {token}"}
    for body, field in (
        ({"response": "Marie Curie\u0000 won the Nobel Prize in 1903."}, "response"),
        ({"response": LOUVRE, "prompt": "Who?\u001b[31m"}, "prompt"),
        ({"response": LOUVRE, "id": "row\u00007"}, "id"),
    ):
        resp = await client.post("/v1/checks", json=body, headers=auth)
        assert resp.status == 422, body
        answer = await resp.json()
        assert answer["error"] == "invalid_fields"
        assert answer["fields"] == [field]
        assert "control character" in answer["detail"]
        assert "\n" not in answer["detail"]
    resp = await client.post("/v1/checks", json={"response": "a\tb\r\nc"}, headers=auth)
    assert resp.status == 202
    assert sum(any_store.counts().values()) == 1  # nothing refused was stored


async def _run_until_ended(worker: Worker, store: Any, ended: int, timeout: float = WAIT_S) -> None:
    stop = asyncio.Event()
    task = asyncio.create_task(worker.run(stop))
    try:
        async with asyncio.timeout(timeout):
            while sum(store.counts()[s] for s in ENDED) < ended:
                assert not task.done(), task
                await asyncio.sleep(0.02)
    finally:
        stop.set()
        await task


class RefusingSqlite(SqliteJobStore):
    """A store that answers everything but refuses one job's report."""

    poison: str = ""
    error: Exception = JobStoreError("the store refused the value")

    def complete(self, job_id: str, lease_owner: str, report: Any, rendered: Any = None) -> bool:
        if job_id == self.poison:
            raise self.error
        return super().complete(job_id, lease_owner, report, rendered)


@pytest.mark.parametrize(
    "error",
    [JobStoreError("the store refused the value"), StoreUnavailable("busy, it says", DB_BUSY)],
)
async def test_a_refused_report_fails_its_job_after_its_attempts_and_others_run(
    fast: Settings,  # noqa: F811
    extractor: Extractor,
    tmp_path: Path,
    error: Exception,
) -> None:
    store = RefusingSqlite(tmp_path / "jobs.db")
    store.error = error
    poison, _ = store.submit({"response": LOUVRE}, owner=None, options={}, max_attempts=2)
    store.poison = poison.id
    plain = [
        store.submit({"response": f"{LOUVRE} ({i})"}, owner=None, options={})[0].id
        for i in range(3)
    ]
    worker = Worker(store, runtime(fast, extractor), concurrency=1)
    await _run_until_ended(worker, store, 4)
    failed = store.get(poison.id)
    assert failed is not None
    assert failed.state == JobState.FAILED
    assert failed.attempts == 2
    assert "the store refused the report" in (failed.error or "")
    assert all(store.get(i).state == JobState.DONE for i in plain)  # type: ignore[union-attr]
    assert not worker.outage.active  # one job's write is not an outage
    store.close()


async def test_a_nul_refused_by_postgresql_fails_the_job_not_the_worker(
    settings: Settings, extractor: Extractor, pg_url: str
) -> None:
    """The real PostgreSQL refusal ("cannot contain NUL (0x00) bytes") of a report, in the
    queue mode: the job fails with the reason within its attempts; later checks run."""
    from tests.workers.test_queue import run_until
    from workers.store.pgstore import PgJobStore

    class NulReport(PgJobStore):
        poison = ""

        def complete(
            self, job_id: str, lease_owner: str, report: Any, rendered: Any = None
        ) -> bool:
            if job_id == self.poison:  # a value PostgreSQL's text cannot hold
                self._read("SELECT ?::text", ("Marie Curie\x00",))
            return super().complete(job_id, lease_owner, report, rendered)

    fast_pg = settings.with_overrides(
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
    store = NulReport(pg_url, pool_size=4)
    try:
        poison, _ = store.submit({"response": LOUVRE}, owner=None, options={}, max_attempts=2)
        store.poison = poison.id
        plain, _ = store.submit({"response": f"{LOUVRE} (2)"}, owner=None, options={})
        worker = Worker(store, runtime(fast_pg, extractor), concurrency=1)
        await run_until(worker, store, fast_pg, 2)
        failed = store.get(poison.id)
        assert failed is not None
        assert (failed.state, failed.attempts) == (JobState.FAILED, 2)
        assert "NUL" in (failed.error or "")
        assert store.get(plain.id).state == JobState.DONE  # type: ignore[union-attr]
        # a NUL in a rendered page is stored as U+FFFD, as on SQLite
        third, _ = store.submit({"response": f"{LOUVRE} (3)"}, owner=None, options={})
        leased = store.lease_job("w", 30)
        assert leased is not None
        assert leased.id == third.id
        page = Rendered(pages=["<p>a\x00b</p>"], summary={})
        assert store.complete(third.id, "w", {"status": "complete"}, page)
        assert store.report_page(third.id, 1) == ("<p>a\ufffdb</p>", 1)
    finally:
        store.close()
