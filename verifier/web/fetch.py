"""The bounded page fetcher: one aiohttp session, hard limits, and an SSRF guard.

Limits: a per-request timeout (``min(fetch.timeout_s, time left)``) that covers a slow
first byte and a never-ending body alike; a body cap enforced while streaming; a
content-type allowlist checked before the body is read; at most ``fetch.max_redirects``
redirects, followed by hand so that every hop is checked; global and per-host connection
limits; retries with backoff on connection errors and 5xx, never on 4xx.

SSRF guard (:mod:`verifier.web.ssrf`, shared with callback delivery): only http(s) URLs;
hosts that are, or resolve to, loopback, private, link-local, multicast, reserved or
cloud-metadata addresses, in any spelling, are refused, on the first request and on every
redirect. The check runs before connecting and again inside the connector's resolver, so
a name that re-resolves to a private address (DNS rebinding) is refused too.
``fetch.allow_private_networks = true`` turns the guard off (tests do, to reach their
loopback servers).
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol
from urllib.parse import urljoin

import aiohttp

from verifier.config import FetchSettings
from verifier.errors import (
    ConnectionFailed,
    FetchError,
    FetchTimeout,
    HTTPStatusError,
    TooLarge,
    TooManyRedirects,
    UnsupportedContentType,
)
from verifier.system.deadline import Deadline
from verifier.web.http_errors import Failure, map_aiohttp_errors
from verifier.web.ssrf import GuardedResolver, check_resolved, check_url

__all__ = ["FetchedPage", "Fetcher", "PageFetcher"]

_REDIRECTS = frozenset({301, 302, 303, 307, 308})
# connection failures retried with backoff (ConnectionFailed); DNS and the rest are not
_RETRIED = frozenset({"connect", "tls", "disconnected"})
_KEPT_HEADERS = (
    "content-type",
    "content-language",
    "last-modified",
    "etag",
    "date",
    "server",
    "cache-control",  # how long the page may be reused (search.cache)
    "expires",
)


@dataclass(frozen=True, slots=True)
class FetchedPage:
    url: str
    final_url: str
    status: int
    headers: dict[str, str]
    content_type: str
    charset: str | None
    body: bytes
    fetched_at: str
    elapsed_s: float


class PageFetcher(Protocol):
    async def fetch(self, url: str, deadline: Deadline) -> FetchedPage: ...

    async def aclose(self) -> None: ...


class Fetcher:
    """Fetches pages within the limits of :class:`~verifier.config.FetchSettings`."""

    def __init__(self, settings: FetchSettings) -> None:
        self.settings = settings
        self._session: aiohttp.ClientSession | None = None

    def _client(self) -> aiohttp.ClientSession:
        if self._session is None:
            connector = aiohttp.TCPConnector(
                limit=self.settings.concurrency,
                limit_per_host=self.settings.per_host_concurrency,
                resolver=None if self.settings.allow_private_networks else GuardedResolver(),
                ttl_dns_cache=60,
            )
            self._session = aiohttp.ClientSession(
                connector=connector,
                headers={
                    "User-Agent": self.settings.user_agent,
                    "Accept": "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1",
                },
                timeout=aiohttp.ClientTimeout(total=None),
            )
        return self._session

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def _precheck(self, url: str) -> None:
        """The SSRF guard (verifier.web.ssrf) on one hop: the URL, then its addresses."""
        allow = self.settings.allow_private_networks
        host, port = check_url(url, allow_private=allow)
        if not allow:
            await check_resolved(url, host, port)

    async def fetch(self, url: str, deadline: Deadline) -> FetchedPage:
        """Fetch ``url``; retries connection errors and 5xx while time is left."""
        attempt = 0
        while True:
            try:
                return await self._fetch_once(url, deadline)
            except (HTTPStatusError, ConnectionFailed) as exc:
                server_error = isinstance(exc, ConnectionFailed) or exc.status >= 500
                if not server_error or attempt >= self.settings.retries:
                    raise
                pause = self.settings.backoff_s * (2**attempt) * (0.5 + random.random())
                if pause >= deadline.remaining():
                    raise
                await asyncio.sleep(pause)
                attempt += 1

    async def _fetch_once(self, url: str, deadline: Deadline) -> FetchedPage:
        started = time.monotonic()
        fetched_at = datetime.now(UTC).isoformat(timespec="milliseconds")
        budget = deadline.timeout(self.settings.timeout_s)
        if budget <= 0:
            msg = f"no time left to fetch {url}"
            raise FetchTimeout(msg)
        current = url
        seen = {url}

        def raise_as(failure: Failure) -> FetchError:
            if failure.kind == "timeout":
                return FetchTimeout(f"{url}: no complete answer within {budget:.1f} s")
            if failure.kind in _RETRIED:
                return ConnectionFailed(f"{url}: {failure}")
            return FetchError(f"{url}: {failure}")

        with map_aiohttp_errors(raise_as):
            async with asyncio.timeout(budget):
                for _hop in range(self.settings.max_redirects + 1):
                    await self._precheck(current)
                    async with self._client().get(current, allow_redirects=False) as resp:
                        if resp.status in _REDIRECTS and "Location" in resp.headers:
                            nxt = urljoin(current, resp.headers["Location"])
                            if nxt in seen:
                                msg = f"redirect loop at {nxt}"
                                raise TooManyRedirects(msg)
                            seen.add(nxt)
                            current = nxt
                            continue
                        return await self._read(url, current, resp, fetched_at, started)
                msg = f"more than {self.settings.max_redirects} redirects from {url}"
                raise TooManyRedirects(msg)

    async def _read(
        self,
        url: str,
        final_url: str,
        resp: aiohttp.ClientResponse,
        fetched_at: str,
        started: float,
    ) -> FetchedPage:
        if resp.status >= 400:
            msg = f"{final_url}: HTTP {resp.status}"
            raise HTTPStatusError(msg, resp.status)
        content_type = resp.content_type if "Content-Type" in resp.headers else ""
        if content_type not in self.settings.content_types:
            msg = f"{final_url}: content type {content_type or 'missing'!r} is not one of {', '.join(self.settings.content_types)}"
            raise UnsupportedContentType(msg)
        cap = self.settings.max_bytes
        if resp.content_length is not None and resp.content_length > cap:
            msg = f"{final_url}: {resp.content_length} bytes announced, over the {cap}-byte cap"
            raise TooLarge(msg)
        chunks: list[bytes] = []
        size = 0
        async for chunk in resp.content.iter_chunked(65536):
            size += len(chunk)
            if size > cap:
                msg = f"{final_url}: body over the {cap}-byte cap"
                raise TooLarge(msg)
            chunks.append(chunk)
        try:
            charset = resp.charset
        except (LookupError, ValueError):
            charset = None
        headers: dict[str, Any] = {
            name: resp.headers[name] for name in _KEPT_HEADERS if name in resp.headers
        }
        return FetchedPage(
            url=url,
            final_url=final_url,
            status=resp.status,
            headers=headers,
            content_type=content_type,
            charset=charset,
            body=b"".join(chunks),
            fetched_at=fetched_at,
            elapsed_s=round(time.monotonic() - started, 4),
        )
