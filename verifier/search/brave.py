"""Brave Search's web search API.

``GET https://api.search.brave.com/res/v1/web/search?q=...&count=...`` with the key in the
``X-Subscription-Token`` header and ``Accept: application/json``; hits are
``web.results[]`` (``title``, ``url``, ``description``). Errors come as
``{"type": "ErrorResponse", "error": {"status", "code", "detail", "meta": {...}}}``:
``SUBSCRIPTION_TOKEN_INVALID`` (a wrong or unsubscribed key, 401/422), ``RATE_LIMITED``
(429; ``meta`` holds the plan's ``rate_limit`` and ``quota_limit``/``quota_current``,
so a 429 with the quota used up is a spent quota). Every answer carries
``X-RateLimit-Remaining: <this second>, <this month>`` and ``X-RateLimit-Reset: <s>, <s>``.
"""

from __future__ import annotations

import re
from typing import Any

from verifier.config import BraveSettings
from verifier.schema import SearchHit
from verifier.search.api import ApiBackend, ApiRequest, Verdict, retry_after

__all__ = ["BraveBackend"]

_TAGS = re.compile(r"<[^>]{0,100}>")


class BraveBackend(ApiBackend[BraveSettings]):
    name = "brave"
    signup = "https://api-dashboard.search.brave.com"

    def request(self, query: str, key: str) -> ApiRequest:
        s = self.settings
        return ApiRequest(
            "GET",
            s.base_url,
            headers={"X-Subscription-Token": key, "Accept": "application/json"},
            params={
                "q": query,
                "count": str(s.max_results),
                "country": s.country,
                "search_lang": s.search_lang,
                "safesearch": s.safesearch,
                "text_decorations": "false",
            },
        )

    def hits(self, data: Any) -> list[SearchHit]:
        web = data.get("web")
        results = web.get("results") if isinstance(web, dict) else None
        hits: list[SearchHit] = []
        for item in results if isinstance(results, list) else []:
            if isinstance(item, dict) and item.get("url"):
                hits.append(
                    SearchHit(
                        url=str(item["url"]),
                        title=_TAGS.sub("", str(item.get("title") or "")),
                        snippet=_TAGS.sub("", str(item.get("description") or "")),
                        rank=len(hits) + 1,
                    )
                )
        return hits

    def classify(self, status: int, data: Any) -> tuple[Verdict, str]:
        verdict, detail = super().classify(status, data)
        error = data.get("error") if isinstance(data, dict) else None
        if not isinstance(error, dict):
            return verdict, detail
        code = str(error.get("code") or "")
        meta = error.get("meta")
        meta = meta if isinstance(meta, dict) else {}
        detail = " ".join(p for p in (code, detail) if p)
        if "TOKEN" in code or "SUBSCRIPTION" in code:
            return "key", detail
        quota_limit, quota_used = meta.get("quota_limit"), meta.get("quota_current")
        if "QUOTA" in code or (
            isinstance(quota_limit, int)
            and isinstance(quota_used, int)
            and 0 < quota_limit <= quota_used
        ):
            return "quota", detail
        if code == "RATE_LIMITED" or status == 429:
            return "rate", detail
        return verdict, detail

    def quota_left(self, headers: Any) -> int | None:
        parts = _pair(headers.get("X-RateLimit-Remaining"))
        return int(parts[1]) if len(parts) > 1 else None

    def reset_after(self, headers: Any) -> float | None:
        said = retry_after(headers)
        if said is not None:
            return said
        parts = _pair(headers.get("X-RateLimit-Reset"))
        return float(parts[0]) if parts else None

    def quota_reset_after(self, headers: Any) -> float | None:
        parts = _pair(headers.get("X-RateLimit-Reset"))
        return parts[1] if len(parts) > 1 else None  # the month's window


def _pair(value: str | None) -> list[float]:
    """``"1, 1999"`` -> ``[1.0, 1999.0]`` (the per-second and per-month figures)."""
    out = []
    for part in (value or "").split(","):
        try:
            out.append(float(part.strip()))
        except ValueError:
            return []
    return out
