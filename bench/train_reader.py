"""Train the reader's scorer (verifier/judges/frames/reader.json) and write its card.

One reproducible command: ``python bench/train_reader.py``. It reads only the sets
``../shared/data/README.md`` allows to train what ships: Factcheck-Bench dev (Apache-2.0),
FacTool's ``factool-qa`` rows of factool-dev (MIT), WiCE (ODC-BY / CC BY-SA), MultiNLI
dev-matched (OANC: CC BY-SA / CC BY / public domain) and SNLI's dev and test (CC BY-SA 4.0;
FEVER-Symmetric is a bench set and stays out). Every set is split by document (a
Factcheck-Bench answer, a FacTool answer, a WiCE claim, an NLI premise) into training
(60%), calibration (20%: the threshold) and report (20%: every figure on the card) parts,
by a hash of the document's id, so the split is the same on every run.

For every pair the frames judge's rules judge the evidence, the reader compares the
records of the claim and the candidate sentences (:func:`verifier.judges.frames.reader.
reading_of`), and each record contradiction becomes a row: its features, and whether the
claim is false (Factcheck-Bench ``refute``, a false FacTool claim, an NLI contradiction;
WiCE rows are only ever negatives: supported claims). A logistic regression (numpy,
L2) is fitted on the training part; ``threshold`` is the lowest probability where
refutations reach precision 0.9 on the calibration part (1.01, never, when none does);
``review`` the lowest where they reach precision 0.3 there (put before the rater).
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from verifier.judges.frames.judge import FrameJudge
from verifier.judges.frames.reader import features, reading_of

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
OUT = ROOT / "verifier" / "judges" / "frames" / "reader.json"
CARD = ROOT / "verifier" / "judges" / "frames" / "reader.card.md"
MIN_WRONG = 5  # record contradictions on claims not false, in training, to weigh features
NLI_ROWS = 10_000  # pairs read per NLI file (all of each dev/test split)
Row = tuple[str, str, str, list[str], bool]  # set, document, claim, evidence, false


def part(document: str) -> str:
    h = int(hashlib.sha256(document.encode()).hexdigest()[:8], 16) % 10
    return "train" if h < 6 else "calibration" if h < 8 else "report"


def rows() -> Iterator[Row]:
    claims = DATA / "claims"
    for line in (claims / "factcheck-bench-dev" / "stance_dev.jsonl").read_text().splitlines():
        r = json.loads(line)
        yield (
            "factcheck-bench",
            f"fcb{r['doc']}",
            r["claim"],
            [r["evidence"]],
            r["stance"] == "refute",
        )
    for line in (claims / "factool-dev" / "responses_dev.jsonl").read_text().splitlines():
        r = json.loads(line)
        if r["source"] != "factool-qa":
            continue  # felm-wk is CC BY-NC-SA: measure only
        for c in r["claims"]:
            snippets = [s for s in c["snippets"] if s.strip()]
            yield "factool-qa", f"ft{r['id']}", c["claim"], snippets, not c["label"]
    for name in ("claim_dev.jsonl", "claim_test.jsonl"):
        for line in (claims / "wice" / name).read_text().splitlines():
            r = json.loads(line)
            if r["label"] != "supported":
                continue  # not_supported is not "false": no label for a contradiction
            yield "wice", f"wice{r['claim']}", r["claim"], [" ".join(r["evidence"])[:6000]], False
    nli = DATA / "nli"
    for name, path in (
        ("mnli", nli / "mnli_devm_hans" / "mnli_dev_matched.jsonl"),
        ("snli", nli / "snli_devtest_esnli" / "snli_dev.jsonl"),
        ("snli", nli / "snli_devtest_esnli" / "snli_test.jsonl"),
    ):
        for line in path.read_text().splitlines()[:NLI_ROWS]:
            r = json.loads(line)
            yield (
                name,
                f"nli{r['premise']}",
                r["hypothesis"],
                [r["premise"]],
                r["label"] == "contradiction",
            )


EXAMINED: dict[str, list[int]] = {}  # set -> [pairs read, of them true claims]


def examples() -> list[tuple[str, str, dict[str, float], bool]]:
    """(set, part, features, false) of every record contradiction found."""
    judge = FrameJudge(records=False)
    out = []
    for name, doc, claim, evidence, false in rows():
        if not evidence:
            continue
        seen = EXAMINED.setdefault(name, [0, 0])
        seen[0] += 1
        seen[1] += not false
        judged = judge.judge_all(claim, evidence)
        found = [
            r
            for rs in reading_of(claim, evidence, judged)
            for r in rs
            if r.match.outcome == "contradiction"
        ]
        for r in found[:1]:  # one row per claim: its first contradiction
            out.append((name, part(doc), features(r, len(evidence)), false))
    return out


def fit(x: np.ndarray, y: np.ndarray, l2: float = 5.0, steps: int = 3000) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) / len(y) + l2 * w / len(y)
        w -= 0.5 * grad
    return w


def cut(p: np.ndarray, y: np.ndarray, precision: float, least: int = 3) -> float:
    """The lowest probability where the calls at or above it reach ``precision``."""
    best = 1.01
    for t in sorted(set(p.tolist()), reverse=True):
        said = p >= t
        if said.sum() >= least and y[said].mean() >= precision:
            best = t
    return best


def main() -> int:
    if not DATA.is_dir():
        print(f"data not found at {DATA}; nothing trained")
        return 0
    found = examples()
    names = sorted({k for _s, _p, f, _y in found for k in f})
    wrong = sum(1 for _s, p, _f, v in found if p == "train" and not v)
    if wrong < MIN_WRONG:
        # no wrong contradictions to learn from: features cannot be weighed, and a fit
        # would rank the calls by noise; the bias alone is the rate the calls are right
        names = ["bias"]
    x = {
        pt: np.array([[f[k] for k in names] for _s, p, f, _y in found if p == pt])
        for pt in ("train", "calibration", "report")
    }
    y = {pt: np.array([float(v) for _s, p, _f, v in found if p == pt]) for pt in x}
    w = fit(x["train"], y["train"])
    prob = {pt: 1 / (1 + np.exp(-x[pt] @ w)) if len(x[pt]) else np.array([]) for pt in x}
    threshold = cut(prob["calibration"], y["calibration"], 0.9)
    review = min(cut(prob["calibration"], y["calibration"], 0.3), threshold)
    called = prob["calibration"] >= threshold
    cal_right = int(y["calibration"][called].sum())
    precision = (cal_right + 1) / (int(called.sum()) + 2)  # Laplace-smoothed
    weights = {k: round(float(v), 4) for k, v in zip(names, w, strict=True)}
    OUT.write_text(
        json.dumps(
            {
                "weights": weights,
                "threshold": math.floor(threshold * 10_000) / 10_000,  # never over a call's p
                "review": round(review, 4),
                "precision": round(precision, 4),
            },
            indent=1,
            sort_keys=True,
        )
        + "\n"
    )
    lines = []
    for pt in ("train", "calibration", "report"):
        for t, what in ((threshold, "cap"), (review, "review")):
            said = prob[pt] >= t
            n = int(said.sum())
            right = int(y[pt][said].sum()) if n else 0
            lines.append(
                f"| {pt} | {what} (p >= {t:.3f}) | {len(y[pt])} ({int(y[pt].sum())} false) | "
                f"{n} | {right / n if n else float('nan'):.2f} |"
            )
    per_set: dict[str, list[int]] = {}
    for s, _p, _f, v in found:
        c = per_set.setdefault(s, [0, 0])
        c[0] += 1
        c[1] += v
    sha = hashlib.sha256(OUT.read_bytes()).hexdigest()
    CARD.write_text(
        "# Card: the reader's scorer (reader.json)\n\n"
        "A logistic regression over a record contradiction's features (see\n"
        "verifier/judges/frames/scorer.py); built by `python bench/train_reader.py`.\n\n"
        "## Data (record contradictions found, one per claim; false = the claim is false)\n\n"
        + "".join(
            f"- {s}: {per_set.get(s, [0, 0])[0]} rows, {per_set.get(s, [0, 0])[1]} false (of "
            f"{n:,} pairs read, {t:,} of them not labelled false: a contradiction on "
            f"{per_set.get(s, [0, 0])[0] - per_set.get(s, [0, 0])[1]} of those)\n"
            for s, (n, t) in sorted(EXAMINED.items())
        )
        + "\nLicences: Factcheck-Bench dev Apache-2.0; FacTool factool-qa rows MIT; WiCE "
        "annotations ODC-BY, text CC BY-SA; MultiNLI dev-matched (credit MultiNLI; OANC text "
        "CC BY-SA / CC BY / public domain); SNLI 1.0 dev and test (CC BY-SA 4.0; credit SNLI). "
        "FEVER-Symmetric is kept out: it is a bench set. Split by document: train 60%, calibration 20%, "
        "report 20% (hash of the document id).\n\n"
        "## Metrics (precision of the calls at each threshold; figures to quote: report)\n\n"
        "| part | call | rows | said | precision |\n|---|---|---|---|---|\n"
        + "\n".join(lines)
        + (
            f"\n\nFeatures: bias only. The training part holds {wrong} record contradictions on "
            f"claims not labelled false (fewer than {MIN_WRONG}): nothing tells a right one "
            "from a wrong one, so no feature is weighed; the probability is the rate at which "
            "they are right, the same for every call."
            if names == ["bias"]
            else f"\n\nFeatures: {', '.join(names)}."
        )
        + f"\n\n## Thresholds\n\n- threshold (cap, precision >= 0.9 on calibration): "
        f"{threshold:.4f}\n- review (precision >= 0.3 on calibration): {review:.4f}\n"
        f"- precision (a cap's confidence: calls right on calibration, (right + 1) / (calls + "
        f"2)): {precision:.4f} ({cal_right} of {int(called.sum())})\n\n"
        f"## File\n\nsha256 of reader.json: `{sha}`\n"
    )
    print(CARD.read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
