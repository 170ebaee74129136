"""Benchmark: copy detection on the labelled set in ``bench/data/plagiarism_labelled.jsonl``.

For every kind of case (verbatim splices, light edits, heavy rewording, quoted, attributed,
prompt-supplied, requested extraction, original answers) it reports how many cases the
detector counts as copied, precision and recall at the case level, and how much of the
spliced text the counted matches cover. Targets: no counted case among original, quoted,
attributed, prompt-supplied and requested; recall >= 0.98 on verbatim and >= 0.9 on light
edits. Rebuild the set with ``python bench/make_plagiarism_set.py``.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from verifier.config import PlagiarismSettings
from verifier.plagiarism.detect import SourceText, detect

DATA = Path(__file__).resolve().parent / "data" / "plagiarism_labelled.jsonl"
NEGATIVE_KINDS = ("original", "quoted", "attributed", "prompt_supplied", "requested")


def coverage(row: dict, spans: list[tuple[int, int]]) -> float:
    copied = [(s, e) for s, e in row["copied"]]
    total = sum(e - s for s, e in copied)
    if not total:
        return 0.0
    got = 0
    for s, e in copied:
        marks = [False] * (e - s)
        for ms, me in spans:
            for k in range(max(s, ms), min(e, me)):
                marks[k - s] = True
        got += sum(marks)
    return got / total


def measure() -> dict[str, Any]:
    """Per kind: cases, counted, true and false positives and negatives, coverage; with the
    false positives on the negative kinds, recall on verbatim and light edits, the
    mistakes and the seconds taken."""
    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]
    settings = PlagiarismSettings()
    stats: dict[str, dict[str, float]] = {}
    mistakes: list[str] = []
    started = time.perf_counter()
    for row in rows:
        sources = [
            SourceText(s["name"], s["name"], f"sid-{s['name']}", s["text"]) for s in row["sources"]
        ]
        result = detect(row["response"], row["prompt"], sources, settings)
        counted = [m for m in result.matches if m.counted]
        flagged = bool(counted)
        st = stats.setdefault(
            row["kind"],
            {"cases": 0, "counted": 0, "tp": 0, "fp": 0, "fn": 0, "cov": 0.0, "para": 0},
        )
        st["cases"] += 1
        st["counted"] += flagged
        st["para"] += any(m.kind == "paraphrase_suspect" for m in result.matches)
        if row["expect_counted"]:
            st["tp" if flagged else "fn"] += 1
            st["cov"] += coverage(row, [(m.response_start, m.response_end) for m in counted])
        elif flagged:
            st["fp"] += 1
        if flagged != row["expect_counted"]:
            why = (
                "; ".join(f"{m.kind} {m.words}w {m.exemption or 'counted'}" for m in result.matches)
                or "no match"
            )
            mistakes.append(
                f"{row['id']}: expected {'counted' if row['expect_counted'] else 'not counted'} ({why})"
            )
    return {
        "stats": stats,
        "cases": len(rows),
        "false_positives": sum(int(stats[k]["fp"]) for k in NEGATIVE_KINDS if k in stats),
        "recall_verbatim": stats["verbatim"]["tp"] / stats["verbatim"]["cases"],
        "recall_light": stats["light_edits"]["tp"] / stats["light_edits"]["cases"],
        "mistakes": mistakes,
        "seconds": time.perf_counter() - started,
    }


def main() -> int:
    found = measure()
    stats = found["stats"]
    print(
        "| kind            | cases | counted | precision | recall | spliced text covered | paraphrase flagged |"
    )
    print(
        "|-----------------|-------|---------|-----------|--------|----------------------|--------------------|"
    )
    for kind, st in stats.items():
        positives = st["tp"] + st["fn"]
        precision = (
            st["tp"] / st["counted"]
            if st["counted"] and positives
            else (1.0 if not st["fp"] else 0.0)
        )
        recall = st["tp"] / positives if positives else float("nan")
        cov = st["cov"] / positives if positives else float("nan")
        print(
            f"| {kind:<15} | {int(st['cases']):>5} | {int(st['counted']):>7} | {precision:>9.3f} | "
            f"{recall:>6.3f} | {cov:>20.3f} | {int(st['para']):>18} |"
        )
    for line in found["mistakes"]:
        print(f"  miss: {line}")
    fp, rec_v, rec_l = found["false_positives"], found["recall_verbatim"], found["recall_light"]
    ok = fp == 0 and rec_v >= 0.98 and rec_l >= 0.9
    print(
        f"summary: {found['cases']} cases in {found['seconds'] * 1000:.0f} ms: false positives on "
        f"original/quoted/attributed/prompt/requested {fp} (target 0), recall verbatim {rec_v:.3f} "
        f"(target >= 0.98), light edits {rec_l:.3f} (target >= 0.9) -> {'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
