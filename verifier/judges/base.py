"""The judge protocol, and how one claim's judgements become one verdict.

A judge reads a claim against a list of evidence texts and returns one
:class:`Judgement` per text (``evidence_index`` is its position), each naming the
sentence that decided it. :func:`aggregate` turns those into the claim's verdict:

- support and no refutation -> ``supported``;
- a refutation and no support -> ``refuted``, unless a claim-level guard (:data:`CLAIM_GUARDS`)
  speaks: another passage gives the claim's own value in the claim's frame (``corroborated``:
  ``disputed``, both sentences shown, never a cap);
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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Generic, Literal, Protocol, TypeVar

from verifier.system.deadline import Deadline

__all__ = [
    "CLAIM_GUARDS",
    "REFUTED_THRESHOLD",
    "REVIEW_THRESHOLD",
    "Action",
    "Agreement",
    "Call",
    "Decision",
    "Dispute",
    "Guard",
    "Judge",
    "Judgement",
    "Label",
    "Source",
    "Stage",
    "aggregate",
    "agreeing",
    "as_conflict",
    "corroborated",
    "run_chain",
    "single_source",
]

Label = Literal["supported", "refuted", "inconclusive"]

# The confidence a refutation needs to count (the default of judges.refuted_threshold).
REFUTED_THRESHOLD = 0.8
# The probability that a claim is false from which it is put before the rater ("check
# this", the review list), never a cap: tuned so a correct answer carries at most 0.5
# flags on average (bench/answers.py on factool-dev's correct answers)
REVIEW_THRESHOLD = 0.3


class Action(StrEnum):
    """What a guard does to a conflict it explains."""

    DISMISS = "dismiss"  # no conflict after all: the claim's value may well be right
    DEMOTE = "demote"  # a question for a rater: shown for review, never a refutation
    DISPUTE = "dispute"  # the evidence also agrees with the claim: disputed, both quotes


class Stage(StrEnum):
    """Where a guard is asked (see :mod:`verifier.judges.frames.guards`)."""

    VALUE = "value"  # is this differing value a conflict at all?
    CONFLICT = "conflict"  # one slot's conflict, beside the sentence's other values
    TEXT = "text"  # the sentence's conflicts together
    DEMOTE = "demote"  # before a refutation counts
    CLAIM = "claim"  # every passage of the claim (:func:`aggregate`)


Case = TypeVar("Case")


@dataclass(frozen=True, slots=True)
class Guard(Generic[Case]):
    """One named reason a conflict is dismissed, demoted or disputed: ``test`` returns what
    it saw (the detail a rater reads, "South America vs Latin America") or None."""

    name: str
    title: str  # what a rater reads: "another scope"
    action: Action
    stage: Stage
    test: Callable[[Case], str | None]

    def ask(self, case: Case) -> Call | None:
        detail = self.test(case)
        return None if detail is None else Call(self.name, self.title, self.action, detail)


_SAYS = {
    Action.DISMISS: "conflict dismissed",
    Action.DEMOTE: "conflict kept for review",
    Action.DISPUTE: "disputed",
}


@dataclass(frozen=True, slots=True)
class Call:
    """A guard that spoke: its name, title, action and what it saw."""

    guard: str
    title: str
    action: Action
    detail: str = ""

    def says(self) -> str:
        """ "conflict dismissed: another scope, South America vs Latin America"."""
        return f"{_SAYS[self.action]}: {self.title}" + (f", {self.detail}" if self.detail else "")


@dataclass(frozen=True, slots=True)
class Agreement:
    """A sentence that gives some of the claim's values in the claim's frame (its subject,
    its relation), though it may not state the whole claim: ``slots`` names them ("year
    1894"). ``evidence[index][start:end] == sentence`` for the text it was found in."""

    slots: tuple[str, ...]
    start: int
    end: int
    sentence: str


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
    # the claim's slots its conflicts are about ("year 1894"), and a sentence of the same
    # text that gives some of the claim's values in its frame (for corroboration)
    disputes: tuple[str, ...] = ()
    agreement: Agreement | None = None
    guard: Call | None = None  # the guard that dismissed or demoted its conflict, if any
    # its conflict is a figure or a rare name of the claim no evidence text gives (the
    # sentence is only the closest one), not another value a sentence gives
    unsourced: bool = False


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
    guard: Call | None = None  # the guard that decided, if one did


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


@dataclass(frozen=True, slots=True)
class Source:
    """Who published an evidence text: a web site's host, or a document of a corpus the user
    gave (``trusted``: the user vouches for it, so it settles a fact on its own)."""

    name: str
    trusted: bool = False


@dataclass(frozen=True, slots=True)
class Dispute:
    """A claim's strongest refutation beside every judgement of its passages: what the
    claim-level guards read. ``sources[i]`` says who published evidence text ``i`` (empty:
    unknown, every text its own source); a refutation from web sources only needs
    ``refute_sources`` independent ones to count."""

    refutation: Judgement
    judgements: Sequence[Judgement]
    sources: Sequence[Source] = ()
    refute_sources: int = 1


def agreeing(case: Dispute) -> tuple[Judgement, Agreement] | None:
    """A sentence of any passage (the refuting one's too, if another sentence) that gives
    the value the refutation contradicts, in the claim's frame."""
    wanted = set(case.refutation.disputes)
    if not wanted:
        return None
    for judgement in case.judgements:
        agreement = judgement.agreement
        if agreement is None or not wanted & set(agreement.slots):
            continue
        if judgement is case.refutation and agreement.start == judgement.start:
            continue
        return judgement, agreement
    return None


def corroborated(case: Dispute) -> str | None:
    """Another sentence agrees with the claim's value where the refutation contradicts it:
    two sources that disagree settle nothing (a rater looks at both)."""
    found = agreeing(case)
    if found is None:
        return None
    _judgement, agreement = found
    slots = ", ".join(s for s in agreement.slots if s in case.refutation.disputes)
    return f"another sentence gives the claim's {slots}: “{agreement.sentence}”"


def _source(case: Dispute, judgement: Judgement) -> Source:
    index = judgement.evidence_index
    if index is None or index >= len(case.sources):
        return Source(f"text {index}")
    return case.sources[index]


def single_source(case: Dispute) -> str | None:
    """Web evidence that only one source gives: snippets are short, cut and mixed, so a
    careful fact-checker wants a second independent source before calling a claim false. A
    corpus the user trusts settles it with one."""
    if case.refute_sources <= 1:
        return None
    refuting = [
        _source(case, j)
        for j in case.judgements
        if j.label == "refuted" and set(j.disputes) & set(case.refutation.disputes)
    ] or [_source(case, case.refutation)]
    if any(s.trusted for s in refuting):
        return None
    names = {s.name for s in refuting}
    if len(names) >= case.refute_sources:
        return None
    return f"only {len(names)} web source of the {case.refute_sources} needed ({', '.join(sorted(names))})"


# The claim-level guards, in the order they are asked (the frames judge's own, and the
# whole table, are in verifier.judges.frames.guards.GUARDS).
CLAIM_GUARDS: tuple[Guard[Dispute], ...] = (
    Guard(
        "corroborated",
        "another passage agrees with the claim",
        Action.DISPUTE,
        Stage.CLAIM,
        corroborated,
    ),
    Guard(
        "single_source",
        "one web source only",
        Action.DEMOTE,
        Stage.CLAIM,
        single_source,
    ),
)


def aggregate(
    judgements: Sequence[Judgement],
    refuted_threshold: float = REFUTED_THRESHOLD,
    sources: Sequence[Source] = (),
    refute_sources: int = 1,
) -> Decision:
    """The claim's verdict from one judgement per evidence text (see the module docstring);
    refutations under ``refuted_threshold`` are conflicts, not refutations; ``sources[i]``
    says who published evidence text ``i``, and a refutation from the web needs
    ``refute_sources`` independent ones (the claim-level guards)."""
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
        return _guarded(Dispute(refute, judgements, sources, refute_sources))
    return _undecided(judgements)


def _guarded(case: Dispute) -> Decision:
    """A refutation, unless a claim-level guard speaks."""
    refute = case.refutation
    for guard in CLAIM_GUARDS:
        call = guard.ask(case)
        if call is None:
            continue
        found = agreeing(case) if call.action is Action.DISPUTE else None
        if found is not None:
            judgement, agreement = found
            agrees = Judgement(
                "supported",
                0.5,
                judgement.judge,
                judgement.evidence_index,
                agreement.start,
                agreement.end,
                agreement.sentence,
                matched=agreement.slots,
                reason=f"gives the claim's {', '.join(agreement.slots)}",
            )
            conflict = "; ".join(refute.conflicts) or "contradicts the claim"
            return Decision(
                "inconclusive",
                0.0,
                True,
                f"disputed: contradicted by “{refute.sentence}” ({conflict}) but another "
                f"sentence gives the claim's {', '.join(agreement.slots)}: “{agreement.sentence}”",
                agrees,
                refute,
                call,
            )
        weak = replace(as_conflict(refute), guard=call)
        return Decision(
            "inconclusive", 0.0, False, f"{weak.reason}; {call.says()}", weak, guard=call
        )
    return Decision("refuted", refute.confidence, False, refute.reason, refute)


def _undecided(judgements: Sequence[Judgement]) -> Decision:
    """Neither support nor refutation: a conflict a judge was not sure of leads, then a
    sentence whose conflict a guard dismissed, then the closest sentence."""
    conflicting = [j for j in judgements if j.conflicts and j.sentence is not None]
    if conflicting:
        # not confident enough to refute, but never silent: the conflict leads
        lead = max(conflicting, key=lambda j: j.confidence)
        return Decision("inconclusive", 0.0, False, lead.reason, lead, guard=lead.guard)
    guarded = [j for j in judgements if j.guard is not None and j.sentence is not None]
    if guarded:
        lead = max(guarded, key=lambda j: j.score)
        return Decision("inconclusive", 0.0, False, lead.reason, lead, guard=lead.guard)
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
