"""An in-memory snapshot store for tests and one-off runs (its cache and search rate are
this process's own)."""

from __future__ import annotations

import copy
import threading
import time
from dataclasses import replace
from typing import Any

from verifier.snapshots.base import SnapshotKind, snapshot_id
from verifier.snapshots.shared import RateRow, RateStats, Turn, take_turn

__all__ = ["MemorySnapshotStore"]


class MemorySnapshotStore:
    def __init__(self) -> None:
        self._items: dict[str, tuple[SnapshotKind, dict[str, Any]]] = {}
        self._cache: dict[tuple[str, str], tuple[str, float, float]] = {}
        self._rates: dict[str, RateRow] = {}
        self._holds: dict[tuple[str, str], tuple[float, str, str]] = {}
        self._counts: dict[str, dict[str, float]] = {}
        self._quota_left: dict[str, int] = {}
        self._lock = threading.Lock()

    def put(self, kind: SnapshotKind, content: dict[str, Any]) -> str:
        sid = snapshot_id(kind, content)
        self._items.setdefault(sid, (kind, copy.deepcopy(content)))
        return sid

    def get(self, snapshot_id: str) -> tuple[SnapshotKind, dict[str, Any]]:
        kind, content = self._items[snapshot_id]
        return kind, copy.deepcopy(content)

    def __len__(self) -> int:
        return len(self._items)

    def cache_get(self, kind: str, key: str) -> tuple[str, float] | None:
        found = self._cache.get((kind, key))
        if found is None or found[2] <= time.time() or not found[0]:
            return None
        return found[0], found[1]

    def cache_claim(self, kind: str, key: str, flight_s: float) -> bool:
        with self._lock:
            found, now = self._cache.get((kind, key)), time.time()
            if found is not None and found[2] > now:
                return False
            self._cache[kind, key] = ("", now, now + flight_s)
            return True

    def cache_release(self, kind: str, key: str) -> None:
        with self._lock:
            found = self._cache.get((kind, key))
            if found is not None and not found[0]:
                del self._cache[kind, key]

    def cache_put(
        self, kind: str, key: str, snapshot_id: str, stored_at: float, expires_at: float
    ) -> None:
        self._cache[kind, key] = (snapshot_id, stored_at, expires_at)

    def _count(self, backend: str) -> dict[str, float]:
        return self._counts.setdefault(
            backend, {"requests": 0, "limited": 0, "waits": 0, "waited_s": 0.0, "refused": 0}
        )

    def rate_take(
        self, backend: str, *, rate: float, latest: float, monthly_quota: int, holder: str = ""
    ) -> Turn:
        with self._lock:
            until, reason, said = self._holds.get((backend, holder), (0.0, "", ""))
            turn = take_turn(
                replace(
                    self._rates.get(backend, RateRow()),
                    held_until=until,
                    held_reason=reason,
                    held_said=said,
                ),
                time.time(),
                rate=rate,
                latest=latest,
                monthly_quota=monthly_quota,
            )
            # the hold is kept apart (per key), never in the shared row
            self._rates[backend] = replace(turn.row, held_until=0.0, held_reason="", held_said="")
            count = self._count(backend)
            if turn.refused:
                count["refused"] += 1
            else:
                count["requests"] += 1
                count["waits"] += turn.wait_s > 0
                count["waited_s"] += turn.wait_s
            return turn

    def rate_note(
        self, backend: str, *, limited: bool, retry_after_s: float | None, quota_left: int | None
    ) -> None:
        with self._lock:
            row = self._rates.get(backend, RateRow())
            if limited:
                paused = max(row.paused_until, time.time() + (retry_after_s or 1.0))
                row = replace(row, tat=max(row.tat, paused), paused_until=paused)
                self._rates[backend] = row
                self._count(backend)["limited"] += 1
            if quota_left is not None:
                self._quota_left[backend] = quota_left

    def rate_hold(
        self, backend: str, *, until: float, reason: str, said: str, holder: str = ""
    ) -> None:
        with self._lock:
            self._holds[backend, holder] = (until, reason, said)
            self._count(backend)

    def rate_stats(self, quotas: dict[str, int]) -> list[RateStats]:
        out = []
        for backend in sorted(self._counts):
            c, row = self._counts[backend], self._rates.get(backend, RateRow())
            left = self._quota_left.get(backend)
            if quotas.get(backend):
                mine = quotas[backend] - row.month_requests
                left = mine if left is None else min(left, mine)
            out.append(
                RateStats(
                    backend,
                    int(c["requests"]),
                    int(c["limited"]),
                    int(c["waits"]),
                    float(c["waited_s"]),
                    int(c["refused"]),
                    row.month_requests,
                    None if left is None else max(0, left),
                )
            )
        return out

    def close(self) -> None:
        pass
