"""The web app for raters, served beside the HTTP API by `verifier serve` under ``/app/``
(docs/service.md, "The web app for raters"): sign in with an API key once (a signed,
HttpOnly, SameSite=Lax session cookie), submit a check, watch it run, open its report;
auditors audit, admins manage keys. Server-rendered, autoescaped templates; a little plain
JavaScript polls a running check's progress (the page refreshes itself without it).

:func:`add_web_app` adds its routes to the API's app (:func:`workers.api.create_app`).
The web app's pages are not part of the API: ``/openapi.json`` documents the API only.
"""

from __future__ import annotations

from aiohttp import web

from workers.api import HTML_ERROR, SETTINGS
from workers.webapp.pages import SIGNER, error_page
from workers.webapp.session import SessionSigner, load_secret
from workers.webapp.views import ROUTES

__all__ = ["add_web_app"]


def add_web_app(app: web.Application, *, secret: bytes | None = None) -> web.Application:
    """Serve the web app from ``app`` (made by ``create_app``); the session secret is
    ``secret``, else :func:`~workers.webapp.session.load_secret`'s."""
    settings = app[SETTINGS]
    app[SIGNER] = SessionSigner(
        secret if secret is not None else load_secret(settings), settings.service.session_ttl_s
    )
    for method, path, handler in ROUTES:
        app.router.add_route(method, path, handler)
    app[HTML_ERROR] = error_page  # a store that is down, under /app/: the app's own page
    return app
