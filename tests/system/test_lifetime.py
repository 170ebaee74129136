"""A process killed with SIGKILL leaves no extraction process behind: its pool's workers
die with it (even one stuck in an extraction), and a supervisor that is a subreaper
collects their exit status, so none stays <defunct> (verifier.system.lifetime).

Each case runs real processes; waits are polls with a generous limit, never a margin."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from verifier.system.lifetime import _stat, children_of

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="prctl is Linux's")

# A check process with an extraction pool of two workers, one of them stuck in an
# extraction (tests.helpers.hang_marked): prints the workers' pids once both have started
# and the extraction runs, then waits to be killed.
WORKER = """
import asyncio, json, os
from pathlib import Path
from verifier.config import ExtractSettings
from verifier.system.deadline import Deadline
from verifier.web.extract import Extractor
from verifier.system.lifetime import children_of
from tempfile import mkdtemp
from tests.helpers import hang_marked

def workers():
    return [p for p in children_of(os.getpid())
            if b"spawn_main" in Path(f"/proc/{p}/cmdline").read_bytes()]

async def main():
    mark = Path(mkdtemp()) / "started"
    extractor = Extractor(ExtractSettings(processes=2, timeout_s=3600), function=hang_marked)
    asyncio.ensure_future(extractor.extract(
        b"<p>x</p>", url=str(mark), content_type="text/html", charset=None,
        deadline=Deadline.after(3600)))
    while len(workers()) < 2 or not mark.is_file() or not mark.read_text():
        await asyncio.sleep(0.05)
    print(json.dumps(workers()), flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""

# A supervisor (as `verifier serve` is): a subreaper with a multiprocessing child of its
# own; it kills a check process and reaps the orphans it leaves.
SUPERVISOR = f"""
import json, multiprocessing, os, signal, subprocess, sys, time
from verifier.system.lifetime import become_subreaper, children_of, reap_orphans

assert become_subreaper()
own = multiprocessing.get_context("spawn").Process(target=time.sleep, args=(0.5,))
own.start()
worker = subprocess.Popen([sys.executable, "-c", {WORKER!r}], stdout=subprocess.PIPE)
pids = json.loads(worker.stdout.readline())
os.kill(worker.pid, signal.SIGKILL)
worker.wait()
reaped = set()
end = time.monotonic() + 60
while not set(pids) <= reaped and time.monotonic() < end:
    reaped |= set(reap_orphans())
    time.sleep(0.05)
own.join(30)
time.sleep(0.2)
reaped |= set(reap_orphans())
print(json.dumps({{"pids": pids, "reaped": sorted(reaped), "own": own.exitcode,
                  "left": children_of(os.getpid())}}))
"""


def _python(code: str, **kwargs: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", code], cwd=ROOT, text=True, stdout=subprocess.PIPE, **kwargs
    )


def _dead(pid: int) -> bool:
    stat = _stat(pid)
    return stat is None or stat[0] == "Z"


def test_extraction_workers_die_with_their_killed_parent() -> None:
    worker = _python(WORKER)
    try:
        assert worker.stdout is not None
        pids = json.loads(worker.stdout.readline())
        assert len(pids) == 2
        assert all(not _dead(pid) for pid in pids)
    finally:
        os.kill(worker.pid, signal.SIGKILL)
        worker.wait()
    end = time.monotonic() + 60
    while not all(_dead(pid) for pid in pids) and time.monotonic() < end:
        time.sleep(0.05)
    # the idle worker and the one stuck in an extraction alike
    assert [pid for pid in pids if not _dead(pid)] == []


def test_a_subreaper_reaps_the_orphans_of_a_killed_child_and_leaves_its_own() -> None:
    supervisor = _python(SUPERVISOR)
    out, _ = supervisor.communicate(timeout=180)
    assert supervisor.returncode == 0
    result = json.loads(out.splitlines()[-1])
    assert len(result["pids"]) == 2
    assert set(result["pids"]) <= set(result["reaped"])  # reaped, not left <defunct>
    assert result["own"] == 0  # multiprocessing still read its own child's exit status
    assert "Z" not in result["left"].values(), result["left"]
    assert all(_stat(pid) is None for pid in result["pids"])


def test_children_of_reads_proc() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        assert child.pid in children_of(os.getpid())
    finally:
        child.kill()
        child.wait()
    assert child.pid not in children_of(os.getpid())
