"""Benchmark: the rater's page of the largest response the limits allow.

1. Checks a 2,000,000-character response (``limits.max_response_chars``; generated
   sentences with a date and a record number each, every one a check-worthy claim) with
   `verifier check --no-web` and the offline example corpus, and keeps its report. Or
   ``--report FILE`` takes one already made.
2. Renders its pages as a job process does when it stores the report
   (:func:`workers.rendered.render_report`), in a fresh process: wall time, peak Python
   memory (tracemalloc) and the process's peak RSS over the report already in memory;
   pages and their largest size. The old renderer is not run: on the same report it gave
   no answer in 300 s.
3. Stores the report with its pages in a job store and starts `verifier serve
   --concurrency 0` on it; GETs page 1 and the last page of
   ``/v1/checks/{id}/report.html`` and the report's JSON, ten times each: p50 and max
   time, and the API process's peak RSS (VmHWM) before and after. Then SIGTERM: how long
   `serve` takes to stop.

Run: ``python bench/large_report.py [--report FILE] [--chars 2000000]``.
Target (issue 27): a page in at most 2 s and 200 MB.
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
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.workers.test_processes import CORPUS, Api, free_port, start  # noqa: E402

_RENDER = r"""
import json, resource, sys, time, tracemalloc
from verifier.schema import Report
from workers.rendered import render_report
data = json.load(open(sys.argv[1]))
report = Report.from_dict(data)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
began = time.perf_counter()
rendered = render_report(report, data)
took = time.perf_counter() - began
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
tracemalloc.start()  # a second run for the memory (tracemalloc slows it several times)
render_report(report, data)
peak = tracemalloc.get_traced_memory()[1]
tracemalloc.stop()
json.dump({"took_s": took, "peak_mb": peak / 2**20, "rss_before_mb": before / 1024,
           "rss_after_mb": after / 1024, "pages": rendered.pages, "summary": rendered.summary},
          open(sys.argv[2], "w"))
"""


def _text(chars: int) -> str:
    rng = random.Random(27)
    subjects = [
        "The Louvre",
        "Radium",
        "The Eiffel Tower",
        "Mount Everest",
        "The Nile",
        "Marie Curie",
    ]
    verbs = [
        "opened as a museum in",
        "was discovered in",
        "was completed in",
        "was first measured in",
    ]
    out, n = [], 0
    while n < chars:
        s = f"{rng.choice(subjects)} {rng.choice(verbs)} {rng.randint(1500, 2000)}, according to record {rng.randint(1, 10**6)}. "
        if rng.random() < 0.1:
            s += "\n\n"
        out.append(s)
        n += len(s)
    return "".join(out)[:chars]


def _vm(pid: int, field: str) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", help="a report (JSON) to use instead of checking one")
    parser.add_argument("--chars", type=int, default=2_000_000)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="verifier-large-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("VERIFIER_")}
    env.update(
        {"VERIFIER_DATA_DIR": str(tmp / "data"), "VERIFIER_SERVICE__RATE_LIMIT_PER_MINUTE": "0"}
    )
    rows: list[tuple[str, str]] = []
    if args.report:
        report_path = Path(args.report)
    else:
        text = tmp / "response.txt"
        text.write_text(_text(args.chars))
        report_path = tmp / "report.json"
        began = time.monotonic()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "workers",
                "check",
                str(text),
                "--no-web",
                "--corpus",
                str(CORPUS),
                "--out",
                str(report_path),
            ],
            env=env,
            check=False,
            capture_output=True,
        )
        rows.append(("check of the response (context)", f"{time.monotonic() - began:.1f} s"))
    data = json.loads(report_path.read_text())
    size = len(data["request"]["response"])
    claims = sum(1 for c in data["claims"] if c["check_worthy"])
    rows.append(
        (
            "response / report",
            f"{size:,} characters; {claims:,} claims; report {report_path.stat().st_size / 2**20:.1f} MB of JSON",
        )
    )
    out = tmp / "rendered.json"
    subprocess.run([sys.executable, "-c", _RENDER, str(report_path), str(out)], env=env, check=True)
    rendered = json.loads(out.read_text())
    pages = rendered["pages"]
    rows.append(("render all pages in the job process", f"{rendered['took_s']:.2f} s"))
    rows.append(("  its peak Python memory (tracemalloc)", f"{rendered['peak_mb']:.0f} MB"))
    rows.append(
        (
            "  process peak RSS, report loaded -> rendered",
            f"{rendered['rss_before_mb']:.0f} -> {rendered['rss_after_mb']:.0f} MB",
        )
    )
    rows.append(("  pages; largest page", f"{len(pages)}; {max(map(len, pages)) / 2**20:.2f} MB"))

    from workers.rendered import Rendered
    from workers.store.jobstore import SqliteJobStore

    store = SqliteJobStore(tmp / "data" / "jobs.db")
    key, token = store.create_key("rater")
    job, _ = store.submit({"response": "x"}, owner=key.id, options={})
    store.lease_job("bench", 60)
    store.complete(job.id, "bench", data, Rendered(pages, rendered["summary"]))
    store.close()
    port = free_port()
    rss_peak = 0.0
    server = start(
        "serve", "--port", str(port), "--concurrency", "0", env=env, log=tmp / "serve.log"
    )
    try:
        api = Api(port, token)
        api.wait_up(timeout=120)
        rss_before = _vm(server.pid, "VmRSS")
        rss_pages = 0.0
        for name, path in (
            ("GET report.html?page=1", f"/v1/checks/{job.id}/report.html?page=1"),
            (
                f"GET report.html?page={len(pages)}",
                f"/v1/checks/{job.id}/report.html?page={len(pages)}",
            ),
            ("GET the report (JSON, for contrast)", f"/v1/checks/{job.id}"),
        ):
            times = []
            for _ in range(10):
                req = urllib.request.Request(
                    api.base + path, headers={"Authorization": f"Bearer {token}"}
                )
                began = time.perf_counter()
                with urllib.request.urlopen(req, timeout=120) as resp:
                    body = resp.read()
                times.append(time.perf_counter() - began)
            rows.append(
                (
                    name,
                    f"p50 {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms ({len(body) / 2**20:.2f} MB)",
                )
            )
            if "html" in path:
                rss_pages = _vm(server.pid, "VmHWM")
        rss_peak = _vm(server.pid, "VmHWM")
        rows.append(
            (
                "API process RSS: started; peak after the pages; after the JSON",
                f"{rss_before:.0f}; {rss_pages:.0f}; {rss_peak:.0f} MB",
            )
        )
        server.send_signal(signal.SIGTERM)
        began = time.monotonic()
        code = server.wait(timeout=120)
        rows.append(
            ("SIGTERM to serve: stopped in", f"{time.monotonic() - began:.2f} s (exit {code})")
        )
    finally:
        if server.poll() is None:
            server.kill()
    print("| measure | value |\n|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")
    page = next(v for n, v in rows if n.startswith("GET report.html?page=1"))
    print(
        f"\nsummary: a {size:,}-character response ({claims:,} claims) rendered once, in the job "
        f"process, in {rendered['took_s']:.2f} s ({len(pages)} pages); the API serves page 1 in "
        f"{page.split(',')[0].removeprefix('p50 ')}, its process at {rss_pages:.0f} MB at most"
    )


if __name__ == "__main__":
    main()
