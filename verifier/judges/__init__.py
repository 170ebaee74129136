"""Judges: a claim and evidence texts in, supported / refuted / inconclusive out."""

from verifier.judges.base import (
    REFUTED_THRESHOLD,
    Decision,
    Judge,
    Judgement,
    Label,
    aggregate,
    run_chain,
)
from verifier.judges.heuristic import HeuristicJudge

__all__ = [
    "REFUTED_THRESHOLD",
    "Decision",
    "HeuristicJudge",
    "Judge",
    "Judgement",
    "Label",
    "aggregate",
    "run_chain",
]
