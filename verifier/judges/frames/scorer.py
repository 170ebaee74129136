"""The reader's scorer: a small logistic model over a record contradiction's features.

A record contradiction (:mod:`verifier.judges.frames.records`) is a candidate; whether it
caps is the scorer's call: :meth:`Scorer.probability` is the probability that the claim is
false given the contradiction's features (:func:`verifier.judges.frames.reader.features`:
its kind, how much of the claim the sentence says, whether its subject was resolved, the
sentence's length, how many texts there were). The weights are fitted by
``python bench/train_reader.py`` on licence-clean pairs only (Factcheck-Bench dev, WiCE,
FacTool's ``factool-qa`` rows), split by document into training, calibration and report
parts; ``threshold`` is the lowest probability at which refutations reach precision 0.9 on
the calibration part, and ``precision`` how often the calls there were right (a cap's
confidence: that is what the probability of a refutation means). The file ``reader.json`` ships with its card ``reader.card.md``
(data, licences, metrics, threshold, sha256).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources

__all__ = ["WEIGHTS_FILE", "Scorer"]

WEIGHTS_FILE = "reader.json"


@dataclass(frozen=True, slots=True)
class Scorer:
    """Logistic weights by feature name, and the calibrated threshold for a cap."""

    weights: dict[str, float]
    threshold: float
    review: float  # the probability from which a contradiction is put before the rater
    # how often a call at or over ``threshold`` was right on the calibration part
    # (Laplace-smoothed: (right + 1) / (calls + 2)): a cap's confidence
    precision: float = 0.0

    def confidence(self, p: float) -> float:
        """A refutation's confidence: the calibrated precision of the calls at or over the
        threshold (never under ``p``)."""
        return max(p, self.precision)

    def probability(self, features: dict[str, float]) -> float:
        z = sum(self.weights.get(k, 0.0) * v for k, v in features.items())
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    @classmethod
    def load(cls) -> Scorer:
        text = resources.files("verifier.judges.frames").joinpath(WEIGHTS_FILE).read_text("utf-8")
        data = json.loads(text)
        return cls(
            {str(k): float(v) for k, v in data["weights"].items()},
            float(data["threshold"]),
            float(data["review"]),
            float(data.get("precision", 0.0)),
        )
