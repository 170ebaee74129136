from __future__ import annotations

import errno
import sqlite3

import pytest

from verifier.errors import JobStoreError, SnapshotError, StoreError, StoreUnavailable
from verifier.system.faults import infrastructure_fault, store_error


def sqlite_error(name: str) -> sqlite3.Error:
    exc = sqlite3.OperationalError("x")
    exc.sqlite_errorname = name  # type: ignore[attr-defined]
    return exc


@pytest.mark.parametrize(
    ("exc", "reason"),
    [
        (OSError(errno.ENOSPC, "No space left on device"), "disk full"),
        (OSError(errno.EDQUOT, "Disk quota exceeded"), "disk full"),
        (MemoryError(), "out of memory"),
        (sqlite_error("SQLITE_FULL"), "disk full"),
        (sqlite_error("SQLITE_IOERR_WRITE"), "disk error"),
        (sqlite_error("SQLITE_BUSY"), "database busy"),
        (StoreUnavailable("m", "database unavailable"), "database unavailable"),
        (ValueError("bad input"), None),
        (sqlite_error("SQLITE_CONSTRAINT_UNIQUE"), None),
        (OSError(errno.ENOENT, "No such file"), None),
    ],
)
def test_faults_of_the_infrastructure_are_told_apart(
    exc: BaseException, reason: str | None
) -> None:
    assert infrastructure_fault(exc) == reason


def test_a_cause_deep_in_the_chain_counts() -> None:
    outer = RuntimeError("wrapped")
    outer.__cause__ = OSError(errno.ENOSPC, "full")
    assert infrastructure_fault(outer) == "disk full"


def test_postgres_errors_by_sqlstate() -> None:
    psycopg = pytest.importorskip("psycopg")
    from psycopg import errors

    assert infrastructure_fault(errors.DiskFull("no space")) == "disk full"
    assert infrastructure_fault(errors.AdminShutdown("terminating")) == "database unavailable"
    assert (
        infrastructure_fault(psycopg.OperationalError("connection refused"))
        == "database unavailable"
    )
    assert infrastructure_fault(errors.UniqueViolation("duplicate key value")) is None
    from psycopg_pool import PoolTimeout

    assert infrastructure_fault(PoolTimeout("couldn't get a connection")) == "database unavailable"


def test_store_error_picks_the_class() -> None:
    full = store_error("cannot write", sqlite_error("SQLITE_FULL"))
    assert isinstance(full, StoreUnavailable)
    assert full.reason == "disk full"
    other = store_error("cannot write", sqlite_error("SQLITE_CONSTRAINT"))
    assert type(other) is StoreError
    # each store raises its own error; a fault of the infrastructure is either's
    for own in (JobStoreError, SnapshotError):
        assert type(store_error("x", sqlite_error("SQLITE_CONSTRAINT"), own)) is own
        assert type(store_error("x", sqlite_error("SQLITE_FULL"), own)) is StoreUnavailable
