"""Benchmark: judges on the labelled claim sets in ``../shared/data/claims``.

For each data set (Climate-FEVER claim-evidence pairs, HealthVer, SciFact-RTE, WiCE with the
whole cited page), every judge that runs here plus two baselines (always-inconclusive; word
overlap) label every pair. Printed per data set: per-class precision and recall, macro-F1,
the refuted class's precision and recall, and pairs per second on one core.

Gold labels map to supported / refuted / inconclusive. SciFact-RTE's ``not_entailment`` and
WiCE's ``not_supported`` do not say whether the claim is false or only unsupported, so they
are scored as "not supported": a refuted or inconclusive prediction is right there, and
refuted precision is not measured on them. WiCE's ``partially_supported`` is scored as
inconclusive. Targets for the default judge: refuted precision >= 0.8 wherever it says
refuted, supported precision >= 0.8, >= 500 claim-passage pairs/s (WiCE pages are cut
into the product's 400-character passages to count them; the other sets are one passage
per pair). ``--nli-model DIR`` adds the nli judge on a model you have (see
docs/judges.md); ``--llm`` adds the llm judge as configured in ``[judges.llm]``.
Run: ``python bench/judges.py [--limit N] [--nli-model DIR] [--llm]``.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from verifier.config import NliJudgeSettings, load_settings
from verifier.deadline import Deadline
from verifier.evidence import passage_spans
from verifier.judges import aggregate
from verifier.judges.heuristic import HeuristicJudge, _terms

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "claims"
LABELS = ("supported", "refuted", "inconclusive")
Pair = tuple[str, list[str], str]  # claim, evidence texts, gold label


def climate_fever(root: Path) -> Iterator[Pair]:
    gold = {"SUPPORTS": "supported", "REFUTES": "refuted", "NOT_ENOUGH_INFO": "inconclusive"}
    for line in (
        (root / "climate-fever" / "climate-fever.jsonl").read_text(encoding="utf-8").splitlines()
    ):
        row = json.loads(line)
        for ev in row["evidences"]:
            yield row["claim"], [ev["evidence"]], gold[ev["evidence_label"]]


def healthver(root: Path) -> Iterator[Pair]:
    gold = {"Supports": "supported", "Refutes": "refuted", "Neutral": "inconclusive"}
    for name in ("healthver_dev.csv", "healthver_test.csv"):
        with (root / "healthver" / name).open(encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                yield row["claim"], [row["evidence"]], gold[row["label"]]


def scifact(root: Path) -> Iterator[Pair]:
    for name in ("train.tsv", "dev.tsv"):
        with (root / "scifact-rte" / name).open(encoding="utf-8") as fh:
            for row in csv.DictReader(fh, delimiter="\t"):
                label = "supported" if row["entailment"] == "entailment" else "not_supported"
                yield row["sentence2"], [row["sentence1"]], label


def wice(root: Path) -> Iterator[Pair]:
    gold = {
        "supported": "supported",
        "partially_supported": "inconclusive",
        "not_supported": "not_supported",
    }
    for name in ("claim_dev.jsonl", "claim_test.jsonl"):
        for line in (root / "wice" / name).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            yield row["claim"], [" ".join(row["evidence"])], gold[row["label"]]


def wice_chunks(root: Path) -> Iterator[Pair]:
    """WiCE oracle chunks: the gold sentences among distractors, a few hundred words: the
    size of the passages the product judges."""
    gold = {
        "supported": "supported",
        "partially_supported": "inconclusive",
        "not_supported": "not_supported",
    }
    for name in ("oracle_chunks_claim_dev.jsonl", "oracle_chunks_claim_test.jsonl"):
        for line in (root / "wice" / name).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            yield row["claim"], [" ".join(row["evidence"])], gold[row["label"]]


def always_inconclusive(claim: str, evidence: Sequence[str]) -> str:
    return "inconclusive"


def word_overlap(claim: str, evidence: Sequence[str]) -> str:
    terms = _terms(claim)
    best = max((len(terms & _terms(e)) / len(terms) for e in evidence), default=0) if terms else 0
    return "supported" if best >= 0.6 else "inconclusive"


def scores(gold: list[str], pred: list[str]) -> dict[str, float]:
    out: dict[str, float] = {}
    f1s = []
    for label in LABELS:
        said = sum(p == label for p in pred)
        truth = sum(g == label for g in gold)
        right = sum(p == g == label for p, g in zip(pred, gold, strict=True))
        also = 0
        if label != "supported" and "not_supported" in gold:
            # "not supported": refuted and inconclusive predictions are both right there
            also = sum(p == label and g == "not_supported" for p, g in zip(pred, gold, strict=True))
        precision = (right + also) / said if said else float("nan")
        recall = right / truth if truth else float("nan")
        out[f"{label}_p"], out[f"{label}_r"], out[f"{label}_n"] = precision, recall, said
        if truth:
            f1s.append(
                0
                if not precision or not recall or precision != precision
                else 2 * precision * recall / (precision + recall)
            )
    out["macro_f1"] = sum(f1s) / len(f1s) if f1s else float("nan")
    return out


def fmt(x: float) -> str:
    return "  -  " if x != x else f"{x:.3f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=0, help="pairs per data set (0: all)")
    parser.add_argument("--nli-model", help="add the nli judge with this model directory")
    parser.add_argument("--llm", action="store_true", help="add the llm judge ([judges.llm])")
    args = parser.parse_args()
    root = DATA.resolve()
    if not root.is_dir():
        print(f"claims data not found at {root}; nothing to measure")
        return 0
    heuristic = HeuristicJudge()
    judges: dict[str, Callable[[str, Sequence[str]], str]] = {
        "heuristic": lambda c, e: heuristic.decide(c, e).label,
        "always-inconclusive": always_inconclusive,
        "word-overlap": word_overlap,
    }
    if args.nli_model:
        from verifier.judges.nli import NliJudge

        nli = NliJudge(args.nli_model, NliJudgeSettings(model_dir=args.nli_model))
        judges["nli"] = lambda c, e: aggregate(nli.judge_all(c, e)).label
    if args.llm:
        import asyncio

        from verifier.judges.llm import LlmJudge

        llm = LlmJudge.from_settings(load_settings().judges.llm)

        def ask(c: str, e: Sequence[str]) -> str:
            found = asyncio.run(llm.judge(c, e, Deadline.after(llm.settings.timeout_s * 3)))
            return aggregate(found).label

        judges["llm"] = ask
    worst_refuted_p, worst_supported_p, slowest = 1.0, 1.0, float("inf")
    refuted_said = 0  # where refuted precision is measurable
    for name, loader in (
        ("climate-fever", climate_fever),
        ("healthver", healthver),
        ("scifact-rte", scifact),
        ("wice", wice),
        ("wice-chunks", wice_chunks),
    ):
        pairs = list(loader(root))
        if args.limit:
            pairs = pairs[: args.limit]
        gold = [g for _c, _e, g in pairs]
        passages = sum(max(1, len(passage_spans(text))) for _c, e, _g in pairs for text in e)
        print(
            f"\n{name}: {len(pairs)} pairs ({passages:,} claim-passage pairs), gold {dict(Counter(gold))}"
        )
        print(
            "| judge | sup P | sup R | ref P | ref R | inc P | inc R | macro-F1 | said refuted | pairs/s | claim-passage pairs/s |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        for judge_name, judge in judges.items():
            started = time.perf_counter()
            pred = [judge(c, e) for c, e, _g in pairs]
            took = time.perf_counter() - started
            rate = len(pairs) / took
            s = scores(gold, pred)
            ref_p = s["refuted_p"] if "not_supported" not in gold else float("nan")
            print(
                f"| {judge_name} | {fmt(s['supported_p'])} | {fmt(s['supported_r'])} | {fmt(ref_p)} | "
                f"{fmt(s['refuted_r'])} | {fmt(s['inconclusive_p'])} | {fmt(s['inconclusive_r'])} | "
                f"{fmt(s['macro_f1'])} | {int(s['refuted_n'])} | {rate:,.0f} | {passages / took:,.0f} |"
            )
            if judge_name == "heuristic":
                if ref_p == ref_p and s["refuted_n"]:
                    worst_refuted_p = min(worst_refuted_p, ref_p)
                    refuted_said += int(s["refuted_n"])
                if s["supported_p"] == s["supported_p"]:
                    worst_supported_p = min(worst_supported_p, s["supported_p"])
                slowest = min(slowest, passages / took)
    ok = worst_refuted_p >= 0.8 and worst_supported_p >= 0.8 and slowest >= 500
    refuted = (
        f"worst refuted precision {worst_refuted_p:.3f} over {refuted_said} refutations"
        if refuted_said
        else "never said refuted where its precision is measurable"
    )
    print(
        f"\nsummary: heuristic judge: {refuted} (target >= 0.8), "
        f"worst supported precision {worst_supported_p:.3f} (target >= 0.8), slowest {slowest:,.0f} "
        f"claim-passage pairs/s (target >= 500) -> {'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
