from __future__ import annotations

import asyncio
import socket
from pathlib import Path

from tests.helpers import WAIT_S
from workers.liveness import Liveness


async def test_systemd_hears_ready_watchdog_status_and_stopping(tmp_path: Path) -> None:
    address = str(tmp_path / "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(address)
    sock.setblocking(False)
    alive = tmp_path / "alive"
    liveness = Liveness(alive, env={"NOTIFY_SOCKET": address, "WATCHDOG_USEC": "200000"})
    assert liveness.every_s == 0.1
    stop = asyncio.Event()
    task = asyncio.create_task(liveness.run(lambda: "waiting for the job store (disk full)", stop))
    async with asyncio.timeout(WAIT_S):
        while not alive.exists():
            await asyncio.sleep(0.01)
    stop.set()
    await task
    messages = []
    while True:
        try:
            messages.append(sock.recv(4096).decode())
        except BlockingIOError:
            break
    sock.close()
    assert messages[0] == "READY=1"
    assert messages[1] == "WATCHDOG=1\nSTATUS=waiting for the job store (disk full)"
    assert messages[-1] == "STOPPING=1"
    assert not alive.exists()  # gone once stopped


async def test_without_systemd_only_the_file() -> None:
    Liveness(None, env={}).beat("ok")  # nothing to do, nothing raised
