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

The claim's subject must be named (a head noun, "the temperature", is named by many a
sentence about something else); a number must count or measure something (not a bare
"2"); a date must be of an act a subject does once (born, died, founded, built, sank,
formed: not "won", "published", "released", and not "first climbed", the first of what?);
and between the subject's mention and the value, in the claim and in the sentence, no
other capitalised name ("England scored 74 points, and Australia 69": 69 is Australia's).
A sentence that opens with a pronoun speaks of the subject its text named before.

Numbers and dates are read this way, and one kind of name: the doer of an act ("signed by
Anton Pell", "composed by ..."), when no evidence text names the claim's doer at all (not
even by the last word of the name) and a sentence naming the subject gives another doer of
the same act. Other names are many per sentence and rarely of the claim's role. A year that
only dates the claim's statement ("As of 2021, ...", "since 1990") is not its fact and is
left alone.

:func:`unsourced` is the looser question, asked when nothing else was said and the claim
has two evidence texts or more (one passage that leaves a figure out says little): a
figure of the claim written in digits (a count or measure with its unit, a year or a date)
that no evidence text gives in any form; else a name with a word English rarely writes
(an unknown product, brand or case: "Intellicontext", "MAYIM") that no evidence text
writes either; while the evidence is about the claim (a sentence shares two of its content
words). Nothing contradicts it; no source found for it gives it either, and a figure or an
unknown name is what a rater looks up first. Not a figure that names ("World War 1",
"Windows 10"), a century or a decade ("the 17th century", "the 1800s"), a number word or a
bare number, or a year that dates the statement; not a name English writes often ("Mexicans",
"Karimov"), an acronym ("CHRO"), a formula ("HAuCl4"). Measured on the real answers of
``bench/answers.py`` (2026-11-30): see docs/judges.md, "A figure or a name no source gives".

Pure functions; the lexicon of English words (:mod:`verifier.rubric.lexicon`) is read once.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verifier.judges.base import Judgement
from verifier.judges.frames.frame import Frame, Slot, frame_of
from verifier.judges.frames.relations import same_relation
from verifier.judges.frames.sieve import name_keys
from verifier.judges.frames.slots import TIME, Value, compare, values_in
from verifier.judges.heuristic import terms_of
from verifier.rubric.lexicon import fold, lexicon
from verifier.text.months import month_pattern
from verifier.text.sentences import Splitting, sentence_spans
from verifier.text.stem import stem

__all__ = ["PROBABILITY", "unconfirmed", "unsourced"]

# The probability that the claim is false given such a conflict: the review list's threshold
# (REVIEW_THRESHOLD), so it is put before the rater and never counts. Measured over every
# claim-evidence set of bench/judges.py, 16 flags: 4 on claims labelled false, 2 on one
# supported claim (three bars said as "two bars ... and a third cafe-bar"), 10 on pairs
# whose evidence does not settle the claim; a looser first version (any subject word, any
# act's date, bare numbers) made 70 flags, 1 of 21 right on Climate-FEVER.
PROBABILITY = 0.3

_KINDS = frozenset({"year", "date", "quantity"})
# words before a year that date the statement, not the fact: "As of 2021, ..."
_STATEMENT_TIME = re.compile(r"\b(?:as of|since|by|until|till|through|before|after)\s*$", re.I)
# a sentence that may give a number or a date: a digit, or a number word
_DIGIT_OR_WORD = re.compile(
    r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|hundred|thousand|million|billion|dozen|once|twice|thrice)\b",
    re.IGNORECASE,
)
# acts a subject does once, whose date another date of the same act denies: born, died,
# founded or established, built or completed or opened, sank, formed; a work created,
# discovered, signed, released, composed, painted or written; a war's or a reign's
# beginning and end (measured on every judges set: 2 more flags, both on false claims)
_ONCE = frozenset(
    {"born", "die", "found", "build", "v:sink", "v:form", "create", "discover", "sign", "release"}
    | {"compose", "paint", "write", "begin", "end"}
)
_MONTH = re.compile(month_pattern("names and abbreviations", capitalised=True) + r"\.?")
# a sentence that opens with a pronoun for the subject
_PRONOUN = re.compile(r"(?:It|He|She|They|Its|His|Her|Their)\b")
# the rate a quantity is given per: "1,702 hours per year", "40 hours a week"
_RATE = re.compile(r"\s*(?:per|a|an|each|every)\s+([a-z]+)", re.I)


def unconfirmed(claim: str, evidence: Sequence[str], judge: str) -> Judgement | None:
    """The conflict for review described in the module docstring, or None: the judgement
    of the evidence text whose sentence gives the other value (``evidence_index``,
    ``start``, ``end`` locate it)."""
    frame = frame_of(claim.strip())
    # a named subject only: a head noun ("the temperature", "countries") is named by many
    # a sentence about something else
    keys = tuple(sorted(k.lower() for k in name_keys(frame.subject_names)))
    slots = [s for s in frame.slots if _read(frame, s)]
    if not slots or not keys:
        return None
    sentences = [
        (index, start, end, text[start:end])
        for index, text in enumerate(evidence)
        for start, end in sentence_spans(text, how=Splitting.QUICK)
    ]
    naming = re.compile(r"\b(?:" + "|".join(re.escape(k) for k in keys) + r")(?:['’]s)?\b", re.I)
    named = [
        s
        for s in sentences
        if naming.search(s[3])
        # "It was established on June 4, 1992": the subject the text named before
        or (_PRONOUN.match(s[3]) and naming.search(evidence[s[0]][: s[1]]))
    ]
    valued = [s for s in named if _DIGIT_OR_WORD.search(s[3])]
    texts = [s[3] for s in sentences]
    for slot in slots:
        doer = _doer(slot)
        for index, start, end, sentence in named if doer else valued:
            # the rare sentence with another value first: confirming costs every sentence
            if doer:
                other = _other_doer(slot, sentence)
                if other is not None and _named_anywhere(slot.value, evidence):
                    break
            else:
                other = _other_value(frame, slot, sentence)
                if other is not None and _stated(slot.value, texts):
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


def unsourced(claim: str, evidence: Sequence[str], judged: Sequence[Judgement]) -> Judgement | None:
    """The claim's figure, else a rare name of it, that none of its evidence texts gives
    (module docstring), as a question for the rater quoting the evidence sentence closest
    to the claim, or None.
    ``judged`` are the judgements of ``evidence``; only a claim none of them settled or
    found in conflict is read, and only against two texts or more (one passage that leaves
    a figure out says little)."""
    if len(evidence) < 2 or any(j.label != "inconclusive" or j.conflicts for j in judged):
        return None
    frame = frame_of(claim.strip())
    slots = [s for s in frame.slots if _figure(frame, s)]
    about = [_lead(w) for w in terms_of(claim)]
    figure = next((s.value for s in slots if not _given(s.value, evidence, about)), None)
    said = f"{_kind(figure)} {figure.text}" if figure is not None else None
    if said is None:
        name = _unknown_name(claim, evidence)
        said = f"name {name}" if name is not None else None
    if said is None:
        return None
    # the sentence closest to the claim: the most of its content words (the missing one
    # aside), not in a text whose conflict a guard dismissed (that dismissal is its reading)
    wanted = terms_of(claim) - terms_of(said)
    shared, closest = 0, None
    for index, text in enumerate(evidence):
        if index < len(judged) and judged[index].guard is not None:
            continue
        for start, end in sentence_spans(text, how=Splitting.QUICK):
            sentence = text[start:end]
            lowered = sentence.lower()
            if sum(_lead(w) in lowered for w in wanted) <= shared:
                continue  # (a stem's first letters absent: its word is too)
            count = len(wanted & terms_of(sentence))
            if count > shared:
                shared, closest = count, (index, start, end, sentence)
    if closest is None or shared < 2:
        return None  # no sentence about the claim: the evidence missed it
    index, start, end, sentence = closest
    return Judgement(
        "inconclusive",
        PROBABILITY,
        judged[index].judge if index < len(judged) else "frames",
        index,
        start,
        end,
        sentence,
        conflicts=(said,),
        reason=f"unsourced {said.split()[0]} ({said}, confidence {PROBABILITY:.2f}): none of the "
        f"{len(evidence)} evidence texts gives it; the closest sentence is quoted: check it",
        score=judged[index].score if index < len(judged) else 0.0,
        unsourced=True,
    )


def _lead(term: str) -> str:
    """A stem's first letters, which its words all begin with ("citi" of "city", "cities"
    begin with "cit")."""
    return term[: 3 if len(term) <= 4 else 4]


# a run of capitalised words: a name ("Neve Ilan", "Intellicontext", "MAYIM")
_NAME_RUN = re.compile(r"\b[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*")
# how often English writes a word (Zipf) under which a name is rare: an unknown product,
# brand or case ("Intellicontext" 0, "MAYIM" 1.9), not a country, a people or a known
# family name ("Mexicans" 3.5, "Karimov" 2.2)
_RARE_NAME = 2.0
_WORDS = re.compile(r"[a-z0-9'-]+")


def _unknown_name(claim: str, evidence: Sequence[str]) -> str | None:
    """A name of the claim with a word English rarely writes that no evidence text writes
    either (as a word, singular or plural): what a search for the claim would have found
    if it existed as the claim says. Not a word with a digit ("HAuCl4")."""
    rare = [
        (run.group(), folded)
        for run in _NAME_RUN.finditer(claim)
        for word in re.split(r"[\s-]+", run.group())
        if (folded := _rare_word(word)) is not None
    ]
    if not rare:
        return None  # (most claims: the evidence need not be read)
    written = set(_WORDS.findall(fold(" ".join(evidence))))
    for name, folded in rare:
        forms = {folded, folded + "s", folded + "es", folded.removesuffix("s")}
        if not forms & written:
            return name
    return None


def _rare_word(word: str) -> str | None:
    """A word of a name that English rarely writes, folded; None for a known word, a short
    one, a formula or a model number ("HAuCl4", "B-52"), an acronym, which sources as often
    spell out ("CHRO")."""
    folded = re.sub(r"'s?$", "", fold(word.strip("'’-")))  # (a possessive's name)
    if len(folded) < 3 or any(c.isdigit() for c in folded):
        return None
    if word.isupper() and len(folded) <= 4:
        return None
    return folded if lexicon().zipf(folded) < _RARE_NAME else None


def _given(value: Value, evidence: Sequence[str], about: Sequence[str] = ()) -> bool:
    """Some evidence text gives the value in any form, its very digits (a date's year)
    looked for in the whole texts first; in another form, only in a sentence with one of
    the words ``about`` (the first letters of the claim's words) when they are given."""
    # (a date's year: a source that gives it speaks of the date, whatever its day)
    year = value.key[0] if value.kind in TIME and isinstance(value.key, tuple) else None
    digits = str(abs(year)) if isinstance(year, int) else ""
    digits = digits or _digits(value)
    if _written(digits, evidence):
        return True
    if value.kind in TIME and digits:
        return False  # (a year is written in its digits)
    numbered = [
        text[start:end]
        for text in evidence
        if _DIGIT_OR_WORD.search(text)
        for start, end in sentence_spans(text, how=Splitting.QUICK)
        if _DIGIT_OR_WORD.search(text, start, end)
        and (not about or any(w in text[start:end].lower() for w in about))
    ]
    return _valued(value, numbered)


# a figure that names, not counts: "World War 1", "Windows 10", "Apollo 11"
_NAMING = re.compile(r"\b[A-Z][\w-]*\s+$")
# a century or a decade, which no source gives as such ("the 17th century", "the 1800s")
_COARSE = re.compile(r"century|\d0s\b|\d0['’]s\b", re.IGNORECASE)


def _figure(frame: Frame, slot: Slot) -> bool:
    """A figure of the claim written in digits: a count or measure with its unit, a year or
    a date; not a name's number, a century or decade, or a year dating the statement."""
    value = slot.value
    if value.kind not in _KINDS or not value.text[:1].isdigit():
        return False
    if value.kind == "quantity" and not value.unit:
        return False  # a bare number ("2"): of what?
    if _COARSE.search(value.text) or _dates_statement(frame, slot):
        return False
    return not _NAMING.search(frame.text[: value.start])


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


def _read(frame: Frame, slot: Slot) -> bool:
    """A slot of the claim read this way: a number, a date of a one-time act of the subject
    (not one that tells which of its kind the subject is, "the 2016 film"), or a doer; and
    the subject's own, no other name between them ("England scored 74 points, and
    Australia 69": 69 is Australia's)."""
    value = slot.value
    if _doer(slot):
        return _beside_subject(frame.text, value, frame.subject_names)
    if value.kind not in _KINDS or _dates_statement(frame, slot):
        return False
    if value.kind == "quantity" and not value.unit:
        return False  # a bare number ("2"): of what?
    if value.kind in TIME and (
        slot.relation not in _ONCE
        or frame.exclusive is not None  # "first climbed in 1939": the first of what?
        or any(value == mark for mark, _ in frame.marks)
    ):
        return False
    return _beside_subject(frame.text, value, frame.subject_names)


def _beside_subject(text: str, value: Value, names: tuple[str, ...]) -> bool:
    """The value is said of the subject: between the subject's nearest mention and the
    value, no other capitalised name (the words of the subject's own names, months, and
    names after a preposition aside)."""
    own = {w.lower() for n in names for w in re.findall(r"\w+", n)}
    mentions = [
        m
        for w in own
        if len(w) > 2
        for m in re.finditer(rf"\b{re.escape(w)}(?:['’]s)?\b", text, re.IGNORECASE)
    ]
    if not mentions and (opening := _PRONOUN.match(text)):
        mentions = [opening]
    if not mentions:
        return False
    nearest = min(mentions, key=lambda m: abs(m.start() - value.start))
    if nearest.end() <= value.start:
        between = text[nearest.end() : value.start]
    else:
        between = text[value.end : nearest.start()]
    return not any(
        m.group().lower() not in own
        and not _MONTH.fullmatch(m.group())
        and not _PLACED.search(between[: m.start()])
        for m in re.finditer(r"\b[A-Z][\w-]*", between)
    )


# a name after a preposition places or qualifies the subject ("the dam on the Orva river
# has 14 turbines"); it is no other subject
_PLACED = re.compile(
    r"\b(?:on|in|of|at|from|near|by|along|across|over|under)\s+(?:the\s+)?"
    r"(?:[A-Z][\w-]*\s+)*$"
)


def _dates_statement(frame: Frame, slot: Slot) -> bool:
    """A year or date that dates the claim's statement, not its fact ("As of 2021")."""
    value = slot.value
    return value.kind in TIME and _STATEMENT_TIME.search(frame.text[: value.start]) is not None


def _digits(value: Value) -> str:
    return re.sub(r"[^\d.]", "", value.text).strip(".")


def _stated(value: Value, sentences: Sequence[str]) -> bool:
    """Some sentence gives the claim's value: compared as the same, or its very digits
    ("(1939-1975)" gives 1975 though no value is read there)."""
    return _written(_digits(value), sentences) or _valued(value, sentences)


def _written(digits: str, texts: Sequence[str]) -> bool:
    """Some text writes the digits as a number of their own (not inside a longer one)."""
    if not digits:
        return False
    pattern = re.compile(rf"(?<![\d.,]){re.escape(digits)}(?![\d]|[.,]\d)")
    return any(pattern.search(text.replace(",", "")) for text in texts)


def _valued(value: Value, sentences: Sequence[str]) -> bool:
    """Some sentence gives a value the slots compare as the claim's."""
    return any(
        _akin(value, v) and compare(value, v) == "same"
        for sentence in sentences
        for v in values_in(sentence)
    )


def _akin(a: Value, b: Value) -> bool:
    return (a.kind in TIME and b.kind in TIME) or a.kind == b.kind


def _rate(text: str, value: Value) -> str | None:
    m = _RATE.match(text, value.end)
    return stem(m.group(1).lower()) if m else None


def _other_value(frame: Frame, slot: Slot, sentence: str) -> Value | None:
    """A value of ``sentence`` that conflicts with the claim's ``slot`` about the same
    measure, when the sentence names the claim's subject."""
    claimed = slot.value
    if not any(
        _akin(claimed, v) and compare(claimed, v) == "conflict" for v in values_in(sentence)
    ):
        return None
    found = frame_of(sentence)
    subject = {stem(w.lower()) for name in frame.subject_names for w in re.findall(r"\w+", name)}
    context = slot.context - subject
    for other in found.slots:
        value = other.value
        if not _akin(claimed, value) or compare(claimed, value) != "conflict":
            continue
        if not _beside_subject(sentence, value, frame.subject_names):
            continue  # "Blackpink has 32 songs, Twice has 30 albums": Twice's
        if _rate(frame.text, claimed) != _rate(sentence, value):
            continue
        if claimed.kind in TIME:
            # a date dates an act: the same one ("released in 2016" and "the 2005 film" date
            # two things)
            if not same_relation(slot.relation, other.relation):
                continue
        elif not (claimed.unit.startswith("count:") or _agree(context, other)):
            continue
        return value
    return None


def _agree(context: frozenset[str], other: Slot) -> bool:
    """Half the claim's words around its value (its subject's aside) are around the other."""
    return bool(context) and len(context & other.context) * 2 >= len(context)
