"""Benchmark: the service on loopback, reading finished reports while the jobs run.

Starts ``verifier serve`` (job processes beside the API: ``--processes``, default one per
core, 2 jobs at once in each; the bundled offline corpus, no web) in its own process with a
fresh data dir, creates a key with ``verifier keys create``, then:

1. checks ``--finished`` responses of realistic size (about 200 words, seven claims, a
   copied passage) and waits for their reports: the reads below fetch those;
2. submits ``--jobs`` more checks with ``--clients`` concurrent clients and measures
   submissions per second (each answered 202 after the job is persisted);
3. while the job processes are saturated with that backlog, reads
   ``GET /v1/checks/{id}`` of the finished checks (the whole report in the body;
   ``--reads`` requests, ``--clients`` at once) and measures p50/p95 latency;
4. waits for the backlog to finish and reports jobs per second.

Run: ``python bench/service.py [--jobs 300] [--finished 20] [--reads 1000] [--clients 16]
[--processes N]``. Targets (loopback, 2 cores): >= 100 submissions/s; GET p95 of finished
reports < 50 ms with the job processes saturated.
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


async def measure(args: argparse.Namespace, port: int, token: str) -> int:
    base = f"http://127.0.0.1:{port}"
    headers = {"Authorization": f"Bearer {token}"}
    async with aiohttp.ClientSession(headers=headers) as http:
        for _ in range(300):
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
                await asyncio.sleep(0.2)

        async def post(text: str) -> str:
            async with gate, http.post(base + "/v1/checks", json={"response": text}) as resp:
                assert resp.status == 202, await resp.text()
                return str((await resp.json())["id"])

        finished = await asyncio.gather(*(post(FULL.format(i=i)) for i in range(args.finished)))
        await wait_idle()
        sizes = []
        for job_id in finished:
            async with http.get(f"{base}/v1/checks/{job_id}") as resp:
                body = await resp.read()
                sizes.append(len(body))
        started = time.perf_counter()
        await asyncio.gather(*(post(RESPONSE.format(i=i)) for i in range(args.jobs)))
        submit_s = time.perf_counter() - started
        latencies: list[float] = []
        states: dict[str, int] = {}

        async def read() -> None:
            async with gate:
                t = time.perf_counter()
                async with http.get(f"{base}/v1/checks/{random.choice(finished)}") as resp:
                    body = await resp.json()
                latencies.append(time.perf_counter() - t)
                states[body["state"]] = states.get(body["state"], 0) + 1

        async with http.get(base + "/healthz") as resp:
            busy_at_start = (await resp.json())["jobs"]
        await asyncio.gather(*(read() for _ in range(args.reads)))
        async with http.get(base + "/healthz") as resp:
            busy_at_end = (await resp.json())["jobs"]
        jobs = await wait_idle()
        total_s = time.perf_counter() - started
    latencies.sort()
    p50 = statistics.median(latencies) * 1000
    p95 = latencies[int(0.95 * (len(latencies) - 1))] * 1000
    rate = args.jobs / submit_s
    print("| measure | value |")
    print("|---|---|")
    print(
        f"| jobs submitted ({args.clients} clients) | {args.jobs} in {submit_s:.2f} s = {rate:,.0f}/s |"
    )
    print(
        f"| finished reports read | {len(finished)}, {statistics.median(sizes) / 1000:.0f} kB each (median) |"
    )
    print(
        f"| backlog when reads began / ended | {busy_at_start['queued']} queued, "
        f"{busy_at_start['running']} running / {busy_at_end['queued']} queued, "
        f"{busy_at_end['running']} running |"
    )
    print(
        f"| GET /v1/checks/{{id}} (finished) with job processes saturated | {len(latencies)} reads, p50 {p50:.1f} ms, p95 {p95:.1f} ms |"
    )
    print(f"| states seen by the reads | {states} |")
    print(
        f"| all {args.jobs} jobs finished | {total_s:.1f} s = {args.jobs / total_s:.1f} jobs/s; final {jobs} |"
    )
    saturated = busy_at_end["running"] > 0 and busy_at_end["queued"] > 0
    done = jobs["done"] == args.jobs + args.finished
    ok = rate >= 100 and p95 < 50 and done and saturated
    print(
        f"\nsummary: {rate:,.0f} submissions/s (target >= 100), GET of finished reports p50 "
        f"{p50:.1f} ms / p95 {p95:.1f} ms with the job processes saturated throughout: "
        f"{saturated} (target p95 < 50 ms), {jobs['done']}/{args.jobs + args.finished} done "
        f"-> {'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=300)
    parser.add_argument("--finished", type=int, default=20)
    parser.add_argument("--processes", type=int, default=0, help="job processes (0: one per core)")
    parser.add_argument("--reads", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=16)
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="verifier-bench-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("VERIFIER_")}
    env.update(
        {
            "VERIFIER_DATA_DIR": str(data),
            "VERIFIER_SERVICE__RATE_LIMIT_PER_MINUTE": "0",
            "VERIFIER_SERVICE__POLL_S": "0.05",
        }
    )
    made = subprocess.run(
        [sys.executable, "-m", "workers", "keys", "create", "--role", "service"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    token = made.stdout.strip().splitlines()[-1]
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "workers",
            "serve",
            "--port",
            str(port),
            "--concurrency",
            "2",
            "--processes",
            str(args.processes),
            "--no-web",
            "--corpus",
            str(ROOT / "examples" / "corpus"),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        return asyncio.run(measure(args, port, token))
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=120)


if __name__ == "__main__":
    sys.exit(main())
