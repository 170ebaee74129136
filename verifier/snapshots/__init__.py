"""Content-addressed evidence snapshots: every search result list and every page."""

from .base import SnapshotStore, snapshot_id
from .memory import MemorySnapshotStore
from .sqlite import SqliteSnapshotStore

__all__ = ["MemorySnapshotStore", "SnapshotStore", "SqliteSnapshotStore", "snapshot_id"]
