"""How a `verifier worker` shows a process supervisor that it is alive (docs/service.md,
"Running in production"): it touches ``--alive-file`` every few seconds while its event
loop runs (a container health check tests the file's age), and, under systemd
(``Type=notify``; ``$NOTIFY_SOCKET`` set), says READY when its job loop starts, pings
the watchdog (``WatchdogSec=``), puts what it is waiting for in STATUS and says STOPPING
on its way out. Alive is not the same as working: a worker waiting out a database outage
is alive, and says so in its status.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from collections.abc import Callable
from pathlib import Path

__all__ = ["Liveness"]

log = logging.getLogger("verifier.worker")


class Liveness:
    def __init__(
        self, alive_file: str | Path | None = None, *, env: dict[str, str] | None = None
    ) -> None:
        env = dict(os.environ) if env is None else env
        self.alive_file = Path(alive_file) if alive_file else None
        address = env.get("NOTIFY_SOCKET", "")
        # the abstract namespace is spelled with a leading "@"
        self._address = "\0" + address[1:] if address.startswith("@") else address
        watchdog_us = env.get("WATCHDOG_USEC", "")
        self.every_s = 5.0
        if watchdog_us.isdigit() and int(watchdog_us) > 0:
            self.every_s = min(self.every_s, int(watchdog_us) / 2e6)

    def _notify(self, message: str) -> None:
        if not self._address:
            return
        with (
            contextlib.suppress(OSError),
            socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock,
        ):
            sock.sendto(message.encode(), self._address)

    def beat(self, status: str) -> None:
        """The event loop runs: touch the alive file, ping the watchdog."""
        if self.alive_file is not None:
            try:
                self.alive_file.touch()
            except OSError as exc:
                log.warning("cannot touch the alive file %s: %s", self.alive_file, exc)
        self._notify(f"WATCHDOG=1\nSTATUS={status}")

    async def run(self, status: Callable[[], str], stop: asyncio.Event) -> None:
        """READY, then a beat every few seconds until ``stop``, then STOPPING."""
        self._notify("READY=1")
        while not stop.is_set():
            self.beat(status())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), self.every_s)
        self._notify("STOPPING=1")
        if self.alive_file is not None:
            with contextlib.suppress(OSError):
                self.alive_file.unlink()
