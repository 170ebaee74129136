"""Benchmark: a realistic batch against a local corpus (issue 16).

The 707 cited web pages of WiCE (``../shared/data/claims/wice/claim_{dev,test}.jsonl``)
are indexed as a corpus; each response joins seven WiCE claims (about 150-250 words), the
way an LLM answer strings facts together. The batch runs as ``verifier check --batch
FILE --corpus INDEX --no-web`` does (``workers.batch.check_batch``), in one process
(``--processes 1``) and across processes (the default: one per core), in the same run.

Printed: reports per minute, CPU seconds per report (this process and its children), peak
memory (the largest process), and whether the reports of both runs agree (the same
verdicts and copy matches). Targets: >= 120 reports per minute on 2 cores, CPU per report
<= 0.6 s.

Run: ``python bench/batch.py [--reports N] [--processes N]``. Exits cleanly when the data
folder is missing.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

from verifier.config import Settings
from workers.batch import check_batch, read_batch

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "claims" / "wice"
CLAIMS_PER_RESPONSE = 7


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _peak_mib() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, kids) / 1024


def _corpus(rows: list[dict], folder: Path) -> None:
    for n, row in enumerate(rows):
        lines = [s for s in row["evidence"] if not s.startswith("(meta data)")]
        title = next(
            (s[len("(meta data) TITLE: ") :] for s in row["evidence"] if "TITLE:" in s), ""
        )
        (folder / f"page-{n:04d}.md").write_text(f"# {title}\n\n" + "\n\n".join(lines) + "\n")


def _responses(rows: list[dict], count: int) -> list[str]:
    out = []
    for n in range(count):
        start = (n * CLAIMS_PER_RESPONSE) % max(1, len(rows) - CLAIMS_PER_RESPONSE)
        claims = [r["claim"] for r in rows[start : start + CLAIMS_PER_RESPONSE]]
        out.append(json.dumps({"id": f"r{n}", "response": " ".join(claims)}))
    return out


def _digest(line: str) -> tuple:
    report = json.loads(line)
    if "error" in report:
        return ("error", report["error"])
    return (
        tuple(c["verdict"]["label"] for c in report["claims"] if c.get("verdict")),
        report["plagiarism"]["verdict"],
        len(report["plagiarism"]["matches"]),
    )


async def _run(
    batch: Path, settings: Settings, corpus: str, processes: int
) -> tuple[list[str], float, float]:
    rows = read_batch(str(batch), settings.limits)
    sink = io.StringIO()
    cpu0, t0 = _cpu(), time.perf_counter()
    await check_batch(rows, settings, (corpus,), False, 2, sink, processes=processes)
    return sink.getvalue().splitlines(), time.perf_counter() - t0, _cpu() - cpu0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reports", type=int, default=60)
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    files = [DATA / "claim_dev.jsonl", DATA / "claim_test.jsonl"]
    if not all(f.is_file() for f in files):
        print(f"bench/batch.py: {DATA} not found; nothing to measure")
        return 0
    rows = [json.loads(line) for f in files for line in f.read_text().splitlines()]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "pages").mkdir()
        _corpus(rows, root / "pages")
        settings = Settings().with_overrides({"store.data_dir": str(root / "data")})
        batch = root / "batch.jsonl"
        batch.write_text("\n".join(_responses(rows, args.reports)) + "\n")
        corpus = str(root / "pages")
        # index once, untimed: the batches then read the index as a user's second run would
        (root / "one.jsonl").write_text(_responses(rows, 1)[0] + "\n")
        asyncio.run(_run(root / "one.jsonl", settings, corpus, 1))
        results = {}
        for processes in sorted({1, args.processes}):
            lines, wall, cpu = asyncio.run(_run(batch, settings, corpus, processes))
            results[processes] = (lines, wall, cpu)
    print(
        f"{args.reports} responses of {CLAIMS_PER_RESPONSE} WiCE claims against {len(rows)} "
        "WiCE pages indexed as a corpus"
    )
    print(
        "| processes | reports | wall s | reports/min | CPU s/report | peak MiB (largest process) |"
    )
    print("|---|---|---|---|---|---|")
    for processes, (lines, wall, cpu) in results.items():
        print(
            f"| {processes} | {len(lines)} | {wall:.1f} | {len(lines) / wall * 60:.0f} | "
            f"{cpu / max(1, len(lines)):.2f} | {_peak_mib():.0f} |"
        )
    base = [_digest(line) for line in results[1][0]]
    best = max(results)
    same = [_digest(line) for line in results[best][0]] == base
    lines, wall, cpu = results[best]
    per_min, per_report = len(lines) / wall * 60, cpu / max(1, len(lines))
    errors = sum(
        1 for line in lines if "error" in json.loads(line) and "schema" not in json.loads(line)
    )
    ok = per_min >= 120 and per_report <= 0.6 and same and not errors
    print(
        f"summary: {per_min:.0f} reports/min with {best} process(es) (target >= 120), CPU "
        f"{per_report:.2f} s/report (target <= 0.6), reports equal across process counts: "
        f"{same}, rows failed {errors} -> {'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
