"""The search protocol every backend implements, and the page-source protocol.

A backend turns a query into hits within the time left. A page source (the local
corpus) can also hand over the full text of the pages its hits point to, so those are
never fetched over the network.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from verifier.schema import PageRecord, SearchHit, SearchRecord
from verifier.system.deadline import Deadline

__all__ = ["PageSource", "RecordedSearch", "SearchBackend"]


class SearchBackend(Protocol):
    """An async search: raises :class:`~verifier.errors.SearchError` subclasses on failure."""

    name: str
    version: str
    local: bool  # True when hits are pages the backend holds itself (no fetch, all kept)

    async def search(self, query: str, *, deadline: Deadline) -> list[SearchHit]: ...

    async def aclose(self) -> None: ...


@runtime_checkable
class PageSource(Protocol):
    """Something that holds pages itself: hits whose URL it owns are not fetched."""

    def owns(self, url: str) -> bool: ...

    async def page(self, url: str) -> PageRecord: ...


@runtime_checkable
class RecordedSearch(Protocol):
    """A backend that replays stored searches: the record as it was, and its snapshot id
    (None when the original search never finished)."""

    def recorded(self, query: str) -> tuple[SearchRecord, str | None]: ...
