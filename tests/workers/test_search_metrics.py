"""/metrics shows, per search API, what every worker sharing the store did: requests,
429s, waits, turns refused and the quota left."""

from __future__ import annotations

import time
from pathlib import Path

from verifier.config import Settings
from verifier.runtime import Runtime
from verifier.snapshots import SqliteSnapshotStore
from verifier.testing import MemoryFetcher
from verifier.web.extract import Extractor
from workers.api import Metrics
from workers.store.jobstore import SqliteJobStore


def test_metrics_show_the_shared_search_rates(
    settings: Settings, extractor: Extractor, tmp_path: Path
) -> None:
    settings = settings.with_overrides({"search.brave.monthly_quota": 100})
    snapshots = SqliteSnapshotStore(tmp_path / "snapshots.db")
    other_worker = SqliteSnapshotStore(tmp_path / "snapshots.db")
    for store in (snapshots, other_worker, other_worker):
        store.rate_take("brave", rate=1000, latest=time.time() + 60, monthly_quota=100)
    other_worker.rate_note("brave", limited=True, retry_after_s=0.0, quota_left=None)
    jobs = SqliteJobStore(tmp_path / "jobs.db")
    metrics = Metrics(jobs)
    metrics.watch_search(Runtime(settings, [], MemoryFetcher(), extractor, snapshots))
    try:
        text = metrics.render().decode()
    finally:
        jobs.close()
        snapshots.close()
        other_worker.close()
    assert 'verifier_search_api_requests{backend="brave"} 3.0' in text
    assert 'verifier_search_api_429{backend="brave"} 1.0' in text
    assert 'verifier_search_api_waits{backend="brave"}' in text
    assert 'verifier_search_api_refused{backend="brave"} 0.0' in text
    assert 'verifier_search_api_quota_left{backend="brave"} 97.0' in text
