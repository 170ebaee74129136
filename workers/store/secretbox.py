"""Callback secrets encrypted at rest: the job store keeps each key's callback secret
sealed (Fernet: AES-128-CBC with an HMAC-SHA256, from ``cryptography``), so a copy of
``jobs.db`` or of the database does not let anyone forge the service's callbacks.

The key is derived (HKDF-SHA256) from the contents of ``service.secrets_key_file`` when
that is set, else from the web session secret (``service.session_secret``, or the one
kept in ``<data dir>/session_secret``). Every process that creates keys or sends
callbacks (the API, `verifier keys`, workers on other hosts) needs the same one: a
worker that cannot open a secret refuses to send that callback unsigned and logs why.
A secret stored before this (plain) is read as it is and sealed by the next `serve`.
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import TYPE_CHECKING

from verifier.errors import ConfigError, JobStoreError

if TYPE_CHECKING:
    from verifier.config import Settings

__all__ = ["SEALED", "SecretBox"]

SEALED = "enc1:"  # how a sealed value starts
_MIN_KEY = 32


class SecretBox:
    def __init__(self, key_material: bytes) -> None:
        from cryptography.fernet import Fernet
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.kdf.hkdf import HKDF

        if len(key_material) < _MIN_KEY:
            msg = f"the secrets key must be at least {_MIN_KEY} bytes"
            raise ConfigError(msg)
        key = HKDF(
            algorithm=hashes.SHA256(), length=32, salt=None, info=b"verifier callback secrets"
        ).derive(key_material)
        self._fernet = Fernet(base64.urlsafe_b64encode(key))

    @classmethod
    def from_settings(cls, settings: Settings) -> SecretBox:
        path = settings.service.secrets_key_file
        if path:
            try:
                material = Path(path).expanduser().read_bytes().strip()
            except OSError as exc:
                msg = f"cannot read service.secrets_key_file {path}: {exc.strerror}; check the path"
                raise ConfigError(msg) from exc
            if len(material) < _MIN_KEY:
                msg = f"service.secrets_key_file {path} holds fewer than {_MIN_KEY} bytes; fill it with random ones (e.g. openssl rand -base64 48)"
                raise ConfigError(msg)
            return cls(material)
        from workers.webapp.session import load_secret

        return cls(load_secret(settings))

    def seal(self, text: str) -> str:
        return SEALED + self._fernet.encrypt(text.encode()).decode()

    def open(self, stored: str) -> str:
        """The secret; a value stored before sealing (plain) as it is. JobStoreError when
        it was sealed under another key."""
        if not stored.startswith(SEALED):
            return stored
        from cryptography.fernet import InvalidToken

        try:
            return self._fernet.decrypt(stored[len(SEALED) :].encode()).decode()
        except InvalidToken as exc:
            msg = "a callback secret was sealed under another key: give this host the same service.secrets_key_file (or service.session_secret) as the API's"
            raise JobStoreError(msg) from exc
