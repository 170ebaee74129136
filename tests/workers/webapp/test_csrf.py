from __future__ import annotations

from workers.webapp.csrf import csrf_ok, csrf_token
from workers.webapp.session import Session, SessionSigner


def test_a_token_is_bound_to_its_session_and_secret() -> None:
    signer = SessionSigner(b"k" * 32, 60)
    mine, theirs = Session("s1", "k_1", 2e9), Session("s2", "k_1", 2e9)
    token = csrf_token(signer, mine)
    assert csrf_ok(signer, mine, token)
    assert csrf_token(signer, mine) == token  # stable for the session
    assert not csrf_ok(signer, theirs, token)
    assert not csrf_ok(SessionSigner(b"x" * 32, 60), mine, token)
    for missing in (None, "", 42, token[:-1]):
        assert not csrf_ok(signer, mine, missing)
    assert not csrf_ok(signer, None, token)
    # not the session cookie's signature either: one purpose each
    assert token not in signer.dumps(mine)
