"""From judgements to a claim's verdict, and from verdicts to the truthfulness signal.

Pure functions: :func:`verdict_of` places a :class:`~verifier.judges.Decision` on the
evidence pages (quotes with page offsets and URLs); :func:`truthfulness_of` counts the
report's claims and names the ones behind each signal, as the rubric needs them: refuted
claims (false information) and fake resources lower a response, claims searched but left
undecided get the benefit of the doubt, and claims that could not be checked at all are
listed apart (``unchecked_claims``) for a human to look at.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

from verifier.judges import Decision, Judgement
from verifier.judges.base import REVIEW_THRESHOLD
from verifier.schema import (
    Claim,
    ClaimRef,
    Evidence,
    Resource,
    Stance,
    Truthfulness,
    Verdict,
    VerdictQuote,
)

__all__ = ["truthfulness_of", "verdict_of"]

_STANCE: dict[str, Stance] = {"supported": "supports", "refuted": "refutes"}


def _stance(judgement: Judgement) -> Stance:
    if judgement.label in _STANCE:
        return _STANCE[judgement.label]
    # a figure or a name no evidence text gives: the closest sentence, its conflicts that
    return "conflicts" if judgement.conflicts and not judgement.unsourced else "closest"


def _quote(
    judgement: Judgement, evidence: Sequence[Evidence], stance: Stance
) -> VerdictQuote | None:
    index = judgement.evidence_index
    if index is None or judgement.sentence is None or judgement.start is None:
        return None
    ev = evidence[index]
    return VerdictQuote(
        stance=stance,
        sentence=judgement.sentence,
        url=ev.url,
        title=ev.title,
        snapshot_id=ev.snapshot_id,
        start=ev.start + judgement.start,
        end=ev.start + (judgement.end or judgement.start),
        evidence_rank=index,
        judge=judgement.judge,
        confidence=judgement.confidence,
        matched=list(judgement.matched),
        conflicts=list(judgement.conflicts),
        reason=judgement.reason,
    )


def verdict_of(decision: Decision, evidence: Sequence[Evidence], judges: Sequence[str]) -> Verdict:
    """The claim's verdict with its quotes placed in the stored pages."""
    quotes: list[VerdictQuote] = []
    for judgement in (decision.lead, decision.counter):
        if (
            judgement is not None
            and (quote := _quote(judgement, evidence, _stance(judgement))) is not None
        ):
            quotes.append(quote)
    return Verdict(
        label=decision.label,
        confidence=decision.confidence,
        disputed=decision.disputed,
        reason=decision.reason,
        judges=list(judges),
        passages=len(evidence),
        quotes=quotes,
        guard=decision.guard.guard if decision.guard is not None else None,
    )


def _ref(claim: Claim, why: str) -> ClaimRef:
    verdict = claim.verdict
    quote = verdict.quotes[0] if verdict and verdict.quotes else None
    return ClaimRef(
        claim_id=claim.id,
        text=claim.text,
        claim=claim.claim or claim.text,
        start=claim.start,
        end=claim.end,
        label=verdict.label if verdict else "inconclusive",
        confidence=verdict.confidence if verdict else 0.0,
        why=why,
        quote=quote.sentence if quote else None,
        url=quote.url if quote else None,
        snapshot_id=quote.snapshot_id if quote else None,
        quote_start=quote.start if quote else None,
        quote_end=quote.end if quote else None,
    )


def _undecided_reason(claim: Claim) -> str:
    verdict = claim.verdict
    if verdict is not None and verdict.disputed:
        return "disputed: the evidence both supports and contradicts it"
    if verdict is not None and any(q.stance == "conflicts" for q in verdict.quotes):
        return f"inconclusive, with a possible conflict: {verdict.reason}"
    if claim.timed_out:
        return "timed out before a verdict (limits.claim_budget_s)"
    if not claim.evidence:
        return "no evidence found"
    return f"inconclusive: {verdict.reason}" if verdict else "not judged"


def _unchecked(claim: Claim) -> bool:
    return claim.verdict is None or claim.verdict.label == "unchecked"


def _status_note(
    worthy: Sequence[Claim],
    unchecked: Sequence[ClaimRef],
    resources: Sequence[Resource],
    unavailable: Sequence[str],
) -> tuple[Literal["checked", "partial", "not_checked"], str]:
    """The signal's status, and a note that says plainly what was not checked and why."""
    open_resources = [r for r in resources if r.status == "unchecked"]
    parts = []
    if unchecked:
        whys = list(dict.fromkeys(r.why for r in unchecked))
        parts.append(
            f"{len(unchecked)} of {len(worthy)} check-worthy claims unchecked ("
            + "; ".join(whys[:2])
            + (f"; and {len(whys) - 2} more reasons" if len(whys) > 2 else "")
            + ")"
        )
    if open_resources:
        parts.append(
            f"{len(open_resources)} of {len(resources)} cited resources unchecked ({open_resources[0].reason})"
        )
    searched = len(worthy) - len(unchecked)
    if unavailable and searched:
        parts.append(
            f"{', '.join(unavailable)} answered no search: the other claims were checked without it"
        )
    total = len(worthy) + len(resources)
    missing = len(unchecked) + len(open_resources)
    if total and missing == total:
        return "not_checked", "; ".join(parts)
    if parts:
        return "partial", "; ".join(parts)
    return "checked", ""


def truthfulness_of(
    claims: Sequence[Claim],
    resources: Sequence[Resource],
    *,
    judges: Sequence[str],
    refuted_threshold: float,
    unavailable: Sequence[str] = (),
    review_threshold: float = REVIEW_THRESHOLD,
) -> Truthfulness:
    """The report's truthfulness signal. ``unavailable`` names the search backends that
    answered no search at all (the claims were checked without them). Claims whose
    evidence makes them false with a probability of at least ``review_threshold`` but
    under ``refuted_threshold`` are the review list (``review``: "check this", most
    likely first); it never caps."""
    worthy = [c for c in claims if c.check_worthy]
    labels = [c.verdict.label if c.verdict else None for c in worthy]
    false_claims, weak, benefit, unchecked, conflicts = [], [], [], [], []
    review: list[ClaimRef] = []
    for claim in worthy:
        verdict = claim.verdict
        if _unchecked(claim):
            unchecked.append(_ref(claim, verdict.reason if verdict else "not judged"))
        elif verdict is not None and verdict.label == "refuted":
            if verdict.confidence >= refuted_threshold:
                false_claims.append(_ref(claim, "refuted by the quoted evidence"))
            else:
                weak.append(
                    _ref(
                        claim,
                        f"refuted with confidence {verdict.confidence:.2f}, under "
                        f"judges.refuted_threshold ({refuted_threshold}): for review, not counted",
                    )
                )
                if verdict.confidence >= review_threshold:
                    review.append(replace(weak[-1], why=f"check this: {verdict.reason}"))
        elif verdict is not None and verdict.label == "inconclusive":
            benefit.append(_ref(claim, _undecided_reason(claim)))
            seen = next((q for q in verdict.quotes if q.stance == "conflicts"), None)
            missing = next((q for q in verdict.quotes if q.unsourced), None)
            if missing is not None and missing.confidence >= review_threshold:
                review.append(
                    replace(
                        _ref(claim, "unsourced"),
                        confidence=missing.confidence,
                        why=f"check this: no source found gives the claim's "
                        f"{'; '.join(missing.conflicts)} (the closest sentence is quoted; "
                        f"probability {missing.confidence:.2f} that the claim is false)",
                    )
                )
            if seen is not None:
                conflicts.append(
                    _ref(
                        claim,
                        f"possible false fact: {'; '.join(seen.conflicts)} (the claim's value vs "
                        f"the source's; confidence {seen.confidence:.2f}, not enough to refute)",
                    )
                )
                if seen.confidence >= review_threshold and not verdict.disputed:
                    review.append(
                        replace(
                            conflicts[-1],
                            confidence=seen.confidence,
                            why=f"check this: the source says otherwise ({'; '.join(seen.conflicts)}"
                            f"; probability {seen.confidence:.2f} that the claim is false)",
                        )
                    )
    fake = [r for r in resources if r.fake]
    status, note = _status_note(worthy, unchecked, resources, unavailable)
    return Truthfulness(
        status=status,
        judges=list(judges),
        claims=len(claims),
        check_worthy=len(worthy),
        supported=labels.count("supported"),
        refuted=labels.count("refuted"),
        inconclusive=labels.count("inconclusive"),
        disputed=sum(1 for c in worthy if c.verdict and c.verdict.disputed),
        timed_out=sum(c.timed_out for c in worthy),
        not_searched=sum(1 for c in worthy if not c.searched),
        false_information=bool(false_claims),
        refuted_threshold=refuted_threshold,
        false_claims=false_claims,
        weak_refutations=weak,
        fake_resources=bool(fake),
        resources=list(resources),
        benefit_of_the_doubt=benefit,
        note=note,
        unchecked=len(unchecked),
        unchecked_claims=unchecked,
        conflicts=conflicts,
        review=sorted(review, key=lambda r: -r.confidence),
    )
