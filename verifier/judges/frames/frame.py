"""Claim frames: who or what a sentence is about, what it says of it, and its slot values.

A :class:`Frame` is read off one sentence, deterministically and offline:

- the **subject**: the words before the sentence's first relation or verb ("The first Nobel
  Prizes", "Marie Curie"), with its names and its head noun;
- the **relation**: the first relation word (:mod:`verifier.judges.frames.relations`), so "set
  up", "established" and "founded" are one relation;
- the **slots**: every typed value (:mod:`verifier.judges.frames.slots`), each anchored to the
  relation word nearest to it in its clause ("born 7 November 1867 ... died 4 July 1934":
  the first date is ``born``'s, the second ``die``'s), with the content words around it.

:func:`align` decides, for one claim slot and one evidence sentence, which of the
sentence's values speak about the same thing: the same kind of value (a year with a year
or date, a quantity with a quantity of the same dimension, a name after the same
preposition), anchored to the same relation, or, for a value with no relation word near
it ("atomic number 86"), surrounded by the same words. Exclusive claims ("X is the only
person to ...") also compare their subject: the evidence's "only person to ..." must be X.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import NamedTuple

from verifier.judges.frames.relations import (
    FUNCTIONAL,
    REPEATABLE,
    is_verb,
    phrase_relations,
    relation_of,
)
from verifier.judges.frames.relations import PHRASE_STARTS as _PHRASE_STARTS
from verifier.judges.frames.slots import SAME_SUPERLATIVE, Value, compare, values_in
from verifier.text.numbers import PEOPLE
from verifier.text.spans import STOPWORDS
from verifier.text.stem import stem

__all__ = [
    "CLAUSE_BREAK",
    "POPULATION",
    "Frame",
    "Slot",
    "frame_of",
    "same_item",
    "slot_query",
    "subject_match",
]

_TOKEN = re.compile(r"[A-Za-z][\w'’-]*|\d[\d,.]*\d|\d")
CLAUSE_BREAK = re.compile(
    r"[;:()—–]|,\s+(?:and|but|while|whereas|which|who|where)\b|\bwhile\b|\bwhereas\b"
    # "born in Warsaw in 1867 and died in 1934": "and" before a second verb
    r"|\band\s+(?=(?:then\s+|later\s+)?(?:\w+ed|died|won|became|was|were|moved|left|"
    r"wrote|built|made|took|gave|began|ran|grew|rose|fell|led|held|sold|met|lost)\b)"
)
_PRONOUNS = frozenset("he she it they its his her their".split())
_DETERMINERS = frozenset("the a an his her its their my our your this that these those".split())
_NEGATION = re.compile(
    r"\b(?:not|never|no|none|neither|nor|cannot|n't|false|myth|failed to|did not|was not|"
    r"is not|has not|have not|had not|unable to|incapable of)\b|n't\b",
    re.IGNORECASE,
)
_NEGATORS = frozenset("not never no none neither nor cannot unable incapable".split())
_NOT_NEGATING = frozenset("more less fewer later earlier longer shorter only".split())
_PREPS = frozenset("in at on by from into to of near for with as".split())
_AUX = frozenset(
    "is are was were be been being has have had do does did will would can could may might "
    "shall should must".split()
)
_LEADING_PHRASE = re.compile(
    # "Founded in Delft in 1923, it ...", "Born in Warsaw, she ...": a participle's phrase
    r"^(?-i:[A-Z][a-z]+(?:ed|en|wn|rn|lt|de))\b[^,;]{2,80}?,\s+(?=[a-z]|[A-Z][a-z])|"
    r"^(?:in|on|at|during|after|before|by|since|from|until|around|about|between|with|"
    r"as|under|among|despite|like|unlike|for|following|according to|as of|"
    r"by the end of)\b.*?(?:\d{4}s?(?:\s*(?:to|until|and|-|–)\s*\d{4}s?)?,?\s|,\s|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:January|February|March|"
    r"April|May|June|July|August|September|October|November|December)\s+(?=[a-z]))\s*",
    re.IGNORECASE,
)
_WINDOW = 6  # tokens either side of a value that describe it
# a relation word in a noun's form ("discovery", "death", "construction", "founder")
_NOUNISH = re.compile(
    r"(?:[^e]y|ion|ions|ment|ments|ence|ance|th|ure|ist|ship|ery|ity|er|ers|or|ors|al)$",
    re.IGNORECASE,
)


@lru_cache(maxsize=1 << 14)
def _nounish(word: str) -> bool:
    return _NOUNISH.search(word) is not None


@dataclass(frozen=True, slots=True)
class Slot:
    """A value with what it is anchored to: ``relation`` (the nearest relation word of its
    clause, None if none), ``prep`` (the preposition just before it, for names), and
    ``context`` (stems of the content words around it, relations normalised)."""

    value: Value
    relation: str | None
    functional: bool
    prep: str | None
    context: frozenset[str]
    clause: int
    label: str | None = None  # the word naming a bare number ("atomic number 88": numb)

    def __hash__(self) -> int:
        # equal slots have equal values and relations (the context set is the costly part)
        return hash((self.value, self.relation, self.clause))


@dataclass(frozen=True, slots=True)
class Frame:
    text: str
    subject: str
    subject_names: tuple[str, ...]
    subject_head: str | None
    subject_end: int
    relation: str | None
    slots: tuple[Slot, ...]
    terms: frozenset[str]
    negated: bool
    exclusive: Slot | None  # "the only / first / largest" of the claim, if any
    # the clauses a negation stands in ("... was not higher ..."): what it turns around
    negations: frozenset[int] = frozenset()
    # values that tell which one of its kind the subject is: "the *first* version",
    # "Python *2.0*", "the *2010* final"; each with the stems of the words beside it
    marks: tuple[tuple[Value, frozenset[str]], ...] = ()

    def slots_of(self, kind: str) -> list[Slot]:
        return [s for s in self.slots if s.value.kind == kind]

    def __hash__(self) -> int:
        # a frame is read from its text (equal frames have equal texts): hashing the text
        # alone keeps the caches keyed by frame cheap
        return hash(self.text)


class _Tok(NamedTuple):
    start: int
    end: int
    text: str
    stem: str
    relation: str | None
    clause: int
    content: bool  # a content word (no stopword, number or single letter)


@lru_cache(maxsize=1 << 16)
def _word(word: str) -> tuple[str, str | None, bool]:
    """A word's stem, the relation it states alone, and whether it reads as a verb
    ("co-founded" states what "founded" does)."""
    st = stem(SAME_SUPERLATIVE.get(word.lower(), word))  # "tallest" says "highest"
    if "-" in word and relation_of(st) is None:
        tail = word.rsplit("-", 1)[1]
        if relation_of(stem(tail)) is not None:
            return stem(tail), relation_of(stem(tail)), is_verb(tail)
    return st, relation_of(st), is_verb(word)


_OPENS_VALUE = re.compile(r"\(\s*(?:about\s+|c\.\s*|~)?[\d$€£¥]")


def _conversion(sentence: str, m: re.Match[str]) -> bool:
    """A bracket around a value ("1,284 km (798 mi) long", "in 1923 (aged 34)") keeps the
    clause whole: it restates or dates what stands before it; so does the semicolon after
    a birth name in brackets ("(born Stefani Germanotta; March 28, 1986)")."""
    if m.group() == "(":
        return _OPENS_VALUE.match(sentence, m.start()) is not None
    if m.group() == ")":
        opening = sentence.rfind("(", 0, m.start())
        return opening >= 0 and _OPENS_VALUE.match(sentence, opening) is not None
    if m.group() == ";":
        # "(born Stefani Germanotta; March 28, 1986)": the date is the birth's
        opening = sentence.rfind("(", 0, m.start())
        return opening >= 0 and _BIRTH_NAME.fullmatch(sentence, opening, m.start()) is not None
    return False


# a birth name in brackets, before the dates: "(born Edward Alexander Crowley; 12 October
# 1875 - 1 December 1947)" (a pattern the records' lifespans read too)
BIRTH_NAME = r"(?:n[ée]e|born)\s+[^;()]{1,80}"
_BIRTH_NAME = re.compile(rf"\(\s*{BIRTH_NAME}")


_PLURAL_ENDINGS = (
    "ss",
    "us",
    "is",
    "ics",
    "ers",
    "ors",
    "ists",
    "ans",
    "ents",
    "ants",
    "ions",
    "ments",
)
_new_tok = tuple.__new__  # a _Tok without NamedTuple's Python-level __new__ (the hot loop)


_STANDS = frozenset({"stand", "stands", "stood", "standing"})


def _stands_tall(raw: list[tuple[int, int, str]], n: int) -> bool:
    """ "stands about 830 metres tall": a figure, then "tall" or "high", within the next
    six words."""
    after = [t.lower() for _s, _e, t in raw[n + 1 : n + 7]]
    return any(t[0].isdigit() for t in after) and bool({"tall", "high"} & set(after))


def _tokens(sentence: str) -> list[_Tok]:
    breaks = [m.start() for m in CLAUSE_BREAK.finditer(sentence) if not _conversion(sentence, m)]
    raw = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(sentence)]
    infos = [_word(t) for _s, _e, t in raw]
    phrases = (
        phrase_relations([i[0] for i in infos])
        if any(i[0] in _PHRASE_STARTS for i in infos)
        else None
    )
    out = []
    previous_upper = False
    clause = 0
    n_breaks = len(breaks)
    for n, ((start, end, text), (st, rel, verb)) in enumerate(zip(raw, infos, strict=True)):
        while clause < n_breaks and breaks[clause] < start:
            clause += 1
        if phrases is not None:
            rel = phrases[n]
        upper = text[0].isupper()
        if not verb and previous_upper and n > 1 and text.endswith("s") and text.islower():
            # "The European Central Bank targets ...": a word in -s right after a name;
            # "the Spanish brothers": a plural noun
            verb = not text.endswith(_PLURAL_ENDINGS)
        if rel is not None and start > 0 and upper:
            rel = None  # "Calvin Cycle", "Fire Brigade": part of a name
        lowered = text.lower()
        if rel == "locate" and lowered in _STANDS and _stands_tall(raw, n):
            rel = "high"  # "stands 830 metres tall": a height, not where it stands
        if rel is None and verb and lowered not in _AUX:
            rel = f"v:{st}"  # a verb that is no relation of the table: itself
        content = lowered not in STOPWORDS and not text[0].isdigit() and len(text) > 1
        out.append(_new_tok(_Tok, (start, end, text, st, rel, clause, content)))
        previous_upper = upper
    return out


def _content(tokens: list[_Tok]) -> frozenset[str]:
    """The content words, relations normalised; a hyphenated word by its parts too
    ("main-sequence" says "main" and "sequence")."""
    words = {t.relation or t.stem for t in tokens if t.content}
    for t in tokens:
        if t.content and "-" in t.text and not t.relation:
            words |= {
                stem(p) for p in t.text.split("-") if len(p) > 2 and p.lower() not in STOPWORDS
            }
    return frozenset(words)


def _outside_units(tokens: list[_Tok], values: Sequence[Value]) -> list[_Tok]:
    """The tokens outside a measure's own words: "830 metres" and "829.8 m" are one length,
    compared as values, so "metres" is no word the other sentence must say (a count's noun,
    "206 bones", is kept: it says what is counted)."""
    spans = [
        (v.start, v.end)
        for v in values
        if v.kind == "quantity"
        and v.unit
        and not v.unit.startswith("count:")
        and v.unit != "time"  # "the Thirty Years' War": a name's words
    ]
    return [t for t in tokens if not any(a <= t.start and t.end <= b for a, b in spans)]


@lru_cache(maxsize=1 << 15)
def frame_of(sentence: str, kinds: frozenset[str] | None = None) -> Frame:
    """The frame of one sentence (see the module docstring). With ``kinds``, only values
    of those kinds become slots (the others cannot be compared with the claim at hand,
    and anchoring them is most of the cost)."""
    tokens = _tokens(sentence)
    values = values_in(sentence)
    subject_end, skip = _subject_end(sentence, tokens, values)
    first_rel = next(
        (t.relation for t in tokens if t.relation is not None and t.start >= subject_end), None
    )
    lead = _LEADING_PHRASE.match(sentence[:subject_end])
    subject_start = lead.end() if lead else 0
    if skip and subject_end > skip:
        subject_start = max(subject_start, skip)
    subject = sentence[subject_start:subject_end].strip(" ,")
    subject_names = _head_names(
        sentence,
        [
            v
            for v in values
            if v.kind == "name" and subject_start <= v.start and v.end <= subject_end
        ],
    )
    head = _subject_head(sentence, tokens, subject_start, subject_end)
    slots = _slots(sentence, tokens, values, kinds, (subject_start, subject_end), head)
    exclusive = _exclusive_of(sentence, slots, subject_end)
    negated = _NEGATION.search(sentence) is not None
    return Frame(
        text=sentence,
        subject=subject,
        subject_names=subject_names,
        subject_head=head,
        subject_end=subject_end,
        relation=first_rel,
        slots=tuple(slots),
        terms=_content(_outside_units(tokens, values)),
        negated=negated,
        negations=_negations(tokens) if negated else frozenset(),
        exclusive=exclusive,
        marks=tuple(
            (v, _beside(tokens, v))
            for v in values
            if v.kind in _MARKS
            and subject_start <= v.start
            and v.end <= subject_end < len(sentence)
        ),
    )


def _subject_end(sentence: str, tokens: list[_Tok], values: tuple[Value, ...]) -> tuple[int, int]:
    """Where the subject ends: at the first verb (an auxiliary, a relation verb or a common
    verb) after the first word, outside names and a leading subordinate clause ("As heavy
    industry declined, the number of inhabitants fell": the main clause's); and where that
    clause ends (0 for none)."""
    name_spans = [(v.start, v.end) for v in values if v.kind == "name"]
    subordinate = _SUBORDINATE.match(sentence)
    skip = subordinate.end() if subordinate else 0
    for i, tok in enumerate(tokens):
        if (
            i == 0
            or tok.start <= skip
            or (name_spans and any(a <= tok.start < b for a, b in name_spans))
        ):
            continue
        if tokens[i - 1].text.lower() in _DETERMINERS:
            continue  # "his last opera", "the second round": a modifier, not a verb
        if tok.text.lower() in _AUX or (
            tok.relation is not None and (tok.relation.startswith("v:") or is_verb(tok.text))
        ):
            return tok.start, skip
    return len(sentence), skip


def _subject_head(sentence: str, tokens: list[_Tok], start: int, end: int) -> str | None:
    """The stem of the subject's head word: its last content word before "of", "in", "at"
    or "on" ("the first edition of the race": the edition)."""
    subject_tokens = [
        t
        for t in tokens
        if start <= t.start
        and t.end <= end
        and t.text.lower() not in STOPWORDS
        and not t.text[0].isdigit()
    ]
    head_tokens: list[_Tok] = []
    for t in subject_tokens:
        between = sentence[head_tokens[-1].end : t.start].split() if head_tokens else []
        if between and between[0].lower() in ("of", "in", "at", "on"):
            break
        head_tokens.append(t)
    return head_tokens[-1].stem if head_tokens else None


def _slots(
    sentence: str,
    tokens: list[_Tok],
    values: tuple[Value, ...],
    kinds: frozenset[str] | None,
    subject_span: tuple[int, int],
    head: str | None,
) -> list[Slot]:
    """The sentence's values of ``kinds`` (all without) anchored to their words, but the
    names of the subject (the subject is not a slot: exclusive claims compare it apart)."""
    subject_start, subject_end = subject_span
    slots = []
    ends = [t.end for t in tokens]
    for value in values:
        if value.kind == "name" and subject_start <= value.start and value.end <= subject_end:
            continue
        if kinds is not None and value.kind not in kinds:
            continue
        slot = _anchor(value, tokens, sentence, ends)
        if (
            value.kind == "quantity"
            and head in _MEASURES
            and (
                slot.relation is None or slot.relation.startswith("v:") or slot.relation == "locate"
            )
            and value.start >= subject_end
        ):
            # "Kessingen's population stood at 184,317": the head says what is measured
            slot = replace(slot, relation=head, functional=True)
        measured = _superlative_measure(sentence, value, slot.relation)
        if measured is not None:
            # "At 1,450 metres, the bridge is the longest in the region", "Mount Orla, at
            # 2,870 metres, is the highest peak": the figure is what the superlative measures
            slot = replace(slot, relation=measured, functional=True)
        if value.kind == "quantity" and not value.unit and POPULATION in (head, slot.label):
            # "the population of Tokyo is about 14 million": a population counts people
            slot = replace(slot, value=replace(value, unit=PEOPLE))
        if slot.value.unit == PEOPLE and slot.relation is None:
            # "India has 1.4 billion inhabitants", "With 1.4 billion people, India is ...":
            # a headcount with no act of its own (not "holds", "killed") is a population
            slot = replace(slot, relation=POPULATION, functional=True)
        slots.append(slot)
    return slots


# superlatives that name one measure, with the dimension of its figures
_MEASURING_SUPERLATIVES = {
    "longest": ("long", "length"),
    "highest": ("high", "length"),
    "tallest": ("high", "length"),
    "deepest": ("deep", "length"),
    "widest": ("wide", "length"),
    "heaviest": ("weigh", "mass"),
}
# "at its deepest point": the maximum of a measure
AT_ITS_POINT = re.compile(
    r"\bat\s+(?:its|their|the)\s+(deepest|highest|longest|widest)\s+(?:point|part|spot)\b",
    re.I,
)
_SUPERLATIVE_WORD = re.compile(r"\b(" + "|".join(_MEASURING_SUPERLATIVES) + r")\b", re.I)


def _superlative_measure(sentence: str, value: Value, relation: str | None) -> str | None:
    """The measure a figure said with "at" gives, in a sentence whose superlative names it
    ("At 1,450 metres, X is the longest ...": its length), or a figure "at its deepest
    point" (its depth); None otherwise."""
    if value.kind != "quantity":
        return None
    point = AT_ITS_POINT.match(sentence[value.end :].lstrip())
    if point is not None:
        # "Reaching 1,642 metres at its deepest point, ...": the depth
        measure, dimension = _MEASURING_SUPERLATIVES[point.group(1).lower()]
        return measure if value.unit == dimension else None
    if relation is not None or not re.search(r"\bat\s+$", sentence[: value.start], re.I):
        return None
    found = _SUPERLATIVE_WORD.findall(sentence)
    if len({w.lower() for w in found}) != 1:
        return None
    measure, dimension = _MEASURING_SUPERLATIVES[found[0].lower()]
    return measure if value.unit == dimension else None


def _exclusive_of(sentence: str, slots: list[Slot], subject_end: int) -> Slot | None:
    """ "X is the only person to ...": an exclusive word of the predicate makes the subject
    a slot; "the first edition was won by ..." is a subject's modifier."""
    for slot in slots:
        if (
            slot.value.kind in ("exclusive", "ordinal")
            and slot.value.start >= subject_end
            and _COPULA_THE.fullmatch(sentence[subject_end : slot.value.start])
        ):
            return slot
    return None


_MARKS = frozenset({"year", "quantity", "ordinal"})
_SUBORDINATE = re.compile(
    r"^(?:As|When|While|After|Before|Although|Though|Because|Since|If|Once|Whereas|Until)"
    r"\s+[^,;]{3,120}?,\s+(?=[a-z]|[A-Z][a-z])"
)


def _beside(tokens: list[_Tok], value: Value) -> frozenset[str]:
    """The stems of the two words either side of a value."""
    before = [t.stem for t in tokens if t.end <= value.start][-2:]
    after = [t.stem for t in tokens if t.start >= value.end][:2]
    return frozenset(before + after)


def _subject_words(frame: Frame) -> frozenset[str]:
    words = {stem(w) for n in frame.subject_names for w in re.findall(r"[\w'’-]+", n)}
    words |= {
        stem(w)
        for w in re.findall(r"[A-Za-z][\w'’-]+", frame.subject)
        if w.lower() not in STOPWORDS
    }
    if frame.subject_head:
        words.add(frame.subject_head)
    return frozenset(words)


def same_item(claim: Frame, sentence: Frame) -> bool:
    """Whether two subjects can be one item: a value that tells one subject from others
    of its kind ("the *first* version", "version *2.0*", "the *2010* final"), standing
    beside a word of the other's subject, must be the other's too. "The first aqueduct
    serving Rome, the Aqua Appia" is still the Aqua Appia: "first" stands by "aqueduct"."""
    for mine, theirs in ((claim, sentence), (sentence, claim)):
        words = _subject_words(theirs)
        for value, beside in mine.marks:
            if beside & words and not any(
                compare(value, other) == "same" for other, _b in theirs.marks
            ):
                return False
    return True


_MODIFIER = re.compile(r"\b(?:on|in|at|of|near|from|for|with|along|across|by|outside)\b", re.I)


def _head_names(sentence: str, names: list[Value]) -> tuple[str, ...]:
    """The names of a subject that name what it is, not where or whose it is: "The Kapembe
    Dam on the Merenga" is the dam, "St. Mary's Church in Kessingen" the church. Names
    after the first prepositional modifier that follows a name are dropped."""
    out: list[str] = []
    end = -1
    for value in names:
        if out and _MODIFIER.search(sentence[end : value.start]):
            break
        out.append(str(value.key))
        end = value.end
    return tuple(out)


def _negations(tokens: list[_Tok]) -> frozenset[int]:
    """The clauses a negation stands in ("no more than 250", "not only": a bound or an
    addition, no negation)."""
    return frozenset(
        t.clause
        for i, t in enumerate(tokens)
        if (t.text.lower() in _NEGATORS or t.text.lower().endswith("n't"))
        and not (i + 1 < len(tokens) and tokens[i + 1].text.lower() in _NOT_NEGATING)
    )


def _anchor(value: Value, tokens: list[_Tok], sentence: str, ends: list[int] | None = None) -> Slot:
    ends = ends if ends is not None else [t.end for t in tokens]
    first = bisect_right(ends, value.start)  # the first token that ends after the value starts
    last = first
    while last + 1 < len(tokens) and tokens[last + 1].start < value.end:
        last += 1
    if first >= len(tokens) or tokens[first].start >= value.end:
        last = first - 1  # the value holds no token (a currency sign alone)
    clause = tokens[first].clause if first < len(tokens) else (tokens[-1].clause if tokens else 0)
    prep_before = first > 0 and tokens[first - 1].text.lower() in _PREPS
    # the nearest relation of the clause, before the value first; a relation of the table
    # beats any other verb, and a verb states it before a noun does ("published his
    # discovery in 1913": the year is the publication's)
    best: tuple[tuple[bool, bool, float], str] | None = None
    i = first - 1
    while i >= 0 and tokens[i].clause == clause:
        rel = tokens[i].relation
        if rel is not None:
            noun = _nounish(tokens[i].text)
            rank: tuple[bool, bool, float] = (rel.startswith("v:"), noun, first - i)
            if best is None or rank < best[0]:
                best = (rank, rel)
            if not rank[0] and not noun:
                break
        i -= 1
    i = last + 1
    while i < len(tokens) and tokens[i].clause == clause:
        rel = tokens[i].relation
        if rel is not None:
            rank = (
                rel.startswith("v:"),
                _nounish(tokens[i].text),
                # "working at the Seminary in Bergara, obtained ...": a place after a
                # preposition belongs to the verb before it
                i - last + 0.5 + (10 if rel.startswith("v:") and prep_before else 0),
            )
            if best is None or rank < best[0]:
                best = (rank, rel)
            if not rank[0]:
                break
        i += 1
    relation = _act_before_by(tokens, first, clause) or (best[1] if best else None)
    window = [
        t
        for t in (
            *tokens[max(0, first - _WINDOW) : max(0, first)],
            *tokens[last + 1 : last + 1 + _WINDOW],
        )
        if t.clause == clause
    ]
    prep = _preposition(value, tokens, first)
    label = _label(tokens, first, last)
    if label in _MEASURES and prep == "of" and label != relation:
        # "reaches a maximum depth of about 800 metres": the measure the value is "of"
        relation = label
    return Slot(
        value=value,
        relation=relation,
        functional=relation in FUNCTIONAL,
        prep=prep,
        context=_content(window),
        clause=clause,
        label=label,
    )


def _label(tokens: list[_Tok], first: int, last: int) -> str | None:
    """The word naming a value: the content word two words before it ("atomic number 88",
    "depth of about 800 metres": a hedge not counted), else the word after it."""
    label = None
    # two words back, a hedge not counted ("depth of about 800 metres": depth)
    hedges = sum(t.text.lower() in _HEDGES for t in tokens[max(0, first - 2) : max(0, first)])
    for j in range(first - 1, max(-1, first - 3 - hedges), -1):
        word = tokens[j].text.lower()
        if word in ("of", "the", "a", "an", "is", "was", "to", "at") or word in _HEDGES:
            continue
        if not word[0].isdigit() and word not in STOPWORDS:
            label = tokens[j].stem
        break
    if label is None and last + 1 < len(tokens) and tokens[last + 1].text.lower() not in STOPWORDS:
        label = tokens[last + 1].stem
    return label


def _act_before_by(tokens: list[_Tok], first: int, clause: int) -> str | None:
    """The act a doer after "by" does: the relation word right before "by" ("directed by
    Will Gluck, written by Bert Royal": Will Gluck directed), not the nearest after it."""
    if first >= 2 and tokens[first - 1].text.lower() == "by" and tokens[first - 2].clause == clause:
        return tokens[first - 2].relation
    return None


POPULATION = "populat"  # the relation of a place's headcount
# subject heads that say what a number measures ("population", "height", "revenue")
_MEASURES = frozenset(
    {POPULATION, "high", "long", "wide", "deep", "area", "weigh", "employ", "revenue", "cost"}
)
_COPULA_THE = re.compile(
    r"\s*(?:is|was|are|were|became|becomes|remains|remained|has been|had been|will be|"
    # "served as the 45th president", "was elected the first mayor": a title held
    r"served as|serves as|serving as|was elected|was named|was appointed|was crowned)"
    r"(?:\s+(?:also|still|now|reportedly|widely))?\s+(?:the|its|his|her|their)\s+",
    re.IGNORECASE,
)
_LIST_GLUE = frozenset({"and", "or", ","})
# a hedge before a figure ("a depth of about 800 metres", "in around 1850")
_HEDGES = frozenset(
    {"about", "around", "approximately", "roughly", "nearly", "almost", "some", "circa"}
)
_SKIPPABLE = _HEDGES | frozenset(
    {
        "the",
        "a",
        "an",
        "engineer",
        "scientist",
        "physicist",
        "chemist",
        "explorer",
        "officer",
        "writer",
        "composer",
        "painter",
        "architect",
        "poet",
        "king",
        "queen",
        "president",
        "sir",
        "dr",
        "professor",
        "emperor",
        "general",
        "captain",
        "newspaper",
        "company",
        "firm",
        "city",
        "town",
        "village",
        "river",
        "lake",
        "state",
        "country",
        "province",
        "region",
        "university",
        "team",
        "club",
    }
)


_COMPASS_WORD = re.compile(
    r"(?:north|south|east|west|north-?east|north-?west|south-?east|south-?west|"
    r"northeast|northwest|southeast|southwest)(?:ern|ward|wards)?"
)


def _preposition(value: Value, tokens: list[_Tok], first: int) -> str | None:
    """The preposition a value hangs from: the one just before it, past determiners and
    titles ("by the engineer Hendrik Bos"), or the one of the list it closes ("by A, B
    and C": C hangs from "by" too)."""
    j = first - 1
    skipped = 0
    while j >= 0 and skipped < 3:
        word = tokens[j].text.lower()
        if word == "as" and j > 0 and tokens[j - 1].text.lower() == "such":
            return None  # "fountains such as the Trevi Fountain": an example, not a slot
        if word == "of" and j > 0 and _COMPASS_WORD.fullmatch(tokens[j - 1].text.lower()):
            return "near"  # "58 km south-east of Bremen": where, as "near" says it
        if word in _PREPS:
            return word
        if (
            word in _SKIPPABLE
            or (tokens[j].text[:1].isupper() and word not in _PREPS)
            or (tokens[j].content and tokens[j].relation is None and skipped < 2)
        ):
            j -= 1
            skipped += 1
            continue
        if word in _LIST_GLUE:
            # walk back over the list "A, B and": names, commas and "and"
            k = j - 1
            while k >= 0 and (tokens[k].text[:1].isupper() or tokens[k].text.lower() in _LIST_GLUE):
                k -= 1
            if k >= 0 and tokens[k].text.lower() in _PREPS:
                return tokens[k].text.lower()
        return None
    return None


def subject_match(claim: Frame, sentence: Frame, passage: str, sentence_start: int) -> int:
    """How surely ``sentence`` is about the claim's subject:

    - 3: its own subject is the claim's (the name, or for a subject without a name its
      head noun), or a pronoun or "the <head>" standing for a name the passage gave
      before;
    - 2: it names the claim's subject elsewhere ("... proposed by Alfred Wegener");
    - 1: a subject without a name: its head noun is elsewhere in the sentence; or a
      surname alone against a person's full name ("Lawson" and "James Lawson": the firm
      may be named after the founder);
    - 0: none of these.
    """
    if claim.subject_names:
        if any(_name_in_names(n, sentence.subject_names) for n in claim.subject_names) and not any(
            _institution_of(n, o) for n in claim.subject_names for o in sentence.subject_names
        ):
            # "Lawson" (a company) and "James Lawson" (a person): a surname alone may name
            # the firm, the family or the founder; the fuller name is surely the claim's
            # subject only the other way round ("Curie" for "Marie Curie")
            if (
                claim.relation in _FIRM_RELATIONS
                and any(
                    len(_name_words(n)) == 1
                    and any(
                        _is_person(o)
                        and len(_name_words(o)) > 1
                        and _name_words(n) < _name_words(o)
                        for o in sentence.subject_names
                    )
                    for n in claim.subject_names
                )
                and not any(n in sentence.subject_names for n in claim.subject_names)
            ):
                return 1
            return 3
        words = sentence.text.lstrip().split(" ", 2)
        first = words[0].lower() if words else ""
        anaphor = (
            first in _PRONOUNS
            or sentence.subject.lower() in _PRONOUNS
            or (first == "the" and len(words) > 1 and stem(words[1]) == claim.subject_head)
        )
        if anaphor and not sentence.subject_names and _pronoun_fits(first, sentence, claim):
            before = set(re.findall(r"\w+", passage[:sentence_start].casefold()))
            if any(_name_words(n) & before for n in claim.subject_names):
                return 3
        # "The first prizes were ..." for "The first Nobel Prizes ...": the subject's head
        # noun, its name given earlier in the passage
        head = claim.subject_head
        if head and head in {stem(w) for w in re.findall(r"[a-z]+", sentence.subject.casefold())}:
            before = set(re.findall(r"\w+", passage[:sentence_start].casefold()))
            if all(_name_words(n) <= before | {head} for n in claim.subject_names):
                return 3
        if (
            sentence.subject.split(" ", 1)[0].lower() == "the"
            and not sentence.subject_names
            and sentence.subject_head
            and relation_of(sentence.subject_head) is None  # a kind of thing, not an event
            and _modifiers(sentence) <= claim.terms
            and _named_beside(
                sentence.subject_head, claim.subject_names, _words_before(passage, sentence_start)
            )
        ):
            return 3  # "The opera received ..." after "the comic opera Mlynářova dcera (...)"
        if (
            claim.relation is not None
            and claim.relation not in REPEATABLE  # "her appointment": which one?
            and sentence.subject_head is not None
            and relation_of(sentence.subject_head) == claim.relation
            and not sentence.subject_names
            and _modifiers(sentence) <= claim.terms  # "the first solo ascent": another one
            and _modifiers(claim) <= _subject_name_stems(claim)  # not "the north summit of X"
            and any(
                _name_words(n)
                <= set(_words_before(passage, sentence_start)) | _words_after(sentence)
                for n in claim.subject_names
            )
        ):
            return 3  # "The first ascent was made in 1932" for "Quellomayo was first climbed"
        if any(_name_in(n, sentence) for n in claim.subject_names):
            return 2
        return 0
    if not claim.subject_head:
        return 0
    subject_stems = {stem(w) for w in re.findall(r"[a-z]+", sentence.subject.casefold())}
    if claim.subject_head in subject_stems:
        return 3
    lowered = sentence.text.casefold()
    if claim.subject_head in {stem(w) for w in re.findall(r"[a-z]+", lowered)}:
        # "the idea of continental drift", the whole phrase, elsewhere in the sentence
        phrase = re.sub(r"^(?:the|a|an)\s+", "", claim.subject.casefold().strip())
        return 2 if len(phrase.split()) >= 3 and phrase in lowered else 1
    return 0


_THINGS = frozenset(
    """prize prizes award awards tower river mountain mount university company war cup
    museum bridge park church cathedral building state city republic kingdom empire ocean
    sea lake island islands street station festival film album band party council court
    act treaty agreement house hall center centre institute school college hospital
    library group fund bank corporation inc ltd league club team championship games
    olympics series show program programme project mission reactor plant element
    cycle effect law theorem index society association foundation organization
    organisation union agency department ministry army navy force airport canal dam
    desert valley river delta glacier peninsula gulf bay strait range plateau""".split()
)


def _is_person(name: str) -> bool:
    words = name.split()
    return 2 <= len(words) <= 4 and not any(w in _THINGS for w in words) and not name.endswith("s")


def _institution_of(name: str, other: str) -> bool:
    """ "Kessingen Technical University" is not Kessingen: a longer name that adds what
    kind of thing it is (a university, a bridge, a club) names another entity."""
    mine, theirs = _name_words(name), _name_words(other)
    return mine < theirs and bool({w.casefold() for w in theirs - mine} & _THINGS)


def _pronoun_fits(first: str, sentence: Frame, claim: Frame) -> bool:
    """ "he"/"she" stand for a person (or a name of one word: a surname), "it"/"its" for
    a thing, "they" for either."""
    word = sentence.subject.lower() if sentence.subject.lower() in _PRONOUNS else first
    person = any(_is_person(n) for n in claim.subject_names)
    if word in ("he", "she", "his", "her"):
        return person or any(
            len(_name_words(n)) == 1 and not _name_words(n) & _THINGS for n in claim.subject_names
        )
    if word in ("it", "its"):
        return not person
    return True


# Relations a firm, a place or a building has rather than a person: a surname alone
# ("Lawson was founded") may name the firm where the full name is its founder's.
_FIRM_RELATIONS = frozenset({"found", "headquarter", "employ", "revenue", "locate", "build"})


def _named_beside(head: str, names: tuple[str, ...], words: list[str], window: int = 8) -> bool:
    """Whether the passage before calls a name of the claim by ``head`` ("the comic opera
    Mlynářova dcera (The Miller's Daughter)": "opera" beside "Miller's Daughter")."""
    wanted = [_name_words(n) for n in names]
    for i, word in enumerate(words):
        if stem(word) != head:
            continue
        near = set(words[max(0, i - window) : i + window + 1])
        if any(w and w <= near for w in wanted):
            return True
    return False


def _words_before(passage: str, start: int) -> list[str]:
    return re.findall(r"\w+", passage[:start].casefold())


def _subject_name_stems(frame: Frame) -> set[str]:
    return {stem(w) for n in frame.subject_names for w in re.findall(r"[\w'’-]+", n)}


def _modifiers(sentence: Frame) -> set[str]:
    """The content words of a subject besides its head ("solo" in "the first solo ascent")."""
    return {
        stem(w)
        for w in re.findall(r"[A-Za-z][\w'’-]*", sentence.subject)
        if w.lower() not in STOPWORDS and stem(w) != sentence.subject_head
    } - {"first"}


def _words_after(sentence: Frame) -> set[str]:
    return set(re.findall(r"\w+", sentence.text[sentence.subject_end :].casefold())) | set(
        re.findall(r"\w+", sentence.subject.casefold())
    )


def _name_in_names(name: str, names: tuple[str, ...]) -> bool:
    claim_value = Value("name", 0, 0, name, name)
    return any(compare(claim_value, Value("name", 0, 0, o, o)) == "same" for o in names)


def _name_words(name: str) -> set[str]:
    small = {"of", "the", "de", "von", "van", "and", "da", "di", "du", "del", "la", "le"}
    return set(re.findall(r"\w+", re.sub(r"['’]s\b", "", name))) - small  # "Vossberg's"


def _name_in(name: str, sentence: Frame) -> bool:
    """A name of the claim is in the sentence: the same name, or one containing it or
    contained in it ("Curie" for "Marie Curie")."""
    words = _name_words(name)
    for value in (s.value for s in sentence.slots if s.value.kind == "name"):
        if compare(Value("name", 0, 0, name, name), value) == "same":
            return True
    for other in sentence.subject_names:
        if compare(Value("name", 0, 0, name, name), Value("name", 0, 0, other, other)) == "same":
            return True
    lowered = set(re.findall(r"\w+", sentence.text.casefold()))
    return bool(words) and words <= lowered


_SLOT_WORD = {"year": "year", "date": "date"}
_PREP_WORD = {"by": "who", "in": "where", "at": "where", "from": "where", "into": "where"}


def slot_query(claim: str, max_words: int = 10) -> str | None:
    """A search query aimed at the value a claim may have wrong: its subject, the words
    of its relation and what the value is ("first Nobel Prizes awarded year", "Radium
    atomic number", "Vossberg founded who"). None when the claim has no slot to aim at."""
    frame = frame_of(claim.strip())
    tokens = _tokens(frame.text)
    subject = [
        t.text for t in tokens if t.end <= frame.subject_end and t.text.lower() not in STOPWORDS
    ]
    if frame.exclusive is not None:
        ex = frame.exclusive.value
        rest = [
            t.text
            for t in tokens
            if t.start >= ex.start and (t.text.lower() not in STOPWORDS or t.start == ex.start)
        ]
        return " ".join(rest[:max_words]) or None
    for slot in frame.slots:
        kind = slot.value.kind
        if kind in ("ordinal", "exclusive", "direction"):
            continue
        if kind == "name" and slot.prep not in _PREP_WORD:
            continue
        relation = next(
            (
                t.text
                for t in tokens
                if t.relation == slot.relation
                and t.relation is not None
                and t.clause == slot.clause
            ),
            "",
        )
        if kind == "quantity":
            what = (
                slot.value.unit.removeprefix("count:")
                if slot.value.unit.startswith("count:")
                else ""
            )
            label = next(
                (t.text for t in tokens if t.stem == slot.label and t.end <= slot.value.start),
                "",
            )
            words = [
                *subject,
                relation,
                label,
                what or ("how many" if not (slot.value.unit or label) else ""),
            ]
        elif kind == "name":
            words = [*subject, relation, _PREP_WORD[slot.prep or ""]]
        else:
            words = [*subject, relation, _SLOT_WORD[kind]]
        unique = list(dict.fromkeys(w for w in words if w))
        return " ".join(" ".join(unique).split()[:max_words]) or None
    return None
