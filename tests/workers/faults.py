"""Fault injection for the service as real processes, shared by the fault tests
(tests/workers/test_faults.py, which assert) and bench/faults.py (which times): a
throwaway PostgreSQL cluster started and stopped with ``pg_ctl`` on a port of its own
(never the shared server), a tmpfs mounted and filled, job processes SIGKILLed, SIGTERM
under load, and a report of the largest allowed response. Each scenario returns an
:class:`Outcome`: jobs submitted, done, failed and lost, and how long recovery took once
the fault was cleared.

Needs: PostgreSQL's server binaries (``/usr/lib/postgresql/*/bin``, or
``$VERIFIER_PG_BIN``) for the database outage; root for the tmpfs. Without them the
scenario says why it cannot run (:func:`cluster_unavailable`, :func:`tmpfs_unavailable`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.workers.test_processes import CORPUS, Api, free_port, start, stop_all, verifier

__all__ = [
    "Cluster",
    "Outcome",
    "Tmpfs",
    "cluster_unavailable",
    "database_outage",
    "disk_full",
    "job_process_killed",
    "sigterm_under_load",
    "tiled_report",
    "tmpfs_unavailable",
]

RESPONSE = "Radium has the symbol Ra and atomic number 88. Note {i}."


def wait_for(predicate: Callable[[], Any], timeout: float, what: str, every: float = 0.2) -> Any:
    """Poll ``predicate`` until it is truthy (its value) or ``timeout`` passes (an
    AssertionError naming ``what``). Generous bounds: a loaded machine is slow."""
    end = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        time.sleep(every)


def when(value: Any, test: Callable[[Any], bool]) -> Any:
    """``value`` if it passes ``test``, else None (for :func:`wait_for`)."""
    return value if test(value) else None


@dataclass
class Outcome:
    store: str
    fault: str
    submitted: int = 0
    done: int = 0
    failed: int = 0
    lost: int = 0
    max_attempts: int = 0  # the most attempts any job took
    recover_s: float | None = None  # fault cleared -> the API accepts work again
    drain_s: float | None = None  # fault cleared -> every job done
    notes: dict[str, Any] = field(default_factory=dict)

    def count(self, states: dict[str, int], attempts: int) -> None:
        self.done = states.get("done", 0)
        self.failed = states.get("failed", 0)
        self.lost = self.submitted - sum(states.values())
        self.max_attempts = attempts


# --- a throwaway PostgreSQL cluster ---------------------------------------------------------


def _pg_bin() -> Path | None:
    configured = os.environ.get("VERIFIER_PG_BIN")
    if configured:
        return Path(configured)
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parts[-3]))
    if found:
        return found[-1].parent
    pg_ctl = shutil.which("pg_ctl")
    return Path(pg_ctl).parent if pg_ctl else None


def cluster_unavailable() -> str | None:
    """Why a throwaway cluster cannot be made here, or None."""
    bin_dir = _pg_bin()
    if bin_dir is None or not (bin_dir / "initdb").exists():
        return (
            "PostgreSQL's server binaries (initdb, pg_ctl) are not installed; set $VERIFIER_PG_BIN"
        )
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root, and initdb refuses root: no 'postgres' user to run it as"
    return None


class Cluster:
    """A PostgreSQL cluster of its own in a temporary directory, on ``port``, with trust
    authentication; run as the ``postgres`` user when this process is root."""

    def __init__(self, port: int | None = None) -> None:
        bin_dir = _pg_bin()
        assert bin_dir is not None
        self.bin = bin_dir
        self.port = port or free_port()
        self.root = Path(tempfile.mkdtemp(prefix="verifier-pg-"))
        self.data = self.root / "data"
        self._as: list[str] = []
        if os.geteuid() == 0:
            os.chown(self.root, pwd.getpwnam("postgres").pw_uid, -1)
            self._as = ["runuser", "-u", "postgres", "--"]

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run(
            [*self._as, str(self.bin / tool), *args],
            check=True,
            capture_output=True,
            timeout=120,
        )

    def init(self) -> Cluster:
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-A",
            "trust",
            "-U",
            "postgres",
            "--no-sync",
            "-E",
            "UTF8",
        )
        return self

    def start(self) -> None:
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.root / "log"),
            "-w",
            "start",
        )

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def rows(self, url: str, sql: str) -> list[tuple[Any, ...]]:
        import psycopg

        with psycopg.connect(url, connect_timeout=5) as conn:
            return list(conn.execute(sql).fetchall())

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError, subprocess.TimeoutExpired):
            self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


@contextlib.contextmanager
def cluster() -> Iterator[Cluster]:
    c = Cluster().init()
    c.start()
    try:
        yield c
    finally:
        c.remove()


# --- a tmpfs ----------------------------------------------------------------------------------


def tmpfs_unavailable() -> str | None:
    if os.geteuid() != 0:
        return "mounting a tmpfs needs root"
    if not shutil.which("mount"):
        return "no mount command"
    return None


class Tmpfs:
    """A small tmpfs mounted on a temporary directory, to fill and free."""

    def __init__(self, size_mb: int = 20) -> None:
        self.path = Path(tempfile.mkdtemp(prefix="verifier-tmpfs-"))
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size_mb}m,mode=0755", "tmpfs", str(self.path)],
            check=True,
            capture_output=True,
            timeout=30,
        )
        self.filler = self.path / "filler"

    def fill(self) -> None:
        """Write until the disk is full (ENOSPC), leaving nothing free."""
        with self.filler.open("ab", buffering=0) as out:
            for size in (1 << 20, 4096, 1):
                with contextlib.suppress(OSError):
                    while True:
                        out.write(b"\0" * size)

    def free(self) -> None:
        self.filler.unlink(missing_ok=True)

    def remove(self) -> None:
        subprocess.run(
            ["umount", "-l", str(self.path)], check=False, capture_output=True, timeout=30
        )
        shutil.rmtree(self.path, ignore_errors=True)


# --- the service's processes ------------------------------------------------------------------


def service_env(data_dir: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("VERIFIER_")}
    env.update(
        {
            "VERIFIER_DATA_DIR": str(data_dir),
            "VERIFIER_SERVICE__POLL_S": "0.2",
            "VERIFIER_SERVICE__LEASE_S": "3",
            "VERIFIER_SERVICE__RETRY_BACKOFF_S": "0.2",
            "VERIFIER_SERVICE__RATE_LIMIT_PER_MINUTE": "0",
            "VERIFIER_SERVICE__HEARTBEAT_S": "0.5",
            "VERIFIER_SERVICE__STALLED_AFTER_S": "3",
            "VERIFIER_SERVICE__POOL_SIZE": "4",
            "VERIFIER_SERVICE__MIN_FREE_MB": "1",
            "VERIFIER_SERVICE__SESSION_SECRET": "s" * 48,  # one key for every host
            "VERIFIER_EXTRACT__PROCESSES": "1",
            **extra,
        }
    )
    return env


def get_json(url: str, timeout: float = 10) -> tuple[int, dict[str, Any], dict[str, str]]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.status, json.loads(resp.read()), dict(resp.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}"), dict(exc.headers)


def submit(api: Api, i: int) -> tuple[int, dict[str, Any], dict[str, str]]:
    req = urllib.request.Request(
        api.base + "/v1/checks",
        data=json.dumps({"response": RESPONSE.format(i=i)}).encode(),
        method="POST",
        headers={"Authorization": f"Bearer {api.token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, json.loads(resp.read()), dict(resp.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}"), dict(exc.headers)


def health(api: Api) -> tuple[float, dict[str, Any]]:
    """How long /healthz took, and what it said."""
    began = time.monotonic()
    status, body, _ = get_json(api.base + "/healthz", timeout=30)
    assert status == 200, body
    return time.monotonic() - began, body


def metric(api: Api, name: str) -> float:
    with urllib.request.urlopen(api.base + "/metrics", timeout=10) as resp:
        for line in resp.read().decode().splitlines():
            if line.startswith(name + " ") or line.startswith(name + "{"):
                return float(line.rsplit(" ", 1)[1])
    return 0.0


def serve_with_jobs(
    env: dict[str, str], log: Path, port: int | None = None
) -> tuple[subprocess.Popen[bytes], Api]:
    """`verifier serve` with two job processes on the offline corpus, up, and a rater's
    key for its API."""
    token = new_key(env, "rater")
    port = port or free_port()
    server = start(
        "serve",
        "--port",
        str(port),
        "--processes",
        "2",
        "--no-web",
        "--corpus",
        str(CORPUS),
        env=env,
        log=log,
    )
    api = Api(port, token)
    try:
        api.wait_up(timeout=90)
    except BaseException:
        stop_all([server])
        raise
    return server, api


def submit_all(api: Api, count: int) -> int:
    for i in range(count):
        status, body, _ = submit(api, i)
        assert status == 202, body
    return count


def new_key(env: dict[str, str], role: str = "admin") -> str:
    result = verifier("keys", "create", "--role", role, env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


def _sqlite_states(db: Path) -> tuple[dict[str, int], int]:
    import sqlite3

    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        states = dict(conn.execute("SELECT state, count(*) FROM jobs GROUP BY state").fetchall())
        attempts = conn.execute("SELECT coalesce(max(attempts), 0) FROM jobs").fetchone()[0]
    finally:
        conn.close()
    return states, int(attempts)


def _pg_states(url: str) -> tuple[dict[str, int], int]:
    import psycopg

    with psycopg.connect(url, connect_timeout=5) as conn:
        states = dict(conn.execute("SELECT state, count(*) FROM jobs GROUP BY state").fetchall())
        attempts = conn.execute("SELECT coalesce(max(attempts), 0) FROM jobs").fetchone()[0]
    return states, int(attempts)


def _all_done(
    states: Callable[[], tuple[dict[str, int], int]], submitted: int
) -> Callable[[], bool]:
    def check() -> bool:
        try:
            found, _ = states()
        except Exception:
            return False
        return found.get("done", 0) + found.get("failed", 0) >= submitted

    return check


# --- the scenarios ----------------------------------------------------------------------------


def database_outage(tmp: Path, *, outage_s: float, before: int = 10, after: int = 5) -> Outcome:
    """The API and two `verifier worker` processes on PostgreSQL; the database is stopped
    while they work, for ``outage_s``, and started again."""
    outcome = Outcome("postgresql", f"database stopped for {outage_s:g} s")
    with cluster() as pg:
        url = pg.create_database("verifier")
        api_env = service_env(tmp / "api", VERIFIER_SERVICE__DATABASE=url)
        migrated = verifier("db", "migrate", env=api_env)
        assert migrated.returncode == 0, migrated.stderr
        token = new_key(api_env)
        port = free_port()
        processes = [
            start(
                "serve", "--port", str(port), "--concurrency", "0", env=api_env, log=tmp / "api.log"
            )
        ]
        try:
            for i in range(2):
                processes.append(
                    start(
                        "worker",
                        "--concurrency",
                        "2",
                        "--no-web",
                        "--corpus",
                        str(CORPUS),
                        env=service_env(tmp / f"worker{i}", VERIFIER_SERVICE__DATABASE=url),
                        log=tmp / f"worker{i}.log",
                    )
                )
            api = Api(port, token)
            api.wait_up(timeout=90)
            for i in range(before):
                assert submit(api, i)[0] == 202
            outcome.submitted = before
            states = lambda: _pg_states(url)  # noqa: E731
            wait_for(lambda: states()[0].get("done", 0) >= 1, 120, "a first job done")
            pg.stop()
            fault_at = time.monotonic()
            took, _ = health(api)
            # a probe may have begun before the stop: the next one says so
            said = wait_for(
                lambda: when(health(api)[1], lambda b: "database" in b["down"]),
                30,
                "/healthz to say the database is down",
            )
            outcome.notes["healthz_s"] = round(took, 2)
            outcome.notes["healthz_says"] = said["checks"]["database"]["detail"]
            status, body, headers = submit(api, -1)
            outcome.notes["during"] = (status, body.get("error"), headers.get("Retry-After"))
            time.sleep(max(0.0, outage_s - (time.monotonic() - fault_at)))
            outcome.notes["alive_at_end_of_outage"] = [p.poll() is None for p in processes]
            pg.start()
            cleared = time.monotonic()
            wait_for(
                lambda: submit(api, before)[0] == 202, 120, "the API to accept again", every=0.1
            )
            outcome.recover_s = time.monotonic() - cleared
            for i in range(before + 1, before + after):
                assert submit(api, i)[0] == 202
            outcome.submitted = before + after
            wait_for(_all_done(states, outcome.submitted), 240, "every job to end")
            outcome.drain_s = time.monotonic() - cleared
            outcome.count(*states())
            outcome.notes["alive_after"] = [p.poll() is None for p in processes]
            outcome.notes["run_again"] = pg.rows(
                url, "SELECT id, attempts, done_by, error FROM jobs WHERE attempts > 1"
            )

            # tasks of a queue worker that died with the database are retried by the
            # others' sweep and then find their job done: the queue empties by itself
            def tasks_left() -> int:
                return int(
                    pg.rows(
                        url,
                        "SELECT count(*) FROM procrastinate_jobs WHERE status IN ('todo', 'doing')",
                    )[0][0]
                )

            with contextlib.suppress(AssertionError):
                wait_for(lambda: tasks_left() == 0, 60, "the queue to empty")
            outcome.notes["tasks_left"] = tasks_left()
            outcome.notes["ready_after"] = wait_for(lambda: health(api)[1]["ready"], 30, "ready")
        finally:
            stop_all(processes)
            outcome.notes["logs"] = {p.name: p.read_text() for p in tmp.glob("*.log")}
    return outcome


def disk_full(tmp: Path, *, jobs: int = 20, hold_s: float = 3.0) -> Outcome:
    """`serve` with two job processes, its data dir on a 20 MB tmpfs that is filled
    while they work, then freed."""
    outcome = Outcome("sqlite", "data dir's disk full")
    disk = Tmpfs(20)
    try:
        # leases that outlast the fault (renewals cannot be written while the disk is
        # full): a job whose lease ran out may be taken by the other process first
        env = service_env(disk.path / "data", VERIFIER_SERVICE__LEASE_S="15")
        server, api = serve_with_jobs(env, tmp / "serve.log")
        try:
            outcome.submitted = submit_all(api, jobs)
            states = lambda: _sqlite_states(disk.path / "data" / "jobs.db")  # noqa: E731
            wait_for(lambda: states()[0].get("done", 0) >= 1, 120, "a first job done")
            disk.fill()
            status, body, headers = submit(api, -1)
            outcome.notes["during"] = (
                status,
                body.get("error"),
                body.get("detail"),
                headers.get("Retry-After"),
                headers.get("Content-Type"),
            )
            said = wait_for(
                lambda: when(health(api)[1], lambda b: "disk" in b["down"]),
                30,
                "/healthz to say the disk is full",
            )
            outcome.notes["healthz_says"] = said["checks"]["disk"]["detail"]
            outcome.notes["job_processes_during"] = said["checks"]["job_processes"]
            outcome.notes["readyz_during"] = get_json(api.base + "/readyz")[0]
            time.sleep(hold_s)
            outcome.notes["failed_during"] = states()[0].get("failed", 0)
            disk.free()
            cleared = time.monotonic()
            wait_for(lambda: submit(api, jobs)[0] == 202, 120, "the API to accept again", every=0.1)
            outcome.recover_s = time.monotonic() - cleared
            outcome.submitted = jobs + 1
            wait_for(_all_done(states, outcome.submitted), 240, "every job to end")
            outcome.drain_s = time.monotonic() - cleared
            outcome.count(*states())
            outcome.notes["job_processes_after"] = health(api)[1]["checks"]["job_processes"]
            outcome.notes["restarts"] = metric(api, "verifier_job_process_restarts_total")
        finally:
            stop_all([server])
            outcome.notes["logs"] = {"serve.log": (tmp / "serve.log").read_text()[-3000:]}
    finally:
        disk.remove()
    return outcome


def job_process_killed(tmp: Path, *, database: str = "", jobs: int = 20) -> Outcome:
    """`serve` with two job processes (SQLite, or PostgreSQL at ``database``); one is
    SIGKILLed while it holds jobs."""
    outcome = Outcome("postgresql" if database else "sqlite", "a job process SIGKILLed")
    extra = {"VERIFIER_SERVICE__DATABASE": database} if database else {}
    env = service_env(tmp / "data", **extra)
    server, api = serve_with_jobs(env, tmp / "serve.log")
    states = (
        (lambda: _pg_states(database))
        if database
        else (lambda: _sqlite_states(tmp / "data" / "jobs.db"))
    )
    try:
        children = wait_for(
            lambda: when(health(api)[1]["checks"]["job_processes"]["pids"], lambda p: len(p) == 2),
            60,
            "two job processes",
        )
        outcome.submitted = submit_all(api, jobs)
        wait_for(lambda: states()[0].get("running", 0) >= 1, 120, "a running job")
        victim = children[0]
        os.kill(victim, signal.SIGKILL)
        killed = time.monotonic()
        wait_for(
            lambda: metric(api, "verifier_job_process_restarts_total") >= 1,
            60,
            "the restart counter",
        )
        said = wait_for(
            lambda: when(health(api)[1], lambda b: b["checks"]["job_processes"]["alive"] == 2),
            60,
            "two job processes alive again",
        )
        outcome.recover_s = time.monotonic() - killed
        outcome.notes["job_processes_after"] = said["checks"]["job_processes"]
        outcome.notes["replaced"] = victim not in said["checks"]["job_processes"]["pids"]
        outcome.notes["zombie"] = _is_zombie(victim)
        wait_for(_all_done(states, jobs), 240, "every job to end")
        outcome.drain_s = time.monotonic() - killed
        outcome.count(*states())
        outcome.notes["restarts"] = metric(api, "verifier_job_process_restarts_total")
    finally:
        stop_all([server])
        outcome.notes["logs"] = {"serve.log": (tmp / "serve.log").read_text()[-3000:]}
    return outcome


def _is_zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return False


def sigterm_under_load(tmp: Path, *, grace_s: float = 4.0, jobs: int = 24) -> Outcome:
    """`serve` with two job processes and a backlog gets SIGTERM while jobs run; and a
    `serve` gets SIGTERM while it is still starting."""
    outcome = Outcome("sqlite", "SIGTERM under load")
    env = service_env(tmp / "data", VERIFIER_SERVICE__GRACE_S=str(grace_s))
    server, api = serve_with_jobs(env, tmp / "serve.log")
    states = lambda: _sqlite_states(tmp / "data" / "jobs.db")  # noqa: E731
    try:
        outcome.submitted = submit_all(api, jobs)
        wait_for(lambda: states()[0].get("running", 0) >= 1, 120, "a running job")
        server.send_signal(signal.SIGTERM)
        began = time.monotonic()
        outcome.notes["exit_status"] = server.wait(timeout=grace_s + 120)
        outcome.notes["stopped_s"] = round(time.monotonic() - began, 2)
        found, attempts = states()
        outcome.notes["states_after"] = found
        outcome.count(found, attempts)
        # starting again runs the rest: nothing was lost
        server, api = serve_with_jobs(env, tmp / "serve.log")
        wait_for(_all_done(states, jobs), 240, "every job to end")
        outcome.count(*states())
    finally:
        stop_all([server])
    starting = start(
        "serve", "--port", str(free_port()), "--processes", "1", env=env, log=tmp / "early.log"
    )
    time.sleep(0.5)
    starting.send_signal(signal.SIGTERM)
    began = time.monotonic()
    try:
        outcome.notes["early_exit_status"] = starting.wait(timeout=grace_s + 120)
    finally:
        if starting.poll() is None:
            starting.kill()
    outcome.notes["early_stopped_s"] = round(time.monotonic() - began, 2)
    outcome.notes["logs"] = {"serve.log": (tmp / "serve.log").read_text()[-3000:]}
    return outcome


# --- a report of the largest allowed response -------------------------------------------------


def tiled_report(unit: dict[str, Any], chars: int) -> dict[str, Any]:
    """``unit`` (a report, as a dict) repeated until its response is ``chars`` long: its
    claims, copy matches and grammar findings repeated at their offsets in each copy,
    with fresh claim ids. A report of the largest allowed response in a second, where
    checking one takes half a minute."""
    text = unit["request"]["response"] + "\n\n"
    times = -(-chars // len(text))
    words = unit["plagiarism"]["response_words"]
    report = json.loads(json.dumps(unit))
    response = (text * times)[:chars]
    report["request"]["response"] = response
    report["request"]["response_sha256"] = hashlib.sha256(response.encode()).hexdigest()
    claims, matches, grammar = [], [], []
    for k in range(times):
        shift = k * len(text)
        for c in unit["claims"]:
            if c["end"] + shift <= chars:
                claims.append(
                    {
                        **c,
                        "id": f"c{len(claims) + 1}",
                        "start": c["start"] + shift,
                        "end": c["end"] + shift,
                    }
                )
        for m in unit["plagiarism"]["matches"]:
            if m["response_end"] + shift <= chars:
                matches.append(
                    {
                        **m,
                        "response_start": m["response_start"] + shift,
                        "response_end": m["response_end"] + shift,
                        "word_start": m["word_start"] + k * words,
                        "word_end": m["word_end"] + k * words,
                    }
                )
        for g in unit["grammar"]["matches"]:
            if g["end"] + shift <= chars:
                grammar.append({**g, "start": g["start"] + shift, "end": g["end"] + shift})
    report["claims"] = claims
    report["plagiarism"]["matches"] = matches
    report["plagiarism"]["response_words"] = words * times
    report["grammar"]["matches"] = grammar
    return report
