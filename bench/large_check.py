"""Benchmark: the whole check of the largest response the limits admit, stage by stage.

Runs ``verifier check --corpus DIR --no-web`` (the command line, in a fresh process per
input, one core) on responses of ``limits.max_response_chars`` (2,000,000) characters,
the same kinds as ``bench/plagiarism_speed.py --large``: real prose (the PAN13 suspicious
documents), an edited copy of the corpus (a word in 40 changed), the same without
sentence punctuation (one "sentence"), one paragraph repeated, one token, and the prose
with a distinct link in every sentence (cited resources are looked for). The corpus
is the first PAN13 source documents (plus, for the edited cases, the edited text itself
as one more document). Each stage is timed in the process by wrapping its function:
claims (extraction), exemptions, evidence (search and pages), copy check, grammar,
spelling, the other rubric rules, and rendering the text report and the rater's pages
(as a job process renders them before it stores the report).

Target (issue 39): each input checked well within the default job timeout
(``service.job_timeout_s`` 0: the report budget plus 60 s, 960 s by default), here under
a quarter of it. An input that runs past ``--timeout`` is stopped and says so.

Run: ``python bench/large_check.py [--chars N] [--timeout S] [--only NAME-PREFIX]``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.plagiarism_speed import DATA, LARGE_DOCUMENTS, large_responses  # noqa: E402
from verifier.config import Settings  # noqa: E402

STAGES = [
    "claims",
    "exemptions",
    "evidence",
    "copy check",
    "grammar",
    "spelling",
    "other rules",
    "render text",
    "render pages",
]

_CHILD = r"""
import json, sys, time
import verifier.pipeline as pipeline
import verifier.rubric.scorer as scorer
took = {}

def timed(module, name, stage):
    inner = getattr(module, name)
    if hasattr(inner, "__code__") and inner.__code__.co_flags & 0x80:  # a coroutine function
        async def outer(*a, **k):
            t = time.perf_counter()
            try:
                return await inner(*a, **k)
            finally:
                took[stage] = took.get(stage, 0.0) + time.perf_counter() - t
    else:
        def outer(*a, **k):
            t = time.perf_counter()
            try:
                return inner(*a, **k)
            finally:
                took[stage] = took.get(stage, 0.0) + time.perf_counter() - t
    setattr(module, name, outer)

timed(pipeline, "extract_claims", "claims")
timed(pipeline, "find_exemptions", "exemptions")
timed(pipeline, "_gather", "evidence")
timed(pipeline, "detect", "copy check")
timed(pipeline, "grammar_of", "grammar")
timed(pipeline, "score_rubric", "rubric")
timed(scorer, "check_spelling", "spelling")
from workers.cli import main as cli
began = time.perf_counter()
try:
    cli.main(["check", sys.argv[1], "--corpus", sys.argv[2], "--no-web", "--out", sys.argv[3]],
             standalone_mode=False)
except SystemExit:
    pass
took["check"] = time.perf_counter() - began
from verifier.schema import Report
from verifier.render.text import report_text
from workers.rendered import render_report
data = json.load(open(sys.argv[3]))
report = Report.from_dict(data)
t = time.perf_counter(); report_text(report); took["render text"] = time.perf_counter() - t
t = time.perf_counter(); pages = render_report(report, data).pages
took["render pages"] = time.perf_counter() - t
took["other rules"] = took.pop("rubric", 0.0) - took.get("spelling", 0.0)
took["claims_n"] = len(data["claims"])
took["copied"] = data["plagiarism"]["copied_share"]
json.dump(took, open(sys.argv[4], "w"))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chars", type=int, default=Settings().limits.max_response_chars)
    parser.add_argument("--timeout", type=float, default=0.0, help="per input (0: the job timeout)")
    parser.add_argument("--only", default="", help="only the inputs whose name starts so")
    args = parser.parse_args()
    if not DATA.is_dir():
        print(f"no data at {DATA}: nothing measured")
        return 0
    settings = Settings()
    job_timeout = settings.service.job_timeout_s or settings.limits.report_budget_s + 60
    cap = args.timeout or job_timeout
    target = job_timeout / 4
    documents = sorted(DATA.glob("*.txt"))[:LARGE_DOCUMENTS]
    header = ["input", "claims n", *STAGES, "whole check", "copied"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    worst = 0.0
    inputs = large_responses(DATA, args.chars)
    prose = inputs["prose (PAN suspicious documents)"][0]
    linked = re.sub(r"\. ", lambda m: f" (https://example.org/p{m.start()}). ", prose)
    inputs["prose with a link in every sentence"] = (linked[: args.chars], None)
    for name, (response, extra) in inputs.items():
        if args.only and not name.startswith(args.only):
            continue
        with tempfile.TemporaryDirectory() as tmp:
            corpus = Path(tmp) / "corpus"
            corpus.mkdir()
            for p in documents:
                (corpus / p.name).symlink_to(p.resolve())
            if extra is not None:
                (corpus / "edited-source.txt").write_text(extra, encoding="utf-8")
            source = Path(tmp) / "response.txt"
            source.write_text(response, encoding="utf-8")
            child = Path(tmp) / "child.py"
            child.write_text(_CHILD, encoding="utf-8")
            out, times = Path(tmp) / "report.json", Path(tmp) / "times.json"
            began = time.perf_counter()
            try:
                subprocess.run(
                    [sys.executable, str(child), str(source), str(corpus), str(out), str(times)],
                    check=True,
                    timeout=cap,
                    cwd=ROOT,
                    env={**os.environ, "PYTHONPATH": str(ROOT)},
                    stdout=subprocess.DEVNULL,
                )
                took = json.loads(times.read_text())
            except subprocess.TimeoutExpired:
                took = {}
            except subprocess.CalledProcessError as e:
                took = {"error": e.returncode}
            wall = time.perf_counter() - began
        worst = max(worst, wall)
        if not took or "error" in took:
            why = f"stopped after {cap:.0f} s" if not took else f"failed ({took['error']})"
            print(f"| {name} | " + " | ".join(["-"] * (len(header) - 3)) + f" | {why} | - |")
            worst = max(worst, cap * 10)
            continue
        cells = [f"{took.get(s, 0.0):.1f}" for s in STAGES]
        print(
            f"| {name} | {took['claims_n']:,} | "
            + " | ".join(cells)
            + f" | {took['check'] + took['render text'] + took['render pages']:.1f} | "
            + f"{took['copied']:.0%} |",
            flush=True,
        )
    ok = worst <= target
    print(
        f"summary: whole check of {args.chars:,}-character responses against {len(documents)} "
        f"corpus documents, one process each: slowest {min(worst, cap):.1f} s wall"
        f"{' (stopped)' if worst > cap else ''} (target <= {target:.0f} s, a quarter of the "
        f"default job timeout {job_timeout:.0f} s) -> {'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
