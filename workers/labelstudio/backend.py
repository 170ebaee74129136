"""Label Studio's ML backend protocol, served by `verifier serve` under ``/labelstudio/``
(docs/label-studio.md).

Label Studio calls ``GET health`` (1 s timeout), ``POST setup`` (3 s; the project's
labelling config as ``schema``; we answer the ``model_version``) and ``POST predict``
(``ML_TIMEOUT_PREDICT``, 100 s by default; ``{"tasks": [...]}``, answered with
``{"results": [...]}``, one entry per task, in order). Its client sends HTTP Basic auth
when the backend is connected with a user and password: the password is a verifier API
key (``Authorization: Bearer <key>`` works too) of a role that may submit checks (rater,
service or admin).

Predict never runs a check in the API's process: each task's check goes into the job queue
under a key made of its text and the settings (:func:`~.predictions.cache_key`), so a task
checked before gets its stored report at once, and a task being checked is not checked
twice. The request waits up to ``labelstudio.wait_s`` for the checks it started, then
answers: a prediction for each task whose check is done, one that says why for a task that
could not be checked (bad data, a failed check), and an empty list (no prediction: Label
Studio asks again when a rater opens the task, or on "Retrieve predictions") for the rest.
A failed or cancelled check is run again when Label Studio asks again, up to
:data:`RERUNS` times.

The full report is linked from the prediction: ``/labelstudio/reports/{job_id}?sig=...``
(the rater's page) and ``.../report.json`` (the report), signed with the web app's secret,
so a rater in Label Studio opens it without a verifier key; anyone holding the link can
read that one report.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import hmac
import json
import logging
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from verifier.render import report_html
from verifier.schema import Report
from verifier.search.corpus import refresh_corpora
from workers.api import CONTEXT, SETTINGS, STORE
from workers.labelstudio.predictions import (
    TaskText,
    cache_key,
    config_labels,
    config_problems,
    evidence_sources,
    model_version,
    not_checked,
    prediction,
    read_task,
)
from workers.store.jobs import Job, JobState, Role
from workers.store.jobstore import ApiKey, JobStore
from workers.webapp.pages import SIGNER
from workers.webapp.session import SessionSigner, load_secret

__all__ = ["PATH", "RERUNS", "add_label_studio_backend", "report_link"]

log = logging.getLogger("verifier.labelstudio")

PATH = "/labelstudio"
RERUNS = 3  # times a failed or cancelled check is run again when Label Studio asks again
_ROLES = (Role.RATER, Role.SERVICE, Role.ADMIN)
_LINK = web.AppKey("labelstudio_link_signer", SessionSigner)
# what the server's checks search (evidence_sources), part of the model version: given
# once, or None: read from the runtime's backends at each call (a corpus's content digest
# follows its edits: _refreshed)
_SOURCES = web.AppKey[tuple[str, ...] | None]("labelstudio_sources")


@dataclass
class _Refreshes:
    """The corpora's refreshes setup stopped waiting for, kept until they end."""

    going: set[asyncio.Future[None]] = field(default_factory=set)


_REFRESHES = web.AppKey("labelstudio_refreshes", _Refreshes)
SETUP_REFRESH_S = 2.0  # what setup waits for a refresh: Label Studio allows setup 3 s


def _sources(app: web.Application) -> tuple[str, ...]:
    fixed = app[_SOURCES]
    if fixed is not None:
        return fixed
    runtime = app[CONTEXT].rerun_runtime
    return evidence_sources(runtime.backends if runtime is not None else ())


def _version(app: web.Application) -> str:
    return model_version(app[SETTINGS], _sources(app))


async def _refreshed(app: web.Application, within: float | None = None) -> None:
    """The server's corpora brought up to date with their files (an edited document is
    re-indexed), so that the model version and the checks follow the corpus's content.
    Setup does it as well as predict: Label Studio asks setup for the model version and
    then predicts only the tasks without a prediction of that version, so a setup that
    named the version before an edit would never let predict see the edit. ``within``:
    seconds to wait for it (setup's, within Label Studio's 3 s); a refresh that takes
    longer goes on (each corpus refreshes one call at a time), and a later call finds it
    done. Health answers with what the last refresh found (Label Studio allows it 1 s)."""
    runtime = app[CONTEXT].rerun_runtime
    if app[_SOURCES] is not None or runtime is None:
        return
    if within is None:
        await refresh_corpora(runtime.backends)
        return
    refresh = asyncio.ensure_future(refresh_corpora(runtime.backends))
    going = app[_REFRESHES].going
    going.add(refresh)
    refresh.add_done_callback(going.discard)
    try:
        await asyncio.wait_for(asyncio.shield(refresh), within)
    except TimeoutError:
        log.info("the corpora are being re-indexed: the model version follows when done")


_ENDED = (JobState.DONE, JobState.FAILED, JobState.CANCELLED)


def _error(status: int, error: str, detail: str) -> web.Response:
    response = web.json_response({"error": error, "detail": detail}, status=status)
    if status == 401:
        response.headers["WWW-Authenticate"] = 'Basic realm="verifier"'
    return response


class _Refused(Exception):
    def __init__(self, response: web.Response) -> None:
        self.response = response


def _token(header: str) -> str:
    if header.startswith("Bearer "):
        return header.removeprefix("Bearer ").strip()
    if header.startswith("Basic "):  # user:password, the password a verifier API key
        try:
            decoded = base64.b64decode(header.removeprefix("Basic ").strip(), validate=True)
            return decoded.decode("utf-8").partition(":")[2]
        except (ValueError, binascii.Error):
            return ""
    return ""


async def _key(request: web.Request) -> ApiKey:
    token = _token(request.headers.get("Authorization", ""))
    key = await asyncio.to_thread(request.app[STORE].find_key, token) if token else None
    if key is None:
        detail = "connect the backend with Basic auth: any user, a verifier API key as the password"
        raise _Refused(_error(401, "unauthorized", detail))
    if key.role not in _ROLES:
        detail = f"the backend's key needs the role rater, service or admin; this key is {key.role}"
        raise _Refused(_error(403, "forbidden", detail))
    return key


async def _body(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise _Refused(_error(400, "malformed_json", str(exc))) from exc
    if not isinstance(body, dict):
        raise _Refused(_error(400, "malformed_json", "the body must be a JSON object"))
    return body


def _guarded(handler: Any) -> Any:
    async def inner(request: web.Request) -> web.StreamResponse:
        try:
            return await handler(request)
        except _Refused as refused:
            return refused.response

    inner.__name__ = handler.__name__
    inner.__doc__ = handler.__doc__
    return inner


@_guarded
async def health(request: web.Request) -> web.Response:
    await _key(request)
    return web.json_response(
        {"status": "UP", "model_class": "verifier", "model_version": _version(request.app)}
    )


@_guarded
async def setup(request: web.Request) -> web.Response:
    """The project's labelling config must have the tags a prediction fills."""
    await _key(request)
    body = await _body(request)
    settings = request.app[SETTINGS]
    schema = body.get("schema")
    problems = (
        config_problems(schema, settings.labelstudio.response_field)
        if isinstance(schema, str)
        else ["the setup request has no labelling config ('schema')"]
    )
    if problems:
        detail = "the project's labelling config lacks " + "; ".join(problems)
        detail += " (`verifier labelstudio init` creates a project with verifier's)"
        return _error(422, "incompatible_labelling_config", detail)
    await _refreshed(request.app, SETUP_REFRESH_S)
    return web.json_response({"model_version": _version(request.app)})


@_guarded
async def versions(request: web.Request) -> web.Response:
    await _key(request)
    return web.json_response({"versions": [_version(request.app)]})


def _cached_job(
    store: JobStore, owner: str, request: dict[str, Any], key: str, max_attempts: int
) -> Job:
    """The job of this text's check: the one filed under ``key``, or a new one; a failed or
    cancelled one is followed by a new attempt filed under a key naming it, up to RERUNS."""
    idempotency_key = key
    for _ in range(RERUNS + 1):
        job, created = store.submit(
            request,
            owner=owner,
            options={},
            idempotency_key=idempotency_key,
            max_attempts=max_attempts,
        )
        if created or job.state not in (JobState.FAILED, JobState.CANCELLED):
            return job
        idempotency_key = f"{key}/after/{job.id}"
    return job


def _jobs(store: JobStore, ids: list[str]) -> list[Job | None]:
    return [store.get(job_id) for job_id in ids]


def report_link(app: web.Application, base: str, job_id: str) -> str:
    return f"{base}{PATH}/reports/{job_id}?sig={_signature(app, job_id)}"


def _signature(app: web.Application, job_id: str) -> str:
    return app[_LINK].mac("labelstudio-report", job_id).hex()[:32]


def _answer(
    job: Job | None,
    task: TaskText,
    report: dict[str, Any] | None,
    version: str,
    link: str,
    labels: set[str] | None,
) -> dict[str, Any] | list[Any]:
    if task.problem is not None:
        return not_checked(task.problem, version)
    if job is None or job.state not in _ENDED:
        return []  # no prediction yet: Label Studio asks again
    if job.state == JobState.DONE and report is not None:
        return prediction(Report.from_dict(report), version, link, labels)
    if job.state == JobState.CANCELLED:
        return not_checked("its check was cancelled", version)
    return not_checked(f"its check failed: {job.error or 'no report was stored'}", version)


@_guarded
async def predict(request: web.Request) -> web.Response:
    key = await _key(request)
    body = await _body(request)
    tasks = body.get("tasks")
    if not isinstance(tasks, list) or not tasks:
        return _error(422, "invalid_fields", "'tasks' must be a non-empty list of tasks")
    app = request.app
    settings, store = app[SETTINGS], app[STORE]
    limits, fields = settings.limits, settings.labelstudio
    await _refreshed(app)
    digest, sources = settings.digest(), _sources(app)
    given = body.get("label_config")  # the project's span labels: only those are predicted
    labels = config_labels(given) if isinstance(given, str) else None
    loop = asyncio.get_running_loop()
    deadline = loop.time() + fields.wait_s
    texts = [read_task(task, fields, limits) for task in tasks]

    def submit_all() -> list[Job | None]:
        jobs: list[Job | None] = []
        for n, text in enumerate(texts):
            if text.request is None or n >= fields.max_tasks:
                jobs.append(None)
                continue
            jobs.append(
                _cached_job(
                    store,
                    key.id,
                    text.request,
                    cache_key(text.request, digest, sources),
                    settings.service.max_attempts,
                )
            )
        return jobs

    jobs = await asyncio.to_thread(submit_all)
    while True:
        waiting = [n for n, job in enumerate(jobs) if job is not None and job.state not in _ENDED]
        if not waiting or loop.time() >= deadline:
            break
        await asyncio.sleep(min(settings.service.poll_s, max(0.0, deadline - loop.time())))
        ids = [job.id for job in jobs if job is not None and job.state not in _ENDED]
        fresh = await asyncio.to_thread(_jobs, store, ids)
        for n, job in zip(waiting, fresh, strict=True):
            jobs[n] = job
    base = settings.service.public_url.rstrip("/") or f"{request.scheme}://{request.host}"
    version = _version(app)

    def answer_all() -> list[Any]:
        answers = []
        for job, text in zip(jobs, texts, strict=True):
            report = (
                store.report(job.id) if job is not None and job.state == JobState.DONE else None
            )
            link = report_link(app, base, job.id) if job is not None else ""
            answers.append(_answer(job, text, report, version, link, labels))
        return answers

    results = await asyncio.to_thread(answer_all)
    ready = sum(1 for r in results if r)
    log.info(
        "predict: %d task(s), %d answered, %d still being checked",
        len(tasks),
        ready,
        len(tasks) - ready,
    )
    return web.json_response({"results": results, "model_version": version})


async def _signed_job(request: web.Request) -> Job | web.Response:
    job_id = request.match_info["id"]
    given = request.query.get("sig", "")
    if not hmac.compare_digest(given, _signature(request.app, job_id)):
        return _error(
            404, "not_found", "no such report (the link is incomplete or not signed here)"
        )
    job = await asyncio.to_thread(request.app[STORE].get, job_id)
    if job is None:
        return _error(404, "not_found", "no such report")
    if job.state != JobState.DONE:
        return _error(
            409, "not_done", f"the check is {job.state}; the report comes when it is done"
        )
    return job


_PAGE_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    # the page carries its own script policy; this adds: nobody frames it, and it runs
    # sandboxed (no cookies, no same-origin requests)
    "Content-Security-Policy": "frame-ancestors 'none'; sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox",
}


async def report_page(request: web.Request) -> web.Response:
    """The rater's page of a check, for the link in a prediction."""
    job = await _signed_job(request)
    if isinstance(job, web.Response):
        return job
    data = await asyncio.to_thread(request.app[STORE].report, job.id)
    if data is None:
        return _error(404, "not_found", "no such report")
    html = await asyncio.to_thread(report_html, Report.from_dict(data))
    return web.Response(text=html, content_type="text/html", headers=_PAGE_HEADERS)


async def report_json(request: web.Request) -> web.Response:
    """The report itself (JSON), for `verifier labelstudio import-ratings`."""
    job = await _signed_job(request)
    if isinstance(job, web.Response):
        return job
    text = await asyncio.to_thread(request.app[STORE].report_text, job.id)
    return web.Response(
        text=text or "null",
        content_type="application/json",
        headers={"X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"},
    )


ROUTES: list[tuple[str, str, Any]] = [
    ("GET", f"{PATH}/", health),
    ("GET", f"{PATH}/health", health),
    ("POST", f"{PATH}/setup", setup),
    ("GET", f"{PATH}/versions", versions),
    ("POST", f"{PATH}/predict", predict),
    ("GET", f"{PATH}/reports/{{id}}", report_page),
    ("GET", f"{PATH}/reports/{{id}}/report.json", report_json),
]


def add_label_studio_backend(
    app: web.Application,
    *,
    secret: bytes | None = None,
    sources: tuple[str, ...] | None = None,
) -> web.Application:
    """Serve the ML backend from ``app`` (made by ``create_app``). Report links are signed
    with ``secret``, else the web app's session secret (``add_web_app`` first), else
    :func:`~workers.webapp.session.load_secret`'s. ``sources`` are what the checks search
    (:func:`~.predictions.evidence_sources`; default: the backends of the app's runtime,
    read at each request, each corpus refreshed first by setup and predict)."""
    settings = app[SETTINGS]
    app[_SOURCES] = sources
    app[_REFRESHES] = _Refreshes()
    if secret is None:
        secret = app[SIGNER].secret if SIGNER in app else load_secret(settings)
    app[_LINK] = SessionSigner(secret, settings.service.session_ttl_s)
    for method, path, handler in ROUTES:
        app.router.add_route(method, path, handler)
    app.on_cleanup.append(_refresh_ended)
    return app


async def _refresh_ended(app: web.Application) -> None:
    """A refresh still going when the server stops ends before the corpora close."""
    going = list(app[_REFRESHES].going)
    if going:
        await asyncio.gather(*going, return_exceptions=True)
