"""Fit the frames judge's confidence: P(the claim is false | the evidence shows a conflict).

Every single-slot conflict the judge finds (``FrameJudge.conflicts``) on labelled claims
becomes one example: its features (see ``verifier.judges.frames.calibration.FEATURES``) and
whether the claim is false. Training data are only sets whose licences allow shipping a
model fitted on them: the project's own ``bench/data/claims_dev`` (written for it),
FEVER-Symmetric (CC BY-SA 3.0), WiCE (annotations ODC-BY, text CC BY-SA; only its
"supported" claims, as negatives: its "not supported" does not say false) and
Factcheck-Bench's dev half (Apache-2.0: claims from ChatGPT answers against the Google
results a checker saw, the evidence production looks like; its "refute" pairs are
positives, its "support" and "irrelevant" pairs negatives, "partially support" is left
out). The measure-only sets (Climate-FEVER, HealthVer, SciFact, COVID-Fact) train nothing.

The fit is a logistic regression by Newton's method with a Gaussian prior centred on the
hand-set weights (``DEFAULT_WEIGHTS``): with a few hundred examples, features the data
barely see keep the judgement they were given (a conflict in a relation that can hold
many times, such as winning a prize, is weak evidence). Grouped 5-fold cross-validation
(by claim) reports log-loss and the precision of refutations at p >= 0.5 and 0.8 for the
hand-set and the fitted weights; the final fit uses all data and, with ``--write``, is
written to ``verifier/judges/frames/calibration.json`` with those figures (without it the
shipped calibration is left alone: a refit changes every confidence, so run
``bench/judges.py`` before keeping one).

Run: ``python bench/calibrate_frames.py [--prior-strength S] [--write]``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from judges import DATA, befores, claims_dev, factcheck_bench, fever_symmetric, wice

from verifier.judges.frames.calibration import DEFAULT_WEIGHTS, FEATURES, Calibration
from verifier.judges.frames.judge import FrameJudge

OUT = Path(__file__).resolve().parents[1] / "verifier" / "judges" / "frames" / "calibration.json"


def examples() -> list[tuple[int, list[float], int, str]]:
    """(group, features, false?, source) for every conflict on the training sets."""
    judge = FrameJudge(calibration=Calibration(DEFAULT_WEIGHTS))
    out = []
    groups: dict[tuple[str, str], int] = {}  # one group per claim, however many pairs it has
    root = DATA.resolve()
    for source, loader, labels in (
        ("claims_dev", claims_dev, {"refuted": 1, "supported": 0, "inconclusive": 0}),
        ("fever-symmetric", fever_symmetric, {"refuted": 1, "supported": 0}),
        ("wice", wice, {"supported": 0}),
        (
            "factcheck-bench",
            factcheck_bench,
            {"refuted": 1, "supported": 0, "inconclusive": 0},
        ),
    ):
        for claim, evidence, gold in loader(root):
            group = groups.setdefault((source, claim), len(groups))
            if gold not in labels:
                continue
            for _sentence, features in judge.conflicts(claim, evidence, befores(evidence)):
                out.append((group, [features[f] for f in FEATURES], labels[gold], source))
    return out


def fit(x: np.ndarray, y: np.ndarray, prior: np.ndarray, strength: float) -> np.ndarray:
    """MAP logistic regression: log-likelihood minus strength/2 * |w - prior|^2."""
    w = prior.copy()
    for _ in range(50):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (y - p) - strength * (w - prior)
        hess = -(x.T * (p * (1 - p))) @ x - strength * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w = w - step
        if np.abs(step).max() < 1e-8:
            break
    return w


def metrics(w: np.ndarray, x: np.ndarray, y: np.ndarray) -> dict[str, float]:
    p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
    eps = 1e-9
    out = {"log_loss": float(-np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps)))}
    for t in (0.5, 0.8):
        said = p >= t
        out[f"said@{t}"] = int(said.sum())
        out[f"precision@{t}"] = float(y[said].mean()) if said.any() else float("nan")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prior-strength", type=float, default=10.0)
    parser.add_argument(
        "--write", action="store_true", help="write the fit to the shipped calibration file"
    )
    args = parser.parse_args()
    if not DATA.resolve().is_dir():
        print(f"claims data not found at {DATA.resolve()}; nothing to fit")
        return 0
    rows = examples()
    groups = sorted({g for g, *_ in rows})
    x = np.array([f for _g, f, _y, _s in rows])
    y = np.array([label for _g, _f, label, _s in rows], dtype=float)
    prior = np.array([DEFAULT_WEIGHTS.get(f, 0.0) for f in FEATURES])
    by_source: dict[str, list[int]] = {}
    for _g, _f, label, source in rows:
        by_source.setdefault(source, []).append(label)
    print(
        f"{len(rows)} conflicts from {len(groups)} claims: "
        + ", ".join(f"{s} {len(v)} ({sum(v)} on false claims)" for s, v in by_source.items())
    )
    rng = random.Random(13)
    rng.shuffle(groups)
    folds = [set(groups[i::5]) for i in range(5)]
    print("| weights | fold | log-loss | said @0.5 | precision @0.5 | said @0.8 | precision @0.8 |")
    print("|---|---|---|---|---|---|---|")
    totals: dict[str, list[dict[str, float]]] = {"hand-set": [], "fitted": []}
    held_out = np.zeros(len(rows))  # each conflict's fitted probability, out of fold
    for k, test in enumerate(folds):
        train_idx = np.array([g not in test for g, *_ in rows])
        test_idx = ~train_idx
        if not test_idx.any():
            continue
        w = fit(x[train_idx], y[train_idx], prior, args.prior_strength)
        held_out[test_idx] = 1 / (1 + np.exp(-np.clip(x[test_idx] @ w, -30, 30)))
        for name, weights in (("hand-set", prior), ("fitted", w)):
            m = metrics(weights, x[test_idx], y[test_idx])
            totals[name].append(m)
            print(
                f"| {name} | {k + 1} | {m['log_loss']:.3f} | {m['said@0.5']} | "
                f"{m['precision@0.5']:.3f} | {m['said@0.8']} | {m['precision@0.8']:.3f} |"
            )
    summary = {}
    for name, ms in totals.items():
        said8 = sum(m["said@0.8"] for m in ms)
        right8 = sum(m["said@0.8"] * (m["precision@0.8"] if m["said@0.8"] else 0) for m in ms)
        said5 = sum(m["said@0.5"] for m in ms)
        right5 = sum(m["said@0.5"] * (m["precision@0.5"] if m["said@0.5"] else 0) for m in ms)
        summary[name] = {
            "log_loss": round(float(np.mean([m["log_loss"] for m in ms])), 4),
            "precision@0.8": round(right8 / said8, 4) if said8 else None,
            "said@0.8": said8,
            "precision@0.5": round(right5 / said5, 4) if said5 else None,
            "said@0.5": said5,
        }
    print("\nreliability (cross-validated): false claims / conflicts, per bin of the fitted p")
    bins = ((0.0, 0.5), (0.5, 0.8), (0.8, 0.9), (0.9, 1.01))
    print("| source | " + " | ".join(f"{a:.1f}-{min(b, 1):.1f}" for a, b in bins) + " |")
    print("|---|" + "---|" * len(bins))
    for source in by_source:
        cells = []
        for a, b in bins:
            inside = [
                int(y[i])
                for i, (_g, _f, _label, s) in enumerate(rows)
                if s == source and a <= held_out[i] < b
            ]
            cells.append(f"{sum(inside)}/{len(inside)}" if inside else "-")
        print(f"| {source} | " + " | ".join(cells) + " |")
    w = fit(x, y, prior, args.prior_strength)
    where = OUT.relative_to(OUT.parents[2])
    if not args.write:
        print(
            f"\nsummary: cross-validated over 5 folds: hand-set {summary['hand-set']}; fitted "
            f"{summary['fitted']}; not written ({where} unchanged; --write writes it)"
        )
        return 0
    OUT.write_text(
        json.dumps(
            {
                "source": "bench/calibrate_frames.py: claims_dev, FEVER-Symmetric, WiCE "
                "supported, Factcheck-Bench dev",
                "examples": len(rows),
                "prior_strength": args.prior_strength,
                "cross_validation": summary,
                "weights": {f: round(float(v), 4) for f, v in zip(FEATURES, w, strict=True)},
            },
            indent=2,
        )
        + "\n"
    )
    print(
        f"\nsummary: cross-validated over 5 folds: hand-set {summary['hand-set']}; fitted {summary['fitted']}; written to {where}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
