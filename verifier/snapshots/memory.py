"""An in-memory snapshot store for tests and one-off runs."""

from __future__ import annotations

import copy
from typing import Any

from verifier.snapshots.base import SnapshotKind, snapshot_id

__all__ = ["MemorySnapshotStore"]


class MemorySnapshotStore:
    def __init__(self) -> None:
        self._items: dict[str, tuple[SnapshotKind, dict[str, Any]]] = {}

    def put(self, kind: SnapshotKind, content: dict[str, Any]) -> str:
        sid = snapshot_id(kind, content)
        self._items.setdefault(sid, (kind, copy.deepcopy(content)))
        return sid

    def get(self, snapshot_id: str) -> tuple[SnapshotKind, dict[str, Any]]:
        kind, content = self._items[snapshot_id]
        return kind, copy.deepcopy(content)

    def __len__(self) -> int:
        return len(self._items)

    def close(self) -> None:
        pass
