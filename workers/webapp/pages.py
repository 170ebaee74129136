"""What every page of the web app shares: the templates (autoescaped), the security
headers, the signed-in key, the role and CSRF checks (:func:`page`), redirects and error
pages.

Roles are the API's (:mod:`workers.store.jobs`): ``admin`` passes every role check; readers of
a check are its owner, auditors and admins, as in the API.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from functools import cache, wraps
from typing import Any
from urllib.parse import quote

from aiohttp import web
from multidict import MultiDictProxy

from verifier.render.text import shorten
from verifier.text.spans import strip_markdown
from workers.api import SETTINGS, STORE
from workers.store.jobs import Role
from workers.store.jobstore import ApiKey
from workers.webapp.csrf import FIELD, csrf_ok, csrf_token
from workers.webapp.session import COOKIE, COOKIE_PATH, Session, SessionSigner, cookie_options

__all__ = [
    "FORM",
    "SESSION",
    "SIGNER",
    "USER",
    "error_page",
    "page",
    "redirect",
    "render",
    "set_session",
]

SIGNER = web.AppKey("web_signer", SessionSigner)
SESSION = web.RequestKey("web_session", Session)
USER = web.RequestKey("web_user", ApiKey)
FORM = web.RequestKey("web_form", MultiDictProxy)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

# No inline script or style on the app's own pages; the report (in its frame) has its own
# policy. Framing by other sites is refused.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-src 'self'; form-action 'self'; frame-ancestors 'none'; "
    "base-uri 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}


def _when(value: float | None) -> str:
    if value is None:
        return ""
    return datetime.fromtimestamp(value, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def _share(value: float | None) -> str:
    return "" if value is None else f"{value:.0%}"


@cache
def _env() -> Any:
    from jinja2 import Environment, PackageLoader, select_autoescape

    env = Environment(
        loader=PackageLoader("workers.webapp", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["when"] = _when
    env.filters["share"] = _share
    env.filters["plain"] = strip_markdown  # a response's words as plain text (no ** marks)
    env.filters["shorten"] = shorten  # cut between words, never inside one
    return env


def render(
    request: web.Request, template: str, *, status: int = 200, **context: Any
) -> web.Response:
    signer = request.app[SIGNER]
    session = request.get(SESSION)
    html = (
        _env()
        .get_template(template)
        .render(
            user=request.get(USER),
            csrf=csrf_token(signer, session) if session is not None else "",
            csrf_field=FIELD,
            path=request.path,
            roles=Role,
            **context,
        )
    )
    return web.Response(text=html, status=status, content_type="text/html", headers=HEADERS)


def error_page(request: web.Request, status: int, title: str, detail: str) -> web.Response:
    return render(request, "error.html.j2", status=status, title=title, detail=detail)


def redirect(location: str) -> web.Response:
    """303 See Other (a form post is followed by a GET). Not an exception: the API's
    middleware turns raised HTTP exceptions into JSON errors."""
    return web.Response(status=303, headers={"Location": location, "Cache-Control": "no-store"})


def secure(request: web.Request) -> bool:
    return request.secure or request.app[SETTINGS].service.public_url.startswith("https://")


def set_session(request: web.Request, response: web.Response, session: Session | None) -> None:
    """Put ``session`` in the response's cookie (None: delete the cookie)."""
    if session is None:
        response.del_cookie(
            COOKIE, path=COOKIE_PATH, secure=secure(request), httponly=True, samesite="Lax"
        )
        return
    signer = request.app[SIGNER]
    response.set_cookie(
        COOKIE,
        signer.dumps(session),
        **cookie_options(secure=secure(request), max_age=session.expires_at - time.time()),
    )


async def current(request: web.Request) -> tuple[Session | None, ApiKey | None]:
    """The request's valid session and the key it signed in with (either may be None)."""
    raw = request.cookies.get(COOKIE)
    session = request.app[SIGNER].loads(raw) if raw else None
    if session is None:
        return None, None
    store = request.app[STORE]
    if await asyncio.to_thread(store.session_ended, session.id):
        return None, None
    if session.key_id is None:
        return session, None
    key = await asyncio.to_thread(store.key, session.key_id)
    if key is None or key.revoked_at is not None:
        return None, None
    return session, key


async def read_form(request: web.Request) -> MultiDictProxy[Any] | web.Response:
    """The posted form, or the error page for a body over ``service.max_body_bytes``."""
    try:
        return await request.post()
    except web.HTTPRequestEntityTooLarge:
        limit = request.app[SETTINGS].service.max_body_bytes
        return error_page(
            request,
            413,
            "Too large",
            f"The form is over service.max_body_bytes ({limit:,} bytes): shorten the text or the file.",
        )


def csrf_refused(request: web.Request) -> web.Response:
    return error_page(
        request,
        403,
        "Form refused",
        "The form's security token is missing or does not match your session. "
        "Reload the page and submit the form again.",
    )


def page(*roles: Role) -> Callable[[Handler], Handler]:
    """A page for signed-in keys with one of ``roles`` (any role when none; admin always).
    Anyone else is sent to sign in (a GET) or refused (a POST); a POST must carry the
    session's CSRF token."""

    def wrap(handler: Handler) -> Handler:
        @wraps(handler)
        async def inner(request: web.Request) -> web.StreamResponse:
            session, key = await current(request)
            if session is not None:
                request[SESSION] = session
            if key is None:
                if request.method == "GET":
                    return redirect("/app/sign-in?next=" + quote(request.path_qs, safe=""))
                return error_page(
                    request, 401, "Signed out", "Your session has ended: sign in again."
                )
            request[USER] = key
            if request.method == "POST":
                form = await read_form(request)
                if isinstance(form, web.Response):
                    return form
                if not csrf_ok(request.app[SIGNER], session, form.get(FIELD)):
                    return csrf_refused(request)
                request[FORM] = form
            if roles and key.role not in roles and key.role != Role.ADMIN:
                return error_page(
                    request,
                    403,
                    "Not for your role",
                    f"This page needs the role {' or '.join(roles)}; your key is {key.role}.",
                )
            return await handler(request)

        return inner

    return wrap
