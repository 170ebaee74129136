"""In-memory fakes and loopback stand-ins for the web, for tests and benchmarks.

- :class:`StaticSearch`: a search backend answering from a dict, with optional latency
  or a hang; :class:`MemoryFetcher`: a page fetcher answering from a dict.
- :func:`searxng_app` and :func:`pages_app`: aiohttp applications that play a SearXNG
  instance and a set of web pages (including pathological ones) on a loopback port.
- :func:`brave_app` and :func:`serper_app`: Brave Search's web search API and Serper's
  Google search API as each documents them (requests, answers, error bodies and headers),
  enforcing a key, a rate (a token bucket: 429 past it, with ``Retry-After``) and a quota;
  :class:`ApiLedger` counts what each received and answered.
- :func:`languagetool_app`: a LanguageTool server's ``POST /v2/check``, answering in its
  documented JSON; :func:`lt_match` writes one match as LanguageTool would (UTF-16
  offsets, context, sentence, rule with category and issueType).

Nothing here touches the network beyond the loopback servers the caller starts.
"""

from __future__ import annotations

import asyncio
import hashlib
import math
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import web

from verifier.errors import HTTPStatusError, SearchTimeout, SearchUnavailable
from verifier.schema import SearchHit
from verifier.system.deadline import Deadline
from verifier.web.fetch import FetchedPage

__all__ = [
    "API_LEDGER",
    "CHAT_REQUESTS",
    "HITS",
    "LT_REQUESTS",
    "QUERIES",
    "ApiLedger",
    "MemoryFetcher",
    "StaticSearch",
    "brave_app",
    "chat_app",
    "languagetool_app",
    "lt_match",
    "pages_app",
    "searxng_app",
    "serper_app",
]

HITS = web.AppKey("hits", dict[str, int])  # pages_app: requests per path
QUERIES = web.AppKey("queries", list[str])  # searxng_app: queries received
CHAT_REQUESTS = web.AppKey("chat_requests", list[dict[str, Any]])  # chat_app: bodies + auth
API_LEDGER: web.AppKey[ApiLedger] = web.AppKey("api_ledger")  # brave_app, serper_app: counts
LT_REQUESTS = web.AppKey("lt_requests", list[dict[str, str]])  # languagetool_app: the forms


@dataclass
class StaticSearch:
    """Answers ``results[query]`` (or ``default``) after ``latency_s``; hangs if asked;
    with ``unavailable`` set, fails every query as a backend that cannot be reached."""

    results: Mapping[str, Sequence[SearchHit]] = field(default_factory=dict)
    default: Sequence[SearchHit] = ()
    latency_s: float = 0.0
    hang: bool = False
    unavailable: str | None = None
    name: str = "static"
    version: str = "static-fake 1"
    local: bool = False
    calls: list[str] = field(default_factory=list)

    async def search(self, query: str, *, deadline: Deadline) -> list[SearchHit]:
        self.calls.append(query)
        if self.unavailable is not None:
            msg = f"{self.name}: {self.unavailable}"
            raise SearchUnavailable(msg)
        try:
            async with asyncio.timeout(deadline.remaining()):
                if self.hang:
                    await asyncio.Event().wait()
                await asyncio.sleep(self.latency_s)
        except TimeoutError as exc:
            msg = f"{self.name}: no answer for {query!r} in the time left"
            raise SearchTimeout(msg) from exc
        return list(self.results.get(query, self.default))

    async def aclose(self) -> None:
        pass


@dataclass
class MemoryFetcher:
    """Serves ``pages[url] = (content_type, body)`` after ``latency_s``; others are 404."""

    pages: Mapping[str, tuple[str, bytes]] = field(default_factory=dict)
    latency_s: float = 0.0
    calls: list[str] = field(default_factory=list)

    async def fetch(self, url: str, deadline: Deadline) -> FetchedPage:
        self.calls.append(url)
        await asyncio.sleep(min(self.latency_s, deadline.remaining()))
        if url not in self.pages:
            msg = f"{url}: HTTP 404"
            raise HTTPStatusError(msg, 404)
        content_type, body = self.pages[url]
        return FetchedPage(
            url=url,
            final_url=url,
            status=200,
            headers={"content-type": content_type},
            content_type=content_type,
            charset="utf-8",
            body=body,
            fetched_at=datetime.now(UTC).isoformat(timespec="milliseconds"),
            elapsed_s=self.latency_s,
        )

    async def aclose(self) -> None:
        pass


ResultsFn = Callable[[str], Sequence[Mapping[str, Any]]]


def searxng_app(
    results: ResultsFn, *, latency_s: float = 0.0, hang: bool = False, status: int = 200
) -> web.Application:
    """A fake SearXNG: ``GET /search?q=..&format=json`` answers ``{"results": results(q)}``."""
    app = web.Application()
    app[QUERIES] = []

    async def search(request: web.Request) -> web.StreamResponse:
        query = request.query.get("q", "")
        app[QUERIES].append(query)
        if hang:
            await asyncio.Event().wait()
        await asyncio.sleep(latency_s)
        if request.query.get("format") != "json":
            return web.Response(status=400, text="format=json expected")
        if status != 200:
            return web.Response(status=status, text="error")
        return web.json_response({"query": query, "results": list(results(query))})

    app.router.add_get("/search", search)
    return app


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def lt_match(
    text: str,
    fragment: str,
    *,
    rule_id: str,
    category: str,
    issue_type: str = "grammar",
    message: str = "",
    replacements: Sequence[str] = (),
    category_name: str = "",
    occurrence: int = 0,
    start: int | None = None,
) -> dict[str, Any]:
    """A LanguageTool match for the ``occurrence``-th ``fragment`` of ``text`` (or the one
    at ``start``), in the shape of LanguageTool's ``/v2/check`` answer (offsets in UTF-16
    code units, as Java counts them)."""
    at = -1
    for _ in range(occurrence + 1):
        at = text.index(fragment, at + 1)
    if start is not None:
        at = text.index(fragment, start)
    offset, length = _utf16(text[:at]), _utf16(fragment)
    left = text[max(0, at - 40) : at]
    prefix = "..." if at > 40 else ""
    context = prefix + left + text[at : at + len(fragment) + 40]
    starts = [m.end() for m in re.finditer(r"[.!?]\s+", text[:at])]
    sentence_start = starts[-1] if starts else 0
    stop = re.search(r"[.!?](\s|$)", text[at:])
    sentence = text[sentence_start : at + (stop.end() if stop else len(text) - at)].strip()
    return {
        "message": message or f"Possible error: {fragment!r}.",
        "shortMessage": "",
        "replacements": [{"value": r} for r in replacements],
        "offset": offset,
        "length": length,
        "context": {"text": context, "offset": _utf16(prefix + left), "length": length},
        "sentence": sentence,
        "type": {"typeName": "Other"},
        "rule": {
            "id": rule_id,
            "description": message or rule_id,
            "issueType": issue_type,
            "category": {"id": category, "name": category_name or category.title()},
        },
        "ignoreForIncompleteSentence": False,
        "contextForSureMatch": 0,
    }


MatchesFn = Callable[[str, str], Sequence[Mapping[str, Any]]]


def languagetool_app(
    matches: MatchesFn,
    *,
    version: str = "6.4",
    latency_s: float = 0.0,
    hang: bool = False,
    status: int = 200,
    body: str | None = None,
    incomplete: bool = False,
) -> web.Application:
    """A fake LanguageTool server: ``POST /v2/check`` (a form with ``text`` and
    ``language``) answers ``matches(text, language)`` in LanguageTool's JSON (software,
    warnings, language, matches); ``status`` answers that HTTP status with a plain-text
    error (as LanguageTool does), ``body`` a raw body instead. The forms received are
    kept in ``app[LT_REQUESTS]``."""
    app = web.Application()
    app[LT_REQUESTS] = []

    async def check(request: web.Request) -> web.StreamResponse:
        form = await request.post()
        text, language = str(form.get("text", "")), str(form.get("language", ""))
        app[LT_REQUESTS].append({k: str(v) for k, v in form.items()})
        if hang:
            await asyncio.Event().wait()
        await asyncio.sleep(latency_s)
        if body is not None:
            return web.Response(text=body, content_type="application/json")
        if status != 200:
            return web.Response(status=status, text="Error: Internal Error: fake failure")
        if not language:
            return web.Response(status=400, text="Error: Missing 'language' parameter")
        return web.json_response(
            {
                "software": {
                    "name": "LanguageTool",
                    "version": version,
                    "buildDate": "2024-01-01 00:00:00 +0000",
                    "apiVersion": 1,
                    "premium": False,
                    "status": "",
                },
                "warnings": {"incompleteResults": incomplete},
                "language": {
                    "name": "English (US)",
                    "code": language,
                    "detectedLanguage": {
                        "name": "English (US)",
                        "code": language,
                        "confidence": 0.99,
                    },
                },
                "matches": list(matches(text, language)),
            }
        )

    app.router.add_post("/v2/check", check)
    return app


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def chat_app(script: Sequence[Any]) -> web.Application:
    """A fake OpenAI-compatible endpoint: ``POST /v1/chat/completions`` answers from
    ``script``, one step per request (the last step repeats).

    A step is a string (the assistant message's content), an int (that HTTP status),
    ``("raw", text)`` (a body that is not a chat completion), ``("slow", seconds,
    content)`` or ``"hang"`` (never answers). Requests are recorded with their
    Authorization header under ``app[CHAT_REQUESTS]``.
    """
    app = web.Application()
    app[CHAT_REQUESTS] = []

    async def complete(request: web.Request) -> web.StreamResponse:
        body = await request.json()
        app[CHAT_REQUESTS].append(
            {"body": body, "authorization": request.headers.get("Authorization")}
        )
        step = script[min(len(app[CHAT_REQUESTS]), len(script)) - 1]
        if step == "hang":
            await asyncio.Event().wait()
        if isinstance(step, int):
            return web.Response(status=step, text=f"status {step}")
        if isinstance(step, tuple) and step[0] == "raw":
            return web.Response(text=step[1], content_type="application/json")
        if isinstance(step, tuple) and step[0] == "slow":
            await asyncio.sleep(step[1])
            step = step[2]
        return web.json_response(
            {
                "id": "chatcmpl-fake",
                "object": "chat.completion",
                "model": body.get("model"),
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": step},
                        "finish_reason": "stop",
                    }
                ],
            }
        )

    app.router.add_post("/v1/chat/completions", complete)
    return app


def _count(request: web.Request, path: str) -> int:
    """One more request for ``path`` in the app's hit counter."""
    hits = request.app[HITS]
    hits[path] = hits.get(path, 0) + 1
    return hits[path]


async def _huge(request: web.Request) -> web.StreamResponse:
    resp = web.StreamResponse(headers={"Content-Type": "text/html"})
    await resp.prepare(request)
    chunk = b"<p>" + b"x" * 65_000 + b"</p>"
    for _ in range(320):
        await resp.write(chunk)
    return resp


async def _endless(request: web.Request) -> web.StreamResponse:
    resp = web.StreamResponse(headers={"Content-Type": "text/html"})
    await resp.prepare(request)
    while True:
        await resp.write(b"<p>still going</p>")
        await asyncio.sleep(0.05)


async def _slow(request: web.Request) -> web.StreamResponse:
    await asyncio.sleep(60)
    return web.Response(text="late", content_type="text/html")


async def _pdf(request: web.Request) -> web.StreamResponse:
    return web.Response(body=b"%PDF-1.4 ...", content_type="application/pdf")


async def _latin1(request: web.Request) -> web.StreamResponse:
    body = "<html><body><p>Café crème at the Sorbonne, 1891.</p></body></html>"
    return web.Response(
        body=body.encode("latin-1"), headers={"Content-Type": "text/html; charset=iso-8859-1"}
    )


async def _badbytes(request: web.Request) -> web.StreamResponse:
    body = b"<html><body><p>Broken \xff\xfe bytes in Paris \xc3\x28 here.</p></body></html>"
    return web.Response(body=body, headers={"Content-Type": "text/html; charset=utf-8"})


async def _loop(request: web.Request) -> web.StreamResponse:
    raise web.HTTPFound("/loop2" if request.path == "/loop" else "/loop")


async def _redirect(request: web.Request) -> web.StreamResponse:
    n = int(request.match_info["n"])
    raise web.HTTPFound(f"/redirect/{n - 1}" if n > 1 else "/page/a")


async def _fail(request: web.Request) -> web.StreamResponse:
    _count(request, "fail")
    return web.Response(status=500, text="boom")


async def _flaky(request: web.Request) -> web.StreamResponse:
    if _count(request, "flaky") == 1:
        return web.Response(status=503, text="try again")
    return web.Response(
        text="<html><body><p>Recovered page.</p></body></html>", content_type="text/html"
    )


async def _missing(request: web.Request) -> web.StreamResponse:
    _count(request, "missing")
    raise web.HTTPNotFound()


async def _garbage(request: web.Request) -> web.StreamResponse:
    noise = hashlib.sha256(b"seed").digest() * 4000
    return web.Response(body=noise, headers={"Content-Type": "text/html"})


def pages_app(pages: Mapping[str, str], *, latency_s: float = 0.0) -> web.Application:
    """Serves ``pages[path]`` as HTML after ``latency_s``, plus pathological pages.

    ``/huge`` (declares nothing, streams 20 MB), ``/endless`` (never ends), ``/slow``
    (waits 60 s before the first byte), ``/pdf`` (wrong content type), ``/latin1`` and
    ``/badbytes`` (broken encodings), ``/loop`` (a redirect loop), ``/redirect/N`` (N hops
    to ``/page/a``), ``/fail`` (always 500), ``/flaky`` (500 once, then a page),
    ``/missing`` (404) and ``/garbage`` (random bytes labelled HTML).
    """
    app = web.Application()
    app[HITS] = {}

    async def page(request: web.Request) -> web.StreamResponse:
        await asyncio.sleep(latency_s)
        path = request.match_info["name"]
        _count(request, path)
        if path not in pages:
            raise web.HTTPNotFound()
        return web.Response(text=pages[path], content_type="text/html")

    routes: dict[str, Handler] = {
        "/huge": _huge,
        "/endless": _endless,
        "/slow": _slow,
        "/pdf": _pdf,
        "/latin1": _latin1,
        "/badbytes": _badbytes,
        "/loop": _loop,
        "/loop2": _loop,
        "/redirect/{n}": _redirect,
        "/fail": _fail,
        "/flaky": _flaky,
        "/missing": _missing,
        "/garbage": _garbage,
        "/page/{name}": page,
    }
    for route, handler in routes.items():
        app.router.add_get(route, handler)
    return app


@dataclass
class ApiLedger:
    """What a fake search API received and answered. ``rate`` requests a second, as fixed
    windows (``window_s``, as Brave's ``X-RateLimit-Policy: 1;w=1`` says) or a token bucket
    with bursts of ``burst``; a request past it is answered 429 and counted in ``over_rate``; ``quota`` requests in
    all (0: none), then the API's "quota spent" answer."""

    rate: float = 0.0  # 0: no limit
    burst: float = 1.0
    quota: int = 0
    key: str = "test-key"
    requests: int = 0
    answered: int = 0
    over_rate: int = 0
    quota_refused: int = 0
    key_refused: int = 0
    queries: list[str] = field(default_factory=list)
    fail_with: int | None = None  # answer every request with this status (an outage)
    # > 0: the rate as fixed windows of this many seconds (X-RateLimit-Policy "1;w=1"),
    # at most rate x window_s requests in each; 0: a token bucket of ``burst``
    window_s: float = 0.0
    _window: int = -1
    _in_window: int = 0
    _tokens: float = -1.0
    _at: float = 0.0

    def take(self, now: float) -> float:
        """0 when the request may go, else the seconds until it may."""
        if self.rate <= 0:
            return 0.0
        if self.window_s > 0:  # at most rate x window_s requests in each fixed window
            window = math.floor(now / self.window_s)
            if window != self._window:
                self._window, self._in_window = window, 0
            if self._in_window < self.rate * self.window_s:
                self._in_window += 1
                return 0.0
            return (window + 1) * self.window_s - now
        if self._tokens < 0:
            self._tokens, self._at = self.burst, now
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens >= 1:
            self._tokens -= 1
            return 0.0
        return (1 - self._tokens) / self.rate


def _search_api(
    name: str,
    results: ResultsFn,
    ledger: ApiLedger,
    *,
    latency_s: float,
    read: Callable[[web.Request], Awaitable[tuple[str | None, str]]],
    answer: Callable[[str, list[Mapping[str, Any]]], dict[str, Any]],
    refuse: Callable[[str, ApiLedger, float], web.Response],
) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    import time

    async def handle(request: web.Request) -> web.StreamResponse:
        ledger.requests += 1
        key, query = await read(request)
        if ledger.fail_with is not None:
            return web.Response(status=ledger.fail_with, text="upstream error")
        if key != ledger.key:
            ledger.key_refused += 1
            return refuse("key", ledger, 0.0)
        if ledger.quota and ledger.answered >= ledger.quota:
            ledger.quota_refused += 1
            return refuse("quota", ledger, 0.0)
        wait = ledger.take(time.time())
        if wait > 0:
            ledger.over_rate += 1
            return refuse("rate", ledger, float(math.ceil(wait)))
        ledger.answered += 1
        ledger.queries.append(query)
        await asyncio.sleep(latency_s)
        return web.json_response(
            answer(query, list(results(query))), headers=_limit_headers(ledger)
        )

    return handle


def _limit_headers(ledger: ApiLedger) -> dict[str, str]:
    rate = max(1, int(ledger.rate or 1))
    quota = ledger.quota or 1_000_000
    return {
        "X-RateLimit-Limit": f"{rate}, {quota}",
        "X-RateLimit-Policy": f"{rate};w=1, {quota};w=2592000",
        "X-RateLimit-Remaining": f"{max(0, int(ledger._tokens))}, {max(0, quota - ledger.answered)}",
        "X-RateLimit-Reset": "1, 2592000",
    }


def brave_app(
    results: ResultsFn, ledger: ApiLedger | None = None, *, latency_s: float = 0.0
) -> web.Application:
    """Brave Search's ``GET /res/v1/web/search`` (key in ``X-Subscription-Token``): hits
    in ``web.results[]`` (``title``, ``url``, ``description``); errors as
    ``{"type": "ErrorResponse", "error": {"status", "code", "detail", "meta"}}``: 422
    ``SUBSCRIPTION_TOKEN_INVALID``, 429 ``RATE_LIMITED`` (with the plan's quota figures in
    ``meta``; a spent quota reads ``quota_current >= quota_limit``)."""
    ledger = ledger or ApiLedger()
    app = web.Application()
    app[API_LEDGER] = ledger

    async def read(request: web.Request) -> tuple[str | None, str]:
        return request.headers.get("X-Subscription-Token"), request.query.get("q", "")

    def answer(query: str, found: list[Mapping[str, Any]]) -> dict[str, Any]:
        return {
            "type": "search",
            "query": {"original": query, "show_strict_warning": False},
            "web": {
                "type": "search",
                "family_friendly": True,
                "results": [
                    {
                        "type": "search_result",
                        "title": str(r.get("title", "")),
                        "url": str(r["url"]),
                        "description": str(r.get("content", "")),
                        "is_source_local": False,
                    }
                    for r in found
                ],
            },
        }

    def refuse(why: str, ledger: ApiLedger, wait: float) -> web.Response:
        quota = ledger.quota or 1_000_000
        meta: dict[str, Any] = {"component": "authentication"}
        status, code, detail = (
            422,
            "SUBSCRIPTION_TOKEN_INVALID",
            "The provided subscription token is invalid.",
        )
        headers: dict[str, str] = {}
        if why != "key":
            status, code = 429, "RATE_LIMITED"
            detail = "Request rate limit exceeded for plan"
            used = ledger.answered
            meta = {
                "plan": "Free",
                "rate_limit": max(1, int(ledger.rate or 1)),
                "rate_current": max(1, int(ledger.rate or 1)),
                "quota_limit": quota,
                "quota_current": used,
                "component": "rate_limiter",
            }
            headers = (
                {**_limit_headers(ledger), "Retry-After": f"{wait:g}"}
                if why == "rate"
                else _limit_headers(ledger)
            )
            if why == "quota":
                detail = "Request quota exceeded for plan"
        body = {
            "type": "ErrorResponse",
            "error": {"id": "fake", "status": status, "code": code, "detail": detail, "meta": meta},
            "time": 1773685964,
        }
        return web.json_response(body, status=status, headers=headers)

    app.router.add_get(
        "/res/v1/web/search",
        _search_api(
            "brave", results, ledger, latency_s=latency_s, read=read, answer=answer, refuse=refuse
        ),
    )
    return app


def serper_app(
    results: ResultsFn, ledger: ApiLedger | None = None, *, latency_s: float = 0.0
) -> web.Application:
    """Serper's ``POST /search`` (key in ``X-API-KEY``, JSON body ``{"q", "gl", "hl",
    "num"}``): hits in ``organic[]`` (``title``, ``link``, ``snippet``, ``position``);
    errors ``{"message", "statusCode"}``: 403 ``Unauthorized.``, 400 ``Not enough
    credits``, 429 ``Too many requests``."""
    ledger = ledger or ApiLedger()
    app = web.Application()
    app[API_LEDGER] = ledger

    async def read(request: web.Request) -> tuple[str | None, str]:
        try:
            body = await request.json()
        except ValueError:
            body = {}
        return request.headers.get("X-API-KEY"), str(body.get("q", ""))

    def answer(query: str, found: list[Mapping[str, Any]]) -> dict[str, Any]:
        return {
            "searchParameters": {
                "q": query,
                "gl": "us",
                "hl": "en",
                "type": "search",
                "engine": "google",
            },
            "organic": [
                {
                    "title": str(r.get("title", "")),
                    "link": str(r["url"]),
                    "snippet": str(r.get("content", "")),
                    "position": n,
                }
                for n, r in enumerate(found, start=1)
            ],
            "credits": 1,
        }

    def refuse(why: str, ledger: ApiLedger, wait: float) -> web.Response:
        if why == "key":
            return web.json_response({"message": "Unauthorized.", "statusCode": 403}, status=403)
        if why == "quota":
            return web.json_response(
                {"message": "Not enough credits", "statusCode": 400}, status=400
            )
        return web.json_response(
            {"message": "Too many requests", "statusCode": 429},
            status=429,
            headers={"Retry-After": f"{wait:g}"},
        )

    app.router.add_post(
        "/search",
        _search_api(
            "serper", results, ledger, latency_s=latency_s, read=read, answer=answer, refuse=refuse
        ),
    )
    return app
