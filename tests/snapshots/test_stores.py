from __future__ import annotations

from pathlib import Path

import pytest

from verifier.errors import SnapshotError
from verifier.snapshots import MemorySnapshotStore, SqliteSnapshotStore, snapshot_id


@pytest.fixture(params=["memory", "sqlite"])
def store(request: pytest.FixtureRequest, tmp_path: Path):
    s = (
        MemorySnapshotStore()
        if request.param == "memory"
        else SqliteSnapshotStore(tmp_path / "s.db")
    )
    yield s
    s.close()


def test_put_is_content_addressed_and_idempotent(store) -> None:
    content = {"query": "q", "hits": [{"url": "http://a", "rank": 1}], "text": "Café 😀"}
    sid = store.put("search", content)
    assert sid == snapshot_id("search", content)
    assert sid.startswith("sha256:")
    assert store.put("search", dict(reversed(list(content.items())))) == sid
    assert store.get(sid) == ("search", content)
    assert len(store) == 1


def test_kind_is_part_of_the_address(store) -> None:
    assert store.put("search", {"a": 1}) != store.put("page", {"a": 1})


def test_missing_id(store) -> None:
    with pytest.raises(KeyError):
        store.get("sha256:" + "0" * 64)


def test_sqlite_survives_reopen(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    first = SqliteSnapshotStore(path)
    sid = first.put("page", {"text": "x" * 100_000})
    first.close()
    again = SqliteSnapshotStore(path)
    assert again.get(sid)[1]["text"] == "x" * 100_000
    again.close()


def test_sqlite_unopenable_path(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(SnapshotError, match="cannot open the snapshot store"):
        SqliteSnapshotStore(blocker / "s.db")
