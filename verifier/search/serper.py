"""Google results through Serper (serper.dev).

``POST https://google.serper.dev/search`` with the key in the ``X-API-KEY`` header and a
JSON body ``{"q", "gl", "hl", "num"}``; hits are ``organic[]`` (``title``, ``link``,
``snippet``, ``position``). Errors are ``{"message": ..., "statusCode": ...}``: 403
``Unauthorized.`` for a wrong key, 400 ``Not enough credits`` when the credits are spent,
429 when requests come faster than the plan allows.
"""

from __future__ import annotations

from typing import Any

from verifier.config import SerperSettings
from verifier.schema import SearchHit
from verifier.search.api import ApiBackend, ApiRequest, Verdict

__all__ = ["SerperBackend"]


class SerperBackend(ApiBackend[SerperSettings]):
    name = "serper"
    signup = "https://serper.dev"

    def request(self, query: str, key: str) -> ApiRequest:
        s = self.settings
        return ApiRequest(
            "POST",
            s.base_url,
            headers={"X-API-KEY": key, "Content-Type": "application/json"},
            body={"q": query, "gl": s.gl, "hl": s.hl, "num": s.max_results},
        )

    def hits(self, data: Any) -> list[SearchHit]:
        results = data.get("organic")
        hits: list[SearchHit] = []
        for item in results if isinstance(results, list) else []:
            if isinstance(item, dict) and item.get("link"):
                hits.append(
                    SearchHit(
                        url=str(item["link"]),
                        title=str(item.get("title") or ""),
                        snippet=str(item.get("snippet") or ""),
                        rank=len(hits) + 1,
                    )
                )
        return hits

    def classify(self, status: int, data: Any) -> tuple[Verdict, str]:
        verdict, detail = super().classify(status, data)
        if "credit" in detail.lower() or "quota" in detail.lower():
            return "quota", detail
        return verdict, detail
