"""Where the search rate and the evidence cache live: with the job queue. Workers with
their own data dirs on one SQLite job store (``service.database = "sqlite:///..."``)
share one snapshot store, so one rate and one cache (issue 46)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from verifier.config import Settings
from verifier.errors import SearchRateLimited
from verifier.runtime import open_runtime, snapshots_path
from verifier.search.ratelimit import SharedRate
from verifier.system.deadline import Deadline


def _worker(tmp_path: Path, name: str, database: str = "") -> Settings:
    return Settings().with_overrides(
        {"store.data_dir": str(tmp_path / name), "service.database": database}
    )


def test_by_default_the_snapshots_stay_in_the_data_dir(tmp_path: Path) -> None:
    settings = _worker(tmp_path, "a")
    assert snapshots_path(settings) == tmp_path / "a" / "snapshots.db"


async def test_two_data_dirs_on_one_sqlite_store_share_the_rate_and_the_cache(
    tmp_path: Path,
) -> None:
    database = f"sqlite:///{tmp_path / 'shared' / 'jobs.db'}"
    a, b = _worker(tmp_path, "a", database), _worker(tmp_path, "b", database)
    assert snapshots_path(a) == snapshots_path(b) == tmp_path / "shared" / "snapshots.db"
    async with open_runtime(a, web=False) as one, open_runtime(b, web=False) as other:
        limits = {"brave": (0.5, 0)}  # one turn every 2 s
        await SharedRate(one.snapshots, limits).turn("brave", Deadline.after(30))
        # the other worker's next turn is the one after: 2 s away, past its claim's time
        with pytest.raises(SearchRateLimited, match="no turn of the shared rate"):
            await SharedRate(other.snapshots, limits).turn("brave", Deadline.after(1.5))
        now = time.time()
        sid = one.snapshots.put("search", {"query": "eiffel", "hits": []})
        one.snapshots.cache_put("search", "key", sid, now, now + 60)
        assert other.snapshots.cache_get("search", "key") == (sid, pytest.approx(now))
        assert other.snapshots.get(sid)[1] == {"query": "eiffel", "hits": []}
        assert not other.snapshots.cache_claim("search", "key", 60)  # a fresh answer is kept
    assert not (tmp_path / "a" / "snapshots.db").exists()
    assert not (tmp_path / "b" / "snapshots.db").exists()
