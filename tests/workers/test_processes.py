"""The service as real processes: `verifier serve`, `verifier worker`, `verifier keys`,
SIGTERM, and workers killed with SIGKILL mid-run."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

# real processes, run one after another: each wait in here has its own generous bound, so
# the test's own limit (pytest's default 300 s) is raised above their sum for a loaded machine
pytestmark = pytest.mark.timeout(1800)

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "examples" / "corpus"


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def verifier(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "workers", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def start(*args: str, env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "workers", *args],
        env=env,
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
    )


def stop_all(processes: list[subprocess.Popen[bytes]]) -> None:
    """SIGTERM to all, then wait for each (killed after 60 s)."""
    for p in processes:
        p.send_signal(signal.SIGTERM)
    for p in processes:
        try:
            p.wait(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()


class Api:
    def __init__(self, port: int, token: str) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.token = token

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Authorization", f"Bearer {self.token}")
        req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                return resp.status, json.loads(resp.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"{}")

    def wait_up(self, timeout: float = 30) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=2):
                    return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("the server did not come up")

    def checked(self, response: str, timeout: float = 120) -> dict:
        """Submit a check and wait until it is done; the job with its report."""
        status, body = self.call("POST", "/v1/checks", {"response": response})
        assert status == 202, body
        end = time.monotonic() + timeout
        job: dict = {}
        while time.monotonic() < end and job.get("state") != "done":
            time.sleep(0.1)
            job = self.call("GET", f"/v1/checks/{body['id']}")[1]
        assert job.get("state") == "done", job
        return job


@pytest.fixture
def env(tmp_path: Path) -> Iterator[dict[str, str]]:
    e = {k: v for k, v in os.environ.items() if not k.startswith("VERIFIER_")}
    e.update(
        {
            "VERIFIER_DATA_DIR": str(tmp_path / "data"),
            "VERIFIER_SERVICE__POLL_S": "0.05",
            "VERIFIER_SERVICE__LEASE_S": "2",
            "VERIFIER_SERVICE__RETRY_BACKOFF_S": "0.1",
            "VERIFIER_SERVICE__MAX_ATTEMPTS": "5",
            "VERIFIER_SERVICE__RATE_LIMIT_PER_MINUTE": "0",
            "VERIFIER_EXTRACT__WORKERS": "1",
        }
    )
    return e


def new_key(env: dict[str, str], role: str) -> str:
    result = verifier("keys", "create", "--role", role, env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


def test_serve_runs_jobs_and_stops_cleanly_on_sigterm(env: dict[str, str], tmp_path: Path) -> None:
    token = new_key(env, "rater")
    listed = verifier("keys", "list", env=env)
    assert "rater\tactive" in listed.stdout
    assert token not in listed.stdout
    port = free_port()
    server = start(
        "serve",
        "--port",
        str(port),
        "--concurrency",
        "2",
        "--processes",
        "2",
        "--no-web",
        "--corpus",
        str(CORPUS),
        env=env,
        log=tmp_path / "serve.log",
    )
    try:
        api = Api(port, token)
        api.wait_up()
        status, body = api.call(
            "POST", "/v1/checks", {"response": "Radium has the symbol Ra and atomic number 88."}
        )
        assert status == 202
        end = time.monotonic() + 60
        while time.monotonic() < end:
            status, job = api.call("GET", f"/v1/checks/{body['id']}")
            if job["state"] == "done":
                break
            time.sleep(0.1)
        assert job["state"] == "done", job
        assert job["report"]["claims"][0]["verdict"]["label"] == "supported"
    finally:
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=60) == 0, (tmp_path / "serve.log").read_text()
    assert "jobs: 2 process(es)" in (tmp_path / "serve.log").read_text()  # beside the API
    # the audit command replays the stored report with the same decisions
    result = verifier("audit", body["id"], "--mode", "replay", env=env)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["same_decisions"]


@pytest.mark.slow
def test_300_jobs_survive_killed_workers(env: dict[str, str], tmp_path: Path) -> None:
    token = new_key(env, "service")
    port = free_port()
    log = tmp_path / "service.log"
    server = start("serve", "--port", str(port), "--workers", "0", env=env, log=log)
    workers: list[subprocess.Popen[bytes]] = []

    def worker() -> subprocess.Popen[bytes]:
        return start(
            "worker", "--concurrency", "4", "--no-web", "--corpus", str(CORPUS), env=env, log=log
        )

    try:
        api = Api(port, token)
        api.wait_up()
        ids = []
        for i in range(300):
            status, body = api.call(
                "POST",
                "/v1/checks",
                {"response": f"Radium has the symbol Ra and atomic number 88. Note {i}."},
            )
            assert status == 202
            ids.append(body["id"])
        workers = [worker(), worker()]
        db = tmp_path / "data" / "jobs.db"
        killed_with: list[int] = []
        for _round in range(2):
            # wait until the first worker holds jobs, then SIGKILL it mid-run and restart it
            pid = workers[0].pid
            end = time.monotonic() + 120
            held = 0
            while time.monotonic() < end:
                held = (
                    sqlite3.connect(db)
                    .execute(
                        "SELECT count(*) FROM jobs WHERE state='running' AND lease_owner LIKE ?",
                        (f"%:{pid}:%",),
                    )
                    .fetchone()[0]
                )
                if held:
                    break
                time.sleep(0.005)
            killed_with.append(held)
            workers[0].kill()  # SIGKILL: no chance to give its jobs back
            workers[0].wait(timeout=30)
            workers[0] = worker()
        end = time.monotonic() + 300
        while time.monotonic() < end:
            counts = dict(
                sqlite3.connect(db)
                .execute("SELECT state, count(*) FROM jobs GROUP BY state")
                .fetchall()
            )
            if counts.get("done", 0) == 300:
                break
            time.sleep(0.2)
        conn = sqlite3.connect(db)
        assert dict(conn.execute("SELECT state, count(*) FROM jobs GROUP BY state").fetchall()) == {
            "done": 300
        }
        assert conn.execute("SELECT count(*), count(DISTINCT job_id) FROM reports").fetchone() == (
            300,
            300,
        )
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        retried = conn.execute("SELECT count(*) FROM jobs WHERE attempts > 1").fetchone()[0]
        assert all(killed_with), killed_with  # each kill hit a worker holding jobs
        assert retried >= 1  # ... and those jobs were taken again
        for job_id in ids[:5]:
            status, job = api.call("GET", f"/v1/checks/{job_id}")
            assert job["report"]["request"]["response"].startswith("Radium")
    finally:
        stop_all([*workers, server])


def test_a_busy_port_is_one_line(env: dict[str, str]) -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = verifier("serve", "--port", str(port), "--concurrency", "0", env=env)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "cannot listen on 127.0.0.1" in lines[0]
    assert "Traceback" not in result.stderr


def test_a_2m_character_check_over_the_job_timeout_replaces_its_job_process(
    env: dict[str, str], tmp_path: Path
) -> None:
    """job_timeout_s is enforced on the job process: a 2,000,000-character response (the
    largest the limits admit) under a 2 s limit stops its check, the job fails with the
    reason after its attempts, and serve replaces the job process each time (the work a
    check handed to a thread cannot be stopped otherwise)."""
    env = {
        **env,
        "VERIFIER_SERVICE__JOB_TIMEOUT_S": "2",
        "VERIFIER_SERVICE__MAX_ATTEMPTS": "2",
        "VERIFIER_SERVICE__GRACE_S": "1",
    }
    token = new_key(env, "rater")
    port = free_port()
    server = start(
        "serve",
        "--port",
        str(port),
        "--processes",
        "1",
        "--no-web",
        "--corpus",
        str(CORPUS),
        env=env,
        log=tmp_path / "serve.log",
    )
    try:
        api = Api(port, token)
        api.wait_up(timeout=90)
        prose = "Radium has the symbol Ra and atomic number 88. The Louvre opened in 1793. "
        response = (prose * (2_000_000 // len(prose) + 1))[:2_000_000]
        status, body = api.call("POST", "/v1/checks", {"response": response})
        assert status == 202, body
        job: dict = {}
        end = time.monotonic() + 240
        while time.monotonic() < end and job.get("state") not in ("done", "failed"):
            time.sleep(0.5)
            job = api.call("GET", f"/v1/checks/{body['id']}")[1]
        assert job.get("state") == "failed", job
        assert "ran over 2 s (service.job_timeout_s)" in job["error"]
        assert job["attempts"] == 2
        with urllib.request.urlopen(api.base + "/metrics", timeout=10) as resp:
            metrics = resp.read().decode()
        restarts = [
            float(line.rsplit(" ", 1)[1])
            for line in metrics.splitlines()
            if line.startswith("verifier_job_process_restarts_total ")
        ]
        assert restarts, metrics[:500]
        assert restarts[0] >= 1
    finally:
        stop_all([server])
    log = (tmp_path / "serve.log").read_text()
    # stopped by the loop's timeout, or by the guard thread when the check held the loop
    assert "replace" in log
    assert "exit status 75" in log or "stops so that serve replaces it" in log


def test_serve_gives_back_the_jobs_of_a_job_process_it_had_to_kill(tmp_path: Path) -> None:
    """A job process starved of the CPU (it runs at a lower priority) may not give its jobs
    back within the grace period; serve kills it and gives them back itself, attempts
    uncounted, so they wait for no lease to run out. Another process's jobs are left."""
    import socket

    from workers.service import give_back_jobs_of
    from workers.store.jobstore import SqliteJobStore

    store = SqliteJobStore(tmp_path / "jobs.db")
    try:
        for i in range(3):
            store.submit({"response": f"r {i}"}, owner=None, options={})
        host = socket.gethostname()
        killed = [store.lease_job(f"{host}:4242:aaaaaa", 600) for _ in range(2)]
        alive = store.lease_job(f"{host}:42420:bbbbbb", 600)
        assert all(killed)
        assert alive is not None
        assert give_back_jobs_of(store, [4242]) == 2
        for job in killed:
            back = store.get(job.id)  # type: ignore[union-attr]
            assert back is not None
            assert back.state == "queued"
            assert back.attempts == 0
        still = store.get(alive.id)
        assert still is not None
        assert still.state == "running"
        assert give_back_jobs_of(store, []) == 0
    finally:
        store.close()
