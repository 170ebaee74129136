"""`verifier serve` after one of its job processes is SIGKILLed: the job process's
extraction processes die with it and serve, their subreaper, reaps them: nothing stays
<defunct> or orphaned (verifier.system.lifetime). The web is played on loopback."""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.loopback import Loopback
from tests.workers.test_processes import Api, env, free_port, new_key, start  # noqa: F401 - env: a fixture
from verifier.system.lifetime import _stat, children_of
from verifier.testing import pages_app, searxng_app

# real processes, run one after another: each wait in here has its own generous bound, so
# the test's own limit (pytest's default 300 s) is raised above their sum for a loaded machine
pytestmark = [
    pytest.mark.skipif(sys.platform != "linux", reason="prctl is Linux's"),
    pytest.mark.timeout(900),
]

PAGE = "<html><body><p>Radium is a chemical element with the symbol Ra and atomic number 88.</p></body></html>"


@pytest.fixture
def web_env(env: dict[str, str]) -> Iterator[dict[str, str]]:  # noqa: F811
    servers = Loopback()
    try:
        site = servers.serve(pages_app({"radium": PAGE}))

        def results(_query: str) -> list[dict[str, Any]]:
            return [{"url": f"{site}/page/radium", "title": "Radium", "content": ""}]

        yield env | {
            "VERIFIER_SEARCH__BACKENDS": "searxng",
            "VERIFIER_SEARCH__SEARXNG__BASE_URL": servers.serve(searxng_app(results)),
            "VERIFIER_FETCH__ALLOW_PRIVATE_NETWORKS": "true",
            "VERIFIER_EXTRACT__PROCESSES": "2",
        }
    finally:
        servers.close()


def _spawned(pid: int) -> list[int]:
    """The multiprocessing children (job processes, extraction processes) of ``pid``."""
    out = []
    for child in children_of(pid):
        try:
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                out.append(child)
        except OSError:
            continue
    return out


def test_a_killed_job_process_leaves_no_extraction_process(
    web_env: dict[str, str], tmp_path: Path
) -> None:
    token = new_key(web_env, "rater")
    port = free_port()
    log = tmp_path / "serve.log"
    server = start("serve", "--port", str(port), "--processes", "1", env=web_env, log=log)
    try:
        api = Api(port, token)
        api.wait_up()
        job = api.checked("Radium has the symbol Ra and atomic number 88.")
        assert job["report"]["summary"]["pages"] >= 1  # a page was fetched and extracted
        [job_process] = [p for p in _spawned(server.pid) if _spawned(p)]
        workers = _spawned(job_process)
        assert workers
        os.kill(job_process, signal.SIGKILL)
        end = time.monotonic() + 60
        while any(_stat(pid) is not None for pid in [job_process, *workers]):
            assert time.monotonic() < end, {pid: _stat(pid) for pid in workers}
            time.sleep(0.1)
        assert "Z" not in children_of(server.pid).values()
        assert server.poll() is None  # the API keeps serving
        assert api.call("GET", f"/v1/checks/{job['id']}")[0] == 200
    finally:
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=120) == 0, log.read_text()
