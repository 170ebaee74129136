"""Cheap tests before an evidence sentence's frame is read (most sentences fail them).

Reading a frame costs far more than a substring test, and on a whole page only a few
sentences can speak of the claim's subject with a value to compare. :class:`Sieve` holds the
words a sentence must contain for that (a word of the subject's names or its head, a pronoun
opening it, the start of a word of the claim's relation); :func:`worth_reading` is the last
test before the frame is read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from verifier.judges.frames.frame import Frame, Slot
from verifier.judges.frames.relations import RELATIONS
from verifier.judges.frames.slots import (
    DIRECTION_WORDS,
    SAME_SUPERLATIVE,
    TIME,
    Value,
    values_in,
)
from verifier.text.months import month_pattern
from verifier.text.numbers import PEOPLE
from verifier.text.spans import DIGIT
from verifier.text.stem import IRREGULAR as _SURFACE
from verifier.text.stem import stem

__all__ = ["Sieve", "name_keys", "names_subject", "subject_keys", "worth_reading"]


_GLUED = re.compile(r"[a-z]{2}[A-Z][a-z]")  # words of a menu with no space between


_OPENING = 60  # characters: "With an elevation of 6,412 metres (21,037 ft), it is ..."


_MONTHS = re.compile(month_pattern("names"))


_NUMBER_WORDS = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|hundred|dozen)\b"
)


# each superlative and every way it is said ("largest": "largest", "biggest")
_SAID_AS: dict[str, tuple[str, ...]] = {
    key: (key, *(said for said, k in SAME_SUPERLATIVE.items() if k == key))
    for key in set(SAME_SUPERLATIVE.values())
}


def _said_ways(exclusive: Value) -> set[str]:
    """An exclusive word as written and said the other ways ("tallest", "highest")."""
    said = exclusive.text.lower()
    ways = _SAID_AS.get(str(exclusive.key), ())
    return {said} | {re.sub(rf"\b{w}\b", other, said) for w in ways for other in ways}


@dataclass(frozen=True, slots=True)
class Sieve:
    """Cheap tests a sentence must pass before its frame is read (most do not)."""

    words: tuple[str, ...]  # a subject word or an exclusive word
    pronouns: tuple[str, ...]  # ... or a pronoun opening the sentence
    digits: bool  # a year, date or number is wanted
    months: bool
    number_words: bool
    capitals: bool  # a name is wanted
    directions: bool
    other: tuple[str, ...]  # ordinal and exclusive words
    anchors: tuple[str, ...]  # the starts of the words the claim's slots are anchored to
    # a sentence whose subject is the claim's relation: "The first ascent was made ..."
    event: re.Pattern[str] | None = None

    @classmethod
    def of(cls, frame: Frame, checkable: list[Slot], subject: frozenset[str]) -> Sieve:
        kinds: set[str] = {s.value.kind for s in checkable}
        # a name's most telling word (its longest), else the head noun: any word of a
        # name ("government", "national") would let half a page through
        words = {max(re.findall(r"\w{3,}", n) or [n], key=len) for n in frame.subject_names}
        name_words = {w for n in frame.subject_names for w in re.findall(r"\w+", n)}
        if frame.subject_head and (
            not words
            or any(s.value.kind == "name" and s.prep == "by" for s in checkable)
            # "Vossberg's revenue": "Revenue rose ..." after the name
            or not any(w.startswith(frame.subject_head) for w in name_words)
        ):
            words.add(frame.subject_head[:5])  # "isolated the metal" for "Tungsten metal"
        pronouns = (" he ", " she ", " it ", " its ", " they ", " their ", " his ", " her ")
        if frame.exclusive is not None:
            # "the only person", "the first casualty": the word and the start of the next
            ex = frame.exclusive.value
            after = re.match(r"\s+(\w{1,4})", frame.text[ex.end :])
            tail = " " + after.group(1).lower() if after else ""
            words |= {said + tail for said in _said_ways(ex)}
        return cls(
            words=tuple(sorted(words)),
            pronouns=pronouns,
            digits=bool(kinds & {"year", "date", "quantity"}),
            months=bool(kinds & {"date"}),
            number_words="quantity" in kinds,
            capitals="name" in kinds,
            directions="direction" in kinds,
            other=tuple(sorted(_said_ways(frame.exclusive.value)))
            if frame.exclusive is not None
            else (),
            anchors=(anchors := _anchor_words(checkable, subject)),
            event=_event_opening(anchors) if anchors else None,
        )

    def may_pass(self, text: str) -> bool:
        """Whether any sentence of ``text`` may pass (one test for a whole passage)."""
        lowered = " " + text.lower() + " "
        if (
            not any(w in lowered for w in self.words)
            and not any(p in lowered for p in self.pronouns)
            and not any(" the " + a in lowered or " its " + a in lowered for a in self.anchors)
        ):
            return False
        return not self.anchors or any(a in lowered for a in self.anchors)

    def passes(self, sentence: str) -> bool:
        if len(_GLUED.findall(sentence)) >= 3:
            return False  # "BankWorkdayListsAll ListsAdvisorAll": a menu run together
        lowered = " " + sentence.lower() + " "
        opening = lowered[:_OPENING]  # where a sentence's own subject stands
        if (
            not any(w in lowered for w in self.words)
            and not any(p in opening for p in self.pronouns)
            # "The first ascent was made in 1932": the claim's relation as the subject
            and not (self.event is not None and self.event.match(opening))
        ):
            return False
        if self.anchors and not any(a in lowered for a in self.anchors):
            return False
        if self.digits and DIGIT.search(sentence):
            return True
        if self.months and _MONTHS.search(lowered):
            return True
        if self.number_words and _NUMBER_WORDS.search(lowered):
            return True
        if self.capitals and any(c.isupper() for c in sentence[1:]):
            return True
        if self.directions and DIRECTION_WORDS.search(lowered):
            return True
        return any(w in lowered for w in self.other)


@lru_cache(maxsize=1024)
def _event_opening(anchors: tuple[str, ...]) -> re.Pattern[str]:
    """An opening whose subject is the claim's relation: "the first ascent", "its founding"."""
    return re.compile(
        r"^ (?:the|its|his|her|their)(?: \w+){0,2} (?:" + "|".join(map(re.escape, anchors)) + ")"
    )


@lru_cache(maxsize=256)
def _relation_prefixes(relation: str) -> frozenset[str]:
    """The first four letters of every word that states ``relation``, irregular forms too."""
    words = {w.split()[0][:4] for w in RELATIONS.get(relation, ())}
    stems = {stem(w.split()[0]) for w in RELATIONS.get(relation, ())}
    words |= {w[:4] for w, st in _SURFACE.items() if st == relation or stem(st) in stems}
    return frozenset(words)


def _anchor_words(slots: list[Slot], subject: frozenset[str]) -> tuple[str, ...]:
    """What a sentence must contain for one of ``slots`` to be anchored in it: a word of
    the slot's relation (any of the relation's words), or, for a slot with no relation of
    the table, one of the words around it (not the subject's). Empty when a slot could be
    anchored by anything."""
    out: set[str] = set()
    for slot in slots:
        if slot.value.kind in ("exclusive", "ordinal"):
            continue  # compared with the words of their own (the sieve's ``other``)
        if slot.value.kind == "direction":
            return ()
        words: set[str] = set()
        if slot.relation and not slot.relation.startswith("v:"):
            words |= _relation_prefixes(slot.relation)
        else:
            words |= {
                w[:4] for w in slot.context - subject if not w.startswith("v:") and len(w) >= 3
            }
            if slot.relation:
                words.add(slot.relation[2:6])
            if slot.label:
                words.add(slot.label[:4])
        if not words:
            return ()
        out |= words
    return tuple(sorted(out))


def _may_speak_of(claim: Frame, sentence: str, prefix: str, text: str, start: int) -> bool:
    """A cheap test, before a sentence's frame is read, that it can be about the claim's
    subject at all (:func:`subject_match` or an agent of the claim's act): a word of the
    subject's names or its head in it, a "by", an opening a pronoun, "the" or the claim's
    relation can stand for the subject in (with the name in the page before), or a claim
    without names."""
    if not claim.subject_names:
        return True
    lowered = sentence.lower()
    keys = subject_keys(claim)
    if any(k in lowered for k in keys) or " by " in lowered:
        return True
    if not lowered.lstrip(" \"'“‘([").startswith(_OPENERS) and not claim.relation:
        return False
    before = (prefix + text[:start]).lower()
    return any(k in before for k in keys)


def names_subject(frame: Frame, sentence: str) -> bool:
    """A cheap test that a (lowercased) sentence may be about the claim's subject: a word of
    its names or its head, or a pronoun opening it."""
    words = subject_keys(frame)
    return any(w in sentence for w in words) or sentence[:_OPENING].startswith(_OPENERS)


_OPENERS = ("he ", "she ", "it ", "its ", "they ", "their ", "his ", "her ", "the ")


def name_keys(names: tuple[str, ...]) -> set[str]:
    """Each name's longest word ("Kilimanjaro" of "Mount Kilimanjaro")."""
    return {max(re.findall(r"\w{3,}", n) or [n], key=len) for n in names}


@lru_cache(maxsize=1024)
def subject_keys(frame: Frame) -> tuple[str, ...]:
    words = name_keys(frame.subject_names)
    if frame.subject_head:
        words.add(frame.subject_head[:5])
    return tuple(sorted(words))


def worth_reading(
    claim: Frame, checkable: list[Slot], sentence: str, prefix: str, text: str, start: int
) -> bool:
    """The cheap tests before a sentence's frame is read: a way to the claim's subject,
    and a value the claim's could be compared with (both waived for an exclusive claim)."""
    if claim.exclusive is not None:
        return True
    if not _may_speak_of(claim, sentence, prefix, text, start):
        return False
    kinds = {
        (s.value.kind, s.value.unit)
        for s in checkable
        if s.value.kind not in ("ordinal", "exclusive")  # modifiers: checked if aligned
    }
    population = "population" in sentence.lower()
    return any(
        (v.kind, v.unit) in kinds
        or (v.kind in ("year", "date") and TIME & {k for k, _u in kinds})
        # "the population of Tokyo is about 14 million" (read as people by the frame)
        or (population and v.kind == "quantity" and not v.unit and (v.kind, PEOPLE) in kinds)
        for v in values_in(sentence)
    )
