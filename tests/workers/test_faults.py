"""The faults production brings, injected into the service as real processes (see
tests/workers/faults.py): the database stopped while workers run, the data dir's disk
filled, a job process SIGKILLed, SIGTERM under load, and the report of the largest allowed
response. Each asserts nothing lost, nothing failed for good, the health right, and
recovery without a person. Timings are measured by bench/faults.py, not asserted here
(bounds below are generous: a loaded machine is slow)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from tests.report.test_exports import report as louvre_report
from tests.workers.faults import (
    Outcome,
    cluster_unavailable,
    database_outage,
    disk_full,
    job_process_killed,
    sigterm_under_load,
    tiled_report,
    tmpfs_unavailable,
)
from verifier.config import Settings
from verifier.render.html import PAGE_CLAIMS
from verifier.schema import Report
from verifier.web.extract import Extractor
from workers.api import LAZY_RENDER_MAX_CHARS, create_app
from workers.rendered import render_report
from workers.store.jobstore import SqliteJobStore

# real processes on a machine that may be loaded: each step waits for its event with a
# generous bound of its own (tests/workers/faults.py), so the test's own limit is wider
pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]


def nothing_lost(outcome: Outcome) -> None:
    assert outcome.lost == 0, outcome
    assert outcome.failed == 0, outcome
    assert outcome.done == outcome.submitted, outcome


@pytest.fixture
def needs_cluster() -> None:
    reason = cluster_unavailable()
    if reason:
        pytest.skip(reason)


@pytest.fixture
def needs_tmpfs() -> None:
    reason = tmpfs_unavailable()
    if reason:
        pytest.skip(reason)


def test_workers_wait_out_a_database_outage_and_run_what_came_after(
    tmp_path: Path, needs_cluster: None
) -> None:
    # longer than the pools' reconnection window and procrastinate's worker's life without
    # its database: the workers' queue worker stops and is started again
    outcome = database_outage(tmp_path, outage_s=12)
    logs = json.dumps(outcome.notes.get("logs"), indent=1)
    assert outcome.notes["alive_at_end_of_outage"] == [True, True, True], logs
    assert outcome.notes["alive_after"] == [True, True, True], logs
    assert outcome.notes["during"] == (503, "unavailable", "5")
    assert outcome.notes["healthz_s"] < 10  # from a probe, never the pool's wait
    assert outcome.notes["healthz_says"].startswith("database unavailable")
    nothing_lost(outcome)
    assert outcome.max_attempts <= 2, outcome  # a job may be run again, never failed
    assert outcome.notes["tasks_left"] == 0
    for name, text in outcome.notes["logs"].items():  # a few lines per outage, no traceback
        assert "Traceback" not in text, name
        assert len(text.splitlines()) < 40, text


def test_a_full_disk_is_503_and_costs_no_attempt(tmp_path: Path, needs_tmpfs: None) -> None:
    outcome = disk_full(tmp_path)
    logs = json.dumps(outcome.notes.get("logs"), indent=1)
    status, error, detail, retry, content_type = outcome.notes["during"]
    assert (status, error, retry) == (503, "unavailable", "30"), outcome.notes["during"]
    assert content_type.startswith("application/json")
    assert "disk full" in detail
    assert outcome.notes["healthz_says"].startswith("disk full")
    assert outcome.notes["job_processes_during"]["alive"] == 2
    assert outcome.notes["readyz_during"] == 503
    assert outcome.notes["failed_during"] == 0
    nothing_lost(outcome)
    assert outcome.max_attempts == 1, logs  # the full disk cost no job an attempt
    assert outcome.notes["restarts"] == 0, logs  # no job process died of it
    assert outcome.notes["job_processes_after"]["alive"] == 2
    assert "Traceback" not in logs


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
def test_a_killed_job_process_is_replaced(
    tmp_path: Path, store: str, request: pytest.FixtureRequest
) -> None:
    database = request.getfixturevalue("pg_url") if store == "postgresql" else ""
    outcome = job_process_killed(tmp_path, database=database)
    assert outcome.notes["restarts"] >= 1
    assert outcome.notes["job_processes_after"]["alive"] == 2
    assert outcome.notes["replaced"]
    assert not outcome.notes["zombie"]
    nothing_lost(outcome)


def test_sigterm_stops_serve_within_its_grace_period(tmp_path: Path) -> None:
    outcome = sigterm_under_load(tmp_path, grace_s=4)
    # serve ended by itself (the wait for it is bounded generously; how long it took is
    # bench/faults.py's to measure, not a test's: a loaded machine is slow)
    assert outcome.notes["exit_status"] == 0
    # given back, not left leased: by the job processes, or by serve for one it had to kill
    assert outcome.notes["states_after"].get("running", 0) == 0
    # stopped while starting: before its handlers are set (killed by the signal) or after
    assert outcome.notes["early_exit_status"] in (0, 1, -15)
    nothing_lost(outcome)


@pytest.fixture
def largest(settings: Settings, extractor: Extractor) -> dict[str, object]:
    """A report of the largest response the limits allow (as a dict)."""
    return tiled_report(
        louvre_report(settings, extractor).to_dict(), settings.limits.max_response_chars
    )


async def test_the_largest_allowed_report_is_served_in_bounded_pages(
    settings: Settings, largest: dict, tmp_path: Path, aiohttp_client
) -> None:  # type: ignore[no-untyped-def]
    chars = settings.limits.max_response_chars
    data = largest
    report = Report.from_dict(data)
    assert len(report.request["response"]) == chars
    claims = sum(1 for c in report.claims if c.check_worthy)
    rendered = render_report(report, data)  # in the job process
    assert len(rendered.pages) == math.ceil(claims / PAGE_CLAIMS)
    assert max(len(p) for p in rendered.pages) < 5_000_000  # each page bounded
    assert "Page 2 of" in rendered.pages[1]
    store = SqliteJobStore(tmp_path / "jobs.db")
    key, token = store.create_key("rater")
    auth = {"Authorization": f"Bearer {token}"}
    paged, _ = store.submit({"response": "x"}, owner=key.id, options={})
    legacy, _ = store.submit({"response": "y"}, owner=key.id, options={})
    for job, with_pages in ((paged, rendered), (legacy, None)):
        store.lease_job("w", 30)
        assert store.complete(job.id, "w", data, with_pages)
    client = await aiohttp_client(create_app(store, settings))
    last = len(rendered.pages)
    for page in (1, last):
        resp = await client.get(f"/v1/checks/{paged.id}/report.html?page={page}", headers=auth)
        assert resp.status == 200
        assert await resp.text() == rendered.pages[page - 1]
    beyond = await client.get(f"/v1/checks/{paged.id}/report.html?page={last + 1}", headers=auth)
    assert beyond.status == 404
    assert (await beyond.json())["pages"] == last
    # a report this large stored without pages (an older verifier) is not rendered on request
    assert store.report_size(legacy.id) > LAZY_RENDER_MAX_CHARS  # type: ignore[operator]
    refused = await client.get(f"/v1/checks/{legacy.id}/report.html", headers=auth)
    assert refused.status == 413
    assert "too large to render on request" in (await refused.json())["detail"]
    await client.close()
    store.close()
