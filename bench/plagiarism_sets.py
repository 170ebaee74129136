"""Benchmark: every copy-detection set side by side, from one run, in one table.

A change that helps one set and hurts another shows here before it lands. Each set goes
through the path its own bench uses:

- ``clough-dev`` (``../shared/data/plagiarism/clough-dev``: short answers written by
  students told to cut and paste, lightly revise, heavily revise a Wikipedia article, or
  answer in their own words; Clough and Stevenson 2011; two of the corpus's five tasks, the
  other three are held out): the two sources indexed as a corpus, each answer checked as
  ``verifier check --corpus DIR --no-web`` would, its task's question as the prompt;
- ``copy_dev`` and ``copy_facts`` (``bench/data``, written blind to the detector): the
  same, see ``bench/plagiarism_revisions.py`` and ``bench/plagiarism_facts.py``;
- ``factool-dev`` (``../shared/data/claims/factool-dev``): all 117 ChatGPT answers (60
  whose every claim is true, 57 with a false claim), each checked end to end against its
  own search snippets as a corpus (an answer and the pages that state its facts: never
  "plagiarized");
- ``lists``: the real LLM answers that list facts (three list items or more, or a series of
  names such as "France, China, Russia, and the United Kingdom"), from factool-dev and
  Factcheck-Bench (``../shared/data/claims/factcheck-bench-dev/responses_dev.jsonl``), each
  against its own search results the same way: a list of facts is never "plagiarized";
- ``PAN13`` (verbatim part, 382 pairs): plagdet through ``detect()``, see
  ``bench/plagiarism_pan.py``;
- ``labelled`` (``bench/data/plagiarism_labelled.jsonl``): false positives on the negative
  kinds and recall on verbatim and light edits, see ``bench/plagiarism_labelled.py``.

Printed: one row per set and kind (answers, plagiarized, possible, original, the figure
and its target), the answers that miss their target with ``--show``, and a one-line
summary. Then the **verbatim passages** of each set and kind: per answer, its longest
passage copied word for word (not exempt) by its words beyond names, numbers and terms
(``CopyMatch.verbatim``), as the distribution over the answers (the median, the 90th
percentile, the largest, and how many reach the verbatim rule's bar,
``plagiarism.verbatim_words``): where own-words answers end and copies begin. ``--save FILE`` keeps the figures as JSON; ``--before FILE`` prints them beside
this run's (the before/after table of a change). A set whose data is missing is reported
as such and left out.

Run: ``python bench/plagiarism_sets.py [--show] [--sets clough-dev,PAN13] [--save F]
[--before F]``.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import json
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from copy_corpus import checked, ngram_rule, read_jsonl
from plagiarism_labelled import measure as labelled_measure
from plagiarism_pan import DEFAULT_DATA as PAN_DATA
from plagiarism_pan import measure as pan_measure

from verifier.config import PlagiarismSettings, Settings
from verifier.pipeline import check
from verifier.runtime import open_runtime
from verifier.schema import CheckRequest, Report

HERE = Path(__file__).resolve().parent
SHARED = HERE.parents[1] / "shared" / "data"
CLOUGH = SHARED / "plagiarism" / "clough-dev"
FACTOOL = SHARED / "claims" / "factool-dev" / "responses_dev.jsonl"
FACTCHECK = SHARED / "claims" / "factcheck-bench-dev" / "responses_dev.jsonl"
# a list: three lines that are list items, or a series of three names or more and another
LIST_ITEM = re.compile(r"(?m)^\s*(?:\d+[.)]|[-*•])\s+\S")
NAME = r"[A-Z][\w'’.-]*(?: [A-Z][\w'’.-]*)*"
SERIES = re.compile(rf"\b{NAME}(?:, {NAME}){{2,}},? and [A-Z]")
# the questions of the corpus's tasks (Clough and Stevenson 2011, table 1)
CLOUGH_TASKS = {
    "a": (
        "Inheritance (object-oriented programming)",
        "What is inheritance in object oriented programming?",
    ),
    "b": ("PageRank", "Explain the PageRank algorithm that is used by the Google search engine."),
    "c": ("Vector space model", "Explain the vector space model for Information Retrieval."),
    "d": ("Bayes' theorem", "Explain Bayes Theorem from probability theory."),
    "e": ("Dynamic programming", "What is dynamic programming?"),
}
VERDICTS = ("plagiarized", "possible", "original")


@dataclass
class Row:
    """One line of the table: a set's kind, its verdicts, and its figure against a target."""

    set: str
    kind: str
    counts: Counter[str] = field(default_factory=Counter)
    figure: str = ""
    target: str = ""
    met: bool | None = None
    misses: list[str] = field(default_factory=list)
    # per answer, its longest verbatim passage's words beyond names, numbers and terms
    verbatim: list[int] = field(default_factory=list)

    def cells(self) -> list[str]:
        n = sum(self.counts[v] for v in (*VERDICTS, "not_checked"))
        verdicts = [str(self.counts[v]) for v in VERDICTS] if n else ["", "", ""]
        met = "" if self.met is None else ("yes" if self.met else "NO")
        return [self.set, self.kind, str(n) if n else "", *verdicts, self.figure, self.target, met]


def decode(raw: bytes) -> str:
    """The Clough files: UTF-8, else cp1252 (mixed, as in the original corpus)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252")


def _verdict_rows(
    name: str,
    results: list[tuple[dict[str, Any], Report]],
    kinds: tuple[str, ...],
    targets: dict[str, tuple[str, Callable[[Counter[str]], bool], bool]],
) -> list[Row]:
    """Rows of a set of answers: per kind, its verdicts and whether they meet the target
    (``targets``: kind -> (target text, test of the counts, copied kind?))."""
    rows = {k: Row(name, k) for k in kinds}
    for answer, report in results:
        p = report.plagiarism
        verdict = p.verdict or "not_checked"
        row = rows[answer["kind"]]
        row.counts[verdict] += 1
        row.verbatim.append(max((m.verbatim for m in p.matches if not m.exemption), default=0))
        copied = targets.get(answer["kind"], ("", lambda c: True, True))[2]
        if (verdict != "plagiarized") if copied else (verdict != "original"):
            row.misses.append(f"{answer['id']}: {verdict} ({p.copied_share:.0%}): {p.reason}")
    for kind, (text, test, _copied) in targets.items():
        rows[kind].target = text
        rows[kind].met = test(rows[kind].counts)
    return list(rows.values())


def _share(c: Counter[str], verdict: str = "plagiarized") -> float:
    n = sum(c[v] for v in (*VERDICTS, "not_checked"))
    return c[verdict] / n if n else 0.0


def _all(c: Counter[str]) -> bool:
    return _share(c) == 1.0


async def clough() -> list[Row]:
    if not (CLOUGH / "file_information.csv").is_file():
        return [Row("clough-dev", "(missing)", figure=f"no data at {CLOUGH}")]
    with (CLOUGH / "file_information.csv").open(encoding="utf-8") as f:
        files = list(csv.DictReader(f))
    sources = [
        {
            "id": f"orig_task{r['Task']}",
            "title": CLOUGH_TASKS[r["Task"]][0],
            "text": decode((CLOUGH / r["File"]).read_bytes()),
        }
        for r in files
        if r["Category"] == "orig"
    ]
    answers = [
        {
            "id": r["File"].removesuffix(".txt"),
            "kind": r["Category"],
            "question": CLOUGH_TASKS[r["Task"]][1],
            "answer": decode((CLOUGH / r["File"]).read_bytes()),
        }
        for r in files
        if r["Category"] != "orig"
    ]
    results = [pair async for pair in checked(sources, answers)]
    # a cut answer that shares no text with the given source copied another part of the
    # article (the corpus's README says one does): out of reach, said so, not counted
    text = {s["id"]: s["text"] for s in sources}
    elsewhere = {
        a["id"]
        for a in answers
        if a["kind"] == "cut" and not ngram_rule(a["answer"], [text[f"orig_task{a['id'][-1]}"]], 5)
    }
    return _verdict_rows(
        "clough-dev",
        results,
        ("cut", "light", "heavy", "non"),
        {
            "cut": (
                f"all plagiarized ({len(elsewhere)} copying text not in the source aside)",
                lambda c: c["plagiarized"] >= sum(c.values()) - len(elsewhere),
                True,
            ),
            "light": ("all plagiarized", _all, True),
            "heavy": ("all plagiarized", _all, True),
            "non": (
                "0 plagiarized, <= 1 possible",
                lambda c: c["plagiarized"] == 0 and c["possible"] <= 1,
                False,
            ),
        },
    )


async def _written(
    name: str,
    files: tuple[list[Path], list[Path]],
    targets: dict[str, tuple[str, Callable[[Counter[str]], bool], bool]],
) -> list[Row]:
    """A set written for this project (sources and answers files) through the corpus path."""
    sources, answers = read_jsonl(files[0]), read_jsonl(files[1])
    results = [pair async for pair in checked(sources, answers)]
    return _verdict_rows(name, results, tuple(targets), targets)


async def copy_dev() -> list[Row]:
    data = HERE / "data" / "copy_dev"
    files = (sorted(data.glob("sources-*.jsonl")), sorted(data.glob("answers-*.jsonl")))
    return await _written(
        "copy_dev",
        files,
        {
            "verbatim": ("all plagiarized", _all, True),
            "light": ("all plagiarized", _all, True),
            "heavy": (">= 58 of 64 plagiarized", lambda c: c["plagiarized"] >= 58, True),
            "original": ("0 plagiarized", lambda c: c["plagiarized"] == 0, False),
        },
    )


async def copy_facts() -> list[Row]:
    data = HERE / "data" / "copy_facts"
    return await _written(
        "copy_facts",
        ([data / "sources.jsonl"], [data / "answers.jsonl"]),
        {
            "verbatim": ("all plagiarized", _all, True),
            "light": ("all plagiarized", _all, True),
            "close_paraphrase": (">= 0.9 plagiarized", lambda c: _share(c) >= 0.9, True),
            "own_words": ("0 of 69 plagiarized", lambda c: c["plagiarized"] == 0, False),
        },
    )


async def _against_own_results(rows: list[dict[str, Any]]) -> list[tuple[dict[str, Any], Report]]:
    """Each answer (``id``, ``prompt``, ``response``, ``evidence``) checked end to end
    against its own search results, indexed as a corpus (as a live search would find them)."""
    results: list[tuple[dict[str, Any], Report]] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        settings = Settings().with_overrides(
            {"store.data_dir": str(root / "data"), "extract.processes": 1}
        )
        for row in rows:
            folder = root / row["id"]
            folder.mkdir()
            for n, snippet in enumerate(row["evidence"]):
                (folder / f"result-{n:03d}.txt").write_text(snippet + "\n", encoding="utf-8")
            request = CheckRequest(response=row["response"], prompt=row["prompt"], id=row["id"])
            async with open_runtime(settings, corpora=(str(folder),), web=False) as runtime:
                report = await check(request, runtime)
            results.append((row, report))
    return results


def _answers(path: Path, name: str) -> list[dict[str, Any]]:
    """The answers of a file of LLM answers that have search results, each with an id."""
    rows = read_jsonl([path])
    for n, row in enumerate(rows):
        row.setdefault("id", f"{name}-{n:03d}")
        row["id"] = row["id"] or f"{name}-{n:03d}"
    return [r for r in rows if any(s.strip() for s in r["evidence"])]


async def factool() -> list[Row]:
    if not FACTOOL.is_file():
        return [Row("factool-dev", "(missing)", figure=f"no data at {FACTOOL}")]
    rows = [
        {**r, "kind": "all true" if r["all_true"] else "a false claim"}
        for r in _answers(FACTOOL, "factool")
    ]
    results = await _against_own_results(rows)
    zero = ("0 plagiarized", lambda c: c["plagiarized"] == 0, False)
    out = _verdict_rows(
        "factool-dev",
        results,
        ("all true", "a false claim"),
        {"all true": zero, "a false claim": zero},
    )
    whole = _verdict_rows(
        "factool-dev",
        [({**a, "kind": f"all {len(results)}"}, r) for a, r in results],
        (f"all {len(results)}",),
        {f"all {len(results)}": zero},
    )
    return [*out, *whole]


async def lists() -> list[Row]:
    """The real LLM answers that list facts, against their own search results."""
    rows = [
        {**r, "kind": "lists of facts"}
        for path, name in ((FACTOOL, "factool"), (FACTCHECK, "factcheck"))
        if path.is_file()
        for r in _answers(path, name)
        if len(LIST_ITEM.findall(r["response"])) >= 3 or SERIES.search(r["response"])
    ]
    if not rows:
        return [Row("lists", "(missing)", figure=f"no data at {FACTOOL} or {FACTCHECK}")]
    results = await _against_own_results(rows)
    zero = ("0 plagiarized", lambda c: c["plagiarized"] == 0, False)
    return _verdict_rows("lists", results, ("lists of facts",), {"lists of facts": zero})


def pan() -> list[Row]:
    if not (PAN_DATA / "consistent_pairs.txt").is_file():
        return [Row("PAN13", "(missing)", figure=f"no data at {PAN_DATA.resolve()}")]
    s = pan_measure(PAN_DATA.resolve(), PlagiarismSettings())
    return [
        Row(
            "PAN13",
            f"{s['pairs']} pairs",
            figure=(
                f"plagdet {s['plagdet']:.4f} (P {s['precision']:.3f}, R {s['recall']:.3f}, "
                f"gran {s['granularity']:.3f})"
            ),
            target="plagdet >= 0.96",
            met=s["plagdet"] >= 0.96,
        )
    ]


def labelled() -> list[Row]:
    s = labelled_measure()
    return [
        Row(
            "labelled",
            f"{s['cases']} cases",
            figure=(
                f"false positives {s['false_positives']}; recall verbatim "
                f"{s['recall_verbatim']:.2f}, light {s['recall_light']:.2f}"
            ),
            target="0 FP; recall >= 0.98, >= 0.9",
            met=s["false_positives"] == 0
            and s["recall_verbatim"] >= 0.98
            and s["recall_light"] >= 0.9,
            misses=s["mistakes"],
        )
    ]


SETS: dict[str, Callable[[], Any]] = {
    "clough-dev": clough,
    "copy_dev": copy_dev,
    "copy_facts": copy_facts,
    "factool-dev": factool,
    "lists": lists,
    "PAN13": pan,
    "labelled": labelled,
}
HEADER = [
    "set",
    "kind",
    "answers",
    "plagiarized",
    "possible",
    "original",
    "figure",
    "target",
    "met",
]


def _table(rows: list[Row], before: dict[str, list[str]]) -> list[str]:
    header = (
        HEADER
        if not before
        else [*HEADER[:2], "answers", "before: plag / poss / orig / figure", *HEADER[3:]]
    )
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in rows:
        cells = row.cells()
        if before:
            old = before.get(f"{row.set}/{row.kind}")
            was = " / ".join(c for c in (old[3:7] if old else []) if c) or "-"
            cells = [*cells[:3], was, *cells[3:]]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def _verbatim_table(rows: list[Row], bar: int) -> list[str]:
    """Per set and kind, the distribution over its answers of their longest verbatim
    passage's words beyond names, numbers and terms: median, 90th percentile, largest,
    and how many reach ``bar`` (the verbatim rule), with the values themselves."""
    lines = [
        "",
        "verbatim passages: each answer's longest, words beyond names, numbers and terms",
        "",
        f"| set | kind | answers | median | p90 | largest | reaching {bar} | values (largest first) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        if not row.verbatim:
            continue
        v = sorted(row.verbatim, reverse=True)
        p90 = v[len(v) // 10] if len(v) >= 10 else v[0]
        shown = " ".join(map(str, [x for x in v if x][:20])) + (
            " ..." if sum(map(bool, v)) > 20 else ""
        )
        lines.append(
            f"| {row.set} | {row.kind} | {len(v)} | {statistics.median(v):g} | {p90} | {v[0]} | "
            f"{sum(x >= bar for x in v)} | {shown} |"
        )
    return lines


async def run(names: list[str], show: bool, save: Path | None, before: Path | None) -> int:
    rows: list[Row] = []
    took: dict[str, float] = {}
    for name in names:
        started = time.perf_counter()
        found = SETS[name]()
        rows.extend(await found if asyncio.iscoroutine(found) else found)
        took[name] = time.perf_counter() - started
    old = json.loads(before.read_text()) if before else {}
    for line in _table(rows, old):
        print(line)
    if show:
        for row in rows:
            for miss in row.misses:
                print(f"  {row.set}/{row.kind} miss: {miss}")
    if save:
        save.write_text(json.dumps({f"{r.set}/{r.kind}": r.cells() for r in rows}, indent=1))
    for line in _verbatim_table(rows, PlagiarismSettings().verbatim_words):
        print(line)
    judged = [r for r in rows if r.met is not None]
    met = sum(bool(r.met) for r in judged)
    missed = [f"{r.set}/{r.kind}" for r in judged if not r.met]
    print(
        f"summary: {met} of {len(judged)} targets met"
        + (f" (missed: {', '.join(missed)})" if missed else "")
        + "; seconds "
        + ", ".join(f"{n} {s:.0f}" for n, s in took.items())
        + f" -> {'PASS' if not missed else 'FAIL'}"
    )
    return 0 if not missed else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sets", default=",".join(SETS), help="comma-separated, of: " + ", ".join(SETS)
    )
    parser.add_argument("--show", action="store_true", help="list the answers that miss")
    parser.add_argument("--save", type=Path, help="write the figures as JSON")
    parser.add_argument("--before", type=Path, help="a --save file to print beside this run")
    args = parser.parse_args()
    names = [n for n in args.sets.split(",") if n]
    unknown = [n for n in names if n not in SETS]
    if unknown:
        print(f"error: unknown set(s) {', '.join(unknown)}; choose from {', '.join(SETS)}")
        return 2
    return asyncio.run(run(names, args.show, args.save, args.before))


if __name__ == "__main__":
    sys.exit(main())
