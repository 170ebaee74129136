"""The service's durable state: jobs, reports, audits, API keys, callback attempts, web
sessions.

Each kind of state has its protocol: :class:`JobStore` (jobs and their reports: what
the workers use), :class:`KeyStore` (API keys), :class:`AuditLog`, :class:`CallbackStore`
(callback attempts), :class:`SessionStore` (signed-out web sessions); :class:`ServiceStore`
is all of them (what the API and the web app use). :class:`SqlJobStore` implements them
all in one database; :class:`SqliteJobStore` keeps everything in one SQLite file (WAL) under the data dir,
with versioned migrations applied at start (``PRAGMA user_version``). Job states and key
roles are the string enums of :mod:`workers.store.jobs`, stored as their values. Several
processes may share the file: every state change is one short ``BEGIN IMMEDIATE``
transaction.

Exactly once: a worker leases a job (:meth:`~SqlJobStore.lease_job`: ``lease_owner``,
``lease_until``) and renews the lease while it works; a job whose lease expired (its
worker died) is leased again.
A report is stored only by the lease holder, in the same transaction that marks the job
done, and ``reports.job_id`` is unique, so a job never gets two reports.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import secrets
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from verifier.errors import InputError, JobStoreError, StoreError, StoreUnavailable
from verifier.system.faults import DB_BUSY, store_error
from verifier.system.files import private_file
from verifier.system.sqlfiles import migrations
from workers.retries import gave_up, out_of_attempts, should_retry
from workers.store.jobs import Job, JobState, Role
from workers.store.secretbox import SEALED

if TYPE_CHECKING:
    from workers.rendered import Rendered
    from workers.store.secretbox import SecretBox

log = logging.getLogger("verifier.jobstore")

__all__ = [
    "JOB_COLUMNS",
    "ApiKey",
    "Audit",
    "AuditLog",
    "CallbackStore",
    "IdempotencyConflict",
    "JobStore",
    "KeyStore",
    "OutboxItem",
    "ServiceStore",
    "SessionStore",
    "SqlJobStore",
    "SqliteJobStore",
    "hash_token",
    "job_of_row",
    "request_hash",
]

# The SQLite schema's migrations (workers/store/sql/sqlite/NNN.sql): script n takes a file to
# ``PRAGMA user_version`` n. Never edit a released script: add one.
MIGRATIONS: tuple[str, ...] = migrations("workers.store", "sql/sqlite")


@dataclass(frozen=True, slots=True)
class ApiKey:
    id: str
    role: Role
    name: str
    callback_secret: str
    created_at: float
    revoked_at: float | None


@dataclass(frozen=True, slots=True)
class Audit:
    id: str
    job_id: str
    mode: str
    requested_by: str | None
    result: dict[str, Any]
    created_at: float


def hash_token(token: str) -> str:
    """Keys are random 256-bit tokens, so a plain sha256 is a safe stored form."""
    return hashlib.sha256(token.encode()).hexdigest()


def request_hash(request: dict[str, Any], options: dict[str, Any]) -> str:
    """A sha256 of what a submission asks for (its request and options, canonical JSON):
    one idempotency key, one request."""
    canonical = json.dumps(
        {"request": request, "options": options}, sort_keys=True, separators=(",", ":")
    )
    return hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()


class IdempotencyConflict(InputError):
    """An idempotency key used again with a different request (``job``: the job the key
    made)."""

    def __init__(self, job: Job) -> None:
        super().__init__(
            "this Idempotency-Key was used for a different request (another body or "
            f"options; the key made check {job.id}): send the same request again, or use "
            "a new key for a new request"
        )
        self.job = job


class JobStore(Protocol):
    """Jobs and their reports: what the API, the workers and the web app need to
    submit, lease, finish and show jobs."""

    def submit(
        self,
        request: dict[str, Any],
        *,
        owner: str | None,
        options: dict[str, Any],
        idempotency_key: str | None = None,
        max_attempts: int = 3,
    ) -> tuple[Job, bool]: ...
    def get(self, job_id: str) -> Job | None: ...
    def lease_job(self, lease_owner: str, lease_s: float) -> Job | None: ...
    def renew(self, job_id: str, lease_owner: str, lease_s: float) -> bool: ...
    def complete(
        self,
        job_id: str,
        lease_owner: str,
        report: dict[str, Any],
        rendered: Rendered | None = None,
    ) -> bool: ...
    def fail(
        self, job_id: str, lease_owner: str, error: str, retry_in: float | None
    ) -> JobState | None: ...
    def release(self, job_id: str, lease_owner: str, retry_in: float = 0.0) -> bool: ...
    def ping(self, write: bool = False) -> None: ...
    def cancel(self, job_id: str) -> bool: ...
    def report(self, job_id: str) -> dict[str, Any] | None: ...
    def report_text(self, job_id: str) -> str | None: ...
    def report_size(self, job_id: str) -> int | None: ...
    def report_page(self, job_id: str, page: int) -> tuple[str | None, int] | None: ...
    def summaries(self, job_ids: list[str]) -> dict[str, dict[str, Any]]: ...
    def counts(self) -> dict[str, int]: ...
    def report_counts(self) -> dict[str, int]: ...
    # the web app (workers/webapp): lists of checks, progress
    def list_jobs(
        self, *, owner: str | None, state: JobState | None, limit: int, offset: int
    ) -> tuple[list[Job], int]: ...
    def set_progress(self, job_id: str, lease_owner: str, progress: dict[str, Any]) -> bool: ...
    def progress(self, job_id: str) -> dict[str, Any] | None: ...
    def close(self) -> None: ...


class KeyStore(Protocol):
    """API keys: made, found by token, listed, revoked; their callback secrets."""

    def create_key(self, role: Role | str, name: str = "") -> tuple[ApiKey, str]: ...
    def find_key(self, token: str) -> ApiKey | None: ...
    def key(self, key_id: str) -> ApiKey | None: ...
    def list_keys(self) -> list[ApiKey]: ...
    def revoke_key(self, key_id: str) -> bool: ...
    def open_secret(self, key: ApiKey) -> str: ...


class AuditLog(Protocol):
    """The audits (replays, reruns) of a job's report."""

    def add_audit(
        self, job_id: str, mode: str, result: dict[str, Any], requested_by: str | None
    ) -> Audit: ...
    def audits(self, job_id: str) -> list[Audit]: ...


@dataclass(frozen=True, slots=True)
class OutboxItem:
    """A callback claimed from the outbox: its job, where it goes, and which try this is."""

    job_id: str
    url: str
    attempt: int


class CallbackStore(Protocol):
    """The callback outbox and the log of a job's callback attempts."""

    def log_callback(
        self, job_id: str, attempt: int, status: int | None, error: str | None
    ) -> None: ...
    def claim_callbacks(self, sender: str, claim_s: float, limit: int) -> list[OutboxItem]: ...
    def settle_callback(
        self, job_id: str, sender: str, *, sent: bool, retry_in: float | None, error: str | None
    ) -> bool: ...


class SessionStore(Protocol):
    """The web app's sessions that were signed out before they expired."""

    def end_session(self, session_id: str, until: float) -> None: ...
    def session_ended(self, session_id: str) -> bool: ...


class ServiceStore(JobStore, KeyStore, AuditLog, CallbackStore, SessionStore, Protocol):
    """Everything the service keeps in its database (:class:`SqlJobStore` is one): what
    the API and the web app, which use all of it, are given. Other callers type against
    the one protocol they need."""


JOB_COLUMNS = (
    "id, state, owner, request, options, idempotency_key, attempts, max_attempts, "
    "lease_owner, lease_until, next_run_at, error, created_at, updated_at, finished_at, "
    "report_status, done_by"
)


_KEY_COLUMNS = "id, role, name, callback_secret, created_at, revoked_at"


def job_of_row(row: tuple[Any, ...]) -> Job:
    """A job from a row of :data:`JOB_COLUMNS` (both stores read jobs with these)."""
    values = list(row)
    values[1] = JobState(values[1])
    values[3] = json.loads(values[3])
    values[4] = json.loads(values[4])
    return Job(*values)


class SqlJobStore:
    """The job store's logic in SQL that SQLite and PostgreSQL both speak (``?`` marks a
    parameter). An adapter supplies the connection: ``_tx`` (one transaction, yielding
    something with ``execute(sql, args)`` that returns a cursor) and ``_read``; and, for
    a store whose jobs run from a queue, the hooks that keep the queue in step inside
    the same transaction: :meth:`_queued` when a job becomes ready (submitted, retried,
    given back) and :meth:`_cancelled`. ``_skip_locked`` is appended to the query that
    picks a job to lease (PostgreSQL's ``FOR UPDATE SKIP LOCKED``: two workers never
    take the same row)."""

    clock: Any
    _skip_locked = ""
    secret_box: SecretBox | None = (
        None  # seals callback secrets at rest (workers/store/secretbox.py)
    )

    def _tx(self) -> AbstractContextManager[Any]:
        raise NotImplementedError

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def _queued(self, db: Any, job_id: str, run_at: float) -> None:
        """A job became ready to run at ``run_at`` (polling stores need nothing)."""

    def _cancelled(self, db: Any, job_id: str) -> None:
        """A queued or running job was cancelled (a running one's worker notices at its
        next lease renewal)."""

    def _unflushed(self, db: Any) -> None:
        """This transaction need not wait for the disk (what it writes is shown, not
        kept: a running job's progress)."""

    # --- jobs -----------------------------------------------------------------------------
    def submit(
        self,
        request: dict[str, Any],
        *,
        owner: str | None,
        options: dict[str, Any],
        idempotency_key: str | None = None,
        max_attempts: int = 3,
    ) -> tuple[Job, bool]:
        """Persist a job (queued). With an idempotency key ``owner`` already used: the
        job it made (``created`` false) when the request is the same, else
        :class:`IdempotencyConflict`. Submissions racing with one key make one job: the
        insert waits for the other's transaction and then finds its job."""
        now = self.clock()
        digest = request_hash(request, options) if idempotency_key is not None else None
        with self._tx() as db:
            if idempotency_key is not None:
                found = self._by_key(db, owner, idempotency_key, digest)
                if found is not None:
                    return found, False
            job_id = str(uuid.uuid4())
            cur = db.execute(
                f"INSERT INTO jobs ({JOB_COLUMNS}, request_hash) VALUES "
                "(?, ?, ?, ?, ?, ?, 0, ?, NULL, NULL, ?, NULL, ?, ?, NULL, NULL, NULL, ?)"
                " ON CONFLICT (owner, idempotency_key) WHERE idempotency_key IS NOT NULL"
                " DO NOTHING",
                (
                    job_id,
                    JobState.QUEUED,
                    owner,
                    json.dumps(request, ensure_ascii=False),
                    json.dumps(options, ensure_ascii=False),
                    idempotency_key,
                    max_attempts,
                    now,
                    now,
                    now,
                    digest,
                ),
            )
            if cur.rowcount != 1:
                # another submission with this key committed first (PostgreSQL)
                found = (
                    self._by_key(db, owner, idempotency_key, digest)
                    if idempotency_key is not None
                    else None
                )
                if found is None:
                    msg = "a submission with the same Idempotency-Key was being stored at the same time; send the request again"
                    raise StoreUnavailable(msg, DB_BUSY)
                return found, False
            self._queued(db, job_id, now)
            row = db.execute(f"SELECT {JOB_COLUMNS} FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return job_of_row(row), True

    def _by_key(self, db: Any, owner: str | None, key: str, digest: str | None) -> Job | None:
        """The job ``owner``'s idempotency ``key`` made, if any; IdempotencyConflict when
        it was made for another request (jobs from before hashes were kept pass)."""
        whose = "owner IS NULL" if owner is None else "owner = ?"
        row = db.execute(
            f"SELECT {JOB_COLUMNS}, request_hash FROM jobs WHERE {whose} AND idempotency_key = ?",
            (key,) if owner is None else (owner, key),
        ).fetchone()
        if row is None:
            return None
        job = job_of_row(row[:-1])
        if row[-1] is not None and row[-1] != digest:
            raise IdempotencyConflict(job)
        return job

    def get(self, job_id: str) -> Job | None:
        rows = self._read(f"SELECT {JOB_COLUMNS} FROM jobs WHERE id = ?", (job_id,))
        return job_of_row(rows[0]) if rows else None

    def lease_job(self, lease_owner: str, lease_s: float) -> Job | None:
        """Lease the oldest ready job to ``lease_owner``: queued and due, or running with
        an expired lease (its worker died). Counts the attempt; a job out of attempts
        fails instead."""
        now = self.clock()
        with self._tx() as db:
            while True:
                row = db.execute(
                    f"SELECT {JOB_COLUMNS} FROM jobs WHERE (state = ? AND next_run_at <= ?)"
                    " OR (state = ? AND lease_until < ?) ORDER BY next_run_at, created_at"
                    f" LIMIT 1{self._skip_locked}",
                    (JobState.QUEUED, now, JobState.RUNNING, now),
                ).fetchone()
                if row is None:
                    return None
                job = self._take(db, job_of_row(row), lease_owner, lease_s, now)
                if job is not None:
                    return job

    def _take(self, db: Any, job: Job, lease_owner: str, lease_s: float, now: float) -> Job | None:
        """Lease ``job`` to ``lease_owner`` and count the attempt, or fail it when it has had
        all its attempts (its workers kept dying)."""
        if out_of_attempts(job.attempts, job.max_attempts):
            db.execute(
                "UPDATE jobs SET state = ?, lease_owner = NULL, lease_until = NULL,"
                " error = coalesce(error, '') || ?, updated_at = ?, finished_at = ? WHERE id = ?",
                (
                    JobState.FAILED,
                    gave_up(job.error, job.attempts),
                    now,
                    now,
                    job.id,
                ),
            )
            return None
        db.execute(
            "UPDATE jobs SET state = ?, lease_owner = ?, lease_until = ?,"
            " attempts = attempts + 1, updated_at = ? WHERE id = ?",
            (JobState.RUNNING, lease_owner, now + lease_s, now, job.id),
        )
        row = db.execute(f"SELECT {JOB_COLUMNS} FROM jobs WHERE id = ?", (job.id,)).fetchone()
        return job_of_row(row)

    def renew(self, job_id: str, lease_owner: str, lease_s: float) -> bool:
        """Extend the lease; False when ``lease_owner`` no longer holds it."""
        now = self.clock()
        with self._tx() as db:
            cur = db.execute(
                "UPDATE jobs SET lease_until = ?, updated_at = ? WHERE id = ? AND state = ?"
                " AND lease_owner = ?",
                (now + lease_s, now, job_id, JobState.RUNNING, lease_owner),
            )
            return cur.rowcount == 1

    def complete(
        self,
        job_id: str,
        lease_owner: str,
        report: dict[str, Any],
        rendered: Rendered | None = None,
    ) -> bool:
        """Store the report (with its ``rendered`` pages and summary) and mark the job
        done (with the report's status), if ``lease_owner`` still holds the lease."""
        now = self.clock()
        status = "incomplete" if report.get("status") == "incomplete" else "complete"
        with self._tx() as db:
            cur = db.execute(
                "UPDATE jobs SET state = ?, lease_owner = NULL, lease_until = NULL,"
                " error = NULL, updated_at = ?, finished_at = ?, report_status = ?, done_by = ?"
                " WHERE id = ? AND state = ? AND lease_owner = ?",
                (
                    JobState.DONE,
                    now,
                    now,
                    status,
                    lease_owner,
                    job_id,
                    JobState.RUNNING,
                    lease_owner,
                ),
            )
            if cur.rowcount != 1:
                return False
            self._outbox(db, job_id, now)
            db.execute(
                "INSERT INTO reports (job_id, report, stored_at, summary, pages)"
                " VALUES (?, ?, ?, ?, ?)",
                (
                    job_id,
                    json.dumps(report, ensure_ascii=False),
                    now,
                    json.dumps(rendered.summary) if rendered else None,
                    len(rendered.pages) if rendered else None,
                ),
            )
            for number, html in enumerate(rendered.pages if rendered else [], start=1):
                db.execute(
                    "INSERT INTO report_pages (job_id, page, html) VALUES (?, ?, ?)",
                    # a NUL cannot be held by PostgreSQL's text (nor means anything in
                    # HTML): U+FFFD, as an HTML parser reads it, the same on both stores
                    (job_id, number, html.replace("\x00", "\ufffd")),
                )
            return True

    def fail(
        self, job_id: str, lease_owner: str, error: str, retry_in: float | None
    ) -> JobState | None:
        """Record a failed attempt: queued again after ``retry_in`` seconds while attempts
        remain, else failed with the last error. None when the lease was lost."""
        now = self.clock()
        with self._tx() as db:
            row = db.execute(
                "SELECT attempts, max_attempts FROM jobs WHERE id = ? AND state = ?"
                " AND lease_owner = ?",
                (job_id, JobState.RUNNING, lease_owner),
            ).fetchone()
            if row is None:
                return None
            attempts, max_attempts = row
            state = (
                JobState.QUEUED
                if should_retry(attempts, max_attempts, retry_in)
                else JobState.FAILED
            )
            db.execute(
                "UPDATE jobs SET state = ?, lease_owner = NULL, lease_until = NULL, error = ?,"
                " next_run_at = ?, updated_at = ?, finished_at = ? WHERE id = ?",
                (
                    state,
                    error,
                    now + (retry_in or 0),
                    now,
                    now if state == JobState.FAILED else None,
                    job_id,
                ),
            )
            if state == JobState.QUEUED:
                self._queued(db, job_id, now + (retry_in or 0))
            return state

    def release(self, job_id: str, lease_owner: str, retry_in: float = 0.0) -> bool:
        """Give a running job back to the queue, its attempt uncounted: a worker shutting
        down, or one that met a fault of the infrastructure (then ``retry_in`` seconds
        later; :attr:`workers.retries.Outcome.GIVE_BACK`)."""
        now = self.clock()
        with self._tx() as db:
            cur = db.execute(
                "UPDATE jobs SET state = ?, lease_owner = NULL, lease_until = NULL,"
                " attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END,"
                " next_run_at = ?, updated_at = ? WHERE id = ? AND state = ? AND lease_owner = ?",
                (JobState.QUEUED, now + retry_in, now, job_id, JobState.RUNNING, lease_owner),
            )
            if cur.rowcount != 1:
                return False
            self._queued(db, job_id, now + retry_in)
            return True

    def ping(self, write: bool = False) -> None:
        """One trivial read (in a write transaction with ``write``: the store takes
        writes): the store answers (JobStoreError or StoreUnavailable when it does not)."""
        if write:
            with self._tx() as db:
                db.execute("SELECT 1")
            return
        self._read("SELECT 1")

    def cancel(self, job_id: str) -> bool:
        """Cancel a queued or running job (a running one's worker notices at its next
        renewal); False when it had already ended."""
        now = self.clock()
        with self._tx() as db:
            cur = db.execute(
                "UPDATE jobs SET state = ?, lease_owner = NULL, lease_until = NULL,"
                " updated_at = ?, finished_at = ? WHERE id = ? AND state IN (?, ?)",
                (JobState.CANCELLED, now, now, job_id, JobState.QUEUED, JobState.RUNNING),
            )
            if cur.rowcount != 1:
                return False
            self._cancelled(db, job_id)
            return True

    def report(self, job_id: str) -> dict[str, Any] | None:
        text = self.report_text(job_id)
        return json.loads(text) if text is not None else None

    def report_text(self, job_id: str) -> str | None:
        """The stored report as the JSON text it was stored as (no parsing)."""
        rows = self._read("SELECT report FROM reports WHERE job_id = ?", (job_id,))
        return str(rows[0][0]) if rows else None

    def report_size(self, job_id: str) -> int | None:
        """The stored report's length in characters (None: no report)."""
        rows = self._read("SELECT length(report) FROM reports WHERE job_id = ?", (job_id,))
        return int(rows[0][0]) if rows else None

    def report_page(self, job_id: str, page: int) -> tuple[str | None, int] | None:
        """Page ``page`` of the report's stored page and how many there are: (None, n)
        for a page out of range; None when no pages were stored (a report stored by an
        older verifier)."""
        rows = self._read("SELECT pages FROM reports WHERE job_id = ?", (job_id,))
        if not rows or rows[0][0] is None:
            return None
        count = int(rows[0][0])
        if not 1 <= page <= count:
            return None, count
        html = self._read(
            "SELECT html FROM report_pages WHERE job_id = ? AND page = ?", (job_id, page)
        )
        return (str(html[0][0]) if html else None), count

    def summaries(self, job_ids: list[str]) -> dict[str, dict[str, Any]]:
        """The stored summaries of these jobs' reports (jobs without one are left out)."""
        if not job_ids:
            return {}
        marks = ", ".join("?" * len(job_ids))
        rows = self._read(
            f"SELECT job_id, summary FROM reports WHERE job_id IN ({marks})"
            " AND summary IS NOT NULL",
            tuple(job_ids),
        )
        return {str(r[0]): json.loads(r[1]) for r in rows}

    def report_count(self) -> int:
        return int(self._read("SELECT count(*) FROM reports")[0][0])

    def counts(self) -> dict[str, int]:
        found = dict(self._read("SELECT state, count(*) FROM jobs GROUP BY state"))
        return {state.value: int(found.get(state, 0)) for state in JobState}

    def report_counts(self) -> dict[str, int]:
        """Finished jobs by their report's status: complete or incomplete."""
        found = dict(
            self._read(
                "SELECT report_status, count(*) FROM jobs WHERE state = ? GROUP BY report_status",
                (JobState.DONE,),
            )
        )
        return {status: int(found.get(status, 0)) for status in ("complete", "incomplete")}

    # --- audits ---------------------------------------------------------------------------
    def add_audit(
        self, job_id: str, mode: str, result: dict[str, Any], requested_by: str | None
    ) -> Audit:
        audit = Audit(str(uuid.uuid4()), job_id, mode, requested_by, result, self.clock())
        with self._tx() as db:
            db.execute(
                "INSERT INTO audits (id, job_id, mode, requested_by, result, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    audit.id,
                    job_id,
                    mode,
                    requested_by,
                    json.dumps(result, ensure_ascii=False),
                    audit.created_at,
                ),
            )
        return audit

    def audits(self, job_id: str) -> list[Audit]:
        rows = self._read(
            "SELECT id, job_id, mode, requested_by, result, created_at FROM audits"
            " WHERE job_id = ? ORDER BY created_at",
            (job_id,),
        )
        return [Audit(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5]) for r in rows]

    # --- API keys ---------------------------------------------------------------------------
    def create_key(self, role: Role | str, name: str = "") -> tuple[ApiKey, str]:
        """A new key: the stored record and the token, which is shown once and not kept."""
        try:
            role = Role(role)
        except ValueError:
            msg = f"unknown role {role!r}; the roles are: {', '.join(Role)}"
            raise ValueError(msg) from None
        key_id = "k_" + secrets.token_hex(6)
        token = f"vk_{secrets.token_urlsafe(32)}"
        key = ApiKey(key_id, role, name, secrets.token_urlsafe(32), self.clock(), None)
        sealed = (
            self.secret_box.seal(key.callback_secret) if self.secret_box else key.callback_secret
        )
        with self._tx() as db:
            db.execute(
                "INSERT INTO api_keys (id, hash, role, name, callback_secret, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (key.id, hash_token(token), key.role, name, sealed, key.created_at),
            )
        return key, token

    def _key(self, row: tuple[Any, ...]) -> ApiKey:
        """A key as stored (its callback secret as stored: see :meth:`open_secret`)."""
        key_id, role, *rest = row
        return ApiKey(key_id, Role(role), *rest)

    def open_secret(self, key: ApiKey) -> str:
        """``key``'s callback secret in the clear; empty (and logged) when this process
        cannot open it, so that a callback is never sent unsigned."""
        stored = key.callback_secret
        if not stored.startswith(SEALED):
            return stored
        try:
            return self.secret_box.open(stored) if self.secret_box else ""
        except StoreError as exc:
            log.warning("key %s: %s", key.id, exc)
            return ""

    def seal_secrets(self) -> int:
        """Seal the callback secrets stored in the clear (by an older verifier)."""
        if self.secret_box is None:
            return 0
        rows = self._read(
            "SELECT id, callback_secret FROM api_keys WHERE callback_secret NOT LIKE ?",
            (SEALED + "%",),
        )
        with self._tx() as db:
            for key_id, plain in rows:
                db.execute(
                    "UPDATE api_keys SET callback_secret = ? WHERE id = ? AND callback_secret = ?",
                    (self.secret_box.seal(plain), key_id, plain),
                )
        return len(rows)

    def find_key(self, token: str) -> ApiKey | None:
        rows = self._read(
            f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE hash = ? AND revoked_at IS NULL",
            (hash_token(token),),
        )
        return self._key(rows[0]) if rows else None

    def key(self, key_id: str) -> ApiKey | None:
        rows = self._read(f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE id = ?", (key_id,))
        return self._key(rows[0]) if rows else None

    def list_keys(self) -> list[ApiKey]:
        rows = self._read(f"SELECT {_KEY_COLUMNS} FROM api_keys ORDER BY created_at")
        return [self._key(r) for r in rows]

    def revoke_key(self, key_id: str) -> bool:
        with self._tx() as db:
            cur = db.execute(
                "UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
                (self.clock(), key_id),
            )
            return cur.rowcount == 1

    # --- callbacks ------------------------------------------------------------------------
    def log_callback(
        self, job_id: str, attempt: int, status: int | None, error: str | None
    ) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT INTO callback_attempts (job_id, attempt, at, status, error)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (job_id, attempt) DO UPDATE"
                " SET at = excluded.at, status = excluded.status, error = excluded.error",
                (job_id, attempt, self.clock(), status, error),
            )

    # --- the callback outbox (workers/callbacks.py sends it) ---------------------------------
    def _outbox(self, db: Any, job_id: str, now: float) -> None:
        """Record the job's callback, if it asked for one, in the transaction that stores
        its report: a report is never stored without its callback to send."""
        row = db.execute("SELECT options FROM jobs WHERE id = ?", (job_id,)).fetchone()
        options = json.loads(row[0]) if row and row[0] else {}
        url = options.get("callback_url") if isinstance(options, dict) else None
        if url:
            db.execute(
                "INSERT INTO callback_outbox (job_id, url, created_at, due_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (job_id) DO NOTHING",
                (job_id, url, now, now),
            )

    def claim_callbacks(self, sender: str, claim_s: float, limit: int) -> list[OutboxItem]:
        """Up to ``limit`` callbacks due to be sent, claimed by ``sender`` for ``claim_s``
        (a claim its sender never settles, because it was killed, runs out and the callback
        is claimed again); each claim counts a try."""
        now = self.clock()
        with self._tx() as db:
            rows = db.execute(
                "SELECT job_id, url, tries FROM callback_outbox WHERE sent_at IS NULL"
                " AND gave_up_at IS NULL AND due_at <= ?"
                " AND (claimed_until IS NULL OR claimed_until < ?)"
                f" ORDER BY due_at LIMIT ?{self._skip_locked}",
                (now, now, limit),
            ).fetchall()
            for row in rows:
                db.execute(
                    "UPDATE callback_outbox SET claimed_by = ?, claimed_until = ?,"
                    " tries = tries + 1 WHERE job_id = ?",
                    (sender, now + claim_s, row[0]),
                )
        return [OutboxItem(str(r[0]), str(r[1]), int(r[2]) + 1) for r in rows]

    def settle_callback(
        self, job_id: str, sender: str, *, sent: bool, retry_in: float | None, error: str | None
    ) -> bool:
        """After a try: sent, to be tried again in ``retry_in``, or given up (``retry_in``
        None). False when ``sender`` no longer held the claim."""
        now = self.clock()
        args: tuple[Any, ...]
        if sent:
            change, args = "sent_at = ?, error = NULL", (now,)
        elif retry_in is None:
            change, args = "gave_up_at = ?, error = ?", (now, error)
        else:
            change, args = "due_at = ?, error = ?", (now + retry_in, error)
        with self._tx() as db:
            cur = db.execute(
                f"UPDATE callback_outbox SET {change}, claimed_by = NULL, claimed_until = NULL"
                " WHERE job_id = ? AND claimed_by = ?",
                (*args, job_id, sender),
            )
            return cur.rowcount == 1

    def callback_outbox(self) -> dict[str, int]:
        """The outbox's callbacks by state: pending, sent, gave_up."""
        rows = self._read(
            "SELECT CASE WHEN sent_at IS NOT NULL THEN 'sent' WHEN gave_up_at IS NOT NULL"
            " THEN 'gave_up' ELSE 'pending' END AS s, count(*) FROM callback_outbox GROUP BY s"
        )
        counts = {"pending": 0, "sent": 0, "gave_up": 0}
        counts.update({str(r[0]): int(r[1]) for r in rows})
        return counts

    def callback_log(self, job_id: str) -> list[dict[str, Any]]:
        rows = self._read(
            "SELECT attempt, at, status, error FROM callback_attempts WHERE job_id = ?"
            " ORDER BY attempt",
            (job_id,),
        )
        return [{"attempt": r[0], "at": r[1], "status": r[2], "error": r[3]} for r in rows]

    # --- the web app (workers/webapp) ---------------------------------------------------------
    def list_jobs(
        self, *, owner: str | None, state: JobState | None, limit: int, offset: int
    ) -> tuple[list[Job], int]:
        """A page of jobs, newest first, and how many there are in all: ``owner``'s only
        (None: everyone's), in ``state`` only (None: any)."""
        where, args = [], []
        if owner is not None:
            where.append("owner = ?")
            args.append(owner)
        if state is not None:
            where.append("state = ?")
            args.append(JobState(state).value)
        clause = f" WHERE {' AND '.join(where)}" if where else ""
        total = int(self._read(f"SELECT count(*) FROM jobs{clause}", tuple(args))[0][0])
        rows = self._read(
            f"SELECT {JOB_COLUMNS} FROM jobs{clause} ORDER BY created_at DESC, id DESC"
            " LIMIT ? OFFSET ?",
            (*args, max(0, limit), max(0, offset)),
        )
        return [job_of_row(r) for r in rows], total

    def set_progress(self, job_id: str, lease_owner: str, progress: dict[str, Any]) -> bool:
        """Record a running job's progress (what the web app shows), if ``lease_owner``
        still holds the lease; False otherwise."""
        with self._tx() as db:
            self._unflushed(db)
            cur = db.execute(
                "UPDATE jobs SET progress = ? WHERE id = ? AND state = ? AND lease_owner = ?",
                (json.dumps(progress), job_id, JobState.RUNNING, lease_owner),
            )
            return cur.rowcount == 1

    def progress(self, job_id: str) -> dict[str, Any] | None:
        """The last progress a worker recorded for the job (kept after it ends)."""
        rows = self._read("SELECT progress FROM jobs WHERE id = ?", (job_id,))
        return json.loads(rows[0][0]) if rows and rows[0][0] else None

    def end_session(self, session_id: str, until: float) -> None:
        """A web session signed out before it expires at ``until``: refused from now on.
        Sessions past their expiry are forgotten (their cookies are refused anyway)."""
        with self._tx() as db:
            db.execute("DELETE FROM web_sessions_ended WHERE until < ?", (self.clock(),))
            db.execute(
                "INSERT INTO web_sessions_ended (id, until) VALUES (?, ?)"
                " ON CONFLICT (id) DO UPDATE SET until = excluded.until",
                (session_id, until),
            )

    def session_ended(self, session_id: str) -> bool:
        rows = self._read("SELECT 1 FROM web_sessions_ended WHERE id = ?", (session_id,))
        return bool(rows)


class SqliteJobStore(SqlJobStore):
    """The embedded store: one SQLite file (WAL); workers poll it. Thread-safe: one
    connection behind a lock per process."""

    def __init__(
        self,
        path: str | Path,
        *,
        clock: Any = time.time,
        busy_timeout_s: float = 30.0,
        secret_box: SecretBox | None = None,
    ) -> None:
        self.path = Path(path)
        self.clock = clock
        self.secret_box = secret_box
        try:
            private_file(self.path)  # keys, callback secrets and reports: the owner's only
            self._db = sqlite3.connect(
                self.path, check_same_thread=False, isolation_level=None, timeout=busy_timeout_s
            )
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute(f"PRAGMA busy_timeout={int(busy_timeout_s * 1000)}")
            self._db.execute("PRAGMA foreign_keys=ON")
        except (OSError, sqlite3.Error) as exc:
            msg = (
                f"cannot open the job store {self.path}: {exc}; check --data-dir or store.data_dir"
            )
            raise store_error(msg, exc, JobStoreError) from exc
        self._lock = threading.Lock()
        self.migrate()

    # --- plumbing -----------------------------------------------------------------------
    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction; SQLite's errors become the store's
        (:func:`~verifier.system.faults.store_error`: a full disk is StoreUnavailable), and a
        failed transaction is rolled back only if SQLite has not already done so."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                self._rollback()
                msg = f"the job store {self.path} is unavailable: {exc}"
                raise store_error(msg, exc, JobStoreError) from exc
            try:
                yield self._db
                self._db.execute("COMMIT")
            except sqlite3.Error as exc:
                self._rollback()
                msg = f"cannot write to the job store {self.path}: {exc}"
                raise store_error(msg, exc, JobStoreError) from exc
            except BaseException:
                self._rollback()
                raise

    def _rollback(self) -> None:
        # after SQLITE_FULL and some I/O errors SQLite has rolled back already, and a
        # ROLLBACK then fails ("no transaction is active"): never let that escape
        if self._db.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self._db.execute(sql, args).fetchall()
            except sqlite3.Error as exc:
                msg = f"cannot read the job store {self.path}: {exc}"
                raise store_error(msg, exc, JobStoreError) from exc

    def migrate(self) -> int:
        """Apply the migrations this file has not had yet; return the schema version."""
        try:
            with self._tx() as db:
                version = db.execute("PRAGMA user_version").fetchone()[0]
                for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
                    for statement in script.split(";"):
                        if statement.strip():
                            db.execute(statement)
                    db.execute(f"PRAGMA user_version = {number}")
                return len(MIGRATIONS)
        except (sqlite3.Error, StoreError) as exc:
            msg = f"cannot migrate the job store {self.path}: {exc}"
            raise store_error(msg, exc, JobStoreError) from exc

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def integrity_check(self) -> str:
        return str(self._read("PRAGMA integrity_check")[0][0])
