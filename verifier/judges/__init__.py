"""Judges: a claim and evidence texts in, supported / refuted / inconclusive out."""

from .base import Judge, Judgement, Label
from .heuristic import HeuristicJudge

__all__ = ["HeuristicJudge", "Judge", "Judgement", "Label"]
