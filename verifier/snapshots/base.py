"""The snapshot store protocol and the content address of a snapshot."""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from verifier.snapshots.shared import RateStats, Turn

__all__ = ["SnapshotKind", "SnapshotStore", "canonical_json", "id_of", "snapshot_id"]

SnapshotKind = Literal["search", "page"]


def canonical_json(content: Any) -> bytes:
    return json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


def snapshot_id(kind: SnapshotKind, content: dict[str, Any]) -> str:
    """``sha256:<hex>`` of the kind and the canonical JSON of the content."""
    return id_of(kind, canonical_json(content))


def id_of(kind: SnapshotKind, data: bytes) -> str:
    """The snapshot id of content already in canonical JSON (``data``)."""
    digest = hashlib.sha256(kind.encode() + b"\n" + data).hexdigest()
    return f"sha256:{digest}"


class SnapshotStore(Protocol):
    """Stores snapshots under their content address; storing twice is a no-op."""

    def put(self, kind: SnapshotKind, content: dict[str, Any]) -> str:
        """Store ``content`` and return its id."""
        ...

    def get(self, snapshot_id: str) -> tuple[SnapshotKind, dict[str, Any]]:
        """The kind and content stored under ``snapshot_id``; KeyError when absent."""
        ...

    # the evidence cache every worker sharing the store reuses (snapshot ids by key)
    def cache_get(self, kind: str, key: str) -> tuple[str, float] | None:
        """The snapshot id cached under ``(kind, key)`` and when it was stored; None when
        absent or expired."""
        ...

    def cache_put(
        self, kind: str, key: str, snapshot_id: str, stored_at: float, expires_at: float
    ) -> None: ...

    def cache_claim(self, kind: str, key: str, flight_s: float) -> bool:
        """Whether this worker may ask the web for ``(kind, key)``: false while a fresh
        answer is kept or another worker (any process, any host) is asking it."""
        ...

    def cache_release(self, kind: str, key: str) -> None:
        """This worker's claim ended without an answer to keep."""
        ...

    # the search rate every worker sharing the store keeps to (verifier.snapshots.shared)
    def rate_take(
        self, backend: str, *, rate: float, latest: float, monthly_quota: int, holder: str = ""
    ) -> Turn: ...

    def rate_note(
        self, backend: str, *, limited: bool, retry_after_s: float | None, quota_left: int | None
    ) -> None: ...

    def rate_hold(
        self, backend: str, *, until: float, reason: str, said: str, holder: str = ""
    ) -> None:
        """Every worker asking with the key ``holder`` names (a fingerprint) passes
        ``backend`` over until ``until`` (epoch seconds): its quota is spent (``reason``
        "quota") or its key refused ("key")."""
        ...

    def rate_stats(self, quotas: dict[str, int]) -> list[RateStats]: ...

    def close(self) -> None: ...
