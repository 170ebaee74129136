"""A claim said another way: one evidence sentence lined up with the claim value by value
and word by word, whatever its grammar.

The frame comparison (:mod:`verifier.judges.frames.judge`) anchors each value to its
relation word; a sentence that says the claim in other words ("The crew returned safely and
splashed down in the Pacific Ocean on July 24, 1969" for "The three men splashed down
safely in the Pacific Ocean on July 24, 1969"; "The first confirmed ascent was made on 29
May 1953" for "Everest was first climbed in 1953") anchors them elsewhere. :func:`align`
reads such a sentence as a whole:

- **values**: each value of the claim (year, date, number with its unit, name, ordinal)
  found the same in the sentence, differing (a value of its kind, none the same), or
  missing; a name of the claim's subject may stand in the page before the sentence;
- **subject**: a word of the claim's subject's names (or its head noun) in the sentence,
  or in the page just before a sentence that opens with a pronoun or "the";
- **words**: each of the claim's other content words said by the sentence: the same word,
  a synonym, a derived form or a broader or narrower term (:mod:`verifier.text.wordnet`),
  with the share said; a word answered by another member of its class ("Japanese" /
  "Taiwanese") is a *contrast*;
- **blocks**: what keeps the sentence from stating the claim whatever else agrees: a
  negation on one side only, a word turned into its opposite, a quantifier of the claim
  ("only", "all", "more") the sentence lacks, a name of the claim nowhere in sight, a
  comparison with its terms swapped.

Similarity is never verification on its own: an alignment supports only with every value
the same, the subject found, nothing blocking and the claim's other words said; with all
values the same but one it is a conflict, which the guards then read like any other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from verifier.judges.frames.antonyms import opposites
from verifier.judges.frames.frame import Frame, Slot
from verifier.judges.frames.places import places
from verifier.judges.frames.relations import RELATIONS, phrase_relations
from verifier.judges.frames.slots import TIME, Value, compare, values_in
from verifier.text.numbers import number_words
from verifier.text.spans import STOPWORDS
from verifier.text.stem import stem
from verifier.text.wordnet import WordRelation, relation, relatives
from verifier.text.words import rarity

__all__ = [
    "Alignment",
    "align",
    "left_behind",
    "may_hold_values",
    "may_name",
    "naming_words",
    "sides_swapped",
    "value_label",
]

_WORD = re.compile(r"[A-Za-z][\w'’-]*")
_NEGATION = re.compile(
    r"\b(?:not|never|no|none|neither|nor|cannot|without|false|myth|unable to|incapable of)\b|n't\b",
    re.IGNORECASE,
)
# small words that change what a statement says: the sentence must have the claim's (or one
# of its class: "every" / "all", "more" / "another")
_QUANTIFIERS = {
    "all": "all",
    "every": "all",
    "each": "all",
    "most": "most",
    "some": "some",
    "no": "no",
    "none": "no",
    "only": "only",
    "sole": "only",
    "solely": "only",
    "never": "never",
    "both": "both",
    "either": "either",
    "neither": "neither",
    "more": "more",
    "another": "more",
    "additional": "more",
    "less": "less",
    "fewer": "less",
    "least": "least",
    "before": "before",
    "prior": "before",
    "after": "after",
    "following": "after",
    "first": "first",
    "last": "last",
    "final": "last",
}
_OPENERS = ("he ", "she ", "it ", "its ", "they ", "their ", "his ", "her ", "the ", "this ")
_SAID = frozenset(
    {
        WordRelation.SAME,
        WordRelation.SYNONYM,
        WordRelation.DERIVED,
        WordRelation.BROADER,
        WordRelation.NARROWER,
    }
)
_CONTEXT = 400  # characters of the page before a sentence where its subject may be named
_LONGEST = 60  # words: a longer "sentence" is a page's run-on text


def value_label(value: Value) -> str:
    kind = {"quantity": "", "date": "date ", "year": "year "}.get(value.kind, f"{value.kind} ")
    return f"{kind}{value.text}".strip()


@dataclass(frozen=True, slots=True)
class Alignment:
    """One sentence read against the claim as a whole (see the module's description)."""

    start: int
    end: int
    sentence: str
    subject: int  # 3: named in the sentence; 2: named just before it
    confirmed: tuple[str, ...]  # the claim's values the sentence gives
    differing: tuple[tuple[Slot, Value], ...]  # a claim slot and the sentence's other value
    missing: tuple[str, ...]  # the claim's values with no value of their kind in it
    said: float  # share of the claim's other words the sentence says
    how: tuple[str, ...]  # the words said another way: "work ~ project"
    contrast: str | None  # a claim word answered by another of its class
    block: str | None  # what keeps it from stating the claim

    @property
    def states(self) -> bool:
        """Every value the same, nothing blocking, no contrast."""
        return (
            not self.differing and not self.missing and self.block is None and self.contrast is None
        )


@lru_cache(maxsize=2048)
def _content(text: str) -> tuple[str, ...]:
    return tuple(w for w in _WORD.findall(text) if w.lower() not in STOPWORDS and len(w) > 2)


def _subject_words(claim: Frame) -> frozenset[str]:
    """Every word of the subject: what the claim's other words are counted without."""
    words = {w.lower() for n in claim.subject_names for w in re.findall(r"\w{3,}", n)}
    if claim.subject_head:
        words.add(claim.subject_head[:5])
    return frozenset(words)


_TELLING = 10.0  # rarity of a surname or a rare name word ("Calvin"), not "Company"


@lru_cache(maxsize=1024)
def naming_words(claim: Frame) -> tuple[str, ...]:
    """What names the subject: each name's last word when it tells ("Calvin" of "Melvin
    Calvin"), else its most telling one ("Acme" of "The Acme Company"); else the head noun."""
    keys = {
        words[-1] if rarity(words[-1]) >= _TELLING else max(words, key=rarity)
        for n in claim.subject_names
        if (words := [w.lower() for w in re.findall(r"\w{3,}", n)])
    }
    if not keys and claim.subject_head:
        keys.add(claim.subject_head[:5])
    return tuple(sorted(keys))


# a time or place before the subject pronoun ("In 1905 he accepted ...", "By 1500, they
# had ..."): the pronoun still opens the statement
_ADVERBIAL = re.compile(
    r"(?:in|on|by|at|during|after|before|from|since|until|later|then)\b[^,;:.]{0,30}?,?\s+"
    r"(?=(?:he|she|it|they)\s)"
)


def _opens_with_reference(lowered: str) -> bool:
    """The sentence opens with a pronoun or "the" (after a time or place, for a pronoun)."""
    opening = lowered.lstrip(" \"'“‘([")
    if opening.startswith(_OPENERS):
        return True
    m = _ADVERBIAL.match(opening)
    return m is not None and opening[m.end() :].startswith(_OPENERS)


def may_name(claim: Frame, lowered: str) -> bool:
    """A cheap test on a lowercased sentence: a word that names the claim's subject, or an
    opening a pronoun or "the" may stand for it in."""
    return _opens_with_reference(lowered) or any(k in lowered for k in naming_words(claim))


def _someone_else(claim: Frame, sentence: str, keys: tuple[str, ...]) -> bool:
    """The sentence's names that hold the subject's word all name another ("Pierre Curie"
    for "Marie Curie")."""
    mine = [Value("name", 0, 0, n, n) for n in claim.subject_names]
    if not mine:
        return False
    holding = [
        v
        for v in values_in(sentence)
        if v.kind == "name" and any(k in v.text.lower() for k in keys)
    ]
    return bool(holding) and all(
        all(compare(m, Value("name", 0, 0, str(v.key), str(v.key))) != "same" for m in mine)
        for v in holding
    )


def _subject_level(claim: Frame, sentence: str, before: str) -> int:
    """3: the sentence names the subject; 2: it opens with a pronoun or "the" and the page
    names the subject just before; 1: it opens so, and the claim's subject is a description
    ("the three men"), which only values can tie to it; 0: neither."""
    keys = naming_words(claim)
    lowered = sentence.lower()
    if keys and any(k in lowered for k in keys):
        return 0 if _someone_else(claim, sentence, keys) else 3
    opening = _opens_with_reference(lowered)
    if opening and keys and any(k in before.lower() for k in keys):
        return 0 if _another_referent(claim, lowered, before, keys) else 2
    return 1 if opening and not claim.subject_names else 0


_HE = re.compile(r"\b(?:he|him|his)\b")
_SHE = re.compile(r"\b(?:she|her|hers)\b")
_FULL_NAME = re.compile(r"\b[A-Z][a-z]+(?: [A-Z][a-z]+)+\b")
# what follows a person's name as the subject of a clause: a verb a person does
_PERSON_AFTER = re.compile(
    r"\s+(?:joined|married|became|was born|studied|succeeded|took|won|wrote)\b"
)


def _another_referent(claim: Frame, lowered: str, before: str, keys: tuple[str, ...]) -> bool:
    """The sentence's pronoun may stand for someone else: the claim says "he" where it says
    "she" (or the reverse), or the page has another person act after the claim's subject
    is named ("Karl Berg joined him there. In 1905 he ...")."""
    said = claim.text.lower()
    if (_HE.search(said) and _SHE.search(lowered) and not _HE.search(lowered)) or (
        _SHE.search(said) and _HE.search(lowered) and not _SHE.search(lowered)
    ):
        return True
    # the person named last before the sentence, when it is not the claim's subject
    low = before.lower()
    last = max(low.rfind(k) for k in keys)
    subject = {w.lower() for n in claim.subject_names for w in n.split()}
    people = [
        m
        for m in _FULL_NAME.finditer(before, last + 1)
        if not {w.lower() for w in m.group(0).split()} & subject
        and _PERSON_AFTER.match(before, m.end())
    ]
    return bool(people)


def _values(
    claim: Frame, slots: list[Slot], sentence: str, before: str
) -> tuple[tuple[str, ...], tuple[tuple[Slot, Value], ...], tuple[str, ...]]:
    found = values_in(sentence)
    confirmed: list[str] = []
    differing: list[tuple[Slot, Value]] = []
    missing: list[str] = []
    subject = {n.lower() for n in claim.subject_names}
    for slot in slots:
        mine = slot.value
        kin = [v for v in found if v.kind == mine.kind or {v.kind, mine.kind} <= TIME]
        if mine.kind == "quantity":
            kin = [v for v in kin if v.unit == mine.unit]
        if mine.kind == "name" and mine.text.lower() not in subject:
            # the subject's own name gives no other name of the claim ("Africa" of "the
            # Africa Cup of Nations" is not "the championship of Africa")
            kin = [v for v in kin if not any(_inside(n, v.text.lower()) for n in subject)]
        if any(_same(mine, v) for v in kin):
            confirmed.append(value_label(mine))
        elif mine.kind == "name" and (
            mine.text.lower() in before.lower() or mine.text.lower() in subject
        ):
            continue  # the subject's name, given before the sentence
        elif mine.kind == "name":
            # which name answers which is the frames judge's to say (it knows their roles:
            # "by", "in"); another name here is only a name the sentence does not give
            missing.append(value_label(mine))
        elif kin:
            other = next((v for v in kin if compare(mine, v) == "conflict"), None)
            if other is None:
                missing.append(value_label(mine))
            else:
                differing.append((slot, other))
        else:
            missing.append(value_label(mine))
    return tuple(confirmed), tuple(differing), tuple(missing)


def _inside(name: str, text: str) -> bool:
    """``text`` (a name in the sentence) is the subject's ``name``: it holds it, or is two
    or more of its words in a row ("Africa Cup" of "Africa Cup of Nations")."""
    padded, inner = f" {name} ", f" {text} "
    return inner.find(f" {name} ") >= 0 or (len(text.split()) > 1 and padded.find(inner) >= 0)


def _same(mine: Value, theirs: Value) -> bool:
    """The same value; for a name, every word of the claim's in the sentence's ("the House
    of Commons" does not give "the Speaker of the House of Commons"), or the same person
    under a fuller first name."""
    if mine.kind != "name":
        return compare(mine, theirs) == "same"
    words = {w.lower() for w in _WORD.findall(mine.text)} - _SMALL
    given = {w.lower() for w in _WORD.findall(theirs.text)}
    said = words <= given or _country_left_out(mine.text, theirs.text)
    return (said and compare(mine, theirs) == "same") or _same_person(mine, theirs)


def _country_left_out(mine: str, theirs: str) -> bool:
    """The sentence names the claim's body without the country the claim puts before it
    ("the U.S. Supreme Court" / "the Supreme Court", "the UK Parliament"): the claim's
    name is the country's name and then the sentence's."""
    mine, theirs = mine.removeprefix("the ").strip(), theirs.removeprefix("the ").strip()
    if not theirs or not mine.lower().endswith(theirs.lower()) or len(mine) == len(theirs):
        return False
    country = mine[: len(mine) - len(theirs)].strip()
    return bool(country) and bool(places(country))


_SMALL = frozenset({"of", "the", "de", "von", "van", "and", "da", "di", "du", "del", "la", "le"})


def _same_person(mine: Value, theirs: Value) -> bool:
    """ "Vint Cerf" and "Vinton Cerf": the same surname, one first name the start of the
    other's."""
    if mine.kind != "name" or theirs.kind != "name":
        return False
    a, b = mine.text.split(), theirs.text.split()
    if len(a) < 2 or len(b) < 2 or a[-1].lower() != b[-1].lower():
        return False
    first_a, first_b = a[0].lower(), b[0].lower()
    return first_a.startswith(first_b) or first_b.startswith(first_a)


def _words(
    claim: Frame, slots: list[Slot], sentence: str
) -> tuple[float, tuple[str, ...], str | None]:
    """The share of the claim's other words the sentence says, how, and a contrast. A
    relation of the table said in its other words ("passed away" / "died", "set up" /
    "founded") says the claim's; hedges ("about", "roughly") say nothing either way."""
    taken = {stem(w.lower()) for s in slots for w in _WORD.findall(s.value.text)}
    measured = any(s.value.kind == "quantity" for s in slots)
    subject = _subject_words(claim)
    theirs = _content(sentence)
    stems = {stem(w.lower()) for w in theirs}
    relations = _relations_of(claim.text)
    said_relations = set(relations.values()) & set(_relations_of(sentence).values())
    rest = [
        w
        for w in _content(claim.text)
        if stem(w.lower()) not in taken
        and w.lower()[:5] not in subject
        and w.lower() not in subject
        and w.lower() not in _HEDGES
        and not (measured and w.lower() in _MEASURING)
        and relations.get(w.lower()) not in said_relations
    ]
    if not rest:
        return 1.0, (), None
    mine = {stem(w.lower()) for w in _content(claim.text)}
    # a sentence word that says a claim word as itself says no other one
    free = [w for w in theirs if stem(w.lower()) not in mine]
    said = 0
    how: list[str] = []
    contrast: str | None = None
    for word in rest:
        if stem(word.lower()) in stems:
            said += 1
            continue
        asked = "locate" if word.lower() == "found" and _FOUND_IN.search(claim.text) else word
        kinds = {w: relation(asked, w) for w in free}
        match = next((w for w, r in kinds.items() if r in _SAID), None)
        if match is not None:
            said += 1
            how.append(f"{word} ~ {match}")
            continue
        rival = next(
            (w for w, r in kinds.items() if r is WordRelation.SIBLING and w[0].isupper()), None
        )
        if rival is not None and contrast is None and word[0].isupper():
            contrast = f"{word} vs {rival}"
    return said / len(rest), tuple(how), contrast


# "is found in", "can be found on": where a thing is (not founding; nor "find", whose
# synonyms "happen" and "encounter" say nothing of where)
_FOUND_IN = re.compile(
    r"\b(?:be|is|are|was|were|been|being)\s+(?:\w+ly\s+)?found\s+"
    r"(?:in|on|at|near|throughout|across|among|under|inside|within|only)\b",
    re.IGNORECASE,
)

_HEDGES = frozenset(
    "about around roughly approximately some nearly almost over under just only also still "
    "aged age together respectively currently".split()
)


# verbs that only introduce a measure ("measures 20 km across", "covers 43.5 square miles",
# "totals 1,104 km"): with a quantity among the values, the quantity says what they do
_MEASURING = frozenset(
    "measure measures measured measuring cover covers covered covering span spans spanned "
    "total totals totalled totaled number numbers numbered stand stands stood".split()
)


@lru_cache(maxsize=4096)
def _relations_of(text: str) -> dict[str, str]:
    """Each word of ``text`` that states a relation of the table, with the relation (two-word
    phrases too: "passed away" -> die)."""
    words = [w.lower() for w in _WORD.findall(text)]
    named = phrase_relations([stem(w) for w in words])
    return {w: r for w, r in zip(words, named, strict=True) if r is not None}


_FINITE = re.compile(
    r"\b(?:is|was|are|were|be|been|has|have|had|does|did|will|would|can|could|may|might|"
    r"must|should)\b|\b[a-z]{3,}(?:ed|es)\b",
    re.IGNORECASE,
)


def _possessive(word: str) -> str:
    return re.sub(r"['’]s?$", "", word)


def _block(claim: Frame, sentence: str, seen: str, given: frozenset[str]) -> str | None:
    """What keeps the sentence from stating the claim, whatever else agrees."""
    if not _FINITE.search(sentence):
        return "no verb: a menu, a list or a heading"
    if bool(_NEGATION.search(claim.text)) != bool(_NEGATION.search(sentence)):
        return "a negation on one side only"
    lowered = sentence.lower()
    claim_words = {w.lower() for w in _WORD.findall(claim.text)}
    turned = _turned(claim.text)
    if turned is not None and (m := turned.search(lowered)) is not None:
        word = next((w for w in claim_words if m.group(1) in opposites(w)), "")
        if word and word not in lowered:
            return f"{word} turned into {m.group(1)}"
    theirs = {_QUANTIFIERS[w.lower()] for w in _WORD.findall(sentence) if w.lower() in _QUANTIFIERS}
    lacking = sorted(w for w in claim_words if w in _QUANTIFIERS and _QUANTIFIERS[w] not in theirs)
    if lacking:
        return f"the sentence lacks “{lacking[0]}”"
    subject = {w.lower() for n in claim.subject_names for w in _WORD.findall(n)}
    names = [w for w in _WORD.findall(claim.text)[1:] if w[0].isupper()]
    absent = [
        w
        for w in names
        if _possessive(w.lower()) not in seen
        and w.lower() not in STOPWORDS
        and w.lower() not in subject
        and w.lower() not in given
    ]
    if absent:
        return f"{absent[0]} is not named"
    left = left_behind(claim, sentence)
    if left:
        return left
    return _swapped_comparison(claim, sentence)


# verbs of a change of place, name or holder (not a route: "runs from London to Leeds")
_CHANGE = re.compile(
    r"\b(?:(?:mov|relocat|chang|renam|replac)(?:e|es|ed|ing)|transfer(?:s|red|ring)?|"
    r"(?:shift|switch|convert)(?:s|ed|ing)?|switches)\b",
    re.IGNORECASE,
)


def left_behind(claim: Frame, sentence: str) -> str | None:
    """A name of the claim that the sentence gives as what was left behind: "transferred
    its capital from Rio de Janeiro to Brasília" does not say Rio is the capital ("moved
    from", "renamed from", "changed from ... to")."""
    if re.search(r"\bfrom\b", claim.text, re.IGNORECASE) or not _CHANGE.search(sentence):
        return None
    names = [*claim.subject_names, *(s.value.text for s in claim.slots if s.value.kind == "name")]
    for name in names:
        pattern = r"\bfrom\s+(?:the\s+)?" + re.escape(name) + r"\b[^.;]{0,80}?\bto\b"
        if re.search(pattern, sentence, re.IGNORECASE):
            return f"{name} is what the sentence moves from"
    return None


@lru_cache(maxsize=1024)
def _turned(claim: str) -> re.Pattern[str] | None:
    """A pattern of the opposites of the claim's words (None when it has none)."""
    words = {o for w in _WORD.findall(claim.lower()) for o in opposites(w)}
    if not words:
        return None
    return re.compile(r"\b(" + "|".join(sorted(map(re.escape, words))) + r")")


_THAN = re.compile(r"\bthan\b", re.IGNORECASE)


def sides_swapped(claim: str, sentence: str) -> str | None:
    """A name of the claim's comparison on the other side of "than" in the sentence
    ("Jupiter is less dense than Saturn" against "Saturn is less dense than Jupiter")."""
    mine, theirs = _THAN.split(claim, maxsplit=1), _THAN.split(sentence, maxsplit=1)
    if len(mine) < 2 or len(theirs) < 2:
        return None
    for side, other in ((0, 1), (1, 0)):
        for name in _WORD.findall(mine[side]):
            if name[0].isupper() and name in theirs[other] and name not in theirs[side]:
                return f"{name} on the other side of “than”"
    return None


def _swapped_comparison(claim: Frame, sentence: str) -> str | None:
    """A comparison ("Jupiter is less dense than Saturn", "Air is less dense than water
    vapor") is said in too many shapes ("the density of water vapor is less than that of
    air") for words alone to tell which side is which: the frames judge's direction slots
    read it, never a paraphrase."""
    if re.search(r"\bthan\b", claim.text, re.IGNORECASE):
        return "a comparison"
    return None


_DIGIT = re.compile(r"\d")


@lru_cache(maxsize=4096)
def _surface(value: Value) -> str:
    """What a sentence must hold to give ``value`` again: a year's digits, a number's first
    two digits, a name's most telling word ("" for an ordinal: its words vary)."""
    if value.kind in TIME:
        years = re.findall(r"\d{3,4}", value.text)
        return years[-1] if years else ""
    if value.kind == "quantity":
        digits = re.sub(r"\D", "", value.text).lstrip("0")
        return digits[:2]
    if value.kind == "name":
        words = [w.lower() for w in re.findall(r"\w{3,}", value.text)]
        return max(words, key=rarity) if words else ""
    return ""


@lru_cache(maxsize=1024)
def _relation_words(claim: Frame) -> re.Pattern[str] | None:
    """The words that may say the claim's relation ("climbed": climb, ascend, ascent, ...)."""
    if claim.relation is None:
        return None
    word = claim.relation.removeprefix("v:")
    if word in _GENERIC:
        return None  # "made", "had", "took": said of everything, they tie nothing
    forms = {stem(w) for w in RELATIONS.get(word, ())} | {word}
    forms |= {stem(w) for w in relatives(word)}
    forms = {f[:5] for f in forms if len(f) >= 3}
    return re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, forms))) + r")")


_GENERIC = frozenset(
    "be have make take get give go come do use include become hold see know find show play "
    "put set keep let call say tell work run turn bring".split()
)


@lru_cache(maxsize=1024)
def _spelled(surface: str) -> tuple[str, ...]:
    """A number's first word when written in words (``surface``: its first two digits, the
    number itself when under 100)."""
    return number_words(int(surface)) if surface.isdigit() else ()


@lru_cache(maxsize=1024)
def _wanted(slots: tuple[Slot, ...]) -> tuple[tuple[str, ...], tuple[str, ...], frozenset[str]]:
    """The surfaces of the claim's numbers and names, and the kinds of its values."""
    surfaces = [(s.value.kind, _surface(s.value)) for s in slots]
    numbers = tuple(surface for kind, surface in surfaces if kind != "name" and surface)
    names = tuple(surface for kind, surface in surfaces if kind == "name" and surface)
    return numbers, names, frozenset(s.value.kind for s in slots)


def may_hold_values(claim: Frame, slots: list[Slot], sentence: str) -> bool:
    """A cheap test before a text's values are read: it may give every value of the claim
    again (each one's surface in it), or it says the claim's relation (and may give
    another value)."""
    numbers, names, kinds = _wanted(tuple(slots))
    # names may be given in the page before the sentence: the numbers must be here
    if numbers:
        if all(n in sentence for n in numbers):
            return True
        plain = sentence.replace(",", "").replace(".", "")  # "2,440" holds "24"
        if all(n in plain for n in numbers):
            return True
    lowered = sentence.lower()
    if not numbers and any(n in lowered for n in names):
        return True
    if numbers and all(n in sentence or any(w in lowered for w in _spelled(n)) for n in numbers):
        return True  # "eleven aqueducts" gives 11, "forty-two" 42
    pattern = _relation_words(claim)
    if pattern is None or "ordinal" in kinds:
        return False
    if kinds <= TIME | {"quantity"} and _DIGIT.search(sentence) is None:
        return False
    return pattern.search(lowered) is not None


def _name_words(slots: list[Slot], confirmed: tuple[str, ...]) -> frozenset[str]:
    """The words of the claim's names the sentence gives (under another form, perhaps:
    "Vint Cerf" as "Vinton Cerf")."""
    return frozenset(
        w.lower()
        for s in slots
        if s.value.kind == "name" and value_label(s.value) in confirmed
        for w in _WORD.findall(s.value.text)
    )


def align(
    claim: Frame, slots: list[Slot], text: str, start: int, end: int, prefix: str = ""
) -> Alignment | None:
    """The sentence ``text[start:end]`` read against the claim (None when it cannot speak
    of the claim's subject, or is no statement: too long, or a menu)."""
    sentence = text[start:end]
    if len(sentence.split()) > _LONGEST:
        return None
    # a count in words in a description of the subject ("The three men") describes, it is
    # no value; one in digits is what the claim says ("Roughly 13,200 houses ... were
    # destroyed")
    at = claim.text.find(claim.subject)
    slots = [
        s
        for s in slots
        if not (at <= s.value.start and s.value.end <= at + len(claim.subject))
        or s.value.kind == "name"
        or _DIGIT.search(s.value.text)
    ]
    if not may_hold_values(claim, slots, sentence):
        return None
    before = (prefix + text[:start])[-_CONTEXT:]
    subject = _subject_level(claim, sentence, before)
    if not subject:
        return None
    confirmed, differing, missing = _values(claim, slots, sentence, before)
    if subject == 1 and (len(confirmed) < 2 or differing or missing):
        return None  # a description ("the three men") is tied only by every value, two at least
    if not confirmed and len(differing) != 1:
        return None  # neither agrees with a value nor conflicts with one: nothing to read
    said, how, contrast = _words(claim, slots, sentence)
    seen = (before + " " + sentence).lower()
    return Alignment(
        start,
        end,
        sentence,
        subject,
        confirmed,
        differing,
        missing,
        round(said, 3),
        how,
        contrast,
        _block(claim, sentence, seen, _name_words(slots, confirmed)),
    )
