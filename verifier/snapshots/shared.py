"""What every worker sharing a store decides the same way: pure functions.

- :func:`search_key`: the cache key of a search (backend, normalised query, settings);
- :func:`page_expiry`: until when a fetched page may be reused (``Cache-Control``,
  ``Expires``, capped by ``search.cache.page_max_age_s``);
- :func:`take_turn`: the shared rate, as the generic cell rate algorithm (GCRA, a token
  bucket kept as one timestamp): the next turn free is ``tat``; a request at ``now`` goes
  at ``max(now, tat, paused_until)`` and moves ``tat`` one interval on, so turns are
  promised in order to every worker on every host, never two inside one interval; a
  backend held (its quota spent, its key refused) is refused a turn until the hold ends.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any, Literal

__all__ = [
    "RateRow",
    "RateStats",
    "Turn",
    "month_of",
    "normalise_query",
    "page_expiry",
    "search_key",
    "take_turn",
]

_SPACE = re.compile(r"\s+")
_MAX_AGE = re.compile(r"(?:^|,)\s*(s-maxage|max-age)\s*=\s*\"?(\d+)", re.IGNORECASE)


def normalise_query(query: str) -> str:
    """Case and spacing do not make another search."""
    return _SPACE.sub(" ", query).strip().casefold()


def search_key(backend: str, query: str, settings: Any) -> str:
    """The cache key of ``query`` on ``backend`` asked with ``settings`` (plain JSON values:
    region, language, result count...)."""
    data = json.dumps([backend, normalise_query(query), settings], sort_keys=True, default=str)
    return hashlib.sha256(data.encode()).hexdigest()


def page_expiry(headers: dict[str, str], fetched_at: float, max_age_s: float) -> float | None:
    """Until when (epoch seconds) a page fetched at ``fetched_at`` may be reused: what its
    ``Cache-Control`` (``s-maxage``, ``max-age``) or ``Expires`` says, at most
    ``max_age_s``; ``fetched_at + max_age_s`` when it says neither; None when it must not be
    reused (``no-store``, ``no-cache``, ``private`` is fine: the store is the team's own)."""
    lower = {k.lower(): v for k, v in headers.items()}
    control = lower.get("cache-control", "")
    if re.search(r"no-store|no-cache", control, re.IGNORECASE) or max_age_s <= 0:
        return None
    ages = {m.group(1).lower(): int(m.group(2)) for m in _MAX_AGE.finditer(control)}
    age: float | None = ages.get("s-maxage", ages.get("max-age"))
    if age is None and lower.get("expires"):
        try:
            age = parsedate_to_datetime(lower["expires"]).timestamp() - fetched_at
        except (TypeError, ValueError, IndexError):
            age = 0.0  # an invalid Expires means already expired (RFC 9111)
    if age is None:
        age = max_age_s
    if age <= 0:
        return None
    return fetched_at + min(age, max_age_s)


def month_of(now: float) -> str:
    return datetime.fromtimestamp(now, UTC).strftime("%Y-%m")


@dataclass(frozen=True, slots=True)
class RateRow:
    """One backend's shared rate, as stored."""

    tat: float = 0.0
    paused_until: float = 0.0
    month: str = ""
    month_requests: int = 0
    # a spent quota or a refused key, passed over by every worker until then
    held_until: float = 0.0
    held_reason: str = ""  # "quota" or "key"
    held_said: str = ""  # the one line the API's answer made


@dataclass(frozen=True, slots=True)
class Turn:
    """What :func:`take_turn` decided: go after ``wait_s`` seconds, or ``refused``."""

    row: RateRow
    wait_s: float
    refused: Literal["", "rate", "quota", "held"] = ""


def take_turn(
    row: RateRow,
    now: float,
    *,
    rate: float,
    latest: float,
    monthly_quota: int = 0,
) -> Turn:
    """The next turn of a backend allowing ``rate`` requests a second (one per interval,
    no burst), for a request that cannot start after ``latest``; refused (row unchanged
    but for a new month) when that turn comes later, the month's quota is used, or the
    backend is held (a spent quota or a refused key: ``held``, ``wait_s`` until it ends)."""
    month = month_of(now)
    if row.month != month:
        row = replace(row, month=month, month_requests=0)
    if row.held_until > now:
        return Turn(row, row.held_until - now, "held")
    if monthly_quota and row.month_requests >= monthly_quota:
        return Turn(row, 0.0, "quota")
    start = max(now, row.tat, row.paused_until)
    if start > latest:
        return Turn(row, start - now, "rate")
    taken = replace(row, tat=start + 1.0 / rate, month_requests=row.month_requests + 1)
    return Turn(taken, start - now)


@dataclass(frozen=True, slots=True)
class RateStats:
    """The counters ``/metrics`` shows for one backend."""

    backend: str
    requests: int
    limited: int  # 429 answers received
    waits: int  # turns that had to wait
    waited_s: float
    refused: int  # requests that got no turn in their time (fell back or unchecked)
    month_requests: int
    quota_left: int | None
