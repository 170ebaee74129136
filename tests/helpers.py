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


def hang_marked(body: bytes, url: str, charset: str | None) -> dict[str, Any]:
    """Writes this worker's pid to the file ``url`` names, then hangs (a stuck extraction
    the test can see start)."""
    import os
    from pathlib import Path

    Path(url).write_text(str(os.getpid()))
    time.sleep(3600)
    return {}
