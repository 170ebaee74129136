"""Benchmark: the service on loopback.

Starts ``verifier serve`` (2 workers, the bundled offline corpus, no web) in its own
process with a fresh data dir, creates a key with ``verifier keys create``, then:

1. submits ``--jobs`` checks with ``--clients`` concurrent clients and measures
   submissions per second (each answered 202 after the job is persisted);
2. while the workers are busy with that backlog, reads ``GET /v1/checks/{id}`` for random
   jobs (``--reads`` requests, ``--clients`` at once) and measures p50/p95 latency;
3. waits for the backlog to finish and reports jobs per second.

Run: ``python bench/service.py [--jobs 500] [--reads 1000] [--clients 16]``.
Targets (loopback, 2 cores): >= 100 submissions/s; GET p95 < 100 ms with workers busy.
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
        ids: list[str] = []
        gate = asyncio.Semaphore(args.clients)

        async def submit(i: int) -> None:
            async with (
                gate,
                http.post(base + "/v1/checks", json={"response": RESPONSE.format(i=i)}) as resp,
            ):
                assert resp.status == 202, await resp.text()
                ids.append((await resp.json())["id"])

        started = time.perf_counter()
        await asyncio.gather(*(submit(i) for i in range(args.jobs)))
        submit_s = time.perf_counter() - started
        latencies: list[float] = []
        states: dict[str, int] = {}

        async def read() -> None:
            async with gate:
                t = time.perf_counter()
                async with http.get(f"{base}/v1/checks/{random.choice(ids)}") as resp:
                    body = await resp.json()
                latencies.append(time.perf_counter() - t)
                states[body["state"]] = states.get(body["state"], 0) + 1

        async with http.get(base + "/healthz") as resp:
            busy_at_start = (await resp.json())["jobs"]
        await asyncio.gather(*(read() for _ in range(args.reads)))
        while True:
            async with http.get(base + "/healthz") as resp:
                jobs = (await resp.json())["jobs"]
            if jobs["queued"] == 0 and jobs["running"] == 0:
                break
            await asyncio.sleep(0.2)
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
        f"| backlog when reads began | {busy_at_start['queued']} queued, {busy_at_start['running']} running |"
    )
    print(
        f"| GET /v1/checks/{{id}} with workers busy | {len(latencies)} reads, p50 {p50:.1f} ms, p95 {p95:.1f} ms |"
    )
    print(f"| states seen by the reads | {states} |")
    print(
        f"| all {args.jobs} jobs finished (2 workers) | {total_s:.1f} s = {args.jobs / total_s:.1f} jobs/s; final {jobs} |"
    )
    ok = rate >= 100 and p95 < 100 and jobs["done"] == args.jobs
    print(
        f"\nsummary: {rate:,.0f} submissions/s (target >= 100), GET p50 {p50:.1f} ms / p95 "
        f"{p95:.1f} ms with workers busy (target p95 < 100 ms), {jobs['done']}/{args.jobs} done "
        f"-> {'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=500)
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
            "verifier",
            "serve",
            "--port",
            str(port),
            "--concurrency",
            "2",
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
