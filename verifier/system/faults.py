"""Which failures are the infrastructure's, not the work's: a full disk, a database that
cannot be reached or is shutting down, memory running out.

The service treats three kinds of error differently (docs/service.md, "Faults"): bad
input is the job's fault (never retried); a page or a search that failed is the check's
(the report says so); a fault of the infrastructure is nobody's: the job is given back
without counting an attempt and runs when the fault clears. :func:`infrastructure_fault`
tells the last kind apart, from the exception alone (its cause chain included), without
importing the database drivers. :func:`store_error` is how the stores turn a driver's
exception into theirs: :class:`~verifier.errors.StoreUnavailable` with a plain reason
when it is such a fault, else the store's own error (:class:`~verifier.errors.JobStoreError`,
:class:`~verifier.errors.SnapshotError`).
"""

from __future__ import annotations

import errno

from verifier.errors import StoreError, StoreUnavailable

__all__ = [
    "DB_BUSY",
    "DB_DOWN",
    "DISK_ERROR",
    "DISK_FULL",
    "NO_MEMORY",
    "infrastructure_fault",
    "store_error",
]

DISK_FULL = "disk full"
DB_DOWN = "database unavailable"
NO_MEMORY = "out of memory"
DISK_ERROR = "disk error"
DB_BUSY = "database busy"

# SQLite's result codes (sqlite3.Error.sqlite_errorname, Python 3.11+) by prefix
_SQLITE = (
    ("SQLITE_FULL", DISK_FULL),
    ("SQLITE_IOERR", DISK_ERROR),
    ("SQLITE_NOMEM", NO_MEMORY),
    ("SQLITE_BUSY", DB_BUSY),
    ("SQLITE_LOCKED", DB_BUSY),
    ("SQLITE_CANTOPEN", DISK_ERROR),
    ("SQLITE_READONLY", DISK_ERROR),
    ("SQLITE_PROTOCOL", DB_BUSY),
)
# PostgreSQL's SQLSTATE codes (psycopg's exc.sqlstate) by prefix: disk full, out of
# memory, other insufficient resources, connection failures, shutdown and crash
# recovery, system I/O errors, serialization failures and deadlocks
_POSTGRES = (
    ("53100", DISK_FULL),
    ("53200", NO_MEMORY),
    ("53", DB_BUSY),
    ("08", DB_DOWN),
    ("57P", DB_DOWN),
    ("58", DB_DOWN),
    ("40001", DB_BUSY),
    ("40P01", DB_BUSY),
)
_OS = {
    errno.ENOSPC: DISK_FULL,
    errno.EDQUOT: DISK_FULL,
    errno.ENOMEM: NO_MEMORY,
    errno.EIO: DISK_ERROR,
    errno.EROFS: DISK_ERROR,
}


def _one(exc: BaseException) -> str | None:
    if isinstance(exc, StoreUnavailable):
        return exc.reason
    if isinstance(exc, MemoryError):
        return NO_MEMORY
    if isinstance(exc, OSError) and exc.errno in _OS:
        return _OS[exc.errno]
    name = getattr(exc, "sqlite_errorname", None)
    if isinstance(name, str):
        return next((reason for prefix, reason in _SQLITE if name.startswith(prefix)), None)
    module = type(exc).__module__
    if module.startswith(("psycopg", "psycopg_pool")):
        state = getattr(exc, "sqlstate", None)
        if state:
            return next((reason for prefix, reason in _POSTGRES if state.startswith(prefix)), None)
        # no SQLSTATE: the client could not talk to the server (refused, reset, timed out
        # waiting for a pooled connection)
        return DB_DOWN if type(exc).__name__ in ("OperationalError", "PoolTimeout") else None
    return None


def infrastructure_fault(exc: BaseException) -> str | None:
    """A few plain words saying which infrastructure fault ``exc`` is (or was caused
    by), or None when it is not one."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen and len(seen) < 8:
        seen.add(id(current))
        reason = _one(current)
        if reason is not None:
            return reason
        current = current.__cause__ or current.__context__
    return None


def store_error(msg: str, exc: BaseException, error: type[StoreError] = StoreError) -> StoreError:
    """The store's error for a driver's ``exc``: StoreUnavailable (with its reason) for a
    fault of the infrastructure, else ``error`` (the store's own: JobStoreError,
    SnapshotError). Raise it ``from exc``."""
    reason = infrastructure_fault(exc)
    return StoreUnavailable(msg, reason) if reason is not None else error(msg)
