"""Fixtures shared by the workers' tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from workers.store.jobstore import SqliteJobStore


@pytest.fixture(params=["sqlite", "postgresql"])
def any_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """A job store of each kind: SQLite, and PostgreSQL (``pg_url``)."""
    if request.param == "sqlite":
        store: Any = SqliteJobStore(tmp_path / "jobs.db")
    else:
        from workers.store.pgstore import PgJobStore

        store = PgJobStore(request.getfixturevalue("pg_url"), pool_size=2)
    yield store
    store.close()
