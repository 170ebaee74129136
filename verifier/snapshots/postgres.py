"""Snapshots in PostgreSQL: the same zlib-compressed canonical JSON keyed by sha256 as the
SQLite store, in one table of the service's database, so that any worker on any host
can replay any report (``service.database = "postgresql://..."``)."""

from __future__ import annotations

import json
import time
import zlib
from typing import TYPE_CHECKING, Any, cast

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
from verifier.system.postgres import Migrations, check_schema, open_pool, transaction
from verifier.system.sqlfiles import migrations

if TYPE_CHECKING:
    from psycopg_pool import ConnectionPool

__all__ = ["SNAPSHOT_MIGRATIONS", "PgSnapshotStore"]

# verifier/snapshots/sql/postgres/NNN.sql, applied by `verifier db migrate`
SNAPSHOT_MIGRATIONS = Migrations("snapshots", migrations("verifier.snapshots", "sql/postgres"))


class PgSnapshotStore:
    """Thread-safe (a pool of connections). Storing the same content twice, from any
    number of hosts at once, stores it once."""

    def __init__(self, url: str, *, pool_size: int = 4, pool: ConnectionPool | None = None) -> None:
        self._own_pool = pool is None
        self.pool = pool or open_pool(
            url, pool_size, name="verifier-snapshots", error=SnapshotError
        )
        try:
            check_schema(self.pool, url, SNAPSHOT_MIGRATIONS, SnapshotError)
        except BaseException:
            self.close()
            raise
        self._stored: set[str] = set()  # ids this process has seen stored (never removed)

    def put(self, kind: SnapshotKind, content: dict[str, Any]) -> str:
        data = canonical_json(content)
        sid = id_of(kind, data)
        if sid in self._stored:
            return sid
        with transaction(self.pool, "storing a snapshot", SnapshotError) as conn:
            # No flush to disk of its own: the report that cites this snapshot is
            # committed later, durably, and that flushes the log up to it as well.
            conn.execute("SET LOCAL synchronous_commit = off")
            known = conn.execute("SELECT 1 FROM snapshots WHERE id = %s", (sid,)).fetchone()
            if known is None:
                conn.execute(
                    "INSERT INTO snapshots (id, kind, stored_at, body) VALUES (%s, %s, %s, %s)"
                    " ON CONFLICT (id) DO NOTHING",
                    (sid, kind, time.time(), zlib.compress(data, 6)),
                )
        self._stored.add(sid)
        return sid

    def get(self, snapshot_id: str) -> tuple[SnapshotKind, dict[str, Any]]:
        with transaction(self.pool, "reading a snapshot", SnapshotError) as conn:
            row = conn.execute(
                "SELECT kind, body FROM snapshots WHERE id = %s", (snapshot_id,)
            ).fetchone()
        if row is None:
            raise KeyError(snapshot_id)
        return cast(SnapshotKind, row[0]), json.loads(zlib.decompress(row[1]))

    def __len__(self) -> int:
        with transaction(self.pool, "counting snapshots", SnapshotError) as conn:
            return int(conn.execute("SELECT count(*) FROM snapshots").fetchone()[0])

    # --- the evidence cache and the shared search rate (verifier.snapshots.shared) -----
    def cache_get(self, kind: str, key: str) -> tuple[str, float] | None:
        with transaction(self.pool, "reading the evidence cache", SnapshotError) as conn:
            return cache_get(conn, kind, key, time.time())

    def cache_put(
        self, kind: str, key: str, snapshot_id: str, stored_at: float, expires_at: float
    ) -> None:
        with transaction(self.pool, "writing the evidence cache", SnapshotError) as conn:
            conn.execute("SET LOCAL synchronous_commit = off")
            cache_put(conn, kind, key, snapshot_id, stored_at, expires_at)

    def cache_claim(self, kind: str, key: str, flight_s: float) -> bool:
        with transaction(self.pool, "claiming a search", SnapshotError) as conn:
            return cache_claim(conn, kind, key, time.time(), flight_s)

    def cache_release(self, kind: str, key: str) -> None:
        with transaction(self.pool, "releasing a search", SnapshotError) as conn:
            cache_release(conn, kind, key)

    def rate_take(
        self, backend: str, *, rate: float, latest: float, monthly_quota: int, holder: str = ""
    ) -> Turn:
        with transaction(self.pool, "taking a search turn", SnapshotError) as conn:
            return rate_take(
                conn,
                backend,
                time.time(),
                rate=rate,
                latest=latest,
                monthly_quota=monthly_quota,
                holder=holder,
            )

    def rate_note(
        self, backend: str, *, limited: bool, retry_after_s: float | None, quota_left: int | None
    ) -> None:
        with transaction(self.pool, "noting a search answer", SnapshotError) as conn:
            rate_note(
                conn,
                backend,
                time.time(),
                limited=limited,
                retry_after_s=retry_after_s,
                quota_left=quota_left,
            )

    def rate_hold(
        self, backend: str, *, until: float, reason: str, said: str, holder: str = ""
    ) -> None:
        with transaction(self.pool, "holding a search backend", SnapshotError) as conn:
            rate_hold(conn, backend, until=until, reason=reason, said=said, holder=holder)

    def rate_stats(self, quotas: dict[str, int]) -> list[RateStats]:
        with transaction(self.pool, "reading the search rates", SnapshotError) as conn:
            return rate_stats(conn, quotas)

    def close(self) -> None:
        if self._own_pool:
            self.pool.close()
