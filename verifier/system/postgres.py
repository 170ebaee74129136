"""PostgreSQL plumbing shared by the stores that can live there (the service's job store,
the snapshot store): which database ``service.database`` names, a connection pool, and
versioned migrations.

Migrations are numbered scripts per component (``jobs``, ``snapshots``); the version each
component is at is kept in ``verifier_schema``. ``verifier db migrate`` applies what is
missing (under an advisory lock, so two hosts migrating at once do not race); a process
that opens a store only *checks* the version and refuses, in one line, to run on a
schema other than its own. psycopg is imported only here and only when PostgreSQL is
configured (the ``postgres`` extra).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from verifier.errors import ConfigError, SchemaMismatch, StoreError
from verifier.system.faults import store_error
from verifier.system.sqlfiles import script

if TYPE_CHECKING:
    from psycopg_pool import ConnectionPool

    from verifier.config import Settings

__all__ = [
    "Database",
    "Migrations",
    "check_schema",
    "connection",
    "database_of",
    "migrate",
    "open_pool",
    "redact",
    "transaction",
    "versions",
]

_MIGRATE_LOCK = 0x7665726966  # advisory lock key: one `verifier db migrate` at a time
# the version each component's schema is at (verifier/system/sql/postgres/)
_SCHEMA_TABLE = script("verifier.system", "sql/postgres/verifier_schema.sql")


@dataclass(frozen=True, slots=True)
class Database:
    """Where the service's state lives: a SQLite file or a PostgreSQL server."""

    kind: str  # "sqlite" or "postgresql"
    target: str  # the file path, or the connection URL

    @property
    def postgres(self) -> bool:
        return self.kind == "postgresql"

    def __str__(self) -> str:
        return redact(self.target) if self.postgres else f"sqlite:///{self.target}"


def database_of(settings: Settings) -> Database:
    """``service.database``, or the URL in ``service.database_file`` when that is set:
    empty is ``jobs.db`` under the data dir."""
    url = settings.service.database
    if settings.service.database_file:
        url = _url_from_file(Path(settings.service.database_file).expanduser())
    if not url:
        return Database("sqlite", str(settings.data_dir() / "jobs.db"))
    if url.startswith("sqlite:///"):
        return Database("sqlite", str(Path(url.removeprefix("sqlite:///")).expanduser()))
    return Database("postgresql", url)


def _url_from_file(path: Path) -> str:
    """The database URL kept in a file (its first line), as ``service.database`` takes it."""
    try:
        lines = path.read_text(encoding="utf-8").strip().splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        msg = f"cannot read service.database_file {path}: {getattr(exc, 'strerror', None) or exc}; check the path"
        raise ConfigError(msg) from exc
    url = lines[0].strip() if lines else ""
    if not re.match(r"^(sqlite:///.+|postgres(ql)?://.*)$", url):
        msg = f"service.database_file {path} does not hold a database URL (postgresql://... or sqlite:///...) on its first line"
        raise ConfigError(msg)
    return url


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    return re.sub(r"(://[^:/@]+):[^@/]*@", r"\1:***@", url)


@dataclass(frozen=True, slots=True)
class Migrations:
    """A component's migration scripts, in order; script *n* takes it to version *n*."""

    component: str
    scripts: tuple[str, ...]

    @property
    def version(self) -> int:
        return len(self.scripts)


# How long a statement waits for a pooled connection, and a new connection for the
# server, before the store answers "unavailable": an outage is reported in seconds, not
# after psycopg's 30 s default (the pool keeps reconnecting in the background).
POOL_TIMEOUT_S = 5.0
CONNECT_TIMEOUT_S = 3
RECONNECT_S = 10.0


def open_pool(
    url: str,
    size: int,
    *,
    name: str = "verifier",
    timeout_s: float = POOL_TIMEOUT_S,
    error: type[StoreError] = StoreError,
) -> ConnectionPool:
    """A thread-safe pool of autocommit connections (transactions are explicit), opened
    and checked; one clear line when psycopg is missing or the server cannot be
    reached (``error``: the store's own error class). A statement waits at most
    ``timeout_s`` for a connection; the pool reconnects by itself when the server comes
    back."""
    try:
        import psycopg
        from psycopg_pool import ConnectionPool, PoolTimeout
    except ImportError as exc:
        msg = f"service.database is {redact(url)} but PostgreSQL support is not installed; run: pip install 'verifier[postgres]'"
        raise ConfigError(msg) from exc
    pool = ConnectionPool(
        url,
        min_size=1,
        max_size=max(1, size),
        kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT_S},
        name=name,
        open=False,
        check=ConnectionPool.check_connection,
        timeout=timeout_s,
        # psycopg retries a lost connection with a backoff that doubles without a cap;
        # giving up after a few seconds lets the next statement connect anew at once, so
        # the store answers as soon as the server is back
        reconnect_timeout=RECONNECT_S,
    )
    try:
        pool.open(wait=True, timeout=10)
    except (PoolTimeout, psycopg.Error) as exc:
        pool.close()
        msg = f"cannot connect to PostgreSQL at {redact(url)} ({_first_line(exc)}); check service.database and that the server is running"
        raise error(msg) from exc
    return pool


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]


@contextmanager
def connection(
    pool: ConnectionPool, what: str, error: type[StoreError] = StoreError
) -> Iterator[Any]:
    """A pooled autocommit connection (each statement its own transaction); psycopg
    errors become ``error`` (the store's own, or StoreUnavailable: see
    :func:`~verifier.system.faults.store_error`) naming ``what`` was being done."""
    import psycopg

    try:
        with pool.connection() as conn:
            yield conn
    except psycopg.Error as exc:
        msg = f"PostgreSQL error while {what}: {_first_line(exc)}"
        raise store_error(msg, exc, error) from exc


@contextmanager
def transaction(
    pool: ConnectionPool, what: str, error: type[StoreError] = StoreError
) -> Iterator[Any]:
    """One transaction on a pooled connection (errors as in :func:`connection`)."""
    with connection(pool, what, error) as conn, conn.transaction():
        yield conn


def versions(pool: ConnectionPool, error: type[StoreError] = StoreError) -> dict[str, int]:
    """The version each component's schema is at (empty for a new database)."""
    with transaction(pool, "reading the schema version", error) as conn:
        return _versions(conn)


def _versions(conn: Any) -> dict[str, int]:
    if conn.execute("SELECT to_regclass('verifier_schema')").fetchone()[0] is None:
        return {}
    rows = conn.execute("SELECT component, version FROM verifier_schema").fetchall()
    return {str(component): int(version) for component, version in rows}


def migrate(pool: ConnectionPool, components: Sequence[Migrations]) -> dict[str, tuple[int, int]]:
    """Apply the missing migrations of each component, each script in its own
    transaction with the new version, holding an advisory lock (one migration at a time
    across hosts); returns ``{component: (from, to)}``."""
    import psycopg

    done: dict[str, tuple[int, int]] = {}
    try:
        with pool.connection() as conn:
            conn.execute("SELECT pg_advisory_lock(%s)", (_MIGRATE_LOCK,))
            try:
                conn.execute(_SCHEMA_TABLE)
                for component in components:
                    start = _versions(conn).get(component.component, 0)
                    if start > component.version:
                        raise StoreError(_too_new(component, start))
                    for number in range(start + 1, component.version + 1):
                        with conn.transaction():
                            conn.execute(component.scripts[number - 1])
                            conn.execute(
                                "INSERT INTO verifier_schema (component, version, updated_at)"
                                " VALUES (%s, %s, %s) ON CONFLICT (component) DO UPDATE"
                                " SET version = excluded.version, updated_at = excluded.updated_at",
                                (component.component, number, time.time()),
                            )
                    done[component.component] = (start, component.version)
            finally:
                conn.execute("SELECT pg_advisory_unlock(%s)", (_MIGRATE_LOCK,))
    except psycopg.Error as exc:
        msg = f"cannot migrate the database: {_first_line(exc)}"
        raise StoreError(msg) from exc
    return done


def check_schema(
    pool: ConnectionPool,
    url: str,
    component: Migrations,
    error: type[StoreError] = StoreError,
) -> None:
    """Refuse, in one line (SchemaMismatch: the user runs `verifier db migrate`, or
    upgrades), a database whose schema for ``component`` is not this version's (a new
    database, or one migrated by an older or newer verifier); ``error`` is the store's own
    error class, for a database that cannot be read."""
    found = versions(pool, error).get(component.component, 0)
    if found == component.version:
        return
    if found > component.version:
        raise SchemaMismatch(_too_new(component, found))
    msg = (
        f"the database {redact(url)} has {component.component} schema version {found}, "
        f"this verifier needs {component.version}: run `verifier db migrate --database URL` first"
    )
    raise SchemaMismatch(msg)


def _too_new(component: Migrations, found: int) -> str:
    return (
        f"the database's {component.component} schema is at version {found}, newer than this "
        f"verifier knows ({component.version}): upgrade verifier on this host"
    )
