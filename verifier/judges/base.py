"""The judge protocol, and how one claim's judgements become one verdict.

A judge reads a claim against a list of evidence texts and returns one
:class:`Judgement` per text (``evidence_index`` is its position), each naming the
sentence that decided it. :func:`aggregate` turns those into the claim's verdict:

- support and no refutation -> ``supported``;
- a refutation and no support -> ``refuted``;
- both -> ``inconclusive``, marked ``disputed``, with both sentences;
- neither -> ``inconclusive`` (the benefit of the doubt); when a judgement saw a conflict
  it was not confident enough to call a refutation, that conflict leads the decision, so
  the report can show it.

"Refuted" has one meaning everywhere: a refutation counts only with a confidence of at
least ``refuted_threshold`` (``judges.refuted_threshold``, :data:`REFUTED_THRESHOLD` by
default), which is what makes a claim false information. A weaker refutation is a
*conflict*: the claim stays inconclusive and the conflict is shown for review.

:func:`run_chain` runs several judges in order, asking a later judge only about the texts
the earlier ones found inconclusive.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, Protocol

from verifier.system.deadline import Deadline

__all__ = [
    "REFUTED_THRESHOLD",
    "Decision",
    "Judge",
    "Judgement",
    "Label",
    "aggregate",
    "as_conflict",
    "run_chain",
]

Label = Literal["supported", "refuted", "inconclusive"]

# The confidence a refutation needs to count (the default of judges.refuted_threshold).
REFUTED_THRESHOLD = 0.8


@dataclass(frozen=True, slots=True)
class Judgement:
    """A verdict on one claim against one evidence text (``evidence_index``).

    ``start``/``end`` locate the deciding sentence in that text:
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
    score: float = 0.0  # how close the sentence is to the claim (0-1), whatever the label


@dataclass(frozen=True, slots=True)
class Decision:
    """A claim's verdict over all its evidence: the label and the judgements behind it.

    ``lead`` is the deciding judgement (the best support, the best refutation, or for an
    inconclusive claim the closest sentence seen, if any); ``counter`` is the opposing one
    when the evidence is ``disputed``.
    """

    label: Label
    confidence: float
    disputed: bool
    reason: str
    lead: Judgement | None = None
    counter: Judgement | None = None


class Judge(Protocol):
    """Reads a claim against evidence texts: one judgement per text, in order.

    ``before[i]``, when given, is the text just before ``evidence[i]`` on its page (the
    names a passage's "it", "she" or "the opera" stand for); a judge may read it for that
    and never judges it.

    The pipeline only reads ``name``, ``instant`` and ``model_id`` (read-only here, so a
    judge may declare ``model_id = None`` or a ``str``)."""

    @property
    def name(self) -> str: ...

    @property
    def instant(self) -> bool:
        """Rules that take milliseconds: run even after a claim's deadline."""
        ...

    @property
    def model_id(self) -> str | None:
        """The model it runs, recorded in a report's provenance; None: rules."""
        ...

    async def judge(
        self,
        claim: str,
        evidence: Sequence[str],
        deadline: Deadline,
        *,
        before: Sequence[str] = (),
    ) -> list[Judgement]: ...


def as_conflict(judgement: Judgement) -> Judgement:
    """A refutation too weak to count, as the conflict it shows (inconclusive, for review)."""
    if judgement.label != "refuted":
        return judgement
    conflicts = judgement.conflicts or ("contradicts the claim",)
    return replace(
        judgement,
        label="inconclusive",
        conflicts=conflicts,
        reason=f"possible conflict ({'; '.join(conflicts)}, confidence "
        f"{judgement.confidence:.2f}): check it",
    )


def aggregate(
    judgements: Sequence[Judgement], refuted_threshold: float = REFUTED_THRESHOLD
) -> Decision:
    """The claim's verdict from one judgement per evidence text (see the module docstring);
    refutations under ``refuted_threshold`` are conflicts, not refutations."""
    judgements = [
        as_conflict(j) if j.label == "refuted" and j.confidence < refuted_threshold else j
        for j in judgements
    ]
    supports = [j for j in judgements if j.label == "supported"]
    refutes = [j for j in judgements if j.label == "refuted"]
    support = max(supports, key=_strength, default=None)
    refute = max(refutes, key=_strength, default=None)
    if support and refute:
        return Decision(
            "inconclusive",
            round(min(support.confidence, refute.confidence), 3),
            True,
            f"disputed: supported by “{support.sentence}” but contradicted by “{refute.sentence}”",
            support,
            refute,
        )
    if support:
        return Decision("supported", support.confidence, False, support.reason, support)
    if refute:
        return Decision("refuted", refute.confidence, False, refute.reason, refute)
    conflicting = [j for j in judgements if j.conflicts and j.sentence is not None]
    if conflicting:
        # not confident enough to refute, but never silent: the conflict leads
        lead = max(conflicting, key=lambda j: j.confidence)
        return Decision("inconclusive", 0.0, False, lead.reason, lead)
    closest = max(
        (j for j in judgements if j.sentence is not None), key=lambda j: j.score, default=None
    )
    if not judgements:
        reason = "no evidence to judge"
    elif closest is None:
        reason = "no evidence sentence shares the claim's content"
    else:
        reason = "no evidence sentence states or contradicts the claim"
    return Decision("inconclusive", 0.0, False, reason, closest)


async def run_chain(
    judges: Sequence[Judge],
    claim: str,
    evidence: Sequence[str],
    deadline: Deadline,
    *,
    before: Sequence[str] = (),
) -> list[Judgement]:
    """One judgement per evidence text: the first judge's, unless it was inconclusive and
    a later judge decided. A later judge sees only the still-inconclusive texts; indices
    always refer to ``evidence``; ``before`` is each text's page context (see
    :class:`Judge`)."""
    results: list[Judgement | None] = [None] * len(evidence)
    open_ = list(range(len(evidence)))
    for judge in judges:
        if not open_ or deadline.expired:
            break
        found = await judge.judge(
            claim,
            [evidence[i] for i in open_],
            deadline,
            before=[before[i] for i in open_] if before else (),
        )
        still_open = []
        for position, judgement in zip(open_, found, strict=True):
            judgement = replace(judgement, evidence_index=position)
            current = results[position]
            if judgement.label != "inconclusive" or current is None or current.sentence is None:
                results[position] = judgement
            if judgement.label == "inconclusive":
                still_open.append(position)
        open_ = still_open
    return [
        j
        if j is not None
        else Judgement("inconclusive", 0.0, "none", i, reason="not judged (no time left)")
        for i, j in enumerate(results)
    ]


def _strength(judgement: Judgement) -> float:
    return judgement.confidence
