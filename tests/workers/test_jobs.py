"""Job states and key roles: one definition, the same strings everywhere."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from workers.openapi import openapi
from workers.store.jobs import JobState, Role
from workers.store.jobstore import (
    AuditLog,
    CallbackStore,
    JobStore,
    KeyStore,
    ServiceStore,
    SessionStore,
    SqliteJobStore,
)


def test_the_values_are_the_stored_and_served_strings() -> None:
    # The database and the API's JSON hold these strings: changing one breaks stored data.
    assert [s.value for s in JobState] == ["queued", "running", "done", "failed", "cancelled"]
    assert [r.value for r in Role] == ["rater", "service", "auditor", "admin"]
    assert JobState.DONE == "done"
    assert f"{Role.ADMIN}" == "admin"


def test_the_openapi_enums_are_the_enums() -> None:
    schemas = openapi()["components"]["schemas"]
    assert schemas["CheckStatus"]["properties"]["state"]["enum"] == [s.value for s in JobState]
    assert schemas["KeyCreated"]["properties"]["role"]["enum"] == [r.value for r in Role]


@pytest.mark.parametrize(
    ("protocol", "one"),
    [
        (JobStore, "lease_job"),
        (KeyStore, "find_key"),
        (AuditLog, "add_audit"),
        (CallbackStore, "log_callback"),
        (SessionStore, "end_session"),
    ],
)
def test_the_sqlite_store_is_each_store(tmp_path: Path, protocol: type, one: str) -> None:
    """Every method of each protocol exists on SqliteJobStore with the same parameters."""
    members = [
        name
        for name, value in vars(protocol).items()
        if callable(value) and not name.startswith("_")
    ]
    assert one in members
    for name in members:
        ours = inspect.signature(getattr(SqliteJobStore, name))
        theirs = inspect.signature(getattr(protocol, name))
        assert list(ours.parameters.values()) == list(theirs.parameters.values()), name
        assert ours.return_annotation == theirs.return_annotation, name
    store: ServiceStore = SqliteJobStore(tmp_path / "jobs.db")
    store.close()


def test_states_and_roles_round_trip_through_the_store(tmp_path: Path) -> None:
    store = SqliteJobStore(tmp_path / "jobs.db")
    try:
        job, _ = store.submit({"response": "x"}, owner=None, options={})
        assert type(job.state) is JobState
        assert job.state is JobState.QUEUED
        assert store.counts() == dict.fromkeys((s.value for s in JobState), 0) | {"queued": 1}
        assert all(type(k) is str for k in store.counts())
        for role in Role:
            key, token = store.create_key(role.value)
            assert store.find_key(token) == key
            assert type(key.role) is Role
        raw = store._read("SELECT DISTINCT role FROM api_keys ORDER BY role")
        assert [r[0] for r in raw] == sorted(r.value for r in Role)
        assert all(type(r[0]) is str for r in raw)
    finally:
        store.close()
