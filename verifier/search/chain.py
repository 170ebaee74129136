"""Web backends tried in order (``search.backends``): the first that answers is used.

On a rate limit (a 429, or no turn of the shared rate within ``max_wait_s``), a spent
quota, a refused key, an outage or no answer in time from one backend the next is asked;
any other failure (a malformed answer) is also passed over, so a query fails only when
every backend failed, with each one's reason. When every backend refused for now, the
query waits for the soonest turn among the rate-limited ones, within the claim's time.

The chain is one backend of the report (``name``: the backends joined by ``>``, e.g.
``brave>serper``); each search says which backend answered it (``answered_by``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from verifier.errors import SearchError, SearchRateLimited, SearchUnavailable
from verifier.schema import SearchHit
from verifier.search.api import ApiBackend
from verifier.search.base import SearchBackend
from verifier.system.deadline import Deadline

__all__ = ["Answer", "FallbackChain", "answer_of"]


@dataclass(frozen=True, slots=True)
class Answer:
    hits: list[SearchHit]
    answered_by: str
    passed_over: tuple[str, ...] = ()  # why each backend before it did not answer


async def answer_of(backend: SearchBackend, query: str, deadline: Deadline) -> Answer:
    """The hits of ``backend`` and who answered (the chain's member, or the backend)."""
    if isinstance(backend, FallbackChain):
        return await backend.answer(query, deadline=deadline)
    return Answer(await backend.search(query, deadline=deadline), backend.name)


class FallbackChain:
    local = False

    def __init__(self, members: Sequence[SearchBackend]) -> None:
        if not members:
            msg = "a fallback chain needs at least one backend"
            raise ValueError(msg)
        self.members = list(members)
        self.name = ">".join(m.name for m in self.members)
        self.version = "; ".join(f"{m.name}: {m.version}" for m in self.members)

    async def search(self, query: str, *, deadline: Deadline) -> list[SearchHit]:
        return (await self.answer(query, deadline=deadline)).hits

    async def answer(self, query: str, *, deadline: Deadline) -> Answer:
        reasons: list[str] = []
        waits: dict[int, float] = {}  # member -> seconds until it could answer
        for n, member in enumerate(self.members):
            if deadline.expired:
                break
            try:
                hits = await member.search(query, deadline=deadline)
            except SearchRateLimited as exc:
                reasons.append(str(exc))
                if exc.retry_after_s is not None:
                    waits[n] = exc.retry_after_s
            except (SearchError, TimeoutError) as exc:
                reasons.append(str(exc) or f"{member.name}: no answer in the time left")
            else:
                return Answer(hits, member.name, tuple(reasons))
        if waits and not deadline.expired:
            # every backend refused for now: wait for the soonest turn among the
            # rate-limited ones, as long as the claim's time allows
            n = min(waits, key=lambda k: (waits[k], k))
            member = self.members[n]
            try:
                if isinstance(member, ApiBackend):
                    hits = await member.search(query, deadline=deadline, patient=True)
                else:
                    if waits[n] >= deadline.remaining():
                        raise SearchRateLimited(reasons[-1], waits[n])
                    await asyncio.sleep(waits[n])
                    hits = await member.search(query, deadline=deadline)
            except (SearchError, TimeoutError) as exc:
                reasons.append(str(exc) or f"{member.name}: no answer in the time left")
            else:
                return Answer(hits, member.name, tuple(reasons))
        why = "; ".join(dict.fromkeys(reasons)) or "no answer in the time left"
        if reasons and all(r.startswith("search unavailable") for r in reasons):
            raise SearchUnavailable(why)
        if reasons and all("rate-limited" in r or "no turn" in r for r in reasons):
            raise SearchRateLimited(why)
        raise SearchError(why)

    async def aclose(self) -> None:
        for member in self.members:
            await member.aclose()
