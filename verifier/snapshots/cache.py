"""The evidence cache every worker sharing a store reuses, and one flight per key.

A search's result list and a fetched page are stored as snapshots anyway (for replay); the
cache maps a key to the snapshot that answered it (``evidence_cache`` in the store), so a
worker on any host that asks the same search again (:func:`~verifier.snapshots.shared.search_key`)
or wants the same page (by URL, while :func:`~verifier.snapshots.shared.page_expiry`
allows) reads the snapshot instead of asking the web, and cites the same snapshot id.

Reports asking the same key at once share one request (one flight): within a process
through a future, across processes and hosts through a claim in the store (a pending row,
``cache_claim``, held for ``flight_s``): the first asks, the others wait for its answer
(and ask themselves if it ends without one, or after ``flight_s``).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

from verifier.snapshots.base import SnapshotStore

__all__ = ["EvidenceCache", "Reused"]

T = TypeVar("T")


class Reused(Generic[T]):
    """A value, its snapshot id, and its age when it came from the cache (None: made now)."""

    __slots__ = ("age_s", "snapshot_id", "value")

    def __init__(self, value: T, snapshot_id: str | None, age_s: float | None) -> None:
        self.value, self.snapshot_id, self.age_s = value, snapshot_id, age_s


class EvidenceCache:
    """One per process (on the :class:`~verifier.runtime.Runtime`): the store's cache
    table, and the requests in flight in this process."""

    def __init__(
        self, store: SnapshotStore, *, flight_s: float = 60.0, poll_s: float = 0.2
    ) -> None:
        self.store = store
        self.flight_s = flight_s  # how long another worker waits on this one's request
        self.poll_s = poll_s
        self._flights: dict[
            tuple[str, str], asyncio.Future[tuple[Any, str | None, float | None]]
        ] = {}
        self.hits = 0
        self.misses = 0

    async def _kept(self, kind: str, key: str, load: Callable[[str], T]) -> Reused[T] | None:
        """The answer the store keeps for the key, if any (and its snapshot is there)."""
        found = await asyncio.to_thread(self.store.cache_get, kind, key)
        if found is None:
            return None
        sid, stored_at = found
        try:
            value = await asyncio.to_thread(load, sid)
        except KeyError:
            return None  # the snapshot is gone: ask again
        self.hits += 1
        return Reused(value, sid, round(max(0.0, time.time() - stored_at), 3))

    async def _join(
        self, flight: asyncio.Future[tuple[Any, str | None, float | None]]
    ) -> Reused[Any] | None:
        """The answer of another report's request in this process; None when it failed
        or was cancelled (then this one asks)."""
        try:
            value, sid, made_at = await asyncio.shield(flight)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if not flight.cancelled() or (task is not None and task.cancelling()):
                raise
            return None
        except Exception:
            return None
        self.hits += 1
        # made_at: when the answer was kept (None: not kept, e.g. a no-store page: shared
        # with this report all the same, but not from the cache)
        age = None if made_at is None else round(max(0.0, time.time() - made_at), 3)
        return Reused(value, sid, age)

    async def shared(
        self,
        kind: str,
        key: str,
        produce: Callable[[], Awaitable[tuple[T, str | None, float | None]]],
        load: Callable[[str], T],
    ) -> Reused[T]:
        """The cached value of ``(kind, key)`` (``load`` reads it from its snapshot id), else
        the one another report of this process is making, else ``produce()``'s: the value,
        its snapshot id, and until when it may be reused (None: not cached, e.g. an error)."""
        kept = await self._kept(kind, key, load)
        if kept is not None:
            return kept
        flight = self._flights.get((kind, key))
        if flight is not None:
            joined = await self._join(flight)
            if joined is not None:
                return joined
        flight = asyncio.get_running_loop().create_future()
        self._flights[kind, key] = flight
        claimed = False
        try:
            # another process (or host) may be asking the web for this key right now:
            # wait for its answer rather than ask again
            while not (
                claimed := await asyncio.to_thread(self.store.cache_claim, kind, key, self.flight_s)
            ):
                kept = await self._kept(kind, key, load)
                if kept is not None:
                    flight.set_result(
                        (kept.value, kept.snapshot_id, time.time() - (kept.age_s or 0))
                    )
                    return kept
                await asyncio.sleep(self.poll_s)
            self.misses += 1
            made, made_sid, expires_at = await produce()
            now = time.time()
            if made_sid is not None and expires_at is not None and expires_at > now:
                await asyncio.to_thread(self.store.cache_put, kind, key, made_sid, now, expires_at)
                claimed = False  # the claim became the answer
            if not flight.done():
                flight.set_result((made, made_sid, now if made_sid and expires_at else None))
            return Reused(made, made_sid, None)
        except BaseException as exc:
            if not flight.done():
                if isinstance(exc, asyncio.CancelledError):
                    flight.cancel()
                else:
                    flight.set_exception(exc)
                    flight.exception()  # read: a failure no one awaits is not logged
            raise
        finally:
            if self._flights.get((kind, key)) is flight:
                del self._flights[kind, key]
            if claimed:  # asked, nothing to keep (an error, a no-store page): let others ask
                with contextlib.suppress(Exception):
                    await asyncio.shield(asyncio.to_thread(self.store.cache_release, kind, key))
