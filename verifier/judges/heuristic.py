"""The `heuristic` judge (the default before `frames`, now its fallback): offline,
deterministic, fast, and careful about saying "refuted".

For each evidence sentence it measures how much of the claim's content the sentence states
(the share of the claim's content words it contains) and compares the claim's *slots*:
numbers with their units, years, names, and negation.

- **supported**: a sentence states most of the claim's content words and every number,
  year and name of the claim, with the same polarity;
- **refuted**: a sentence states the claim's subject and relation (nearly all of its other
  content words) but gives a different value in the same slot (another year, another number
  with the same unit) and not the claim's, or says the same thing negated;
- otherwise **inconclusive** (the benefit of the doubt).

One judgement per evidence text (its best sentence decides; a text that both supports and
contradicts the claim is inconclusive); :func:`~verifier.judges.base.aggregate` combines
them. Every judgement names the deciding sentence and the slots that matched or conflicted.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz

from verifier.judges.base import Decision, Judgement, Label, aggregate
from verifier.system.deadline import Deadline
from verifier.text.numbers import Reading, quantities_in
from verifier.text.sentences import sentence_spans
from verifier.text.spans import STOPWORDS, entities
from verifier.text.stem import Stemming, stem

__all__ = ["HeuristicJudge", "Slots", "slots_of", "terms_of"]

_NEGATION = re.compile(
    r"\b(?:not|no|never|none|nobody|nothing|neither|nor|cannot|without|n't|false|myth|"
    r"unlikely|fails?|failed|unable to|incapable of)\b|n't\b",
    re.IGNORECASE,
)


def terms_of(text: str) -> set[str]:
    """The stems of a text's content words (plural endings off), as the judge compares them."""
    return {
        stem(w, Stemming.PLURAL)
        for w in re.findall(r"[a-z0-9]+", text.casefold())
        if w not in STOPWORDS
    }


@dataclass(frozen=True, slots=True)
class Slots:
    numbers: tuple[tuple[float, str], ...]  # (value, unit); unit "" when none
    years: tuple[int, ...]
    names: tuple[str, ...]
    negated: bool


def slots_of(text: str) -> Slots:
    numbers: list[tuple[float, str]] = []
    years: list[int] = []
    for q in quantities_in(text, Reading.PLAIN):
        if q.kind == "year":
            years.append(int(q.value))
        else:
            numbers.append((q.value, q.unit))
    names = tuple(n.casefold() for n in entities(text) if not any(c.isdigit() for c in n))
    return Slots(tuple(numbers), tuple(years), names, bool(_NEGATION.search(text)))


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= 0.01 * max(abs(a), abs(b), 1e-9)


@dataclass(frozen=True, slots=True)
class _Reading:
    label: str
    score: float
    index: int
    start: int
    end: int
    sentence: str
    matched: tuple[str, ...]
    conflicts: tuple[str, ...]


class HeuristicJudge:
    """See the module docstring. Thresholds are the tuned defaults (bench/judges.py)."""

    name = "heuristic"
    instant = True  # milliseconds: runs even after a claim's deadline
    model_id = None

    def __init__(
        self,
        *,
        support_coverage: float = 0.85,
        support_similarity: float = 0.8,
        refute_coverage: float = 0.8,
        refute_similarity: float = 0.8,
        negation_coverage: float = 0.9,
    ) -> None:
        self.refute_similarity = refute_similarity
        self.support_coverage = support_coverage
        self.support_similarity = support_similarity
        self.refute_coverage = refute_coverage
        self.negation_coverage = negation_coverage

    def judge_all(self, claim: str, evidence: Sequence[str]) -> list[Judgement]:
        """One judgement per evidence text (synchronous; fast enough to call inline)."""
        claim_terms = terms_of(claim)
        claim_slots = slots_of(claim)
        slot_terms = {stem(w, Stemming.PLURAL) for n in claim_slots.names for w in n.split()} | {
            str(y) for y in claim_slots.years
        }
        plain_terms = (
            claim_terms
            - slot_terms
            - {re.sub(r"\.0$", "", str(v)) for v, _u in claim_slots.numbers}
        )
        out = []
        for index, text in enumerate(evidence):
            readings = [
                reading
                for start, end in sentence_spans(text)
                if (
                    reading := self._read(
                        claim,
                        claim_terms,
                        plain_terms,
                        claim_slots,
                        text[start:end],
                        index,
                        start,
                        end,
                    )
                )
                is not None
            ]
            out.append(self._judge_readings(readings, index))
        return out

    def decide(self, claim: str, evidence: Sequence[str]) -> Decision:
        """The claim's verdict over ``evidence`` (:func:`~verifier.judges.base.aggregate`)."""
        return aggregate(self.judge_all(claim, evidence))

    async def judge(
        self,
        claim: str,
        evidence: Sequence[str],
        deadline: Deadline | None = None,
        *,
        before: Sequence[str] = (),
    ) -> list[Judgement]:
        return self.judge_all(claim, evidence)

    def _judge_readings(self, readings: list[_Reading], index: int) -> Judgement:
        best = max(readings, key=lambda r: r.score, default=None)
        top_support = max(
            (r for r in readings if r.label == "supported"), key=lambda r: r.score, default=None
        )
        top_refute = max(
            (r for r in readings if r.label == "refuted"), key=lambda r: r.score, default=None
        )
        if top_support and top_refute:
            return self._judgement(
                "inconclusive",
                top_support,
                0.0,
                f"disputed within one text: supported by “{top_support.sentence}” but "
                f"contradicted by “{top_refute.sentence}” ({', '.join(top_refute.conflicts)})",
            )
        if top_support:
            return self._judgement(
                "supported", top_support, top_support.score, "states the claim's content and slots"
            )
        if top_refute:
            return self._judgement(
                "refuted",
                top_refute,
                top_refute.score,
                f"same subject and relation, conflicting {', '.join(top_refute.conflicts)}",
            )
        if best is None:
            return Judgement(
                "inconclusive",
                0.0,
                self.name,
                evidence_index=index,
                reason="no sentence shares the claim's content",
            )
        return self._judgement(
            "inconclusive", best, 0.0, "no sentence states or contradicts the claim's content"
        )

    def _judgement(self, label: Label, r: _Reading, confidence: float, reason: str) -> Judgement:
        return Judgement(
            label=label,
            confidence=round(min(max(confidence, 0.0), 1.0), 3),
            judge=self.name,
            evidence_index=r.index,
            start=r.start,
            end=r.end,
            sentence=r.sentence,
            matched=r.matched,
            conflicts=r.conflicts,
            reason=reason,
            score=r.score,
        )

    def _read(
        self,
        claim: str,
        claim_terms: set[str],
        plain_terms: set[str],
        claim_slots: Slots,
        sentence: str,
        index: int,
        start: int,
        end: int,
    ) -> _Reading | None:
        terms = terms_of(sentence)
        if not claim_terms or not terms & claim_terms:
            return None
        coverage = len(claim_terms & terms) / len(claim_terms)
        plain = len(plain_terms & terms) / len(plain_terms) if plain_terms else coverage
        if max(coverage, plain) < min(self.support_coverage, self.refute_coverage):
            # too far from the claim to decide anything: rank it cheaply
            return _Reading(
                "inconclusive", round(0.7 * coverage, 4), index, start, end, sentence, (), ()
            )
        similarity = fuzz.token_set_ratio(claim, sentence, processor=str.casefold) / 100
        score = 0.7 * coverage + 0.3 * similarity
        slots = slots_of(sentence)
        matched: list[str] = []
        conflicts: list[str] = []
        missing = False
        lowered = sentence.casefold()
        for year in claim_slots.years:
            if year in slots.years:
                matched.append(f"year {year}")
            elif slots.years:
                conflicts.append(f"year {year} vs {', '.join(map(str, slots.years))}")
            else:
                missing = True
        for value, unit in claim_slots.numbers:
            same_unit = [v for v, u in slots.numbers if u == unit]
            label = f"{value:g}{(' ' + unit) if unit else ''}"
            if any(_same(value, v) for v, _u in slots.numbers):
                matched.append(label)
            elif unit and same_unit:
                conflicts.append(f"{label} vs {', '.join(f'{v:g} {unit}' for v in same_unit)}")
            else:
                missing = True
        for name in claim_slots.names:
            if name in lowered:
                matched.append(name)
            else:
                missing = True
        polarity_differs = claim_slots.negated != slots.negated
        # "the same subject and relation": the sentence says little besides the claim, is
        # worded like it, and names everything the claim names
        focused = (
            similarity >= self.refute_similarity
            and len(terms) <= 2.5 * len(claim_terms)
            and all(name in lowered for name in claim_slots.names)
        )
        one_slot = len(slots.years) <= 1 and len(claim_slots.years) <= 1
        label = "inconclusive"
        if (
            conflicts
            and focused
            and one_slot
            and not matched_all_values(claim_slots, slots)
            and plain >= self.refute_coverage
        ):
            label = "refuted"
        elif (
            polarity_differs
            and focused
            and coverage >= self.negation_coverage
            and not conflicts
            and not missing
        ):
            label = "refuted"
            conflicts.append("negation")
        elif (
            coverage >= self.support_coverage
            and similarity >= self.support_similarity
            and not conflicts
            and not missing
            and not polarity_differs
        ):
            label = "supported"
        return _Reading(
            label, round(score, 4), index, start, end, sentence, tuple(matched), tuple(conflicts)
        )


def matched_all_values(claim: Slots, sentence: Slots) -> bool:
    """Whether every year and number of the claim also appears in the sentence."""
    years = all(y in sentence.years for y in claim.years)
    numbers = all(any(_same(v, w) for w, _u in sentence.numbers) for v, _u in claim.numbers)
    return years and numbers
