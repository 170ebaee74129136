"""Guards: every reason the frames judge dismisses or demotes a conflict, by name, in one table.

A *conflict* is a value of an evidence sentence that differs from one of the claim's: the
same kind of value (a year, a number with its unit, a name after the same preposition, a
rank), anchored to the same relation, in a sentence about the claim's subject. A conflict is
evidence that the claim is false only when nothing else explains it. Each guard below is one
such explanation, a small function of the conflict that returns what it saw (the detail a
rater reads) or None; :data:`GUARDS` lists them in the order they are asked, and the first
that speaks decides:

- ``dismiss``: no conflict after all (the claim's value may well be right): the sentence is
  shown as the closest one, with the guard's name and detail;
- ``demote``: a question for a rater, never a refutation: the conflict is shown for review
  ("possible false fact") with the guard's name and detail.

Stages say where a guard is asked: ``value`` (is this differing value a conflict at all?),
``conflict`` (a slot's conflict, with the sentence's other values), ``text`` (the sentence's
conflicts together), ``demote`` (before a refutation counts), ``claim`` (every passage of
the claim: :func:`verifier.judges.base.aggregate` asks it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from verifier.judges.base import CLAIM_GUARDS, Action, Call, Dispute, Guard, Stage
from verifier.judges.frames.frame import AT_ITS_POINT, CLAUSE_BREAK, POPULATION, Frame, Slot
from verifier.judges.frames.paraphrase import value_label
from verifier.judges.frames.places import (
    CITY,
    CONTINENT,
    COUNTRY,
    may_hold,
    namesake_in,
    places,
    relate,
)
from verifier.judges.frames.places import fold as fold_place
from verifier.judges.frames.records import finisher
from verifier.judges.frames.relations import same_relation
from verifier.judges.frames.slots import (
    ORDINAL_WORDS,
    TIME,
    Value,
    compare,
    excepted_holders,
    rank,
    rank_also_given,
    ranking_measures,
    season_years,
    values_in,
)
from verifier.text.months import month_pattern
from verifier.text.numbers import PEOPLE
from verifier.text.parse import parse
from verifier.text.stem import stem

__all__ = [
    "FRAME_GUARDS",
    "GUARDS",
    "NAME_SMALL",
    "Conflict",
    "dated_value",
    "first_call",
    "guard_named",
    "repeated_event",
    "same_kind",
    "same_scope",
]

NAME_SMALL = frozenset(
    {"of", "the", "de", "von", "van", "and", "da", "di", "du", "del", "la", "le"}
)


def _claim_words(claim: Frame) -> frozenset[str]:
    return _words_of(claim.text)


@lru_cache(maxsize=1024)
def _words_of(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"\w+", fold_place(text)))


def _named_by(claim: Frame, mine: Value, theirs: Value) -> bool:
    """Whether the claim itself names a value that differs from the one compared: "born in
    Lyon, France" vs "born in Lyon"; "from 1902 to 1910" vs "in 1902"; the subject's name."""
    if theirs.kind == "name":
        words = set(re.findall(r"\w+", fold_place(theirs.text))) - NAME_SMALL
        if words and words <= _claim_words(claim):
            return True
        return any(words == set(re.findall(r"\w+", n)) - NAME_SMALL for n in claim.subject_names)
    return any(
        s.value is not mine
        and (s.value.kind == theirs.kind or {s.value.kind, theirs.kind} <= TIME)
        and compare(s.value, theirs) == "same"
        for s in claim.slots
    )


def _cut_inside(text: str, value: Value) -> bool:
    """A name at the very end of a text that ends mid-sentence ("... died on Tuesday in the
    San"): a snippet cut inside it, not the name."""
    return value.kind == "name" and not text[value.end :].strip() and text.rstrip()[-1:].isalnum()


def _places_consistent(mine: str, theirs: str) -> bool:
    """Two place names that need not conflict: one inside the other, or one a country,
    region or continent whose parts the gazetteer does not list against the other; or one
    that is no place name at all ("in CO2 emissions", "in the Earth's atmosphere")."""
    if any(re.search(r"\d|['’]s\b", name) for name in (mine, theirs)):
        return True
    relation = relate(mine, theirs)
    if relation == "apart":
        return False
    if relation in ("same", "inside"):
        return True
    return any(
        (p.level < CITY or p.partial or p.former) and may_hold(p, other)
        for name, other in ((mine, theirs), (theirs, mine))
        for p in places(name)
    )


_MONTH_WORD = month_pattern("starts") + r"[a-z]*\.?"


_YEAR_WORD = r"(?:1[6-9]|20)\d\d"


# what dates a value: "as of 2022", "since 2010", "(2019 census)", "currently", "became"
_DATING = re.compile(
    # "as of 2022", "as of October 1, 2021", "as of 1 October 2021"
    rf"\b(?:as of|as at|since|until|through|by the end of)\s+(?:\d{{1,2}}\s+)?"
    rf"(?:{_MONTH_WORD}\s+(?:\d{{1,2}},?\s+)?)?{_YEAR_WORD}\b"
    rf"|\(\s*{_YEAR_WORD}(?:\s*(?:est|estimate|census|figures?|data)\.?)?\s*\)"
    rf"|\b{_YEAR_WORD}\s+(?:census|estimates?|figures?|data|survey|report)\b"
    r"|\b(?:currently|presently|at present|today|nowadays|to date|so far|as yet|now|became|"
    r"has become|have become|had become|record|latest|recent|recently)\b",
    re.IGNORECASE,
)


_LEADING_DATE = re.compile(
    rf"^\W*(?:in|on|as of|by|since|during|at the end of|until|from)\s+(?:(?:early|late|mid)[- ])?"
    rf"(?:\d{{1,2}}\s+)?(?:{_MONTH_WORD}\s+)?(?:\d{{1,2}},?\s+)?{_YEAR_WORD}\b",
    re.IGNORECASE,
)


_NEAR_YEAR = re.compile(rf"\b(?:in|by|for|during)\s+(?:{_MONTH_WORD}\s+)?{_YEAR_WORD}\b", re.I)


_REPEATED = re.compile(
    r"\b(?:again|twice|thrice|once more|another|re-?(?:elected|married|appointed|released|"
    r"issued|opened|built|won)|remarried|(?:second|third|fourth|fifth|sixth|2nd|3rd|4th|5th)\s+"
    r"(?:time|term|title|marriage|win|championship|victory|edition|visit|tour|consecutive)|"
    # "first won the contest in 1982": the first of what may have been several
    r"first\s+(?:won|wins|winning|took|reached|visited|toured|played|hosted|held|staged|"
    r"competed|appeared|performed|topped))\b",
    re.IGNORECASE,
)


def _scope(
    frame: Frame, exclusive: Slot, narrowed: bool = False
) -> tuple[str | None, frozenset[str]]:
    """What an exclusive word ranges over: the noun after it and the names after that
    ("the longest *river* in *Western Europe*": ``("river", {"western", "europe"})``)."""
    text = frame.text
    end = exclusive.value.end + len(_scope_text(frame, exclusive))
    names = {
        w
        for v in values_in(text)
        if v.kind == "name" and exclusive.value.end < v.start < end
        for w in re.findall(r"\w+", fold_place(v.text))
    }
    if narrowed:
        # a word that narrows the name: "the contiguous United States"
        names |= {
            m.group(1).lower()
            for m in _NARROWED_NAME.finditer(text, exclusive.value.end, end)
            if m.group(1).lower() not in _NOT_NARROWING
        }
    # "the 45th President of the United States": the title's own noun is no scope
    names = {w for w in names if stem(w) != exclusive.label}
    return exclusive.label, frozenset(names - NAME_SMALL)


# a lowercase word between "the" and a capitalised name ("the contiguous United States")
_NARROWED_NAME = re.compile(r"\b[Tt]he\s+([a-z]{4,})\s+[A-Z]")
_NOT_NARROWING = frozenset({"same", "whole", "entire", "present", "modern"})
_POSSESSIVE = re.compile(r"\b(?:its|his|her|their)\b", re.IGNORECASE)


def _scope_text(frame: Frame, exclusive: Slot) -> str:
    """The words an exclusive ranges over: to the clause's end, or to the verb when the
    title is the subject ("The first European to map its course | was ...")."""
    text = frame.text
    cut = CLAUSE_BREAK.search(text, exclusive.value.end)
    end = clause_end = cut.start() if cut else len(text)
    if exclusive.value.start < frame.subject_end < end:
        end = frame.subject_end
    verb = _COPULA.search(text, exclusive.value.end, clause_end)
    if end - exclusive.value.end <= 12 and verb is not None:
        # a subject cut inside the title ("The tallest | building in Latin America was"):
        # the title runs to its verb
        end = verb.start()
    return text[exclusive.value.end : end]


_COPULA = re.compile(r"\s(?:is|was|are|were|has been|had been|became|remains|remained)\s")


def same_scope(claim: Frame, mine: Slot, found: Frame, other: Slot, narrowed: bool = False) -> bool:
    """Two superlatives compete only over one scope: "the longest river in Europe" and "the
    longest river in Western Europe" (or "... in the world") are two titles; "its course"
    stands for the claim's "the course of the Merenga". ``narrowed``: a word between "the"
    and the name narrows it too ("the contiguous United States"; asked of one subject's two
    ranks: two holders' titles are the records' to tell apart, which read the whole scope)."""
    (label_a, names_a) = _scope(claim, mine, narrowed)
    (label_b, names_b) = _scope(found, other, narrowed)
    if label_a != label_b:
        return False
    if names_a == names_b:
        return True
    for names, frame, slot in ((names_a, claim, mine), (names_b, found, other)):
        if not names and _POSSESSIVE.search(_scope_text(frame, slot)):
            return True
    return False


def _someone_elses(same: Slot, rivals: tuple[Slot, ...], found: Frame) -> bool:
    """Whether the claim's value, stated elsewhere in the sentence, belongs to another
    item of a list: "Healthcare, which accounted for 58 per cent; Industrial Sensing,
    with 27 per cent": the 27 is in another clause, led by another name."""
    if not rivals or any(same.clause == other.clause for other in rivals):
        return False
    return bool(
        re.match(r"[;,]?\s*[A-Z][\w’'-]*(?:\s+[A-Z][\w’'-]*)*\s*,", _clause_text(found, same))
    )


def _clause_text(frame: Frame, slot: Slot) -> str:
    """The text of a slot's clause, from the break before it."""
    start = 0
    for m in CLAUSE_BREAK.finditer(frame.text):
        if m.start() < slot.value.start:
            start = m.start()
    return frame.text[start : slot.value.start]


def _time_index(slot: Slot, claim: Frame, found: Frame) -> bool:
    """Whether a year or date of the claim only says when its number holds ("In 2023 the
    company had 38,400 employees"): another year in the evidence is another data point,
    not a conflict, unless the evidence gives the claim's number too."""
    if slot.value.kind not in TIME:
        return False
    numbers = [s for s in claim.slots if s.value.kind == "quantity"]
    if not numbers:
        return False
    return not any(compare(n.value, s.value) == "same" for n in numbers for s in found.slots)


def repeated_event(text: str) -> bool:
    return _REPEATED.search(text) is not None


def dated_value(claim: Frame, found: Frame, other: Slot) -> bool:
    """Whether the evidence dates the value it gives and the claim states its own as
    timeless (or as running: "has now treated 699"): a count, a rank or a record that may
    have changed since, a question for a rater rather than a refutation."""
    # a year in a name ("the 2015 Paris Agreement") dates the name, not the claim's number
    claim_time = any(
        s.value.kind in TIME and not re.match(r"\s+[A-Z]", claim.text[s.value.end :])
        for s in claim.slots
    )
    if _DATING.search(claim.text) or (_DATING.search(found.text) and not claim_time):
        return True
    if claim_time:
        return False
    if _LEADING_DATE.match(found.text):
        return True
    around = found.text[max(0, other.value.start - 40) : other.value.end + 40]
    return _NEAR_YEAR.search(around) is not None


def same_kind(claim: Slot, found: Slot) -> bool:
    a, b = claim.value.kind, found.value.kind
    if a in TIME:
        return b in TIME
    return a == b and (a != "quantity" or claim.value.unit == found.value.unit)


# --- the conflict the guards read ------------------------------------------------------


@dataclass(slots=True)
class Conflict:
    """One value of an evidence sentence against one slot of the claim, with what the judge
    knows of it: what the guards read and the calibration weighs (``features``).

    ``origin`` says how it was found: ``slot`` (a value of the same kind anchored to the
    same relation), ``title`` (another holder of the claim's "only" / "first"), ``rank``
    (the subject holds another rank), ``agent`` (another doer of a "first" act), ``who``
    (a cleft's doer), ``negation``, ``swap`` (a word turned into its opposite)."""

    origin: str
    kind: str  # the claim value's kind, or "subject", "negation", "swap"
    label: str  # what a rater reads: "year 1894 vs 1874"
    claim: Frame
    found: Frame
    slot: Slot | None = None  # the claim's
    other: Slot | None = None  # the sentence's
    subject: int = 3  # how surely the sentence speaks of the claim's subject (0-3)
    same_relation: bool = True
    rivals: tuple[Slot, ...] = ()  # every value of the sentence in conflict with the slot
    features: dict[str, float] = field(default_factory=dict)
    disputes: str = ""  # the claim's slot, as a sentence that confirms it names it
    siblings: int = 0  # the sentence's other conflicts (known at the text stage)
    mismatches: int = 0  # claim names the sentence answers with an unrelated name

    @classmethod
    def of_slot(cls, claim: Frame, found: Frame, slot: Slot, other: Slot, **known: Any) -> Conflict:
        """A value of the sentence against a slot of the claim ("year 1894 vs 1874")."""
        label = value_label(slot.value)
        return cls(
            "slot",
            slot.value.kind,
            f"{label} vs {other.value.text}",
            claim,
            found,
            slot,
            other,
            disputes=label,
            **known,
        )


# --- value: is this differing value a conflict at all? ----------------------------------


def in_season(c: Conflict) -> str | None:
    """A year inside a season the other side gives ("in 2019" / "in the 2018-19 season"):
    a season of two years holds both."""
    if c.slot is None or c.other is None or c.slot.value.kind not in TIME:
        return None
    for year, text in ((c.slot.value.text, c.found.text), (c.other.value.text, c.claim.text)):
        spanned = season_years(text)
        if spanned and any(int(y) in spanned for y in re.findall(r"\b\d{4}\b", year)):
            return f"{year} is in the season {'-'.join(str(y) for y in sorted(spanned))}"
    return None


def named_by_claim(c: Conflict) -> str | None:
    """The claim itself names the sentence's value ("born in Lyon, France" vs "born in
    Lyon"; "from 1902 to 1910" vs "in 1902")."""
    if c.slot is None or c.other is None:
        return None
    if _named_by(c.claim, c.slot.value, c.other.value):
        return f"the claim names {c.other.value.text}"
    return None


# what dates a claim's statement rather than its fact: "As of 2020, the tower is the tallest"
STATEMENT_TIME = re.compile(r"\bas (?:of|at)\s*$", re.IGNORECASE)


def statement_time(c: Conflict) -> str | None:
    """The claim's year dates when its statement holds ("As of 2020, the tower is the
    tallest"), not an event of its subject: another year in the sentence (when the tower
    was built) is no conflict."""
    if c.slot is None or c.slot.value.kind not in TIME:
        return None
    if STATEMENT_TIME.search(c.claim.text[: c.slot.value.start]):
        return f"{c.slot.value.text} dates the claim's statement"
    return None


# a name numbered at its end: "Apollo 11", "World War II", "Windows 10", "Henry VIII"
_NUMBERED_NAME = re.compile(r"\b((?:[A-Z][\w-]*\s+)*[A-Z][\w-]*)\s+(\d{1,3}|[IVX]{1,4})\b")


def another_numbered(c: Conflict) -> str | None:
    """The claim names a thing by a number ("Apollo 11", "World War II") and the sentence
    names the same thing with another number ("Apollo 12", "World War I"): it speaks of
    another thing."""
    theirs = {(m.group(1).split()[-1], m.group(2)) for m in _NUMBERED_NAME.finditer(c.found.text)}
    for m in _NUMBERED_NAME.finditer(c.claim.text):
        name, number = m.group(1).split()[-1], m.group(2)
        other = next((n for w, n in theirs if w == name and n != number), None)
        if other is not None and (name, number) not in theirs:
            return f"{name} {other} is not {name} {number}"
    return None


# a work dated where it is named: "the 2016 film X", "a 1960 novel", "X (1960)"
_DATED_WORK = re.compile(
    r"\b(\d{4})\s+(?:[a-z-]+\s+)?(?:film|movie|novel|album|song|single|series|remake|"
    r"version|play|musical|opera|video game|book|adaptation)\b"
    r"|[A-Z][\w'’-]*\s+\((?:[a-z ]+,?\s)?(\d{4})\)"
)


def dated_works(text: str) -> frozenset[str]:
    """The years a text dates the works it names by ("the 2016 film", "Seven (1960)")."""
    return frozenset(m.group(1) or m.group(2) for m in _DATED_WORK.finditer(text))


def another_dated_work(claim: str, sentence: str) -> str | None:
    """The claim dates the work it names ("The 2016 film The Magnificent Seven") and the
    sentence dates a work by another year ("The Magnificent Seven (1960)"): a remake, a
    namesake, another edition: another work."""
    mine, theirs = dated_works(claim), dated_works(sentence)
    if mine and theirs and not mine & theirs:
        return f"a work of {min(theirs)}, not of {min(mine)}"
    return None


def another_work(c: Conflict) -> str | None:
    """A conflict over a work dated by another year where it is named (see
    :func:`another_dated_work`)."""
    return another_dated_work(c.claim.text, c.found.text)


def place_inside(c: Conflict) -> str | None:
    """Two places of which one lies inside the other, or whose parts the gazetteer cannot
    tell apart ("France" vs "Lyon", "the Netherlands" vs "Franeker"), or a name that is no
    place at all ("in CO2 emissions")."""
    if c.slot is None or c.other is None:
        return None
    mine, theirs = c.slot.value, c.other.value
    if theirs.kind == "name" and _places_consistent(mine.text, theirs.text):
        return f"{mine.text} and {theirs.text} need not differ"
    return None


def cut_off(c: Conflict) -> str | None:
    """A name at the very end of a snippet cut mid-sentence ("... died in the San"): the
    snippet was cut inside the name."""
    if c.other is None:
        return None
    if _cut_inside(c.found.text, c.other.value):
        return f"the text ends inside “{c.other.value.text}”"
    return None


# --- conflict: one slot's conflict, beside the sentence's other values -----------------


def value_also_stated(c: Conflict) -> str | None:
    """The sentence gives the claim's value too, not as another item of a list: it says
    something else of it ("born in 1867 in Warsaw, moved in 1891"); unless the other value
    is of the claim's act and the claim's value of another ("listed in 1952, and adopted
    the name in 1957" against "listed in 1957": 1957 dates the name)."""
    slot = c.slot
    if slot is None:
        return None
    listed = c.kind == "ordinal" and c.origin in ("slot", "rank")
    if listed and rank_also_given(slot.value.text, c.found.text):
        return f"it also gives {slot.value.text}"
    if c.origin != "slot":
        return None
    of_the_act = _of_the_claims_act(c)
    for o in c.found.slots:
        if (
            same_kind(slot, o)
            and compare(slot.value, o.value) == "same"
            and not _someone_elses(o, c.rivals, c.found)
            and not (
                of_the_act
                and o.relation is not None
                and not same_relation(slot.relation, o.relation)
            )
        ):
            return f"it also gives {o.value.text}"
    return None


def _of_the_claims_act(c: Conflict) -> bool:
    """The sentence's other value is of the claim's own act: a date or a name of the same
    relation, with half the words around the claim's value (its subject and the relation
    aside) around it too, or none to tell ("born in 1968" / "born 22 November 1948";
    "listed on the Amsterdam exchange in 1952" for "... in 1957"; not "gave the hill in
    1925" for "gave the house in 1943"). A number is left alone: which act it counts is
    read less surely."""
    slot, other = c.slot, c.other
    if slot is None or other is None or slot.value.kind not in (*TIME, "name"):
        return False
    if slot.relation is None or not same_relation(slot.relation, other.relation):
        return False
    subject = {stem(w.lower()) for n in c.claim.subject_names for w in re.findall(r"\w+", n)}
    mine = {w for w in slot.context - subject if w != slot.relation}
    return not mine or 2 * len(mine & other.context) >= len(mine)


def another_time(c: Conflict) -> str | None:
    """The claim's year only says when its number held ("In 2023 the company had 38,400
    employees"): another year in the sentence is another data point, and so is its number
    ("won 8 gold medals at the 2008 Olympics" / "won six gold medals at the 2004
    Olympics": six is 2004's figure)."""
    if c.origin != "slot" or c.slot is None or c.other is None:
        return None
    if _time_index(c.slot, c.claim, c.found):
        return f"{c.other.value.text} dates another figure"
    if c.slot.value.kind == "quantity":
        mine = [s for s in c.claim.slots if s.value.kind in TIME]
        theirs = [s for s in c.found.slots if s.value.kind in TIME]
        if (
            mine
            and theirs
            and not any(compare(a.value, b.value) == "same" for a in mine for b in theirs)
        ):
            return (
                f"{c.other.value.text} is a figure of {theirs[0].value.text}, the claim's "
                f"of {mine[0].value.text}"
            )
    return None


def no_statement(c: Conflict) -> str | None:
    """A sentence with no verb and no relation word (a table row, a heading, a list item:
    "Argentina 0-1 Belgium; 1986, semi-finals:") states nothing of the subject: its values
    may belong to any row or column, and a word of it is no opposite of the claim's (the
    title "Argentina national football team" against "a strong team in world football")."""
    if c.origin == "slot" and c.found.relation is None and not _FINITE.search(c.found.text):
        return "a table row or heading, not a statement"
    if c.origin == "swap" and c.found.relation is None and not _has_verb(c.found.text):
        return "a heading, not a statement"
    return None


def finished_by_a_doer(c: Conflict) -> str | None:
    """ "Kipchoge finished first in Berlin in 2018" / "... in 2013": a runner, a team or a
    student finishes a race, a season or a course many times; only a thing finished (a
    building, "the cathedral was finished in 1880") is finished once."""
    if c.slot is None or c.slot.relation != "build":
        return None
    for text in (c.claim.text, c.found.text):
        doer = _finisher(text)
        if doer:
            return f"{doer} finished it: a race, a season or a course, which repeats"
    return None


def _finisher(text: str) -> str:
    """Who finishes in the sentence's active "finish" or "complete", when a doer (see
    :func:`~verifier.judges.frames.records.finisher`); "" otherwise."""
    if not re.search(r"\b(?:finish|complet)", text, re.IGNORECASE):
        return ""
    return next((who for verb in parse(text) or () if (who := finisher(verb))), "")


def _has_verb(text: str) -> bool:
    """Whether the parse finds a verb in the text (a swap is rare: the parse is asked
    only then; with no parse, a text is taken to have one)."""
    doc = parse(text)
    return doc is None or any(t.pos_ in ("VERB", "AUX") for t in doc)


_FINITE = re.compile(
    r"\b(?:is|was|are|were|be|been|being|has|have|had|does|did|do|will|would|can|could|"
    r"may|might|shall|should|must)\b",
    re.IGNORECASE,
)


def named_in_passing(c: Conflict) -> str | None:
    """The subject is only mentioned (a pronoun, "the company") and the value hangs on
    another relation: the sentence says something else of it."""
    if c.origin == "slot" and c.subject < 3 and not c.same_relation:
        return "the sentence speaks of the subject in passing, under another relation"
    return None


# a building's height to its roof or to the tip of what stands on it: the two differ by an
# antenna's or a spire's height, not by half the building
_PART_HEIGHT = re.compile(
    r"roof height|architectural height|tip height|(?:to|at) the (?:roof|tip|pinnacle|spire)|"
    r"(?:including|with|without|excluding) (?:its |the )?(?:antenna|antennas|spire|mast|pedestal)",
    re.IGNORECASE,
)
_PART_HEIGHT_AT_MOST = 0.3  # of the taller: what an antenna or a spire may add

# what a statistic measures of a set, or a bound of what varies: "the *average* radius of the
# planets", "the members' *median* age", "a *peak* output of ...", "GDP *per capita*"
_STATISTIC = re.compile(
    r"\b(?:average|mean|median|typical|per[ -]capita|per (?:person|head|inhabitant|resident)|"
    # ("the highest peak": a mountain's summit, no statistic)
    r"combined|cumulative|aggregate|maximum|minimum|(?<!est )peak|top speed|"
    # a building's heights: to its roof, to the tip of its antenna or spire
    rf"{_PART_HEIGHT.pattern})\b",
    re.IGNORECASE,
)


def _clause_of(frame: Frame, value: Value) -> str:
    """The clause a value stands in: from the break before it to the break after it."""
    text = frame.text
    start = 0
    for m in CLAUSE_BREAK.finditer(text):
        if m.end() <= value.start:
            start = m.end()
    cut = CLAUSE_BREAK.search(text, value.end)
    end = cut.start() if cut else len(text)
    return text[start:end]


def _measures(frame: Frame, value: Value) -> frozenset[str]:
    return frozenset(m.group().lower() for m in _STATISTIC.finditer(_clause_of(frame, value)))


def _heights_near(c: Conflict) -> bool:
    """The two heights differ by no more than what stands on a roof may add."""
    if c.slot is None or c.other is None:
        return False
    a, b = c.slot.value.key, c.other.value.key
    if not isinstance(a, float | int) or not isinstance(b, float | int) or not max(a, b):
        return False
    return abs(a - b) <= _PART_HEIGHT_AT_MOST * max(abs(a), abs(b))


def another_measure(c: Conflict) -> str | None:
    """A statistic names what is measured: "the smallest planet's radius" and "the average
    radius of the planets", "the oldest member's age" and "the members' median age", "a peak
    output" and an output are two measures, whose values never conflict."""
    if c.slot is None or c.other is None:
        return None
    if c.origin in ("rank", "title"):
        # "the largest freshwater lake by surface area" / "the third-largest by volume": a
        # ranking by another measure (or by one the other side leaves unsaid)
        ranked_by = ranking_measures(_clause_of(c.claim, c.slot.value))
        ranked_too = ranking_measures(_clause_of(c.found, c.other.value))
        if ranked_by == ranked_too:
            return None
        said = " ".join(sorted(ranked_by)) or "what it does not say"
        given = " ".join(sorted(ranked_too)) or "what it does not say"
        return f"ranked by {said} vs by {given}"
    if c.origin != "slot" or c.kind != "quantity":
        return None
    mine, theirs = _measures(c.claim, c.slot.value), _measures(c.found, c.other.value)
    if mine == theirs:
        return None
    if mine ^ theirs == {"maximum"} and (
        AT_ITS_POINT.search(c.claim.text) or AT_ITS_POINT.search(c.found.text)
    ):
        return None  # "120 metres at its deepest point": the depth, and the maximum depth
    if _past_the_maximum(c, mine, theirs):
        return None
    if all(_PART_HEIGHT.fullmatch(m) for m in mine ^ theirs) and not _heights_near(c):
        return None  # "about 150 metres" is no tower's height with or without its antennas
    return f"{' '.join(sorted(mine)) or 'the value'} vs {' '.join(sorted(theirs)) or 'the value'}"


def _past_the_maximum(c: Conflict, mine: frozenset[str], theirs: frozenset[str]) -> bool:
    """A value beyond the other side's maximum, or a maximum below the other side's value
    ("514 metres deep" against "a maximum depth of 460 metres"): no other measure makes
    the two agree."""
    if c.slot is None or c.other is None:
        return False
    a, b = c.slot.value.key, c.other.value.key
    if not isinstance(a, float | int) or not isinstance(b, float | int):
        return False
    highest = ({"maximum"}, {"peak"})
    if not mine and theirs in highest:
        return a > b
    if mine in highest and not theirs:
        return a < b
    return False


_GENERIC_SCOPE = re.compile(
    r"\b(?:in|across|throughout|around|of|on)\s+(?:the\s+)?(world|globe|planet|earth|country|"
    r"nation|universe|galaxy|solar system)\b|\b(worldwide|globally|nationwide|nationally|"
    r"internationally|domestically)\b"
    r"|\b(?:among|for|in)\s+(?:(?:young|older|adult|elderly)\s+)?(men|women|males|females|"
    r"adults|children|kids|teenagers|teens|adolescents|boys|girls|infants|students|workers)\b",
    re.IGNORECASE,
)
_WORLD = {
    "globe": "world",
    "planet": "world",
    "earth": "world",
    "worldwide": "world",
    "globally": "world",
    "internationally": "world",
    "nation": "country",
    "nationwide": "country",
    "nationally": "country",
    "domestically": "country",
}


def _scopes(frame: Frame) -> frozenset[str]:
    """The scopes a sentence names in words: "in the world", "in the country", "among
    women" (places are read as a title's scope: :func:`same_scope`)."""
    return frozenset(
        _WORLD.get(w, w)
        for m in _GENERIC_SCOPE.finditer(frame.text)
        for w in [next(g for g in m.groups() if g).lower()]
    )


def _titles(c: Conflict) -> tuple[Slot, Slot] | None:
    """The two titles a conflict is read under: the conflicting ones themselves, or the
    claim's and the sentence's superlative of the same noun ("the tallest building")."""
    if c.slot is None or c.other is None:
        return None
    if c.origin in ("title", "rank"):
        return c.slot, c.other
    mine, theirs = _title_of(c.claim), _title_of(c.found)
    if mine is None or theirs is None or mine.label != theirs.label:
        return None
    return mine, theirs


def _title_of(frame: Frame) -> Slot | None:
    """A sentence's superlative: its exclusive slot, or the first one it holds."""
    return frame.exclusive or next(iter(frame.slots_of("exclusive")), None)


def another_scope(c: Conflict) -> str | None:
    """A scope named on either side (a region, the world, a population) must be the same
    one before values are compared: "the busiest airport in South America" and "the busiest
    airport in Latin America", "the most popular sport in the country" and "the 12th most
    popular sport in the world" are two titles, and every value under them is another's."""
    if c.slot is None or c.other is None or c.origin not in ("slot", "title", "rank"):
        return None
    titles = _titles(c)
    narrowed = c.origin == "rank"
    if titles is not None and not same_scope(c.claim, titles[0], c.found, titles[1], narrowed):
        mine, theirs = titles
        said = _scope_text(c.claim, mine).strip() or "(none named)"
        given = _scope_text(c.found, theirs).strip() or "(none named)"
        return f"{mine.value.text} {said} vs {theirs.value.text} {given}"
    named, given_ = _scopes(c.claim), _scopes(c.found)
    if named == given_ or (not (named and given_) and titles is None):
        return None
    return (
        f"{', '.join(sorted(named)) or 'none named'} vs {', '.join(sorted(given_)) or 'none named'}"
    )


# "Paris, Texas,": a name and the division it lies in, set off by commas
_QUALIFIED = r"\b(?i:{name}),\s+((?:[A-Z][\w.'’-]*)(?:\s+[A-Z][\w.'’-]*){{0,2}})"


def namesake(c: Conflict) -> str | None:
    """The sentence speaks of a namesake of the claim's subject: a town of several of the
    name, pinned by its state or province ("Paris, Texas, was founded in 1844" against
    "Paris was founded in the 3rd century BC"), which the claim does not name."""
    words = _claim_words(c.claim)
    for name in dict.fromkeys((*c.claim.subject_names, c.claim.subject)):
        if not name:
            continue
        pattern = _QUALIFIED.format(name=re.escape(name))
        for m in re.finditer(pattern, c.found.text):
            said = m.group(1).split()
            for n in range(len(said), 0, -1):
                qualifier = " ".join(said[:n])
                if namesake_in(name, qualifier):
                    if _words_of(qualifier) <= words:
                        return None  # the claim names it too
                    named = m.group(0).split(",")[0]
                    return f"{named}, {qualifier}: one of several places of the name"
    return None


_TENSE = re.compile(r"\b(is|are|remains|was|were|became|remained)\b", re.IGNORECASE)
_PAST_TENSE = frozenset({"was", "were", "became", "remained"})


def _tense_before(frame: Frame, value: Value) -> str:
    said = [m.group(1).lower() for m in _TENSE.finditer(_clause_of(frame, value))]
    if not said:
        return ""
    return "past" if said[-1] in _PAST_TENSE else "present"


_RANKING_STOP = frozenset(
    "the a an of in on at among by for to and with its his her their as after behind than "
    "place position overall".split()
)


def another_ranking(c: Conflict) -> str | None:
    """Two places in two rankings: what follows each ordinal names what is ranked ("ranks
    second in coffee production" / "ranks first in cashew production"; "finished first in
    the all-around" / "third on the balance beam")."""
    if c.origin == "swap":
        # "second vs first": a word turned into another ordinal
        said = c.label.split(" vs ")
        if len(said) != 2 or not all(w.lower() in ORDINAL_WORDS for w in said):
            return None
        mine = _ranked_words(_after_word(c.claim.text, said[0]))
        theirs = _ranked_words(_after_word(c.found.text, said[1]))
    elif c.kind == "ordinal" and c.slot is not None and c.other is not None:
        if c.origin not in ("slot", "rank"):
            return None
        mine = _ranked_words(_scope_text(c.claim, c.slot))
        theirs = _ranked_words(_scope_text(c.found, c.other))
    else:
        return None
    a, b = frozenset(map(stem, mine)), frozenset(map(stem, theirs))
    if a and b and not (a <= b or b <= a):
        return f"ranked {' '.join(mine)} vs {' '.join(theirs)}"
    return None


def _after_word(text: str, word: str) -> str:
    """The words after ``word`` in ``text``, to the clause's end."""
    m = re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE)
    if m is None:
        return ""
    cut = CLAUSE_BREAK.search(text, m.end())
    return text[m.end() : cut.start() if cut else len(text)]


def _ranked_words(text: str) -> list[str]:
    """What a ranking is of, as its words say it ("in coffee production": coffee,
    production)."""
    return [w for w in re.findall(r"[a-z]+", text.lower()) if w not in _RANKING_STOP]


def excepted(c: Conflict) -> str | None:
    """The claim's superlative is said after another holder ("After Russia, Canada is the
    largest country", "the longest river in Europe after the Volga"): the source's holder
    of the first place, or the subject's first place, is the one the claim excepts."""
    if c.origin not in ("title", "rank") or c.slot is None or c.other is None:
        return None
    for text, value in ((c.claim.text, c.slot.value), (c.found.text, c.other.value)):
        if value.kind == "exclusive" and rank(value) == 1 and (held := excepted_holders(text)):
            return f"{value.text} after {held[0]}"
    return None


def ranked_then(c: Conflict) -> str | None:
    """One subject's two ranks by a superlative, one said of the past and one of now
    ("Tarnby was the largest port" / "is the second-largest port"): rankings change (a
    numbered place in a series, "the 16th president", is held for good)."""
    if c.origin != "rank" or c.slot is None or c.other is None:
        return None
    if c.slot.value.kind != "exclusive" or c.other.value.kind != "exclusive":
        return None
    mine, theirs = _tense_before(c.claim, c.slot.value), _tense_before(c.found, c.other.value)
    if mine and theirs and mine != theirs:
        return f"{c.other.value.text} is said of the {theirs}, the claim's of the {mine}"
    return None


# a settlement's name says it is one, known to the gazetteer or not ("Toyota City")
_SETTLEMENT_NAME = re.compile(r"\b(?:City|Town)$")


def _placed(name: str) -> bool:
    return bool(places(name)) or _SETTLEMENT_NAME.search(name) is not None


def another_kind_of_name(c: Conflict) -> str | None:
    """A place conflicts only with another place: "in Santiago" and "in the Costanera
    tower", "in Lyon" and "in the Hôtel-Dieu" name two kinds of thing (the gazetteer knows
    one as a place, not the other)."""
    if c.slot is None or c.other is None or c.kind != "name" or c.slot.prep == "by":
        return None
    mine, theirs = _placed(c.slot.value.text), _placed(c.other.value.text)
    if mine == theirs:
        return None
    place, other = (c.slot.value.text, c.other.value.text)
    if theirs:
        place, other = other, place
    return f"{place} is a place, {other} is not one the gazetteer knows"


_RANKED = re.compile(
    r"\b(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th)|"
    r"ranked|ranks|ranking|runner-up|followed by|behind|ahead of)\b|\bNo\.\s?\d|#\d",
    re.IGNORECASE,
)


_LISTED = re.compile(r"\b(?:followed by|behind|ahead of|runner-up)\b", re.IGNORECASE)


def ranked_list(c: Conflict) -> str | None:
    """The sentence ranks several items ("X is second with 31%", "followed by Y with 28%")
    and the claim gives a title ("the highest rate, 28%") or the sentence is a list: a
    ranked list in which the claim's subject appears is no refutation on its own."""
    if c.origin != "slot" or c.other is None or c.kind != "quantity":
        return None
    around = c.found.text[max(0, c.other.value.start - 60) : c.other.value.end + 40]
    m = _RANKED.search(around)
    if m is None or _RANKED.search(c.claim.text):
        return None
    if c.claim.exclusive is None and not _LISTED.search(around):
        return None  # "it is the third-highest peak, at 6,412 m": its own rank, one value
    return f"“{m.group()}” beside {c.other.value.text}"


_ATTRIBUTED = re.compile(
    r"\baccording to\b|\b(?:a|the|one|another|latest|recent|new)\s+(?:\d{4}\s+)?(?:survey|"
    r"study|poll|report|census|estimate|analysis)\b|\b(?:surveys?|polls?|studies)\s+"
    r"(?:show|found|suggest|indicate)|\bestimated?\b|\bestimates\b|\bresearchers\b",
    re.IGNORECASE,
)


def another_source(c: Conflict) -> str | None:
    """The sentence gives its figure as a survey's, a study's or an estimate ("according to
    a 2019 survey, 31%"): another source's figure, of another year or method, is a question
    for a rater, not a refutation on its own."""
    if c.kind != "quantity" or c.other is None:
        return None
    m = _ATTRIBUTED.search(c.found.text)
    if m is None or _ATTRIBUTED.search(c.claim.text):
        return None
    return f"“{m.group()}”"


# --- text: the sentence's conflicts together --------------------------------------------


# The acts a thing undergoes once: made, founded, built, found, written, born, dead. A sentence
# that gives the claim's subject, named surely, another doer and another date of one of them
# speaks of the same act, not another event ("The first artificial heart was invented by
# Jarvik in 1982" / "... was made by Demikhov in 1938"): both values differ, so which one is
# wrong is for the rater, never a cap.
_DONE_ONCE = frozenset(
    {"create", "found", "build", "discover", "write", "compose", "paint", "direct", "born", "die"}
)


def done_once(c: Conflict) -> str | None:
    """Two values of an act a thing undergoes once (:data:`_DONE_ONCE`) differ in a sentence
    about the claim's subject, named surely and with the claim's relation: a conflict for
    review rather than another event."""
    if (
        c.siblings
        and c.kind == "name"  # another doer: not a span of building, not two dates
        and not c.mismatches
        and c.subject >= 3
        and c.same_relation
        and c.claim.relation in _DONE_ONCE
        and c.found.relation == c.claim.relation
    ):
        return f"{c.siblings + 1} values of an act done once differ"
    return None


def another_event(c: Conflict) -> str | None:
    """A sentence that differs from the claim in two values at once, or answers one of the
    claim's names with an unrelated one, speaks of another event."""
    if c.siblings:
        return f"{c.siblings + 1} values differ"
    if c.mismatches:
        return "it names another thing where the claim names one"
    return None


# --- demote: before a refutation counts -------------------------------------------------


def loose_relation(c: Conflict) -> str | None:
    """A relation that holds many times ("won a prize", "visited") with nothing else of the
    claim confirmed: the source may speak of another occasion."""
    if c.features.get("loose_relation"):
        return "a relation that holds many times: the source may speak of another occasion"
    return None


def repeated(c: Conflict) -> str | None:
    """The source speaks of a repeated event ("for the second time", "re-elected")."""
    return "the source speaks of a repeated event" if c.features.get("repeated") else None


def dated(c: Conflict) -> str | None:
    """The source dates its value ("as of 2021", "currently") and the claim does not: a
    count, a rank or a record that may have changed since."""
    if c.features.get("dated"):
        return "the source dates its value and the claim does not: the fact may have changed"
    return None


def headcount(c: Conflict) -> str | None:
    """Two populations of a place ("14 million residents", "home to 37 million people"):
    a city proper, its metropolitan area and its region count differently, and a source
    seldom says which it gives (the Greater Tokyo Area is "Tokyo" too): a question for the
    rater, never a cap."""
    if c.slot is None or c.other is None:
        return None
    people = c.slot.value.unit == PEOPLE and c.other.value.unit == PEOPLE
    if not people or POPULATION not in (c.slot.relation, c.other.relation):
        return None
    if _a_country(c.claim.subject_names):
        return None  # a country's population has no metropolitan area
    return "two populations: a city, its metropolitan area and its region count differently"


def _a_country(names: tuple[str, ...]) -> bool:
    """Whether the gazetteer reads the subject's name as a country and nothing a
    population may be taken of too: no region of that name anywhere ("Georgia"), no city
    of that country ("Mexico", "Singapore"); a village of the name abroad does not count
    ("India", Serbia)."""
    found = [p for name in names for p in places(name)]
    countries = {p.country for p in found if p.level == COUNTRY}
    return bool(countries) and not any(
        p.level != COUNTRY and (p.level != CITY or p.country in countries) for p in found
    )


def on_two_continents(subject_names: Sequence[str], mine: str, theirs: str) -> bool:
    """Two neighbouring continents for where a country is ("Russia is located in Asia" /
    "in Europe"): a country may lie on two (Russia, Turkey and Kazakhstan on Europe and Asia,
    Egypt on Africa and Asia, Panama on the two Americas, Indonesia on Asia and Oceania);
    not "Peru is in Africa"."""
    pairs = {frozenset((a, b)) for a in _continents_of(mine) for b in _continents_of(theirs)}
    return bool(pairs & _NEIGHBOURS) and any(
        p.level == COUNTRY for name in subject_names for p in places(name)
    )


# continents a country may straddle
_NEIGHBOURS = {frozenset(pair) for pair in (("EU", "AS"), ("AF", "AS"), ("NA", "SA"), ("AS", "OC"))}


def _continents_of(name: str) -> set[str]:
    """The continents a name reads as, or a part of ("Asia", "North Africa")."""
    return {p.continent for p in places(name) if p.level == CONTINENT}


TWO_CONTINENTS = "a country may lie on two continents"


def continents(c: Conflict) -> str | None:
    """A country said to lie on two continents: a question for the rater, never a cap."""
    if c.slot is None or c.other is None:
        return None
    names = (*c.claim.subject_names, c.claim.subject)
    if on_two_continents(names, c.slot.value.text, c.other.value.text):
        return TWO_CONTINENTS
    return None


FRAME_GUARDS: tuple[Guard[Conflict], ...] = (
    Guard("named_by_claim", "the claim names it", Action.DISMISS, Stage.VALUE, named_by_claim),
    Guard("in_season", "a year of a season", Action.DISMISS, Stage.VALUE, in_season),
    Guard("place_inside", "places that need not differ", Action.DISMISS, Stage.VALUE, place_inside),
    Guard(
        "statement_time",
        "the time of the claim's statement",
        Action.DISMISS,
        Stage.VALUE,
        statement_time,
    ),
    Guard("cut_off", "a snippet cut inside a name", Action.DISMISS, Stage.VALUE, cut_off),
    Guard(
        "value_also_stated",
        "the sentence also gives the claim's value",
        Action.DISMISS,
        Stage.CONFLICT,
        value_also_stated,
    ),
    Guard("another_time", "another year's figure", Action.DISMISS, Stage.CONFLICT, another_time),
    Guard(
        "another_numbered",
        "another numbered thing",
        Action.DISMISS,
        Stage.CONFLICT,
        another_numbered,
    ),
    Guard("another_work", "another work of the name", Action.DISMISS, Stage.CONFLICT, another_work),
    Guard("no_statement", "no statement", Action.DISMISS, Stage.CONFLICT, no_statement),
    Guard(
        "finished_by_a_doer",
        "a finish that repeats",
        Action.DISMISS,
        Stage.CONFLICT,
        finished_by_a_doer,
    ),
    Guard(
        "named_in_passing",
        "the subject named in passing",
        Action.DISMISS,
        Stage.CONFLICT,
        named_in_passing,
    ),
    Guard(
        "another_kind_of_name",
        "another kind of name",
        Action.DISMISS,
        Stage.VALUE,
        another_kind_of_name,
    ),
    Guard("namesake", "a namesake", Action.DISMISS, Stage.CONFLICT, namesake),
    Guard("another_scope", "another scope", Action.DISMISS, Stage.CONFLICT, another_scope),
    Guard("ranked_then", "a ranking then and now", Action.DISMISS, Stage.CONFLICT, ranked_then),
    Guard(
        "another_ranking",
        "a place in another ranking",
        Action.DISMISS,
        Stage.CONFLICT,
        another_ranking,
    ),
    Guard("excepted", "a first place said after another", Action.DISMISS, Stage.CONFLICT, excepted),
    Guard("another_measure", "another measure", Action.DISMISS, Stage.CONFLICT, another_measure),
    Guard("done_once", "an act done once", Action.DEMOTE, Stage.TEXT, done_once),
    Guard("another_event", "another event", Action.DISMISS, Stage.TEXT, another_event),
    Guard(
        "loose_relation",
        "a relation that holds many times",
        Action.DEMOTE,
        Stage.DEMOTE,
        loose_relation,
    ),
    Guard("repeated", "a repeated event", Action.DEMOTE, Stage.DEMOTE, repeated),
    Guard("dated", "a dated value", Action.DEMOTE, Stage.DEMOTE, dated),
    Guard("headcount", "two populations", Action.DEMOTE, Stage.DEMOTE, headcount),
    Guard("continents", "two continents", Action.DEMOTE, Stage.DEMOTE, continents),
    Guard("ranked_list", "a ranked list", Action.DEMOTE, Stage.DEMOTE, ranked_list),
    Guard("another_source", "another source's figure", Action.DEMOTE, Stage.DEMOTE, another_source),
)

# Every guard, in the order asked: the frames judge's, then the claim's (asked by aggregate).
GUARDS: tuple[Guard[Conflict] | Guard[Dispute], ...] = (*FRAME_GUARDS, *CLAIM_GUARDS)


def guard_named(name: str) -> Guard[Conflict] | Guard[Dispute]:
    return next(g for g in GUARDS if g.name == name)


def first_call(stage: Stage, conflict: Conflict) -> Call | None:
    """The first guard of ``stage`` that explains ``conflict``, if any."""
    for guard in FRAME_GUARDS:
        if guard.stage is stage and (call := guard.ask(conflict)) is not None:
            return call
    return None
