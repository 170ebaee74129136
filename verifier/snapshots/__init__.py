"""Content-addressed evidence snapshots: every search result list and every page."""

from verifier.snapshots.base import SnapshotStore, snapshot_id
from verifier.snapshots.memory import MemorySnapshotStore
from verifier.snapshots.sqlite import SqliteSnapshotStore

__all__ = ["MemorySnapshotStore", "SnapshotStore", "SqliteSnapshotStore", "snapshot_id"]
