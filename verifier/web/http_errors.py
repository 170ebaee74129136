"""aiohttp's client exceptions, read one way wherever verifier talks HTTP.

One table (:data:`AIOHTTP_ERRORS`) maps every aiohttp client exception class, and
``asyncio.TimeoutError``, to a kind (what the caller can do about it) and a short reason
(what the one-line message says), in the manner of httpx's ``HTTPCORE_EXC_MAP``. The
most specific class wins: :func:`failure_of` walks the exception's MRO. Each call site
turns a :class:`Failure` into its own error (FetchError, SearchError, the LLM judge's
retry, a callback attempt's log line) with :func:`map_aiohttp_errors`, so a refused
connection reads "cannot connect (...)" in a fetch, a search and a callback alike::

    with map_aiohttp_errors(lambda failure: FetchError(f"{url}: {failure}")):
        async with session.get(url) as resp:
            ...
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Literal

import aiohttp

__all__ = [
    "AIOHTTP_ERRORS",
    "CAUGHT",
    "Failure",
    "Kind",
    "failure_of",
    "json_session",
    "map_aiohttp_errors",
]

Kind = Literal[
    "timeout",  # no (complete) answer in time
    "dns",  # the host name does not resolve (or the SSRF guard refused its addresses)
    "connect",  # no connection: refused, unreachable, proxy down
    "tls",  # TLS handshake or certificate failure
    "disconnected",  # the server closed the connection or cut the body short
    "network",  # another socket-level error on the connection
    "redirect",  # a redirect aiohttp would not follow
    "url",  # a URL aiohttp cannot request
    "response",  # an answer aiohttp could not accept
    "client",  # the fallback: anything else aiohttp raises
]

# class -> (kind, reason); reason None is the fallback, which reads "<ClassName>: <message>".
# Every public subclass of aiohttp.ClientError is listed (tests/web/test_http_errors.py checks).
AIOHTTP_ERRORS: dict[type[BaseException], tuple[Kind, str | None]] = {
    TimeoutError: ("timeout", "no answer in time"),  # asyncio.TimeoutError is TimeoutError
    aiohttp.ServerTimeoutError: ("timeout", "no answer in time"),
    aiohttp.ConnectionTimeoutError: ("timeout", "connecting timed out"),
    aiohttp.SocketTimeoutError: ("timeout", "reading timed out"),
    aiohttp.ClientConnectorDNSError: ("dns", "cannot resolve host"),
    aiohttp.ClientConnectorError: ("connect", "cannot connect"),
    aiohttp.ClientProxyConnectionError: ("connect", "cannot connect to the proxy"),
    aiohttp.ClientSSLError: ("tls", "TLS handshake failed"),
    aiohttp.ClientConnectorSSLError: ("tls", "TLS handshake failed"),
    aiohttp.ClientConnectorCertificateError: ("tls", "TLS certificate rejected"),
    aiohttp.ServerFingerprintMismatch: ("tls", "TLS certificate fingerprint mismatch"),
    aiohttp.ServerDisconnectedError: ("disconnected", "connection broke while reading"),
    aiohttp.ClientPayloadError: ("disconnected", "connection broke while reading"),
    aiohttp.ClientConnectionError: ("network", "connection error"),
    aiohttp.ServerConnectionError: ("network", "connection error"),
    aiohttp.ClientOSError: ("network", "network error"),
    aiohttp.ClientConnectionResetError: ("network", "connection reset"),
    aiohttp.UploadAbortedError: ("network", "upload aborted"),
    aiohttp.TooManyRedirects: ("redirect", "too many redirects"),
    aiohttp.RedirectClientError: ("redirect", "bad redirect"),
    aiohttp.InvalidUrlRedirectClientError: ("redirect", "redirect to an invalid URL"),
    aiohttp.NonHttpUrlRedirectClientError: ("redirect", "redirect to a non-HTTP URL"),
    aiohttp.InvalidURL: ("url", "invalid URL"),
    aiohttp.InvalidUrlClientError: ("url", "invalid URL"),
    aiohttp.NonHttpUrlClientError: ("url", "not an HTTP URL"),
    aiohttp.ClientResponseError: ("response", "invalid response"),
    aiohttp.ContentTypeError: ("response", "unexpected content type"),
    aiohttp.ClientHttpProxyError: ("response", "the proxy refused the request"),
    aiohttp.WSServerHandshakeError: ("response", "WebSocket handshake failed"),
    aiohttp.ClientError: ("client", None),
}

# What map_aiohttp_errors catches: aiohttp's errors and the timeouts of asyncio.timeout()
# and aiohttp.ClientTimeout. Bare OSErrors are not aiohttp's and pass through.
CAUGHT: tuple[type[BaseException], ...] = (aiohttp.ClientError, TimeoutError)


@dataclass(frozen=True, slots=True)
class Failure:
    """One aiohttp failure, classified: ``str(failure)`` is its one-line reading."""

    kind: Kind
    reason: str | None  # None: not a known class; str() falls back to "<ClassName>: <message>"
    detail: str  # the underlying error's message (the OS error's, for connection failures)
    exc: BaseException

    def __str__(self) -> str:
        if self.reason is None:
            return f"{type(self.exc).__name__}: {self.exc}"
        return f"{self.reason} ({self.detail})" if self.detail else self.reason


def failure_of(exc: BaseException) -> Failure:
    """The table's entry for the most specific class in ``exc``'s MRO (the fallback for
    an exception the table does not know, aiohttp's or not)."""
    kind: Kind
    for cls in type(exc).__mro__:
        if cls in AIOHTTP_ERRORS:
            kind, reason = AIOHTTP_ERRORS[cls]
            break
    else:
        kind, reason = "client", None
    detail = str(exc.os_error) if isinstance(exc, aiohttp.ClientConnectorError) else str(exc)
    return Failure(kind, reason, detail, exc)


def map_aiohttp_errors(raise_as: Callable[[Failure], BaseException]) -> _Mapped:
    """A context manager (like httpx's ``map_httpcore_exceptions``) that re-raises aiohttp's
    errors and timeouts inside the block as ``raise_as(failure)``, chained to the original;
    anything else passes through untouched."""
    return _Mapped(raise_as)


class _Mapped:
    # A class rather than @contextmanager: an __exit__ that returns None tells type
    # checkers the block never swallows an exception.
    __slots__ = ("raise_as",)

    def __init__(self, raise_as: Callable[[Failure], BaseException]) -> None:
        self.raise_as = raise_as

    def __enter__(self) -> None:
        return None

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc is not None and isinstance(exc, CAUGHT):
            raise self.raise_as(failure_of(exc)) from exc


def json_session() -> aiohttp.ClientSession:
    """A client session for a JSON API the user runs (SearXNG, LanguageTool): verifier's
    User-Agent, JSON accepted, and no total timeout (each call is bounded by its deadline)."""
    from verifier import __version__

    return aiohttp.ClientSession(
        headers={"User-Agent": f"verifier/{__version__}", "Accept": "application/json"},
        timeout=aiohttp.ClientTimeout(total=None),
    )
