"""Web backends tried in order (``search.backends``): the first that answers is used.

On a rate limit (a 429, or no turn of the shared rate within ``max_wait_s``), a spent
quota, a refused key, an outage or no answer in time from one backend the next is asked;
any other failure (a malformed answer) is also passed over, so a query fails only when
every backend failed, with each one's reason. When every backend refused for now, the
query waits for the soonest turn among the rate-limited ones, within the claim's time.

A backend that failed in a report (unreachable or down, its quota spent, its key refused)
is not asked again in that report (:class:`Failing`): the next queries go straight to the
next backend, or, when every backend failed, fail at once with each one's reason.

The chain is one backend of the report (``name``: the backends joined by ``>``, e.g.
``brave>serper``); each search says which backend answered it (``answered_by``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

from verifier.errors import (
    SearchError,
    SearchKeyRejected,
    SearchQuotaSpent,
    SearchRateLimited,
    SearchUnavailable,
)
from verifier.schema import SearchHit
from verifier.search.api import ApiBackend
from verifier.search.base import SearchBackend
from verifier.system.deadline import Deadline

__all__ = ["Answer", "Failing", "FallbackChain", "answer_of"]

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Answer:
    hits: list[SearchHit]
    answered_by: str
    passed_over: tuple[str, ...] = ()  # why each backend before it did not answer


# failures that say the backend will not answer the next query either: unreachable or
# down (5xx), its quota spent, its key refused (a rate limit or a timeout passes)
_FAILING = (SearchUnavailable, SearchQuotaSpent, SearchKeyRejected)
NOT_AGAIN = "not asked again in this report"


class Failing:
    """The backends that failed in one report (:data:`_FAILING`), each with its error:
    the report asks them no more (one per report: the pipeline's).

    A report's claims search at once, so the first query to each search API (sold by the
    request: Brave, Serper) goes alone (:meth:`ask`): the others wait for its answer (one
    request's time), then go together, or, when it failed, not at all."""

    def __init__(self) -> None:
        self.errors: dict[str, SearchError] = {}
        self._first: dict[str, asyncio.Event] = {}  # set when the first query was answered

    async def ask(
        self,
        name: str,
        deadline: Deadline,
        search: Callable[[], Awaitable[_T]],
        *,
        alone_first: bool = True,
    ) -> _T:
        """``search`` (a query to backend ``name``) unless the backend failed in this
        report; with ``alone_first``, once the report's first query to it was answered
        (this one, when it is the first)."""
        if not alone_first:
            return await self._asked(name, search)
        first = self._first.get(name)
        if first is None:
            self._first[name] = first = asyncio.Event()
            try:
                return await self._asked(name, search)
            finally:
                first.set()
        if not first.is_set():
            async with asyncio.timeout(deadline.remaining()):
                await first.wait()
        return await self._asked(name, search)

    async def _asked(self, name: str, search: Callable[[], Awaitable[_T]]) -> _T:
        self.check(name)
        try:
            return await search()
        except SearchError as exc:
            self.note(name, exc)
            raise

    def note(self, name: str, exc: BaseException) -> None:
        if isinstance(exc, _FAILING) and name not in self.errors:
            self.errors[name] = exc

    def check(self, name: str) -> None:
        """Raise the error ``name`` failed with, as its own kind, when it failed."""
        exc = self.errors.get(name)
        if exc is not None:
            said = str(exc)
            raise type(exc)(said if NOT_AGAIN in said else f"{said}; {NOT_AGAIN}")


async def answer_of(
    backend: SearchBackend, query: str, deadline: Deadline, failing: Failing | None = None
) -> Answer:
    """The hits of ``backend`` and who answered (the chain's member, or the backend). With
    ``failing`` (the report's), a backend that failed in the report is not asked again."""
    if isinstance(backend, FallbackChain):
        return await backend.answer(query, deadline=deadline, failing=failing)
    if failing is None or backend.local:
        return Answer(await backend.search(query, deadline=deadline), backend.name)
    hits = await failing.ask(
        backend.name,
        deadline,
        partial(backend.search, query, deadline=deadline),
        alone_first=isinstance(backend, ApiBackend),
    )
    return Answer(hits, backend.name)


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

    async def answer(
        self, query: str, *, deadline: Deadline, failing: Failing | None = None
    ) -> Answer:
        """The first member's hits that answers; ``failing`` (the report's): a member that
        failed in this report (unreachable, down, quota spent, key refused) is passed over
        at once, with its error."""
        failing = failing if failing is not None else Failing()
        reasons: list[str] = []
        waits: dict[int, float] = {}  # member -> seconds until it could answer
        for n, member in enumerate(self.members):
            if deadline.expired:
                break
            try:
                hits = await failing.ask(
                    member.name,
                    deadline,
                    partial(member.search, query, deadline=deadline),
                    alone_first=isinstance(member, ApiBackend),
                )
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
                failing.note(member.name, exc)
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
