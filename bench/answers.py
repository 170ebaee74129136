"""Benchmark: whole real ChatGPT answers checked end to end, each against its own web evidence.

Two sets of real answers with the web evidence a checker found for their claims:

- ``factcheck-bench``: ``../shared/data/claims/factcheck-bench-dev/responses_dev.jsonl``, 47
  ChatGPT answers with the Google results found for their claims and human labels per
  sentence;
- ``factool-dev``: ``../shared/data/claims/factool-dev/responses_dev.jsonl``, 117 ChatGPT
  answers (FacTool's knowledge QA and FELM's world knowledge) with the Google (Serper)
  snippets FacTool gathered and human labels per claim (``all_true`` marks the correct ones).

Each answer's evidence is written as the documents of a corpus of its own and the answer is
checked against it (``--no-web``), as a live search would have let it: claims, evidence,
judges, the copy check, spelling and the rubric, through the product's path
(``verifier.pipeline.check``).

Printed: one row per answer whose score came out capped (at 3 or 4) or fixed, with the
rules that did it and their evidence (the refuted claim and whether the annotators found
its sentence true; the copy verdict; the misspelled words); then per signal, how many
answers it capped among the answers whose every sentence is true ("correct answers") and
among all; review items per answer (paraphrase items among them); refuted claims by the
annotators' sentence label. The figure that matters: correct answers capped by our own
signals, which should be rare (each is a correct answer rated Bad).

Run: ``python bench/answers.py [--sets factcheck-bench,factool-dev] [--limit N] [--show]``.
Exits cleanly when the data is missing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from verifier.config import Settings
from verifier.pipeline import check
from verifier.runtime import open_runtime
from verifier.schema import CheckRequest, Report

CLAIMS = Path(__file__).resolve().parents[2] / "shared" / "data" / "claims"
SETS = {
    "factcheck-bench": CLAIMS / "factcheck-bench-dev" / "responses_dev.jsonl",
    "factool-dev": CLAIMS / "factool-dev" / "responses_dev.jsonl",
}
CAPPING = ("score = 1", "score = 3", "cap <= 3", "cap <= 4")


def correct(row: dict[str, Any]) -> bool:
    """Every sentence labelled true ('NA': no factual content) and the answer not false
    (Factcheck-Bench); every claim labelled true (FacTool's ``all_true``)."""
    if "all_true" in row:
        return bool(row["all_true"])
    return row["response_factuality"] is not False and all(
        s["factual"] is not False for s in row["sentences"]
    )


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if len(w) > 2}


def claim_label(row: dict[str, Any], claim: str) -> str:
    """FacTool: the label of the annotated claim closest to ``claim`` in words ('?' when none
    shares half of its words)."""
    mine = _words(claim)
    best, label = 0.0, "?"
    for c in row["claims"]:
        theirs = _words(c["claim"])
        share = len(mine & theirs) / max(1, len(mine | theirs))
        if share > best:
            best, label = share, "true" if c["label"] else "false"
    return label if best >= 0.5 else "?"


def sentence_label(row: dict[str, Any], start: int, end: int, claim: str = "") -> str:
    """The annotators' label of the answer's sentence that holds [start, end) (FacTool: of
    the annotated claim closest to ``claim``)."""
    if "claims" in row:
        return claim_label(row, claim)
    text = row["response"]
    pos = 0
    for s in row["sentences"]:
        at = text.find(s["text"][:40], pos)
        if at < 0:
            continue
        stop = at + len(s["text"])
        if at <= start < max(stop, at + 1):
            return "true" if s["factual"] is True else "false" if s["factual"] is False else "NA"
        pos = at
    return "?"


def _closest(row: dict[str, Any], claim: str) -> int | None:
    """FacTool: the index of the annotated claim closest to ``claim`` (None when none
    shares half of its words)."""
    mine = _words(claim)
    best, index = 0.0, None
    for n, c in enumerate(row["claims"]):
        theirs = _words(c["claim"])
        share = len(mine & theirs) / max(1, len(mine | theirs))
        if share > best:
            best, index = share, n
    return index if best >= 0.5 else None


def _false_units(row: dict[str, Any]) -> set[int]:
    """What the annotators found false: FacTool's false claims, Factcheck-Bench's false
    sentences (by index)."""
    if "claims" in row:
        return {n for n, c in enumerate(row["claims"]) if not c["label"]}
    return {n for n, s in enumerate(row["sentences"]) if s["factual"] is False}


def _unit_of(row: dict[str, Any], start: int, claim: str) -> int | None:
    """The annotated unit (FacTool claim, Factcheck-Bench sentence) a report claim is."""
    if "claims" in row:
        return _closest(row, claim)
    text, pos = row["response"], 0
    for n, s in enumerate(row["sentences"]):
        at = text.find(s["text"][:40], pos)
        if at < 0:
            continue
        if at <= start < max(at + len(s["text"]), at + 1):
            return n
        pos = at
    return None


def review_list(report: Report) -> list[Any]:
    """The claims put before the rater for review ("check this"); a report from before the
    review list existed: its possible false facts (weak refutations and conflicts)."""
    t = report.truthfulness
    listed = getattr(t, "review", None)
    return list(listed) if listed is not None else [*t.weak_refutations, *t.conflicts]


def row_id(row: dict[str, Any]) -> str:
    return str(row["id"]) if "id" in row else f"{row['doc']:03d}"


async def check_answer(row: dict[str, Any], root: Path, settings: Settings) -> Report:
    folder = root / f"doc-{row_id(row)}"
    folder.mkdir()
    for n, snippet in enumerate(row["evidence"]):
        (folder / f"result-{n:03d}.txt").write_text(snippet + "\n", encoding="utf-8")
    request = CheckRequest(response=row["response"], prompt=row["prompt"], id=row_id(row))
    async with open_runtime(settings, corpora=(str(folder),), web=False) as runtime:
        return await check(request, runtime)


def describe(rule: Any, row: dict[str, Any], report: Report) -> str:
    if rule.rule == "false_information":
        out = []
        for ref in report.truthfulness.false_claims:
            claim = next(c for c in report.claims if c.id == ref.claim_id)
            label = sentence_label(row, claim.start, claim.end, claim.claim or claim.text)
            quote = (
                claim.verdict.quotes[0].sentence if claim.verdict and claim.verdict.quotes else ""
            )
            out.append(f"[{label}] {claim.claim!r} ({ref.why}) <- {quote[:200]!r}")
        return "; ".join(out)
    if rule.rule == "plagiarized":
        p = report.plagiarism
        return f"{p.copied_share:.0%} copied, longest run {p.longest_run_words} words"
    return "; ".join(str(e.get("text") or e.get("word") or e)[:60] for e in rule.evidence[:6])


async def run(name: str, rows: list[dict[str, Any]], show: bool, refute_sources: int) -> str:
    """Check every answer of one set; print its tables; return its summary line."""
    print(f"\n## {name}")
    totals: Counter[str] = Counter()
    capped_correct: Counter[str] = Counter()
    capped_all: Counter[str] = Counter()
    refuted_by_label: Counter[str] = Counter()
    review: Counter[str] = Counter()
    answers_with_review: Counter[str] = Counter()
    rater: Counter[str] = Counter()  # the review list and the caps, against the labels
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        settings = Settings().with_overrides(
            {
                "store.data_dir": str(root / "data"),
                "extract.processes": 1,
                # the snippets are web search results, not documents the user vouches for
                "search.corpus.trusted": False,
                "judges.refute_sources": refute_sources,
            }
        )
        for row in rows:
            if not any(s.strip() for s in row["evidence"]):
                totals["no evidence"] += 1  # nothing to check against: left out
                continue
            report = await check_answer(row, root, settings)
            good = correct(row)
            totals["answers"] += 1
            totals["correct"] += good
            totals["words"] += len(row["response"].split())
            assert report.rubric is not None
            caps = [a for a in report.rubric.applied if a.effect in CAPPING]
            for claim in report.claims:
                if claim.verdict and claim.verdict.label == "refuted":
                    label = sentence_label(row, claim.start, claim.end, claim.claim or claim.text)
                    refuted_by_label[label] += 1
            flags = review_list(report)
            false_units = _false_units(row)
            before_rater = {
                u
                for ref in [*report.truthfulness.false_claims, *flags]
                if (u := _unit_of(row, ref.start, ref.claim)) is not None
            }
            rater["false units"] += len(false_units)
            rater["false units before the rater"] += len(false_units & before_rater)
            rater["flags"] += len(flags)
            rater["flags on false units"] += sum(
                _unit_of(row, r.start, r.claim) in false_units for r in flags
            )
            if good:
                rater["flags on correct answers"] += len(flags)
            for ref in report.truthfulness.false_claims:
                rater["caps"] += 1
                rater["caps on false units"] += _unit_of(row, ref.start, ref.claim) in false_units
            kinds = {item.check for item in report.rubric.needs_review}
            for item in report.rubric.needs_review:
                review[item.check] += 1
            for kind in kinds:
                answers_with_review[kind] += 1
            for rule in {a.rule for a in caps}:
                capped_all[rule] += 1
                capped_correct[rule] += good
            if caps:
                capped_all["any"] += 1
                capped_correct["any"] += good
            if caps and (show or good):
                score = report.rubric.score or f"<= {report.rubric.max_score}"
                print(f"doc {row_id(row)} ({'correct' if good else 'not correct'}): {score}")
                for rule in caps:
                    print(f"  {rule.rule} ({rule.effect}): {describe(rule, row, report)}")
    took = time.perf_counter() - started
    n, good = totals["answers"], totals["correct"]
    print(
        f"\n{n} answers ({good} correct: every sentence true), {totals['words']:,} words, "
        f"{took:.0f} s; {totals['no evidence']} answer(s) with no search results left out"
    )
    print("| signal | correct answers capped | all answers capped |")
    print("|---|---|---|")
    for rule in [*sorted(set(capped_all) - {"any"}), "any"]:
        print(f"| {rule} | {capped_correct[rule]} of {good} | {capped_all[rule]} of {n} |")
    print(
        "\nrefuted claims by the annotators' label of their sentence: "
        + str(dict(refuted_by_label))
    )
    print(
        "review items (answers with at least one): "
        + ", ".join(f"{k} {v} ({answers_with_review[k]})" for k, v in review.most_common())
    )
    share = capped_correct["any"] / good if good else 0.0
    put = rater["false units before the rater"] / max(1, rater["false units"])
    per_correct = rater["flags on correct answers"] / max(1, good)
    cap_p = rater["caps on false units"] / rater["caps"] if rater["caps"] else float("nan")
    flag_p = rater["flags on false units"] / rater["flags"] if rater["flags"] else float("nan")
    unit = "claims" if name == "factool-dev" else "sentences"
    print(
        f"\nthe rater: false {unit} put before the rater (capped or on the review list) "
        f"{rater['false units before the rater']} of {rater['false units']} ({put:.0%}); "
        f"review flags {rater['flags']} (precision {flag_p:.2f}), "
        f"{per_correct:.2f} per correct answer; capping refutations {rater['caps']} "
        f"(precision {cap_p:.2f})"
    )
    return (
        f"{name}: false {unit} before the rater {put:.0%} "
        f"({rater['false units before the rater']}/{rater['false units']}); flags per correct "
        f"answer {per_correct:.2f}; capping precision {cap_p:.2f} of {rater['caps']}; "
        f"{capped_correct['any']} of {good} correct answers capped by our signals "
        f"({share:.0%}); false facts on correct answers {capped_correct['false_information']}, "
        f"plagiarized {capped_correct['plagiarized']}, spelling {capped_correct['spelling_grammar']}; "
        f"refuted claims in true sentences {refuted_by_label['true']}, in false ones "
        f"{refuted_by_label['false']}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated answer sets")
    parser.add_argument("--limit", type=int, default=0, help="answers per set (0: all)")
    parser.add_argument("--show", action="store_true", help="show caps on incorrect answers too")
    parser.add_argument(
        "--refute-sources", type=int, default=1, help="judges.refute_sources (default 1)"
    )
    args = parser.parse_args()
    summaries = []
    for name in args.sets.split(","):
        path = SETS[name]
        if not path.is_file():
            print(f"bench/answers.py: {path} not found; {name} not measured")
            continue
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        if args.limit:
            rows = rows[: args.limit]
        summaries.append(asyncio.run(run(name, rows, args.show, args.refute_sources)))
    print("\nsummary: " + ("; ".join(summaries) or "no data found; nothing measured"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
