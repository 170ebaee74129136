"""PostgreSQL for the tests: the real server at 127.0.0.1:5432 (trust auth, database
``test``; $VERIFIER_TEST_POSTGRES names another). A migrated template database is made
once per session; each test gets its own copy, dropped afterwards. Without a server the
tests skip, except in CI (VERIFIER_REQUIRE_SERVICES=1), where that is a failure."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

ADMIN_URL = os.environ.get("VERIFIER_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
REQUIRED = os.environ.get("VERIFIER_REQUIRE_SERVICES") == "1"


def url_of(name: str) -> str:
    return ADMIN_URL.rsplit("/", 1)[0] + "/" + name


def _admin():  # type: ignore[no-untyped-def]
    try:
        import psycopg
    except ImportError:
        if REQUIRED:
            raise
        pytest.skip("psycopg is not installed (pip install -e '.[test]')")
    try:
        return psycopg.connect(ADMIN_URL, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as exc:
        if REQUIRED:
            pytest.fail(
                f"PostgreSQL is required (VERIFIER_REQUIRE_SERVICES=1) but {ADMIN_URL} cannot be reached: {exc}"
            )
        pytest.skip(f"no PostgreSQL at {ADMIN_URL} ({str(exc).strip().splitlines()[0]})")


@pytest.fixture(scope="session")
def pg_template() -> Iterator[str]:
    """A database with this version's schema, to copy (never used directly)."""
    from verifier.system.postgres import migrate, open_pool
    from workers.commands import pg_components

    admin = _admin()
    name = f"verifier_tpl_{uuid.uuid4().hex[:10]}"
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        pool = open_pool(url_of(name), 1)
        try:
            migrate(pool, pg_components())
        finally:
            pool.close()
        yield name
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


@contextmanager
def _own_database(prefix: str, template: str | None = None) -> Iterator[str]:
    admin = _admin()
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    admin.execute(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))
    try:
        yield url_of(name)
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


@pytest.fixture
def pg_url(pg_template: str) -> Iterator[str]:
    """The URL of a migrated database of this test's own."""
    with _own_database("verifier_t", pg_template) as url:
        yield url


@pytest.fixture
def pg_empty() -> Iterator[str]:
    """The URL of an empty database (no schema) of this test's own."""
    with _own_database("verifier_e") as url:
        yield url
