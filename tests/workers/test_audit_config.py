"""A replay of a check the service ran says ``config_changed: false`` when nothing was
changed (the API and its job processes differ only in [service], which no verdict
depends on), and names each setting that was changed, with both values: on SQLite and on
PostgreSQL, as real processes."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.workers.test_processes import CORPUS, Api, env, free_port, new_key, start, verifier  # noqa: F401

# real processes, run one after another: each wait in here has its own generous bound, so
# the test's own limit (pytest's default 300 s) is raised above their sum for a loaded machine
pytestmark = pytest.mark.timeout(900)


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
def test_replay_names_what_differs_and_nothing_else(
    env: dict[str, str],  # noqa: F811 - the fixture
    store: str,
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> None:
    if store == "postgresql":
        env = env | {"VERIFIER_SERVICE__DATABASE": request.getfixturevalue("pg_url")}
    token = new_key(env, "admin")
    port = free_port()
    log = tmp_path / "serve.log"
    args = ("--port", str(port), "--processes", "1", "--no-web", "--corpus", str(CORPUS))
    server = start("serve", *args, env=env, log=log)
    try:
        api = Api(port, token)
        api.wait_up(timeout=60)
        job = api.checked("Radium has the symbol Ra and atomic number 88.")
        job_id = job["id"]
        assert job["report"]["provenance"]["config"]["judges"]["refuted_threshold"] == 0.8
        # the API replays what a job process checked
        assert api.call("POST", f"/v1/checks/{job_id}/audit", {"mode": "replay"})[0] == 202
        audits: list[dict[str, Any]] = []
        end = time.monotonic() + 60
        while time.monotonic() < end and not audits:
            time.sleep(0.1)
            audits = api.call("GET", f"/v1/checks/{job_id}/audits")[1]["audits"]
        [audit] = audits
        assert audit["same_decisions"] is True, audit
        assert audit["config_changed"] is False, audit["config_diff"]
        assert audit["config_diff"] == []
    finally:
        api.call("GET", "/healthz")
        server.terminate()
        assert server.wait(timeout=60) == 0, log.read_text()
    # the command line, with one setting changed
    changed = verifier(
        "audit", job_id, "--mode", "replay", env=env | {"VERIFIER_JUDGES__REFUTED_THRESHOLD": "0.9"}
    )
    assert changed.returncode == 0, changed.stderr
    result = json.loads(changed.stdout)
    assert result["config_changed"] is True
    assert result["config_diff"] == [
        {"setting": "judges.refuted_threshold", "before": 0.8, "after": 0.9}
    ]
    same = json.loads(verifier("audit", job_id, "--mode", "replay", env=env).stdout)
    assert (same["config_changed"], same["config_diff"]) == (False, [])
