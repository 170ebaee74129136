from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from workers.jobs import JobState
from workers.jobstore import IdempotencyConflict, SqliteJobStore, SqlJobStore


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def _open(kind: str, where: str, clock: Any = None) -> SqlJobStore:
    extra = {"clock": clock} if clock is not None else {}
    if kind == "postgres":
        from workers.pgstore import PgJobStore

        return PgJobStore(where, pool_size=4, **extra)
    return SqliteJobStore(where, **extra)


@pytest.fixture(params=["sqlite", "postgres"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, str]:
    """Each shared test runs on both stores: SQLite, and PostgreSQL (a database of the
    test's own)."""
    if request.param == "postgres":
        return "postgres", request.getfixturevalue("pg_url")
    return "sqlite", str(tmp_path / "jobs.db")


@pytest.fixture
def store(where: tuple[str, str], clock: Clock) -> Iterator[SqlJobStore]:
    s = _open(*where, clock=clock)
    yield s
    s.close()


def stored_bytes(store: SqlJobStore) -> str:
    """Everything the store keeps about keys, as text."""
    rows = store._read("SELECT id, hash, role, name, callback_secret FROM api_keys")
    return repr(rows)


def test_submit_is_durable_and_idempotent(store: SqlJobStore, where: tuple[str, str]) -> None:
    job, created = store.submit({"response": "x"}, owner="k1", options={}, idempotency_key="a")
    assert created
    assert job.state == "queued"
    again, created = store.submit({"response": "x"}, owner="k1", options={}, idempotency_key="a")
    assert (again.id, created) == (job.id, False)
    with pytest.raises(IdempotencyConflict, match="used for a different request") as refused:
        store.submit({"response": "y"}, owner="k1", options={}, idempotency_key="a")
    assert refused.value.job.id == job.id
    with pytest.raises(IdempotencyConflict):  # the options are part of the request
        store.submit({"response": "x"}, owner="k1", options={"c": 1}, idempotency_key="a")
    other, created = store.submit({"response": "y"}, owner="k2", options={}, idempotency_key="a")
    assert created
    assert other.id != job.id
    reopened = _open(*where)
    assert reopened.get(job.id) == job
    if isinstance(reopened, SqliteJobStore):
        assert reopened.migrate() == 5  # migrations are applied once


def test_claim_renew_complete_exactly_once(store: SqlJobStore, clock: Clock) -> None:
    job, _ = store.submit({"response": "x"}, owner=None, options={})
    claimed = store.claim("w1", lease_s=10)
    assert claimed is not None
    assert (claimed.id, claimed.state, claimed.attempts) == (job.id, "running", 1)
    assert store.claim("w2", lease_s=10) is None  # leased
    clock.now += 8
    assert store.renew(job.id, "w1", 10)
    clock.now += 8
    assert store.claim("w2", lease_s=10) is None  # renewed, still leased
    assert store.complete(job.id, "w1", {"id": "r"})
    assert not store.complete(job.id, "w1", {"id": "r2"})
    assert store.report(job.id) == {"id": "r"}
    assert store.counts()["done"] == 1


def test_a_dead_workers_job_is_taken_again_and_its_late_report_refused(
    store: SqlJobStore, clock: Clock
) -> None:
    job, _ = store.submit({"response": "x"}, owner=None, options={}, max_attempts=2)
    store.claim("dead", lease_s=10)
    clock.now += 11
    again = store.claim("alive", lease_s=10)
    assert again is not None
    assert (again.id, again.attempts, again.lease_owner) == (job.id, 2, "alive")
    assert not store.renew(job.id, "dead", 10)
    assert not store.complete(job.id, "dead", {"late": True})
    assert store.complete(job.id, "alive", {"ok": True})
    assert store.report(job.id) == {"ok": True}
    assert store.report_count() == 1


def test_retries_then_fails_with_the_last_error(store: SqlJobStore, clock: Clock) -> None:
    job, _ = store.submit({"response": "x"}, owner=None, options={}, max_attempts=2)
    store.claim("w", 10)
    assert store.fail(job.id, "w", "boom 1", retry_in=5) == "queued"
    assert store.claim("w", 10) is None  # backoff
    clock.now += 5
    store.claim("w", 10)
    assert store.fail(job.id, "w", "boom 2", retry_in=5) == "failed"
    failed = store.get(job.id)
    assert failed is not None
    assert (failed.state, failed.error, failed.attempts) == ("failed", "boom 2", 2)
    # a job whose worker keeps dying fails when out of attempts
    dying, _ = store.submit({"response": "y"}, owner=None, options={}, max_attempts=1)
    store.claim("w", 10)
    clock.now += 11
    assert store.claim("w", 10) is None
    gone = store.get(dying.id)
    assert gone is not None
    assert gone.state == "failed"
    assert "gave up after 1 attempts" in (gone.error or "")


def test_release_and_cancel(store: SqlJobStore) -> None:
    job, _ = store.submit({"response": "x"}, owner=None, options={})
    store.claim("w", 10)
    assert store.release(job.id, "w")
    requeued = store.get(job.id)
    assert requeued is not None
    assert (requeued.state, requeued.attempts) == ("queued", 0)
    assert store.cancel(job.id)
    assert not store.cancel(job.id)
    assert store.claim("w", 10) is None


def test_keys_are_stored_hashed(store: SqlJobStore) -> None:
    key, token = store.create_key("rater", "alice")
    assert store.find_key(token) == key
    assert token not in stored_bytes(store)
    assert store.revoke_key(key.id)
    assert store.find_key(token) is None
    with pytest.raises(ValueError, match="unknown role"):
        store.create_key("god")


def test_concurrent_claims_never_share_a_job(where: tuple[str, str]) -> None:
    setup = _open(*where)
    for i in range(200):
        setup.submit({"response": str(i)}, owner=None, options={})
    taken: list[str] = []
    lock = threading.Lock()

    def worker(name: str) -> None:
        own = _open(*where)  # connections per worker, like separate processes
        while (job := own.claim(name, 30)) is not None:
            assert own.complete(job.id, name, {"by": name})
            with lock:
                taken.append(job.id)
        own.close()

    threads = [threading.Thread(target=worker, args=(f"w{i}",)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(taken) == len(set(taken)) == 200
    assert setup.report_count() == 200
    if isinstance(setup, SqliteJobStore):
        assert setup.integrity_check() == "ok"
    setup.close()


def test_a_locked_store_waits_then_reports_unavailable(tmp_path: Path) -> None:
    import sqlite3

    from verifier.errors import StoreError

    path = tmp_path / "jobs.db"
    quick = SqliteJobStore(path, busy_timeout_s=0.2)
    patient = SqliteJobStore(path, busy_timeout_s=10)
    blocker = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    blocker.execute("BEGIN EXCLUSIVE")
    with pytest.raises(StoreError, match="unavailable"):
        quick.submit({"response": "x"}, owner=None, options={})
    threading.Timer(0.3, lambda: blocker.execute("ROLLBACK")).start()
    job, _ = patient.submit({"response": "x"}, owner=None, options={})  # waits for the lock
    assert patient.get(job.id) is not None
    for s in (quick, patient):
        s.close()
    blocker.close()


# --- the web app's methods --------------------------------------------------------------------


def test_list_jobs_newest_first_by_owner_and_state_paginated(
    store: SqlJobStore, clock: Clock
) -> None:
    ids = []
    for i in range(5):
        clock.now += 1
        job, _ = store.submit({"response": f"r{i}"}, owner="a" if i % 2 == 0 else "b", options={})
        ids.append(job.id)
    claimed = store.claim("w", 30)
    assert claimed is not None
    assert claimed.id == ids[0]
    everyone, total = store.list_jobs(owner=None, state=None, limit=10, offset=0)
    assert [j.id for j in everyone] == ids[::-1]
    assert total == 5
    mine, total = store.list_jobs(owner="a", state=None, limit=2, offset=0)
    assert [j.id for j in mine] == [ids[4], ids[2]]
    assert total == 3
    rest, _ = store.list_jobs(owner="a", state=None, limit=2, offset=2)
    assert [j.id for j in rest] == [ids[0]]
    running, total = store.list_jobs(owner="a", state=JobState.RUNNING, limit=10, offset=0)
    assert [j.id for j in running] == [ids[0]]
    assert total == 1
    assert store.list_jobs(owner="nobody", state=None, limit=10, offset=0) == ([], 0)


def test_progress_is_written_by_the_lease_holder_only(store: SqlJobStore) -> None:
    job, _ = store.submit({"response": "r"}, owner="a", options={})
    assert store.progress(job.id) is None
    assert not store.set_progress(job.id, "w", {"claims_done": 1})  # queued: nobody's
    assert store.claim("w", 30) is not None
    assert store.set_progress(job.id, "w", {"claims_done": 1, "claims_total": 3})
    assert not store.set_progress(job.id, "other", {"claims_done": 9})
    assert store.progress(job.id) == {"claims_done": 1, "claims_total": 3}
    assert store.complete(job.id, "w", {"status": "complete"})
    assert store.progress(job.id) == {"claims_done": 1, "claims_total": 3}  # kept
    assert store.progress("no-such-job") is None


def test_ended_sessions_are_remembered_until_they_expire(store: SqlJobStore, clock: Clock) -> None:
    assert not store.session_ended("s1")
    store.end_session("s1", until=clock.now + 10)
    assert store.session_ended("s1")
    clock.now += 11
    store.end_session("s2", until=clock.now + 10)  # forgets s1: its cookie has expired
    assert not store.session_ended("s1")
    assert store.session_ended("s2")


def test_the_later_migrations_apply_to_a_version_2_store(tmp_path: Path) -> None:
    import sqlite3

    from workers.jobstore import MIGRATIONS

    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    for number, script in enumerate(MIGRATIONS[:2], start=1):
        db.executescript(script)
        db.execute(f"PRAGMA user_version = {number}")
    db.execute(
        "INSERT INTO jobs (id, state, owner, request, options, max_attempts, next_run_at,"
        " created_at, updated_at) VALUES ('j', 'queued', 'a', '{}', '{}', 3, 0, 0, 0)"
    )
    db.commit()
    db.close()
    s = SqliteJobStore(path)
    try:
        assert s.migrate() == len(MIGRATIONS)
        assert s.progress("j") is None
        assert [j.id for j in s.list_jobs(owner="a", state=None, limit=5, offset=0)[0]] == ["j"]
    finally:
        s.close()
