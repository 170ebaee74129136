from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from verifier.config import Settings
from verifier.errors import ConfigError
from workers.webapp.session import Session, SessionSigner, cookie_options, load_secret


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def signer(clock: Clock | None = None, secret: bytes = b"k" * 32) -> SessionSigner:
    return SessionSigner(secret, 60, clock=clock or Clock())


def test_a_session_round_trips_and_expires() -> None:
    clock = Clock()
    s = signer(clock)
    session = s.new("k_1")
    assert session.key_id == "k_1"
    assert session.expires_at == 1060
    assert s.loads(s.dumps(session)) == session
    anonymous = s.new(None)
    assert s.loads(s.dumps(anonymous)) == anonymous
    clock.now = 1060
    assert s.loads(s.dumps(session)) is None  # expired, though signed


def test_a_forged_or_damaged_cookie_is_refused() -> None:
    s = signer()
    cookie = s.dumps(s.new("k_1"))
    payload, sig = cookie.split(".")
    other = signer(secret=b"x" * 32)
    assert other.loads(cookie) is None  # another server's secret
    # a payload that names another key, with the old signature
    forged = s.dumps(Session("sid", "k_admin", 2000)).split(".")[0] + "." + sig
    assert s.loads(forged) is None
    for bad in ("", ".", payload, f"{payload}.", f"{payload}.!!!", "a.b.c", f"{payload}x.{sig}"):
        assert s.loads(bad) is None
    # signed but not a session: the right signature over other JSON
    import base64

    odd = base64.urlsafe_b64encode(b"[1, 2]").decode().rstrip("=")
    mac = base64.urlsafe_b64encode(s.mac("session", odd)).decode().rstrip("=")
    assert s.loads(f"{odd}.{mac}") is None


def test_a_short_secret_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 32"):
        SessionSigner(b"short", 60)


def test_the_cookie_is_httponly_lax_and_secure_on_https() -> None:
    plain = cookie_options(secure=False, max_age=59.7)
    assert plain == {
        "httponly": True,
        "samesite": "Lax",
        "secure": False,
        "path": "/app",
        "max_age": 59,
    }
    assert cookie_options(secure=True, max_age=-3)["secure"] is True
    assert cookie_options(secure=True, max_age=-3)["max_age"] == 0


def test_the_secret_is_made_once_under_the_data_dir(settings: Settings, tmp_path: Path) -> None:
    first = load_secret(settings)
    path = tmp_path / "data" / "session_secret"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert len(first) >= 32
    assert load_secret(settings) == first  # kept across starts
    configured = settings.with_overrides({"service.session_secret": "c" * 40})
    assert load_secret(configured) == b"c" * 40
    with pytest.raises(ConfigError, match="session_secret"):
        load_secret(settings.with_overrides({"service.session_secret": "short"}))
    path.write_text("tiny")
    with pytest.raises(ConfigError, match="shorter than"):
        load_secret(settings)
