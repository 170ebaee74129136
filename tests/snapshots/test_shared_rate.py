"""The search rate every worker sharing a store keeps to: the GCRA decision (a property:
no two turns inside one interval, whatever the order of requests), and turns taken by
several processes at once on SQLite and on PostgreSQL, never two inside one interval."""

from __future__ import annotations

import itertools
import multiprocessing
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from verifier.errors import SearchQuotaSpent, SearchRateLimited
from verifier.search.ratelimit import SharedRate
from verifier.snapshots import MemorySnapshotStore, SqliteSnapshotStore
from verifier.snapshots.shared import RateRow, take_turn
from verifier.system.deadline import Deadline

RATE = 200.0  # turns a second: the promised turns are checked, nobody waits for them
EACH = 20


@given(
    st.lists(st.floats(min_value=0, max_value=5, allow_nan=False), min_size=1, max_size=60),
    st.floats(min_value=0.5, max_value=50),
)
def test_no_two_turns_inside_one_interval(gaps: list[float], rate: float) -> None:
    row, now, starts = RateRow(), 1_700_000_000.0, []
    for gap in gaps:
        now += gap
        turn = take_turn(row, now, rate=rate, latest=now + 1.0)
        if turn.refused:
            assert turn.row.tat == row.tat  # a refused request promises nothing
        else:
            starts.append(now + turn.wait_s)
            assert turn.wait_s <= 1.0
        row = turn.row
    for a, b in itertools.pairwise(starts):
        assert b - a >= 1 / rate - 1e-6


def test_a_month_quota_refuses_and_a_new_month_resets() -> None:
    june = 1_717_200_000.0  # 2024-06-01
    row = RateRow()
    for _ in range(2):
        turn = take_turn(row, june, rate=1000, latest=june + 10, monthly_quota=2)
        assert not turn.refused
        row = turn.row
    assert take_turn(row, june, rate=1000, latest=june + 10, monthly_quota=2).refused == "quota"
    july = june + 31 * 86400
    assert not take_turn(row, july, rate=1000, latest=july + 10, monthly_quota=2).refused


def _open(where: str) -> Any:
    if where.startswith("postgresql://"):
        from verifier.snapshots.postgres import PgSnapshotStore

        return PgSnapshotStore(where, pool_size=1)
    return SqliteSnapshotStore(where)


def _take(where: str, count: int) -> list[float]:
    """A worker process: ``count`` turns of backend "api" (when each was promised)."""
    store = _open(where)
    try:
        starts = []
        for _ in range(count):
            turn = store.rate_take("api", rate=RATE, latest=time.time() + 1000, monthly_quota=0)
            assert not turn.refused
            starts.append(turn.row.tat - 1 / RATE)
        return starts
    finally:
        store.close()


def _across_processes(where: str) -> None:
    _open(where).close()  # the schema made once, before the workers race
    with multiprocessing.get_context("spawn").Pool(3) as pool:
        runs = pool.starmap(_take, [(where, EACH)] * 3)
    starts = sorted(s for run in runs for s in run)
    assert len(starts) == 3 * EACH
    for a, b in itertools.pairwise(starts):
        assert b - a >= 1 / RATE - 1e-6
    store = _open(where)
    try:
        (stats,) = store.rate_stats({"api": 1000})
    finally:
        store.close()
    assert stats.requests == 3 * EACH
    assert stats.month_requests == 3 * EACH
    assert stats.quota_left == 1000 - 3 * EACH


@pytest.mark.slow
def test_processes_share_one_rate_on_sqlite(tmp_path: Path) -> None:
    _across_processes(str(tmp_path / "snapshots.db"))


@pytest.mark.slow
def test_processes_share_one_rate_on_postgres(pg_url: str) -> None:
    _across_processes(pg_url)


def test_the_cache_on_postgres(pg_url: str) -> None:
    store = _open(pg_url)
    try:
        now = time.time()
        store.cache_put("search", "k", "sha256:a", now - 5, now + 60)
        store.cache_put("page", "u", "sha256:b", now - 5, now - 1)
        assert store.cache_get("search", "k") == ("sha256:a", pytest.approx(now - 5))
        assert store.cache_get("page", "u") is None  # expired
        assert store.cache_claim("page", "u", 60)  # an expired answer can be asked again
        assert not store.cache_claim("page", "u", 60)  # by one worker at a time
        assert not store.cache_claim("search", "k", 60)  # a fresh answer is kept
        assert store.cache_get("page", "u") is None  # a claim is no answer
        store.cache_release("page", "u")
        assert store.cache_claim("page", "u", 60)
        store.rate_note("api", limited=True, retry_after_s=30, quota_left=7)
        turn = store.rate_take("api", rate=1, latest=time.time() + 5, monthly_quota=0)
        assert turn.refused == "rate"  # every worker waits out the 429's Retry-After
        (stats,) = store.rate_stats({})
        assert (stats.limited, stats.refused, stats.quota_left) == (1, 1, 7)
    finally:
        store.close()


async def test_a_turn_too_late_for_the_claim_is_refused_not_waited() -> None:
    rate = SharedRate(MemorySnapshotStore(), {"brave": (0.5, 0), "serper": (100.0, 1)})
    assert await rate.turn("brave", Deadline.after(30)) == 0.0
    with pytest.raises(SearchRateLimited, match="no turn of the shared rate"):
        await rate.turn("brave", Deadline.after(1.5))  # the next turn is 2 s away
    await rate.turn("serper", Deadline.after(30))
    with pytest.raises(SearchQuotaSpent, match="monthly_quota"):
        await rate.turn("serper", Deadline.after(30))


@pytest.mark.parametrize("where", ["sqlite", "postgres"])
def test_a_held_backend_is_refused_its_turns_by_every_worker(
    where: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A spent quota or a refused key held in the store: every worker's turns refused, at
    once, with what the API said, until the hold ends (issue 46)."""
    target = request.getfixturevalue("pg_url") if where == "postgres" else str(tmp_path / "s.db")
    one, other = _open(target), _open(target)
    try:
        now = time.time()
        one.rate_hold("brave", until=now + 600, reason="quota", said="brave: the quota is spent")
        turn = other.rate_take("brave", rate=1000, latest=now + 1000, monthly_quota=0)
        assert turn.refused == "held"
        assert 590 < turn.wait_s <= 600
        assert (turn.row.held_reason, turn.row.held_said) == ("quota", "brave: the quota is spent")
        assert not other.rate_take("serper", rate=1000, latest=now + 1000, monthly_quota=0).refused
        one.rate_hold("brave", until=now - 1, reason="quota", said="")  # the hold ended
        assert not other.rate_take("brave", rate=1000, latest=now + 1000, monthly_quota=0).refused
        stats = {s.backend: s for s in other.rate_stats({})}
        assert stats["brave"].refused == 1
    finally:
        one.close()
        other.close()


async def test_shared_rate_raises_what_the_hold_says() -> None:
    from verifier.errors import SearchKeyRejected

    rate = SharedRate(MemorySnapshotStore(), {"brave": (100.0, 0), "serper": (100.0, 0)})
    await rate.hold("brave", reason="quota", hold_s=60, said="brave: the plan's quota is spent")
    await rate.hold("serper", reason="key", hold_s=60, said="serper: the API key was refused")
    with pytest.raises(SearchQuotaSpent, match=r"quota is spent; passed over by every worker"):
        await rate.turn("brave", Deadline.after(30))
    with pytest.raises(SearchKeyRejected, match=r"search\.serper\.hold_s"):
        await rate.turn("serper", Deadline.after(30))
