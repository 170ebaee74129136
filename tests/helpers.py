"""Functions the extraction pool's spawned workers can import (they must be module-level)."""

from __future__ import annotations

import time
from typing import Any


def hang(body: bytes, url: str, charset: str | None) -> dict[str, Any]:
    time.sleep(3600)
    return {}


def explode(body: bytes, url: str, charset: str | None) -> dict[str, Any]:
    msg = "parser blew up"
    raise RuntimeError(msg)
