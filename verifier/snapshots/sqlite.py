"""Snapshots in one SQLite file (WAL), zlib-compressed canonical JSON keyed by sha256."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

from verifier.errors import SnapshotError
from verifier.snapshots.base import SnapshotKind, canonical_json, id_of
from verifier.snapshots.shared import RateStats, Turn
from verifier.snapshots.sharedsql import (
    cache_claim,
    cache_get,
    cache_put,
    cache_release,
    rate_hold,
    rate_note,
    rate_stats,
    rate_take,
)
from verifier.system.faults import store_error
from verifier.system.files import private_file
from verifier.system.sqlfiles import script

__all__ = ["SqliteSnapshotStore"]

T = TypeVar("T")

_SCHEMA = script("verifier.snapshots", "sql/sqlite/schema.sql")


class SqliteSnapshotStore:
    """Thread-safe; one connection guarded by a lock (writes are small and fast)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            private_file(self.path)  # the evidence of every check: the owner's only
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA busy_timeout=5000")
            self._db.executescript(_SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            msg = f"cannot open the snapshot store {self.path}: {exc}; check --data-dir or store.data_dir"
            raise store_error(msg, exc, SnapshotError) from exc
        self._lock = threading.Lock()
        self._stored: set[str] = set()  # ids this process has seen stored (never removed)

    def put(self, kind: SnapshotKind, content: dict[str, Any]) -> str:
        data = canonical_json(content)
        sid = id_of(kind, data)
        if sid in self._stored:
            return sid  # the same page again (corpus pages serve many checks)
        try:
            with self._lock:
                known = self._db.execute("SELECT 1 FROM snapshots WHERE id = ?", (sid,)).fetchone()
                if known is None:
                    self._db.execute(
                        "INSERT OR IGNORE INTO snapshots (id, kind, stored_at, body)"
                        " VALUES (?, ?, ?, ?)",
                        (sid, kind, time.time(), zlib.compress(data, 6)),
                    )
        except sqlite3.Error as exc:
            msg = f"cannot write to the snapshot store {self.path}: {exc}"
            raise store_error(msg, exc, SnapshotError) from exc
        self._stored.add(sid)
        return sid

    def get(self, snapshot_id: str) -> tuple[SnapshotKind, dict[str, Any]]:
        with self._lock:
            row = self._db.execute(
                "SELECT kind, body FROM snapshots WHERE id = ?", (snapshot_id,)
            ).fetchone()
        if row is None:
            raise KeyError(snapshot_id)
        return cast(SnapshotKind, row[0]), json.loads(zlib.decompress(row[1]))

    def __len__(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT count(*) FROM snapshots").fetchone()[0])

    # --- the evidence cache and the shared search rate (verifier.snapshots.shared) -----
    def _shared(self, what: str, immediate: bool, fn: Callable[[sqlite3.Connection], T]) -> T:
        try:
            with self._lock:
                self._db.execute("BEGIN IMMEDIATE" if immediate else "BEGIN")
                try:
                    out = fn(self._db)
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
                self._db.execute("COMMIT")
                return out
        except sqlite3.Error as exc:
            msg = f"cannot {what} in {self.path}: {exc}"
            raise store_error(msg, exc, SnapshotError) from exc

    def cache_get(self, kind: str, key: str) -> tuple[str, float] | None:
        return self._shared(
            "read the evidence cache", False, lambda db: cache_get(db, kind, key, time.time())
        )

    def cache_put(
        self, kind: str, key: str, snapshot_id: str, stored_at: float, expires_at: float
    ) -> None:
        self._shared(
            "write the evidence cache",
            True,
            lambda db: cache_put(db, kind, key, snapshot_id, stored_at, expires_at),
        )

    def cache_claim(self, kind: str, key: str, flight_s: float) -> bool:
        return self._shared(
            "claim a search",
            True,
            lambda db: cache_claim(db, kind, key, time.time(), flight_s),
        )

    def cache_release(self, kind: str, key: str) -> None:
        self._shared("release a search", True, lambda db: cache_release(db, kind, key))

    def rate_take(
        self, backend: str, *, rate: float, latest: float, monthly_quota: int, holder: str = ""
    ) -> Turn:
        return self._shared(
            "take a search turn",
            True,
            lambda db: rate_take(
                db,
                backend,
                time.time(),
                rate=rate,
                latest=latest,
                monthly_quota=monthly_quota,
                holder=holder,
            ),
        )

    def rate_note(
        self, backend: str, *, limited: bool, retry_after_s: float | None, quota_left: int | None
    ) -> None:
        self._shared(
            "note a search answer",
            True,
            lambda db: rate_note(
                db,
                backend,
                time.time(),
                limited=limited,
                retry_after_s=retry_after_s,
                quota_left=quota_left,
            ),
        )

    def rate_hold(
        self, backend: str, *, until: float, reason: str, said: str, holder: str = ""
    ) -> None:
        self._shared(
            "hold a search backend",
            True,
            lambda db: rate_hold(db, backend, until=until, reason=reason, said=said, holder=holder),
        )

    def rate_stats(self, quotas: dict[str, int]) -> list[RateStats]:
        return self._shared("read the search rates", False, lambda db: rate_stats(db, quotas))

    def close(self) -> None:
        with self._lock:
            self._db.close()
