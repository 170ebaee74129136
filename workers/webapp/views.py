"""The web app's pages (routes in :data:`ROUTES`, under ``/app/``; docs/service.md).

Sign in with an API key once; then: a new check (pasted or uploaded, validated by
``CheckRequest.from_dict`` as the API validates it), my checks (everyone's for auditors
and admins), a running check's progress and then its report in place (the rater's page,
``verifier.render.report_html``, in a sandboxed frame), audits (auditors) and keys
(admins). Reads go through the job store in a thread, as the API's do.
"""

from __future__ import annotations

import asyncio
import json
import time
from importlib.resources import files
from typing import Any
from urllib.parse import urlencode

from aiohttp import web

from verifier.errors import InvalidRequest
from verifier.schema import FLAGS, CheckRequest
from workers.api import (
    CONTEXT,
    SETTINGS,
    STORE,
    Refusal,
    auth_keys,
    launch_audit,
    may_read,
    rate_limit,
    rendered_page,
    throttled,
    whole_page,
)
from workers.rendered import report_summary
from workers.running import offered_corpora
from workers.store.jobs import Job, JobState, Role
from workers.store.jobstore import JobStore
from workers.webapp.csrf import FIELD, csrf_ok
from workers.webapp.pages import (
    FORM,
    SESSION,
    SIGNER,
    USER,
    csrf_refused,
    current,
    error_page,
    page,
    read_form,
    redirect,
    render,
    set_session,
)

__all__ = ["PAGE_SIZE", "ROUTES"]

PAGE_SIZE = 20
_ENDED = (JobState.DONE, JobState.FAILED, JobState.CANCELLED)
_UPLOAD_SUFFIXES = (".txt", ".md")
_STATIC = {"app.css": "text/css", "app.js": "text/javascript", "favicon.ico": "image/x-icon"}


def _safe_next(target: str | None) -> str:
    """Only a path of this app: never another site (an open redirect), never a control
    character (a CR or LF would split the Location header)."""
    if (
        target
        and target.startswith("/app/")
        and "\\" not in target
        and target.isprintable()
        and len(target) <= 2000
    ):
        return target
    return "/app/checks"


summary = report_summary  # what the list shows of a finished check's report

_SUMMARY_MAX_CHARS = 5_000_000  # a report stored without its summary (an older verifier)


def _summaries(store: JobStore, jobs: list[Job]) -> dict[str, dict[str, Any]]:
    """The stored summaries of the done jobs; one stored without (by an older verifier)
    is read from its report when that is small enough to read at once."""
    done = [j.id for j in jobs if j.state == JobState.DONE]
    found = store.summaries(done)
    for job_id in done:
        if job_id not in found:
            size = store.report_size(job_id) or 0
            found[job_id] = summary(store.report(job_id) if size <= _SUMMARY_MAX_CHARS else None)
    return found


def progress_view(job: Job, progress: dict[str, Any] | None, now: float) -> dict[str, Any]:
    """A running check's progress as the page and its poller show it."""
    p = progress or {}
    started = p.get("started_at")
    ended = job.finished_at if job.state in _ENDED else None
    return {
        "state": str(job.state),
        "phase": p.get("state") or ("waiting for a worker" if job.state == "queued" else ""),
        "claims_done": int(p.get("claims_done") or 0),
        "claims_total": int(p.get("claims_total") or 0),
        "searches": int(p.get("searches") or 0),
        "elapsed_s": max(0, int((ended or now) - started)) if started else 0,
        "attempts": job.attempts,
    }


async def _job(request: web.Request) -> Job | web.Response:
    """The check named in the path, if this key may read it (as the API decides)."""
    job = await asyncio.to_thread(request.app[STORE].get, request.match_info["id"])
    if job is None:
        return error_page(request, 404, "Not found", "There is no such check.")
    if not may_read(request[USER], job):
        return error_page(request, 403, "Not yours", "This check belongs to another key.")
    return job


# --- signing in and out ---------------------------------------------------------------------
async def home(request: web.Request) -> web.Response:
    return redirect("/app/checks")


async def sign_in_form(request: web.Request) -> web.Response:
    session, key = await current(request)
    if key is not None:
        return redirect(_safe_next(request.query.get("next")))
    fresh = session is None
    if session is None:
        session = request.app[SIGNER].new(None)
    request[SESSION] = session
    response = render(
        request,
        "sign_in.html.j2",
        next=_safe_next(request.query.get("next")),
        signed_out="signed_out" in request.query,
        error="",
    )
    if fresh:
        set_session(request, response, session)
    return response


async def sign_in(request: web.Request) -> web.Response:
    session, _key = await current(request)
    form = await read_form(request)
    if isinstance(form, web.Response):
        return form
    signer = request.app[SIGNER]
    if session is None or not csrf_ok(signer, session, form.get(FIELD)):
        return csrf_refused(request)
    request[SESSION] = session
    token = str(form.get("key") or "").strip()
    keys = auth_keys(request, token)
    # a valid key is looked up first: other clients' failures never lock it out
    key = await asyncio.to_thread(request.app[STORE].find_key, token) if token else None
    retry = throttled(request, keys) if key is None else None
    if retry is not None:
        response = render(
            request,
            "sign_in.html.j2",
            status=429,
            next=_safe_next(str(form.get("next") or "")),
            signed_out=False,
            error=f"Too many failed sign-ins from here or with this key: try again in {retry} s.",
        )
        response.headers["Retry-After"] = str(retry)
        return response
    if key is None:
        if token:
            request.app[CONTEXT].auth_failures.failed(keys)
        return render(
            request,
            "sign_in.html.j2",
            status=401,
            next=_safe_next(str(form.get("next") or "")),
            signed_out=False,
            error="This API key is not valid: it is mistyped or was revoked."
            if token
            else "Enter your API key.",
        )
    # a new session id at sign-in: a session id known before it (fixation) is worthless
    await asyncio.to_thread(request.app[STORE].end_session, session.id, session.expires_at)
    response = redirect(_safe_next(str(form.get("next") or "")))
    set_session(request, response, signer.new(key.id))
    return response


@page()
async def sign_out(request: web.Request) -> web.Response:
    session = request[SESSION]
    await asyncio.to_thread(request.app[STORE].end_session, session.id, session.expires_at)
    response = redirect("/app/sign-in?signed_out=1")
    set_session(request, response, None)
    return response


# --- checks -----------------------------------------------------------------------------------
@page()
async def list_checks(request: web.Request) -> web.Response:
    key = request[USER]
    store = request.app[STORE]
    state_name = request.query.get("state", "")
    state = JobState(state_name) if state_name in set(JobState) else None
    number = whole_page(request.query.get("page", "1"))
    if number is None:
        return error_page(
            request, 400, "No such page", "The page number must be a whole number from 1."
        )
    everyone = key.role in (Role.AUDITOR, Role.ADMIN)
    jobs, total = await asyncio.to_thread(
        lambda: store.list_jobs(
            owner=None if everyone else key.id,
            state=state,
            limit=PAGE_SIZE,
            offset=(number - 1) * PAGE_SIZE,
        )
    )

    summaries = await asyncio.to_thread(_summaries, store, jobs)
    names = (
        {k.id: k.name or k.id for k in await asyncio.to_thread(store.list_keys)} if everyone else {}
    )
    pages = max(1, -(-total // PAGE_SIZE))
    if number > pages:
        return error_page(request, 404, "No such page", f"There are {pages} page(s) of checks.")

    def link(n: int) -> str:
        query = {"state": state.value} if state else {}
        return "/app/checks?" + urlencode({**query, "page": n})

    return render(
        request,
        "checks.html.j2",
        jobs=jobs,
        summaries=summaries,
        names=names,
        everyone=everyone,
        states=list(JobState),
        state=state.value if state else "",
        total=total,
        number=number,
        pages=pages,
        newer=link(number - 1) if number > 1 else "",
        older=link(number + 1) if number < pages else "",
    )


def _new_check_context(request: web.Request, **extra: Any) -> dict[str, Any]:
    corpora = offered_corpora(request.app[CONTEXT].rerun_runtime)
    values = {
        "prompt": "",
        "response": "",
        "flags": [],
        "corpora": corpora,
        **extra.pop("values", {}),
    }
    return {
        "flags": FLAGS,
        "corpora": corpora,
        "values": values,
        "errors": extra.pop("errors", {}),
        **extra,
    }


@page(Role.RATER, Role.SERVICE)
async def new_check_form(request: web.Request) -> web.Response:
    return render(request, "new_check.html.j2", **_new_check_context(request))


@page(Role.RATER, Role.SERVICE)
async def submit_check(request: web.Request) -> web.Response:
    form = request[FORM]
    key = request[USER]
    settings = request.app[SETTINGS]
    offered = offered_corpora(request.app[CONTEXT].rerun_runtime)
    response = str(form.get("response") or "")
    prompt = str(form.get("prompt") or "")
    flags = [f for f in form.getall("flags", []) if isinstance(f, str)]
    corpora = [c for c in form.getall("corpora", []) if isinstance(c, str)]
    values = {"prompt": prompt, "response": response, "flags": flags, "corpora": corpora}
    errors: dict[str, str] = {}
    upload = form.get("response_file")
    if isinstance(upload, web.FileField) and upload.filename:
        if response.strip():
            errors["response_file"] = "Paste the response or upload a file, not both."
        elif not upload.filename.lower().endswith(_UPLOAD_SUFFIXES):
            errors["response_file"] = "Upload a .txt or .md file."
        else:
            try:
                response = upload.file.read().decode("utf-8")
            except UnicodeDecodeError:
                errors["response_file"] = "The file is not UTF-8 text."
    unknown = [c for c in corpora if c not in offered]
    if unknown:
        errors["corpora"] = f"This server offers no corpus {unknown[0]!r}."
    if not errors:
        body: dict[str, Any] = {"prompt": prompt, "flags": dict.fromkeys(flags, True)}
        if response.strip():
            body["response"] = response
        try:
            check = CheckRequest.from_dict(
                body,
                max_response_chars=settings.limits.max_response_chars,
                max_prompt_chars=settings.limits.max_prompt_chars,
            )
        except InvalidRequest as exc:  # the same message the API gives, beside its field
            for name in exc.fields or ("response",):
                errors[name] = str(exc)
    if not errors:
        try:
            rate_limit(request, key)
        except Refusal as refusal:
            errors["form"] = json.loads(refusal.response.text or "{}").get("detail", "")
    if errors:
        status = 413 if any("over limits." in e for e in errors.values()) else 422
        return render(
            request,
            "new_check.html.j2",
            status=429 if "form" in errors else status,
            **_new_check_context(request, values=values, errors=errors),
        )
    stored: dict[str, Any] = {
        "response": check.response,
        "prompt": check.prompt,
        "flags": check.flags,
    }
    options = {"corpora": corpora} if offered else {}
    job, _created = await asyncio.to_thread(
        lambda: request.app[STORE].submit(
            stored, owner=key.id, options=options, max_attempts=settings.service.max_attempts
        )
    )
    return redirect(f"/app/checks/{job.id}")


@page()
async def show_check(request: web.Request) -> web.Response:
    job = await _job(request)
    if isinstance(job, web.Response):
        return job
    store = request.app[STORE]
    progress = await asyncio.to_thread(store.progress, job.id)
    found = await asyncio.to_thread(_summaries, store, [job])
    audits = (
        await asyncio.to_thread(store.audits, job.id)
        if request[USER].role in (Role.AUDITOR, Role.ADMIN)
        else []
    )
    return render(
        request,
        "check.html.j2",
        job=job,
        progress=progress_view(job, progress, time.time()),
        summary=found.get(job.id),
        incomplete=(found.get(job.id) or {}).get("incomplete") or [],
        audits=audits,
        running=job.state not in _ENDED,
    )


@page()
async def check_progress(request: web.Request) -> web.Response:
    job = await _job(request)
    if isinstance(job, web.Response):
        return web.json_response({"error": "not_found"}, status=job.status)
    progress = await asyncio.to_thread(request.app[STORE].progress, job.id)
    return web.json_response(
        progress_view(job, progress, time.time()), headers={"Cache-Control": "no-store"}
    )


@page()
async def check_report(request: web.Request) -> web.Response:
    """The rater's page itself, shown in the check page's sandboxed frame."""
    job = await _job(request)
    if isinstance(job, web.Response):
        return job
    if job.state != JobState.DONE:
        return error_page(request, 409, "Not ready", f"The check is {job.state}.")
    number = whole_page(request.query.get("page", "1"))
    if number is None:
        return error_page(
            request, 400, "No such page", "The page number must be a whole number from 1."
        )
    try:
        html = await rendered_page(request.app, job, number)
    except Refusal as refusal:
        detail = json.loads(refusal.response.text or "{}").get("detail", "")
        return error_page(request, refusal.response.status, "No page", detail)
    return web.Response(
        text=html,
        content_type="text/html",
        headers={
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "Cache-Control": "no-store",
            # the page carries its own script policy; this adds: only this app frames it,
            # and it runs sandboxed (no cookies, no same-origin requests)
            "Content-Security-Policy": "frame-ancestors 'self'; sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox",
        },
    )


# --- audits -----------------------------------------------------------------------------------
@page(Role.AUDITOR)
async def start_audit(request: web.Request) -> web.Response:
    job = await _job(request)
    if isinstance(job, web.Response):
        return job
    mode = str(request[FORM].get("mode") or "")
    if mode not in ("replay", "rerun"):
        return error_page(request, 422, "Unknown audit", "Choose replay or rerun.")
    before = len(await asyncio.to_thread(request.app[STORE].audits, job.id))
    try:
        await launch_audit(request.app, job, mode, request[USER].id)
    except Refusal as refusal:
        detail = json.loads(refusal.response.text or "{}").get("detail", "")
        return error_page(request, refusal.response.status, "Cannot audit", detail)
    return redirect(f"/app/checks/{job.id}/audits?after={before}")


@page(Role.AUDITOR)
async def list_audits(request: web.Request) -> web.Response:
    job = await _job(request)
    if isinstance(job, web.Response):
        return job
    found = await asyncio.to_thread(request.app[STORE].audits, job.id)
    try:
        after = int(request.query.get("after", "-1"))
    except ValueError:
        after = -1
    return render(
        request,
        "audits.html.j2",
        job=job,
        audits=list(reversed(found)),
        waiting=len(found) <= after,
    )


# --- keys (admins) ----------------------------------------------------------------------------
@page(Role.ADMIN)
async def keys_page(request: web.Request) -> web.Response:
    keys = await asyncio.to_thread(request.app[STORE].list_keys)
    return render(request, "keys.html.j2", keys=keys, created=None, token="", error="")


@page(Role.ADMIN)
async def create_key(request: web.Request) -> web.Response:
    form = request[FORM]
    store = request.app[STORE]
    role = str(form.get("role") or "")
    name = str(form.get("name") or "").strip()
    if role not in set(Role):
        keys = await asyncio.to_thread(store.list_keys)
        return render(
            request,
            "keys.html.j2",
            status=422,
            keys=keys,
            created=None,
            token="",
            error=f"Choose a role: {', '.join(Role)}.",
        )
    created, token = await asyncio.to_thread(store.create_key, Role(role), name)
    keys = await asyncio.to_thread(store.list_keys)
    # the key is shown once, on this response only; it is not stored anywhere readable
    return render(
        request, "keys.html.j2", status=201, keys=keys, created=created, token=token, error=""
    )


@page(Role.ADMIN)
async def revoke_key(request: web.Request) -> web.Response:
    key_id = request.match_info["key_id"]
    if not await asyncio.to_thread(request.app[STORE].revoke_key, key_id):
        return error_page(request, 404, "Not found", "There is no such active key.")
    return redirect("/app/keys")


# --- static files -------------------------------------------------------------------------------
async def static(request: web.Request, name: str | None = None) -> web.Response:
    name = name or request.match_info["name"]
    if name not in _STATIC:
        return web.Response(status=404, text="not found")
    data = (files("workers.webapp") / "static" / name).read_bytes()
    return web.Response(
        body=data,
        content_type=_STATIC[name],
        headers={"X-Content-Type-Options": "nosniff", "Cache-Control": "no-cache"},
    )


async def root(request: web.Request) -> web.Response:
    return redirect("/app/")


async def favicon(request: web.Request) -> web.Response:
    """The icon browsers ask every site for (the app's pages name it too)."""
    return await static(request, "favicon.ico")


ROUTES: list[tuple[str, str, Any]] = [
    ("GET", "/", root),
    ("GET", "/favicon.ico", favicon),
    ("GET", "/app/", home),
    ("GET", "/app/sign-in", sign_in_form),
    ("POST", "/app/sign-in", sign_in),
    ("POST", "/app/sign-out", sign_out),
    ("GET", "/app/checks", list_checks),
    ("GET", "/app/checks/new", new_check_form),
    ("POST", "/app/checks", submit_check),
    ("GET", "/app/checks/{id}", show_check),
    ("GET", "/app/checks/{id}/progress", check_progress),
    ("GET", "/app/checks/{id}/report", check_report),
    ("POST", "/app/checks/{id}/audits", start_audit),
    ("GET", "/app/checks/{id}/audits", list_audits),
    ("GET", "/app/keys", keys_page),
    ("POST", "/app/keys", create_key),
    ("POST", "/app/keys/{key_id}/revoke", revoke_key),
    ("GET", "/app/static/{name}", static),
]
