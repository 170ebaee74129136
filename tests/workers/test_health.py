"""The health monitor's probe loop (workers/health.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from workers.health import HealthMonitor
from workers.store.jobstore import SqliteJobStore


async def test_close_ends_the_probe_loop_without_a_cancellation(tmp_path: Path) -> None:
    # Python 3.11's wait_for can swallow a cancellation; the app's cleanup must not hang
    store = SqliteJobStore(tmp_path / "jobs.db")
    monitor = HealthMonitor(store, tmp_path, min_free_bytes=0, every_s=0.01)
    task = asyncio.create_task(monitor.run())
    while monitor.health.checked_at == 0.0 or not monitor.health.database_ok:
        await asyncio.sleep(0.01)
    monitor.close()
    await task  # ends by itself, never cancelled
    assert monitor.health.database == "answers"
    store.close()
