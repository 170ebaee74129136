"""A small client of Label Studio's REST API (the calls `verifier labelstudio` makes), on
aiohttp. Label Studio's own SDK is not used: it pulls in pandas, OpenCV, NLTK and more for
what is a dozen HTTP calls here.

Tokens: a personal access token (a JWT refresh token, Label Studio 1.15 and later) is
exchanged at ``/api/token/refresh/`` for an access token sent as ``Bearer``, again when it
expires; a legacy token is sent as ``Token``. Every failure is one line naming what was
asked and what Label Studio said: :class:`LabelStudioError` when it cannot be reached or
fails, :class:`~verifier.errors.InputError` when it refuses the token.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Iterable
from types import TracebackType
from typing import Any

import aiohttp

from verifier.errors import InputError, VerifierError

__all__ = ["LabelStudio", "LabelStudioError", "is_refresh_token"]

_TAGS = re.compile(r"<[^>]+>")
_PAGE = 100  # tasks per page read
_IMPORT_CHUNK = 200  # tasks per import request


class LabelStudioError(VerifierError):
    """Label Studio cannot be reached, or answered with an error (``detail``: what it
    said, when it answered)."""

    def __init__(self, msg: str, detail: str = "") -> None:
        super().__init__(msg)
        self.detail = detail or msg


def is_refresh_token(token: str) -> bool:
    """A personal access token: a JWT whose claims say ``token_type: refresh``."""
    parts = token.split(".")
    if len(parts) != 3:
        return False
    try:
        claims = json.loads(base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4)))
    except (ValueError, binascii.Error):
        return False
    return isinstance(claims, dict) and claims.get("token_type") == "refresh"


def _detail(body: Any) -> str:
    """What Label Studio said in an error body, as one line."""
    if not isinstance(body, dict):
        return str(body)[:300]
    parts = []
    errors = body.get("validation_errors")
    if isinstance(errors, dict):
        for field, messages in errors.items():
            for message in messages if isinstance(messages, list) else [messages]:
                parts.append(message if field == "non_field_errors" else f"{field}: {message}")
    if not parts:
        parts.append(str(body.get("detail") or body))
    text = _TAGS.sub("", " ".join(str(p) for p in parts))
    return " ".join(text.split())[:500]


class LabelStudio:
    """One Label Studio at ``url`` (its address, e.g. ``http://localhost:8080``), used as
    an async context manager."""

    def __init__(self, url: str, token: str, *, timeout_s: float = 30.0) -> None:
        self.url = url.rstrip("/")
        self._token = token
        self._timeout = timeout_s
        self._access: str | None = None
        self._session: aiohttp.ClientSession | None = None

    async def __aenter__(self) -> LabelStudio:
        self._session = aiohttp.ClientSession(
            timeout=aiohttp.ClientTimeout(total=self._timeout), raise_for_status=False
        )
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._session is not None:
            await self._session.close()

    # --- plumbing ---------------------------------------------------------------------------
    async def _authorization(self, *, renew: bool = False) -> str:
        if not is_refresh_token(self._token):
            return f"Token {self._token}"
        if self._access is None or renew:
            body = await self._call(
                "POST", "/api/token/refresh/", payload={"refresh": self._token}, auth=False
            )
            access = body.get("access") if isinstance(body, dict) else None
            if not isinstance(access, str):
                msg = (
                    f"Label Studio at {self.url} gave no access token for the personal access token"
                )
                raise LabelStudioError(msg)
            self._access = access
        return f"Bearer {self._access}"

    async def _call(
        self,
        method: str,
        path: str,
        *,
        payload: Any = None,
        params: dict[str, Any] | None = None,
        auth: bool = True,
        timeout_s: float | None = None,
    ) -> Any:
        assert self._session is not None, "use LabelStudio as an async context manager"
        what = f"{method} {path}"
        for attempt in (1, 2):
            headers = (
                {"Authorization": await self._authorization(renew=attempt == 2)} if auth else {}
            )
            try:
                async with self._session.request(
                    method,
                    self.url + path,
                    json=payload,
                    params=params,
                    headers=headers,
                    timeout=aiohttp.ClientTimeout(total=timeout_s or self._timeout),
                ) as resp:
                    text = await resp.text()
                    status = resp.status
            except (aiohttp.ClientError, TimeoutError) as exc:
                reason = str(exc) or type(exc).__name__
                msg = f"cannot reach Label Studio at {self.url} ({what}: {reason}); is it running, and is the URL right?"
                raise LabelStudioError(msg) from exc
            if status == 401 and auth and attempt == 1 and is_refresh_token(self._token):
                continue  # the access token expired: get another once
            break
        try:
            body = json.loads(text) if text else None
        except ValueError:
            body = text
        if status == 401:
            msg = f"Label Studio at {self.url} refused the token ({status}: {_detail(body)}); give an access token from its Account & Settings page"
            raise InputError(msg)
        if status >= 400:
            msg = f"Label Studio answered {status} to {what}: {_detail(body)}"
            raise LabelStudioError(msg, _detail(body))
        if body is not None and isinstance(body, str) and text.lstrip().startswith("<"):
            msg = (
                f"{self.url} answered {what} with a web page, not Label Studio's API; check the URL"
            )
            raise LabelStudioError(msg)
        return body

    # --- the calls ----------------------------------------------------------------------------
    async def version(self) -> str:
        body = await self._call("GET", "/api/version", auth=False)
        release = body.get("release") if isinstance(body, dict) else None
        if not isinstance(release, str):
            msg = f"{self.url} does not answer /api/version as Label Studio does; check the URL"
            raise LabelStudioError(msg)
        return release

    async def whoami(self) -> dict[str, Any]:
        body: dict[str, Any] = await self._call("GET", "/api/current-user/whoami")
        return body

    async def projects(self, title: str) -> list[dict[str, Any]]:
        """The projects named exactly ``title``."""
        body = await self._call("GET", "/api/projects", params={"title": title, "page_size": 100})
        found = body.get("results", []) if isinstance(body, dict) else body
        return [p for p in found if p.get("title") == title]

    async def create_project(self, **fields: Any) -> dict[str, Any]:
        body: dict[str, Any] = await self._call("POST", "/api/projects", payload=fields)
        return body

    async def update_project(self, project: int, **fields: Any) -> dict[str, Any]:
        body: dict[str, Any] = await self._call(
            "PATCH", f"/api/projects/{project}", payload=fields, timeout_s=60
        )
        return body

    async def ml_backends(self, project: int) -> list[dict[str, Any]]:
        body: list[dict[str, Any]] = await self._call(
            "GET", "/api/ml", params={"project": project}, timeout_s=60
        )
        return body

    async def connect_backend(
        self, project: int, url: str, user: str, password: str, *, backend: int | None = None
    ) -> dict[str, Any]:
        """Add the ML backend at ``url`` to ``project`` (or update ``backend``'s auth);
        Label Studio checks its health and setup with these credentials first."""
        fields = {
            "url": url,
            "project": project,
            "title": "verifier",
            "auth_method": "BASIC_AUTH",
            "basic_auth_user": user,
            "basic_auth_pass": password,
        }
        if backend is None:
            body: dict[str, Any] = await self._call("POST", "/api/ml", payload=fields, timeout_s=60)
        else:
            body = await self._call("PATCH", f"/api/ml/{backend}", payload=fields, timeout_s=60)
        return body

    async def webhooks(self, project: int) -> list[dict[str, Any]]:
        body: list[dict[str, Any]] = await self._call(
            "GET", "/api/webhooks", params={"project": project}
        )
        return body

    async def delete_webhook(self, webhook: int) -> None:
        await self._call("DELETE", f"/api/webhooks/{webhook}")

    async def tasks(self, project: int, *, full: bool = False) -> list[dict[str, Any]]:
        """Every task of ``project``: its data (``full``: with annotations and predictions)."""
        out: list[dict[str, Any]] = []
        page = 1
        while True:
            body = await self._call(
                "GET",
                "/api/tasks",
                params={
                    "project": project,
                    "fields": "all" if full else "task_only",
                    "page": page,
                    "page_size": _PAGE,
                },
                timeout_s=120,
            )
            out.extend(body["tasks"])
            if not body["tasks"] or len(out) >= int(body.get("total") or 0):
                return out
            page += 1

    async def import_tasks(self, project: int, tasks: Iterable[dict[str, Any]]) -> int:
        """Import tasks (``{"data": {...}}``); how many Label Studio made."""
        tasks = list(tasks)
        made = 0
        for start in range(0, len(tasks), _IMPORT_CHUNK):
            body = await self._call(
                "POST",
                f"/api/projects/{project}/import",
                payload=tasks[start : start + _IMPORT_CHUNK],
                timeout_s=120,
            )
            made += int(body.get("task_count") or 0)
        return made

    async def retrieve_predictions(self, project: int, *, timeout_s: float) -> None:
        """Label Studio's "Retrieve predictions" on every task of ``project`` that has no
        prediction of the backend's current model version (it calls the backend now)."""
        await self._call(
            "POST",
            "/api/dm/actions",
            params={"id": "retrieve_tasks_predictions", "project": project},
            payload={"selectedItems": {"all": True, "excluded": []}},
            timeout_s=timeout_s,
        )

    async def users(self) -> dict[int, str]:
        """User id -> email (or username), for naming raters."""
        body = await self._call("GET", "/api/users")
        found = body.get("results", []) if isinstance(body, dict) else body
        return {int(u["id"]): str(u.get("email") or u.get("username") or u["id"]) for u in found}
