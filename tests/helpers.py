"""Functions the extraction pool's spawned workers can import (they must be module-level),
and how long a test waits for an event."""

from __future__ import annotations

import time
from typing import Any

# How long a test waits for an event it expects (a job done, a callback received, a lease
# renewed): generous, because CI and the developers' machines are shared and may be
# loaded (two busy loops beside the suite must not fail it). A test waits on the event
# itself and never asserts how long anything took: timings are measured in bench/.
WAIT_S = 120.0


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
