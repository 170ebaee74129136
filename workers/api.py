"""The HTTP API (aiohttp). Routes, roles and errors are documented in docs/service.md and
served as OpenAPI at ``/openapi.json`` (a test keeps the two in step).

Auth: ``Authorization: Bearer <key>``. Roles: ``rater`` (submit; read own jobs),
``service`` (the scorer: submit, read own, receives callbacks), ``auditor`` (read all,
run audits), ``admin`` (everything, and manage keys). 401 without a valid key; 403 for
the wrong role or someone else's job. Errors are JSON ``{"error": ..., "detail": ...}``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from verifier import __version__
from verifier import audit as audits
from verifier.config import Settings
from verifier.errors import InputError, InvalidRequest, VerifierError
from verifier.model import CheckRequest, Report
from verifier.pipeline import Runtime
from verifier.render import report_html
from verifier.snapshots.base import SnapshotStore

from .callbacks import check_callback_url
from .jobs import JobState, Role
from .jobstore import ApiKey, Job, JobStore
from .openapi import openapi

__all__ = ["Metrics", "create_app"]

log = logging.getLogger("verifier.api")

STORE = web.AppKey("store", JobStore)
SETTINGS = web.AppKey("settings", Settings)
METRICS = web.AppKey("metrics", "Metrics")
CONTEXT = web.AppKey("context", "ApiContext")
KEY = web.RequestKey("api_key", ApiKey)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


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
        self.store = store

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
        return generate_latest(self.registry)


class ApiContext:
    """What audits need: the snapshot store, the settings, and a runtime for re-runs."""

    def __init__(self, snapshots: SnapshotStore | None, rerun_runtime: Runtime | None) -> None:
        self.snapshots = snapshots
        self.rerun_runtime = rerun_runtime
        self.tasks: set[asyncio.Task[None]] = set()
        self.rate: dict[str, deque[float]] = {}


def _error(status: int, error: str, detail: str = "", **extra: Any) -> web.Response:
    body = {"error": error, "detail": detail, **extra}
    return web.json_response(body, status=status)


class _Refusal(Exception):
    def __init__(self, response: web.Response) -> None:
        self.response = response


def _refuse(status: int, error: str, detail: str = "", **extra: Any) -> _Refusal:
    return _Refusal(_error(status, error, detail, **extra))


@web.middleware
async def _middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    route = (
        request.match_info.route.resource.canonical if request.match_info.route.resource else "?"
    )
    metrics = request.app[METRICS]
    try:
        if request.path.startswith("/v1/"):
            header = request.headers.get("Authorization", "")
            token = header.removeprefix("Bearer ").strip() if header.startswith("Bearer ") else ""
            key = await asyncio.to_thread(request.app[STORE].find_key, token) if token else None
            if key is None:
                raise _refuse(401, "unauthorized", "send Authorization: Bearer <API key>")
            request[KEY] = key
        response = await handler(request)
    except _Refusal as refusal:
        response = refusal.response
    except web.HTTPRequestEntityTooLarge:
        response = _error(
            413,
            "too_large",
            f"the body is over service.max_body_bytes ({request.app[SETTINGS].service.max_body_bytes:,} bytes)",
        )
    except web.HTTPException as exc:
        response = _error(exc.status, exc.reason.lower().replace(" ", "_"), exc.text or "")
    except VerifierError as exc:
        log.warning("%s %s: %s", request.method, request.path, exc)
        response = _error(503, "unavailable", str(exc))
    metrics.requests.labels(route, str(response.status)).inc()
    return response


def _need(request: web.Request, *roles: Role) -> ApiKey:
    key: ApiKey = request[KEY]
    if key.role not in roles and key.role != Role.ADMIN:
        raise _refuse(
            403, "forbidden", f"this needs the role {' or '.join(roles)}; your key is {key.role}"
        )
    return key


def _may_read(key: ApiKey, job: Job) -> bool:
    return key.role in (Role.AUDITOR, Role.ADMIN) or job.owner == key.id


async def _job_for(request: web.Request, *, audit: bool = False) -> Job:
    job = await asyncio.to_thread(request.app[STORE].get, request.match_info["id"])
    key: ApiKey = request[KEY]
    if job is None:
        raise _refuse(404, "not_found", "no such check")
    if audit and key.role not in (Role.AUDITOR, Role.ADMIN):
        raise _refuse(403, "forbidden", "audits need the role auditor")
    if not _may_read(key, job):
        raise _refuse(403, "forbidden", "this check belongs to another key")
    return job


async def _json(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except web.HTTPRequestEntityTooLarge:
        raise
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise _refuse(400, "malformed_json", str(exc)) from exc
    if not isinstance(body, dict):
        raise _refuse(400, "malformed_json", "the body must be a JSON object")
    return body


def _rate_limit(request: web.Request, key: ApiKey) -> None:
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
        raise _Refusal(response)
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
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise _refuse(422, "invalid_fields", "options must be an object", fields=["options"])
    callback = options.get("callback_url")
    if not isinstance(callback, str | None):
        msg = "options.callback_url must be a string"
        raise _refuse(422, "invalid_fields", msg, fields=["options"])
    if callback is not None:
        try:
            check_callback_url(callback, settings.callback_allow_hosts)
        except InputError as exc:
            raise _refuse(422, "invalid_fields", str(exc), fields=["options"]) from exc
    _rate_limit(request, key)
    stored = {
        "response": check_request.response,
        "prompt": check_request.prompt,
        "flags": check_request.flags,
    }
    if check_request.id is not None:
        stored["id"] = check_request.id
    job, created = await asyncio.to_thread(
        request.app[STORE].submit,
        stored,
        owner=key.id,
        options={"callback_url": callback} if callback else {},
        idempotency_key=request.headers.get("Idempotency-Key"),
        max_attempts=settings.max_attempts,
    )
    location = f"/v1/checks/{job.id}"
    return web.json_response(
        {"id": job.id, "state": job.state, "created": created, "location": location},
        status=202,
        headers={"Location": location},
    )


async def get_check(request: web.Request) -> web.Response:
    job = await _job_for(request)
    body = job.public()
    report = None
    if job.state == JobState.DONE:
        report = await asyncio.to_thread(request.app[STORE].report_text, job.id)
    if report is None:
        return web.json_response(body)
    # the stored report goes out as stored: parsing and re-encoding a large report for every
    # read is the API's main cost when the machine is busy
    head = json.dumps({**body, "report": None})
    data = (head[: -len("null}")] + report + "}").encode()
    return web.Response(body=data, content_type="application/json")


async def report_page(request: web.Request) -> web.Response:
    job = await _job_for(request)
    data = (
        await asyncio.to_thread(request.app[STORE].report, job.id)
        if job.state == JobState.DONE
        else None
    )
    if data is None:
        raise _refuse(409, "not_done", f"the check is {job.state}; the page needs its report")
    html = await asyncio.to_thread(report_html, Report.from_dict(data))
    return web.Response(
        text=html,
        content_type="text/html",
        headers={"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"},
    )


async def cancel_check(request: web.Request) -> web.Response:
    job = await _job_for(request)
    key: ApiKey = request[KEY]
    if key.role == Role.AUDITOR and job.owner != key.id:
        raise _refuse(403, "forbidden", "auditors read checks; only the owner or an admin cancels")
    cancelled = await asyncio.to_thread(request.app[STORE].cancel, job.id)
    if not cancelled:
        raise _refuse(409, "already_ended", f"the check is {job.state}")
    return web.json_response({"id": job.id, "state": JobState.CANCELLED})


async def launch_audit(app: web.Application, job: Job, mode: str, requested_by: str) -> None:
    """Start a replay or rerun of a finished check in the background (its result is
    stored with the check); the API and the web app both start audits here."""
    if job.state != JobState.DONE:
        raise _refuse(409, "not_done", f"the check is {job.state}; audits need its report")
    context = app[CONTEXT]
    settings = app[SETTINGS]
    store = app[STORE]
    if mode == "replay" and context.snapshots is None:
        raise _refuse(
            503, "unavailable", "no snapshot store: replay needs the snapshots the check stored"
        )
    if mode == "rerun" and context.rerun_runtime is None:
        raise _refuse(503, "unavailable", "this server has no runtime for re-runs")
    original = await asyncio.to_thread(store.report, job.id)

    async def run() -> None:
        try:
            if mode == "replay":
                result = await audits.replay(original, context.snapshots, settings)  # type: ignore[arg-type]
            else:
                result = await audits.rerun(original, context.rerun_runtime)  # type: ignore[arg-type]
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
    return web.json_response(
        {
            "job_id": job.id,
            "mode": mode,
            "state": "running",
            "location": f"/v1/checks/{job.id}/audits",
        },
        status=202,
    )


async def list_audits(request: web.Request) -> web.Response:
    job = await _job_for(request, audit=True)
    found = await asyncio.to_thread(request.app[STORE].audits, job.id)
    return web.json_response(
        {
            "job_id": job.id,
            "audits": [
                {
                    "id": a.id,
                    "mode": a.mode,
                    "requested_by": a.requested_by,
                    "created_at": a.created_at,
                    **{k: v for k, v in a.result.items() if k != "report"},
                }
                for a in found
            ],
        }
    )


async def create_key(request: web.Request) -> web.Response:
    _need(request, Role.ADMIN)
    body = await _json(request)
    try:
        role = Role(body.get("role"))
    except ValueError:
        raise _refuse(
            422, "invalid_fields", f"role must be one of {', '.join(Role)}", fields=["role"]
        ) from None
    key, token = await asyncio.to_thread(
        request.app[STORE].create_key, role, str(body.get("name") or "")
    )
    return web.json_response(
        {
            "id": key.id,
            "role": key.role,
            "name": key.name,
            "key": token,
            "callback_secret": key.callback_secret,
        },
        status=201,
    )


async def list_keys(request: web.Request) -> web.Response:
    _need(request, Role.ADMIN)
    keys = await asyncio.to_thread(request.app[STORE].list_keys)
    return web.json_response(
        {
            "keys": [
                {
                    "id": k.id,
                    "role": k.role,
                    "name": k.name,
                    "created_at": k.created_at,
                    "revoked_at": k.revoked_at,
                }
                for k in keys
            ]
        }
    )


async def revoke_key(request: web.Request) -> web.Response:
    _need(request, Role.ADMIN)
    if not await asyncio.to_thread(request.app[STORE].revoke_key, request.match_info["key_id"]):
        raise _refuse(404, "not_found", "no such active key")
    return web.json_response({"id": request.match_info["key_id"], "revoked": True})


async def healthz(request: web.Request) -> web.Response:
    try:
        counts = await asyncio.to_thread(request.app[STORE].counts)
    except VerifierError as exc:
        return _error(503, "unavailable", str(exc))
    return web.json_response({"status": "ok", "version": __version__, "jobs": counts})


async def metrics(request: web.Request) -> web.Response:
    body = await asyncio.to_thread(request.app[METRICS].render)
    return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})


async def openapi_json(request: web.Request) -> web.Response:
    return web.json_response(openapi())


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
    ("GET", "/metrics", metrics),
    ("GET", "/openapi.json", openapi_json),
]


def create_app(
    store: JobStore,
    settings: Settings,
    *,
    snapshots: SnapshotStore | None = None,
    rerun_runtime: Runtime | None = None,
    metrics_: Metrics | None = None,
) -> web.Application:
    app = web.Application(
        middlewares=[_middleware], client_max_size=settings.service.max_body_bytes
    )
    app[STORE] = store
    app[SETTINGS] = settings
    app[METRICS] = metrics_ or Metrics(store)
    app[CONTEXT] = ApiContext(snapshots, rerun_runtime)
    for method, path, handler in ROUTES:
        app.router.add_route(method, path, handler)

    async def finish_audits(app: web.Application) -> None:
        tasks = list(app[CONTEXT].tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    app.on_shutdown.append(finish_audits)
    return app
