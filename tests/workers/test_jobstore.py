from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from verifier.errors import StoreUnavailable
from workers.store.jobs import JobState
from workers.store.jobstore import MIGRATIONS, IdempotencyConflict, SqliteJobStore, SqlJobStore


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
        from workers.store.pgstore import PgJobStore

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
        assert reopened.migrate() == len(MIGRATIONS)  # migrations are applied once


def test_lease_renew_complete_exactly_once(store: SqlJobStore, clock: Clock) -> None:
    job, _ = store.submit({"response": "x"}, owner=None, options={})
    leased = store.lease_job("w1", lease_s=10)
    assert leased is not None
    assert (leased.id, leased.state, leased.attempts) == (job.id, "running", 1)
    assert store.lease_job("w2", lease_s=10) is None  # leased
    clock.now += 8
    assert store.renew(job.id, "w1", 10)
    clock.now += 8
    assert store.lease_job("w2", lease_s=10) is None  # renewed, still leased
    assert store.complete(job.id, "w1", {"id": "r"})
    assert not store.complete(job.id, "w1", {"id": "r2"})
    assert store.report(job.id) == {"id": "r"}
    assert store.counts()["done"] == 1


def test_a_dead_workers_job_is_taken_again_and_its_late_report_refused(
    store: SqlJobStore, clock: Clock
) -> None:
    job, _ = store.submit({"response": "x"}, owner=None, options={}, max_attempts=2)
    store.lease_job("dead", lease_s=10)
    clock.now += 11
    again = store.lease_job("alive", lease_s=10)
    assert again is not None
    assert (again.id, again.attempts, again.lease_owner) == (job.id, 2, "alive")
    assert not store.renew(job.id, "dead", 10)
    assert not store.complete(job.id, "dead", {"late": True})
    assert store.complete(job.id, "alive", {"ok": True})
    assert store.report(job.id) == {"ok": True}
    assert store.report_count() == 1


def test_retries_then_fails_with_the_last_error(store: SqlJobStore, clock: Clock) -> None:
    job, _ = store.submit({"response": "x"}, owner=None, options={}, max_attempts=2)
    store.lease_job("w", 10)
    assert store.fail(job.id, "w", "boom 1", retry_in=5) == "queued"
    assert store.lease_job("w", 10) is None  # backoff
    clock.now += 5
    store.lease_job("w", 10)
    assert store.fail(job.id, "w", "boom 2", retry_in=5) == "failed"
    failed = store.get(job.id)
    assert failed is not None
    assert (failed.state, failed.error, failed.attempts) == ("failed", "boom 2", 2)
    # a job whose worker keeps dying fails when out of attempts
    dying, _ = store.submit({"response": "y"}, owner=None, options={}, max_attempts=1)
    store.lease_job("w", 10)
    clock.now += 11
    assert store.lease_job("w", 10) is None
    gone = store.get(dying.id)
    assert gone is not None
    assert gone.state == "failed"
    assert "gave up after 1 attempts" in (gone.error or "")


def test_release_and_cancel(store: SqlJobStore) -> None:
    job, _ = store.submit({"response": "x"}, owner=None, options={})
    store.lease_job("w", 10)
    assert store.release(job.id, "w")
    requeued = store.get(job.id)
    assert requeued is not None
    assert (requeued.state, requeued.attempts) == ("queued", 0)
    assert store.cancel(job.id)
    assert not store.cancel(job.id)
    assert store.lease_job("w", 10) is None


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
        while (job := own.lease_job(name, 30)) is not None:
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
    leased = store.lease_job("w", 30)
    assert leased is not None
    assert leased.id == ids[0]
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
    assert store.lease_job("w", 30) is not None
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

    from workers.store.jobstore import MIGRATIONS

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


# --- faults, idempotency races, what is kept at rest -------------------------------------------


def test_racing_submissions_with_one_idempotency_key_make_one_job(
    where: tuple[str, str],
) -> None:
    stores = [_open(*where) for _ in range(8)]
    results: list[tuple[str, bool]] = []
    errors: list[BaseException] = []
    barrier = threading.Barrier(len(stores))

    def submit(s: SqlJobStore) -> None:
        barrier.wait()
        try:
            job, created = s.submit(
                {"response": "x"}, owner="k1", options={}, idempotency_key="race"
            )
            results.append((job.id, created))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=submit, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert len({job_id for job_id, _ in results}) == 1
    assert sum(created for _, created in results) == 1
    assert stores[0].counts()["queued"] == 1
    for s in stores:
        s.close()


def test_a_job_given_back_after_a_fault_waits_and_keeps_its_attempts(
    store: SqlJobStore, clock: Clock
) -> None:
    job, _ = store.submit({"response": "x"}, owner=None, options={}, max_attempts=1)
    for _ in range(3):  # more give-backs than attempts: none is counted
        leased = store.lease_job("w", 10)
        assert leased is not None
        assert leased.attempts == 1
        assert store.release(job.id, "w", retry_in=5)
        assert store.lease_job("w", 10) is None  # not before the delay
        clock.now += 5
    assert store.get(job.id).state == "queued"  # type: ignore[union-attr]


def test_a_full_sqlite_disk_is_store_unavailable_never_a_raw_error(tmp_path: Path) -> None:
    store = SqliteJobStore(tmp_path / "jobs.db")
    pages = store._read("PRAGMA page_count")[0][0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")  # the file may not grow: "disk full"

    def fill() -> None:
        for i in range(200):
            store.submit({"response": "x" * 2000 + str(i)}, owner=None, options={})

    with pytest.raises(StoreUnavailable, match="database or disk is full") as raised:
        fill()
    assert raised.value.reason == "disk full"
    assert not store._db.in_transaction  # rolled back, once
    store._db.execute("PRAGMA max_page_count = 1073741823")
    job, _ = store.submit({"response": "after"}, owner=None, options={})  # usable again
    assert store.get(job.id) is not None
    store.close()


def test_the_store_files_are_the_owners_only(tmp_path: Path) -> None:
    from verifier.snapshots import SqliteSnapshotStore

    old = tmp_path / "old.db"
    old.touch(mode=0o644)
    old.chmod(0o644)
    stores = [SqliteJobStore(tmp_path / "jobs.db"), SqliteJobStore(old)]
    snapshots = SqliteSnapshotStore(tmp_path / "snapshots.db")
    snapshots.put("page", {"x": 1})
    stores[0].submit({"response": "x"}, owner=None, options={})
    for path in tmp_path.iterdir():
        assert path.stat().st_mode & 0o077 == 0, path
    for s in (*stores, snapshots):
        s.close()


def test_callback_secrets_are_sealed_at_rest(where: tuple[str, str], clock: Clock) -> None:
    from workers.store.secretbox import SecretBox

    box = SecretBox(b"k" * 40)
    kind, target = where
    plain = _open(kind, target)
    legacy, _ = plain.create_key("service", "before sealing")
    assert legacy.callback_secret in stored_bytes(plain)
    plain.close()
    extra = {"secret_box": box}
    sealed = (
        SqliteJobStore(target, **extra)
        if kind == "sqlite"
        else __import__("workers.store.pgstore", fromlist=["PgJobStore"]).PgJobStore(
            target, pool_size=2, **extra
        )
    )
    key, _ = sealed.create_key("service", "after")
    assert sealed.seal_secrets() == 1  # the legacy one
    stored = stored_bytes(sealed)
    assert key.callback_secret not in stored
    assert legacy.callback_secret not in stored
    assert sealed.open_secret(sealed.key(key.id)) == key.callback_secret  # type: ignore[arg-type]
    assert sealed.open_secret(sealed.key(legacy.id)) == legacy.callback_secret  # type: ignore[arg-type]
    sealed.secret_box = SecretBox(b"x" * 40)  # another host with another key
    assert sealed.open_secret(sealed.key(key.id)) == ""  # type: ignore[arg-type]
    sealed.close()


def test_rendered_pages_and_summaries_are_stored_with_the_report(store: SqlJobStore) -> None:
    from workers.rendered import Rendered

    job, _ = store.submit({"response": "x"}, owner=None, options={})
    store.lease_job("w", 10)
    summary = {"score": 5, "status": "complete", "incomplete": []}
    assert store.complete(job.id, "w", {"id": "r"}, Rendered(["<p>1</p>", "<p>2</p>"], summary))
    assert store.report_page(job.id, 2) == ("<p>2</p>", 2)
    assert store.report_page(job.id, 3) == (None, 2)
    assert store.summaries([job.id, "nope"]) == {job.id: summary}
    assert store.report_size(job.id) == len('{"id": "r"}')
    other, _ = store.submit({"response": "y"}, owner=None, options={})
    store.lease_job("w", 10)
    store.complete(other.id, "w", {"id": "s"})  # stored without (an older verifier's way)
    assert store.report_page(other.id, 1) is None
    assert store.summaries([other.id]) == {}


def test_a_job_store_that_cannot_be_opened_raises_its_own_error(tmp_path: Path) -> None:
    from verifier.errors import JobStoreError

    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(JobStoreError, match="cannot open the job store"):
        SqliteJobStore(blocker / "jobs.db")
