"""Benchmark: a chaos soak of the service, on SQLite and on PostgreSQL (issue 39).

`verifier serve` (two job processes; on PostgreSQL also a `verifier worker`) on the offline
corpus is sent ``--count`` checks: small ones with a callback to a loopback receiver, and
mixed in, poison (a NUL, an escape character: refused 422), oversized responses (over
2,000,000 characters: refused 413) and ``--large`` responses of 2,000,000 characters
(accepted and checked). Meanwhile every ``--kill-every`` seconds one of the service's
processes is SIGKILLed: a job process (serve replaces it), the worker (restarted), or the
API itself (serve, restarted on its port; submissions that found it down are sent again
with their Idempotency-Key). The job processes' RSS is sampled as it goes.

At the end it prints, per store: reports done / failed / lost / duplicate, callbacks
delivered / missing / duplicated, p50/p95 time to done of the small checks, the kills, and
RSS over time (the job processes' median RSS in the first and last quarter of the run), as
a table and a one-line summary.

Targets: 0 lost, 0 duplicate reports, 0 missing callbacks after any SIGKILL, every poison
refused, small checks' p95 unchanged by the mix, job-process RSS flat within 5%.

Run: ``python bench/soak.py [--count 2000] [--stores sqlite,postgres] [--kill-every 8]
[--large 2] [--rate 3] [--minutes 30]`` (``--rate``: submissions per second, so that time to
done is the check's and not a backlog's; 0 sends as fast as the API takes them). PostgreSQL is the server at 127.0.0.1:5432 (trust auth; a
database of its own is made and dropped).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections import Counter
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.workers import faults  # noqa: E402
from tests.workers.test_processes import CORPUS, Api, free_port, start, stop_all  # noqa: E402

ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/test"
SMALL = "Radium has the symbol Ra and atomic number 88. Marie Curie won the Nobel Prize in {i}."
PROSE = (
    "The Louvre opened as a museum in 1793. Radium has the symbol Ra and atomic number 88. "
    "Marie Curie won the Nobel Prize in Physics in 1903 and in Chemistry in 1911. "
)


class Receiver:
    """A loopback scorer: counts the callbacks each job gets."""

    def __init__(self) -> None:
        self.got: Counter[str] = Counter()
        lock = threading.Lock()
        got = self.got

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with lock:
                    got[json.loads(body)["job_id"]] += 1
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                return

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()


@dataclass
class Run:
    store: str
    submitted: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)  # kind -> 4xx answers
    accepted: dict[str, str] = field(default_factory=dict)  # job id -> kind
    kills: Counter[str] = field(default_factory=Counter)
    rss: list[tuple[float, float]] = field(default_factory=list)  # (t, median MB)
    states: Counter[str] = field(default_factory=Counter)
    lost: int = 0
    duplicates: int = 0
    poison_failed_ok: int = 0
    callbacks: Counter[str] = field(default_factory=Counter)
    p50: float | None = None
    p95: float | None = None
    large_s: list[float] = field(default_factory=list)
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)


def post(api: Api, body: bytes, key: str) -> tuple[int | None, dict[str, Any]]:
    req = urllib.request.Request(
        api.base + "/v1/checks",
        data=body,
        method="POST",
        headers={
            "Authorization": f"Bearer {api.token}",
            "Content-Type": "application/json",
            "Idempotency-Key": key,
        },
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        try:
            return exc.code, json.loads(exc.read() or b"{}")
        except ValueError:
            return exc.code, {}
    except (OSError, ValueError):
        return None, {}


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


class Service:
    """serve (and on PostgreSQL one worker), restartable after a SIGKILL."""

    def __init__(self, env: dict[str, str], tmp: Path, worker: bool) -> None:
        self.env, self.tmp, self.with_worker = env, tmp, worker
        self.port = free_port()
        token = faults.new_key(env, "rater")
        self.api = Api(self.port, token)
        self.serve: subprocess.Popen[bytes] | None = None
        self.worker: subprocess.Popen[bytes] | None = None
        self.lock = threading.Lock()
        self.start_serve()
        if worker:
            self.start_worker()

    def start_serve(self) -> None:
        self.serve = start(
            "serve",
            "--port",
            str(self.port),
            "--processes",
            "2",
            "--no-web",
            "--corpus",
            str(CORPUS),
            env=self.env,
            log=self.tmp / "serve.log",
        )
        self.api.wait_up(timeout=120)

    def start_worker(self) -> None:
        self.worker = start(
            "worker", "--corpus", str(CORPUS), env=self.env, log=self.tmp / "worker.log"
        )

    def job_pids(self) -> list[int]:
        try:
            with urllib.request.urlopen(self.api.base + "/healthz", timeout=10) as resp:
                body = json.loads(resp.read())
            return list(body["checks"]["job_processes"]["pids"])
        except (OSError, ValueError, KeyError):
            return []

    def kill_one(self, rng: random.Random) -> str:
        with self.lock:
            choices = ["job process"] * 6 + ["api"] + (["worker"] * 2 if self.with_worker else [])
            what = rng.choice(choices)
            if what == "job process":
                pids = self.job_pids()
                if not pids:
                    return ""
                os.kill(rng.choice(pids), signal.SIGKILL)
            elif what == "worker" and self.worker is not None:
                self.worker.kill()
                self.worker.wait()
                self.start_worker()
            elif what == "api" and self.serve is not None:
                self.serve.kill()
                self.serve.wait()
                time.sleep(1.5)  # its job processes notice and stop
                self.start_serve()
            return what

    def stop(self) -> None:
        stop_all([p for p in (self.serve, self.worker) if p is not None])


def _rows(store: str, where: Any, sql: str) -> list[tuple[Any, ...]]:
    if store == "sqlite":
        import sqlite3

        lite = sqlite3.connect(f"file:{where}?mode=ro", uri=True, timeout=30)
        try:
            return list(lite.execute(sql).fetchall())
        finally:
            lite.close()
    import psycopg

    with psycopg.connect(where, connect_timeout=5) as conn:
        return list(conn.execute(sql).fetchall())


def body_of(kind: str, i: int, receiver: Receiver) -> bytes:
    options = {"callback_url": receiver.url}
    if kind == "small":
        return json.dumps({"response": SMALL.format(i=1800 + i % 200), "options": options}).encode()
    if kind == "poison":
        text = "Marie Curie\u0000 won the Nobel Prize in 1903." if i % 2 else "Ra\u001b[31m 88"
        return json.dumps({"response": text, "options": options}).encode()
    if kind == "oversized":
        return json.dumps({"response": "x" * 2_000_001}).encode()
    if kind == "large_prose":
        text = (PROSE * (2_000_000 // len(PROSE) + 1))[:2_000_000]
        return json.dumps({"response": text, "options": options}).encode()
    # large_token: one 2,000,000-character token
    return json.dumps({"response": "a" * 2_000_000, "options": options}).encode()


def soak(store: str, args: argparse.Namespace, tmp: Path) -> Run:
    run = Run(store)
    receiver = Receiver()
    extra = {
        "VERIFIER_SERVICE__CALLBACK_ALLOW_HOSTS": "127.0.0.1",
        "VERIFIER_SERVICE__CALLBACK_BACKOFF_S": "0.5",
        "VERIFIER_SERVICE__CALLBACK_TIMEOUT_S": "5",
        "VERIFIER_SERVICE__MAX_ATTEMPTS": "5",
    }
    database = ""
    admin = None
    if store == "postgres":
        import psycopg

        admin = psycopg.connect(ADMIN_URL, autocommit=True)
        name = f"verifier_soak_{uuid.uuid4().hex[:8]}"
        admin.execute(f'CREATE DATABASE "{name}"')
        database = ADMIN_URL.rsplit("/", 1)[0] + "/" + name
        extra["VERIFIER_SERVICE__DATABASE"] = database
    env = faults.service_env(tmp / "data", **extra)
    if database:
        migrated = faults.verifier("db", "migrate", env=env)
        assert migrated.returncode == 0, migrated.stderr
    where: Any = database or (tmp / "data" / "jobs.db")
    service = Service(env, tmp, worker=bool(database))
    rng = random.Random(39)
    stop = threading.Event()
    began = time.monotonic()

    def chaos() -> None:
        while not stop.wait(args.kill_every):
            what = service.kill_one(rng)
            if what:
                run.kills[what] += 1

    def sample() -> None:
        while not stop.wait(5):
            sizes = [m for p in service.job_pids() if (m := rss_mb(p)) is not None]
            if sizes:
                run.rss.append((time.monotonic() - began, statistics.median(sizes)))

    threads = [
        threading.Thread(target=chaos, daemon=True),
        threading.Thread(target=sample, daemon=True),
    ]
    for t in threads:
        t.start()
    try:
        _submit_all(run, service, _kinds(args), receiver, began + args.minutes * 60, args.rate)
        _drain(store, where, args.drain_s)
        stop.set()
        for t in threads:
            t.join(timeout=30)
        _wait_callbacks(store, where)
        _tally(run, store, where, receiver)
    finally:
        stop.set()
        service.stop()
        receiver.close()
        run.seconds = time.monotonic() - began
        if admin is not None:
            admin.execute(f'DROP DATABASE IF EXISTS "{database.rsplit("/", 1)[1]}" WITH (FORCE)')
            admin.close()
    return run


def _kinds(args: argparse.Namespace) -> list[str]:
    """What is sent, in order: small checks, a poison every twentieth, an oversized one
    every eightieth, the 2,000,000-character ones spread over the run."""
    kinds = []
    for i in range(args.count):
        kinds.append("small")
        if i % 20 == 10:
            kinds.append("poison")
        if i % 80 == 40:
            kinds.append("oversized")
    for j in range(args.large):
        at = len(kinds) // (args.large + 1) * (j + 1)
        kinds.insert(at, "large_prose" if j % 2 == 0 else "large_token")
    return kinds


def _submit_all(
    run: Run,
    service: Service,
    kinds: list[str],
    receiver: Receiver,
    deadline: float,
    rate: float,
) -> None:
    began = time.monotonic()
    for i, kind in enumerate(kinds):
        if rate > 0:  # paced: time to done is the check's, not a backlog's
            time.sleep(max(0.0, began + i / rate - time.monotonic()))
        if time.monotonic() > deadline:
            run.notes.append(f"stopped submitting after {i} of {len(kinds)} (--minutes)")
            return
        run.submitted[kind] += 1
        body = body_of(kind, i, receiver)
        while True:
            status, answer = post(service.api, body, f"soak-{i}")
            if status == 202:
                run.accepted[answer["id"]] = kind
                break
            if status is not None and 400 <= status < 500 and status != 429:
                run.refused[f"{kind} {status}"] += 1
                break
            time.sleep(0.3)  # the API is down or busy: the same key again


def _drain(store: str, where: Any, drain_s: float) -> None:
    """Wait until no job is queued or running (at most ``drain_s``)."""
    end_by = time.monotonic() + drain_s
    while time.monotonic() < end_by:
        rows = _rows(store, where, "SELECT state, count(*) FROM jobs GROUP BY state")
        if sum(c for s, c in rows if s in ("queued", "running")) == 0:
            return
        time.sleep(1)


def _wait_callbacks(store: str, where: Any, wait_s: float = 60) -> None:
    end_by = time.monotonic() + wait_s
    sql = "SELECT count(*) FROM callback_outbox WHERE sent_at IS NULL AND gave_up_at IS NULL"
    while time.monotonic() < end_by and _rows(store, where, sql)[0][0]:
        time.sleep(1)


def _tally(run: Run, store: str, where: Any, receiver: Receiver) -> None:
    sql = "SELECT id, state, created_at, finished_at, error, attempts FROM jobs"
    jobs = {r[0]: r for r in _rows(store, where, sql)}
    reports = Counter(r[0] for r in _rows(store, where, "SELECT job_id FROM reports"))
    small = []
    for job_id, kind in run.accepted.items():
        row = jobs.get(job_id)
        if row is None or row[1] not in ("done", "failed", "cancelled"):
            run.lost += 1
            state = "missing" if row is None else f"{row[1]}, {row[5]} attempt(s)"
            run.notes.append(f"not ended {job_id[:8]} ({kind}): {state}")
            continue
        run.states[row[1]] += 1
        run.duplicates += max(0, reports[job_id] - 1)
        if row[1] == "failed":
            run.notes.append(f"failed {job_id[:8]} ({kind}): {(row[4] or '')[:120]}")
        if row[1] != "done":
            continue
        run.lost += reports[job_id] == 0
        got = receiver.got[job_id]
        run.callbacks["delivered" if got == 1 else "missing" if got == 0 else "duplicated"] += 1
        if kind.startswith("large"):
            run.large_s.append(row[3] - row[2])
        elif kind == "small":
            small.append(row[3] - row[2])
    small.sort()
    if small:
        run.p50 = small[len(small) // 2]
        run.p95 = small[min(len(small) - 1, int(len(small) * 0.95))]


def rss_change(run: Run) -> tuple[float, float, float] | None:
    """Median RSS (MB) of the first and last quarter of the samples, and the change in %."""
    if len(run.rss) < 4:
        return None
    q = len(run.rss) // 4
    first = statistics.median(m for _, m in run.rss[:q])
    last = statistics.median(m for _, m in run.rss[-q:])
    return first, last, 100 * (last - first) / first


def report(runs: list[Run]) -> None:
    head = (
        "| store | checks sent | accepted | refused | done | failed | lost | dup reports "
        "| callbacks delivered / missing / duplicated | small p50 / p95 | 2M checks | kills "
        "| job-process RSS first → last quarter | minutes |"
    )
    print(head)
    print("|" + "---|" * 14)
    for r in runs:
        rss = rss_change(r)
        refused = ", ".join(f"{k}: {v}" for k, v in sorted(r.refused.items())) or "0"
        kills = ", ".join(f"{k} {v}" for k, v in sorted(r.kills.items())) or "0"
        large = ", ".join(f"{s:.0f} s" for s in r.large_s) or "–"
        print(
            f"| {r.store} | {sum(r.submitted.values())} | {len(r.accepted)} | {refused} "
            f"| {r.states['done']} | {r.states['failed']} | {r.lost} | {r.duplicates} "
            f"| {r.callbacks['delivered']} / {r.callbacks['missing']} / {r.callbacks['duplicated']} "
            f"| {'–' if r.p50 is None else f'{r.p50:.1f} s'} / {'–' if r.p95 is None else f'{r.p95:.1f} s'} "
            f"| {large} | {kills} "
            f"| {'–' if rss is None else f'{rss[0]:.0f} → {rss[1]:.0f} MB ({rss[2]:+.1f}%)'} "
            f"| {r.seconds / 60:.1f} |"
        )
    for r in runs:
        for note in r.notes[:10]:
            print(f"  {r.store}: {note}")
        if r.rss:
            step = max(1, len(r.rss) // 8)
            trace = ", ".join(f"{t:.0f}s {m:.0f}MB" for t, m in r.rss[::step])
            print(f"  {r.store} RSS: {trace}")
    lost = sum(r.lost for r in runs)
    dup = sum(r.duplicates for r in runs)
    missing = sum(r.callbacks["missing"] for r in runs)
    twice = sum(r.callbacks["duplicated"] for r in runs)
    killed = sum(sum(r.kills.values()) for r in runs)
    print(
        f"soak: {sum(len(r.accepted) for r in runs)} checks accepted on {len(runs)} store(s), "
        f"{killed} SIGKILLs: {lost} lost, {dup} duplicate reports, {missing} callbacks missing, "
        f"{twice} sent twice"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=2000, help="small checks per store")
    parser.add_argument("--stores", default="sqlite,postgres")
    parser.add_argument("--kill-every", type=float, default=8.0)
    parser.add_argument("--large", type=int, default=2, help="2,000,000-character checks per store")
    parser.add_argument(
        "--rate", type=float, default=3.0, help="submissions per second (0: as fast as taken)"
    )
    parser.add_argument("--minutes", type=float, default=30.0, help="stop submitting after this")
    parser.add_argument("--drain-s", type=float, default=900.0)
    args = parser.parse_args()
    runs = []
    for store in args.stores.split(","):
        with tempfile.TemporaryDirectory(prefix=f"soak-{store}-") as tmp:
            runs.append(soak(store, args, Path(tmp)))
    report(runs)


if __name__ == "__main__":
    main()
