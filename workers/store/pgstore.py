"""The job store in PostgreSQL (``service.database = "postgresql://..."``): the same
logic as the SQLite store (:class:`~workers.store.jobstore.SqlJobStore`), on a pool of psycopg 3
connections, with the job queue (procrastinate, :mod:`workers.store.queue`) kept in step in the
same transactions. The API, the workers and the command line may run on different hosts.

Exactly one stored report per job: ``reports.job_id`` is the primary key, and the report
is inserted in the transaction that marks the job done, only by the worker that holds
the job's lease. Execution is at least once: a job whose worker was lost runs again.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from verifier.errors import JobStoreError
from verifier.system.faults import store_error
from verifier.system.postgres import (
    Migrations,
    check_schema,
    open_pool,
    redact,
    transaction,
)
from verifier.system.sqlfiles import migrations
from workers.store.jobs import Job, JobState
from workers.store.jobstore import JOB_COLUMNS, SqlJobStore, job_of_row
from workers.store.queue import abort_check, defer_check, queue_migrations

if TYPE_CHECKING:
    from psycopg_pool import ConnectionPool

    from workers.store.secretbox import SecretBox

__all__ = ["JOB_MIGRATIONS", "PgJobStore"]

# The PostgreSQL schema's migrations (workers/store/sql/postgres/NNN.sql), applied by
# `verifier db migrate`. Never edit a released script: add one.
JOB_MIGRATIONS = Migrations("jobs", migrations("workers.store", "sql/postgres"))


@functools.lru_cache(maxsize=256)
def _pg(sql: str) -> str:
    """The store's portable SQL (``?`` parameters) in psycopg's style (``%s``)."""
    return sql.replace("%", "%%").replace("?", "%s")


class _Tx:
    """A connection inside a transaction, speaking the store's portable SQL."""

    __slots__ = ("conn",)

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    def execute(self, sql: str, args: tuple[Any, ...] = ()) -> Any:
        return self.conn.execute(_pg(sql), args)


class PgJobStore(SqlJobStore):
    """See the module docstring. Thread-safe (a pool of connections). Refuses to open a
    database whose schema is not this version's (run `verifier db migrate`)."""

    _skip_locked = " FOR UPDATE SKIP LOCKED"

    def __init__(
        self,
        url: str,
        *,
        pool_size: int = 10,
        clock: Any = time.time,
        pool: ConnectionPool | None = None,
        secret_box: SecretBox | None = None,
    ) -> None:
        self.url = url
        self.clock = clock
        self.secret_box = secret_box
        self._own_pool = pool is None
        self.pool = pool or open_pool(url, pool_size, name="verifier-jobs", error=JobStoreError)
        try:
            check_schema(self.pool, url, JOB_MIGRATIONS, JobStoreError)
            check_schema(self.pool, url, queue_migrations(), JobStoreError)
        except BaseException:
            self.close()
            raise

    def __str__(self) -> str:
        return redact(self.url)

    @contextmanager
    def _tx(self) -> Iterator[_Tx]:
        with transaction(self.pool, "using the job store", JobStoreError) as conn:
            yield _Tx(conn)

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """One statement on an autocommit connection: no transaction round trips."""
        import psycopg

        try:
            with self.pool.connection() as conn:
                return list(_Tx(conn).execute(sql, args).fetchall())
        except psycopg.Error as exc:
            msg = (
                f"PostgreSQL error while reading the job store: {str(exc).strip().splitlines()[0]}"
            )
            raise store_error(msg, exc, JobStoreError) from exc

    def _unflushed(self, db: Any) -> None:
        db.execute("SET LOCAL synchronous_commit = off")

    def close(self) -> None:
        if self._own_pool:
            self.pool.close()

    # --- the queue, in the store's transactions ---------------------------------------------
    def _queued(self, db: Any, job_id: str, run_at: float) -> None:
        try:
            queue_job_id = defer_check(db.conn, job_id, run_at)
        except Exception as exc:
            msg = f"cannot queue job {job_id}: {exc}"
            raise store_error(msg, exc, JobStoreError) from exc
        db.execute("UPDATE jobs SET queue_job_id = ? WHERE id = ?", (queue_job_id, job_id))

    def _cancelled(self, db: Any, job_id: str) -> None:
        row = db.execute("SELECT queue_job_id FROM jobs WHERE id = ?", (job_id,)).fetchone()
        if row is not None and row[0] is not None:
            abort_check(db.conn, int(row[0]))

    def lease_queued_job(
        self, job_id: str, queue_job_id: int, lease_owner: str, lease_s: float
    ) -> Job | None:
        """Lease to ``lease_owner`` the job a task of the queue carries, when that task is the job's latest
        (an older task, left behind by a retry, finds nothing to do) and the job is
        queued, or running with an expired lease (its worker died). None when it ended,
        is held by a live lease (see :meth:`lease_left`) or ran out of attempts (then
        it fails)."""
        now = self.clock()
        with self._tx() as db:
            row = db.execute(
                f"SELECT {JOB_COLUMNS} FROM jobs WHERE id = ? AND queue_job_id = ?"
                " AND (state = ? OR (state = ? AND lease_until < ?)) FOR UPDATE",
                (job_id, queue_job_id, JobState.QUEUED, JobState.RUNNING, now),
            ).fetchone()
            return (
                None if row is None else self._take(db, job_of_row(row), lease_owner, lease_s, now)
            )

    def requeue_orphans(self, limit: int = 100) -> int:
        """Give a new task to each job that should have one and has none: queued, or
        running with an expired lease, while its latest task has ended (a task that ran
        while the database was away and could not take its job, or ended with an error).
        Rows locked by another worker doing the same are skipped. Returns how many."""
        now = self.clock()
        with self._tx() as db:
            rows = db.execute(
                "SELECT j.id, j.next_run_at FROM jobs j WHERE (j.state = ?"
                " OR (j.state = ? AND j.lease_until < ?)) AND NOT EXISTS (SELECT 1 FROM"
                " procrastinate_jobs p WHERE p.id = j.queue_job_id AND p.status IN"
                " ('todo', 'doing', 'aborting')) ORDER BY j.next_run_at LIMIT ?"
                " FOR UPDATE OF j SKIP LOCKED",
                (JobState.QUEUED, JobState.RUNNING, now, limit),
            ).fetchall()
            for job_id, run_at in rows:
                self._queued(db, job_id, max(now, float(run_at)))
        return len(rows)

    def lease_left(self, job_id: str) -> float:
        """Seconds until a running job's lease expires (0 when not running)."""
        rows = self._read(
            "SELECT lease_until FROM jobs WHERE id = ? AND state = ?", (job_id, JobState.RUNNING)
        )
        return max(0.0, float(rows[0][0]) - self.clock()) if rows and rows[0][0] else 0.0

    def queue_job_id(self, job_id: str) -> int | None:
        """procrastinate's id of the job's latest task (for operators and tests)."""
        rows = self._read("SELECT queue_job_id FROM jobs WHERE id = ?", (job_id,))
        return int(rows[0][0]) if rows and rows[0][0] is not None else None
