"""The judges by name, and the configured chain (``judges.chain``) built from settings.

:data:`JUDGES` is the one list of judge names: ``judges.chain`` accepts them (its type,
``config.JudgeName``, is checked against it in the tests) and `verifier judge --judge`
offers them.
"""

from __future__ import annotations

from collections.abc import Callable

from verifier.config import Settings
from verifier.judges.base import Judge
from verifier.judges.frames.judge import FrameJudge
from verifier.judges.heuristic import HeuristicJudge

__all__ = ["JUDGES", "build_judges", "frames_from", "heuristic_from"]


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
        reword_said=f.reword_said,
        fallback=heuristic_from(settings),
    )


def _nli_from(settings: Settings) -> Judge:
    from verifier.judges.nli import NliJudge

    return NliJudge.from_settings(settings.judges.nli, settings.data_dir())


def _llm_from(settings: Settings) -> Judge:
    from verifier.judges.llm import LlmJudge

    return LlmJudge.from_settings(settings.judges.llm)


# name -> the judge built from settings, in the order the documentation lists them
JUDGES: dict[str, Callable[[Settings], Judge]] = {
    "frames": frames_from,
    "heuristic": heuristic_from,
    "nli": _nli_from,
    "llm": _llm_from,
}


def build_judges(settings: Settings) -> list[Judge]:
    """The judges of ``judges.chain``, in order. A judge that cannot start (no model
    directory, no endpoint) raises :class:`~verifier.errors.ConfigError` saying what to set."""
    return [JUDGES[name](settings) for name in settings.judges.chain]
