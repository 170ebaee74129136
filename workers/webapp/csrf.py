"""CSRF tokens for the web app's forms: bound to the session (an HMAC of its id under the
server's secret), so a token from one session is worthless in another, and a form posted
from another site (which cannot read the page) has none. Every POST form carries one in
the ``csrf`` field; a post without the session's token is refused (403).
"""

from __future__ import annotations

import base64
import hmac

from workers.webapp.session import Session, SessionSigner

__all__ = ["FIELD", "csrf_ok", "csrf_token"]

FIELD = "csrf"


def csrf_token(signer: SessionSigner, session: Session) -> str:
    return base64.urlsafe_b64encode(signer.mac("csrf", session.id)).decode().rstrip("=")


def csrf_ok(signer: SessionSigner, session: Session | None, token: object) -> bool:
    if session is None or not isinstance(token, str) or not token:
        return False
    return hmac.compare_digest(token.encode(), csrf_token(signer, session).encode())
