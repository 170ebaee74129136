"""The shared base of the search APIs sold by the request (Brave Search, Serper).

One HTTP request per query, its key read from the environment when the backend is made
(``[search.<name>] key_env``; never kept in settings, reports or logs), each request
waiting for its turn of the rate every worker shares (:class:`RateGate`, see
:mod:`verifier.search.ratelimit`), and the API's answers mapped to one line a user can act
on:

- 401/403 (and an API's own "invalid key" answer): :class:`SearchKeyRejected`;
- 429: :class:`SearchRateLimited` with ``Retry-After`` (or the API's reset header);
- a spent quota or credits: :class:`SearchQuotaSpent`;
- 5xx, refused connections, DNS: :class:`SearchUnavailable` (an outage); a host that does
  not resolve or connect (within ``connect_timeout_s``) is not tried again by this process
  for ``unavailable_cooldown_s``: its queries fail at once;
- no answer in the time left: :class:`SearchTimeout`.

A spent quota or a refused key is *held* in the store (:meth:`RateGate.hold`): every
worker sharing it passes the API over, without a request, for ``hold_s`` (or until the
quota's reset, when the API says it sooner).

A subclass says how to ask (:meth:`ApiBackend.request`), how to read hits
(:meth:`ApiBackend.hits`) and how its error bodies read (:meth:`ApiBackend.classify`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import time
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from typing import Any, Generic, Literal, Protocol, TypeVar

import aiohttp

from verifier import __version__
from verifier.errors import (
    UNAVAILABLE,
    ConfigError,
    SearchError,
    SearchKeyRejected,
    SearchQuotaSpent,
    SearchRateLimited,
    SearchTimeout,
    SearchUnavailable,
)
from verifier.schema import SearchHit
from verifier.system.deadline import Deadline
from verifier.web.http_errors import Failure, map_aiohttp_errors

__all__ = ["ApiBackend", "ApiRequest", "RateGate", "Verdict", "api_key", "retry_after"]

_UNREACHABLE = frozenset({"dns", "connect", "tls"})

Verdict = Literal["ok", "key", "rate", "quota", "outage", "error"]


class RateGate(Protocol):
    """The rate every worker sharing a store keeps to, per backend."""

    async def turn(
        self,
        backend: str,
        deadline: Deadline,
        max_wait_s: float | None = None,
        *,
        holder: str = "",
    ) -> float:
        """Wait for the backend's next turn (returns the seconds waited); raises
        :class:`SearchRateLimited` when none comes before ``deadline`` (or within
        ``max_wait_s``),
        :class:`SearchQuotaSpent` when the month's quota is used, and what the hold says
        while it is held for ``holder`` (:meth:`hold`)."""
        ...

    async def answered(
        self,
        backend: str,
        *,
        limited: bool = False,
        retry_after_s: float | None = None,
        quota_left: int | None = None,
    ) -> None:
        """What the API answered: a 429 (``limited``, every worker then pauses for
        ``retry_after_s``) and the quota it says is left."""
        ...

    async def hold(
        self, backend: str, *, reason: str, hold_s: float, said: str, holder: str = ""
    ) -> None:
        """The API's quota is spent (``reason`` "quota") or its key refused ("key"): every
        worker asking with the key ``holder`` names (a fingerprint, never the key) is
        refused its turns for ``hold_s`` seconds, with ``said``."""
        ...


@dataclass(frozen=True, slots=True)
class ApiRequest:
    method: Literal["GET", "POST"]
    url: str
    headers: dict[str, str]
    params: dict[str, str] | None = None
    body: dict[str, Any] | None = None


def api_key(backend: str, env_name: str, signup: str) -> str:
    """The key in ``$env_name``; :class:`ConfigError` (one line: which variable, where to
    get a key) when it is unset or empty."""
    key = os.environ.get(env_name, "").strip()
    if not key:
        msg = f"search.backends includes {backend!r} but ${env_name} is not set; get a key at {signup} and export {env_name}=<your key> (search.{backend}.key_env names the variable)"
        raise ConfigError(msg)
    return key


def retry_after(headers: Any, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta-seconds or an HTTP date)."""
    value = headers.get("Retry-After") if headers is not None else None
    if not value:
        return None
    value = str(value).strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError, IndexError):
        return None
    return max(0.0, when - (time.time() if now is None else now))


class ApiSettings(Protocol):
    """What the base reads of a search API's settings."""

    @property
    def key_env(self) -> str: ...
    @property
    def timeout_s(self) -> float: ...
    @property
    def max_results(self) -> int: ...
    @property
    def connect_timeout_s(self) -> float: ...
    @property
    def unavailable_cooldown_s(self) -> float: ...
    @property
    def hold_s(self) -> float: ...


S = TypeVar("S", bound=ApiSettings)


class ApiBackend(Generic[S]):
    """One per process; the session is opened on first use."""

    name = "api"
    local = False
    signup = ""

    def __init__(
        self,
        settings: S,
        *,
        gate: RateGate | None = None,
        key: str | None = None,
        resolver: aiohttp.abc.AbstractResolver | None = None,
    ) -> None:
        self.settings = settings
        self._resolver = resolver  # None: aiohttp's (tests give one that counts lookups)
        # until when (monotonic) every query fails at once: the host did not resolve or
        # refused the connection (search.<name>.unavailable_cooldown_s), and why
        self._unreachable_until = -1.0
        self._unreachable = ""
        self._key = key if key is not None else api_key(self.name, settings.key_env, self.signup)
        # whose spent quota or refused key a hold is (a fixed key is not held): a
        # fingerprint of the key, never the key
        self._holder = hashlib.sha256(self._key.encode()).hexdigest()[:16]
        self.timeout_s = settings.timeout_s
        self.max_results = settings.max_results
        self.gate = gate
        # how long a query waits for its turn (None: as long as its claim's time allows);
        # set when the backend is one of several in search.backends (a fallback chain)
        self.max_wait_s: float | None = None
        self.version = f"{self.name}-api (verifier {__version__})"
        self._session: aiohttp.ClientSession | None = None

    def __repr__(self) -> str:  # never the key
        return f"<{type(self).__name__} {self.name}>"

    # --- what a subclass says ------------------------------------------------------------
    def request(self, query: str, key: str) -> ApiRequest:
        raise NotImplementedError

    def hits(self, data: Any) -> list[SearchHit]:
        raise NotImplementedError

    def classify(self, status: int, data: Any) -> tuple[Verdict, str]:
        """What an answer other than 200 means, and the API's own words for it."""
        detail = _message(data)
        if status in (401, 403):
            return "key", detail
        if status == 429:
            return "rate", detail
        if status == 402:
            return "quota", detail
        if status >= 500:
            return "outage", detail
        return "error", detail

    def quota_left(self, headers: Any) -> int | None:
        return None

    def reset_after(self, headers: Any) -> float | None:
        return retry_after(headers)

    def quota_reset_after(self, headers: Any) -> float | None:
        """Seconds until a spent quota is renewed, when the API says it."""
        return None

    # --- the one request -----------------------------------------------------------------
    async def search(
        self, query: str, *, deadline: Deadline, patient: bool = False
    ) -> list[SearchHit]:
        """The hits for ``query``: the request waits for its turn of the shared rate at
        most ``max_wait_s`` (``patient``: as long as ``deadline`` allows).

        A host that does not resolve, or refuses or does not take the connection within
        ``connect_timeout_s``, is tried once: every query for the next
        ``unavailable_cooldown_s`` fails at once (no turn taken, no lookup, no retry)."""
        self._fail_if_unreachable()
        if self.gate is not None:
            await self.gate.turn(
                self.name, deadline, None if patient else self.max_wait_s, holder=self._holder
            )
            self._fail_if_unreachable()  # another query of this process found it so meanwhile
        ask = self.request(query, self._key)
        timeout = deadline.timeout(self.timeout_s)

        def raise_as(failure: Failure) -> SearchError:
            if failure.kind in _UNREACHABLE or isinstance(
                failure.exc, aiohttp.ConnectionTimeoutError
            ):
                return self._unreachable_now(str(failure))
            if failure.kind == "timeout":
                return SearchTimeout(f"{self.name}: no answer for {query!r} within {timeout:.1f} s")
            return SearchError(f"{self.name}: {failure}")

        with map_aiohttp_errors(raise_as):
            async with asyncio.timeout(timeout):
                async with self._client().request(
                    ask.method, ask.url, params=ask.params, json=ask.body, headers=ask.headers
                ) as resp:
                    body = await resp.read()
                    status, headers = resp.status, resp.headers
        try:
            data: Any = json.loads(body) if body else None
        except ValueError:
            data = None
        quota = self.quota_left(headers)
        if status == 200:
            if self.gate is not None:
                await self.gate.answered(self.name, quota_left=quota)
            if not isinstance(data, dict):
                msg = f"{self.name}: the answer is not the API's JSON"
                raise SearchError(msg)
            return self.hits(data)[: self.max_results]
        verdict, detail = self.classify(status, data)
        said = f" ({detail})" if detail else ""
        if verdict == "rate":
            wait = self.reset_after(headers)
            if self.gate is not None:
                await self.gate.answered(
                    self.name, limited=True, retry_after_s=wait, quota_left=quota
                )
            after = f"; retry after {wait:g} s" if wait is not None else ""
            msg = f"{self.name}: rate-limited (HTTP 429{said}){after}; lower search.{self.name}.requests_per_second to your plan's rate"
            raise SearchRateLimited(msg, wait)
        if self.gate is not None:
            await self.gate.answered(self.name, quota_left=quota)
        if verdict == "key":
            msg = f"{self.name}: the API key was refused (HTTP {status}{said}); check ${self._env_hint()} and that the key's plan is active"
            await self._hold("key", self.settings.hold_s, msg)
            raise SearchKeyRejected(msg)
        if verdict == "quota":
            msg = f"{self.name}: the plan's quota is spent (HTTP {status}{said}); add credits or upgrade the plan, or list another backend in search.backends"
            reset = self.quota_reset_after(headers)
            hold = self.settings.hold_s if reset is None else min(reset, self.settings.hold_s)
            await self._hold("quota", hold, msg)
            raise SearchQuotaSpent(msg)
        if verdict == "outage":
            msg = f"{UNAVAILABLE}: {self.name} answered HTTP {status}{said}"
            raise SearchUnavailable(msg)
        msg = f"{self.name}: HTTP {status}{said}"
        raise SearchError(msg)

    async def _hold(self, reason: str, hold_s: float, said: str) -> None:
        """Every worker sharing the store passes this API over for ``hold_s`` seconds."""
        if self.gate is not None and hold_s > 0:
            await self.gate.hold(
                self.name, reason=reason, hold_s=hold_s, said=said, holder=self._holder
            )

    def _fail_if_unreachable(self) -> None:
        left = self._unreachable_until - time.monotonic()
        if left > 0:
            cooldown = f"search.{self.name}.unavailable_cooldown_s"
            msg = f"{UNAVAILABLE}: {self.name} ({self._unreachable}); not tried again for {left:.0f} s ({cooldown})"
            raise SearchUnavailable(msg)

    def _unreachable_now(self, why: str) -> SearchUnavailable:
        self._unreachable = why
        self._unreachable_until = time.monotonic() + self.settings.unavailable_cooldown_s
        return SearchUnavailable(f"{UNAVAILABLE}: {self.name} ({why})")

    def _env_hint(self) -> str:
        return getattr(getattr(self, "settings", None), "key_env", f"{self.name.upper()}_API_KEY")

    def _client(self) -> aiohttp.ClientSession:
        if self._session is None:
            # as json_session, with a bound on resolving the host and connecting
            connect = self.settings.connect_timeout_s
            self._session = aiohttp.ClientSession(
                headers={"User-Agent": f"verifier/{__version__}", "Accept": "application/json"},
                timeout=aiohttp.ClientTimeout(total=None, connect=connect, sock_connect=connect),
                connector=aiohttp.TCPConnector(resolver=self._resolver, ttl_dns_cache=300),
            )
        return self._session

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None


def _message(data: Any) -> str:
    """An API's own words in an error body: ``message``, ``detail`` or ``error``."""
    if not isinstance(data, dict):
        return ""
    for key in ("message", "detail"):
        if isinstance(data.get(key), str):
            return " ".join(data[key].split())[:200]
    error = data.get("error")
    if isinstance(error, dict):
        return _message(error)
    if isinstance(error, str):
        return " ".join(error.split())[:200]
    return ""
