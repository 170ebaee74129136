"""Benchmark: the service on loopback, in both stores, with 1, 2 and 3 worker processes.

For each store (SQLite under one data dir; PostgreSQL with procrastinate's queue, a new
database, each worker with a data dir of its own as if on its own host) and each worker
count, starts the API alone (``verifier serve --concurrency 0``) and the workers
(``verifier worker --concurrency 2``, the bundled offline corpus, no web), creates a key,
then:

1. checks ``--finished`` responses of realistic size (about 200 words, seven claims, a
   copied passage) and waits for their reports: the reads below fetch those;
2. submits ``--jobs`` more checks with ``--clients`` concurrent clients and measures
   submissions per second (each answered 202 after the job, and in PostgreSQL its queue
   task, is committed);
3. while the workers are saturated with that backlog, reads ``GET /v1/checks/{id}`` of the
   finished checks (the whole report in the body; ``--reads`` requests, ``--clients`` at
   once) and measures p50/p95 latency;
4. waits for the backlog to finish: jobs per second, from the first submission.

Run: ``python bench/service.py [--jobs 200] [--modes sqlite,postgres] [--processes 1,2,3]
[--postgres URL]``. Targets for SQLite on one machine (loopback, 2 cores): >= 100
submissions/s; GET p95 of finished reports < 50 ms with the workers saturated. The
PostgreSQL rows are measured without a target: here the database server shares the two
cores with the API and the workers, which is not how it is deployed. Jobs per second is
measured, not targeted; so is a SQLite row with more worker processes than cores (a third
worker on 2 cores has no core of its own, and the API's reads wait for one).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
RESPONSE = (
    "Marie Curie was born in Warsaw in 1867. Radium has the symbol Ra and atomic number 88. "
    "She died in 1934 in the French Alps. Note {i}."
)
# a realistic answer: several claims, one misstated, and a passage taken from a corpus page
FULL = (
    "Marie Curie was a physicist and chemist who conducted pioneering research on "
    "radioactivity. She was born in Warsaw in 1867 and moved to Paris in 1891 to study. "
    "She was the first woman to win a Nobel Prize, the first person to win a Nobel Prize "
    "twice, and the only person to win a Nobel Prize in two scientific fields. Her husband, "
    "Pierre Curie, was a co-winner of her first Nobel Prize. Radium has the symbol Ra and "
    "atomic number 88; it was discovered in 1898. The first Nobel Prizes were awarded in "
    "1921. She died in 1934 at a sanatorium in Passy, in the French Alps, of aplastic anaemia "
    "probably caused by her long exposure to radiation. Request {i}."
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def measure(args: argparse.Namespace, port: int, token: str) -> dict[str, Any]:
    base = f"http://127.0.0.1:{port}"
    headers = {"Authorization": f"Bearer {token}"}
    async with aiohttp.ClientSession(headers=headers) as http:
        for _ in range(600):
            try:
                async with http.get(base + "/healthz") as resp:
                    if resp.status == 200:
                        break
            except aiohttp.ClientError:
                await asyncio.sleep(0.1)
        gate = asyncio.Semaphore(args.clients)

        async def wait_idle() -> dict[str, int]:
            while True:
                async with http.get(base + "/healthz") as resp:
                    jobs = (await resp.json())["jobs"]
                if jobs["queued"] == 0 and jobs["running"] == 0:
                    return jobs
                await asyncio.sleep(0.1)

        async def post(text: str) -> str:
            async with gate, http.post(base + "/v1/checks", json={"response": text}) as resp:
                assert resp.status == 202, await resp.text()
                return str((await resp.json())["id"])

        finished = await asyncio.gather(*(post(FULL.format(i=i)) for i in range(args.finished)))
        await wait_idle()
        started = time.perf_counter()
        await asyncio.gather(*(post(RESPONSE.format(i=i)) for i in range(args.jobs)))
        submit_s = time.perf_counter() - started
        latencies: list[float] = []

        async def read() -> None:
            async with gate:
                t = time.perf_counter()
                async with http.get(f"{base}/v1/checks/{random.choice(finished)}") as resp:
                    await resp.read()
                latencies.append(time.perf_counter() - t)

        await asyncio.gather(*(read() for _ in range(args.reads)))
        async with http.get(base + "/healthz") as resp:
            busy_at_end = (await resp.json())["jobs"]
        jobs = await wait_idle()
        total_s = time.perf_counter() - started
    latencies.sort()
    return {
        "submit_rate": args.jobs / submit_s,
        "jobs_rate": args.jobs / total_s,
        "p50": statistics.median(latencies) * 1000,
        "p95": latencies[int(0.95 * (len(latencies) - 1))] * 1000,
        "saturated": busy_at_end["running"] > 0 and busy_at_end["queued"] > 0,
        "done": jobs["done"] == args.jobs + args.finished,
    }


def verifier(*args: str, env: dict[str, str]) -> str:
    made = subprocess.run(
        [sys.executable, "-m", "workers", *args], env=env, capture_output=True, text=True
    )
    if made.returncode != 0:
        msg = f"verifier {' '.join(args)} failed: {made.stderr.strip()}"
        raise SystemExit(msg)
    return made.stdout


def spawn(*args: str, env: dict[str, str], nice: int = 0) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        ["nice", "-n", str(nice), sys.executable, "-m", "workers", *args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def run_one(args: argparse.Namespace, mode: str, processes: int) -> dict[str, Any]:
    """The API alone (``serve --concurrency 0``) and ``processes`` worker processes, each
    running 2 jobs at once at nice 10 (as `serve` runs its job processes: on one machine
    the API keeps its share of the cores); SQLite: one data dir shared by all (one machine); PostgreSQL:
    a new database and a data dir per process (as if each were a host of its own)."""
    root = Path(tempfile.mkdtemp(prefix=f"verifier-bench-{mode}-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("VERIFIER_")}
    env.update(
        {
            "VERIFIER_SERVICE__RATE_LIMIT_PER_MINUTE": "0",
            "VERIFIER_SERVICE__POLL_S": "0.05",
            "VERIFIER_DATA_DIR": str(root / "api"),
        }
    )
    admin = None
    name = f"verifier_bench_{os.getpid()}_{processes}"
    if mode == "postgres":
        import psycopg

        admin = psycopg.connect(args.postgres, autocommit=True)
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
        env["VERIFIER_SERVICE__DATABASE"] = args.postgres.rsplit("/", 1)[0] + "/" + name
        verifier("db", "migrate", env=env)
    token = verifier("keys", "create", "--role", "service", env=env).strip().splitlines()[-1]
    port = free_port()
    procs = [spawn("serve", "--port", str(port), "--concurrency", "0", env=env)]
    for i in range(processes):
        host = env if mode == "sqlite" else {**env, "VERIFIER_DATA_DIR": str(root / f"w{i}")}
        corpus = str(ROOT / "examples" / "corpus")
        procs.append(
            spawn("worker", "--concurrency", "2", "--no-web", "--corpus", corpus, env=host)
        )
    try:
        return asyncio.run(measure(args, port, token))
    finally:
        for proc in procs:
            proc.send_signal(signal.SIGTERM)
        for proc in procs:
            proc.wait(timeout=120)
        if admin is not None:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            admin.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=200)
    parser.add_argument("--finished", type=int, default=20)
    parser.add_argument("--reads", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--modes", default="sqlite,postgres")
    parser.add_argument("--processes", default="1,2,3", help="worker process counts to run")
    parser.add_argument(
        "--postgres",
        default="postgresql://postgres@127.0.0.1:5432/test",
        help="a database to connect to for creating the bench's own",
    )
    args = parser.parse_args()
    rows = []
    print(
        "| store | worker processes (2 jobs each) | submissions/s | jobs/s | GET p50 / p95 (finished report, workers saturated) | saturated | all done |"
    )
    print("|---|---|---|---|---|---|---|")
    for mode in args.modes.split(","):
        for processes in (int(n) for n in args.processes.split(",")):
            r = {"mode": mode, "processes": processes, **run_one(args, mode, processes)}
            rows.append(r)
            print(
                f"| {mode} | {processes} | {r['submit_rate']:,.0f} | {r['jobs_rate']:.1f} | "
                f"{r['p50']:.1f} / {r['p95']:.1f} ms | {r['saturated']} | {r['done']} |",
                flush=True,
            )
    rates = ", ".join(f"{r['mode']} {r['processes']}: {r['jobs_rate']:.1f}" for r in rows)
    cores = os.cpu_count() or 1
    one_machine = [r for r in rows if r["mode"] == "sqlite" and r["processes"] <= cores]
    ok = all(r["done"] and r["saturated"] for r in rows) and all(
        r["submit_rate"] >= 100 and r["p95"] < 50 for r in one_machine
    )
    pg = [r for r in rows if r["mode"] == "postgres"]
    pg_text = (
        f"; PostgreSQL (measured, no target: here the database shares the 2 cores with the "
        f"workers): submissions/s min {min(r['submit_rate'] for r in pg):,.0f}, GET p95 max "
        f"{max(r['p95'] for r in pg):.1f} ms"
        if pg
        else ""
    )
    print(
        f"\nsummary: SQLite, one machine, up to one worker per core ({cores}): submissions/s min "
        f"{min((r['submit_rate'] for r in one_machine), default=0):,.0f} (target >= 100), GET "
        f"p95 max {max((r['p95'] for r in one_machine), default=0):.1f} ms (target < 50 ms, "
        f"workers saturated){pg_text}; jobs/s {rates}; every job done: "
        f"{all(r['done'] for r in rows)} -> {'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
