"""Web sessions: a signed cookie that names the session and the API key it signed in with.

The cookie is ``<payload>.<signature>``: the payload is base64url JSON ``{"s": session id,
"k": key id or null, "e": expiry (unix seconds)}``, the signature base64url
HMAC-SHA256 of the payload under the server's secret (the standard library's ``hmac``:
one function, no dependency needed). A session without a key is anonymous: it exists so
that the sign-in form has a CSRF token too. The server refuses a cookie whose signature
does not match, that has expired, or whose session was signed out (the store keeps
signed-out sessions until they would have expired); every request reads the key again,
so a revoked key's sessions end at once.

The secret is ``service.session_secret``, else a random one made on first start and kept
in ``<data dir>/session_secret`` (mode 0600): never a constant in the code.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from verifier.config import Settings
from verifier.errors import ConfigError

__all__ = ["COOKIE", "Session", "SessionSigner", "cookie_options", "load_secret"]

COOKIE = "verifier_session"
COOKIE_PATH = "/app"
_MIN_SECRET = 32


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True, slots=True)
class Session:
    id: str
    key_id: str | None  # None: anonymous (not signed in yet)
    expires_at: float


class SessionSigner:
    """Makes, signs and reads sessions (see the module docstring)."""

    def __init__(
        self, secret: bytes, ttl_s: float, *, clock: Callable[[], float] = time.time
    ) -> None:
        if len(secret) < _MIN_SECRET:
            msg = f"the session secret must be at least {_MIN_SECRET} bytes"
            raise ValueError(msg)
        self.secret = secret
        self.ttl_s = ttl_s
        self.clock = clock

    def new(self, key_id: str | None) -> Session:
        return Session(secrets.token_urlsafe(24), key_id, self.clock() + self.ttl_s)

    def mac(self, purpose: str, data: str) -> bytes:
        """HMAC-SHA256 of ``data`` for one purpose (a cookie, a CSRF token): a value made
        for one purpose never passes for another."""
        return hmac.new(self.secret, f"{purpose}|{data}".encode(), hashlib.sha256).digest()

    def dumps(self, session: Session) -> str:
        payload = _b64(
            json.dumps(
                {"s": session.id, "k": session.key_id, "e": session.expires_at},
                separators=(",", ":"),
            ).encode()
        )
        return f"{payload}.{_b64(self.mac('session', payload))}"

    def loads(self, value: str) -> Session | None:
        """The session a cookie holds; None when it is forged, damaged or expired."""
        payload, _, signature = value.partition(".")
        try:
            given = _unb64(signature)
        except (binascii.Error, ValueError):
            return None
        if not hmac.compare_digest(given, self.mac("session", payload)):
            return None
        try:
            data: Any = json.loads(_unb64(payload))
        except (binascii.Error, ValueError):
            return None
        if not isinstance(data, dict):
            return None
        sid, key_id, expires = data.get("s"), data.get("k"), data.get("e")
        if not isinstance(sid, str) or not isinstance(key_id, str | None):
            return None
        if not isinstance(expires, int | float) or expires <= self.clock():
            return None
        return Session(sid, key_id, float(expires))


def cookie_options(*, secure: bool, max_age: float) -> dict[str, Any]:
    """The session cookie's attributes: HttpOnly, SameSite=Lax, only under /app, Secure
    when the site is served over https."""
    return {
        "httponly": True,
        "samesite": "Lax",
        "secure": secure,
        "path": COOKIE_PATH,
        "max_age": max(0, int(max_age)),
    }


def load_secret(settings: Settings) -> bytes:
    """``service.session_secret``, else the one kept under the data dir (made on first
    start, mode 0600)."""
    configured = settings.service.session_secret
    if configured:
        if len(configured.encode()) < _MIN_SECRET:
            msg = f"service.session_secret: use at least {_MIN_SECRET} random characters, or leave it empty to have one made under the data dir"
            raise ConfigError(msg)
        return configured.encode()
    path = Path(settings.data_dir()) / "session_secret"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "w", encoding="ascii") as out:
                out.write(secrets.token_urlsafe(48))
        secret = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError) as exc:
        msg = f"cannot keep the web session secret at {path}: {exc}; check --data-dir or set service.session_secret"
        raise ConfigError(msg) from exc
    if len(secret.encode()) < _MIN_SECRET:
        msg = f"{path} holds a session secret shorter than {_MIN_SECRET} characters; delete it to have a new one made"
        raise ConfigError(msg)
    return secret.encode()
