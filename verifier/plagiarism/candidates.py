"""The copy-candidate lookup: a source that can say which of its passages a text may
have copied (the local corpus: MinHash containment and sentence candidates), without a
query. The pipeline calls it once per check, beside the phrase searches, and stores what it
returned as a search record labelled :data:`COPY_LOOKUP`, so a replay gets it back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from verifier.schema import SearchHit

__all__ = ["COPY_LOOKUP", "CopyCandidates"]

# The label of a stored copy-candidate lookup (a search record's ``query``): the response
# itself is in the report; repeating it in every record is waste.
COPY_LOOKUP = "<passages the response may copy>"


@runtime_checkable
class CopyCandidates(Protocol):
    """Finds passages ``text`` may have copied, keeping those ``screen`` accepts when it
    is given; raises :class:`~verifier.errors.SearchError` subclasses on failure."""

    name: str
    version: str
    local: bool  # its hits are pages it holds itself (a corpus): all kept, none fetched

    async def copy_candidates(
        self, text: str, *, limit: int, screen: Callable[[str], bool] | None = None
    ) -> list[SearchHit]: ...
