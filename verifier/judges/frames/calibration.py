"""The frames judge's confidence: a small logistic model over a conflict's features.

A conflict the guards let through (:mod:`verifier.judges.frames.guards`) is described by
:data:`FEATURES` (how surely the sentence speaks of the claim's subject, whether the relation
is the same, how much of the claim it says, what kind of value conflicts, how far apart the
values are, ...); :class:`Calibration` turns them into the probability that the claim is
false. The weights are fitted on labelled data by ``bench/calibrate_frames.py`` and shipped
in ``calibration.json``; :data:`DEFAULT_WEIGHTS` are the hand-set ones it starts from.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources
from typing import cast

from verifier.judges.frames.slots import Value

__all__ = ["DEFAULT_WEIGHTS", "FEATURES", "Calibration", "distance", "features_of"]

FEATURES = (
    "bias",
    "subject_named",
    "subject_pronoun",
    "same_relation",
    "same_verb",
    "functional",
    "context",
    "coverage",
    "kind_time",
    "kind_quantity",
    "kind_name",
    "kind_exclusive",
    "kind_direction",
    "kind_negation",
    "kind_swap",
    "values_of_kind",
    "distance",
    "approx",
    "long_sentence",
    "confirmed_others",
    "loose_relation",
    "dated",
    "repeated",
)


@dataclass(frozen=True, slots=True)
class Calibration:
    """Logistic weights over :data:`FEATURES`: P(the claim is false | a refutation)."""

    weights: dict[str, float]
    source: str = "built-in"

    @classmethod
    def load(cls) -> Calibration:
        try:
            text = (
                resources.files("verifier.judges.frames").joinpath("calibration.json").read_text()
            )
        except FileNotFoundError:
            return cls(DEFAULT_WEIGHTS)
        data = json.loads(text)
        return cls({k: float(v) for k, v in data["weights"].items()}, data.get("source", ""))

    def probability(self, features: dict[str, float]) -> float:
        z = sum(self.weights.get(k, 0.0) * v for k, v in features.items())
        return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


# Hand-set until fitted (bench/calibrate_frames.py writes calibration.json).
DEFAULT_WEIGHTS = {
    "bias": -2.0,
    "subject_named": 1.6,
    "subject_pronoun": 0.8,
    "same_relation": 1.2,
    "same_verb": 0.6,
    "functional": 1.2,
    "context": 1.5,
    "coverage": 1.0,
    "kind_time": 0.6,
    "kind_quantity": 0.3,
    "kind_name": -0.4,
    "kind_exclusive": 0.6,
    "kind_direction": -0.5,
    "kind_negation": 0.0,
    "kind_swap": 0.0,
    "values_of_kind": -0.3,
    "distance": 0.3,
    "approx": -0.3,
    "long_sentence": -0.4,
    "confirmed_others": 0.8,
    "loose_relation": -3.5,
    "dated": -2.0,
    "repeated": -3.0,
}


def features_of(
    kind: str,
    subject: int,
    same_relation: bool,
    same_verb: bool,
    functional: bool,
    context: float,
    coverage: float,
    values_of_kind: int,
    distance: float,
    approx: bool,
    sentence_words: int,
    confirmed_others: int = 0,
) -> dict[str, float]:
    """The features of one conflict (see :data:`FEATURES`)."""
    time = kind in ("year", "date")
    return {
        "bias": 1.0,
        "subject_named": float(subject == 3),
        "subject_pronoun": float(subject == 2),
        "same_relation": float(same_relation),
        "same_verb": float(same_verb),
        "functional": float(functional),
        "context": context,
        "coverage": coverage,
        "kind_time": float(time),
        "kind_quantity": float(kind == "quantity"),
        "kind_name": float(kind == "name"),
        "kind_exclusive": float(kind in ("exclusive", "ordinal", "subject")),
        "kind_direction": float(kind == "direction"),
        "kind_negation": float(kind == "negation"),
        "kind_swap": float(kind == "swap"),
        "values_of_kind": float(min(values_of_kind, 4) - 1),
        "distance": distance,
        "approx": float(approx),
        "long_sentence": float(sentence_words > 40),
        "confirmed_others": float(min(confirmed_others, 2)),
        # a relation that can hold many times ("won a prize") with nothing else of the claim
        # confirmed: another year may be another occasion
        "loose_relation": float(
            not functional and confirmed_others == 0 and kind not in ("subject", "negation")
        ),
        # set where known: a dated or running value, a repeated event
        "dated": 0.0,
        "repeated": 0.0,
    }


def distance(claim: Value, found: Value) -> float:
    """How far apart two conflicting values are, 0-1 (quantities and years only)."""
    try:
        if claim.kind == "quantity":
            a, b = float(cast(float, claim.key)), float(cast(float, found.key))
            return min(1.0, abs(a - b) / max(abs(a), abs(b), 1e-9))
        if claim.kind in ("year", "date") and found.kind in ("year", "date"):
            ya = claim.key[0] if isinstance(claim.key, tuple) else 0
            yb = found.key[0] if isinstance(found.key, tuple) else 0
            return min(1.0, abs(ya - yb) / 50)
    except (TypeError, ValueError):
        pass
    return 0.5
