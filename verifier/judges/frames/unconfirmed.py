"""A value no source confirms while one gives another: a question for the rater.

When the frames judge neither supports nor contradicts a claim, one more reading is made
over all its evidence at once, the way a rater reads a search page: the claim gives a
number or a date ("94 operating reactors", "in 1982"); no evidence sentence gives that
value (in any form the slots compare as the same, or as the same digits); and a sentence
that names the claim's subject gives another value of the same measure ("93 operating
commercial nuclear reactors": the same counted thing, the same unit and rate, the same
relation for a date). That is not a refutation: the source may speak of another year,
another part, another count. It is a conflict for review, with the confidence
:data:`PROBABILITY` (over the review list's threshold, far under any cap), the sentence
quoted and both values named.

Numbers and dates are read this way, and one kind of name: the doer of an act ("signed by
Anton Pell", "composed by ..."), when no evidence text names the claim's doer at all (not
even by the last word of the name) and a sentence naming the subject gives another doer of
the same act. Other names are many per sentence and rarely of the claim's role. A year that
only dates the claim's statement ("As of 2021, ...", "since 1990") is not its fact and is
left alone.

Pure functions, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verifier.judges.base import Judgement
from verifier.judges.frames.frame import Frame, Slot, frame_of
from verifier.judges.frames.relations import same_relation
from verifier.judges.frames.sieve import subject_keys
from verifier.judges.frames.slots import TIME, Value, compare, values_in
from verifier.text.sentences import Splitting, sentence_spans
from verifier.text.stem import stem

__all__ = ["PROBABILITY", "unconfirmed"]

# The probability that the claim is false given such a conflict, on the review list and never
# a cap. Measured on the dev answers (bench/answers.py): of the flags on claims the annotators
# labelled, 7 of 10 were on false claims (factool-dev 4 of 6, Factcheck-Bench 3 of 4); set
# lower than that, since ten flags are few.
PROBABILITY = 0.4

_KINDS = frozenset({"year", "date", "quantity"})
# words before a year that date the statement, not the fact: "As of 2021, ..."
_STATEMENT_TIME = re.compile(r"\b(?:as of|since|by|until|till|through|before|after)\s*$", re.I)
# a sentence that may give a number or a date: a digit, or a number word
_DIGIT_OR_WORD = re.compile(
    r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|hundred|thousand|million|billion|dozen|once|twice|thrice)\b",
    re.IGNORECASE,
)
# the rate a quantity is given per: "1,702 hours per year", "40 hours a week"
_RATE = re.compile(r"\s*(?:per|a|an|each|every)\s+([a-z]+)", re.I)


def unconfirmed(claim: str, evidence: Sequence[str], judge: str) -> Judgement | None:
    """The conflict for review described in the module docstring, or None: the judgement
    of the evidence text whose sentence gives the other value (``evidence_index``,
    ``start``, ``end`` locate it)."""
    frame = frame_of(claim.strip())
    slots = [
        s
        for s in frame.slots
        if (s.value.kind in _KINDS and not _dates_statement(frame, s)) or _doer(s)
    ]
    keys = tuple(k.lower() for k in subject_keys(frame))
    if not slots or not keys:
        return None
    sentences = [
        (index, start, end, text[start:end])
        for index, text in enumerate(evidence)
        for start, end in sentence_spans(text, how=Splitting.QUICK)
    ]
    naming = re.compile(r"\b(?:" + "|".join(re.escape(k) for k in keys) + ")", re.IGNORECASE)
    named = [s for s in sentences if naming.search(s[3])]
    valued = [s for s in named if _DIGIT_OR_WORD.search(s[3])]
    for slot in slots:
        doer = _doer(slot)
        for index, start, end, sentence in named if doer else valued:
            # the rare sentence with another value first: confirming costs every sentence
            if doer:
                other = _other_doer(slot, sentence)
                if other is not None and _named_anywhere(slot.value, evidence):
                    break
            else:
                other = _other_value(frame, slot, sentence, keys)
                if other is not None and _stated(slot.value, [s for *_, s in sentences]):
                    break
            if other is not None:
                said = f"{_kind(slot.value)} {slot.value.text} vs {other.text}"
                return Judgement(
                    "inconclusive",
                    PROBABILITY,
                    judge,
                    index,
                    start,
                    end,
                    sentence,
                    conflicts=(said,),
                    reason=f"possible conflict ({said}, confidence {PROBABILITY:.2f}): no source "
                    f"gives the claim's {slot.value.text}, and this one gives {other.text}: "
                    "check it",
                    disputes=(f"{_kind(slot.value)} {slot.value.text}",),
                )
    return None


def _kind(value: Value) -> str:
    return {"quantity": "number", "name": "doer"}.get(value.kind, value.kind)


def _doer(slot: Slot) -> bool:
    """A name after "by" with an act ("painted by Michelangelo", "signed by Jefferson")."""
    return slot.value.kind == "name" and slot.prep == "by" and slot.relation is not None


def _other_doer(slot: Slot, sentence: str) -> Value | None:
    """Another name after "by" for the same act ("was composed by Zhang Hui Zhen")."""
    for other in frame_of(sentence).slots:
        if (
            _doer(other)
            and same_relation(slot.relation, other.relation)
            and compare(slot.value, other.value) == "conflict"
        ):
            return other.value
    return None


def _named_anywhere(value: Value, evidence: Sequence[str]) -> bool:
    """The claim's doer is named in the evidence, by the last word of the name at least
    ("Jefferson" of "President Thomas Jefferson"): one of several, perhaps."""
    words = re.findall(r"[^\W\d_]{2,}", value.text)
    if not words:
        return True
    last = re.compile(rf"\b{re.escape(words[-1])}\b", re.IGNORECASE)
    return any(last.search(text) for text in evidence)


def _dates_statement(frame: Frame, slot: Slot) -> bool:
    """A year or date that dates the claim's statement, not its fact ("As of 2021")."""
    value = slot.value
    return value.kind in TIME and _STATEMENT_TIME.search(frame.text[: value.start]) is not None


def _digits(value: Value) -> str:
    return re.sub(r"[^\d.]", "", value.text).strip(".")


def _stated(value: Value, sentences: Sequence[str]) -> bool:
    """Some sentence gives the claim's value: compared as the same, or its very digits
    ("(1939-1975)" gives 1975 though no value is read there)."""
    digits = _digits(value)
    pattern = re.compile(rf"(?<![\d.,]){re.escape(digits)}(?![\d]|[.,]\d)") if digits else None
    for sentence in sentences:
        if pattern is not None and pattern.search(sentence.replace(",", "")):
            return True
        if any(_akin(value, v) and compare(value, v) == "same" for v in values_in(sentence)):
            return True
    return False


def _akin(a: Value, b: Value) -> bool:
    return (a.kind in TIME and b.kind in TIME) or a.kind == b.kind


def _rate(text: str, value: Value) -> str | None:
    m = _RATE.match(text, value.end)
    return stem(m.group(1).lower()) if m else None


def _other_value(frame: Frame, slot: Slot, sentence: str, keys: tuple[str, ...]) -> Value | None:
    """A value of ``sentence`` that conflicts with the claim's ``slot`` about the same
    measure, when the sentence names the claim's subject."""
    lowered = sentence.lower()
    claimed = slot.value
    if not any(
        _akin(claimed, v) and compare(claimed, v) == "conflict" for v in values_in(sentence)
    ):
        return None
    found = frame_of(sentence)
    subject = {stem(k) for k in keys} | {
        stem(w.lower()) for name in frame.subject_names for w in re.findall(r"\w+", name)
    }
    context = slot.context - subject
    named = [m.start() for k in keys for m in re.finditer(rf"\b{re.escape(k)}", lowered)]
    # the value said nearest the subject's name first ("Out of the 1,157 sites in the
    # world, Italy has 59 of them": 59)
    for other in sorted(found.slots, key=lambda s: min(abs(s.value.start - n) for n in named)):
        value = other.value
        if not _akin(claimed, value) or compare(claimed, value) != "conflict":
            continue
        if _rate(frame.text, claimed) != _rate(sentence, value):
            continue
        if claimed.kind in TIME:
            # a date dates an act: the same one, or the same words around both
            if not (same_relation(slot.relation, other.relation) or _agree(context, other)):
                continue
        elif not (claimed.unit.startswith("count:") or _agree(context, other)):
            continue
        return value
    return None


def _agree(context: frozenset[str], other: Slot) -> bool:
    """Half the claim's words around its value (its subject's aside) are around the other."""
    return bool(context) and len(context & other.context) * 2 >= len(context)
