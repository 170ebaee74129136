"""The HTTP API (aiohttp). Routes, roles and errors are documented in docs/service.md and
served as OpenAPI at ``/openapi.json`` (a test keeps the two in step).

Auth: ``Authorization: Bearer <key>``. Roles: ``rater`` (submit; read own jobs),
``service`` (the scorer: submit, read own, receives callbacks), ``auditor`` (read all,
run audits), ``admin`` (everything, and manage keys). 401 without a valid key (429 with
``Retry-After`` after too many from one client or for one key); 403 for the wrong role
or someone else's job. Errors are JSON ``{"error": ..., "detail": ...}``, whatever went
wrong: a store that is down or full is 503 with ``Retry-After`` and a plain reason (never
the driver's message), anything unexpected 500.

Behind a proxy (``service.trusted_proxies``) the client's address and scheme come from
``X-Forwarded-For`` and ``X-Forwarded-Proto``, from those hosts only. Over https every
response has ``Strict-Transport-Security``; every HTML response has a
``Content-Security-Policy``.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import ipaddress
import json
import logging
import re
import time
from collections import deque
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any, cast

from aiohttp import web
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from verifier.config import Settings
from verifier.errors import InputError, InvalidRequest, StoreError, StoreUnavailable, VerifierError
from verifier.render import report_pages
from verifier.render.html import REPORT_CSP
from verifier.replay import audit as audits
from verifier.report.json_schema import report_json_schema
from verifier.runtime import Runtime, rate_limits
from verifier.schema import REPORT_SCHEMA, CheckRequest, Report
from verifier.snapshots.base import SnapshotStore
from verifier.system.faults import DISK_FULL
from workers.bodies import (
    Accepted,
    AuditRecord,
    Audits,
    AuditStarted,
    Cancelled,
    KeyCreated,
    KeyList,
    Revoked,
    check_status,
)
from workers.callbacks import check_callback_url
from workers.health import HealthMonitor
from workers.openapi import QUERY_NAMES, openapi
from workers.store.jobs import Job, JobState, Role, iso_time
from workers.store.jobstore import ApiKey, Audit, IdempotencyConflict, JobStore, ServiceStore
from workers.throttle import FailureThrottle

__all__ = ["Metrics", "Refusal", "create_app", "may_read", "rate_limit", "whole_page"]

log = logging.getLogger("verifier.api")

STORE = web.AppKey("store", ServiceStore)
SETTINGS = web.AppKey("settings", Settings)
METRICS = web.AppKey["Metrics"]("metrics")
CONTEXT = web.AppKey["ApiContext"]("context")
HEALTH = web.AppKey("health", HealthMonitor)
# the web app's error page, for errors met under /app/ (set by workers.webapp)
HTML_ERROR = web.AppKey[Callable[[web.Request, int, str, str], web.Response]]("html_error")
KEY = web.RequestKey("api_key", ApiKey)

MAX_JSON_DEPTH = 32  # how deeply a request body's JSON may nest
_STREAM_OVER = 1 << 20  # a stored report longer than this is sent in slices of it
# a stored report over this many characters, stored without its pages by an older
# verifier, is not rendered on request (rendering it would take seconds and memory)
LAZY_RENDER_MAX_CHARS = 5_000_000

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
# the characters of a URI (RFC 3986), a "%" only before two hex digits
_URI = re.compile(r"(?:[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})+")


class Metrics:
    """Prometheus metrics of this process (jobs by state are read from the store)."""

    def __init__(self, store: JobStore) -> None:
        self.registry = CollectorRegistry()
        self.jobs = Gauge("verifier_jobs", "Jobs by state", ["state"], registry=self.registry)
        self.reports = Gauge(
            "verifier_reports",
            "Finished jobs by report status (incomplete: a check could not run in full)",
            ["status"],
            registry=self.registry,
        )
        self.job_seconds = Histogram(
            "verifier_job_seconds",
            "Job wall time, submission to report",
            buckets=(1, 5, 15, 30, 60, 120, 180, 300, 600, 900),
            registry=self.registry,
        )
        self.claim_seconds = Histogram(
            "verifier_claim_seconds",
            "Per-claim evidence time",
            buckets=(0.5, 1, 5, 15, 30, 60, 120, 180),
            registry=self.registry,
        )
        self.search_errors = Counter(
            "verifier_search_errors", "Failed searches", ["backend"], registry=self.registry
        )
        self.fetch_errors = Counter(
            "verifier_fetch_errors", "Failed page fetches", registry=self.registry
        )
        self.requests = Counter(
            "verifier_http_requests", "API requests", ["route", "status"], registry=self.registry
        )
        self.job_process_restarts = Counter(
            "verifier_job_process_restarts",
            "Job processes of serve that died and were replaced",
            registry=self.registry,
        )
        self.job_processes = Gauge(
            "verifier_job_processes",
            "Job processes of serve, alive and configured",
            ["state"],
            registry=self.registry,
        )
        labels = ["backend"]
        self.search_api = {
            "requests": Gauge(
                "verifier_search_api_requests",
                "Requests sent to a search API by every worker sharing the store",
                labels,
                registry=self.registry,
            ),
            "limited": Gauge(
                "verifier_search_api_429",
                "429 (rate-limited) answers a search API gave, every worker",
                labels,
                registry=self.registry,
            ),
            "waits": Gauge(
                "verifier_search_api_waits",
                "Requests that waited for a turn of the shared rate, every worker",
                labels,
                registry=self.registry,
            ),
            "waited_s": Gauge(
                "verifier_search_api_waited_seconds",
                "Seconds waited for turns of the shared rate, every worker",
                labels,
                registry=self.registry,
            ),
            "refused": Gauge(
                "verifier_search_api_refused",
                "Requests given no turn in their claim's time (fell back or unchecked)",
                labels,
                registry=self.registry,
            ),
            "quota_left": Gauge(
                "verifier_search_api_quota_left",
                "Requests left this month (the API's figure or monthly_quota, the lower)",
                labels,
                registry=self.registry,
            ),
        }
        self.store = store
        self.runtime: Runtime | None = None

    def watch_search(self, runtime: Runtime) -> None:
        """Show the search rates shared through ``runtime``'s snapshot store."""
        self.runtime = runtime

    def _search_figures(self) -> None:
        runtime = self.runtime
        if runtime is None:
            return
        quotas = {name: quota for name, (_rate, quota) in rate_limits(runtime.settings).items()}
        for stats in runtime.snapshots.rate_stats(quotas):
            for name, gauge in self.search_api.items():
                value = getattr(stats, name)
                if value is not None:
                    gauge.labels(stats.backend).set(value)

    def observe(self, job: Job, report: Report) -> None:
        self.job_seconds.observe(max(0.0, time.time() - job.created_at))
        for claim in report.claims:
            if claim.searched:
                self.claim_seconds.observe(claim.elapsed_s)
            for search in claim.searches:
                if search.error:
                    self.search_errors.labels(search.backend).inc()
            for page in claim.pages:
                if page.error:
                    self.fetch_errors.inc()

    def render(self) -> bytes:
        for state, count in self.store.counts().items():
            self.jobs.labels(state).set(count)
        for status, count in self.store.report_counts().items():
            self.reports.labels(status).set(count)
        self._search_figures()
        return generate_latest(self.registry)


class ApiContext:
    """What audits need: the snapshot store, the settings, and a runtime for re-runs."""

    def __init__(
        self,
        snapshots: SnapshotStore | None,
        rerun_runtime: Runtime | None,
        settings: Settings,
    ) -> None:
        self.snapshots = snapshots
        self.rerun_runtime = rerun_runtime
        self.tasks: set[asyncio.Task[None]] = set()
        self.rate: dict[str, deque[float]] = {}
        self.auth_failures = FailureThrottle(settings.service.auth_failures_per_minute)
        self.proxies = [
            ipaddress.ip_network(p, strict=False) for p in settings.service.trusted_proxies
        ]
        self.renders = asyncio.Semaphore(1)  # reports rendered on request, at once


def _error(status: int, error: str, detail: str = "", **extra: Any) -> web.Response:
    body = {"error": error, "detail": detail, **extra}
    return web.json_response(body, status=status)


def _unavailable(exc: StoreError) -> tuple[int, str, int]:
    """The status, a plain detail and the Retry-After seconds for a store's error: the
    driver's own message (SQL, paths) goes to the log, never to the client."""
    if isinstance(exc, StoreUnavailable):
        wait = 30 if exc.reason == DISK_FULL else 5
        return 503, f"the job store is unavailable ({exc.reason}); try again in {wait} s", wait
    return 503, "the job store could not complete the request; try again", 5


def client_of(request: web.Request) -> str:
    """The client's address (as the proxy middleware set it)."""
    return request.remote or "?"


def auth_keys(request: web.Request, token: str) -> list[str]:
    """What failed authentication is counted against: the client, and the key tried."""
    keys = [f"client:{client_of(request)}"]
    if token:
        keys.append("key:" + hashlib.sha256(token.encode()).hexdigest()[:32])
    return keys


def throttled(request: web.Request, keys: list[str]) -> int | None:
    return request.app[CONTEXT].auth_failures.retry_after(keys)


def _too_many(retry: int) -> web.Response:
    response = _error(
        429,
        "too_many_failures",
        "too many failed attempts to authenticate from this client or with this key; "
        f"try again in {retry} s",
    )
    response.headers["Retry-After"] = str(retry)
    return response


def _forwarded(request: web.Request, proxies: list[Any]) -> dict[str, Any]:
    """What a trusted proxy says of the client: its scheme (the last X-Forwarded-Proto)
    and address (the rightmost X-Forwarded-For that is not a trusted proxy)."""

    def trusted(address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address.strip())
        except ValueError:
            return False
        return any(ip in net for net in proxies)

    if not proxies or not trusted(request.remote or ""):
        return {}
    changes: dict[str, Any] = {}
    proto = request.headers.get("X-Forwarded-Proto", "").split(",")[-1].strip().lower()
    if proto in ("http", "https"):
        changes["scheme"] = proto
    hops = [h.strip() for h in request.headers.get("X-Forwarded-For", "").split(",") if h.strip()]
    for hop in reversed(hops):
        if not trusted(hop):
            with contextlib.suppress(ValueError):
                changes["remote"] = str(ipaddress.ip_address(hop))
            break
    return changes


@web.middleware
async def _proxied(request: web.Request, handler: Handler) -> web.StreamResponse:
    changes = _forwarded(request, request.app[CONTEXT].proxies)
    if changes:
        request = request.clone(**changes)
    response = await handler(request)
    if request.secure and not response.prepared:
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response


async def _security_headers(request: web.Request, response: web.StreamResponse) -> None:
    if request.secure:  # a response a handler streams is prepared with the proxied request
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    if response.content_type == "text/html":
        response.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        )


class Refusal(Exception):
    def __init__(self, response: web.Response) -> None:
        self.response = response


def _refuse(status: int, error: str, detail: str = "", **extra: Any) -> Refusal:
    return Refusal(_error(status, error, detail, **extra))


@web.middleware
async def _middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    route = (
        request.match_info.route.resource.canonical if request.match_info.route.resource else "?"
    )
    metrics = request.app[METRICS]
    try:
        _fail_fast(request)
        if request.path.startswith("/v1/"):
            request[KEY] = await _authenticate(request)
            request.app[HEALTH].answered()  # the key was read: the store answers
        _known_query(request, route)
        response = await handler(request)
    except Refusal as refusal:
        response = refusal.response
    except web.HTTPRequestEntityTooLarge:
        response = _error(
            413,
            "too_large",
            f"the body is over service.max_body_bytes ({request.app[SETTINGS].service.max_body_bytes:,} bytes)",
        )
    except web.HTTPException as exc:
        response = _error(exc.status, exc.reason.lower().replace(" ", "_"), exc.text or "")
        if "Allow" in exc.headers:  # 405: the methods the route has
            response.headers["Allow"] = exc.headers["Allow"]
    except StoreError as exc:
        log.warning("%s %s: %s", request.method, request.path, exc)
        request.app[HEALTH].saw(exc)
        status, detail, wait = _unavailable(exc)
        response = _html_or_json(request, status, "unavailable", detail)
        response.headers["Retry-After"] = str(wait)
    except VerifierError as exc:
        log.warning("%s %s: %s", request.method, request.path, exc)
        response = _html_or_json(request, 503, "unavailable", str(exc))
    except Exception:
        log.exception("%s %s failed", request.method, request.path)
        response = _html_or_json(
            request, 500, "internal", "an unexpected error; the server's log has its cause"
        )
    metrics.requests.labels(route, str(response.status)).inc()
    return response


def _known_query(request: web.Request, route: str) -> None:
    """A query parameter the operation does not take is refused with 400, naming it."""
    method = "GET" if request.method == "HEAD" else request.method
    allowed = QUERY_NAMES.get((method, route))
    if allowed is None:
        return  # not an API operation (the web app's pages, Label Studio's backend)
    unknown = sorted(set(request.query) - allowed)
    if unknown:
        takes = ", ".join(sorted(allowed)) if allowed else "none"
        msg = f"unknown query parameter {unknown[0]!r}; {method} {route} takes: {takes}"
        raise _refuse(400, "unknown_query_parameter", msg)


_FAIL_FAST_S = 3.0  # a probe that found the store down is believed this long


def _fail_fast(request: web.Request) -> None:
    """While the health probe finds the store not answering, requests that need it get
    their 503 at once instead of waiting for it to time out."""
    if not request.path.startswith(("/v1/", "/app/")) or request.path.startswith("/app/static/"):
        return
    health = request.app[HEALTH].health
    if not health.database_ok and time.monotonic() - health.checked_at < _FAIL_FAST_S:
        exc = StoreUnavailable(health.database, "database unavailable")
        status, detail, wait = _unavailable(exc)
        response = _html_or_json(request, status, "unavailable", detail)
        response.headers["Retry-After"] = str(wait)
        raise Refusal(response)


async def _authenticate(request: web.Request) -> ApiKey:
    """The request's API key; 401 without a valid one, 429 after too many failures."""
    header = request.headers.get("Authorization", "")
    token = header.removeprefix("Bearer ").strip() if header.startswith("Bearer ") else ""
    keys = auth_keys(request, token)
    # a valid key is looked up first: other clients' failures never lock it out (the
    # throttle refuses only what fails; workers/throttle.py)
    key = await asyncio.to_thread(request.app[STORE].find_key, token) if token else None
    if key is not None:
        return key
    retry = throttled(request, keys)
    if retry is not None:
        raise Refusal(_too_many(retry))
    if key is None:
        request.app[CONTEXT].auth_failures.failed(keys)
        raise _refuse(401, "unauthorized", "send Authorization: Bearer <API key>")
    return key


def _html_or_json(request: web.Request, status: int, error: str, detail: str) -> web.Response:
    """An error for the web app's pages as its error page, else as the API's JSON."""
    page = request.app.get(HTML_ERROR)
    if page is not None and request.path.startswith("/app/"):
        try:
            return page(request, status, "Unavailable" if status == 503 else "Error", detail)
        except Exception:
            log.exception("the error page failed")
    return _error(status, error, detail)


def _need(request: web.Request, *roles: Role) -> ApiKey:
    key: ApiKey = request[KEY]
    if key.role not in roles and key.role != Role.ADMIN:
        raise _refuse(
            403, "forbidden", f"this needs the role {' or '.join(roles)}; your key is {key.role}"
        )
    return key


def may_read(key: ApiKey, job: Job) -> bool:
    return key.role in (Role.AUDITOR, Role.ADMIN) or job.owner == key.id


async def _job_for(request: web.Request, *, audit: bool = False) -> Job:
    job = await asyncio.to_thread(request.app[STORE].get, request.match_info["id"])
    key: ApiKey = request[KEY]
    if job is None:
        raise _refuse(404, "not_found", "no such check")
    if audit and key.role not in (Role.AUDITOR, Role.ADMIN):
        raise _refuse(403, "forbidden", "audits need the role auditor")
    if not may_read(key, job):
        raise _refuse(403, "forbidden", "this check belongs to another key")
    return job


def json_problem(value: Any, max_depth: int = MAX_JSON_DEPTH) -> str | None:
    """Why a parsed JSON value cannot be taken (nested deeper than ``max_depth``, or a
    string with a lone surrogate, which no UTF-8 text can hold), or None."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > max_depth:
                return f"the JSON nests deeper than {max_depth} levels"
            children = list(item.items()) if isinstance(item, dict) else [(None, v) for v in item]
            for key, child in children:
                if isinstance(key, str):
                    stack.append((key, depth))
                stack.append((child, depth + 1))
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as exc:
                return f"a string holds a lone surrogate (\\u{ord(item[exc.start]):04x}); send UTF-8 text"
    return None


async def _json(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except web.HTTPRequestEntityTooLarge:
        raise
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise _refuse(400, "malformed_json", str(exc)) from exc
    except RecursionError as exc:
        msg = f"the JSON nests deeper than {MAX_JSON_DEPTH} levels"
        raise _refuse(400, "malformed_json", msg) from exc
    problem = json_problem(body)
    if problem is not None:
        raise _refuse(400, "malformed_json", problem)
    if not isinstance(body, dict):
        raise _refuse(400, "malformed_json", "the body must be a JSON object")
    return body


def rate_limit(request: web.Request, key: ApiKey) -> None:
    limit = request.app[SETTINGS].service.rate_limit_per_minute
    if not limit:
        return
    now = time.monotonic()
    window = request.app[CONTEXT].rate.setdefault(key.id, deque())
    while window and window[0] <= now - 60:
        window.popleft()
    if len(window) >= limit:
        retry = max(1, int(60 - (now - window[0])) + 1)
        response = _error(429, "rate_limited", f"over {limit} submissions per minute for this key")
        response.headers["Retry-After"] = str(retry)
        raise Refusal(response)
    window.append(now)


async def submit(request: web.Request) -> web.Response:
    key = _need(request, Role.RATER, Role.SERVICE)
    body = await _json(request)
    settings = request.app[SETTINGS].service
    limits = request.app[SETTINGS].limits
    try:
        check_request = CheckRequest.from_dict(
            body,
            max_response_chars=limits.max_response_chars,
            max_prompt_chars=limits.max_prompt_chars,
        )
    except InvalidRequest as exc:
        if exc.too_large:
            raise _refuse(413, "too_large", str(exc)) from exc
        error = "missing_fields" if "response" not in body else "invalid_fields"
        raise _refuse(422, error, str(exc), fields=list(exc.fields)) from exc
    # an empty or whitespace-only response is checked (and scored 1), as everywhere else
    options = body.get("options")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise _refuse(422, "invalid_fields", "options must be an object", fields=["options"])
    callback = options.get("callback_url")
    if not isinstance(callback, str | None):
        msg = "options.callback_url must be a string"
        raise _refuse(422, "invalid_fields", msg, fields=["options"])
    if callback is not None:
        if not _URI.fullmatch(callback):
            msg = "options.callback_url must be a URL (RFC 3986: ASCII, no spaces; percent-encode the rest)"
            raise _refuse(422, "invalid_fields", msg, fields=["options"])
        try:
            check_callback_url(callback, settings.callback_allow_hosts)
        except InputError as exc:
            raise _refuse(422, "invalid_fields", str(exc), fields=["options"]) from exc
    rate_limit(request, key)
    stored = {
        "response": check_request.response,
        "prompt": check_request.prompt,
        "flags": check_request.flags,
    }
    if check_request.id is not None:
        stored["id"] = check_request.id
    idempotency_key = request.headers.get("Idempotency-Key")
    if idempotency_key is not None and not 1 <= len(idempotency_key) <= 255:
        msg = "Idempotency-Key must be 1 to 255 characters"
        raise _refuse(400, "invalid_header", msg)
    try:
        job, created = await asyncio.to_thread(
            request.app[STORE].submit,
            stored,
            owner=key.id,
            options={"callback_url": callback} if callback else {},
            idempotency_key=idempotency_key,
            max_attempts=settings.max_attempts,
        )
    except IdempotencyConflict as exc:
        raise _refuse(409, "idempotency_conflict", str(exc), id=exc.job.id) from exc
    location = f"/v1/checks/{job.id}"
    headers = {"Location": location}
    if not created:
        headers["Idempotent-Replayed"] = "true"
    accepted: Accepted = {
        "id": job.id,
        "state": job.state,
        "created": created,
        "location": location,
    }
    return web.json_response(accepted, status=202, headers=headers)


def current_report_text(text: str) -> str:
    """A stored report as the current schema writes it: as stored, or, for one an older
    verifier stored (an older ``schema``), read and written again."""
    if text.lstrip().startswith(f'{{"schema": "{REPORT_SCHEMA}"'):
        return text
    return json.dumps(Report.from_dict(json.loads(text)).to_dict(), ensure_ascii=False)


async def get_check(request: web.Request) -> web.StreamResponse:
    job = await _job_for(request)
    body = check_status(job)
    report = None
    if job.state == JobState.DONE:
        stored = await asyncio.to_thread(request.app[STORE].report_text, job.id)
        report = None if stored is None else await asyncio.to_thread(current_report_text, stored)
    if report is None:
        return web.json_response(body)
    # the stored report goes out as stored: parsing and re-encoding a large report for every
    # read is the API's main cost when the machine is busy
    head = json.dumps(body)[: -len("null}")]
    if len(report) <= _STREAM_OVER:
        return web.Response(body=(head + report + "}").encode(), content_type="application/json")
    # a large one is encoded and sent a slice at a time: no copies of the whole in memory
    response = web.StreamResponse(headers={"Content-Type": "application/json; charset=utf-8"})
    await response.prepare(request)
    await response.write(head.encode())
    for start in range(0, len(report), _STREAM_OVER):
        await response.write(report[start : start + _STREAM_OVER].encode())
    await response.write(b"}")
    await response.write_eof()
    return response


def whole_page(raw: str) -> int | None:
    """A page number as a query gives it (ASCII digits, 1 to 999,999,999), or None."""
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 9 or int(raw) < 1:
        return None
    return int(raw)


def page_number(request: web.Request) -> int:
    """The ``page`` query parameter (1 when absent); 400 when it is not a whole number."""
    number = whole_page(request.query.get("page", "1"))
    if number is None:
        raise _refuse(400, "invalid_page", "page must be a whole number from 1")
    return number


async def rendered_page(app: web.Application, job: Job, page: int) -> str:
    """Page ``page`` of a finished check's report: as the job process stored it, or, for
    a report an older verifier stored without pages, rendered here (one at a time, and
    only when it is small enough to render in bounded time). Refusal otherwise."""
    store = app[STORE]
    stored = await asyncio.to_thread(store.report_page, job.id, page)
    if stored is not None:
        html, count = stored
        if html is None:
            raise _refuse(404, "not_found", f"the report has {count} page(s)", pages=count)
        return html
    size = await asyncio.to_thread(store.report_size, job.id)
    if size is None:
        raise _refuse(409, "not_done", f"the check is {job.state}; the page needs its report")
    if size > LAZY_RENDER_MAX_CHARS:
        msg = (
            f"this report ({size:,} characters) was stored without its page by an older "
            "verifier and is too large to render on request; read it as JSON"
        )
        raise _refuse(413, "too_large", msg)
    async with app[CONTEXT].renders:
        pages = await asyncio.to_thread(
            lambda: report_pages(Report.from_dict(store.report(job.id) or {}))
        )
    if not 1 <= page <= len(pages):
        raise _refuse(404, "not_found", f"the report has {len(pages)} page(s)", pages=len(pages))
    return pages[page - 1]


async def report_page(request: web.Request) -> web.Response:
    job = await _job_for(request)
    page = page_number(request)
    if job.state != JobState.DONE:
        raise _refuse(409, "not_done", f"the check is {job.state}; the page needs its report")
    html = await rendered_page(request.app, job, page)
    return web.Response(
        text=html,
        content_type="text/html",
        headers={
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "Content-Security-Policy": REPORT_CSP,
        },
    )


async def cancel_check(request: web.Request) -> web.Response:
    job = await _job_for(request)
    key: ApiKey = request[KEY]
    if key.role == Role.AUDITOR and job.owner != key.id:
        raise _refuse(403, "forbidden", "auditors read checks; only the owner or an admin cancels")
    cancelled = await asyncio.to_thread(request.app[STORE].cancel, job.id)
    if not cancelled:
        raise _refuse(409, "already_ended", f"the check is {job.state}")
    answer: Cancelled = {"id": job.id, "state": JobState.CANCELLED}
    return web.json_response(answer)


async def launch_audit(app: web.Application, job: Job, mode: str, requested_by: str) -> None:
    """Start a replay or rerun of a finished check in the background (its result is
    stored with the check); the API and the web app both start audits here."""
    if job.state != JobState.DONE:
        raise _refuse(409, "not_done", f"the check is {job.state}; audits need its report")
    context = app[CONTEXT]
    settings = app[SETTINGS]
    store = app[STORE]
    audit: Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]
    if mode == "replay":
        snapshots = context.snapshots
        if snapshots is None:
            raise _refuse(
                503, "unavailable", "no snapshot store: replay needs the snapshots the check stored"
            )
        audit = partial(audits.replay, snapshots=snapshots, settings=settings)
    else:  # "rerun": both callers accept no other mode
        runtime = context.rerun_runtime
        if runtime is None:
            raise _refuse(503, "unavailable", "this server has no runtime for re-runs")
        audit = partial(audits.rerun, runtime=runtime)
    original = await asyncio.to_thread(store.report, job.id)

    async def run() -> None:
        try:
            result = await audit(original)
        except Exception as exc:
            result = {"mode": mode, "error": f"{type(exc).__name__}: {exc}"}
        await asyncio.to_thread(store.add_audit, job.id, mode, result, requested_by)

    task = asyncio.create_task(run())
    context.tasks.add(task)
    task.add_done_callback(context.tasks.discard)


async def start_audit(request: web.Request) -> web.Response:
    job = await _job_for(request, audit=True)
    body = await _json(request)
    mode = body.get("mode")
    if mode not in ("replay", "rerun"):
        raise _refuse(422, "invalid_fields", "mode must be replay or rerun", fields=["mode"])
    key: ApiKey = request[KEY]
    await launch_audit(request.app, job, mode, key.id)
    started: AuditStarted = {
        "job_id": job.id,
        "mode": mode,
        "state": "running",
        "location": f"/v1/checks/{job.id}/audits",
    }
    return web.json_response(started, status=202)


async def list_audits(request: web.Request) -> web.Response:
    job = await _job_for(request, audit=True)
    found = await asyncio.to_thread(request.app[STORE].audits, job.id)
    audits: Audits = {"job_id": job.id, "audits": [_audit_record(a) for a in found]}
    return web.json_response(audits)


def _audit_record(audit: Audit) -> AuditRecord:
    """An audit as the API shows it: its findings (open: as the audit made them, without
    the rebuilt report) and who asked for it when."""
    known: AuditRecord = {
        "id": audit.id,
        "mode": audit.mode,
        "requested_by": audit.requested_by,
        "created_at": iso_time(audit.created_at),
    }
    findings = {k: v for k, v in audit.result.items() if k != "report"}
    return cast(AuditRecord, {**findings, **known})


async def create_key(request: web.Request) -> web.Response:
    _need(request, Role.ADMIN)
    body = await _json(request)
    try:
        role = Role(body.get("role", ""))
    except ValueError:
        raise _refuse(
            422, "invalid_fields", f"role must be one of {', '.join(Role)}", fields=["role"]
        ) from None
    name = body.get("name")
    if name is not None and not isinstance(name, str):
        raise _refuse(422, "invalid_fields", "name must be a string", fields=["name"])
    key, token = await asyncio.to_thread(request.app[STORE].create_key, role, name or "")
    created: KeyCreated = {
        "id": key.id,
        "role": key.role,
        "name": key.name,
        "key": token,
        "callback_secret": key.callback_secret,
    }
    return web.json_response(created, status=201)


async def list_keys(request: web.Request) -> web.Response:
    _need(request, Role.ADMIN)
    keys = await asyncio.to_thread(request.app[STORE].list_keys)
    listed: KeyList = {
        "keys": [
            {
                "id": k.id,
                "role": k.role,
                "name": k.name,
                "created_at": iso_time(k.created_at),
                "revoked_at": None if k.revoked_at is None else iso_time(k.revoked_at),
            }
            for k in keys
        ]
    }
    return web.json_response(listed)


async def revoke_key(request: web.Request) -> web.Response:
    _need(request, Role.ADMIN)
    if not await asyncio.to_thread(request.app[STORE].revoke_key, request.match_info["key_id"]):
        raise _refuse(404, "not_found", "no such active key")
    revoked: Revoked = {"id": request.match_info["key_id"], "revoked": True}
    return web.json_response(revoked)


async def healthz(request: web.Request) -> web.Response:
    """Liveness: this process answers (always 200, within a second), and what is down."""
    health = await request.app[HEALTH].fresh()
    return web.json_response(health.body(time.monotonic()), headers={"Cache-Control": "no-store"})


async def readyz(request: web.Request) -> web.Response:
    """Readiness: 200 when this server can take work (its store answers, its disk has
    room), else 503 with Retry-After and what is down."""
    health = await request.app[HEALTH].fresh()
    body = health.body(time.monotonic())
    if health.ready:
        return web.json_response(body, headers={"Cache-Control": "no-store"})
    return web.json_response(
        {"error": "unavailable", "detail": "not ready: " + ", ".join(body["down"]), **body},
        status=503,
        headers={"Retry-After": "5", "Cache-Control": "no-store"},
    )


async def metrics(request: web.Request) -> web.Response:
    body = await asyncio.to_thread(request.app[METRICS].render)
    return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})


async def openapi_json(request: web.Request) -> web.Response:
    return web.json_response(openapi(), content_type="application/vnd.oai.openapi+json")


async def report_schema(request: web.Request) -> web.Response:
    """The report's JSON Schema (``verifier schema report`` prints the same)."""
    return web.json_response(report_json_schema(), content_type="application/schema+json")


def _existing(path: Path) -> Path:
    """``path``, or its nearest parent that exists (a data dir not made yet)."""
    while not path.exists() and path.parent != path:
        path = path.parent
    return path


ROUTES: list[tuple[str, str, Handler]] = [
    ("POST", "/v1/checks", submit),
    ("GET", "/v1/checks/{id}", get_check),
    ("DELETE", "/v1/checks/{id}", cancel_check),
    ("GET", "/v1/checks/{id}/report.html", report_page),
    ("POST", "/v1/checks/{id}/audit", start_audit),
    ("GET", "/v1/checks/{id}/audits", list_audits),
    ("POST", "/v1/keys", create_key),
    ("GET", "/v1/keys", list_keys),
    ("DELETE", "/v1/keys/{key_id}", revoke_key),
    ("GET", "/healthz", healthz),
    ("GET", "/readyz", readyz),
    ("GET", "/metrics", metrics),
    ("GET", "/openapi.json", openapi_json),
    ("GET", "/schemas/report.json", report_schema),
]


def create_app(
    store: ServiceStore,
    settings: Settings,
    *,
    snapshots: SnapshotStore | None = None,
    rerun_runtime: Runtime | None = None,
    metrics_: Metrics | None = None,
    processes: Callable[[], tuple[int, int, list[int]]] | None = None,
) -> web.Application:
    """The API's app; ``processes`` says how many job processes are alive of how many
    are configured (`serve`), for the health endpoints."""
    app = web.Application(
        middlewares=[_proxied, _middleware], client_max_size=settings.service.max_body_bytes
    )
    app[STORE] = store
    app[SETTINGS] = settings
    app[METRICS] = metrics_ or Metrics(store)
    app[CONTEXT] = ApiContext(snapshots, rerun_runtime, settings)
    app[HEALTH] = HealthMonitor(
        store,
        _existing(settings.data_dir()),
        min_free_bytes=settings.service.min_free_mb * 2**20,
        processes=processes,
    )
    for method, path, handler in ROUTES:
        app.router.add_route(method, path, handler)
    app.on_response_prepare.append(_security_headers)

    async def watch_health(app: web.Application) -> Any:
        task = asyncio.create_task(app[HEALTH].run())
        yield
        app[HEALTH].close()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    app.cleanup_ctx.append(watch_health)

    async def finish_audits(app: web.Application) -> None:
        tasks = list(app[CONTEXT].tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    app.on_shutdown.append(finish_audits)
    return app
