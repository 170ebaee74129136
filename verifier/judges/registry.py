"""Build the configured judge chain (``judges.chain``) from settings."""

from __future__ import annotations

from ..config import Settings
from .base import Judge
from .frame_judge import FrameJudge
from .heuristic import HeuristicJudge

__all__ = ["build_judges", "frames_from", "heuristic_from"]


def heuristic_from(settings: Settings) -> HeuristicJudge:
    h = settings.judges.heuristic
    return HeuristicJudge(
        support_coverage=h.support_coverage,
        support_similarity=h.support_similarity,
        refute_coverage=h.refute_coverage,
        refute_similarity=h.refute_similarity,
        negation_coverage=h.negation_coverage,
    )


def frames_from(settings: Settings) -> FrameJudge:
    f = settings.judges.frames
    return FrameJudge(
        refuted_threshold=settings.judges.refuted_threshold,
        support_coverage=f.support_coverage,
        fallback=heuristic_from(settings),
    )


def build_judges(settings: Settings) -> list[Judge]:
    """The judges of ``judges.chain``, in order. A judge that cannot start (no model
    directory, no endpoint) raises :class:`~verifier.errors.ConfigError` saying what to set."""
    judges: list[Judge] = []
    for name in settings.judges.chain:
        if name == "frames":
            judges.append(frames_from(settings))
        elif name == "heuristic":
            judges.append(heuristic_from(settings))
        elif name == "nli":
            from .nli import NliJudge

            judges.append(NliJudge.from_settings(settings.judges.nli, settings.data_dir()))
        else:
            from .llm import LlmJudge

            judges.append(LlmJudge.from_settings(settings.judges.llm))
    return judges
