from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from tests.helpers import WAIT_S
from verifier.config import Settings
from verifier.runtime import Runtime
from verifier.snapshots import MemorySnapshotStore
from verifier.testing import MemoryFetcher, StaticSearch
from workers.running import JobProgress, offered_corpora, runtime_for


@dataclass
class Recorder:
    writes: list[dict[str, Any]] = field(default_factory=list)

    def set_progress(self, job_id: str, worker: str, progress: dict[str, Any]) -> bool:
        assert (job_id, worker) == ("j", "w")
        self.writes.append(progress)
        return True


@dataclass
class Claimish:
    searches: list[int]


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def _until(test, timeout: float = WAIT_S) -> None:  # type: ignore[no-untyped-def]
    async with asyncio.timeout(timeout):
        while not test():
            await asyncio.sleep(0.01)


async def test_the_first_change_is_written_at_once_later_ones_coalesce() -> None:
    store, clock = Recorder(), Clock()
    progress = JobProgress(store, "j", "w", every_s=3600, clock=clock)  # type: ignore[arg-type]
    progress.start()
    await _until(lambda: len(store.writes) == 1)
    assert store.writes[0]["state"] == "starting"
    assert store.writes[0]["started_at"] == 100.0
    for _ in range(3):
        progress("claim_queued", None)
    progress("claim_done", Claimish([1, 2]))  # type: ignore[arg-type]
    await asyncio.sleep(0.05)
    assert len(store.writes) == 1  # the next one is due an hour after the first
    await progress.aclose()  # ... but the last change is written when the check ends
    assert len(store.writes) == 2
    assert (store.writes[-1]["claims_done"], store.writes[-1]["claims_total"]) == (1, 3)
    assert store.writes[-1]["searches"] == 2


async def test_every_change_is_written_when_not_throttled() -> None:
    store, clock = Recorder(), Clock()
    progress = JobProgress(store, "j", "w", every_s=0, clock=clock)  # type: ignore[arg-type]
    progress.start()
    progress("claim_queued", None)
    progress("claim_queued", None)
    await _until(lambda: bool(store.writes) and store.writes[-1]["claims_total"] == 2)
    clock.now = 105.0
    progress("claim_done", Claimish([1, 2, 3]))  # type: ignore[arg-type]
    await _until(lambda: store.writes[-1]["claims_done"] == 1)
    assert store.writes[-1] == {
        "state": "searching",
        "claims_done": 1,
        "claims_total": 2,
        "searches": 3,
        "started_at": 100.0,
        "updated_at": 105.0,
    }
    progress("copy_check", None)
    await _until(lambda: store.writes[-1]["state"] == "copy check and scoring")
    progress("something else", None)  # ignored
    await progress.aclose()


async def test_a_store_without_progress_never_fails_the_check() -> None:
    progress = JobProgress(object(), "j", "w", every_s=0)  # type: ignore[arg-type]
    progress.start()
    progress("claim_queued", None)
    await progress.aclose()


def test_a_submission_chooses_among_the_servers_corpora(settings: Settings) -> None:
    web = StaticSearch(name="static")
    a = StaticSearch(name="corpus:a", local=True)
    b = StaticSearch(name="corpus:b", local=True)
    runtime = Runtime(settings, [web, a, b], MemoryFetcher({}), None, MemorySnapshotStore())  # type: ignore[arg-type]
    assert offered_corpora(runtime) == ["corpus:a", "corpus:b"]
    assert offered_corpora(None) == []
    assert runtime_for(runtime, {}) is runtime
    assert [x.name for x in runtime_for(runtime, {"corpora": ["corpus:b"]}).backends] == [
        "static",
        "corpus:b",
    ]
    assert [x.name for x in runtime_for(runtime, {"corpora": []}).backends] == ["static"]
