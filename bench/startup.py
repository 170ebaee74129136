"""Benchmark: how fast the ``verifier`` command starts and answers, as whole processes.

Each case starts a fresh interpreter (``subprocess``) several times after a few warm-up
runs that are not counted, and times it from just before the start to the first byte of
its standard output ("first byte") and to its exit ("end"):

- ``verifier --help`` and ``verifier version``;
- ``verifier check`` on the bundled example (``examples/``: response, prompt and the
  three-file corpus, ``--no-web --format json``) with a **warm data dir** (the corpus
  already indexed by the warm-up runs), with a **fresh data dir** each run (the corpus is
  indexed first, as on a first check), and **cold**: a fresh data dir and an empty user
  cache (``$XDG_CACHE_HOME``: the spelling dictionary is built and cached too), as on
  the first check after an install.

Every case gets its own ``XDG_CACHE_HOME`` under a temporary directory, so the user's own
cache is neither used nor touched. The report of ``check`` is written at its end, so its
first byte is where a caller starts reading.

Targets (issue 16), medians: ``verifier --help`` <= 0.3 s, and the first byte of the check
<= 1.5 s with a warm data dir and with a fresh one; the cold row is shown beside them.

Run: ``.venv/bin/python bench/startup.py [--runs 7] [--warmup 2] [--verifier PATH]``
(the ``verifier`` next to the running interpreter by default). Python writes no bytecode
cache when ``PYTHONDONTWRITEBYTECODE`` is set; the project's modules are then compiled at
every start, and the output says so.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
HELP_TARGET_S = 0.3
CHECK_FIRST_BYTE_TARGET_S = 1.5


@dataclass
class Timing:
    first_byte: float
    end: float


def run_once(argv: list[str], env: dict[str, str]) -> Timing:
    """One process: seconds to the first byte of its stdout, and to its exit."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, env=env
    )
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    first = os.read(fd, 65536)
    first_byte = time.perf_counter() - start
    while os.read(fd, 65536):
        pass
    code = proc.wait()
    end = time.perf_counter() - start
    proc.stdout.close()
    if code != 0 or not first:
        msg = f"{' '.join(argv)} exited with {code} (stdout {'empty' if not first else 'given'})"
        raise RuntimeError(msg)
    return Timing(first_byte, end)


@dataclass
class Case:
    name: str
    argv: Callable[[], list[str]]  # called before each run (a fresh data dir for some)
    env: Callable[[], dict[str, str]]


def measure(case: Case, runs: int, warmup: int) -> list[Timing]:
    for _ in range(warmup):
        run_once(case.argv(), case.env())
    return [run_once(case.argv(), case.env()) for _ in range(runs)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="counted runs per case")
    parser.add_argument("--warmup", type=int, default=2, help="runs per case not counted")
    parser.add_argument("--verifier", help="the verifier executable")
    args = parser.parse_args()
    exe = args.verifier or str(Path(sys.executable).parent / "verifier")
    if not Path(exe).exists():
        exe = shutil.which("verifier") or exe

    scratch = Path(tempfile.mkdtemp(prefix="verifier-startup-"))
    counter = iter(range(1_000_000))

    def fresh(kind: str) -> Path:
        path = scratch / f"{kind}-{next(counter)}"
        path.mkdir()
        return path

    warm_cache, warm_data = fresh("cache"), fresh("data")

    def env(cache: Callable[[], Path]) -> Callable[[], dict[str, str]]:
        return lambda: {**os.environ, "XDG_CACHE_HOME": str(cache())}

    def check(data: Callable[[], Path]) -> Callable[[], list[str]]:
        return lambda: [
            exe,
            "check",
            str(EXAMPLES / "response.md"),
            "--prompt",
            str(EXAMPLES / "prompt.txt"),
            "--corpus",
            str(EXAMPLES / "corpus"),
            "--no-web",
            "--format",
            "json",
            "--data-dir",
            str(data()),
        ]

    cases = [
        Case("verifier --help", lambda: [exe, "--help"], env(lambda: warm_cache)),
        Case("verifier version", lambda: [exe, "version"], env(lambda: warm_cache)),
        Case("check, warm data dir", check(lambda: warm_data), env(lambda: warm_cache)),
        Case("check, fresh data dir", check(lambda: fresh("data")), env(lambda: warm_cache)),
        Case(
            "check, cold (fresh data dir, empty cache)",
            check(lambda: fresh("data")),
            env(lambda: fresh("cache")),
        ),
    ]
    results: dict[str, list[Timing]] = {}
    try:
        for case in cases:
            print(f"timing {case.name} ...", file=sys.stderr, flush=True)
            results[case.name] = measure(case, args.runs, args.warmup)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    def stats(values: list[float]) -> str:
        return " | ".join(f"{v:.3f}" for v in (min(values), statistics.median(values), max(values)))

    bytecode = "off (PYTHONDONTWRITEBYTECODE)" if sys.flags.dont_write_bytecode else "on"
    print(
        f"\n{args.runs} runs per case after {args.warmup} warm-up runs; {os.cpu_count()} CPUs; "
        f"Python {sys.version.split()[0]}; bytecode cache {bytecode}\n"
    )
    print("| case | first byte s (min / median / max) | end s (min / median / max) |")
    print("| --- | --- | --- |")
    for name, timings in results.items():
        first = stats([t.first_byte for t in timings])
        end = stats([t.end for t in timings])
        print(f"| {name} | {first.replace(' | ', ' / ')} | {end.replace(' | ', ' / ')} |")

    help_s = statistics.median(t.end for t in results["verifier --help"])
    check_s = statistics.median(t.first_byte for t in results["check, warm data dir"])
    fresh_s = statistics.median(t.first_byte for t in results["check, fresh data dir"])
    ok = help_s <= HELP_TARGET_S and max(check_s, fresh_s) <= CHECK_FIRST_BYTE_TARGET_S
    print(
        f"\n--help {help_s:.2f} s (target <= {HELP_TARGET_S}); check first byte {check_s:.2f} s "
        f"with a warm data dir, {fresh_s:.2f} s with a fresh one (target <= "
        f"{CHECK_FIRST_BYTE_TARGET_S}) -> {'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
