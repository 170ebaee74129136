"""The search rate every worker sharing a store keeps to (:class:`SharedRate`).

Each request to a search API first takes a turn in the store (``search_rate``: the GCRA
of :func:`~verifier.snapshots.shared.take_turn`, in one exclusive transaction, so every
process on every host sharing the SQLite file or the PostgreSQL database is promised turns
in order, ``1 / requests_per_second`` apart). A worker whose turn comes too late for its
claim's time left takes none and gets :class:`~verifier.errors.SearchRateLimited` (the
fallback chain then asks the next backend, or the query is recorded unchecked); a month's
quota used gives :class:`~verifier.errors.SearchQuotaSpent`. A 429 from the API pauses
every worker's turns for its ``Retry-After``. An API that answered that its quota is spent
or its key refused is *held* (:meth:`SharedRate.hold`): every worker is refused its turns,
at once and without a request, with the API's answer, until the hold ends
(``search.<backend>.hold_s``, or the quota's reset when the API says it sooner).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping

from verifier.errors import SearchKeyRejected, SearchQuotaSpent, SearchRateLimited
from verifier.snapshots.base import SnapshotStore
from verifier.system.deadline import Deadline

__all__ = ["SharedRate"]

# the request itself needs time after its turn: a turn later than this before the deadline
# is refused rather than taken and wasted
_REQUEST_S = 1.0


class SharedRate:
    def __init__(self, store: SnapshotStore, limits: Mapping[str, tuple[float, int]]) -> None:
        """``limits``: per backend, its requests per second and monthly quota (0: none)."""
        self.store = store
        self.limits = dict(limits)

    async def turn(
        self,
        backend: str,
        deadline: Deadline,
        max_wait_s: float | None = None,
        *,
        holder: str = "",
    ) -> float:
        rate, quota = self.limits[backend]
        wait = max(0.0, deadline.remaining() - _REQUEST_S)
        latest = time.time() + (wait if max_wait_s is None else min(wait, max_wait_s))
        turn = await asyncio.to_thread(
            self.store.rate_take,
            backend,
            rate=rate,
            latest=latest,
            monthly_quota=quota,
            holder=holder,
        )
        if turn.refused == "held":
            row = turn.row
            until = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(row.held_until))
            msg = f"{row.held_said}; passed over by every worker sharing the store until {until} (search.{backend}.hold_s)"
            if row.held_reason == "key":
                raise SearchKeyRejected(msg)
            raise SearchQuotaSpent(msg)
        if turn.refused == "quota":
            msg = f"{backend}: this month's quota of {quota} requests (search.{backend}.monthly_quota) is used by the workers sharing the store; raise it with your plan, or list another backend in search.backends"
            raise SearchQuotaSpent(msg)
        if turn.refused == "rate":
            within = (
                "the claim's time left" if max_wait_s is None else f"search.{backend}.max_wait_s"
            )
            msg = f"{backend}: no turn of the shared rate ({rate:g} a second, search.{backend}.requests_per_second) within {within} (next in {turn.wait_s:.1f} s)"
            raise SearchRateLimited(msg, turn.wait_s)
        if turn.wait_s > 0:
            await asyncio.sleep(turn.wait_s)
        return turn.wait_s

    async def hold(
        self, backend: str, *, reason: str, hold_s: float, said: str, holder: str = ""
    ) -> None:
        """Every worker sharing the store that asks with the key ``holder`` names passes
        ``backend`` over for ``hold_s`` seconds: its quota is spent (``reason`` "quota") or
        its key refused ("key"). A worker with another key (a fixed one) is not held."""
        await asyncio.to_thread(
            self.store.rate_hold,
            backend,
            until=time.time() + hold_s,
            reason=reason,
            said=said,
            holder=holder,
        )

    async def answered(
        self,
        backend: str,
        *,
        limited: bool = False,
        retry_after_s: float | None = None,
        quota_left: int | None = None,
    ) -> None:
        if limited or quota_left is not None:
            await asyncio.to_thread(
                self.store.rate_note,
                backend,
                limited=limited,
                retry_after_s=retry_after_s,
                quota_left=quota_left,
            )
