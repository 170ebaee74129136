"""The judge protocol: a claim and evidence texts in, a labelled judgement with its quote out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

__all__ = ["Judge", "Judgement", "Label"]

Label = Literal["supported", "refuted", "inconclusive"]


@dataclass(frozen=True, slots=True)
class Judgement:
    """A verdict on one claim against a list of evidence texts.

    ``evidence_index`` and ``start``/``end`` locate the deciding sentence:
    ``evidence[evidence_index][start:end] == sentence``. Slots are the pieces of the claim
    (numbers, dates, names, negation) that the sentence matched or contradicted.
    """

    label: Label
    confidence: float
    judge: str
    evidence_index: int | None = None
    start: int | None = None
    end: int | None = None
    sentence: str | None = None
    matched: tuple[str, ...] = field(default_factory=tuple)
    conflicts: tuple[str, ...] = field(default_factory=tuple)
    reason: str = ""


class Judge(Protocol):
    name: str

    def judge(self, claim: str, evidence: Sequence[str]) -> Judgement: ...
