"""The service on many machines, as real processes: the API and three workers, each with
its own empty data dir (as if on four hosts), sharing only PostgreSQL. Two workers are
SIGKILLed mid-job and restarted once; every job ends done with exactly one report, and a
job run by a killed worker replays elsewhere with the same decisions."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import psycopg
import pytest

from tests.workers.test_processes import CORPUS, Api, free_port, start, stop_all, verifier
from workers.store.pgstore import JOB_MIGRATIONS

# real processes, run one after another: each wait in here has its own generous bound, so
# the test's own limit (pytest's default 300 s) is raised above their sum for a loaded machine
pytestmark = pytest.mark.timeout(1800)


def host_env(base: dict[str, str], data_dir: Path) -> dict[str, str]:
    return {**base, "VERIFIER_DATA_DIR": str(data_dir)}


@pytest.fixture
def env(pg_url: str) -> dict[str, str]:
    e = {k: v for k, v in os.environ.items() if not k.startswith("VERIFIER_")}
    e.update(
        {
            "VERIFIER_SERVICE__DATABASE": pg_url,
            "VERIFIER_SERVICE__LEASE_S": "3",
            "VERIFIER_SERVICE__HEARTBEAT_S": "0.5",
            "VERIFIER_SERVICE__STALLED_AFTER_S": "3",
            "VERIFIER_SERVICE__POLL_S": "0.2",
            "VERIFIER_SERVICE__RETRY_BACKOFF_S": "0.1",
            "VERIFIER_SERVICE__MAX_ATTEMPTS": "5",
            "VERIFIER_SERVICE__POOL_SIZE": "4",
            "VERIFIER_SERVICE__RATE_LIMIT_PER_MINUTE": "0",
            "VERIFIER_EXTRACT__PROCESSES": "1",
        }
    )
    return e


def db_rows(url: str, sql: str, args: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    with psycopg.connect(url) as conn:
        return list(conn.execute(sql, args).fetchall())


def test_migrate_then_a_server_on_an_old_schema_refuses_to_start(
    pg_empty: str, tmp_path: Path
) -> None:
    e = {k: v for k, v in os.environ.items() if not k.startswith("VERIFIER_")}
    e["VERIFIER_DATA_DIR"] = str(tmp_path / "data")
    for command in (["serve", "--port", "0"], ["worker"]):  # an error the user fixes: 2
        refused = verifier(*command, "--database", pg_empty, env=e)
        assert refused.returncode == 2, refused.stderr
        lines = refused.stderr.strip().splitlines()
        assert len(lines) == 1, refused.stderr
        assert "schema version 0" in lines[0]
        assert "verifier db migrate" in lines[0]
    status = verifier("db", "status", "--database", pg_empty, env=e)
    assert status.returncode == 1
    jobs = JOB_MIGRATIONS.version  # other branches add migrations: never a fixed count
    assert f"jobs at 0, needs {jobs}" in status.stdout
    migrated = verifier("db", "migrate", "--database", pg_empty, env=e)
    assert migrated.returncode == 0, migrated.stderr
    assert f"jobs at version 0 -> {jobs}" in migrated.stdout
    assert "queue at version 0 -> 1" in migrated.stdout
    again = verifier("db", "migrate", "--database", pg_empty, env=e)
    assert "(up to date)" in again.stdout
    assert verifier("db", "status", "--database", pg_empty, env=e).returncode == 0
    # a database one migration behind (an older verifier made it) is refused the same way
    db_rows_exec(pg_empty, "UPDATE verifier_schema SET version = 0 WHERE component = 'jobs'")
    behind = verifier("keys", "list", "--database", pg_empty, env=e)
    assert behind.returncode == 2
    assert "run `verifier db migrate" in behind.stderr


def db_rows_exec(url: str, sql: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(sql)


def test_serve_with_job_processes_on_postgres_and_sigterm(
    env: dict[str, str], pg_url: str, tmp_path: Path
) -> None:
    """One machine in the PostgreSQL mode: `serve` runs the API and job processes."""
    host = host_env(env, tmp_path / "host")
    token = verifier("keys", "create", "--role", "rater", env=host).stdout.splitlines()[-1]
    port = free_port()
    log = tmp_path / "serve.log"
    server = start(
        "serve",
        "--port",
        str(port),
        "--processes",
        "1",
        "--no-web",
        "--corpus",
        str(CORPUS),
        env=host,
        log=log,
    )
    try:
        api = Api(port, token)
        api.wait_up(timeout=60)
        status, body = api.call(
            "POST", "/v1/checks", {"response": "Radium has the symbol Ra and atomic number 88."}
        )
        assert status == 202
        end = time.monotonic() + 60
        job: dict = {}
        while time.monotonic() < end:
            job = api.call("GET", f"/v1/checks/{body['id']}")[1]
            if job["state"] == "done":
                break
            time.sleep(0.1)
        assert job["state"] == "done", job
        assert job["report"]["claims"][0]["verdict"]["label"] == "supported"
        with urllib.request.urlopen(api.base + "/metrics", timeout=10) as resp:
            assert 'verifier_jobs{state="done"} 1.0' in resp.read().decode()
    finally:
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=60) == 0, log.read_text()
    assert "jobs from postgresql://" in log.read_text()


@pytest.mark.slow
def test_300_checks_on_three_worker_hosts_two_killed_mid_job(
    env: dict[str, str], pg_url: str, tmp_path: Path
) -> None:
    api_env = host_env(env, tmp_path / "api")
    token = verifier("keys", "create", "--role", "admin", env=api_env).stdout.splitlines()[-1]
    port = free_port()
    log = tmp_path / "service.log"
    server = start("serve", "--port", str(port), "--concurrency", "0", env=api_env, log=log)
    hosts = [tmp_path / f"worker{i}" for i in range(3)]

    def worker(i: int) -> subprocess.Popen[bytes]:
        return start(
            "worker",
            "--concurrency",
            "4",
            "--no-web",
            "--corpus",
            str(CORPUS),
            env=host_env(env, hosts[i]),
            log=tmp_path / f"worker{i}.log",
        )

    workers: list[subprocess.Popen[bytes]] = []
    try:
        api = Api(port, token)
        api.wait_up(timeout=60)
        ids = []
        for i in range(300):
            status, body = api.call(
                "POST",
                "/v1/checks",
                {"response": f"Radium has the symbol Ra and atomic number 88. Note {i}."},
            )
            assert status == 202, body
            ids.append(body["id"])
        workers = [worker(i) for i in range(3)]
        killed: list[int] = []
        held_at_kill: list[int] = []
        held_ids: list[tuple[str, int]] = []  # (job, the worker holding it when killed)
        for victim in (0, 1):
            # wait until the worker has stored a report and holds running jobs, then
            # SIGKILL it (no chance to give its jobs back) and start it again once
            pid = workers[victim].pid
            end = time.monotonic() + 180
            held = 0
            while time.monotonic() < end:
                owned = dict(
                    db_rows(
                        pg_url,
                        "SELECT state, count(*) FROM jobs WHERE lease_owner LIKE %s"
                        " OR done_by LIKE %s GROUP BY state",
                        (f"%:{pid}:%", f"%:{pid}:%"),
                    )
                )
                held = int(owned.get("running", 0))
                if held and owned.get("done", 0):
                    break
                time.sleep(0.01)
            held_at_kill.append(held)
            held_ids += [
                (row[0], int(pid))
                for row in db_rows(
                    pg_url,
                    "SELECT id FROM jobs WHERE state = 'running' AND lease_owner LIKE %s",
                    (f"%:{pid}:%",),
                )
            ]
            workers[victim].kill()
            workers[victim].wait(timeout=30)
            killed.append(int(pid))
            workers[victim] = worker(victim)
        end = time.monotonic() + 480
        while time.monotonic() < end:
            counts = dict(db_rows(pg_url, "SELECT state, count(*) FROM jobs GROUP BY state"))
            if counts.get("done", 0) == 300:
                break
            time.sleep(0.5)
        assert dict(db_rows(pg_url, "SELECT state, count(*) FROM jobs GROUP BY state")) == {
            "done": 300
        }
        assert db_rows(pg_url, "SELECT count(*), count(DISTINCT job_id) FROM reports") == [
            (300, 300)
        ]
        assert all(held_at_kill), held_at_kill  # each kill hit a worker holding jobs
        # ... and each job it held was run again by another worker, unless it finished in
        # the moment between the look and the kill (a check takes milliseconds here)
        for job_id, pid in held_ids:
            ((attempts, done_by),) = db_rows(
                pg_url, "SELECT attempts, done_by FROM jobs WHERE id = %s", (job_id,)
            )
            assert attempts > 1 or f":{pid}:" in str(done_by), (job_id, attempts, done_by)
        assert db_rows(
            pg_url, "SELECT count(*) FROM procrastinate_jobs WHERE status IN ('todo', 'doing')"
        ) == [(0,)]
        # every host wrote its own files only: workers never needed another's data dir
        for host in hosts:
            assert not (host / "jobs.db").exists()
            assert not (host / "snapshots.db").exists()
        # a job whose report a killed worker stored replays on another process: the API,
        # with its own empty data dir, from the snapshots in PostgreSQL alone
        by_killed = db_rows(
            pg_url,
            "SELECT id FROM jobs WHERE done_by ~ %s ORDER BY finished_at LIMIT 1",
            (":(" + "|".join(str(p) for p in killed) + "):",),
        )
        assert by_killed, "no report stored by a killed worker"
        job_id = str(by_killed[0][0])
        status, _ = api.call("POST", f"/v1/checks/{job_id}/audit", {"mode": "replay"})
        assert status == 202
        end = time.monotonic() + 60
        audits: list[dict] = []
        while time.monotonic() < end and not audits:
            audits = api.call("GET", f"/v1/checks/{job_id}/audits")[1]["audits"]
            time.sleep(0.2)
        assert audits, "the replay audit did not finish"
        assert audits[0]["same_decisions"] is True, audits[0]
        # ... and on a new host with the command line
        fresh = verifier(
            "audit", job_id, "--mode", "replay", env=host_env(env, tmp_path / "auditor")
        )
        assert fresh.returncode == 0, fresh.stderr
        assert json.loads(fresh.stdout)["same_decisions"] is True
        status, job = api.call("GET", f"/v1/checks/{job_id}")
        assert re.search(r":(\d+):", job["done_by"]).group(1) in {str(p) for p in killed}
    finally:
        stop_all([*workers, server])
