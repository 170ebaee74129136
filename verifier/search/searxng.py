"""Search through a self-hosted SearXNG instance's JSON API.

``GET {search.searxng.base_url}/search?q=...&format=json``. The instance must allow the
JSON format (``search: formats: [html, json]`` in its settings.yml); a 403 says so.
SearXNG is infrastructure the team runs itself, so the SSRF guard does not apply to it.
"""

from __future__ import annotations

import asyncio
import json

import aiohttp

from verifier import __version__
from verifier.config import SearxngSettings
from verifier.errors import UNAVAILABLE, SearchError, SearchTimeout, SearchUnavailable
from verifier.schema import SearchHit
from verifier.system.deadline import Deadline
from verifier.web.http_errors import Failure, json_session, map_aiohttp_errors

__all__ = ["SearxngBackend"]

# failures that mean the instance cannot be reached at all (SearchUnavailable)
_UNREACHABLE = frozenset({"dns", "connect", "tls"})


class SearxngBackend:
    name = "searxng"
    local = False

    def __init__(self, settings: SearxngSettings) -> None:
        if not settings.base_url:
            msg = "search.backends includes 'searxng' but search.searxng.base_url is empty; set it to your instance, e.g. http://127.0.0.1:8888"
            raise SearchError(msg)
        self.settings = settings
        self.version = f"searxng-json (verifier {__version__})"
        self._session: aiohttp.ClientSession | None = None

    def _client(self) -> aiohttp.ClientSession:
        if self._session is None:
            self._session = json_session()
        return self._session

    async def search(self, query: str, *, deadline: Deadline) -> list[SearchHit]:
        url = self.settings.base_url.rstrip("/") + "/search"
        params = {
            "q": query,
            "format": "json",
            "language": self.settings.language,
            "categories": self.settings.categories,
            "pageno": "1",
        }
        timeout = deadline.timeout(self.settings.timeout_s)

        def raise_as(failure: Failure) -> SearchError:
            if failure.kind == "timeout":
                return SearchTimeout(f"searxng: no answer for {query!r} within {timeout:.1f} s")
            if failure.kind not in _UNREACHABLE:
                return SearchError(f"searxng: {failure}")
            where = f"SearXNG at {self.settings.base_url}"
            if failure.kind == "connect":
                return SearchUnavailable(
                    f"{UNAVAILABLE}: cannot connect to {where} ({failure.detail})"
                )
            return SearchUnavailable(f"{UNAVAILABLE}: {where}: {failure}")

        with map_aiohttp_errors(raise_as):
            async with asyncio.timeout(timeout):
                async with self._client().get(url, params=params) as resp:
                    body = await resp.read()
                    status = resp.status
        if status == 403:
            msg = "searxng: 403 Forbidden; enable the json format (search.formats) in the instance's settings.yml"
            raise SearchError(msg)
        if status != 200:
            msg = f"searxng: HTTP {status}"
            raise SearchError(msg)
        try:
            data = json.loads(body)
        except ValueError as exc:
            msg = f"searxng: the answer is not JSON ({exc})"
            raise SearchError(msg) from exc
        results = data.get("results") if isinstance(data, dict) else None
        if not isinstance(results, list):
            msg = "searxng: the answer is not SearXNG JSON (no 'results' list)"
            raise SearchError(msg)
        hits: list[SearchHit] = []
        for item in results:
            if not isinstance(item, dict) or not item.get("url"):
                continue
            hits.append(
                SearchHit(
                    url=str(item["url"]),
                    title=str(item.get("title") or ""),
                    snippet=str(item.get("content") or ""),
                    rank=len(hits) + 1,
                )
            )
            if len(hits) >= self.settings.max_results:
                break
        return hits

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None
