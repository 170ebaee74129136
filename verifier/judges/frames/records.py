"""Records: who does what to whom, read from a real parse (:mod:`verifier.text.parse`).

A :class:`Record` is one clause of a sentence: its subject, its relation (the verb's
lemma, or for "X is the capital of Y" the role noun, mapped to :mod:`.relations`' groups
so "completed", "finished" and "built" meet), its arguments (objects and prepositional
phrases, each typed: a place, a person, a time, a number, a thing), negation, and the
uniqueness a definite role ("the capital of", "the first", "the largest") carries.

:func:`compare` lines up a claim's record with an evidence record:

- ``support``: the same subject, relation and arguments (every value of the claim found);
- ``contradiction``: the same subject and a relation with one value per subject (a role
  with "the", a superlative, "born in", "flows into", "completed in") with another value
  of the same type; or the same holder of a unique role named differently ("Ottawa is the
  capital of Canada" against "Toronto is the capital of Canada"); or the same statement
  negated;
- ``other_subject``: the claim's relation and a value of its kind, said of someone or
  something else ("the Flavian stadium at Nemea was finished in 120 AD"): never a conflict;
- ``unrelated``: anything else.

A subject named another way in the evidence ("it", "the tower", the name of the page the
passage comes from) is resolved before comparing (:func:`records_of` takes the names the
passage's context gives).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from verifier.judges.frames.antonyms import opposites
from verifier.judges.frames.frame import BIRTH_NAME
from verifier.judges.frames.places import CITY, COUNTRY, REGION, places, relate
from verifier.judges.frames.relations import (
    FUNCTIONAL,
    is_verb,
    phrase_relations,
    relation_of,
    relation_said,
)
from verifier.judges.frames.slots import (
    ORDINAL_WORDS,
    Value,
    compare,
    excepted_holders,
    rank_also_given,
    ranking_measures,
    season_years,
    values_in,
)
from verifier.judges.frames.slots import SAME_SUPERLATIVE as _SAME_SUPERLATIVE
from verifier.text.numbers import PEOPLE, word_number
from verifier.text.stem import IRREGULAR, stem
from verifier.text.wordnet import WordRelation, lemmas_of, relation

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

__all__ = [
    "Arg",
    "Match",
    "Outcome",
    "Record",
    "bearing_place",
    "compare_records",
    "finisher",
    "ordinal_first",
    "personal",
    "placed_words",
    "ranking_words",
    "records_of",
    "same_relation",
    "same_subject",
]

ArgKind = Literal["place", "person", "org", "time", "number", "thing"]
Outcome = Literal["support", "contradiction", "other_subject", "unrelated"]

_ENT_KIND: dict[str, ArgKind] = {
    "GPE": "place",
    "LOC": "place",
    "FAC": "place",
    "PERSON": "person",
    "ORG": "org",
    "NORP": "org",
    "DATE": "time",
    "TIME": "time",
    "CARDINAL": "number",
    "QUANTITY": "number",
    "MONEY": "number",
    "PERCENT": "number",
}
_PREDICATE_DEPS = frozenset({"ROOT", "conj", "advcl", "ccomp", "relcl", "xcomp", "acl"})
_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "csubj"})
_OBJECT_DEPS = frozenset({"dobj", "attr", "oprd", "acomp", "dative"})
_PRONOUNS = frozenset({"it", "he", "she", "they", "its", "his", "her", "their"})
# words a name may gain in the evidence and still name the same thing ("the Nile River")
_GENERIC = frozenset(
    "river tower museum city company inc corporation university bridge mountain mount lake "
    "island palace cathedral church building temple castle band group treaty agreement the of "
    "rms hms uss ss".split()  # a ship's prefix: "RMS Titanic" is the Titanic
    # a firm's legal form: "Toyota Motor Corporation" is Toyota, "Tesla Motors" Tesla
    + "motor motors corp co ltd limited llc plc ag gmbh holdings incorporated".split()
)
# subjects that name no one in particular: never "another subject"
_UNKNOWN = _PRONOUNS | frozenset(
    {"who", "which", "that", "this", "these", "those", "one", "some", "you", "we", "i"}
)
_ORDINALS = frozenset({"first", "last", "only", "sole", "second", "third"})
_ROLE_PREPS = {"of": "of", "in": "of", "for": "of", "on": "of"}
_NEGATORS = frozenset({"not", "never", "n't", "no"})
# relation groups that say where something is or flows to: one place per subject
_PLACED = frozenset({"locate", "flow", "headquarter", "born", "die", "capital"})
# "be" with a place after "in": where a thing is
_LOCATIVE_PREPS = frozenset({"in", "at", "on"})
_WORD = re.compile(r"[\w'’#+-]+")
# relations whose doer is named by "by" in the passive: one maker per made thing
AGENTIVE = frozenset(
    {
        "found",
        "create",
        "discover",
        "write",
        "publish",
        "compose",
        "paint",
        "direct",
        "build",
        "propose",
        "sign",
        "own",
        "acquire",
        "adopt",
    }
)
# nouns whose value is what follows them: "home to X", "part of X", "a member of X"
_LIGHT_NOUNS = frozenset({"home", "part", "member", "site", "seat", "birthplace", "source"})
_CLASS_PREPS = frozenset({"from", "by", "in", "on", "at"})
_SOURCE_PREPS = frozenset({"from", "by"})  # "an album from X" / "an album by X"
# a work made by someone ("Austen's novel X"): meets any of the making relations
MADE = "made"
_MAKING = frozenset({"write", "compose", "paint", "create", "direct"})
# a work the subject of its own publishing ("Vivaldi's The Four Seasons was published")
_PUBLISHING = _MAKING | {"release", "publish"}
_WORKS = frozenset(
    "novel book play opera symphony concerto painting portrait poem song album film movie "
    "sculpture essay treatise theory masterpiece musical ballet novella mural fresco statue "
    "drawing sonata cantata oratorio requiem memoir biography trilogy".split()
)
_RESTATED = -1  # a restatement's statement id until records_of numbers them


@dataclass(frozen=True, slots=True)
class Arg:
    """One argument of a clause: ``prep`` the preposition it hangs from ("" for an
    object), ``kind`` its type, ``key`` its folded words."""

    text: str
    prep: str
    kind: ArgKind
    key: str
    proper: bool = False  # a name (a proper noun or a named entity), not a common noun


@dataclass(frozen=True, slots=True)
class Record:
    """One clause: see the module docstring. ``role`` is True for "X is the R of Y"
    (``relation`` is then R, ``args`` hold "of Y", ``subject`` is X, the role's holder)."""

    subject: str  # folded words of the subject ("" when none)
    subject_text: str
    relation: str
    args: tuple[Arg, ...]
    negated: bool = False
    unique: bool = False
    role: bool = False
    subject_kind: ArgKind = "thing"
    subject_proper: bool = False
    resolved: bool = False  # the subject was a pronoun or "the <noun>" resolved
    text: str = ""
    # which statement of its sentence the record says: a restatement ("penicillin was
    # discovered by Pasteur" for "Pasteur discovered penicillin") shares its original's
    statement: int = 0
    restated: bool = False  # a restatement of another record of its sentence
    # False for a clause the sentence does not assert ("before he finished school"): it
    # may show another subject, never support or contradict
    asserted: bool = True
    # the subject is what the act was done to ("the treaty was signed in 1919"; a
    # restatement's made thing)
    patient: bool = False
    # the clause's own tense, when its verb says it: "past" ("was", "served"), "present"
    # ("is", "remains"), or "" (a name set beside a description says none)
    tense: str = ""

    def named(self) -> bool:
        return bool(self.subject)


@dataclass(frozen=True, slots=True)
class Match:
    """The outcome of comparing a claim's record with an evidence record, and why."""

    outcome: Outcome
    kind: str  # "same", "unique_role", "value", "negation", "another subject", ...
    detail: str
    claim: Record
    found: Record
    features: dict[str, float] = field(default_factory=dict)


def _fold(text: str) -> str:
    # (a quote around a title is no part of its words: "'Jaws'" is Jaws)
    said = (re.sub(r"['’]s$", "", w.lower()).strip("'’") for w in _WORD.findall(text))
    words = [_FIRST.get(w, w) for w in said if w]
    while words and words[0] in ("the", "a", "an"):
        words = words[1:]
    return " ".join(words)


# the first of a series said another way: "the inaugural FIFA World Cup", "the original
# iPhone"
_FIRST = {"inaugural": "first", "original": "first"}


def fold_name(text: str) -> str:
    """A name's words as records fold them ("The Four Seasons" -> "four seasons")."""
    return _fold(text)


def _relation_key(lemma: str) -> str:
    word = stem(lemma.lower())
    return relation_of(word) or word


# lower-case words inside names ("Rembrandt van Rijn", "Leonardo da Vinci")
_NAME_PARTICLES = frozenset(
    "van von de da del della der den di du dos das la le bin ibn al ter ten y of the and".split()
)


def _span_of(token: Token) -> Span:
    """The token's phrase without a relative clause or apposition tail."""
    doc = token.doc
    left = token.left_edge.i
    right = token.i
    owner = _owning_place_of(token)
    if owner is not None:
        # "Dubai's Burj Khalifa" is the Burj Khalifa (in Dubai: :func:`_possessive_places`)
        left = owner.right_edge.i + 1
    if token.pos_ == "PROPN" and token.text[:1].isupper():
        # "the mathematician Ramanujan": a noun describing the name is not the name ("the
        # contiguous United States" is another place than "the United States")
        words = [t for t in doc[left : token.i] if t.is_alpha and t.dep_ != "det"]
        last_common = max(
            (
                t.i
                for t in words
                if t.text.islower()
                and t.pos_ in ("NOUN", "PROPN")
                and t.lower_ not in _NAME_PARTICLES
            ),
            default=None,
        )
        if last_common is not None:
            left = last_common + 1
    for child in token.rights:
        if child.dep_ == "punct":
            break  # "Fela Kuti, the Nigerian bandleader, ...": the name ends at its comma
        if child.dep_ in ("compound", "amod", "nummod", "poss", "case", "flat", "nmod") or (
            child.dep_ == "prep"
            and child.lower_ == "of"
            and (token.pos_ != "PROPN" or _name_goes_on(token, child))
        ):
            right = max(right, child.right_edge.i)
    # a relative clause deeper in the phrase is not the phrase ("the night of 9 November
    # 1989, when East German authorities opened the border": the night of 9 November 1989)
    clause = next((t for t in doc[token.i + 1 : right + 1] if t.dep_ == "relcl"), None)
    if clause is not None and clause.left_edge.i > token.i:
        right = clause.left_edge.i - 1
        while right > token.i and doc[right].is_punct:
            right -= 1
    return doc[left : right + 1]


def _name_goes_on(token: Token, of: Token) -> bool:
    """A name that goes on with "of" and another name: "the Battle of Hastings", "the
    Treaty of Versailles", "the Bank of England" (not a person's scope: "Prince Harry of
    Wales")."""
    named = [c for c in of.children if c.dep_ == "pobj" and c.pos_ == "PROPN"]
    return (
        bool(named)
        and token.ent_type_ != "PERSON"
        and token.text[:1].isupper()
        and not any(t.ent_type_ == "PERSON" for t in token.lefts)
    )


def _kind_of(token: Token) -> tuple[ArgKind, bool]:
    ent = token.ent_type_
    if ent in _ENT_KIND:
        return _ENT_KIND[ent], True
    if token.pos_ == "NUM" or token.like_num:
        return "number", False
    if token.pos_ == "PROPN":
        return "thing", True
    if (
        token.pos_ == "NOUN"
        and token.is_title
        and not any(c.dep_ == "det" for c in token.children)
        and not (token.is_sent_start and token.tag_ == "NNS")
    ):
        # "Toulouse is ...": the small model's NOUN for a name ("Spiders have ...", a
        # plural at the sentence's start, is a kind of thing)
        return "thing", True
    return "thing", False


def _named_by_apposition(token: Token) -> Token:
    """ "the Scottish bacteriologist Alexander Fleming": the name, not the description
    (a work's noun too where the tagger reads it as an adjective: "wrote the novel X")."""
    if token.pos_ == "NOUN" or token.lower_ in _WORKS:
        for child in token.children:
            if child.dep_ == "appos" and (child.pos_ == "PROPN" or child.ent_type_ in _ENT_KIND):
                if _listed_after_colon(token, child):
                    break  # "four chambers: two upper atria and ...": the count's parts
                return child
    return token


def _listed_after_colon(token: Token, appos: Token) -> bool:
    """An apposition a colon opens after a count ("has four chambers: two upper atria"):
    what the counted things are, not their name."""
    counted = any(c.dep_ == "nummod" for c in token.children)
    between = token.doc[token.i + 1 : appos.left_edge.i]
    return counted and any(t.text == ":" for t in between)


# units said after a count of degrees ("100 degrees Celsius", "100 °C")
_TEMPERATURE_UNITS = frozenset({"celsius", "fahrenheit", "kelvin", "centigrade", "c", "f", "k"})


def _quantity(token: Token) -> Span | None:
    """A count of degrees with its scale, which the parse splits ("100 degrees Celsius":
    Celsius in apposition; "100 °C": C a noun of its own): the whole quantity."""
    if token.lower_ not in ("degrees", "degree", "°"):
        return None  # (the cheap test first: it runs on every token of a sentence)
    if not any(c.dep_ == "nummod" for c in token.children):
        return None
    doc, end = token.doc, token.i + 1
    while end < len(doc) and doc[end].lower_ in _TEMPERATURE_UNITS and end - token.i <= 2:
        end += 1
    start = min(c.left_edge.i for c in token.children if c.dep_ == "nummod")
    return doc[start:end] if end > token.i + 1 else None


def _arg(token: Token, prep: str) -> Arg:
    quantity = _quantity(token)
    if quantity is not None:
        return Arg(quantity.text, prep, "number", _fold(quantity.text), False)
    token = _named_by_apposition(_named_of_class(token))
    country = _demonym_ground(token, prep)
    if country:  # "on Swedish soil" is "in Sweden"
        return Arg(country, "in", "place", _fold(country), True)
    continent = _continent_named(token)
    if continent:  # "on the African continent" is Africa
        return Arg(continent, prep, "place", _fold(continent), True)
    owner = _owning_place(token, prep)
    if owner:  # "in Venezuela's Canaima National Park" is in Venezuela
        return Arg(owner, prep, "place", _fold(owner), True)
    span = _span_of(token)
    if len(span) > 1 and span[-1].dep_ == "case":
        span = span[:-1]  # "Jane Austen's" as a maker is Jane Austen
    date = _date_around(token)
    if date is not None and date.start <= span.start and len(date) > len(span):
        span = date  # "on May 4, 1998": the whole date, past its comma
    kind, proper = _kind_of(token)
    kinds = [k for t in span if (k := _ent_kind(t))]
    if kind == "thing" and kinds:
        kind, proper = kinds[0], True
    return Arg(span.text, prep, kind, _fold(span.text), proper)


def _ent_kind(token: Token) -> ArgKind | None:
    """The kind a token's entity gives its phrase; a language's name as an adjective is a
    nationality ("an English actor", as "an American actor")."""
    if token.ent_type_ == "LANGUAGE" and token.dep_ == "amod" and token.pos_ == "ADJ":
        return "org"
    return _ENT_KIND.get(token.ent_type_)


def _date_around(token: Token) -> Span | None:
    """The date the tagger finds around a token ("May 4, 1998"), if it is in one."""
    if token.ent_type_ != "DATE":
        return None
    doc, start, end = token.doc, token.i, token.i + 1
    while start > 0 and doc[start].ent_iob_ == "I":  # (walked, not doc.ents: made each call)
        start -= 1
    while end < len(doc) and doc[end].ent_iob_ == "I":
        end += 1
    return doc[start:end]


# the ground a country's adjective names the country of: "lies on Tanzanian soil"
_GROUND = frozenset({"soil", "territory", "ground"})


def _demonym_ground(token: Token, prep: str) -> str:
    """The country of "on Tanzanian soil", "in French territory" (a place's preposition,
    a demonym before the ground), or ""."""
    if prep not in ("on", "in", "within") or token.lemma_.lower() not in _GROUND:
        return ""
    countries = {
        country_of_demonym(c.text) for c in token.children if c.dep_ in ("amod", "compound")
    } - {""}
    return countries.pop() if len(countries) == 1 else ""


# continents named by their adjective ("the African continent")
_CONTINENT_OF = {
    "african": "Africa",
    "european": "Europe",
    "asian": "Asia",
    "antarctic": "Antarctica",
    "australian": "Australia",
}


def _continent_named(token: Token) -> str:
    """ "the African continent": Africa; "" for anything else."""
    if token.lemma_.lower() != "continent":
        return ""
    named = {
        _CONTINENT_OF.get(c.lower_, "") for c in token.children if c.dep_ in ("amod", "compound")
    } - {""}
    return named.pop() if len(named) == 1 else ""


def _possessor_place(token: Token) -> tuple[Token, str] | None:
    """The place a token is given with a possessive ("Dubai's", "Venezuela's"): its
    token and its name, when the parser calls it a place and the gazetteer knows it; None
    otherwise ("Beethoven's Ninth Symphony" is his)."""
    if not token.n_lefts:
        return None  # (a possessive comes before: no Token walk for most names)
    owners = [
        c
        for c in token.lefts
        if c.dep_ == "poss" and c.pos_ == "PROPN" and c.ent_type_ in ("GPE", "LOC")
    ]
    if len(owners) != 1:
        return None
    name = " ".join(t.text for t in owners[0].subtree if t.dep_ != "case")
    return (owners[0], name) if places(name) else None


def _owning_place_of(name: Token) -> Token | None:
    """The place a name is given with ("Dubai's Burj Khalifa": Dubai)."""
    owned = _possessor_place(name) if name.pos_ == "PROPN" else None
    return owned[0] if owned is not None else None


def _possessive_places(tokens: Sequence[Token], text: str) -> list[Record]:
    """ "Dubai's Burj Khalifa", "Siberia's Lake Baikal": where the named thing is (not
    for a country given with another's possessive, "Denmark's Greenland")."""
    out = []
    for token in tokens:
        owned = _possessor_place(token) if token.pos_ == "PROPN" else None
        if owned is None or token.dep_ in ("compound", "poss"):
            continue
        if any(p.level <= COUNTRY for p in places(_span_of(token).text)):
            continue
        place = owned[1]
        arg = Arg(place, "in", "place", _fold(place), True)
        out.append(_record(token, "locate", [arg], False, False, False, text))
    return out


def _placed_names(tokens: Sequence[Token], text: str) -> list[Record]:
    """ "the Burj Khalifa in Dubai", "the Louvre in Paris": a name with the place it is in
    (a name only, not "the largest city in Italy"; a known place after "in"; not a country
    named in another's place)."""
    out = []
    for token in tokens:
        if token.pos_ != "PROPN" or token.dep_ in ("compound", "poss", "pobj"):
            continue
        for prep in token.children:
            if prep.dep_ != "prep" or prep.lower_ != "in":
                continue
            where = next((c for c in prep.children if c.dep_ == "pobj"), None)
            if (
                where is None
                or where.ent_type_ not in ("GPE", "LOC")
                or not places(_span_of(where).text)
            ):
                continue
            if any(p.level <= COUNTRY for p in places(_span_of(token).text)):
                continue
            arg = _arg(where, "in")
            # (said in passing: no statement of its own, "The Sagrada Familia in Barcelona
            # is the work of Gaudi" states whose work it is)
            record = _record(token, "locate", [arg], False, False, False, text)
            out.append(replace(record, statement=_RESTATED))
    return out


def _owning_place(token: Token, prep: str) -> str:
    """The country or region that owns a place the gazetteer does not know ("in
    Venezuela's Canaima National Park", "on Chile's coast"), or ""."""
    if prep not in ("in", "on", "at", "within", "inside") or places(token.text):
        return ""
    owned = _possessor_place(token)
    if owned is None or places(_span_of(token).text):
        return ""
    return owned[1] if any(p.level <= REGION for p in places(owned[1])) else ""


def _negated(token: Token) -> bool:
    """Denied: "not", "never", or an object of none ("she had no children", "won no
    medals")."""
    return any(
        c.dep_ == "neg"
        or c.lower_ in ("never",)
        or (c.dep_ == "dobj" and any(d.dep_ == "det" and d.lower_ == "no" for d in c.children))
        for c in token.children
    )


def _subject_of(predicate: Token) -> Token | None:
    # a nominal subject before a clausal one ("Leaving aside X, no island is bigger")
    children = sorted(predicate.children, key=lambda c: c.dep_ == "csubj")
    for child in children:
        if child.dep_ in _SUBJECT_DEPS and child.lower_ in _WORKS:
            # "Melville's novel Moby-Dick was published": the title, not "novel"
            title = _title_after(child)
            if title is not None and title.head.i == predicate.i:
                return title
        if child.dep_ in _SUBJECT_DEPS:
            if child.tag_ in ("WP", "WDT") and predicate.dep_ in ("relcl", "acl"):
                # "Nobel, who died in 1896": Nobel; "Obama is an American politician who
                # served as ...": Obama, whom the description describes
                return _described_name(predicate.head) or predicate.head
            # "the Russian chemist Dmitri Mendeleev presented ...", read as two subjects or
            # as a description with the name beside it: the name
            named = [c for c in children if c.dep_ in _SUBJECT_DEPS and c.pos_ == "PROPN"]
            if child.pos_ == "NOUN" and named:
                return named[0]
            return _titled(child)
    # "X flows north and empties into Y": a conjoined verb shares its head's subject
    if predicate.dep_ in ("conj", "xcomp") and predicate.head.i != predicate.i:
        return _subject_of(predicate.head)
    if predicate.dep_ == "relcl" and predicate.head.i != predicate.i:
        return predicate.head
    if (
        predicate.dep_ == "advcl"
        and predicate.head.i != predicate.i
        and any(c.dep_ == "aux" and c.lower_ == "having" for c in predicate.children)
    ):
        # "Argentina is ..., having won three World Cups": the perfect participle's doer
        # is the sentence's subject
        return _subject_of(predicate.head)
    if _passive_participle(predicate):
        if predicate.dep_ == "advcl":
            # "Launched in 1957, Sputnik 1 became ...": what the sentence is about
            return _subject_of(predicate.head)
        return _participle_holder(predicate.head)
    if (
        predicate.dep_ == "advcl"
        and predicate.tag_ == "VBG"
        and predicate.lemma_.lower() in _LYING
        and predicate.i < predicate.head.i
    ):
        # "Stretching along the coast of northern Chile, the Atacama is ...": where the
        # sentence's subject lies
        return _subject_of(predicate.head)
    return None


# verbs of lying somewhere, whose opening participle is said of the sentence's subject
_LYING = frozenset({"stretch", "extend", "lie", "sit", "stand", "rise", "span", "straddle"})


def _described_name(noun: Token) -> Token | None:
    """The name a description is said of: "X is a politician", "X, a politician"."""
    if noun.pos_ != "NOUN":
        return None
    if noun.dep_ == "appos" and noun.head.pos_ == "PROPN":
        return noun.head
    if noun.dep_ == "attr" and noun.head.lemma_ == "be":
        subjects = [c for c in noun.head.children if c.dep_ == "nsubj" and c.pos_ == "PROPN"]
        return subjects[0] if subjects else None
    return None


def _passive_participle(predicate: Token) -> bool:
    """ "a thriller directed by X", "Alien, released in 1979", and a sentence's opening
    "Launched by the Soviet Union in 1957, Sputnik 1 ...": a past participle that
    describes a noun (the opening one, the sentence's subject), which is what it was done
    to."""
    if predicate.tag_ != "VBN" or predicate.head.i == predicate.i:
        return False
    if predicate.dep_ == "acl":
        return True
    # (opening the sentence: its phrase starts it, nothing but "First", "Once" before it)
    first = predicate.left_edge
    return (
        predicate.dep_ == "advcl"
        and predicate.i < predicate.head.i
        and (first.is_sent_start or first.i == 0)
        and all(t.dep_ in ("advmod", "mark") for t in predicate.doc[first.i : predicate.i])
        and not any(c.dep_ in _SUBJECT_DEPS for c in predicate.children)
    )


def _participle_holder(noun: Token) -> Token | None:
    """The name a participle's noun describes: the name itself ("Alien, directed by X"),
    the name the noun is set beside ("Parasite, a thriller directed by X"), or the
    subject a copula says the noun is ("Seven Samurai is an epic film directed by X").
    A noun that describes nothing named ("a label founded in 1971" alone, "the bridge
    built in 1990") gives no subject: a description of the sentence's subject, not a
    subject of its own; nor does a preposition's object ("a developer based in Burnaby,
    Canada, founded in 1998": the parser hangs a late participle on the nearest name)."""
    if noun.dep_ == "pobj":
        return _collection_named(noun)
    if noun.dep_ == "appos" and noun.head.pos_ == "PROPN" and noun.head.i != noun.i:
        return noun.head  # "Erik Holm (Эрик Хольм, born ...)": the name first given
    if noun.pos_ == "PROPN":
        return noun
    named = [c for c in noun.children if c.dep_ == "appos" and c.pos_ == "PROPN"]
    if named:
        return named[0]
    if noun.dep_ == "attr" and noun.head.lemma_ == "be":
        subject = _subject_of(noun.head)
        if subject is not None and subject.pos_ == "PROPN":
            return subject
    return None


# nouns of a whole made of parts: "a series of treaties", "a set of four concertos"
_COLLECTIONS = frozenset({"series", "set", "cycle", "collection", "group", "pair", "sequence"})


def _collection_named(noun: Token) -> Token | None:
    """The name a collection of the noun is set beside: "The Peace of Westphalia, a series
    of treaties signed in 1648" (the Peace was signed in 1648); None for any other object
    of a preposition."""
    of = noun.head
    if of.lower_ != "of" or of.dep_ != "prep":
        return None
    whole = of.head
    if whole.lower_ not in _COLLECTIONS or whole.dep_ != "appos" or whole.head.i == whole.i:
        return None
    return whole.head if whole.head.pos_ == "PROPN" else None


def _titled(noun: Token) -> Token:
    """ "the Augustinian friar Gregor Mendel": the name a description is a title of (the
    name right after it); "a sequel, Rio 2," sets a name beside the description, which
    stays the subject (the claim may say "Rio's sequel")."""
    named = _named_by_apposition(noun)
    if named is noun or named.left_edge.i != noun.i + 1:
        return noun
    return named


def _family(noun: Token) -> list[Token]:
    """The noun and the nouns it is conjoined with ("the capital and largest city of
    Italy": "the" on one, "of Italy" on the other)."""
    first = noun
    while first.dep_ == "conj" and first.head.i != first.i and first.head.pos_ == "NOUN":
        first = first.head
    return [first, *(c for c in first.conjuncts if c.pos_ == "NOUN")]


def _unique(noun: Token) -> bool:
    """A definite role: "the capital", "the largest city", "the first person", "its only"."""
    family = _family(noun)
    det = [c for t in family for c in t.children if c.dep_ in ("det", "poss")]
    if not det:
        return False
    mods = [c for c in noun.children if c.dep_ in ("amod", "advmod", "nummod")]
    if any(m.tag_ in ("JJS", "RBS") or m.lower_ in _ORDINALS or _most(m) for m in mods):
        return True
    if any(m.lower_ in _KNOWN and any(c.tag_ in ("JJS", "RBS") for c in m.children) for m in mods):
        return True  # "the closest known star": "closest" hangs on "known"
    definite = any(d.lower_ == "the" or d.dep_ == "poss" for d in det)
    has_of = any(c.dep_ == "prep" and c.lower_ in _ROLE_PREPS for t in family for c in t.children)
    if definite and not has_of and (noun.lemma_.lower() in _ONE_PER_HOLDER or _national(noun)):
        # "Australia's capital": a role one holder has one of, its holder named before it;
        # "the Kenyan capital": its holder's people named
        return any(d.dep_ == "poss" and d.pos_ == "PROPN" for d in det) or bool(
            _demonym_scope(noun)
        )
    return definite and has_of


def _demonym_scope(noun: Token, superlative: bool = False) -> list[Token]:
    """The demonyms before a one-per-holder role noun, or a superlative's, that name its
    country ("the Kenyan capital", "the highest Japanese mountain": the highest mountain
    in Japan); none for other nouns."""
    superlative = superlative or any(
        c.dep_ == "amod" and (c.tag_ == "JJS" or _most(c)) for c in noun.children
    )
    if noun.lemma_.lower() not in _ONE_PER_HOLDER and not superlative:
        return []
    return [c for c in noun.children if c.dep_ == "amod" and country_of_demonym(c.text)]


# demonyms whose country's name begins otherwise, or whose country the gazetteer knows by
# a longer name ("Russian Federation", "Türkiye")
_IRREGULAR_DEMONYMS = {
    "French": "France",
    "Spanish": "Spain",
    "Dutch": "Netherlands",
    "British": "United Kingdom",
    "Swiss": "Switzerland",
    "Irish": "Ireland",
    "Thai": "Thailand",
    "Turkish": "Turkey",
    "Danish": "Denmark",
    "Finnish": "Finland",
    "Polish": "Poland",
    "Russian": "Russia",
    "Welsh": "Wales",
    "Scottish": "Scotland",
    "English": "England",
    "Filipino": "Philippines",
    "Saudi": "Saudi Arabia",
}


@lru_cache(maxsize=1024)
def country_of_demonym(word: str) -> str:
    """The country a demonym names ("Kenyan" -> "Kenya", "Swedish" -> "Sweden",
    "Australian" -> "Australia"), or "": the country whose name shares the longest
    beginning with the word, at least four letters and all its name but two."""
    if word in _IRREGULAR_DEMONYMS:
        return _IRREGULAR_DEMONYMS[word]
    if not word[:1].isupper() or len(word) < 5:
        return ""
    low = word.lower()
    best, best_len = "", 0
    for name in _country_names():
        n = name.lower()
        shared = _shared_start(low, n)
        if shared >= max(4, len(n) - 2) and shared > best_len and low != n:
            best, best_len = name, shared
    return best


def _shared_start(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


@lru_cache(maxsize=1)
def _country_names() -> tuple[str, ...]:
    import pycountry

    # a country's common name where its formal one is long ("Tanzania", "Iran", "Venezuela")
    names = (getattr(c, "common_name", None) or c.name for c in pycountry.countries)
    return tuple(n for n in names if " " not in n and "," not in n)


# roles of which a country, a city, a firm or a person has one at a time: said with a
# possessive name ("Australia's capital", "Apple's CEO") they are unique
_ONE_PER_HOLDER = frozenset(
    "capital currency anthem motto birthplace headquarters president chairman chairwoman ceo "
    "mayor governor monarch emperor chancellor premier".split()
)


def _national(noun: Token) -> bool:
    """ "Kovia's national animal", "its official language": one a country has (singular);
    "Australia's capital city" is its capital."""
    return noun.tag_ == "NN" and any(
        (c.dep_ == "amod" and c.lower_ in ("national", "official"))
        or (c.dep_ == "compound" and c.lower_ == "capital" and noun.lemma_ == "city")
        for c in noun.children
    )


def _most(modifier: Token) -> bool:
    """ "most populous", "most visited": a superlative said with "most"."""
    return any(c.dep_ == "advmod" and c.lower_ == "most" for c in modifier.children)


# how widely a superlative's participle holds, which it ranks by anyway: "the most widely
# spoken language" is the most spoken one
_HOW_WIDELY = re.compile(r"\bmost (?:widely|commonly|frequently) (?=\w+(?:ed|en)\b)")


def _unknown(modifier: str) -> str:
    """A superlative without "known" ("largest known" is "largest") and without how widely
    ("most widely spoken" is "most spoken")."""
    modifier = _HOW_WIDELY.sub("most ", modifier)
    words = modifier.split()
    if len(words) > 1 and words[-1] in _KNOWN:
        return " ".join(words[:-1])
    return modifier


def _role_name(noun: Token) -> str:
    # the whole modifier: "second-largest" is not "largest", "oldest female" not "oldest"
    # ("the Kenyan capital": the demonym is the scope, not the role's name)
    scope = {c.i for c in _demonym_scope(noun)}
    place = _superlative_of_place(noun)
    if place is not None:
        # "the closest planet to the Sun" is "the planet closest to the Sun"
        return place
    mods = [
        _SAME_SUPERLATIVE.get(m, m)
        for c in noun.children
        if c.dep_ in ("amod", "compound", "nmod", "nummod") and c.i not in scope
        for m in [_unknown("".join(t.text_with_ws for t in c.subtree).strip().lower())]
        # "the sole official language" is the official language, and "the official
        # currency of Ghana" is its currency
        if m not in _SAYS_NOTHING_MORE and m not in _KNOWN
    ]
    # what the role is of: "the first person to walk on the Moon" is not "the first
    # person to climb Everest"
    acts = [
        _act(c)
        for c in noun.children
        if c.dep_ in ("acl", "relcl") and any(a.lower_ == "to" for a in c.children)
    ]
    if not acts and noun.dep_ in ("attr", "oprd"):
        # "became the first human to set foot on the Moon": the small model hangs the act
        # on the verb, right after the role's noun
        acts = [
            _act(c)
            for c in noun.head.children
            if c.dep_ == "xcomp"
            and c.i > noun.i
            and any(a.dep_ == "aux" and a.lower_ == "to" and a.i == c.i - 1 for a in c.children)
            and c.doc[noun.i + 1].lower_ == "to"
        ]
    head = _SAME_HOLDER.get(noun.lemma_.lower(), noun.lemma_.lower())
    if head in ("state", "nation") and (head == "nation" or _SOVEREIGN & set(mods)):
        # "the smallest sovereign state", "the largest nation": a country
        head, mods = "country", [m for m in mods if m not in _SOVEREIGN]
    if head == "satellite" and "natural" in mods:
        # "the largest natural satellite in the Solar System": its largest moon
        head, mods = "moon", [m for m in mods if m != "natural"]
    name = " ".join([*mods, head, *acts])
    # "Australia's capital city" is its capital; "the chemical symbol for sodium" is
    # sodium's symbol
    name = {"capital city": "capital", "chemical symbol": "symbol"}.get(name, name)
    if head not in _SETTLEMENTS:
        return name  # "the largest country" is the widest, not the most populous
    # "the most populous city" is what "the largest city" means of a settlement
    return _MOST_POPULOUS.sub("largest", name)


# words before a role's noun that name no other role
_SAYS_NOTHING_MORE = frozenset({"sole", "only", "single", "official"})
# what a superlative's holder is as far as anyone knows: "the largest known prime" is the
# largest prime a source can name
_KNOWN = frozenset({"known", "recorded", "documented"})
_MOST_POPULOUS = re.compile(r"\bmost (?:populous|populated)\b")
# places whose "largest" is their headcount ("the largest city": the most populous)
_SETTLEMENTS = frozenset(
    "city town village metropolis municipality settlement conurbation suburb borough".split()
)
_SOVEREIGN = frozenset({"sovereign", "independent"})
# a role's holder said another way: "the first human to ..." is "the first person to ..."
_SAME_HOLDER = {"human": "person", "individual": "person", "peak": "mountain"}


def _act(verb: Token) -> str:
    """What a role's holder did, read as a clause is ("to set foot on the Moon" and "to walk
    on the Moon" are one act: the relation and its arguments, not the words)."""
    relation, args = _verb_relation(verb)
    # (when it was done is no part of the role: "the first person to walk on the Moon in
    # 1969" is the first person to walk on the Moon)
    said = [a for a in args if a.kind != "time"]
    return " ".join(["to", relation, *(f"{a.prep} {a.key}".strip() for a in said)])


def _verb_relation(verb: Token) -> tuple[str, list[Arg]]:
    """A verb's relation and arguments: its word in the relation table, or a light verb's
    noun ("has a height of 300 m"), or a verb with its particle ("went down")."""
    relation = relation_of(stem(verb.lower_)) or _relation_key(verb.lemma_)
    args = _args(verb)
    light = _light_verb(verb, args)
    if light is not None:
        relation, args = light
    elif verb.lemma_ == "become" and any(
        c.dep_ == "acomp" and c.lower_ == "independent" for c in verb.children
    ):
        relation = _INDEPENDENCE  # "became independent in 1991", as "gained independence"
    relation = _with_particle(verb) or relation
    if _stands_in(relation, args, verb):
        # "rises in northeastern Tanzania", "stretches along the coast of Chile": where
        relation = "locate"
        args = [replace(a, prep="in") if a.kind == "place" else a for a in args]
    if relation == "locate" and not any(
        a.kind == "place" and a.prep in _LOCATIVE_PREPS for a in args
    ):
        # (a place "near" one says nothing of where: "near Siem Reap in Cambodia" does)
        args += _nested_places(verb)
    if verb.lemma_.lower() in ("reach", "enter"):
        waters = _water_reached(verb)
        if waters:
            relation, args = "flow", [*waters, *(a for a in args if a.prep)]
    elif relation == "flow" and not any(a.prep in ("into", "to") for a in args):
        args = [*args, *_reached_on_the_way(verb)]
    if relation == "connect":
        args = _joined_ends(verb, args)
    taken = _role_taken(verb, args)
    if taken is not None:
        relation, args = "lead", taken
    if relation == "regard":
        # "is regarded as the first programmer" / "is considered the first programmer"
        args = [replace(a, prep="") if a.prep == "as" else a for a in args]
    if relation == "build":
        relation = _work_completed(verb) or relation
    if relation == "build" and finisher(verb):
        relation = "finish"  # "Kipchoge finished first": a race, not a building's completion
    placed = _placing(verb)
    if placed is not None:
        # "finished third in the marathon", "ranks second among producers": a place
        relation, args = PLACED, [placed, *args]
    return relation, args


# the prepositions that name a joined end: "connects A with B", "links A to B"
_END_PREPS = frozenset({"with", "to", "and"})


def _joined_ends(verb: Token, args: Sequence[Arg]) -> list[Arg]:
    """What "connects" or "links" joins, as ends without a preposition, whichever way it
    is said ("connects Lund and Malmo", "links the Atlantic with the Pacific", "links A to
    B"); the rest as it is ("via the Caribbean Sea")."""
    ends = [_arg(noun, "") for obj in verb.children if obj.dep_ == "dobj" for noun in _holders(obj)]
    ends += [
        _arg(noun, "")
        for prep in verb.children
        if prep.dep_ == "prep" and prep.lower_ in _END_PREPS
        for obj in prep.children
        if obj.dep_ == "pobj"
        for noun in _holders(obj)
    ]
    rest = [a for a in args if a.prep and a.prep not in _END_PREPS]
    return [*ends, *rest] if ends else list(args)


# what a place "in <measure>" ranks by, as the superlative that says it
_MEASURED_AS = {
    "size": "largest",
    "area": "largest",
    "population": "most populous",
    "length": "longest",
    "height": "highest",
    "elevation": "highest",
    "depth": "deepest",
    "age": "oldest",
}
_ORDINAL_OF = {n: w for w, n in ORDINAL_WORDS.items()}


def placed_words(doc: Doc | None) -> frozenset[str]:
    """The words of a place by a measure among a class, when the parsed text says one
    ("ranks second in size among African countries": second, size, among, african,
    countries; "covers more territory than any other nation"): what the role it is read as
    says in its own words; empty otherwise."""
    if doc is None:
        return frozenset()
    # "covers more territory than any other nation", read as "the largest country"
    compared = frozenset(w for *_r, words in _any_other_readings(list(doc)) for w in words)
    if compared:
        return compared
    for verb in doc:
        placed = _placing(verb)
        if placed is None or not _placed_role(verb, _subject_of(verb), False, doc.text):
            continue
        words = {placed.text.lower()}
        for prep in (t for t in verb.subtree if t.dep_ == "prep"):
            words |= {t.lower_ for t in prep.subtree if t.is_alpha}
        return frozenset(words)
    return frozenset()


def ranking_words(text: str) -> frozenset[str]:
    """The words a place by a measure among a class is said with as a role ("second in size
    among African countries": largest, Africa): what a sentence saying the role shares with
    it, beyond its own words."""
    out: set[str] = set()
    for word in re.findall(r"[a-z]+", text.lower()):
        if word in _MEASURED_AS:
            out.update(_MEASURED_AS[word].split())
        if word in _CONTINENT_OF:
            out.add(_CONTINENT_OF[word].lower())
    return frozenset(out)


def _placed_role(predicate: Token, subject: Token | None, negated: bool, text: str) -> list[Record]:
    """A place by a measure among a class, as the role it is: "Saturn ranks second in size
    among the planets of the Solar System" is "the second-largest planet of the Solar
    System" (compared with the role said so, its rank and its holder)."""
    placed = _placing(predicate)
    if placed is None or subject is None:
        return []
    measure, kind = "", None
    # (the parse may hang "among ..." on the measure: "first in population among ...")
    preps = [c for c in predicate.children if c.dep_ == "prep"]
    preps += [g for c in preps for o in c.children for g in o.children if g.dep_ == "prep"]
    for prep in preps:
        obj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if obj is None:
            continue
        if prep.lower_ in ("in", "by") and obj.lemma_.lower() in _MEASURED_AS:
            measure = _MEASURED_AS[obj.lemma_.lower()]
        elif prep.lower_ == "among" and obj.tag_ == "NNS":
            kind = obj
    n = int(placed.key.split()[-1])
    if not measure or kind is None or n not in _ORDINAL_OF:
        return []
    head = _SAME_HOLDER.get(kind.lemma_.lower(), kind.lemma_.lower())
    if measure == "most populous" and head in _SETTLEMENTS:
        measure = "largest"
    name = measure if n == 1 else f"{_ORDINAL_OF[n]}-{measure}"
    args = _role_args(kind)
    for mod in (c for c in kind.children if c.dep_ == "amod"):
        # "among African countries": the countries of Africa
        where = _CONTINENT_OF.get(mod.lower_) or country_of_demonym(mod.text)
        if where:
            args.append(Arg(where, "of", "place", _fold(where), True))
    return [_record(subject, f"{name} {head}", args, negated, True, True, text)]


# the relation of a place in a race, a table or a ranking ("finished third", "came second")
PLACED = "placed"
_PLACING_VERBS = frozenset({"finish", "place", "come", "rank", "end"})


def _placing(verb: Token) -> Arg | None:
    """The place a placing verb gives its subject: "finished third", "came second", "ranks
    fourth" (an ordinal beside the verb); None otherwise."""
    if verb.lemma_.lower() not in _PLACING_VERBS:
        return None
    for child in verb.children:
        if child.ent_type_ == "ORDINAL" and child.dep_ in ("advmod", "npadvmod", "dobj", "oprd"):
            word = child.lower_
            n = ORDINAL_WORDS.get(word) or int(re.sub(r"\D", "", word) or 0)
            if n:
                return Arg(child.text, "", "number", f"place {n}", True)
    return None


_FINISHING = frozenset({"finish", "complete"})
_DOERS = frozenset({"PERSON", "ORG", "NORP"})
# what a doer finishes again and again: races, seasons, courses
_RUN_AGAIN = frozenset(
    "race races marathon season seasons tour course league championship championships game "
    "match competition tournament event rally stage lap school degree programme program "
    "training cup grand prix".split()
)
_DOER_NOUNS = frozenset(
    "team club side player runner rider driver athlete swimmer skater horse car crew squad "
    "student candidate party".split()
)


# a work completed is a work made, by the making its kind says: "Beethoven completed nine
# symphonies" composed them; "finished her third novel" wrote it
# works that are written: a novel, a poem, a play (no band writes one)
_WRITTEN = frozenset({"novel", "novella", "poem", "play", "memoir", "book"})
_MADE_AS = {
    **dict.fromkeys(("symphony", "concerto", "opera", "sonata", "quartet", "oratorio"), "compose"),
    **dict.fromkeys(_WRITTEN, "write"),
    **dict.fromkeys(("painting", "portrait", "canvas", "mural", "fresco"), "paint"),
}


def _work_completed(verb: Token) -> str | None:
    """The making a work's completion says (an active "completed"/"finished" with a
    work as its object), if any."""
    if verb.lemma_.lower() not in _FINISHING:
        return None
    for obj in (c for c in verb.children if c.dep_ == "dobj"):
        if obj.lower_ == "total":
            # "completed a total of nine symphonies": nine symphonies
            obj = next((o for p in obj.children if p.lower_ == "of" for o in p.children), obj)
        made = _MADE_AS.get(obj.lemma_.lower())
        if made is not None:
            return made
    return None


def finisher(verb: Token) -> str:
    """Who finishes, when ``verb`` is an active "finish" or "complete" done by a doer (a
    person, a firm, a team, a pronoun for one): "Kipchoge finished first in Berlin", "the
    team finished third", who finish races, seasons and courses many times; "" for a thing
    finished ("the cathedral was finished in 1880", "construction finished in 1880")."""
    if verb.lemma_.lower() not in _FINISHING or verb.pos_ != "VERB":
        return ""
    placed = any(c.ent_type_ == "ORDINAL" for c in verb.children)
    done = [c for c in verb.children if c.dep_ == "dobj"]
    if done and not any(w.lower_ in _RUN_AGAIN for d in done for w in d.subtree):
        return ""  # "Gutenberg finished his Bible in 1455": a work, finished once
    for child in verb.children:
        # (a name as the subject of an active "finished": the small model's entities are
        # unsure, "Usain Bolt" a place to it; a thing finished is said in the passive)
        if child.dep_ == "nsubj" and (
            placed
            or child.pos_ == "PROPN"
            or child.ent_type_ in _DOERS
            or child.lower_ in ("he", "she", "they", "we")
            or child.lemma_.lower() in _DOER_NOUNS
        ):
            return child.text
    return ""


_TIMES = "times"  # the preposition-like mark of how often an act was done ("five times")

# bodies of water a river reaches: where it flows into
_WATERS = frozenset({"sea", "ocean", "gulf", "bay", "lake", "river", "strait", "sound"})


def _water_reached(verb: Token) -> list[Arg]:
    """The body of water a river "reaches" or "enters": where it flows into ("the Mekong
    reaches the South China Sea": flows into it); [] for anything else reached (a summit,
    an agreement, a market)."""
    return [
        replace(_arg(obj, "into"), prep="into")
        for obj in verb.children
        if obj.dep_ == "dobj" and obj.lemma_.lower() in _WATERS and obj.pos_ in ("NOUN", "PROPN")
    ]


def _reached_on_the_way(verb: Token) -> list[Arg]:
    """Where a river flows into, said as what it reaches on its way: "flows east through
    Oxford and London before reaching the North Sea"."""
    steps = [
        step
        for prep in verb.children
        if prep.dep_ == "prep" and prep.lower_ in ("before", "until")
        for step in prep.children
        if step.dep_ == "pcomp"
    ]
    # "... before it reaches the Black Sea": a clause of its own, its subject the river
    steps += [
        clause
        for clause in verb.children
        if clause.dep_ == "advcl"
        and any(c.dep_ == "mark" and c.lower_ in ("before", "until") for c in clause.children)
        and all(c.lower_ in ("it", "its") for c in clause.children if c.dep_ == "nsubj")
    ]
    return [
        water
        for step in steps
        if step.lemma_.lower() in ("reach", "enter")
        for water in _water_reached(step)
    ]


def _nested_places(verb: Token) -> list[Arg]:
    """Where a thing placed on or above something is: "sits on a ridge above the Urubamba
    River valley in southern Peru" (a known place after "in", deeper in the phrase)."""
    out = []
    for prep in verb.children:
        if prep.dep_ != "prep" or prep.lower_ not in ("on", "at", "above", "below", "near", "by"):
            continue
        for t in prep.subtree:
            if t.dep_ == "prep" and t.lower_ == "in" and t.i != prep.i:
                where = next((c for c in t.children if c.dep_ == "pobj"), None)
                if where is None:
                    continue
                said = _span_of(where).text
                if where.ent_type_ in ("GPE", "LOC") and places(said):
                    out.append(_arg(where, "in"))
                elif place_head(said) != said and places(place_head(said)):
                    # "in the Cusco Region of southern Peru": in Peru
                    head = place_head(said)
                    out.append(Arg(head, "in", "place", _fold(head), True))
    return out[:1]


def _role_args(noun: Token, superlative: bool = False) -> list[Arg]:
    out = [
        Arg(country, "of", "place", _fold(country), True)
        for c in _demonym_scope(noun, superlative)
        for country in [country_of_demonym(c.text)]
    ]
    # a role with its own "of" or demonym keeps it ("the capital of Australia and the seat
    # of its parliament", "the Canadian capital and seat of the parliament": two roles, two
    # holders); one without takes its family's ("the capital and largest city of Italy")
    own = bool(out) or any(c.dep_ == "prep" and c.lower_ in _ROLE_PREPS for c in noun.children)
    for child in (c for t in ([noun] if own else _family(noun)) for c in t.children):
        if child.dep_ == "prep" and child.lower_ in _ROLE_PREPS:
            for obj in child.children:
                if obj.dep_ == "pobj":
                    out.append(_arg(obj, "of"))
        elif child.dep_ == "poss" and child.pos_ in ("PROPN", "PRON", "NOUN"):
            if child.pos_ == "PRON" and out:
                continue  # "Montenegro's capital and its largest city": its = Montenegro's
            out.append(_arg(child, "of"))
    ranked = any(t.tag_ in ("JJS", "RBS") for t in noun.subtree if t.i < noun.i)
    if ranked and not out and _said_worldwide(noun):
        # "the most spoken language globally" is the most spoken language in the world
        out.append(Arg("the world", "of", "thing", "world", False))
    return out


# adverbs that give a superlative the whole world for its scope
_WORLDWIDE = frozenset({"globally", "worldwide", "internationally"})


def _said_worldwide(noun: Token) -> bool:
    """The role's noun, or the verb it is said with, carries "globally" or "worldwide"."""
    near = [*noun.children, *(noun.head.children if noun.dep_ in ("attr", "oprd") else [])]
    return any(c.dep_ == "advmod" and c.lower_ in _WORLDWIDE for c in near)


def _args(predicate: Token) -> list[Arg]:
    out: list[Arg] = []
    # a phrase the parse hangs on the verb's particle is the verb's ("made up of 435")
    particles = [c for c in predicate.children if c.dep_ == "prt"]
    for child in [*predicate.children, *(p for t in particles for p in t.children)]:
        if child.dep_ in _OBJECT_DEPS and (
            child.pos_ != "ADJ" or any(c.dep_ == "det" for c in child.children)
        ):
            out.append(_arg(child, ""))
            if child.dep_ == "attr" and child.pos_ == "NOUN" and not _unique(child):
                # "an album from Depeche Mode", "a city in Peru": whose or where the class is
                out += [
                    _arg(obj, prep.lower_)
                    for prep in child.children
                    if prep.dep_ == "prep" and prep.lower_ in _CLASS_PREPS
                    for obj in prep.children
                    if obj.dep_ == "pobj"
                ]
            if _light_noun(predicate, child):
                # "has its head office in Toyota City": where is said of the noun
                out += [
                    _arg(obj, prep.lower_)
                    for prep in child.children
                    if prep.dep_ == "prep"
                    for obj in prep.children
                    if obj.dep_ == "pobj"
                ]
            if child.lower_ in _LIGHT_NOUNS:
                # "home to Harvard University": what it is home to is the value
                out += [
                    _part_as_member(_arg(obj, f"{child.lower_} {prep.lower_}"))
                    for prep in child.children
                    if prep.dep_ == "prep"
                    for obj in prep.children
                    if obj.dep_ == "pobj"
                ]
            bodies = _member_of_named(child)
            if bodies or (
                child.lower_ in ("member", "members", "part") and _light_value(out, child)
            ):
                # a member of a body: the body is the value, not the words of the noun
                out = [a for a in out if not (a.prep == "" and a.text == _span_of(child).text)]
            out += bodies
        elif child.dep_ == "prep":
            out += _prep_args(child)
        elif child.dep_ == "agent":
            for obj in child.children:
                if obj.dep_ == "pobj":
                    out.append(_arg(obj, "by"))
        elif child.dep_ == "npadvmod" or _how_often(predicate, child):
            out += _adverbial(child)
        elif child.lower_ == "aged":
            out += _aged(child)
        elif child.dep_ == "advmod" and _COMPASS_WORD.fullmatch(child.lower_):
            out += _bearing(child)
    where = _where_antecedent(predicate)
    if where is not None and not any(a.kind == "place" and a.prep for a in out):
        out.append(where)
    return out


def _light_value(args: Sequence[Arg], noun: Token) -> bool:
    """A light noun's value was read ("a member of NATO": NATO, "member of")."""
    return any(a.prep.startswith((f"{noun.lower_} ", "member ")) for a in args)


def _part_as_member(arg: Arg) -> Arg:
    """Part of a body is a member of it ("not part of the European Union"); part of a
    place is a part of it ("part of the Kingdom of Denmark")."""
    if arg.prep == "part of" and arg.kind == "org" and not places(arg.text):
        return replace(arg, prep="member of")
    return arg


def _member_of_named(noun: Token) -> list[Arg]:
    """ "a NATO member", "an EU member state": a member of the body its name says, as "a
    member of NATO" is."""
    member = noun if noun.lower_ in ("member", "members") else None
    if member is None and noun.lemma_.lower() in ("state", "country", "nation"):
        member = next((c for c in noun.children if c.lower_ == "member"), None)
    if member is None or any(c.dep_ == "prep" and c.lower_ == "of" for c in member.children):
        return []  # ("a member of NATO": read as a light noun's value)
    named = [c for c in member.children if c.dep_ == "compound" and c.pos_ == "PROPN"]
    if member is not noun:
        named += _objects_of(noun, "of")  # "a member state of the European Union"
    return [_arg(c, "member of") for c in named]


# a bearing from a place: "north of Oslo", "south-east of Lyon"
_COMPASS_WORD = re.compile(r"(?:north|south)?-?(?:east|west)?")
_BEARING = re.compile(r"^((?:north|south)?-?(?:east|west)?) of (.+)$")


def _bearing(word: Token) -> list[Arg]:
    """ "lies (40 km) north of Oslo": where, as a bearing from a named place."""
    if not word.lower_.strip("-"):
        return []
    named = [_span_of(o).text for o in _objects_of(word, "of") if o.pos_ == "PROPN"]
    said = [(f"{word.lower_} of {place}", f"{word.lower_} of {_fold(place)}") for place in named]
    return [Arg(text, "of", "place", key, True) for text, key in said[:1]]


def _bearing_outcome(mine: str, theirs: str) -> str | None:
    """Two bearings from one place: the same, opposite ("north of Oslo" / "south of
    Oslo": a conflict), or neither ("north" / "north-east"); None unless both are
    bearings from the same place."""
    a, b = _BEARING.match(mine), _BEARING.match(theirs)
    if a is None or b is None or a.group(2) != b.group(2):
        return None
    x, y = _points(a.group(1)), _points(b.group(1))
    if x == y:
        return "same"
    return "conflict" if any(_OPPOSITE[d] in y for d in x) else "unrelated"


_OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}


def _points(bearing: str) -> set[str]:
    """The compass points of a bearing ("south-east": south and east)."""
    return {p for p in _OPPOSITE if p in bearing}


def _aged(word: Token) -> list[Arg]:
    """ "died in 1880, aged 79" / "died aged 79": at the age of 79, as the claim would say
    it."""
    said = [f"the age of {c.text}" for c in word.children if c.like_num and c.dep_ != "prep"]
    return [Arg(a, "at", "time", _fold(a)) for a in said[:1]]


def _prep_args(prep: Token) -> list[Arg]:
    """The arguments a preposition on the predicate gives."""
    out: list[Arg] = []
    for obj in prep.children:
        if obj.dep_ != "pobj" or _whole_life(prep, obj):
            continue
        if prep.lower_ == "between" and _kind_of(obj)[0] == "time":
            # "built between 1928 and 1932": one span of time, not two dates
            span = obj.doc[obj.left_edge.i : obj.right_edge.i + 1]
            out.append(Arg(span.text, "between", "time", _fold(span.text)))
            continue
        out.append(_arg(obj, prep.lower_))
        # "in Paris, France" / "in 80 AD and 120 AD": the conjuncts too
        out += [_arg(c, prep.lower_) for c in obj.children if c.dep_ == "conj"]
    return out


_LIFE = frozenset({"career", "life", "lifetime"})


def _whole_life(prep: Token, obj: Token) -> bool:
    """ "Over his career", "during her lifetime": the span of the doer's own life, which
    dates nothing and which no source restates."""
    return (
        prep.lower_ in ("over", "during", "throughout", "in")
        and obj.lower_ in _LIFE
        and any(c.dep_ == "poss" and c.pos_ == "PRON" for c in obj.children)
    )


# how often an act was done, said in one word ("won the World Cup once", "twice")
_HOW_OFTEN = {"once": "1", "twice": "2", "thrice": "3"}


def _how_often(predicate: Token, adverb: Token) -> bool:
    """ "Twice", "thrice", and "once" after its verb: how often ("has won the World Cup
    once"); "once" before it says formerly ("once won", "was once the capital")."""
    if adverb.dep_ != "advmod" or adverb.lower_ not in _HOW_OFTEN:
        return False
    return adverb.lower_ != "once" or adverb.i > predicate.i


def _adverbial(noun: Token) -> list[Arg]:
    """A noun phrase said as an adverb: when ("last year"), or how often ("won the World
    Cup five times", compared with another count of it; "won it once", "twice")."""
    if noun.dep_ == "advmod" and noun.lower_ in _HOW_OFTEN:
        said = f"{_HOW_OFTEN[noun.lower_]} times"
        return [Arg(said, _TIMES, "number", _fold(said), False)]
    if noun.ent_type_ in ("DATE", "TIME"):
        return [_arg(noun, "in")]
    counted = [c for c in noun.children if c.dep_ == "nummod"]
    if noun.lower_ != _TIMES or not counted:
        return []
    said = f"{counted[0].text} times"
    return [Arg(said, _TIMES, "number", _fold(said), False)]


def _where_antecedent(predicate: Token) -> Arg | None:
    """The place a clause opened by "where" is set in: its antecedent ("exiled to the
    island of Saint Helena, where he died in 1821": he died on Saint Helena; "Warsaw,
    where she was born"). Only a place the entities or the gazetteer know ("the house
    where he died" says no town)."""
    if predicate.dep_ != "relcl" or not any(
        c.dep_ == "advmod" and c.lower_ == "where" for c in predicate.children
    ):
        return None
    head = predicate.head
    if head.pos_ not in ("PROPN", "NOUN"):
        return None
    arg = _arg(head, "in")
    return arg if arg.kind == "place" and arg.proper else None


def _holders(token: Token) -> list[Token]:
    """The token and its conjuncts ("the capital and largest city")."""
    return [token, *(c for c in token.conjuncts if c.pos_ in ("NOUN", "PROPN"))]


def _clause_records(predicate: Token, text: str) -> list[Record]:
    tense = _tense(predicate)
    records = [replace(r, tense=r.tense or tense) for r in _clause_records_of(predicate, text)]
    if _asserted(predicate):
        return records
    return [replace(r, asserted=False) for r in records]


def _tense(predicate: Token) -> str:
    """ "past" or "present" as the clause's verb or its auxiliary says; "" when neither
    does (a participle, an infinitive, a noun read as a verb)."""
    if predicate.pos_ not in ("VERB", "AUX"):
        return ""
    for token in (*(c for c in predicate.children if c.dep_ in ("aux", "auxpass")), predicate):
        if token.tag_ == "VBD":
            return "past"
        if token.tag_ in ("VBZ", "VBP"):
            return "present"
    return ""


def _clause_records_of(predicate: Token, text: str) -> list[Record]:
    if any(c.dep_ == "mark" and c.lower_ == "than" for c in predicate.children):
        return []  # "than Mars is": the comparison's other side (:func:`_compared_with`)
    subject = _noun_verb_subject(predicate) if predicate.pos_ == "NOUN" else _subject_of(predicate)
    subject = _made_thing(subject)
    negated = _negated(predicate)
    if predicate.lemma_ == "be" or (
        predicate.lemma_ == "remain" and predicate.tag_ in ("VBZ", "VBP")
    ):
        # "Sucre remains the constitutional capital": is, still
        return _copula_records(predicate, subject, negated, text)
    compared = _verb_comparison(predicate, subject, negated, text)
    if compared is not None:
        return [compared]
    aliases = _alias_records(predicate, subject, negated, text)
    if aliases:
        return aliases
    relation, args = _verb_relation(predicate)
    if not any(a.kind == "time" for a in args):
        args += _stray_time(predicate)
    out = [_record(subject, relation, args, negated, False, False, text)]
    if subject is not None and (subject.dep_ == "nsubjpass" or _passive_participle(predicate)):
        out[0] = _made_named(replace(out[0], patient=True), subject)
    # the same statement said another way (one statement of the clause, not another)
    said = [*_done_under(predicate, subject, negated, text)]
    said += _joined(predicate, subject, negated, text)
    said += _placed_role(predicate, subject, negated, text)
    if predicate.lemma_ == "go" and subject is not None and subject.lemma_.lower() in _AWARDS:
        said += _award_went_to(predicate, subject, negated, text)
    if predicate.lemma_ in _SERVE_AS and predicate.tag_ in ("VBZ", "VBP"):
        # "Ljubljana serves as Slovenia's capital": the role, as "is" would say it (not
        # "Lagos served as Nigeria's capital": a role it held)
        said += [
            _record(subject, _role_name(noun), _role_args(noun), negated, True, True, text)
            for obj in _objects_of(predicate, "as")
            for noun in _holders(obj)
            if noun.pos_ == "NOUN" and _unique(noun)
        ]
    said += _took_numbered_role(predicate, subject, negated, text)
    said += _orbited_by(predicate, subject, args, negated, text)
    said += _replaced_as(predicate, negated, text)
    said += _moved_from(predicate, subject, negated, text)
    said += _used_as(predicate, subject, negated, text)
    said += _symbol_of(predicate, subject, negated, text)
    out += [replace(r, statement=_RESTATED, restated=True) for r in said]
    if (
        (relation in AGENTIVE or relation == "release")
        and subject is not None
        and subject.dep_ == "nsubj"
    ):
        # "Pasteur discovered penicillin" restated as "penicillin was discovered by
        # Pasteur", the form a source uses as often: the made thing is the subject
        agents = [_arg(s, "by") for s in _holders(subject)]  # "Lewis and Clark led it"
        rest = [a for a in args if a.prep]
        for obj in (c for c in predicate.children if c.dep_ == "dobj"):
            for made, name in map(_object_made, _holders(obj)):
                restated = _record(made, relation, [*agents, *rest], negated, False, False, text)
                if name is not None:
                    restated = replace(restated, subject=_fold(name), subject_text=name)
                out.append(replace(restated, statement=_RESTATED, restated=True, patient=True))
    out += _event_restated(predicate, subject, relation, args, negated, text)
    return out


def _event_restated(
    predicate: Token,
    subject: Token | None,
    relation: str,
    args: Sequence[Arg],
    negated: bool,
    text: str,
) -> list[Record]:
    """An event said of its host or its winner, restated with the event as the subject, the
    form a source uses as often: "Tokyo hosted the 2020 Summer Olympics" (the Olympics
    were held in Tokyo), "Brazil won the 2002 FIFA World Cup" (the 2002 World Cup was won
    by Brazil)."""
    if subject is None or subject.dep_ != "nsubj" or relation not in ("hold", "award"):
        return []
    prep = "in" if relation == "hold" else "by"
    doers = [_arg(s, prep) for s in _holders(subject)]
    if relation == "hold":
        # (a host the tagger took for a thing is the place the gazetteer knows)
        doers = [replace(d, kind="place") if places(d.text) else d for d in doers]
    if relation == "hold" and (
        predicate.lemma_.lower() not in ("host", "stage")
        or not all(d.kind == "place" and d.proper for d in doers)
    ):
        return []  # "the club held a vote", "Bolt holds the record": no host
    rest = [a for a in args if a.prep]
    out = []
    for obj in (c for c in predicate.children if c.dep_ == "dobj"):
        event = _arg(obj, "")
        if not (event.proper or _written_as_name(event.text)) or not (
            one_winner(event.key) if relation == "award" else _EDITION.search(event.key)
        ):
            continue
        said = _record(obj, relation, [*doers, *rest], negated, False, False, text)
        out.append(replace(said, statement=_RESTATED, restated=True, patient=True))
    return out


# an edition of a contest with one winner: "the 2014 FIFA World Cup", "Super Bowl LII",
# "the 2019 British Grand Prix" (not a prize, which may be shared; not "the French Open"
# or "Wimbledon", whose editions hold many events, men's and women's)
_ONE_WINNER = re.compile(r"(?:\bcup|\bbowl(?: [ivxlc]+)?|\bgrand prix|\bworld series)$")
_EDITION = re.compile(r"\b(?:1[89]|20)\d\d\b|\bfirst\b|\bbowl [ivxlc]+$")


def one_winner(event: str) -> bool:
    """A named edition of a contest only one side wins (folded words)."""
    return bool(_ONE_WINNER.search(event) and _EDITION.search(event))


def _made_named(record: Record, made: Token) -> Record:
    """A work said with its maker's possessive, as the subject of its making ("Van Gogh's
    The Starry Night, painted in June 1889"): the work, made by the possessor (the
    possessor of a work published is its author, not its publisher)."""
    if record.relation not in _PUBLISHING:
        return record
    name = _without_maker(made)
    if name is None:
        return record
    said = replace(record, subject=_fold(name), subject_text=name)
    owner = [c for c in made.children if c.dep_ == "poss"][-1]
    if record.relation in _MAKING and not any(a.prep == "by" for a in record.args):
        said = replace(said, args=(*said.args, _arg(owner, "by")))
    return said


def _object_made(noun: Token) -> tuple[Token, str | None]:
    """The thing an object names as made, and its name where the parse's phrase is not
    it: the name beside a description ("the bacteriologist Alexander Fleming"), a title
    after a work's noun ("wrote the novel Beloved", the title read as a clause of its own;
    "the novel Things Fall Apart"), a work without its maker's possessive."""
    noun = _named_by_apposition(noun)
    titled = _title_after(noun) if noun.lower_ in _WORKS else None
    if titled is not None and titled.head.i != noun.i:
        noun = titled
    return noun, _title_entity_after(noun) or _without_maker(noun)


def _title_entity_after(noun: Token) -> str | None:
    """A title of common words right after a work's noun ("wrote the novel Things Fall
    Apart", not a run of proper nouns for :func:`_title_after`): the name the tagger finds
    starting at the next word."""
    if noun.pos_ != "NOUN" or noun.lemma_.lower() not in _WORKS:
        return None
    after = noun.i + 1
    for ent in noun.doc.ents:
        if (
            ent.start == after
            and ent.label_ in ("WORK_OF_ART", "ORG", "PERSON", "PRODUCT")
            and all(t.text[:1].isupper() for t in ent if t.is_alpha)
        ):
            return ent.text
    return None


def _without_maker(made: Token) -> str | None:
    """The name of a made thing named with its maker's possessive ("Heinemann published
    Chinua Achebe's Things Fall Apart": "Things Fall Apart"; its maker is no part of its
    name, :func:`_maker_of` reads the maker), or None."""
    owners = [
        c
        for c in made.children
        if c.dep_ == "poss" and c.pos_ == "PROPN" and c.ent_type_ in ("PERSON", "ORG", "")
    ]
    if made.pos_ != "PROPN" or not owners:
        return None
    rest = made.doc[owners[-1].right_edge.i + 1 : _span_of(made).end]
    return rest.text if any(t.is_alpha and t.lower_ != "the" for t in rest) else None


# nouns whose "of" says a relation of their holder: a native of a place was born there, a
# subsidiary of a company is owned by it
_NOUN_ACTS: dict[str, tuple[str, str, ArgKind | None]] = {
    "native": ("born", "in", "place"),
    "subsidiary": ("own", "by", None),
}


def _act_of_noun(holder: Token | None, noun: Token, negated: bool, text: str) -> list[Record]:
    """ "Olaf Lund, a native of Bergen" (born in Bergen), "Brightwave is a subsidiary of
    Siemens" (owned by Siemens): the relation the noun says, as its verb would."""
    said = _NOUN_ACTS.get(noun.lemma_.lower())
    if holder is None or said is None:
        return []
    relation, prep, kind = said
    out = []
    for obj in _objects_of(noun, "of"):
        arg = _arg(obj, prep)
        if kind is not None:
            arg = replace(arg, kind=kind)  # (one is a native of a place)
        record = _record(holder, _relation_key(relation), [arg], negated, False, False, text)
        out.append(replace(record, patient=True))
    return out


def _objects_of(token: Token, word: str) -> list[Token]:
    """The objects of ``token``'s preposition ``word`` ("member" -> "of" -> the EU)."""
    return [
        o
        for prep in token.children
        if prep.dep_ == "prep" and prep.lower_ == word
        for o in prep.children
        if o.dep_ == "pobj"
    ]


# "under the direction of X": directed by X
_UNDER = {
    "direction": "direct",
    "leadership": "lead",
    "command": "command",
    "supervision": "supervise",
    "guidance": "guide",
}


def _done_under(predicate: Token, subject: Token | None, negated: bool, text: str) -> list[Record]:
    """ "Seven Samurai was made under the direction of Akira Kurosawa": Seven Samurai was
    directed by Kurosawa (said of the clause's subject, as a passive with its agent)."""
    if subject is None:
        return []
    out = []
    for noun in _objects_of(predicate, "under"):
        verb = _UNDER.get(noun.lemma_.lower())
        agents = [_arg(_named_by_apposition(o), "by") for o in _objects_of(noun, "of")]
        if verb is not None and agents:
            record = _record(subject, _relation_key(verb), agents, negated, False, False, text)
            out.append(replace(record, patient=True))
    return out


def _joined(predicate: Token, subject: Token | None, negated: bool, text: str) -> list[Record]:
    """ "Croatia became a member of the European Union in 2013", "Rwanda was admitted as
    the 54th member of the Commonwealth": each joined it."""
    if subject is None or predicate.lemma_ not in ("become", "admit", "accept"):
        return []
    if predicate.lemma_ == "become":
        members = [c for c in predicate.children if c.dep_ in ("attr", "acomp", "oprd")]
    else:
        members = _objects_of(predicate, "as")
    bodies = [
        _arg(o, "")
        for member in members
        if member.lemma_.lower() == "member"
        for o in _objects_of(member, "of")
    ]
    if not bodies:
        return []
    times = [a for a in _args(predicate) if a.kind == "time"]
    return [
        _record(subject, _relation_key("join"), [body, *times], negated, False, False, text)
        for body in bodies
    ]


# what "went to" someone: they won or received it
_AWARDS = frozenset(
    {"prize", "award", "medal", "trophy", "title", "honour", "honor", "cup", "championship"}
)


def _award_went_to(predicate: Token, prize: Token, negated: bool, text: str) -> list[Record]:
    """ "The 1988 Nobel Prize in Literature went to Naguib Mahfouz": Mahfouz received the
    Nobel Prize in 1988 (the prize's year a time of its own)."""
    span = _span_of(prize)
    years = [t for t in span if t.like_num and _YEAR.fullmatch(t.text)]
    words = " ".join(t.text for t in span if t not in years and t.dep_ != "det")
    kind, proper = _kind_of(prize)
    args = [Arg(words, "", kind, _fold(words), proper)]
    args += [Arg(t.text, "in", "time", t.text, True) for t in years]
    args += [a for a in _args(predicate) if a.kind == "time"]
    return [
        _record(holder, _relation_key("receive"), args, negated, False, False, text)
        for obj in _objects_of(predicate, "to")
        for holder in map(_named_by_apposition, _holders(obj))
        if holder.pos_ == "PROPN"
    ]


# verbs whose "as" phrase names what the subject is ("serves as the capital")
_SERVE_AS = frozenset({"serve", "act", "function"})
# verbs of standing that compare as "is" does: "stands taller than", "rises higher than"
_STANDING = frozenset({"stand", "rise", "tower", "reach"})
# acts by which someone takes a role: "took office as", "was sworn in as", "was elected as"
_TAKING_ROLE = frozenset(
    {"serve", "take", "inaugurate", "swear", "elect", "appoint", "install", "crown"}
)
_NUMBERED_ROLE = re.compile(
    r"^(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))\b"
)
# titles that open with "first": a role held for a time, not a place in a series
_FIRST_TITLE = re.compile(r"^first (?:lady|gentleman|minister|secretary|lord|officer|mate)\b")


def numbered_role(role: str) -> bool:
    """ "first prime minister", "40th president", "third person to walk on the Moon": a
    place in a series, held for good (whoever held it holds it in any tense); not a title
    that opens with "first" ("first lady", "first minister")."""
    return bool(_NUMBERED_ROLE.match(role)) and not _FIRST_TITLE.match(role)


def _orbited_by(
    predicate: Token, subject: Token | None, args: Sequence[Arg], negated: bool, text: str
) -> list[Record]:
    """ "Mars is orbited by two small moons": Mars has two moons (a count, compared as
    "has" is)."""
    if predicate.lemma_ not in ("orbit", "circle") or subject is None:
        return []
    if subject.dep_ != "nsubjpass":
        return []
    counted = [a for a in args if a.prep == "by" and a.kind == "number"]
    if len(counted) != 1:
        return []
    # the count and what it counts ("two small, irregularly shaped moons": two moons)
    words = counted[0].text.replace(",", " ").split()
    said = f"{words[0]} {words[-1]}"
    count = Arg(said, "", "number", _fold(said), True)
    return [_record(subject, "have", [count], negated, False, False, text)]


_REPLACING = frozenset({"replace", "succeed", "supplant", "supersede"})


def _replaced_as(predicate: Token, negated: bool, text: str) -> list[Record]:
    """ "Abuja replaced Lagos as Nigeria's capital in 1991": Lagos is not the capital now
    (of the one replaced only: the one that replaced it may have been replaced since, as
    Rio de Janeiro, which replaced Salvador in 1763, was by Brasilia)."""
    if predicate.lemma_ not in _REPLACING or negated:
        return []
    out = []
    for old in (c for c in predicate.children if c.dep_ == "dobj" and c.pos_ == "PROPN"):
        for obj in _objects_of(predicate, "as"):
            for noun in _holders(obj):
                if noun.pos_ == "NOUN" and _unique(noun):
                    role = _record(old, _role_name(noun), _role_args(noun), True, True, True, text)
                    out.append(replace(role, tense="present"))
    return out


def _holder_arg(subject: Token, proper: bool = True) -> Arg:
    """The subject as whose role another thing holds ("of Switzerland")."""
    said = _span_of(subject).text
    return Arg(said, "of", _kind_of(subject)[0], _fold(said), proper)


# a symbol: one to three letters, the first a capital ("Na", "W", "K")
_SYMBOL = re.compile(r"[A-Z][a-z]{0,2}")


def _symbol_of(predicate: Token, subject: Token | None, negated: bool, text: str) -> list[Record]:
    """ "Sodium has the symbol Na", "has the chemical symbol K", "an element with the
    symbol W": the symbol of the clause's subject, as "the symbol for sodium is Na" says
    it."""
    if subject is None:
        return []
    out = []
    for token in predicate.subtree:
        if token.lemma_.lower() != "symbol" or token.i < predicate.i:
            continue
        named = [c for c in token.children if c.dep_ == "appos"]
        if token.dep_ == "compound":
            named.append(token.head)  # "the symbol W": the parse makes "symbol" W's noun
        for value in named:
            if _SYMBOL.fullmatch(value.text) is None:
                continue
            of = _holder_arg(subject, proper=subject.pos_ == "PROPN")
            record = _record(value, "symbol", [of], negated, True, True, text)
            # (the symbol alone: the parse may make "symbol" a word of its name)
            out.append(
                replace(
                    record,
                    subject=_fold(value.text),
                    subject_text=value.text,
                    subject_proper=True,
                )
            )
    return out


_USING = frozenset({"use", "adopt", "keep", "retain"})


def _used_as(predicate: Token, subject: Token | None, negated: bool, text: str) -> list[Record]:
    """ "Switzerland uses the euro as its official currency": the euro holds the role of
    its own ("its", "their") one-per-holder noun, of the subject ("the currency of
    Switzerland is the euro"), as the present tense says it."""
    if predicate.lemma_ not in _USING or subject is None or predicate.tag_ not in ("VBZ", "VBP"):
        return []
    holder = _holder_arg(subject)
    return [
        _record(used, _role_name(role), [holder], negated, True, True, text)
        for used in predicate.children
        if used.dep_ == "dobj"
        for role in _objects_of(predicate, "as")
        if role.lemma_.lower() in _ONE_PER_HOLDER
        and any(c.dep_ == "poss" and c.lower_ in ("its", "their") for c in role.children)
    ]


_MOVING = frozenset({"move", "transfer", "relocate", "shift"})


def _moved_from(predicate: Token, subject: Token | None, negated: bool, text: str) -> list[Record]:
    """ "In 1960 Brazil transferred its capital from Rio de Janeiro to Brasília": Rio de
    Janeiro is not Brazil's capital now (of the one it left only, as with "replaced": the
    one it went to may have been left since). Only a one-per-holder role ("its capital",
    "its headquarters") moved by its holder."""
    if predicate.lemma_ not in _MOVING or negated or subject is None:
        return []
    out = []
    for moved in (c for c in predicate.children if c.dep_ == "dobj"):
        if moved.lemma_.lower() not in _ONE_PER_HOLDER or not any(
            c.dep_ == "poss" and c.lower_ in ("its", "their") for c in moved.children
        ):
            continue
        holder = _holder_arg(subject)
        # (the small model hangs "from" on the verb or on the noun moved)
        for old in [*_objects_of(predicate, "from"), *_objects_of(moved, "from")]:
            if old.pos_ != "PROPN":
                continue
            role = _record(old, _role_name(moved), [holder], True, True, True, text)
            out.append(replace(role, tense="present"))
    return out


def _took_numbered_role(
    predicate: Token, subject: Token | None, negated: bool, text: str
) -> list[Record]:
    """ "Nehru took office as India's first prime minister", "Ardern served as the 40th
    prime minister", "Havel was elected as the first president", "Armstrong became the
    first human to set foot on the Moon": the role, as "was" would say it. Only a numbered role, which is held for good ("the first president" in
    any tense); "Lagos served as the capital" is a role held once, not now. "Took" only
    with "office"."""
    if predicate.lemma_ == "become":
        # "Armstrong became the first human to set foot on the lunar surface"
        taken = [c for c in predicate.children if c.dep_ in ("attr", "oprd", "dobj")]
    elif predicate.lemma_ in _TAKING_ROLE and (
        predicate.lemma_ != "take"
        or any(c.dep_ == "dobj" and c.lower_ == "office" for c in predicate.children)
    ):
        taken = _objects_of(predicate, "as")
    else:
        return []
    out = []
    for obj in taken:
        for noun in _holders(obj):
            if noun.pos_ != "NOUN" or not _unique(noun):
                continue
            role = _role_name(noun)
            if numbered_role(role):
                out.append(_record(subject, role, _role_args(noun), negated, True, True, text))
    return out


# taking up a role, as "became" says it: "was sworn in as president", "was inaugurated as
# president", "took office as president", "was installed as bishop" (not "was elected":
# an election comes weeks or months before the term)
_TAKING_UP = frozenset({"swear", "inaugurate", "install", "take"})


def _role_taken(verb: Token, args: list[Arg]) -> list[Arg] | None:
    """The arguments of a role taken up, the role as "became" holds it ("sworn in as South
    Africa's president in May 1994": became South Africa's president in May 1994); None
    for any other verb."""
    lemma = verb.lemma_.lower()
    if lemma not in _TAKING_UP or not any(a.prep == "as" for a in args):
        return None
    if lemma == "take" and not any(a.prep == "" and a.key == "office" for a in args):
        return None
    return [
        replace(a, prep="") if a.prep == "as" else a
        for a in args
        if not (a.prep == "" and a.key == "office")
    ]


def _stray_time(predicate: Token) -> list[Arg]:
    """A date the small model hangs on a noun of the clause instead of its verb ("died at
    his home, Gad's Hill Place, on 9 June 1870"): the one date under "on" or "in" in the
    clause, outside its own clauses."""
    found: list[Token] = []
    todo = [c for c in predicate.children if c.dep_ not in _PREDICATE_DEPS]
    while todo:
        token = todo.pop()
        if (
            token.dep_ == "pobj"
            and token.ent_type_ == "DATE"
            and token.head.lower_ in ("on", "in")
            and token.head.head.i != predicate.i
        ):
            found.append(token)
        todo += [c for c in token.children if c.dep_ not in _PREDICATE_DEPS]
    return [_arg(found[0], "in")] if len(found) == 1 else []


_INDEPENDENCE = "independence"
# a light verb and the noun that says its relation: "came to an end" is "ended", "took
# place" is "occurred", "set foot on" is "walked on"
_LIGHT_VERBS: dict[tuple[str, str], str] = {
    ("come", "end"): "end",
    ("come", "close"): "end",
    ("draw", "close"): "end",
    ("take", "place"): "occur",
    ("set", "foot"): "walk",
    # a country's independence, gained (not declared: a declaration may come years
    # before the independence it claims); a country may gain it more than once
    ("gain", "independence"): _INDEPENDENCE,
    ("win", "independence"): _INDEPENDENCE,
    ("achieve", "independence"): _INDEPENDENCE,
    ("obtain", "independence"): _INDEPENDENCE,
    # a company's one head office ("has offices in" says nothing of the head one)
    ("have", "headquarters"): "headquarter",
    ("have", "head office"): "headquarter",
    ("have", "main office"): "headquarter",
}


def _light_noun(predicate: Token, noun: Token) -> bool:
    """Whether a verb's object is the noun of a light verb ("has its head office")."""
    words = [
        t.lower_ for t in noun.subtree if t.i <= noun.i and t.dep_ != "poss" and t.pos_ != "DET"
    ]
    lemma = predicate.lemma_.lower()
    return (lemma, " ".join(words[-2:])) in _LIGHT_VERBS or (lemma, noun.lower_) in _LIGHT_VERBS


# verbs with a particle the relations table has no phrase for
_PARTICLE_VERBS: dict[tuple[str, str], str] = {
    ("go", "down"): "sink",
    ("come", "together"): "form",
    ("bring", "out"): "publish",  # a book brought out
    ("come", "out"): "release",  # a film, a record or a book that came out
}


def _with_particle(predicate: Token) -> str | None:
    """The relation of a verb and its particle ("set up" is founding, "passed away"
    dying, "went down" sinking), if the pair says one."""
    for prt in (c for c in predicate.children if c.dep_ in ("prt", "advmod")):
        pair = (predicate.lemma_.lower(), prt.lower_)
        if pair in _PARTICLE_VERBS:
            return _PARTICLE_VERBS[pair]
        said = phrase_relations([stem(pair[0]), stem(pair[1])])[0]
        if said is not None:
            return said
    return None


def _light_verb(predicate: Token, args: list[Arg]) -> tuple[str, list[Arg]] | None:
    """The relation a light verb's noun says, and the arguments without that noun."""
    lemma = predicate.lemma_.lower()
    for i, arg in enumerate(args):
        if arg.prep not in ("", "to") or arg.kind != "thing":
            continue
        words = arg.key.split()
        relation = _LIGHT_VERBS.get((lemma, " ".join(words[-2:]))) or _LIGHT_VERBS.get(
            (lemma, words[-1] if words else "")
        )
        if relation is not None:
            return relation, args[:i] + args[i + 1 :]
    return None


# nouns of making whose "of" names the made thing: "construction of the tower was
# completed in 1889" says the tower was completed in 1889
_MAKING_NOUNS = frozenset({"construction", "building", "completion", "erection"})


def _made_thing(subject: Token | None) -> Token | None:
    """The thing a making noun's "of" names, as the subject ("the construction of the
    tower" -> "the tower"); other subjects as they are."""
    if subject is None or subject.lemma_.lower() not in _MAKING_NOUNS:
        return subject
    for prep in subject.children:
        if prep.dep_ == "prep" and prep.lower_ == "of":
            for obj in prep.children:
                if obj.dep_ == "pobj":
                    return obj
    return subject


def _record(
    subject: Token | None,
    relation: str,
    args: list[Arg],
    negated: bool,
    unique: bool,
    role: bool,
    text: str,
) -> Record:
    # ("100 °C": the scale the parse also reads as a noun of its own is the quantity's)
    args = [
        a
        for a in args
        if a.key not in _TEMPERATURE_UNITS
        or not any(b is not a and b.kind == "number" and b.text.endswith(a.text) for b in args)
    ]
    if subject is None:
        return Record("", "", relation, tuple(args), negated, unique, role, text=text)
    subject = _named_of_class(subject)
    span = _span_of(subject)
    kind, proper = _kind_of(subject)
    if kind == "thing" and any(t.ent_type_ in _ENT_KIND for t in span):
        proper = True
    if subject.pos_ == "ADJ" and subject.is_title and not subject.is_sent_start:
        proper = True  # "The official language of Brazil is Spanish": a language's name
    if span[0].lower_ in ("a", "an"):
        proper = False  # "an American politician who served as ...": a description
    return Record(
        _fold(span.text),
        span.text,
        relation,
        tuple(args),
        negated,
        unique,
        role,
        kind,
        proper,
        text=text,
    )


# a kind of place or building that names its one instance after "of": "the city of
# Granada", "the island of Elba", "the temple complex of Angkor Wat" (not "the state of
# Georgia", which tells the US state from the country of that name)
_CLASS_OF_NAME = frozenset(
    {
        "city",
        "town",
        "village",
        "island",
        "isle",
        "complex",
        "temple",
        "palace",
        "castle",
        "fortress",
        "monastery",
    }
)


def _named_of_class(noun: Token) -> Token:
    """ "The city of Granada" is Granada: a kind of place named by its one instance after
    "of" stands for the name (not "the capital of Spain", a role; not "the people of
    Granada")."""
    if noun.pos_ != "NOUN" or noun.lower_ not in _CLASS_OF_NAME:
        return noun
    named = [
        obj
        for prep in noun.children
        if prep.dep_ == "prep" and prep.lower_ == "of"
        for obj in prep.children
        if obj.dep_ == "pobj" and obj.pos_ == "PROPN"
    ]
    return named[0] if len(named) == 1 else noun


ALIAS = "alias"  # "X, also known as Y": one thing, two names (said both ways)


def _alias_records(
    predicate: Token, subject: Token | None, negated: bool, text: str
) -> list[Record]:
    """ "Quicksand, also known as sinking sand," / "The Moon is called Luna": the thing
    and its other name, as two records of one statement (X alias Y, Y alias X)."""
    if predicate.lemma_ not in ("know", "call"):
        return []
    if subject is None and predicate.dep_ == "acl":
        subject = predicate.head
    passive = predicate.dep_ == "acl" or any(c.dep_ == "auxpass" for c in predicate.children)
    if subject is None or not passive:
        return []
    if predicate.lemma_ == "know":
        named = [
            o
            for c in predicate.children
            if c.dep_ == "prep" and c.lower_ == "as"
            for o in c.children
            if o.dep_ in ("pobj", "pcomp")
        ]
    else:
        named = [c for c in predicate.children if c.dep_ == "oprd"]
    if not named:
        return []
    other = predicate.doc[named[0].left_edge.i : named[0].right_edge.i + 1]
    thing = _span_of(subject)
    out = []
    for a, b, proper in ((thing, other, subject.pos_ == "PROPN"), (other, thing, False)):
        arg = Arg(b.text, "", "thing", _fold(b.text), b.root.pos_ == "PROPN")
        out.append(
            Record(_fold(a.text), a.text, ALIAS, (arg,), negated, subject_proper=proper, text=text)
        )
    return [out[0], replace(out[1], statement=_RESTATED, restated=True)]


COMPARED = "than"  # a comparison's relation: "than:<adjective>:<+ more | - less>"
RANKED = "ranked"  # a comparison read from a rank said after another's (_after_the_first)


def _comparison(predicate: Token, subject: Token | None, negated: bool, text: str) -> Record | None:
    """ "Mercury is smaller than Mars", "Lead is less dense than aluminium": the subject,
    the adjective (its lemma), which way ("more"/"-er" or "less") and what it is compared
    with."""
    if subject is None:
        return None
    moving = predicate.lemma_ in _STANDING or predicate.lemma_ in _BY_ADVERB
    # ("orbits farther from the Sun": the adverb may hang on the verb's preposition)
    adverbs = [c for p in predicate.children if p.dep_ == "prep" for c in p.children]
    # ("denser" is often parsed as an attribute, "smaller" as a complement)
    for adj in [*predicate.children, *(adverbs if moving else [])]:
        if not (
            (adj.dep_ in ("acomp", "attr") and adj.pos_ == "ADJ")
            # "rises higher than": the comparative read as an adverb
            or (adj.dep_ == "advmod" and _comparative(adj) and moving)
        ):
            continue
        degree = [c for c in adj.children if c.dep_ == "advmod" and c.lower_ in ("more", "less")]
        if not _comparative(adj) and not degree:
            continue
        if adj.lower_ in _NO_MEASURE:
            continue  # "is more than a city", "is rather than"
        way = "-" if degree and degree[0].lower_ == "less" else "+"
        than = _compared_with(adj, degree) or _compared_with(predicate)
        if than:
            if way == "+" and not negated and any(c.lower_ == "no" for c in subject.children):
                # "No island on Earth is bigger than Greenland": the biggest island on Earth
                return _none_more(subject, adj, degree, than[0], text)
            if way == "+" and not negated and _any_other(than[0]):
                # "Lake Baikal is deeper than any other lake on Earth": the deepest lake
                return _none_more(than[0], adj, degree, subject, text)
            relation = f"{COMPARED}:{adj.lemma_.lower()}:{way}"
            return _record(subject, relation, [_arg(than[0], "than")], negated, False, False, text)
    return None


def _comparative(word: Token) -> bool:
    """A comparative adjective or adverb ("denser", "higher"; "farther", which the tagger
    may call a plain adverb)."""
    return word.tag_ in ("JJR", "RBR") or word.lower_ in ("farther", "further", "nearer")


# comparatives that measure nothing themselves ("more than a city", "other than")
_NO_MEASURE = frozenset({"more", "less", "rather", "other", "else", "fewer", "later", "earlier"})


def _compared_with(adj: Token, degree: Sequence[Token] = ()) -> list[Token]:
    """What a comparative compares its subject with: the object of its "than" ("than
    Mars"), also when a phrase stands between ("smaller in area than the Atlantic",
    "hotter on average than Venus"), or the subject of a "than" clause ("than Mars is",
    "than Mars does")."""
    out: list[Token] = []
    for holder in (adj, *degree):
        for token in holder.subtree:
            if token.lower_ != "than" or token.i < adj.i:
                continue
            if token.dep_ == "prep":
                out += [o for o in token.children if o.dep_ == "pobj"]
            elif token.dep_ == "mark" and token.head.pos_ in ("AUX", "VERB"):
                # "than Mars is": the clause's subject, when the clause says no more
                clause = token.head
                if clause.lemma_ in ("be", "do") and not any(
                    c.dep_ in ("dobj", "attr", "acomp", "prep") for c in clause.children
                ):
                    out += [c for c in clause.children if c.dep_ == "nsubj"]
            if out:
                return out
    return out


# a measure's noun -> the adjective that compares it ("a larger population": more populous)
_MEASURE_NOUNS = {
    "population": "populous",
    "inhabitant": "populous",
    "resident": "populous",
    "people": "populous",
    "mass": "massive",
    "weight": "heavy",
    "density": "dense",
    "height": "high",
    "elevation": "high",
    "altitude": "high",
    "depth": "deep",
    "length": "long",
    "speed": "fast",
    "temperature": "hot",
    "diameter": "wide",
    "width": "wide",
}
# a point named by what happens there: "a higher melting point" (the measure "melting point")
_POINTS_OF = frozenset({"melting", "boiling", "freezing"})


def _measure_of(noun: Token) -> str | None:
    """The measure a noun names, as comparisons name it: "population" is "populous",
    "melting point" is itself."""
    lemma = noun.lemma_.lower()
    if lemma == "point":
        kind = [c.lower_ for c in noun.children if c.lower_ in _POINTS_OF]
        return f"{kind[0]} point" if kind else None
    return _MEASURE_NOUNS.get(lemma)


# how a comparative says more or less of a measure ("a larger population", "less mass")
_MORE = frozenset({"larger", "bigger", "greater", "higher", "more"})
_LESS_OF = frozenset({"smaller", "lower", "less", "fewer"})


# verbs whose comparative adverb compares their subjects as "is" would: "Venus orbits
# farther from the Sun than Mars does", "is farther from the Sun than"
_BY_ADVERB = frozenset({"be", "orbit", "lie", "sit", "run", "travel", "move", "flow", "live"})


def _verb_comparison(
    predicate: Token, subject: Token | None, negated: bool, text: str
) -> Record | None:
    """A comparison a verb other than "is" says: "No land animal stands taller than the
    giraffe" (a verb of standing, as "is" says it), "Venus orbits farther from the Sun than
    Mars does" (a verb of moving or lying, with its comparative adverb), "Portugal has a
    larger population than Spain" (a measure had)."""
    if predicate.lemma_ in _STANDING or predicate.lemma_ in _BY_ADVERB:
        compared = _comparison(predicate, subject, negated, text)
        if compared is not None:
            return compared
    return _measure_comparison(predicate, subject, negated, text)


def _measure_comparison(
    predicate: Token, subject: Token | None, negated: bool, text: str
) -> Record | None:
    """ "Portugal has a larger population than Spain", "Jupiter has less mass than Earth",
    "Rome has more inhabitants than Milan": the subject is more (or less) of the adjective
    that compares the measure (populous, massive), as "X is more populous than Y" says."""
    if subject is None or predicate.lemma_ not in ("have", "hold"):
        return None
    for noun in predicate.children:
        measure = _measure_of(noun) if noun.dep_ == "dobj" else None
        if measure is None:
            continue
        degree = [c for c in noun.children if c.dep_ == "amod" and c.lower_ in _MORE | _LESS_OF]
        if len(degree) != 1:
            continue
        than = _objects_of(noun, "than")
        if not than:
            continue
        way = "+" if degree[0].lower_ in _MORE else "-"
        relation = f"{COMPARED}:{measure}:{way}"
        return _record(subject, relation, [_arg(than[0], "than")], negated, False, False, text)
    return None


# what rises in a place without standing there: a river (its source), a sun, a price
_RISING = frozenset({"river", "stream", "creek", "brook", "sun", "moon", "tide", "price"})


def _stands_in(relation: str, args: Sequence[Arg], verb: Token) -> bool:
    """ "Kilimanjaro rises in Tanzania", "the basilica rises over the Eixample", "the
    Atacama stretches along the coast of northern Chile": a thing standing in a place, said
    by a verb of height or length with no measure, is located there (a river rises where
    its source is)."""
    if relation not in ("high", "long") or not args:
        return False
    if any(a.kind in ("number", "time") for a in args):
        return False
    preps = ("in", "over", "above", "within") if relation == "high" else ("along", "across")
    if not any(a.kind == "place" and a.prep in preps for a in args):
        return False
    subject = _subject_of(verb)
    return subject is None or not any(t.lemma_.lower() in _RISING for t in subject.subtree)


def _any_other(noun: Token) -> bool:
    """ "any other lake", "any other nation": every other one of the kind."""
    return any(c.lower_ == "any" for c in noun.children) and any(
        c.lower_ == "other" for c in noun.children
    )


def _none_more(noun: Token, adj: Token, degree: list[Token], than: Token, text: str) -> Record:
    """ "No N is ADJ-er than X" (or "as ADJ as X"), "X is ADJ-er than any other N": X
    holds the role "the ADJ-est N" (its scope, N's)."""
    lemma = _positive(adj)
    if degree:
        word = f"most {lemma}"
    elif adj.tag_ in ("JJR", "RBR") or _syllables(lemma) == 1 or lemma.endswith("y"):
        word = _superlative(lemma)
    else:
        word = f"most {lemma}"  # "as extensive as": the most extensive
    # ("No Japanese mountain": the demonym is the scope, in Japan)
    scope = {c.i for c in _demonym_scope(noun, superlative=True)}
    mods = [
        "".join(t.text_with_ws for t in c.subtree).strip().lower()
        for c in noun.children
        if c.dep_ in ("amod", "compound", "nmod")
        and c.lower_ not in ("other", "single")
        and c.i not in scope
    ]
    head = _SAME_HOLDER.get(noun.lemma_.lower(), noun.lemma_.lower())
    name = " ".join([_SAME_SUPERLATIVE.get(word, word), *mods, head])
    return _record(than, name, _role_args(noun, superlative=True), False, True, True, text)


def _positive(adj: Token) -> str:
    """An adjective's plain form ("higher" read as an adverb keeps its "-er": "high")."""
    lemma = adj.lemma_.lower()
    if adj.tag_ in ("JJR", "RBR") and lemma == adj.lower_ and lemma.endswith("er"):
        lemma = lemma[:-2]
        if len(lemma) > 2 and lemma[-1] == lemma[-2]:
            lemma = lemma[:-1]  # "bigger"
        elif lemma.endswith("i"):
            lemma = lemma[:-1] + "y"  # "earlier"
    return lemma


def _syllables(word: str) -> int:
    return len(re.findall(r"[aeiouy]+", word.removesuffix("e"))) or 1


_IRREGULAR_SUPERLATIVE = {"good": "best", "bad": "worst", "far": "farthest", "little": "least"}


def _superlative(adjective: str) -> str:
    """ "big" -> "biggest", "large" -> "largest", "early" -> "earliest"."""
    if adjective in _IRREGULAR_SUPERLATIVE:
        return _IRREGULAR_SUPERLATIVE[adjective]
    if adjective.endswith("e"):
        return adjective + "st"
    if len(adjective) > 2 and adjective.endswith("y") and adjective[-2] not in "aeiou":
        return adjective[:-1] + "iest"
    if (
        3 <= len(adjective) <= 4
        and adjective[-1] not in "aeiouwxy"
        and adjective[-2] in "aeiou"
        and adjective[-3] not in "aeiou"
    ):
        return adjective + adjective[-1] + "est"  # "big", "hot", "thin"
    return adjective + "est"


# "a quarter as dense as", "half as large as": less; "twice as massive as": more
_FRACTIONS = frozenset({"half", "third", "quarter", "fourth", "fifth", "tenth", "fraction"})
_MULTIPLES = frozenset({"twice", "double", "triple", "thrice", "times"})


def _equative(predicate: Token, subject: Token | None, negated: bool, text: str) -> Record | None:
    """ "Aluminium is about a quarter as dense as lead": a comparison, the less dense one;
    "Lead is three times as dense as water": the denser one. A plain "as dense as" says
    the two are alike and is no comparison."""
    if subject is None:
        return None
    for adj in predicate.subtree:
        if adj.pos_ != "ADJ" or adj.i <= predicate.i:
            continue
        if not any(c.dep_ == "advmod" and c.lower_ == "as" for c in adj.children):
            continue
        than = [
            o
            for c in adj.children
            if c.dep_ == "prep" and c.lower_ == "as"
            for o in c.children
            if o.dep_ == "pobj"
        ]
        words = {t.lower_ for t in predicate.doc[predicate.i + 1 : adj.i]}
        if than and not negated and any(c.lower_ == "no" for c in subject.children):
            # "No other reef system is as extensive as the Great Barrier Reef"
            return _none_more(subject, adj, [], than[0], text)
        if not than or not words & (_FRACTIONS | _MULTIPLES) or "not" in words:
            continue
        way = "-" if words & _FRACTIONS else "+"
        relation = f"{COMPARED}:{adj.lemma_.lower()}:{way}"
        return _record(subject, relation, [_arg(than[0], "than")], negated, False, False, text)
    return None


def _copula_records(
    predicate: Token, subject: Token | None, negated: bool, text: str
) -> list[Record]:
    compared = _comparison(predicate, subject, negated, text) or _equative(
        predicate, subject, negated, text
    )
    if compared is not None:
        return [compared]
    attrs = [c for c in predicate.children if c.dep_ in ("attr", "acomp", "oprd")]
    out: list[Record] = _after_noun_superlative(predicate, subject, negated, text)
    if out:
        return out
    for attr in attrs:
        for noun in _holders(attr):
            if noun.pos_ == "NOUN" and _unique(noun):
                # "X is the capital of Y": X holds the role R of Y
                out.append(
                    _record(subject, _role_name(noun), _role_args(noun), negated, True, True, text)
                )
        kind = _partitive_superlative(attr)
        if kind is not None:
            # "X is the largest of the world's oceans": the largest ocean of the world
            name = f"{_SAME_SUPERLATIVE.get(attr.lower_, attr.lower_)} {_role_name(kind)}"
            out.append(_record(subject, name, _role_args(kind), negated, True, True, text))
    out += _elided_roles(attrs, subject, negated, text)
    if subject is not None and subject.pos_ == "NOUN" and _unique(subject):
        # "The capital of Canada is Ottawa": the role is the subject, the holder after "is"
        # ("... was the American astronaut Neil Armstrong": the name, not the description)
        for attr in attrs:
            holder = _named_by_apposition(attr)
            out.append(
                _record(holder, _role_name(subject), _role_args(subject), negated, True, True, text)
            )
    if not out:
        # "The Louvre is in Paris", "X is a city in Y": where a thing is, or what it is
        args = _args(predicate)
        placed = [a for a in args if a.prep in _LOCATIVE_PREPS and a.kind == "place"]
        relation = "locate" if placed and not attrs else "be"
        out.append(_record(subject, relation, args, negated, False, False, text))
    elif subject is not None and not (subject.pos_ == "NOUN" and _unique(subject)):
        # "a marine mammal and the largest animal": what it is, beside the role it holds
        classes = [
            _arg(noun, "")
            for attr in attrs
            for noun in _holders(attr)
            if not (noun.pos_ == "NOUN" and _unique(noun))
            and (noun.pos_ != "ADJ" or any(c.dep_ == "det" for c in noun.children))
        ]
        if classes:
            out.append(_record(subject, "be", classes, negated, False, False, text))
    out += [b for r in out if (b := _born_at(r)) is not None]
    out += [m for r in out if (m := _made_as_role(r)) is not None]
    return (
        out
        + _placed_class(attrs, subject, negated, text)
        + _dated_work(attrs, subject, negated, text)
        + _class_count(attrs, subject, negated, text)
        + _made_by_class(attrs, subject, negated, text)
        + _home_to(attrs, subject, negated, text)
        + [r for attr in attrs for r in _act_of_noun(subject, attr, negated, text)]
        + _member_since(predicate, subject, attrs, negated, text)
        + _symbol_of(predicate, subject, negated, text)
    )


def _member_since(
    predicate: Token, subject: Token | None, attrs: Sequence[Token], negated: bool, text: str
) -> list[Record]:
    """ "Kovia has been a member of the European Union since 2004": it joined in 2004."""
    since = [_arg(o, "in") for o in _objects_of(predicate, "since") if _kind_of(o)[0] == "time"]
    if subject is None or negated or len(since) != 1:
        return []
    return [
        replace(
            _record(
                subject,
                _relation_key("join"),
                [_arg(body, ""), since[0]],
                False,
                False,
                False,
                text,
            ),
            statement=_RESTATED,
            restated=True,
        )
        for attr in attrs
        if attr.lemma_.lower() == "member"
        for body in _objects_of(attr, "of")
    ]


def _home_to(
    attrs: Sequence[Token], subject: Token | None, negated: bool, text: str
) -> list[Record]:
    """ "Paris is home to the Louvre": the Louvre is located in Paris (a named thing; "home
    to 2 million people" is a population, "home to many species" nothing named)."""
    if subject is None or negated:
        return []
    out = []
    for attr in attrs:
        if attr.lemma_.lower() != "home":
            continue
        for obj in _objects_of(attr, "to"):
            for thing in map(_named_by_apposition, _holders(obj)):
                if thing.pos_ == "PROPN" and not any(t.like_num for t in _span_of(thing)):
                    record = _record(
                        thing, "locate", [_arg(subject, "in")], False, False, False, text
                    )
                    out.append(replace(record, statement=_RESTATED, restated=True))
    return out


def _elided_roles(
    attrs: list[Token], subject: Token | None, negated: bool, text: str
) -> list[Record]:
    """A superlative whose noun the sentence said once before: "the sixth planet from the
    Sun and the second-largest in the Solar System" (the second-largest planet), "the
    largest country in South America and the fifth-largest in the world"), or in an
    apposition to the subject ("Saturn, the sixth planet from the Sun, is the
    second-largest in the Solar System")."""
    if subject is None:
        return []
    nouns = [n for attr in attrs for n in _holders(attr) if n.pos_ == "NOUN"] or [
        c for c in subject.children if c.dep_ == "appos" and c.pos_ == "NOUN"
    ]
    if not nouns:
        return []
    out = []
    for attr in attrs:
        for word in [attr, *attr.conjuncts]:
            if word.tag_ != "JJS" or not any(
                c.dep_ == "det" and c.lower_ == "the" for c in word.children
            ):
                continue
            said = "".join(
                t.text_with_ws for t in word.subtree if t.i <= word.i and t.dep_ != "det"
            ).strip()
            last = said.rsplit(" ", 1)[-1].rsplit("-", 1)[-1]
            said = said[: len(said) - len(last)] + _SAME_SUPERLATIVE.get(last, last)
            args = [
                _arg(obj, "of")
                for prep in word.children
                if prep.dep_ == "prep" and prep.lower_ in _ROLE_PREPS
                for obj in prep.children
                if obj.dep_ == "pobj"
            ]
            head = _role_name(nouns[0]).split()[-1]
            names = [f"{said.lower()} {head}"]
            to = next((c for c in word.children if c.dep_ == "prep" and c.lower_ == "to"), None)
            if to is not None and word.lower_ in _AFTER_NOUN:
                # "... and the closest to the Sun": the planet closest to the Sun (as
                # :func:`_superlative_of_place` names it), and the closest planet
                names.append(_role_near(head, word.lower_, to))
            for name in names:
                out.append(_record(subject, name, args, negated, True, True, text))
                if not args and nouns[0].dep_ != "appos" and (scope := _role_args(nouns[0])):
                    # "the smallest planet in the Solar System and the closest to the Sun":
                    # the closest in the Solar System too, where it says no scope of its own
                    out.append(_record(subject, name, scope, negated, True, True, text))
    return out


# what "more" measures when it is more of these: size ("covers more territory")
_SIZE_NOUNS = frozenset({"territory", "area", "land", "ground", "space", "surface"})
_SIZE_VERBS = frozenset({"cover", "span", "occupy"})


def _superlative_of(comparative: Token, measured: Token | None, verb: Token) -> str | None:
    """The superlative a comparative stands for against "any other": "higher" -> "highest",
    "more populous" -> "most populous", "more territory" or "covers far more" -> "largest";
    None when it cannot tell."""
    word = comparative.lower_
    if word == "more":
        if comparative.dep_ == "advmod" and comparative.head.pos_ == "ADJ":
            return f"most {comparative.head.lower_}"  # "more populous than any other"
        if measured is not None:
            # "covers more territory": of a size; "exports more wheat": of no role's
            return "largest" if measured.lemma_.lower() in _SIZE_NOUNS else None
        # "covers far more than any other lake": more of what the verb measures
        return "largest" if verb.lemma_.lower() in _SIZE_VERBS else None
    if word in _IRREGULAR_SUPERLATIVES:
        return _IRREGULAR_SUPERLATIVES[word]
    if comparative.tag_ not in ("JJR", "RBR") or not word.endswith("er") or len(word) < 5:
        return None
    superlative = f"{word[:-2]}est"  # "higher" -> "highest", "bigger" -> "biggest"
    return _SAME_SUPERLATIVE.get(superlative, superlative)


_IRREGULAR_SUPERLATIVES = {
    "better": "best",
    "worse": "worst",
    "farther": "farthest",
    "further": "furthest",
}


def _than_any_other(tokens: Sequence[Token], text: str) -> list[Record]:
    """ "Russia covers more territory than any other nation", "Everest rises higher above
    sea level than any other mountain": the subject holds the superlative role among the
    class ("the largest country", "the highest mountain"), a restatement. (A copula's or a
    verb of standing's own comparison, "is deeper than any other lake", is read with the
    comparison: :func:`_none_more`.)"""
    out: list[Record] = []
    for subject, role, scope, verb, _words in _any_other_readings(tokens):
        record = _record(subject, role, scope, _negated(verb), True, True, text)
        out.append(replace(record, statement=_RESTATED, restated=True))
    return out


def _any_other_readings(
    tokens: Sequence[Token],
) -> Iterator[tuple[Token, str, list[Arg], Token, frozenset[str]]]:
    """(subject, role, its scope, the verb, the words that say it) of each "more than any
    other <class>" the tokens say (see :func:`_than_any_other`)."""
    for token in tokens:
        if token.lower_ != "other" or token.dep_ != "amod":
            continue
        noun = token.head
        than = noun.head
        if noun.dep_ != "pobj" or than.lower_ != "than":
            continue
        if not any(c.dep_ == "det" and c.lower_ == "any" for c in noun.children):
            continue
        compared = than.head  # "higher", "more", or the noun "more" measures ("territory")
        measured = None
        if compared.pos_ == "NOUN":
            measured = compared
            compared = next((c for c in compared.children if c.tag_ == "JJR"), compared)
        verb = compared
        while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
            verb = verb.head
        if compared.tag_ not in ("JJR", "RBR"):
            # "rises higher above sea level than any other": the verb's comparative
            compared = next((c for c in verb.children if c.tag_ in ("JJR", "RBR")), compared)
            measured = None
        if than.head.i == compared.i and (verb.lemma_ == "be" or verb.lemma_ in _STANDING):
            continue  # "is deeper than any other lake": read with the comparison (_none_more)
        subject = next((c for c in verb.children if c.dep_ in _SUBJECT_DEPS), None)
        if subject is None or subject.pos_ != "PROPN":
            continue
        superlative = _superlative_of(compared, measured, verb)
        if superlative is None:
            continue
        head = _SAME_HOLDER.get(noun.lemma_.lower(), noun.lemma_.lower())
        head = "country" if head == "nation" else head
        # among all of the class unless the sentence says where ("any other lake in Asia")
        where = [o for p in noun.children if p.lower_ in ("in", "on") for o in p.children]
        scope = [_arg(o, "of") for o in where] or [Arg("the world", "of", "thing", "world", False)]
        said = [verb, compared, than, token, noun, *([measured] if measured else [])]
        said += [c for c in noun.children if c.lower_ == "any"]
        said += [t for o in where for t in o.head.subtree]
        words = frozenset(t.lower_ for t in said)
        to = next((c for c in compared.children if c.dep_ == "prep" and c.lower_ == "to"), None)
        if to is not None and superlative in _AFTER_NOUN:
            # "orbits closer to the Sun than any other planet": the planet closest to the
            # Sun, as :func:`_superlative_of_place` names it (and as the role alone)
            yield subject, _role_near(head, superlative, to), scope, verb, words
        yield subject, f"{superlative} {head}", scope, verb, words


def _partitive_superlative(attr: Token) -> Token | None:
    """The plural noun of "the largest of the world's oceans" (a superlative adjective
    with "the" and "of" a plural noun), or None."""
    if attr.tag_ != "JJS" or not any(c.lower_ == "the" for c in attr.children):
        return None
    for prep in (c for c in attr.children if c.dep_ == "prep" and c.lower_ == "of"):
        for obj in prep.children:
            if obj.dep_ == "pobj" and obj.tag_ == "NNS":
                return obj
    return None


def _superlative_of_place(noun: Token) -> str | None:
    """The role of "the closest planet to the Sun" or "the one nearest to the Sun" (after
    "the smallest planet and"), named as :func:`_after_noun_superlative` names "the planet
    closest to the Sun": "planet closest to sun"; None for other nouns."""
    for amod in noun.children:
        if amod.dep_ != "amod":
            continue
        # "the closest known star to the Sun": "closest" hangs on "known"
        mod = amod
        if amod.lower_ in _KNOWN:
            mod = next((c for c in amod.children if c.lower_ in _AFTER_NOUN), amod)
        if mod.lower_ not in _AFTER_NOUN:
            continue
        to = next(
            (
                c
                for t in (noun, mod, amod)
                for c in t.children
                if c.dep_ == "prep" and c.lower_ == "to"
            ),
            None,
        )
        if to is None:
            return None
        head = noun
        if noun.lower_ == "one" and noun.dep_ == "conj" and noun.head.pos_ == "NOUN":
            head = noun.head  # "the smallest planet and the one nearest to": a planet
        return _role_near(head.lemma_.lower(), mod.lower_, to)
    return None


def _role_near(head: str, superlative: str, to: Token) -> str:
    """A role of nearness named with what it is near: "planet closest to sun"."""
    words = [t.lower_ for t in to.subtree if t.lower_ not in ("the", "a", "an")]
    return " ".join([head, _SAME_SUPERLATIVE.get(superlative, superlative), *words])


def _after_noun_superlative(
    predicate: Token, subject: Token | None, negated: bool, text: str
) -> list[Record]:
    """ "Venus is the planet closest to the Sun": a superlative after its noun, which the
    small model parses many ways (an adverb of "is", a noun, the noun's head); read from
    the words: "the", a noun, a superlative, a preposition and its phrase, up to the
    clause's end. The phrase is the role's name ("planet closest to sun")."""
    doc = predicate.doc
    i = predicate.i + 1
    if subject is None or i + 3 >= len(doc) or doc[i].lower_ != "the":
        return []
    noun, superlative, prep = doc[i + 1], doc[i + 2], doc[i + 3]
    if noun.pos_ != "NOUN" or prep.pos_ != "ADP":
        return []
    if not (superlative.tag_ in ("JJS", "RBS") or superlative.lower_ in _AFTER_NOUN):
        return []
    phrase = []
    for t in doc[i + 3 :]:
        if t.is_punct or t.dep_ in ("cc", "relcl") or t.pos_ in ("VERB", "AUX"):
            break
        phrase.append(t.lower_)
    word = _SAME_SUPERLATIVE.get(superlative.lower_, superlative.lower_)
    words = [w for w in phrase if w not in ("the", "a", "an")]
    role = " ".join([noun.lemma_.lower(), word, *words])
    return [_record(subject, role, [], negated, True, True, text)]


# superlatives of place said after a noun, whatever tag the small model gives them
_AFTER_NOUN = frozenset("nearest closest farthest furthest".split())


DATED_WORK = "dated work"  # "a 1972 film": the work's year, said in its class
# what the year of a work dates: its release, its writing or publishing, its painting
_DATING_A_WORK = frozenset({"release", "write", "publish", "paint", "compose", "made"})


def _dated_work(
    attrs: Sequence[Token], subject: Token | None, negated: bool, text: str
) -> list[Record]:
    """ "The Godfather is a 1972 American crime film": the film's year (a restatement of
    the class's record)."""
    if subject is None or negated:
        return []
    for attr in attrs:
        if attr.pos_ != "NOUN" or attr.lemma_.lower() not in _WORKS:
            continue
        years = [
            c
            for c in attr.children
            if c.dep_ in ("nummod", "amod", "compound")
            and c.ent_type_ == "DATE"
            and re.fullmatch(r"1[0-9]{3}|20[0-9]{2}", c.text)
        ]
        if len(years) == 1:
            record = _record(
                subject, DATED_WORK, [_arg(years[0], "in")], negated, False, False, text
            )
            return [replace(record, statement=_RESTATED, restated=True)]
    return []


_MAKE_UP = frozenset({"make", "consist", "comprise", "compose", "contain"})


def _class_count(
    attrs: Sequence[Token], subject: Token | None, negated: bool, text: str
) -> list[Record]:
    """ "The United States is a federal republic made up of fifty states": the subject's
    count of parts, said in a description of its class (a restatement of it)."""
    if subject is None or negated:
        return []
    for attr in (a for a in attrs if a.pos_ == "NOUN"):
        for verb in (c for c in attr.children if c.dep_ == "acl" and c.lemma_ in _MAKE_UP):
            parts = [
                o
                for p in verb.subtree
                if (p.dep_ == "prep" and p.lower_ == "of") or p.i == verb.i
                for o in p.children
                if o.dep_ in ("pobj", "dobj")
            ]
            counted = [_arg(o, "") for o in parts]
            counted = [a for a in counted if a.kind == "number"]
            if len(counted) == 1:
                record = _record(subject, "have", counted, negated, False, False, text)
                return [replace(record, statement=_RESTATED, restated=True)]
    return []


def _same_subject_and_time(claim: Record, found: Record) -> bool:
    return same_subject(claim, found) and any(a.kind == "time" for a in claim.args)


def _one_dated_work(claim: Record, found: Record) -> Match:
    """A claim's year of a work against the year its class gives: the same year supports
    a claim that says nothing else; another year contradicts it (a work is released or
    written once)."""
    if claim.relation == DATED_WORK or claim.relation not in _DATING_A_WORK:
        # the claim's own class says what it is ("a 2017 book"): its year alone is not
        return Match("unrelated", "a class's year", "", claim, found)
    # "The Godfather is a 1972 film" dates its release, "an 1851 novel" its writing
    found = replace(found, relation=claim.relation)
    if not _same_subject_and_time(claim, found):
        return Match("unrelated", "another work", "", claim, found)
    times = [a for a in claim.args if a.kind == "time"]
    outcomes = {_arg_outcome(a, found.args[0]) for a in times}
    features = {"confirmed": 1.0, "conflicts": 0.0, "claim_args": float(len(claim.args))}
    features |= {"functional": 1.0, "resolved": float(found.resolved)}
    if claim.negated:
        return Match("unrelated", "negated", "", claim, found, features)
    if outcomes == {"conflict"} and len(times) == 1:
        said = f"{times[0].text} vs {found.args[0].text}"
        return Match("contradiction", "value", said, claim, found, features | {"conflicts": 1.0})
    if outcomes == {"same"} and len(claim.args) == len(times):
        return Match("support", "same", "the year of the work", claim, found, features)
    return Match("unrelated", "partial", "", claim, found, features)


def _born_at(role: Record) -> Record | None:
    """ "Bonn is Beethoven's birthplace" / "Beethoven's birthplace was Bonn": Beethoven
    was born in Bonn (a restatement of the role)."""
    if not role.role or role.relation != "birthplace" or len(role.args) != 1 or role.negated:
        return None
    person = role.args[0]
    place = Arg(role.subject_text, "in", "place", role.subject, True)
    born = Record(
        person.key,
        person.text,
        "born",
        (place,),
        subject_kind="person",
        subject_proper=person.proper,
        text=role.text,
    )
    return replace(born, statement=_RESTATED, restated=True)


# what a role names a work by: "the best-known work of", "the creation of"
_WORK_ROLES = _WORKS | {"work", "creation"}


def _made_as_role(role: Record) -> Record | None:
    """ "Nineteen Eighty-Four was the last novel of George Orwell", "The Sagrada Família is
    the masterpiece of Antoni Gaudí": the work is the person's, who made it (the made
    relation, a restatement of the role)."""
    if not role.role or role.negated or len(role.args) != 1:
        return None
    maker = role.args[0]
    head = role.relation.split()[-1] if role.relation else ""
    if head not in _WORK_ROLES or maker.prep != "of" or maker.kind != "person":
        return None
    made = Record(
        role.subject,
        role.subject_text,
        MADE,
        (replace(maker, prep="by"),),
        subject_kind="thing",
        subject_proper=role.subject_proper,
        text=role.text,
    )
    return replace(made, statement=_RESTATED, restated=True)


def _places_under(noun: Token, depth: int = 2) -> list[Arg]:
    """The places a noun is said to be in, at or on ("a tower on the Champ de Mars in
    Paris": the Champ de Mars, and Paris under it); a class of places says it with "of"
    too ("a federal state of Germany", "a province of Canada")."""
    out: list[Arg] = []
    for prep in noun.children:
        if prep.dep_ != "prep" or not (
            prep.lower_ in _LOCATIVE_PREPS
            or (prep.lower_ == "of" and noun.lemma_ in _PLACE_CLASSES)
        ):
            continue
        for obj in prep.children:
            if obj.dep_ != "pobj":
                continue
            if any(c.dep_ == "conj" for c in obj.children):
                return []  # "a range in France, Italy and Austria": where it is, in part
            arg = _arg(obj, "in")
            if arg.kind == "place":
                out.append(arg)
                # "in southern Siberia, Russia": the place that holds it, named beside it
                out += [
                    a
                    for c in obj.children
                    if c.dep_ == "appos" and c.pos_ == "PROPN"
                    for a in [_arg(c, "in")]
                    if a.kind == "place"
                ]
                if depth > 1:
                    out += _places_under(obj, depth - 1)
    return out


def _placed_class(
    attrs: Sequence[Token], subject: Token | None, negated: bool, text: str
) -> list[Record]:
    """ "X is a citadel in southern Peru": X is located in southern Peru, said with its
    class (a restatement of the class's record)."""
    if subject is None or negated:
        return []
    places = [
        a
        for attr in attrs
        if attr.pos_ == "NOUN" and not _unique(attr)
        for a in [*_places_under(attr), *_demonym_places(attr)]
    ]
    if not places:
        return []
    record = _record(subject, "locate", places, negated, False, False, text)
    return [replace(record, statement=_RESTATED, restated=True)]


# classes of places: their demonym says where they are ("a Kenyan port city"), where a
# person's says a nationality ("a Kenyan runner")
_PLACE_CLASSES = frozenset(
    "city town village port capital country nation state republic kingdom island "
    "archipelago peninsula region province lake river mountain volcano desert county "
    "district municipality commune territory".split()
)
# a continent's adjective, with a compass word before it ("East African": East Africa)
_CONTINENTS = {
    "african": "Africa",
    "european": "Europe",
    "asian": "Asia",
    "oceanian": "Oceania",
    "antarctic": "Antarctica",
}
_COMPASS_WORDS = frozenset(
    "east west north south central eastern western northern southern".split()
)


def _demonym_places(noun: Token) -> list[Arg]:
    """Where a place's class says it is: "an East African nation" is in East Africa, "a
    Kenyan port city" in Kenya (not for people: "a Kenyan runner" is a nationality)."""
    if noun.lemma_.lower() not in _PLACE_CLASSES:
        return []
    out = []
    for adj in noun.children:
        if adj.dep_ not in ("amod", "compound") or not adj.text[:1].isupper():
            continue
        continent = _CONTINENTS.get(adj.lower_)
        if continent is not None:
            compass = [c.text for c in adj.children if c.lower_ in _COMPASS_WORDS]
            place = " ".join([*compass, continent])
        else:
            place = country_of_demonym(adj.text)
        if place:
            out.append(Arg(place, "in", "place", _fold(place), True))
    return out


def _made_by_class(
    attrs: Sequence[Token], subject: Token | None, negated: bool, text: str
) -> list[Record]:
    """ "X is an album by Depeche Mode", "one of the best-known works of Van Gogh": what
    the class says of its maker, as a restatement (a made relation)."""
    if subject is None:
        return []
    out = []
    for attr in attrs:
        nouns = [attr]
        if attr.lower_ == "one":  # "one of the works of X"
            nouns = [o for c in attr.children if c.lower_ == "of" for o in c.children]
        for noun in nouns:
            maker = _maker_of(noun)
            if maker is not None:
                made = _record(subject, MADE, [_arg(maker, "by")], negated, False, False, text)
                out.append(replace(made, statement=_RESTATED, restated=True))
    return out


def _maker_of(noun: Token) -> Token | None:
    """Who made the work a noun names: "an album by Depeche Mode", "a 1987 novel by the
    writer Toni Morrison", "Jane Austen's second novel", "one of the works of Van Gogh", "the debut novel of Nigerian
    author Chinua Achebe" ("of" only for works, or with the maker's trade named: "a
    portrait of Napoleon" is of its sitter)."""
    lemma = noun.lemma_.lower()
    if lemma not in _WORKS | {"work", "single"}:
        return None
    # "Jane Austen's second published novel"
    owners = [c for c in noun.children if c.dep_ == "poss" and c.ent_type_ == "PERSON"]
    if owners:
        return owners[0]
    for prep in (c for c in noun.children if c.dep_ == "prep" and c.lower_ in _MADE_BY):
        for obj in (o for o in prep.children if o.dep_ == "pobj"):
            maker = _named_by_apposition(obj)
            if maker.pos_ != "PROPN" and maker.ent_type_ not in ("PERSON", "ORG"):
                continue
            trade = any(t.lemma_.lower() in _MAKERS for t in obj.subtree)
            if prep.lower_ == "of" and lemma not in ("work", "single") and not trade:
                continue
            return maker
    return None


_MADE_BY = frozenset({"by", "of", "from"})
# a maker's trade, named before the maker: "the debut novel of Nigerian author Chinua Achebe"
_MAKERS = frozenset(
    "author writer novelist poet playwright composer painter artist director filmmaker "
    "sculptor songwriter".split()
)


# clauses a sentence does not assert: "before he completed it", "if it rains"
_UNASSERTED = frozenset({"before", "until", "till", "unless", "if", "without", "whether", "lest"})


# verbs whose infinitive is an aim, not a deed: "applied to join NATO in 1998"
_AIMING = frozenset(
    "apply plan try attempt hope want seek aim intend fail refuse decide agree promise "
    "propose expect wish threaten vote offer prepare ask campaign bid".split()
)


def _asserted(token: Token) -> bool:
    if any(c.dep_ == "mark" and c.lower_ in _UNASSERTED for c in token.children):
        return False
    if token.dep_ == "xcomp" and token.head.lemma_.lower() in _AIMING:
        return False  # (an aim's date is not the deed's)
    return not (token.dep_ in ("pcomp", "pobj") and token.head.lower_ in _UNASSERTED)


def _predicates(tokens: Sequence[Token]) -> Iterable[Token]:
    for token in tokens:
        if token.pos_ in ("VERB", "AUX") and (
            token.dep_ in _PREDICATE_DEPS or token.dep_ == "ROOT"
        ):
            if token.pos_ == "AUX" and token.dep_ not in (
                "ROOT",
                "conj",
                "advcl",
                "ccomp",
                "relcl",
            ):
                continue
            yield token
        elif _verb_read_as_noun(token):
            yield token


def _makers_of_works(tokens: Sequence[Token], text: str) -> list[Record]:
    """ "Jane Austen's novel Pride and Prejudice", "Vivaldi's The Four Seasons": a work
    named with its maker's possessive says who made it (a made relation, :data:`MADE`,
    that any making relation meets). Only a person's name before a work: a novel, a
    painting, a title the parser calls a work, or the subject of its own publishing
    ("Trump's Mar-a-Lago" says nothing of who built it)."""
    out = []
    for token in tokens:
        if _titled_before(token):
            # "Crime and Punishment, Fyodor Dostoevsky's 1866 novel, ...": the title first
            makers = [c for c in token.children if c.dep_ == "poss" and c.pos_ == "PROPN"]
            # the title as the claim's parse names it: each of "Crime and Punishment"
            head = token.head
            names = [head, *(c for c in head.children if c.dep_ == "conj" and c.i < token.i)]
            out += [_made_by(name, makers[0], "thing", text) for name in names if makers]
            continue
        if token.lower_ in _WORKS and (named := _title_after(token)) is not None:
            # "Melville's novel Moby-Dick": the possessive on the noun, the title after it
            makers = [c for c in token.children if c.dep_ == "poss" and c.pos_ == "PROPN"]
            token = named
        elif token.pos_ == "PROPN" and _a_work(token):
            makers = [c for c in token.children if c.dep_ == "poss" and c.ent_type_ == "PERSON"]
        else:
            continue
        if makers:
            out.append(_made_by(token, makers[0], _kind_of(token)[0], text))
    return out


def _made_by(name: Token, maker: Token, kind: ArgKind, text: str) -> Record:
    """A work (the name with its compound words) made by ``maker``."""
    left = min([name.i, *(c.left_edge.i for c in name.lefts if c.dep_ == "compound")])
    title = name.doc[left : name.i + 1]
    return Record(
        _fold(title.text),
        title.text,
        MADE,
        (_arg(maker, "by"),),
        subject_kind=kind,
        subject_proper=True,
        text=text,
    )


def _titled_before(noun: Token) -> bool:
    """A work noun in apposition to a title before it and a comma ("Crime and Punishment,
    Fyodor Dostoevsky's novel"): capitalised words only."""
    if noun.lower_ not in _WORKS or noun.dep_ != "appos":
        return False
    doc = noun.doc
    end = noun.left_edge.i
    while end > 0 and doc[end - 1].is_punct:
        end -= 1
    start = noun.head.left_edge.i
    title = doc[start:end] if start < end else doc[0:0]
    return all(t.is_title or t.is_stop or not t.is_alpha for t in title) and any(
        t.is_title and not t.is_stop for t in title
    )


def _appositions(tokens: Sequence[Token], text: str) -> list[Record]:
    """ "Canberra, the capital of Australia," / "the first female justice, Sandra Day
    O'Connor": a name and what the sentence says it is, as "X is the capital of Y" (a
    role when the description is one) and "X is a first female justice"; and a
    description right before a name ("the Finnish composer Jean Sibelius wrote ...")."""
    out: list[Record] = []
    for token in tokens:
        head = token.head
        if _quantity(head) is not None or _quantity(token) is not None:
            continue  # "100 degrees Celsius": a quantity's scale, no name described
        if token.dep_ == "appos" and head.pos_ == "PROPN" and token.pos_ == "NOUN":
            out += _described(head, token, text)
        elif token.dep_ == "appos" and head.pos_ == "NOUN" and token.pos_ == "PROPN":
            out += _described(token, head, text)
        elif (described := _description_before(token)) is not None:
            out += _described(token, described, text)
    return out


# what has a seat: a firm, a body, a group (not a person "based" in a city)
_BODIES = frozenset(
    {
        "company",
        "firm",
        "startup",
        "start-up",
        "business",
        "corporation",
        "conglomerate",
        "group",
        "organisation",
        "organization",
        "charity",
        "nonprofit",
        "foundation",
        "institute",
        "agency",
        "bank",
        "manufacturer",
        "maker",
        "producer",
        "developer",
        "publisher",
        "label",
        "studio",
        "retailer",
        "chain",
        "airline",
        "carrier",
        "brand",
        "band",
        "team",
        "club",
        "broadcaster",
        "network",
        "newspaper",
        "magazine",
        "lab",
        "laboratory",
        "think",
        "tank",
        "university",
        "school",
        "museum",
        "orchestra",
    }
)


def _based_in(tokens: Sequence[Token], text: str) -> list[Record]:
    """ "Brightwave, a Lisbon-based company," / "the New York-based firm Kessel Labs" /
    "Kessel Labs is a Berlin-based startup": where a firm or a body has its seat, as "X is
    headquartered in Lisbon" (not a person "based" somewhere, who may work anywhere; not
    "a plant-based diet", no place)."""
    out: list[Record] = []
    for token in tokens:
        if token.lower_ != "based" or token.dep_ != "amod":
            continue
        place = next(
            (c for c in token.children if c.dep_ == "npadvmod" and c.pos_ == "PROPN"), None
        )
        if place is None:
            continue
        noun = token.head
        if noun.dep_ == "appos":
            thing: Token | None = noun.head
        elif noun.dep_ == "attr":
            thing = next((c for c in noun.head.children if c.dep_ == "nsubj"), None)
        else:
            thing = noun if noun.pos_ == "PROPN" else None
        if thing is None or thing.pos_ != "PROPN":
            continue
        # the kind of body the words say ("a Lisbon-based company"; "the New York-based
        # firm Kessel Labs"), else the entities' reading (the small model calls many a
        # firm a person)
        kinds = [noun, *(c for c in noun.children if c.dep_ in ("amod", "compound"))]
        if not any(k.lemma_.lower() in _BODIES for k in kinds) and _kind_of(thing)[0] != "org":
            continue
        seat = _arg(place, "in")
        if seat.kind != "place":
            seat = Arg(seat.text, "in", "place", seat.key, True)  # "Lisbon-based": a place
        record = _record(thing, "headquarter", [seat], False, False, False, text)
        if thing is noun:
            # "the New York-based firm Kessel Labs": the name, without the words before it
            start = thing.i
            while start > 0 and tokens[start - 1].pos_ == "PROPN" and start - 1 > token.i:
                start -= 1
            name = thing.doc[start : thing.i + 1].text
            record = replace(record, subject=_fold(name), subject_text=name, subject_proper=True)
        out.append(record)
    return out


def _description_before(name: Token) -> Token | None:
    """The common noun right before a name that describes it ("the Finnish composer Jean
    Sibelius", "the Scottish bacteriologist Alexander Fleming", read as the name's
    compound or as a second subject); None for an apposition (read as one) or none."""
    if name.pos_ != "PROPN" or name.dep_ in ("compound", "appos", "flat") or name.i == 0:
        return None
    doc = name.doc
    start = name.i  # past the name's own words ("Jean" of "Jean Sibelius")
    while start > 0 and (word := doc[start - 1]).pos_ == "PROPN" and word.head.i == name.i:
        start -= 1
    if start == 0:
        return None
    noun = doc[start - 1]
    if noun.pos_ != "NOUN" or not noun.text.islower() or noun.lemma_.lower() in _WORKS:
        return None  # ("the novel Beloved" names a work: :func:`_makers_of_works`)
    beside = noun.dep_ == "compound" and noun.head.i == name.i
    subjects = noun.dep_ in _SUBJECT_DEPS and name.dep_ == noun.dep_ and noun.head.i == name.head.i
    return noun if beside or subjects else None


def _described(name: Token, described: Token, text: str) -> list[Record]:
    """What a sentence says a name is, by a description beside it: the role it holds,
    else its class (a nationality in it is a name: "a Mexican painter"); where it is and
    who made it, when the description says."""
    span = _span_of(described)
    kind, _proper = _kind_of(described)
    # (a name in it, not a number: "16 million people" describes, it counts nothing)
    named = [k for t in span if (k := _ent_kind(t)) and k not in ("number", "time")]
    if kind == "thing" and named:
        kind = named[0]
    said = Arg(span.text, "", kind, _fold(span.text), bool(named))
    plain = _record(name, "be", [said], False, False, False, text)
    # "Argentina's capital and largest city, Buenos Aires": each role of the pair
    roles = [
        _record(name, _role_name(noun), _role_args(noun), False, True, True, text)
        for noun in _family(described)
        if _unique(noun)
    ]
    if roles or all(c.dep_ in ("det", "punct") or c.i == name.i for c in described.children):
        # (a bare class before or beside a name, "the film Night Harbor", only tells which
        # thing is meant: it says nothing a source must say too)
        plain = replace(plain, statement=_RESTATED, restated=True)
    out = [*roles, plain]
    if not roles:
        # "Brightwave's founder, Carla Mendes": who did the act, with no unique role
        acts = _acts_of_agent(plain, described.lemma_.lower(), _role_args(described))
        out += [replace(a, statement=_RESTATED) for a in acts]
    out += _placed_class([described], name, False, text)
    out += [
        replace(r, statement=_RESTATED, restated=True)
        for r in _act_of_noun(name, described, False, text)
    ]
    out += _made_by_description(described, name, text)
    return out


def _made_by_description(described: Token, name: Token, text: str) -> list[Record]:
    """ "Norwegian Wood, a 1987 novel by Haruki Murakami", "The Four Seasons, a group of
    four violin concertos by Antonio Vivaldi": a work described as someone's says who made
    it (the made relation, as "Murakami's novel Norwegian Wood" says it)."""
    for noun in (described, *_objects_of(described, "of")):
        maker = _maker_of(noun)
        if maker is not None:
            return [_record(name, MADE, [_arg(maker, "by")], False, False, False, text)]
    return []


def _title_after(noun: Token) -> Token | None:
    """The title right after a work noun ("novel Moby-Dick", "film Alien"): the last
    name of the run of proper nouns that follows it ("opera The Magic Flute": past a
    title's own article)."""
    doc = noun.doc
    i = noun.i + 1
    if i + 1 < len(doc) and doc[i].lower_ == "the" and doc[i + 1].pos_ == "PROPN":
        i += 1
    last = None
    while i < len(doc) and (doc[i].pos_ == "PROPN" or (last and doc[i].text == "-")):
        if doc[i].pos_ == "PROPN":
            last = doc[i]
        i += 1
    return last


def _a_work(token: Token) -> bool:
    if token.ent_type_ in ("WORK_OF_ART", "PRODUCT", "EVENT"):
        return True
    if any(c.lower_ in _WORKS for c in token.children if c.dep_ in ("amod", "compound", "appos")):
        return True
    head = token.head
    return token.dep_ in ("nsubjpass", "dobj") and (
        relation_of(stem(head.lower_)) in _PUBLISHING or _relation_key(head.lemma_) in _PUBLISHING
    )


def _verb_read_as_noun(token: Token) -> bool:
    """ "the Nile empties into the Sea": the small model reads "empties" (and "discharges",
    "drains") as a plural noun. A plural noun that is a form of a relation's verb, with a
    preposition after it and a name before it, is read as that verb."""
    if token.tag_ != "NNS" or not token.lower_.endswith("s"):
        return False
    if relation_of(stem(token.lower_)) is None:
        return False
    if not any(c.dep_ == "prep" for c in token.children):
        return False
    return _noun_verb_subject(token) is not None


def _mend(doc: Doc | Span) -> None:
    """Three slips of the small model, mended in place before any clause is read (every
    reader of this cached parse then sees the same clauses): a root with a subject tagged
    as a noun is the verb ("The Titanic sank in 1915"); in "rises in the Andes and
    discharges into the Atlantic", where "discharges" is read as a noun conjoined to
    "Andes" and "into" hangs on "rises", the preposition is the conjoined verb's; and an
    opening participle's phrase swallows the subject after its comma ("Working at Lowell
    Observatory in Flagstaff, Arizona, Tombaugh identified Pluto": "Tombaugh" is read as
    a place of the list, "Working" as the subject)."""
    for token in doc:
        if (subject := _subject_in_opening_phrase(token)) is not None:
            subject.head, subject.dep_ = token.head, "nsubj"
            token.dep_ = "advcl"
        if (
            token.dep_ == "ROOT"
            and token.pos_ == "NOUN"
            and token.tag_ in ("NN", "NNS")
            and any(c.dep_ in ("nsubj", "nsubjpass") for c in token.children)
            and not any(c.pos_ == "AUX" for c in token.children)
            # a verb's particle says so too ("the Nile fans out")
            and (is_verb(token.lower_) or _particle_after(token))
        ):
            # "The Titanic sank in 1915": a root with a subject is a verb, whatever its tag
            token.pos_ = "VERB"
            token.lemma_ = IRREGULAR.get(token.lower_, token.lemma_)
            # "North of Cairo the Nile fans out": the name just before the verb, read as
            # its compound, is its subject; what was read as one opened the sentence
            said = [
                c
                for c in token.lefts
                if c.dep_ == "compound" and (c.pos_ == "PROPN" or c.nbor(-1).dep_ == "det")
            ]
            read = [c for c in token.lefts if c.dep_ in ("nsubj", "nsubjpass")]
            if said and read and read[0].i < said[-1].i:
                read[0].dep_ = "npadvmod"
                said[-1].dep_ = "nsubj"
        if (
            token.tag_ == "NNS"
            and token.dep_ == "conj"
            and token.i + 1 < len(token.doc)
            and relation_of(stem(token.lower_)) is not None
            and not any(c.dep_ == "prep" for c in token.children)
        ):
            following = token.nbor()
            if following.dep_ == "prep" and following.head.pos_ == "VERB":
                following.head = token


_PARTICLES = frozenset({"out", "off", "up", "down", "away", "back", "over"})


def _particle_after(token: Token) -> bool:
    """A verb's particle right after the word ("fans out", "breaks off")."""
    return any(
        c.i == token.i + 1 and c.lower_ in _PARTICLES and c.dep_ in ("prt", "advmod")
        for c in token.children
    )


def _subject_in_opening_phrase(token: Token) -> Token | None:
    """For a sentence's opening participle read as its clausal subject ("Working at X, Y,
    Tombaugh identified"), the name just before the verb, after a comma, that the parse
    hung inside the participle's phrase: the verb's real subject."""
    predicate = token.head
    if not (
        token.dep_ == "csubj"
        and token.tag_ in ("VBG", "VBN")
        and token.i < predicate.i
        and all(t.dep_ == "mark" for t in token.doc[token.sent.start : token.i])
        and not any(c.dep_ in ("nsubj", "nsubjpass") for c in predicate.children)
    ):
        return None
    name = token.doc[predicate.i - 1]
    if name.pos_ != "PROPN" or name.dep_ not in ("conj", "appos", "pobj"):
        return None
    if not token.left_edge.i <= name.i <= token.right_edge.i:
        return None
    first = name.left_edge.i if name.left_edge.i > token.i else name.i
    while first > token.i + 1 and token.doc[first - 1].dep_ == "compound":
        first -= 1
    if token.doc[first - 1].text != ",":
        return None
    return name


def _noun_verb_subject(token: Token) -> Token | None:
    """The name a verb read as a noun speaks of: the name compounded before it ("the
    Nile empties"), or, for a verb conjoined to a phrase ("rises in the Andes and
    discharges"), the sentence's subject."""
    names = [c for c in token.lefts if c.dep_ == "compound" and c.pos_ == "PROPN"]
    if names:
        return names[-1]
    if token.dep_ == "conj":
        root = token.sent.root
        return next((c for c in root.children if c.dep_ in _SUBJECT_DEPS), None)
    return None


def records_of(doc: Doc | None, names: Sequence[str] = ()) -> tuple[Record, ...]:
    """The clauses of a parsed sentence (or claim) as records. ``names``: the names a
    pronoun or "the <noun>" subject may stand for (the claim's subject when the passage or
    the page before it names it), in order of preference."""
    if doc is None:
        return ()
    _mend(doc)
    out: list[Record] = []
    last_named = ""
    statement = -1
    # (the tokens made once: spaCy makes a new Token object at every walk over the doc)
    tokens = list(doc)
    clauses = [r for p in _predicates(tokens) for r in _clause_records(p, doc.text)]
    last_record: Record | None = None
    said = [
        *_makers_of_works(tokens, doc.text),
        *_appositions(tokens, doc.text),
        *_possessive_places(tokens, doc.text),
        *_placed_names(tokens, doc.text),
        *_lifespans(tokens, doc.text),
        *_events_named(tokens, doc.text),
        *_than_any_other(tokens, doc.text),
        *_based_in(tokens, doc.text),
    ]
    for n, record in enumerate([*clauses, *said]):
        if record.statement != _RESTATED:
            statement += 1
            if n < len(clauses):
                # (a clause's "its", not an apposition's: "his best friend Manuel and his
                # girlfriend Tania" is read loosely enough)
                record = _holder_resolved(record, last_record)
            if record.subject and record.subject_proper:
                last_named, last_record = record.subject, record
        else:
            record = _agent_resolved(record, last_record)
        out.append(_resolve(replace(record, statement=statement), names, last_named))
    out += [a for r in out if r.role for a in _acts_of_agent(r, r.relation, r.args)]
    out += [h for r in out if (h := _headcount(r)) is not None]
    return tuple([*out, *_under_other_name(out)])


_POSSESSIVES = frozenset({"its", "his", "her", "their"})


def _holder_resolved(record: Record, before: Record | None) -> Record:
    """A role's holder said by a possessive pronoun is the one named as the subject before
    it ("Brazil is ...; Portuguese is its sole official language": Brazil's), never the
    role's own holder."""
    if not record.role or before is None or before.subject == record.subject:
        return record
    if not any(a.key in _POSSESSIVES for a in record.args):
        return record
    holder = Arg(before.subject_text, "of", before.subject_kind, before.subject, True)
    args = tuple(holder if a.key in _POSSESSIVES else a for a in record.args)
    return replace(record, args=args)


# a place's headcount said several ways: "has a population of 2 million", "is home to 2
# million people", "has 2 million inhabitants", "the population of X is 2 million"
_POPULATION_OF = re.compile(r"^(?:an?\s+|its\s+|the\s+)?(?:total\s+)?population\s+of\s+(.+)$", re.I)
POPULATION = "populat"


def _people_counted(text: str) -> str | None:
    """The number of a headcount said with its people ("roughly 2 million people" ->
    "roughly 2 million"), by the unit the slots give people
    (:data:`verifier.text.numbers.PEOPLE`: inhabitants, residents, citizens ...)."""
    if any(v.unit == PEOPLE and v.end == len(text) for v in _values(text)):
        return text.rsplit(maxsplit=1)[0]
    return None


def _headcount(record: Record) -> Record | None:
    """The same record as a headcount (relation ``populat``, the number its only
    argument), when it says one; a restatement."""
    if record.negated or record.relation == POPULATION:
        return None
    subject, subject_text = record.subject, record.subject_text
    counts = []
    for arg in record.args:
        if arg.kind != "number":
            continue
        text = arg.text.strip()
        owned = record.relation == "have" and not arg.prep
        m = _POPULATION_OF.match(text) if owned else None
        if m:
            counts.append(m.group(1))
        elif (owned or arg.prep == "home to") and (people := _people_counted(text)):
            counts.append(people)
    # "The population of Kovia is 2 million", "... is estimated at 2 million"
    whose = _POPULATION_OF.match(subject_text)
    if whose and record.relation in ("be", "estimate"):
        counts += [a.text for a in record.args if a.kind == "number" and a.prep in ("", "at")]
        subject_text = whose.group(1)
        subject = _fold(subject_text)
    if len(counts) != 1 or not subject:
        return None
    number = Arg(counts[0], "", "number", _fold(counts[0]))
    return replace(
        record,
        subject=subject,
        subject_text=subject_text,
        subject_proper=subject_text[:1].isupper(),
        relation=POPULATION,
        args=(number,),
        restated=True,
        patient=False,
    )


# the one who did an act, named by a noun: "the founder of X" founded X, "the author of X"
# wrote it (and a co-founder founded it, with others: :func:`_made_together`)
_AGENT_NOUNS = {
    "founder": "found",
    "author": "write",
    "inventor": "invent",
    "discoverer": "discover",
    "composer": "compose",
    "painter": "paint",
    "creator": "create",
    "designer": "design",
    "architect": "design",
    "builder": "build",
    "publisher": "publish",
}


def _acts_of_agent(holder: Record, noun: str, args: Sequence[Arg]) -> list[Record]:
    """ "Carla Mendes, the founder of Brightwave", "Brightwave's founder, Carla Mendes",
    "Helga Dorn is the author of The Quiet Harbour": the act the noun names, said as a
    restatement with the made thing as its subject (Brightwave was founded by Carla Mendes);
    not a negated role, nor a role of more words ("the first author")."""
    verb = _AGENT_NOUNS.get(noun)
    if verb is None or holder.negated or not holder.subject:
        return []
    doer = Arg(
        holder.subject_text, "by", holder.subject_kind, holder.subject, holder.subject_proper
    )
    return [
        Record(
            made.key,
            made.text,
            _relation_key(verb),
            (doer,),
            subject_kind=made.kind,
            subject_proper=made.proper,
            text=holder.text,
            statement=holder.statement,
            restated=True,
            patient=True,
            tense=holder.tense,
        )
        for made in args
        if made.prep == "of" and made.key
    ]


def _under_other_name(records: Sequence[Record]) -> list[Record]:
    """What a sentence says of a thing it also names another way, said of that name too
    ("Rome's Flavian Amphitheatre, better known as the Colosseum, was inaugurated in AD 80":
    the Colosseum is in Rome and was inaugurated in AD 80): restatements, under a name only
    (not "known as the king of instruments")."""
    out = []
    for alias in records:
        if alias.relation != ALIAS or alias.negated or alias.restated:
            continue
        for other in alias.args:
            if not other.proper or not other.key or other.key == alias.subject:
                continue
            out += [
                replace(
                    r,
                    subject=other.key,
                    subject_text=other.text,
                    subject_proper=True,
                    restated=True,
                )
                for r in records
                if r.subject == alias.subject and r.relation != ALIAS and r.asserted
            ]
    return out


# an act named by its noun, and the relation it states: "after his death in 1875"
_EVENT_NOUNS = {
    "death": "die",
    "birth": "born",
    "founding": "found",
    "foundation": "found",
    "establishment": "establish",
    "opening": "open",
    "completion": "complete",
    "inauguration": "inaugurate",
    "publication": "publish",
    "premiere": "premiere",
    "release": "release",
    "launch": "launch",
}
_EVENT_PREPS = frozenset({"in", "on", "at"})


def _events_named(tokens: Sequence[Token], text: str) -> list[Record]:
    """An act said by its noun, with whose it is and when or where: "after Tomas Berg's
    death in 1875" (Tomas Berg died in 1875), "the opening of the Orva Bridge in 1936"
    (it opened in 1936), "since its founding in 1995". Only with a date or a place."""
    out = []
    for noun in tokens:
        verb = _EVENT_NOUNS.get(noun.lower_)
        if verb is None or noun.pos_ != "NOUN":
            continue
        owners = [c for c in noun.children if c.dep_ == "poss"] or _objects_of(noun, "of")
        args = [
            _arg(o, prep.lower_)
            for prep in noun.children
            if prep.dep_ == "prep" and prep.lower_ in _EVENT_PREPS
            for o in prep.children
            if o.dep_ == "pobj"
        ]
        if len(owners) != 1 or not args or _negated(noun.head):
            continue
        record = _record(owners[0], _relation_key(verb), args, False, False, False, text)
        out.append(replace(record, patient=verb == "born", tense="past"))
    return out


# "Tomas Berg (1801-1880)", "Jan Steen (c. 1626 - 1679)": a life's years after a name, a
# birth name perhaps before them ("(born Edward Alexander Crowley; 12 October 1875 - ...")
_DAY = r"(?:\d{1,2}\s+[A-Z][a-z]+\s+|[A-Z][a-z]+\s+\d{1,2},\s+)?"  # "25 December ", "May 3, "
_LIFESPAN = re.compile(
    rf"\(\s*(?:{BIRTH_NAME};\s*)?(?:c\.\s*)?({_DAY}(\d{{3,4}}))\s*[-–—]\s*(?:c\.\s*)?({_DAY}(\d{{3,4}}))\s*\)"
)
_LONGEST_LIFE = 125


def _lifespans(tokens: Sequence[Token], text: str) -> list[Record]:
    """A person's years in brackets right after the name: born in the first, died in the
    second (not after a war's, a reign's or a company's name: a person or an unknown name
    only, and a span a life can have)."""
    out: list[Record] = []
    for m in _LIFESPAN.finditer(text):
        name = next((t for t in reversed(tokens) if t.idx + len(t.text) <= m.start()), None)
        if (
            name is None
            or name.pos_ != "PROPN"
            or name.ent_type_ not in ("PERSON", "")
            or text[name.idx + len(name.text) : m.start()].strip()
        ):
            continue
        born, died = m.group(1), m.group(3)  # (the whole dates; their years to check)
        if not 0 < int(m.group(4)) - int(m.group(2)) <= _LONGEST_LIFE:
            continue
        for act, year, patient in (("born", born, True), ("die", died, False)):
            record = _record(name, act, [Arg(year, "in", "time", year)], False, False, False, text)
            out.append(replace(record, patient=patient, tense="past"))
    return out


def _agent_resolved(record: Record, named: Record | None) -> Record:
    """A restatement's doer given as a pronoun ("when they signed it") as the name the
    sentence gave before."""
    if named is None:
        return record
    args = tuple(
        Arg(named.subject_text, "by", named.subject_kind, named.subject, True)
        if a.prep == "by" and a.key in _PRONOUNS
        else a
        for a in record.args
    )
    return replace(record, args=args)


def _resolve(record: Record, names: Sequence[str], last_named: str) -> Record:
    """A pronoun or a bare "the <noun>" subject, as the name it stands for."""
    if not record.subject:
        return record
    words = record.subject.split()
    if record.subject_proper and not _said_as_kind(record.subject_text, len(words)):
        return record  # (a maker's possessive makes a kind of thing look named)
    if words[0] in _PRONOUNS and len(words) == 1:
        target = last_named if last_named and last_named != record.subject else ""
        target = target or (names[0] if names else "")
        if target:
            return _replace(record, target)
        return record
    head = words[-1]
    if not _said_as_kind(record.subject_text, len(words)):
        return record
    for name in names:
        # "the tower" for the Eiffel Tower, "the river" for the Nile River
        if head in name.split():
            return _replace(record, name)
    for name in names:
        # "the city" for a town the gazetteer knows, "the country" for a country: named,
        # as a place of that class, in the sentence before (:mod:`.reader`), so the clause
        # is that place's as if it named it ("Ottawa sits on the Ottawa River. The city is
        # the capital of Canada": Ottawa is)
        if _of_class(name, head):
            said = f"{record.subject_text} ({name.title()})"
            return replace(record, subject=name, subject_text=said, subject_proper=True)
    return record


def _said_as_kind(text: str, words: int) -> bool:
    """A subject said as a kind of thing, not named: "the tower", "the unfinished basilica",
    "Gaudí's unfinished basilica" (its maker's, with plain words before the noun)."""
    said = text.split()
    if words == 1 and text.lower().startswith(("the ", "this ")):
        return True
    if len(said) < 2 or not all(_plain(w) for w in said[1:-1]) or not said[-1].islower():
        return False
    if said[0].lower() in ("the", "this"):
        return True
    # "Gaudí's": a name's possessive (not "its", not "the city's")
    return said[0][:1].isupper() and said[0].endswith(("'s", "’s"))


def _plain(word: str) -> bool:
    """A word that describes without picking out one of several: not a count, a rank or a
    superlative ("the thirteen warmest years" are not the claim's "18 warmest years")."""
    return (
        word.isalpha()
        and word.islower()
        and word_number(word) is None
        and word not in _ORDINAL_WORDS
        and word not in _ORDINALS
        and not word.endswith("est")
    )


# a place's class, as "the <noun>" says it, and the gazetteer's level for it
_CLASS_LEVEL = {"city": CITY, "town": CITY, "country": COUNTRY, "nation": COUNTRY}


def _of_class(name: str, noun: str) -> bool:
    """The name is a place of the class the noun says ("Ottawa" is a city)."""
    level = _CLASS_LEVEL.get(noun)
    return level is not None and any(p.level == level for p in places(name))


def _replace(record: Record, name: str) -> Record:
    return replace(record, subject=name, subject_proper=True, resolved=True)


# --- comparing -------------------------------------------------------------------------


_NUMBERED = re.compile(r"^(.+?) (?:([ivx]{1,4})|(\d{1,2}))$")
_ROMAN = {"i": 1, "v": 5, "x": 10}
_ORDINAL_WORDS = (
    "zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth".split()
)


def _roman(numeral: str) -> int:
    values = [_ROMAN[c] for c in numeral]
    return sum(-v if v < nxt else v for v, nxt in zip(values, [*values[1:], 0], strict=True))


def ordinal_first(name: str) -> str:
    """A name numbered at its end, said with the ordinal first ("world war ii" -> "second
    world war", "vatican 2" -> "second vatican"), and "inaugural" said as "first"; other
    names as they are."""
    if name.startswith(("inaugural ", "maiden ")):
        return "first " + name.split(" ", 1)[1]  # "the inaugural World Cup": the first
    m = _NUMBERED.match(name)
    if m is None:
        return name
    n = _roman(m.group(2)) if m.group(2) else int(m.group(3))
    if not 0 < n < len(_ORDINAL_WORDS):
        return name
    return f"{_ORDINAL_WORDS[n]} {m.group(1)}"


def same_name(a: str, b: str) -> bool:
    """Whether two folded names may name one thing: equal, or one's words all in the
    other's ("Nile" / "Nile River", "Curie" / "Marie Curie"); a number at a name's end is
    its ordinal ("World War II" / "the Second World War")."""
    if not a or not b:
        return False
    if a == b:
        return True
    a, b = ordinal_first(a), ordinal_first(b)
    wa, wb = set(a.split()) - {"of", "the"}, set(b.split()) - {"of", "the"}
    if _initials_either(a, b):
        return True  # "the EEC" / "the European Economic Community"
    return bool(wa) and bool(wb) and (wa <= wb or wb <= wa)


def _initials_either(a: str, b: str) -> bool:
    """One of two folded names is the other's initials (:func:`_initials_of`)."""
    return _initials_of(a, b) or _initials_of(b, a)


def _initials_of(short: str, long: str) -> bool:
    """A one-word name is the initials of the other's words ("eec" of "european economic
    community", "nasa" of "national aeronautics and space administration")."""
    words = [w for w in long.split() if w not in ("of", "the", "and", "for", "&")]
    return (
        " " not in short
        and 2 <= len(short) <= 6
        and len(words) >= 2
        and short == "".join(w[0] for w in words)
    )


def same_relation(a: str, b: str) -> bool:
    if a == b or _made_meets(a, b) or {a, b} == _KINDRED:
        return True
    return relation_said(a, b) or relation_said(b, a)


def value_of_another_act(claim: Record, found: Sequence[Record]) -> tuple[Arg, Record] | None:
    """The claim's place or name that a sentence gives its subject for another act, while
    the sentence says the claim's act without it: "Mozart was born in Salzburg and settled
    in Vienna" for "Mozart was born in Vienna"; "Amazon, founded by Jeff Bezos in 1994, is
    headquartered in Seattle" for "Amazon was founded in Seattle". The value and the
    record that holds it; None when the act carries it too, or is not said."""
    if claim.negated or not claim.asserted:
        return None
    # a place or a doer, under a preposition ("in Vienna", "by Luc Besson"); what was
    # done ("held the chair", "accepted the chair") may be one thing under two acts
    mine = [a for a in claim.args if a.kind not in ("time", "number") and a.proper and a.prep]
    if not mine:
        return None
    # "is a town in central Luxembourg" says where it is, as "lies in" does; "Marie
    # Sklodowska Curie was born in Warsaw and moved to Paris": perhaps the claim's Marie
    # Curie (a support withdrawn, never a cap)
    own = [
        r
        for r in found
        if (same_subject(claim, r) or _maybe_same_person(claim, r))
        and r.asserted
        and r.relation != "be"
    ]
    acts = [r for r in own if same_relation(claim.relation, r.relation)]
    if not acts or any(_arg_outcome(a, b) == "same" for r in acts for a in mine for b in r.args):
        return None
    for r in own:
        if same_relation(claim.relation, r.relation):
            continue
        for a in mine:
            if any(b.prep and same_name(a.key, b.key) for b in r.args):
                return a, r
    return None


_OWNERS = ("his ", "her ", "its ", "their ")


def _made_by_someone(record: Record) -> bool:
    """The record's subject is what someone made ("Hamlet was written by ...")."""
    return record.patient and (
        record.relation in AGENTIVE or any(a.prep == "by" for a in record.args)
    )


# who may do an act: a person, a firm or body, a country or a place ("Australia, which
# includes the island state of Tasmania, has a population of over 25 million")
_DOERS = frozenset({"person", "org", "place"})


def done_by_another(claim: Record, found: Sequence[Record]) -> Record | None:
    """The claim's act and values said of another named doer, and nothing of the claim's
    subject: "Bill Gates founded Microsoft in 1975" for "Paul Allen co-founded Microsoft in
    1975" (a co-founder named alone says nothing of the other); "Australia, which includes
    the island state of Tasmania, has a population of over 25 million" for Tasmania. The
    record that says it."""
    if claim.negated or claim.role or not claim.subject_proper:
        return None
    if claim.relation == "be" and not all(a.prep for a in claim.args):
        return None  # a class is many's ("a city"); a membership is said of each
    if claim.subject_kind not in _DOERS or _made_by_someone(claim):
        return None  # a made thing named another way ("The Tragedy of Hamlet") is no doer
    if any(same_subject(claim, r) or _maybe_same_person(claim, r) for r in found):
        return None
    telling = set(claim.subject.split()) - _GENERIC
    if any(telling & set(r.subject.split()) for r in found):
        return None  # the subject named more fully ("The Free State of Saxony")
    # ("his doctorate": the doer's own, said of each as his)
    owned = sum(1 for a in claim.args if a.text.lower().startswith(_OWNERS))
    for r in found:
        if r.negated or not r.asserted or not same_relation(claim.relation, r.relation):
            continue
        confirmed, clashing, _said = _agreement(claim.args, r.args)
        doer = r.subject_kind in _DOERS and not _made_by_someone(r)
        said_all = not clashing and confirmed >= 1 and confirmed + owned >= len(claim.args)
        if doer and said_all and _someone_else(claim, r):
            return r
    return None


def value_said_otherwise(claim: Record, found: Sequence[Record]) -> tuple[Arg, Arg, Record] | None:
    """The claim's act said of its subject with another thing under the claim's preposition,
    sharing no word with the claim's: "Insulin is a hormone produced by the beta cells of
    the pancreatic islets" for "Insulin is produced by the liver" (the liver named later,
    of another act). The claim's value, the sentence's and the record; None when any of
    the sentence's acts of the subject (or of no subject) says the claim's value."""
    if claim.negated or not claim.asserted or claim.role:
        return None
    mine = [a for a in claim.args if a.prep and a.kind not in ("time", "number")]
    # (a participle with no subject of its own: "Velmin is a hormone produced by ..." is
    # the subject's; a withdrawn support is all this can cost)
    acts = [
        r
        for r in found
        if (same_subject(claim, r) or not r.subject)
        and r.asserted
        and not r.negated
        and r.relation != "be"
        and same_relation(claim.relation, r.relation)
    ]
    if not mine or not acts:
        return None
    text = found[0].text if found else ""
    for a in mine:
        words = {stem(w) for w in a.key.split() if len(w) > 2}
        if any(_arg_outcome(a, b) == "same" for r in acts for b in r.args):
            continue
        if re.search(rf"\b(?:and|or|as well as)\s+{re.escape(a.prep)}\b", text, re.IGNORECASE):
            continue  # "starred in A and in B": a second value the parse may not have read
        for r in acts:
            for b in r.args:
                theirs = {stem(w) for w in b.key.split() if len(w) > 2}
                same_slot = b.prep == a.prep and b.kind not in ("time", "number")
                if not same_slot:
                    continue
                if a.proper and b.proper:
                    if _arg_outcome(a, b) == "conflict":  # "aboard Vostok 1" / "Vostok 6"
                        return a, b, r
                elif not a.proper and words and theirs and not words & theirs:
                    return a, b, r
    return None


@lru_cache(maxsize=4096)
def _values(text: str) -> tuple[Value, ...]:
    return tuple(v for v in values_in(text) if v.kind in ("year", "date", "quantity"))


_OWNED = re.compile(r"['’]s\s+([\w-]+)")


def _someone_of(owned: Arg, other: Arg) -> bool:
    """An argument that names what another has ("Marta Ruiz's father") against the other
    itself, or against someone else of the owner: what is had is not said by the other."""
    heads = _OWNED.findall(owned.text)
    return bool(heads) and heads[-1].lower() not in other.key.split()


def _within(span: Arg, other: Arg) -> str | None:
    """A year against a span of years ("between 1928 and 1932"): ``same`` inside it,
    ``conflict`` outside; None when either is not that."""
    ends = [int(y) for y in _YEAR.findall(span.text)]
    years = [int(y) for y in _YEAR.findall(other.text)]
    if span.prep != "between" or len(ends) != 2 or len(years) != 1 or other.prep == "between":
        return None
    return "same" if min(ends) <= years[0] <= max(ends) else "conflict"


def _value_outcome(mine: Arg, theirs: Arg) -> str:
    """:func:`_arg_outcome` for a date or a number."""
    within = _within(mine, theirs) or _within(theirs, mine)
    if within is not None:
        return within
    if mine.key.startswith("place ") and theirs.key.startswith("place "):
        return "same" if mine.key == theirs.key else "conflict"  # "third" / "second"
    charted, charted_too = _chart_place(mine.text), _chart_place(theirs.text)
    if charted is not None and charted_too is not None:
        return "same" if charted == charted_too else "conflict"  # "number three" / "No. 1"
    if _in_season(mine.text, theirs.text) or _in_season(theirs.text, mine.text):
        return "unrelated"  # "in 2019" / "in the 2018-19 season"
    a, b = _values(mine.text), _values(theirs.text)
    if not a or not b:
        return "same" if mine.key == theirs.key else "unrelated"
    results = {compare(x, y) for x in a for y in b}
    if "same" in results:
        return "same"
    return "conflict" if "conflict" in results else "unrelated"


def _in_season(text: str, season: str) -> bool:
    """A year of ``text`` is one of the years ``season`` spans ("2019" in "2018-19")."""
    spanned = season_years(season)
    return bool(spanned) and any(int(y) in spanned for y in _YEAR.findall(text))


def _arg_outcome(mine: Arg, theirs: Arg) -> str:
    """``same``, ``conflict`` or ``unrelated`` for two arguments under one preposition."""
    if mine.kind in ("time", "number") or theirs.kind in ("time", "number"):
        return _value_outcome(mine, theirs)
    bearing = _bearing_outcome(mine.key, theirs.key)
    if bearing is not None:
        return bearing
    if mine.proper and not theirs.proper and mine.key != theirs.key:
        return "unrelated"  # "a university" does not say which: not "Harvard University"
    if _someone_of(mine, theirs) or _someone_of(theirs, mine):
        return "unrelated"  # "Marta Ruiz's father" is not Marta Ruiz
    if same_name(mine.key, theirs.key):
        return "same"
    if _lemma_overlap(mine.key, theirs.key) and not _another_title(mine, theirs):
        return "same"
    if mine.kind == "place" and theirs.kind == "place" and mine.prep != "by":
        # (after "by", a doer: a country or a city as a team, compared as names are)
        return _place_outcome(mine, theirs)
    if _same_person(mine, theirs):
        return "same"
    if _another_kind_of(mine, theirs):
        return "conflict"
    if mine.proper and theirs.proper and mine.kind == theirs.kind and _same_head(mine, theirs):
        return "conflict"
    # two people's names sharing no word ("Marlowe" / "William Shakespeare"); "Marie
    # Curie" and "Pierre Curie" share one: may be a pair named together
    # (a maker after "by": the small model calls many a person an organisation)
    makers = {mine.kind, theirs.kind} <= _NAMED and mine.prep == theirs.prep == "by"
    people = (mine.kind == theirs.kind == "person" or makers) and mine.proper and theirs.proper
    if people and not set(mine.key.split()) & set(theirs.key.split()):
        return "conflict"
    return "unrelated"


def _another_title(mine: Arg, theirs: Arg) -> bool:
    """Two names, one word apart only by a plural's ending ("Aliens" / "Alien", "Cars" /
    "Car"): two works' titles, not one name said twice."""
    a, b = mine.key.split(), theirs.key.split()
    return mine.proper and theirs.proper and len(a) == len(b) and a != b and len(a) <= 2


def _place_outcome(mine: Arg, theirs: Arg) -> str:
    """``same``, ``conflict`` or ``unrelated`` for two places (see :func:`_arg_outcome`)."""
    # "the northeastern coast of South America", "northern Chile": a part of a place
    mine_place, their_place = place_head(mine.text), place_head(theirs.text)
    if not (_written_as_name(mine_place) and _written_as_name(their_place)):
        return "unrelated"  # "the canton" is no town called Canton
    rel = relate(mine.text, theirs.text)
    if rel == "unknown":
        rel = relate(mine_place, their_place)
    if rel == "same":
        return "same"
    if rel == "inside":
        # "in France" holds "in Lyon" and confirms nothing of it ("The Eiffel Tower is in
        # Lyon" was supported by "... in Paris, France")
        return "unrelated"
    if rel == "apart" or _same_head(mine, theirs):
        return "conflict"  # Madrid vs Barcelona; the Black Sea vs the North Sea
    return "unrelated"


_POINTS = r"(?:north|south|east|west|north-?east|north-?west|south-?east|south-?west)"
# a part of a place said by where it lies in it: "northern Chile", "central Madrid", "the
# northeastern coast of South America", "the south of France"
_PART_OF_PLACE = re.compile(
    rf"^(?:the\s+)?(?:(?:{_POINTS}(?:ern)?|central|upper|lower|inland|coastal)\s+)?"
    r"(?:[A-Z][a-z]+\s+(?=(?:coast|shore)\s))?"
    r"(?:(?:[A-Z][\w-]+\s+)+(?:Region|Province|Department|District|Prefecture|Oblast|"
    rf"Governorate|Canton)\s+of\s+(?:the\s+)?(?:(?:{_POINTS}(?:ern)?|central)\s+)?)?"
    r"(?:(?:coast|part|region|shore|edge|tip|end|corner|interior|side|half)\s+of\s+"
    rf"(?:the\s+)?(?:(?:{_POINTS}(?:ern)?|central)\s+)?"
    rf"|(?<=^the\s){_POINTS}\s+of\s+|(?<=ern\s)|(?<=central\s))"
    r"(?:the\s+)?(?=[A-Z])",
)


def place_head(text: str) -> str:
    """The place a part of one lies in ("the northeastern coast of South America": South
    America; "northern Chile": Chile; "the south of France", but not "south of Oslo",
    which lies outside it), or the text as it is."""
    m = _PART_OF_PLACE.match(text.strip())
    return text.strip()[m.end() :] if m and m.end() else text


# making relations with one maker as a rule: a painting, a symphony, a film's director
_ONE_MAKER = frozenset({"paint", "compose", "direct"})
# relations the table keeps apart that say one thing of a made thing: "created" is read
# as founding, "invented" as creating
_KINDRED = frozenset({"found", "create"})
_NAMED = frozenset({"person", "org", "place", "thing"})  # what a maker's name may be typed


def _another_maker(claim: Record, found: Record, clashing: Sequence[Arg]) -> bool:
    """The conflict is over who made it ("by X" / "by Y") where several may have made it
    (co-founders and co-discoverers named alone; "published by" a publisher is not
    "written by" the author): a question for the rater. It counts when one maker is the
    rule for the relation, or the source names the makers together ("by A and B").
    ``clashing``: the claim's arguments in conflict with the source's."""
    if not any(a.prep == "by" for a in clashing):
        return False
    if _maker_named(found, [a for a in clashing if a.prep == "by"]):
        return True  # "composed by Mara Lind, with a finale by Anton Pell": one of several
    if {claim.relation, found.relation} & _ONE_MAKER and MADE not in (
        claim.relation,
        found.relation,
    ):
        return False  # ("the Beatles' song" and "McCartney's song": a band and its member)
    if _authored(claim, found, clashing):
        return False
    return sum(a.prep == "by" for a in found.args) < 2


# making relations of a work: its author, composer, painter or director
_AUTHORING = frozenset({"write"}) | _ONE_MAKER


# "co-wrote", "co-founded", "co-authored": made with others, as either side says it
_TOGETHER = re.compile(r"\bco-?(?:wr|auth|found|direct|creat|compos|produc|develop|invent)", re.I)


def _made_together(claim: Record, found: Record) -> bool:
    """Either side says the thing was made with others ("Neil Gaiman co-wrote Good
    Omens"): another maker named is no other hand."""
    return bool(_TOGETHER.search(claim.text) or _TOGETHER.search(found.text))


def _authored(claim: Record, found: Record, clashing: Sequence[Arg]) -> bool:
    """The author of a named work, one person on each side and the source naming one:
    "Hamlet was written by Christopher Marlowe" against "written by William Shakespeare",
    or "Jane Austen's novel Pride and Prejudice". A work has one author as a rule (a
    source naming two, "by Marx and Engels", is another matter; so is a band against one
    of its members, or a discovery, which several may make)."""
    relations = {claim.relation, found.relation}
    if not relations & _AUTHORING or not relations <= _AUTHORING | {MADE}:
        return False
    if not (claim.subject_proper and found.subject_proper):
        return False
    if MADE in relations and _RECORDED & set(_fold(found.text).split()):
        # "an album by Pink Floyd" names who recorded it, not who wrote it (Roger Waters)
        return False
    mine = [a for a in clashing if a.prep == "by"]
    makers = mine + [a for a in found.args if a.prep == "by"]
    if len(makers) != 2 or not all(_a_person(a, found) for a in makers):
        return False
    return not _maker_named(found, mine)


# recordings, whose "by" names the performer: a band, a singer
_RECORDED = frozenset({"album", "albums", "song", "songs", "single", "record", "ep", "track"})


def _a_person(maker: Arg, found: Record) -> bool:
    """A maker who is one person: tagged so, or named with two words or more as the
    author of a work the source calls a novel, a poem, a play (no band writes one)."""
    if not maker.proper:
        return False
    if maker.kind == "person":
        return True
    # (whoever the source says wrote a novel is a person, whatever the small model's
    # entities say: "a novel by Isabel Allende", tagged an organisation)
    return len(maker.key.split()) >= 2 and bool(_WRITTEN & set(_fold(found.text).split()))


def _maker_named(found: Record, mine: Sequence[Arg]) -> bool:
    """The claim's maker is named anywhere in the source's sentence: a co-author it lists,
    the maker of a part."""
    named = _fold(found.text).split()
    return bool(mine) and any(w in named for w in mine[0].key.split() if len(w) > 2)


def _same_person(mine: Arg, theirs: Arg) -> bool:
    """One person named two ways: the same surname, and one first name a short form or
    an initial of the other ("Vint Cerf" / "Vinton Cerf", "J. Smith" / "John Smith")."""
    if "person" not in (mine.kind, theirs.kind) and mine.prep != "by":
        return False
    a, b = mine.key.split(), theirs.key.split()
    if len(a) < 2 or len(b) < 2 or a[-1] != b[-1]:
        return False
    x, y = sorted((a[-2].rstrip("."), b[-2].rstrip(".")), key=len)
    return bool(x) and y.startswith(x) and (len(x) == 1 or len(x) >= 3)


def _made_meets(a: str, b: str) -> bool:
    """A work's maker (:data:`MADE`) meets any making relation ("wrote", "composed")."""
    made = (MADE, "make")  # "was made by Vladimir Demikhov": its maker, as the made relation
    return (a in made and b in _MAKING) or (b in made and a in _MAKING)


def _same_head(mine: Arg, theirs: Arg) -> bool:
    """Two names of one kind of thing: the same last word ("Sea", "Prize", "University")."""
    a, b = mine.key.split(), theirs.key.split()
    return len(a) > 1 and len(b) > 1 and a[-1] == b[-1] and mine.key != theirs.key


def _lemma_overlap(a: str, b: str) -> bool:
    sa = {stem(w) for w in a.split() if len(w) > 2}
    sb = {stem(w) for w in b.split() if len(w) > 2}
    return bool(sa) and sa == sb


def _args_agree(claim: Sequence[Arg], found: Sequence[Arg]) -> tuple[int, int, list[str]]:
    """(arguments of the claim confirmed, in conflict, the conflicts in words)."""
    confirmed, clashing, said = _agreement(claim, found)
    return confirmed, len(clashing), said


def _agreement(claim: Sequence[Arg], found: Sequence[Arg]) -> tuple[int, list[Arg], list[str]]:
    """(arguments of the claim confirmed, the claim's arguments in conflict, the conflicts
    in words)."""
    confirmed = 0
    clashing: list[Arg] = []
    said: list[str] = []
    for mine in claim:
        outcomes = []
        for theirs in found:
            if not _comparable(mine, theirs):
                continue
            outcomes.append((_arg_outcome(mine, theirs), theirs))
        if any(o == "same" for o, _t in outcomes):
            confirmed += 1
        elif any(o == "conflict" for o, _t in outcomes):
            clashing.append(mine)
            others = [t for o, t in outcomes if o == "conflict"]
            # (the value the source gives instead: not one that confirms another of the
            # claim's, "the Indian Ocean" vs the Pacific, not vs the Atlantic both name)
            theirs = next(
                (t for t in others if not any(_arg_outcome(m, t) == "same" for m in claim)),
                others[0],
            )
            said.append(f"{mine.text} vs {theirs.text}")
    return confirmed, clashing, said


def _comparable(mine: Arg, theirs: Arg) -> bool:
    time_like = {"time"}
    if mine.kind in time_like or theirs.kind in time_like:
        return mine.kind == theirs.kind or bool(_values(mine.text) and _values(theirs.text))
    if mine.kind == "number" or theirs.kind == "number":
        return mine.kind == theirs.kind and mine.prep == theirs.prep
    if mine.prep != theirs.prep and not (
        {mine.prep, theirs.prep} <= {"in", "into", "to"}
        or {mine.prep, theirs.prep} <= _SOURCE_PREPS
        or _named_places_at(mine, theirs)
    ):
        return False
    if mine.prep == theirs.prep == "by" and mine.proper and theirs.proper:
        return True  # a maker: the small model calls many a person a place or a firm
    if mine.proper and theirs.proper and mine.prep in _AT_PLACE and same_name(mine.key, theirs.key):
        return True  # "born in Málaga": one name, whatever kind the small model took it for
    return mine.kind == theirs.kind or "thing" in (mine.kind, theirs.kind)


# where something is, said of a named place: "died on Saint Helena", "in Saint Helena";
# "landed at Calicut", "in Calicut"
_AT_PLACE = frozenset({"in", "on", "at"})


def _named_places_at(mine: Arg, theirs: Arg) -> bool:
    """Two named places, each where something is ("on the island of Elba" / "in Saint
    Helena"): one slot, whichever of "in", "on" or "at" says it."""
    return (
        mine.kind == theirs.kind == "place"
        and mine.proper
        and theirs.proper
        and {mine.prep, theirs.prep} <= _AT_PLACE
    )


def _someone_else(claim: Record, found: Record) -> bool:
    """The evidence clause's subject is surely not the claim's: a name (not "the opera",
    not a pronoun) sharing no word with the claim's subject ("Gutenberg's best-known work"
    shares one), and the claim's subject not its agent ("proposed by Alfred Wegener")."""
    if not found.subject_proper or found.resolved:
        return False
    if found.subject.split()[0] in _UNKNOWN:
        return False
    if set(found.subject.split()) & (set(claim.subject.split()) - _GENERIC):
        return False
    if set(found.subject.split()) - _GENERIC <= set(_fold(claim.text).split()):
        return False  # what the claim names too ("Gutenberg finished his Bible": the Bible)
    if claim.patient and found.relation == claim.relation and _object_named(claim, found):
        # the claim's event told from its doer ("Heinemann first published Chinua Achebe's
        # Things Fall Apart in 1958" for "Things Fall Apart was first published in ..."):
        # the same act, its restatement compares
        return False
    return not any(a.prep == "by" and same_name(claim.subject, a.key) for a in found.args)


def _object_named(claim: Record, found: Record) -> bool:
    """The found clause's object holds every word of the claim's subject."""
    words = set(claim.subject.split())
    return bool(words) and any(not a.prep and words <= set(a.key.split()) for a in found.args)


def same_subject(claim: Record, found: Record) -> bool:
    """The same subject: the same name, or the evidence's name with no telling word the
    claim's lacks ("Lawson" is not "James Lawson"; "the Nile River" is the Nile; "the
    typical adult skeleton" is the adult skeleton). A kind of thing named in the plural
    is the kind named in the singular ("ostriches" / "the ostrich"); a name is not
    ("the Simpsons" is not Homer Simpson). No subject is nobody's."""
    if not claim.subject or not found.subject:
        return False
    mine, theirs = ordinal_first(claim.subject), ordinal_first(found.subject)
    if not (claim.subject_proper or found.subject_proper):
        theirs = _singular_as(mine, theirs)
    if not same_name(mine, theirs) or _unknown_subject(mine, claim.subject_proper):
        return False
    if _numbered(mine) != _numbered(theirs) and not found.resolved:
        return False  # "The Godfather Part II" is not "The Godfather"
    if found.resolved:
        return True
    if theirs.startswith(f"{mine} of ") or mine.startswith(f"{theirs} of "):
        return True  # "Arrow" / "Arrow of God": one parse kept the name's "of", one did not
    if _initials_either(mine, theirs):
        return True  # "the EU" / "the European Union"
    extra = set(theirs.split()) - set(mine.split()) - _GENERIC - _UNTELLING
    return not extra


def _named_more_fully(claim: Record, found: Record) -> bool:
    """The source names the claim's subject with more words: a person with given names
    ("Beethoven" / "Ludwig van Beethoven", "Pete Conrad" / "Charles Pete Conrad"), a firm
    with its style ("Apple" / "Apple Computer Company"). Not a part or a kin ("the Western
    Roman Empire", "Tomas Berg's son"), nor a name resolved from another word."""
    if not (claim.subject_proper and found.subject_proper) or found.resolved:
        return False
    mine, theirs = claim.subject.split(), found.subject.split()
    if len(theirs) <= len(mine) or not set(mine) <= set(theirs):
        return False
    if "person" in (claim.subject_kind, found.subject_kind):
        return theirs[-1] == mine[-1]
    return theirs[: len(mine)] == mine and theirs[-1] in _FIRM_STYLES


# the words a firm's full name ends in
_FIRM_STYLES = frozenset({"company", "corporation", "inc", "incorporated", "ltd", "limited", "plc"})


def _supportable(claim: Record, found: Record) -> bool:
    """With every value of the claim confirmed, a support: the same polarity, something
    to confirm, not a state the source says has ended (see :func:`_compared`)."""
    return (
        bool(claim.args)
        and claim.negated == found.negated
        and claim.relation != "be"
        and not _ended(claim, found)
    )


def _unknown_subject(subject: str, proper: bool) -> bool:
    """A subject that names nobody ("one", "this", "who"); a title that opens with such a
    word names its work ("One Hundred Years of Solitude", "This Side of Paradise")."""
    words = subject.split()
    return words[0] in _UNKNOWN and not (proper and len(words) > 1)


def middle_name(mine: str, theirs: str) -> bool:
    """The same first and last names with a middle name between them ("John Hovig
    Dolmayan" / "John Dolmayan"; also "John Quincy Adams" / "John Adams": not surely another,
    not surely the same)."""
    a, b = mine.split(), theirs.split()
    return len(a) >= 2 and len(b) > len(a) and a[0] == b[0] and a[-1] == b[-1]


def _maybe_same_person(claim: Record, found: Record) -> bool:
    return (personal(claim) or personal(found)) and middle_name(claim.subject, found.subject)


# what only a person does: whoever was born or married is a person, whatever the parse's
# entities say ("Pablo Picasso was born in 1881": the small pipeline tags no PERSON)
_PERSONAL_ACTS = frozenset({"born", "die", "marry", "bury", "baptize", "baptise"})


def personal(record: Record) -> bool:
    """The record's subject is a person: by its entity, or by what it did."""
    return record.subject_kind == "person" or record.relation in _PERSONAL_ACTS


def _numbered(name: str) -> frozenset[str]:
    """The number words of a name ("second" in "second world war", "11" in "apollo 11")."""
    return frozenset(w for w in name.split() if w.isdigit() or w in _ORDINAL_WORDS[1:])


# words before a kind of thing that do not make it another thing ("the typical adult
# human skeleton" is the adult human skeleton)
_UNTELLING = frozenset(
    # (and a person's title: "Sir Isaac Newton" is Isaac Newton)
    "all typical average normal standard usual entire whole sir dame dr prof".split()
)


# a holder's title inside a name: "the Guangxu Emperor", "King John", "Pope Gregory"
_NAME_TITLES = frozenset(
    "emperor empress king queen prince princess pope saint st sultan tsar czar duke duchess "
    "president lord lady".split()
)


def name_words(subject: str) -> list[str]:
    """The words of a folded name that pick it out: not its kind ("river", "tower") nor a
    title ("emperor", "king"); all of them when nothing else is left ("the tower")."""
    words = [w for w in subject.split() if len(w) > 2]
    telling = [w for w in words if w not in _GENERIC | _NAME_TITLES | _UNTELLING]
    return telling or words


def _written_as_name(text: str) -> bool:
    """A capitalised word past a leading article ("the Black Sea", "Vienna"), not a
    common noun ("the canton", "the commune")."""
    words = text.split()
    if words and words[0].lower() in ("the", "a", "an"):
        words = words[1:]
    return any(w[:1].isupper() for w in words)


def _forms(word: str) -> set[str]:
    """A word and what it may be in the singular ("octopuses": "octopuse", "octopus";
    "cities": "city")."""
    out = {word}
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        out.add(word[:-1])
        if word.endswith("es"):
            out.add(word[:-2])
        if word.endswith("ies"):
            out.add(word[:-3] + "y")
    return out


def _singular_as(mine: str, theirs: str) -> str:
    """``theirs`` with each word that is a word of ``mine`` in another number written as
    in ``mine`` ("octopuses" against "octopus" -> "octopus")."""
    words = mine.split()
    out = []
    for w in theirs.split():
        same = next((m for m in words if _forms(m) & _forms(w)), w)
        out.append(same)
    return " ".join(out)


def compare_records(claim: Record, found: Record) -> Match:
    """How ``found`` (an evidence clause) stands to ``claim`` (see the module docstring)."""
    if not claim.subject or not found.subject:
        return Match("unrelated", "no subject", "", claim, found)
    found = _summit_as_height(found)
    match = _compared(claim, found)
    if match.outcome in ("support", "contradiction") and not (claim.asserted and found.asserted):
        return replace(match, outcome="unrelated", kind="not asserted")
    if match.outcome == "unrelated" and _bearings_apart(claim, found):
        return replace(match, outcome="other_subject", kind="another bearing")
    return match


# a mountain's top, whose height is the mountain's: "Kilimanjaro's highest point ... is 5,895
# metres"
_SUMMITS = frozenset({"highest point", "summit", "peak", "highest peak", "highest summit"})


_SUMMIT_OF = re.compile(
    r"^(?:(?P<owner>.+?)['’]s (?:highest point|summit|peak|highest peak|highest summit)|"
    r"the (?:highest point|summit|peak) of (?P<of>.+))$",
    re.IGNORECASE,
)


def _summit_as_height(found: Record) -> Record:
    """ "Kilimanjaro's highest point, Uhuru Peak, is 5,895 metres above sea level", "the
    summit of X is ... metres": the mountain's height ("Kilimanjaro rises to 5,895
    metres"), to compare with a claim of it. The parse gives either the summit as a role
    held by the figure or the figure as what the summit is."""
    if found.negated:
        return found
    if found.role and found.relation in _SUMMITS and found.subject_kind == "number":
        of = [a for a in found.args if a.prep == "of"]
        figure_text = found.subject_text
        mountain = (of[0].text, of[0].key) if len(of) == 1 else None
    elif found.relation == "be" and (m := _SUMMIT_OF.match(found.subject_text)):
        # ("is 5,895 metres above sea level": the parse may leave the figure out of the
        # arguments; the sentence's one length, said in two units at most, is it)
        lengths = [v for v in _values(found.text) if v.unit == "length"]
        if not lengths or any(
            abs(float(v.key) - float(lengths[0].key)) > 0.01 * float(lengths[0].key)  # type: ignore[arg-type]
            for v in lengths
        ):
            return found
        owner = m["owner"] or m["of"]
        figure_text = lengths[0].text
        mountain = (owner, _fold(owner))
    else:
        return found
    figure = _values(figure_text)
    if mountain is None or len(figure) != 1 or figure[0].unit != "length":
        return found
    height = Arg(figure_text, "to", "number", _fold(figure_text), True)  # "rises to"
    return replace(
        found,
        subject=mountain[1],
        subject_text=mountain[0],
        subject_kind="place",
        relation="high",
        args=(height,),
        role=False,
        unique=False,
    )


def bearing_place(arg: Arg) -> str | None:
    """The place a bearing is taken from ("north of Oslo": "oslo"; see :func:`_bearing`),
    or None for any other argument."""
    m = _BEARING.match(arg.key) if arg.prep == "of" else None
    return m.group(2) if m else None


def _bearings_apart(claim: Record, found: Record) -> bool:
    """Both say where by a bearing, from two places ("north of Oslo" / "south of
    Bergen"): neither says the other's place is wrong."""
    mine = {p for a in claim.args if (p := bearing_place(a))}
    theirs = {p for a in found.args if (p := bearing_place(a))}
    return bool(mine and theirs) and not mine & theirs


def _compare_comparisons(claim: Record, found: Record) -> Match:
    """Two comparisons of the same pair: the same when the adjective and its way agree
    with the order ("Mercury is smaller than Mars" / "Mars is larger than Mercury"), the
    opposite when one of them is turned ("Mercury is larger than Mars")."""
    _, mine_adj, mine_way = claim.relation.split(":")
    _, their_adj, their_way = found.relation.split(":")
    sign = _measure_sign(mine_adj, their_adj)
    if sign is None:
        return Match("unrelated", "another comparison", "", claim, found)
    sign *= 1 if mine_way == their_way else -1
    mine_than, their_than = claim.args[0].key, found.args[0].key
    if same_name(claim.subject, found.subject) and same_name(mine_than, their_than):
        order = 1
    elif same_name(claim.subject, their_than) and same_name(mine_than, found.subject):
        order = -1
    else:
        return Match("unrelated", "another pair", "", claim, found)
    features = {"confirmed": 1.0, "claim_args": 1.0, "functional": 1.0}
    if sign * order * (-1 if claim.negated != found.negated else 1) > 0:
        return Match("support", "same", "the same comparison", claim, found, features)
    return Match(
        "contradiction",
        "comparison",
        f"the {_pole(claim)} one: {claim.subject_text} vs {_pole_holder(found, claim)}",
        claim,
        found,
        features,
    )


# "flightless", "wingless", "childless": without what the word's base names
_LESS = re.compile(r"\b([a-z]{3,})less\b")


def _lacking(claim: Record, found: Record) -> Match | None:
    """ "The ostrich is a flightless bird" against "Ostriches can fly": an adjective in
    "-less" says the subject lacks what its base names, and so does not do what the verb
    derived from it says ("flight": "fly"). A contradiction of the claim's act, or the
    same when the claim denies it too ("Ostriches cannot fly")."""
    if claim.args or found.relation != "be" or len(found.args) != 1:
        return None
    if claim.relation.startswith(f"{COMPARED}:") or claim.role:
        return None
    act = claim.relation.removeprefix("v:")
    bases = [m.group(1) for m in _LESS.finditer(found.args[0].key)]
    if not bases or not same_subject(claim, found):
        return None
    if not any(relation(b, act) in (WordRelation.SAME, WordRelation.DERIVED) for b in bases):
        return None
    features = {"confirmed": 0.0, "claim_args": 0.0, "functional": 0.0}
    said = f"{found.args[0].text}: {found.subject_text} does not {act}"
    if claim.negated:
        return Match("support", "same", said, claim, found, features)
    return Match("contradiction", "negation", said, claim, found, features)


def _told_in(name: str, words: set[str]) -> bool:
    """The name's most telling word is among ``words`` ("atlantic" of "atlantic ocean")."""
    return bool(name) and max(name.split(), key=len) in words


def _superlative_base(word: str) -> str | None:
    """ "largest": "large", "biggest": "big", "heaviest": "heavy" (None: no superlative)."""
    if not word.endswith("est") or len(word) < 6:
        return None
    stem_ = word[:-3]
    for base in (stem_, f"{stem_}e", stem_[:-1], f"{stem_[:-1]}y"):
        if base and (opposites(base) or lemmas_of(base)):
            return base
    return None


def _comparison_and_superlative(claim: Record, found: Record) -> Match | None:
    """ "Russia is smaller than Canada" against "Russia is the largest country on Earth;
    Canada ranks second": the holder of a superlative is more of it than the other one the
    sentence names (so it is of the kind and the scope): the comparison read against it,
    whichever side of "than" the holder is on."""
    _, adjective, way = claim.relation.split(":")
    base = _superlative_base(found.relation.split()[0])
    if base is None:
        return _after_the_first(claim, found)
    sign = _measure_sign(base, adjective)
    if sign is None:
        return None
    sign *= 1 if way == "+" else -1
    than = claim.args[0].key if claim.args else ""
    # the other one named in the sentence, by its most telling word ("the Atlantic")
    words = set(_fold(found.text).split())
    if same_name(claim.subject, found.subject) and _told_in(than, words):
        order = 1
    elif than and same_name(than, found.subject) and _told_in(claim.subject, words):
        order = -1
    else:
        return None
    features = {"confirmed": 1.0, "claim_args": 1.0, "functional": 1.0}
    if sign * order * (-1 if claim.negated != found.negated else 1) > 0:
        return _holds_role(claim, found, features)
    return Match(
        "contradiction",
        "comparison",
        f"{found.subject_text} is the {found.relation}: the {_pole(claim)} one is not "
        f"{claim.subject_text}",
        claim,
        found,
        features,
    )


# a mountain's or a river's kind as other languages attach it: "Fuji-san", "Rio Grande"
_KIND_WORDS = frozenset({"san", "yama", "shan", "rio", "lago", "monte", "mont", "sierra"})


def _one_name_two_ways(a: str, b: str) -> bool:
    """Two names of one thing that share their telling word, each with its own kind's
    word ("fuji-san" / "mount fuji", "lake baikal" / "baikal lake")."""

    def telling(name: str) -> set[str]:
        words = set(re.split(r"[\s-]+", name)) - _GENERIC - _UNTELLING - _KIND_WORDS
        return {w for w in words if len(w) > 2}

    mine, theirs = telling(a), telling(b)
    return bool(mine) and mine == theirs and a != b


def _after_the_first(claim: Record, found: Record) -> Match | None:
    """ "Everest is taller than K2" against "K2 is the second-highest mountain on Earth,
    surpassed only by Everest": the holder of a lower rank is less of it than the one it
    is said to come after."""
    rank, _, superlative = found.relation.split()[0].partition("-")
    base = _superlative_base(superlative)
    if ORDINAL_WORDS.get(rank, 0) < 2 or base is None or not claim.args:
        return None
    _, adjective, way = claim.relation.split(":")
    sign = _measure_sign(base, adjective)
    if sign is None:
        return None
    sign *= 1 if way == "+" else -1  # the claim says its subject is more of the base
    before = [_fold(name) for name in excepted_holders(found.text)]
    than = claim.args[0].key
    if same_name(than, found.subject) and any(same_name(claim.subject, b) for b in before):
        right = sign > 0  # the subject comes first: it is more
    elif same_name(claim.subject, found.subject) and any(same_name(than, b) for b in before):
        right = sign < 0  # the subject comes after: it is less
    else:
        return None
    features = {"confirmed": 1.0, "claim_args": 1.0, "functional": 1.0}
    said = f"{found.subject_text} is the {found.relation}, after {', '.join(before)}"
    if right != (claim.negated != found.negated):
        return Match("support", RANKED, said, claim, found, features)
    return Match("contradiction", "comparison", said, claim, found, features)


def _measure_sign(a: str, b: str) -> int | None:
    """1 when two adjectives say one measure the same way ("tall", "high"), -1 when the
    other way ("large", "small"), None when they measure different things."""
    if _same_measure(a, b):
        return 1
    if b in opposites(a) or a in opposites(b):
        return -1
    return None


def _same_measure(a: str, b: str) -> bool:
    """Two adjectives of one measure ("tall" and "high", "large" and "big")."""
    return a == b or frozenset((a, b)) in _ONE_MEASURE


_ONE_MEASURE = frozenset(
    frozenset(pair) for pair in (("tall", "high"), ("large", "big"), ("small", "little"))
)


def _holds_role(claim: Record, found: Record, features: dict[str, float]) -> Match:
    """The support of a role the sentence gives its subject ("Russia is the largest
    country")."""
    if claim.tense == "present" and found.tense == "past" and not numbered_role(claim.relation):
        # "Olaf Lund was the mayor of Bergen from 1970 to 1978" does not say he is now
        said = f"{found.subject_text} was the {found.relation}: not said to be now"
        return Match("other_subject", "another time", said, claim, found, features)
    ranking = _ranked(claim.relation)[1]
    measured = ranking_measures(found.text)
    if _opens_with_superlative(ranking) and measured and measured != _measured_by(claim, ranking):
        # "the second most spoken language in terms of native speakers" does not say the
        # second most spoken language, counting every speaker (a source that names no
        # measure ranks as the claim does)
        return Match("unrelated", "another measure", "", claim, found, features)
    said = f"{found.subject_text} is the {found.relation}"
    return Match("support", "same", said, claim, found, features)


def _pole(record: Record) -> str:
    """The claim's comparison as the quality its subject has more of ("less dense" is
    said as "the less dense one")."""
    _, adjective, way = record.relation.split(":")
    return adjective if way == "+" else f"less {adjective}"


def _pole_holder(found: Record, claim: Record) -> str:
    """Which of the pair the source gives the claim's quality to."""
    _, mine_adj, mine_way = claim.relation.split(":")
    _, their_adj, their_way = found.relation.split(":")
    agree = _same_measure(mine_adj, their_adj) == (mine_way == their_way)
    return found.subject_text if agree else found.args[0].text


def _other_shapes(claim: Record, found: Record) -> Match | None:
    """Comparisons, roles and dated works, compared each their own way."""
    if claim.relation.startswith(f"{COMPARED}:") or found.relation.startswith(f"{COMPARED}:"):
        if claim.relation.startswith(f"{COMPARED}:") and found.relation.startswith(f"{COMPARED}:"):
            return _compare_comparisons(claim, found)
        if claim.relation.startswith(f"{COMPARED}:") and found.role and found.unique:
            against = _comparison_and_superlative(claim, found)
            if against is not None:
                return against
        return Match("unrelated", "comparison and statement", "", claim, found)
    if claim.role and found.role:
        return _compare_roles(claim, found)
    if claim.role or found.role:
        return Match("unrelated", "role and act", "", claim, found)
    if DATED_WORK in (claim.relation, found.relation):
        return _one_dated_work(claim, found)
    return None


def _compared(claim: Record, found: Record) -> Match:
    shaped = (
        _other_shapes(claim, found)
        or _lacking(claim, found)
        or _wins_compared(claim, found)
        or _since_denied(claim, found)
    )
    if shaped is not None:
        return shaped
    counted = _both_counts(claim, found)
    if counted is not None:
        claim, found = counted
    elif not same_relation(claim.relation, found.relation):
        return Match("unrelated", "another relation", "", claim, found)
    confirmed, clashing, said = _agreement(claim.args, found.args)
    conflicts = len(clashing)
    features = {
        "confirmed": float(confirmed),
        "conflicts": float(conflicts),
        "claim_args": float(len(claim.args)),
        "functional": float(_one_valued(claim, found)),
        "resolved": float(found.resolved),
    }
    if not same_subject(claim, found):
        said_all = not conflicts and confirmed == len(claim.args)
        if said_all and _named_more_fully(claim, found) and _supportable(claim, found):
            # "Beethoven wrote ..." / "Ludwig van Beethoven wrote ...": said of the same
            # name, more fully (never a conflict: "Lawson" is not surely "James Lawson")
            said_fully = f"said of {found.subject_text}"
            return Match("support", "same", said_fully, claim, found, features)
        # (a restatement's subject is the made thing, often named loosely: "his Bible")
        if conflicts and not claim.restated and _someone_else(claim, found):
            return Match(
                "other_subject",
                "another subject",
                f"{found.subject_text} is the subject, not the claim's",
                claim,
                found,
                features,
            )
        return Match("unrelated", "another subject", "", claim, found, features)
    done_to = _done_to_another(claim, found)
    if done_to is not None:
        return Match(
            "other_subject",
            "another object",
            f"{found.subject_text} {found.relation} {done_to.text}: done to something else",
            claim,
            found,
            features,
        )
    if conflicts == 0 and _never(claim, found, confirmed):
        said_never = f"{found.subject_text}: never ({found.relation})"
        return Match("contradiction", "negation", said_never, claim, found, features)
    if conflicts == 0 and confirmed == len(claim.args):
        if claim.negated != found.negated:
            if _class_denied(claim, found):
                return Match(
                    "contradiction", "negation", "the same class denied", claim, found, features
                )
            if not _negation_settles(claim, found, confirmed):
                return Match("unrelated", "negated elsewhere", "", claim, found, features)
            return Match(
                "contradiction", "negation", "the same statement negated", claim, found, features
            )
        if not claim.args or (claim.relation == "be" and not _same_keys(claim, found)):
            # "X is resistant": nothing but the subject to compare; "C is a language" and
            # "a general-purpose language": a class, said loosely
            return Match("unrelated", "too little", "", claim, found, features)
        if _ended(claim, found):
            said_then = f"{found.subject_text} {found.relation}: until then, not said to be now"
            return Match("other_subject", "another time", said_then, claim, found, features)
        return Match("support", "same", "same subject, relation and values", claim, found, features)
    return _one_value_apart(claim, found, confirmed, clashing, said, features)


# nouns that count wins of what they follow: "eight Wimbledon titles"
_WON_AS = frozenset({"title", "titles", "crown", "crowns", "trophy", "trophies", "win", "wins"})


def _number_of(word: str) -> int | None:
    return int(word) if word.isdigit() else word_number(word)


def _times_won(record: Record) -> tuple[int, frozenset[str]] | None:
    """How often the record's subject won what (its telling words, as stems): "won the
    World Cup five times" (5, {world, cup}), "has won three World Cups" (3, {world, cup}),
    "won eight Wimbledon titles" (8, {wimbledon}); None when the record counts no wins."""
    if record.relation != "award" or record.negated:
        return None
    times = [a for a in record.args if a.prep == _TIMES]
    won = [a for a in record.args if a.prep == "" and a.proper]
    if len(times) == 1 and len(won) == 1 and won[0].kind != "number":
        n, what = _number_of(times[0].key.split()[0]), won[0].key.split()
    elif not times and len(won) == 1 and won[0].kind == "number":
        first, *what = won[0].key.split()
        n = _number_of(first)
    else:
        return None
    words = _thing_words(what)
    return (n, words) if n is not None and words else None


def _thing_words(words: Iterable[str]) -> frozenset[str]:
    """The telling words of a thing done or won, as stems ("three World Cups": {world,
    cups}): no count, article or noun of wins ("titles")."""
    return frozenset(
        stem(w)
        for w in words
        if w not in _WON_AS and w not in ("the", "of") and _number_of(w) is None
    )


def _words_among(words: frozenset[str], others: frozenset[str]) -> bool:
    """Every word is one of the others, in either number ("cup" of "cups")."""
    return all(any(_forms(w) & _forms(o) for o in others) for w in words)


def _wins_compared(claim: Record, found: Record) -> Match | None:
    """Two counts of the same subject's wins of one thing ("won the World Cup two times" /
    "has won three World Cups"; "won Wimbledon seven times" / "eight Wimbledon titles"):
    the same count supports, another contradicts."""
    mine, theirs = _times_won(claim), _times_won(found)
    if mine is None or theirs is None:
        return None
    if not (same_subject(claim, found) or _national_team(claim, found)):
        return None
    if not (_words_among(mine[1], theirs[1]) or _words_among(theirs[1], mine[1])):
        return None  # wins of another thing
    if not _same_tally(claim, found, theirs[0]):
        return None
    features = {"confirmed": 1.0, "claim_args": 1.0, "functional": 1.0}
    if mine[0] == theirs[0]:
        return Match("support", "same", f"won {mine[0]} times", claim, found, features)
    said = f"{mine[0]} vs {theirs[0]} wins"
    return Match("contradiction", "count", said, claim, found, features)


_TEAM = re.compile(r"national(?: [a-z]+){0,2} (?:team|side|squad|eleven)")


def _national_team(claim: Record, found: Record) -> bool:
    """The source's subject is the claim's country's national team ("Argentina" / "the
    Argentina national football team"): who wins a country's cups."""
    mine = claim.subject
    return (
        claim.subject_kind == "place"
        and found.subject.startswith(f"{mine} ")
        and _TEAM.fullmatch(found.subject.removeprefix(f"{mine} ")) is not None
    )


def _tally_rest(record: Record) -> list[Arg]:
    return [a for a in record.args if a.prep not in ("", _TIMES)]


def _same_tally(claim: Record, found: Record, count: int) -> bool:
    """Both counts are of the same wins: the claim's occasion ("at the 2008 Olympics")
    said by the source too, and the source's not another ("six medals in 2004" is no
    career total) unless its years list the wins themselves ("three World Cups, in 1978,
    1986 and 2022")."""
    rest = _tally_rest(claim)
    confirmed, clashing, _said = _agreement(rest, _tally_rest(found))
    if clashing or confirmed < len(rest):
        return False
    if rest:
        return True
    others = _tally_rest(found)
    # (the years as the sentence lists them: the parse may keep some of a list only)
    years = set(_YEAR.findall(found.text))
    return not others or (all(a.kind == "time" for a in others) and len(years) == count)


def _years_said(record: Record) -> set[int]:
    """The years of the record's times, a list's whole run included ("in 1978, 1986, and
    2022", of which the parse may keep a part)."""
    years: set[int] = set()
    for arg in (a for a in record.args if a.kind == "time"):
        run = re.search(
            re.escape(arg.text) + r"(?:,?\s*(?:and\s+)?(?:in\s+)?\d{4}\b)*", record.text
        )
        years |= {int(y) for y in _YEAR.findall(run.group(0) if run else arg.text)}
    return years


def _object_words(record: Record) -> frozenset[str]:
    """The telling words of what the act was done to ("the World Cup", "three World
    Cups")."""
    return _thing_words(w for a in record.args if a.prep == "" for w in a.key.split())


def _since_denied(claim: Record, found: Record) -> Match | None:
    """ "Argentina has not won the World Cup since 1986" against "Argentina won the World
    Cup in 2022" (or "having won three World Cups: in 1978, 1986, and 2022"): the act done
    after the year the claim says it was last done."""
    if not claim.negated or found.negated or not same_relation(claim.relation, found.relation):
        return None
    since = [int(y) for a in claim.args if a.prep == "since" for y in _YEAR.findall(a.text)]
    if len(since) != 1 or not same_subject(claim, found):
        return None
    mine, theirs = _object_words(claim), _object_words(found)
    if not mine or not _words_among(mine, theirs):
        return None
    later = sorted(y for y in _years_said(found) if y > since[0])
    if not later:
        return None
    features = {"confirmed": 1.0, "claim_args": 1.0, "functional": 1.0}
    said = f"{found.subject_text} did it in {later[0]}, after {since[0]}"
    return Match("contradiction", "negation", said, claim, found, features)


_NEVER = re.compile(r"\bnever\b", re.IGNORECASE)


def _never(claim: Record, found: Record, confirmed: int) -> bool:
    """ "Gandhi was awarded the Nobel Peace Prize in 1948" / "Gandhi never received the
    Nobel Peace Prize": "never" denies the act at any time, so the claim's time, which the
    source does not give, is denied too. Only when every other value of the claim is
    confirmed, and on a verb of substance."""
    if claim.negated or not found.negated or claim.relation in _WEAK_VERBS:
        return False
    times = sum(a.kind == "time" for a in claim.args)
    if not times or confirmed != len(claim.args) - times or not confirmed:
        return False
    if any(a.kind == "time" for a in found.args):
        return False
    # the very thing denied, not a narrower one ("never received the Nobel Prize in
    # Chemistry", whose "in Chemistry" the parse may drop, says nothing of another Nobel)
    for arg in found.args:
        if re.search(re.escape(arg.text) + r"\s+(?:in|for|of|from)\b", found.text):
            return False
    return _NEVER.search(found.text) is not None


def _ended(claim: Record, found: Record) -> bool:
    """The claim says a state holds; the source says it held until a time ("was
    headquartered in Porto until 2012")."""
    return (
        claim.tense == "present"
        and found.tense == "past"
        and any(a.prep in ("until", "till") for a in found.args)
    )


def _clash_of_a_one_time_act(claim: Record, clashing: Sequence[Arg]) -> bool:
    """The one conflict is who made a work that has one maker ("The Starry Night was
    painted by Claude Monet at Giverny" / "Vincent van Gogh painted The Starry Night"),
    or when or where a named subject came to be or ended ("born in Lyon in 1950" / "born
    in Paris"): whatever else the claim adds, and the source leaves unsaid, that happened
    once, so it is no other event."""
    if len(clashing) != 1:
        return False
    if claim.patient and claim.relation in _ONE_MAKER and clashing[0].prep == "by":
        return True
    # (the subject is what came to be: "Chanel opened a couture house" opened one of many)
    return (
        claim.subject_proper
        and claim.relation in _ONCE_IN_A_LIFE
        and not any(a.prep == "" for a in claim.args)
        and clashing[0].kind in ("time", "place")
        and clashing[0].prep in ("in", "on", "at")
    )


# what a named subject does once: its birth, death, founding, building, opening
_ONCE_IN_A_LIFE = frozenset({"born", "die", "found", "build", "open"})


def _one_value_apart(
    claim: Record,
    found: Record,
    confirmed: int,
    clashing: list[Arg],
    said: list[str],
    features: dict[str, float],
) -> Match:
    """The same subject and relation with values in conflict: a contradiction when one
    value differs and the relation has one value (or it is a count of the same parts, or
    another nationality); else another event or a partial statement."""
    if any(a.prep in _MANY_PREPS for a in clashing):
        # "flows through Sudan" / "flows through Egypt": a river flows through many
        return Match("unrelated", "many values", "; ".join(said), claim, found, features)
    if claim.relation in AGENTIVE and not claim.patient and all(not a.prep for a in clashing):
        # "Olaf Lund designed the Tarn Bridge" does not deny that he designed the Orva
        # Bridge: a maker makes many things (who made one thing is its passive's slot)
        return Match("unrelated", "another work", "; ".join(said), claim, found, features)
    one_apart = len(said) == 1 and (
        confirmed == len(claim.args) - 1 or _clash_of_a_one_time_act(claim, clashing)
    )
    negated = claim.negated or found.negated
    same = (
        claim.relation == found.relation
        or _made_meets(claim.relation, found.relation)
        or _held_took_place(claim, found)
    )
    if len(said) >= 2 and same and not negated and _made_by_another_then(claim, found, clashing):
        return Match("contradiction", "maker", "; ".join(said), claim, found, features)
    # who made it is one slot of a making relation, whatever else may repeat ("signed")
    clashing = clashing if one_apart else []
    if any(a.prep == "by" for a in clashing) and _made_together(claim, found):
        return Match("unrelated", "made together", "; ".join(said), claim, found, features)
    maker_slot = claim.relation in AGENTIVE and any(a.prep == "by" for a in clashing)
    kind_of = any(_another_kind_of(m, t) for m in clashing for t in found.args)
    if one_apart and kind_of and not negated:
        # another nationality of the same kind of thing: a question, whatever the relation
        return Match("contradiction", "class", said[0], claim, found, features)
    if one_apart and (features["functional"] or maker_slot) and same:
        if negated:
            return Match("unrelated", "negated value", "", claim, found, features)
        if claim.relation == POPULATION:
            # a city proper, its metropolitan area and its region count differently, and a
            # source seldom says which it gives: a question for the rater
            return Match("contradiction", "headcount", said[0], claim, found, features)
        if claim.relation != "award" and _another_maker(claim, found, clashing):
            # (a contest's winner is no maker: one side wins an edition, no co-winner)
            return Match("contradiction", "maker", said[0], claim, found, features)
        return Match("contradiction", "value", said[0], claim, found, features)
    if one_apart and not negated and _counted(claim, found):
        return Match("contradiction", "count", said[0], claim, found, features)
    if one_apart and not negated and _another_class(claim, found):
        return Match("contradiction", "class", said[0], claim, found, features)
    if len(said) >= 2:
        return Match("unrelated", "another event", "; ".join(said), claim, found, features)
    return Match("unrelated", "partial", "; ".join(said), claim, found, features)


def _made_by_another_then(claim: Record, found: Record, clashing: Sequence[Arg]) -> bool:
    """A made thing said made by another person at another time ("The first artificial heart
    was invented by Robert Jarvik in 1982" / "... was made by Vladimir Demikhov in 1938"):
    the same act, done once, with its maker and its date both other, not another event; a
    question for the rater ("maker" is review-only)."""
    makers = [a for a in clashing if a.prep == "by"]
    return (
        claim.patient
        and (claim.relation in _MAKING or _made_meets(claim.relation, found.relation))
        and len(makers) == 1
        and makers[0].kind == "person"
        and all(a.kind == "time" for a in clashing if a.prep != "by")
    )


# prepositions after which a subject has many values: what a river flows through, what a
# road runs along
_MANY_PREPS = frozenset({"through", "across", "along", "past", "via", "around", "among", "near"})


# acts done once to the work they make, whatever their doers do many times: a novel is
# written once, a symphony composed once (a treaty may be signed twice, by its parties
# on two dates; a film released in one country one year and in another the next)
_ONCE_DONE_TO = frozenset({"write", "compose", "paint"})


# what ends a named thing, which happens to it once: a ship sinks once, a bridge collapses
# once (prices sink and rise many times: only a named subject reads this way)
_ENDS = frozenset(stem(w) for w in ("sink", "crash", "collapse", "demolish", "scuttle"))


def _one_valued(claim: Record, found: Record) -> bool:
    """The claim's relation has one value for its subject (see :data:`FUNCTIONAL`), read
    with what the records know of both sides."""
    return (
        (claim.relation in FUNCTIONAL and not _residence(claim))
        or claim.relation in ("locate", MADE)
        or (_one_named_patient(claim, found) and claim.relation in _ONCE_DONE_TO)
        or (_one_named_patient(claim, found) and _dated_once(claim, found))
        or (claim.subject_proper and claim.relation in _ENDS)
        or (_formed(claim) and _formed(found))
        or _held_took_place(claim, found)
        or (claim.relation == PLACED and _same_occasion(claim, found))
        or _chart_peak(claim)
        or _one_edition(claim, found)
        or _two_ends(claim)
    )


# what joins two ends and no more: a canal, a strait, a bridge, a tunnel (a road or a
# railway links many towns along its way)
_JOINERS = frozenset({"canal", "strait", "bridge", "tunnel", "channel", "isthmus", "causeway"})


def _two_ends(record: Record) -> bool:
    """ "The Panama Canal connects the Atlantic with the Pacific": the two ends of one
    crossing, named by the subject's kind."""
    return (
        record.relation == "connect"
        and bool(set(record.subject.split()) & _JOINERS)
        and len([a for a in record.args if not a.prep]) >= 2
    )


def _one_edition(claim: Record, found: Record) -> bool:
    """One edition of a named event, won by one side ("the 2014 FIFA World Cup was won by
    Germany") or held in one place ("the 2008 Summer Olympics were held in Beijing")."""
    if not (claim.patient and found.patient and claim.subject_proper):
        return False
    if claim.relation == "award":
        return one_winner(claim.subject) and one_winner(found.subject)
    return claim.relation == "hold" and bool(
        _EDITION.search(claim.subject) and _EDITION.search(found.subject)
    )


def _chart_peak(record: Record) -> bool:
    """ "peaked at number three on the Billboard Hot 100": a record's peak on one named
    chart is one place (not "peaked at number three", of any chart)."""
    return (
        record.relation == "peak"
        and any(a.prep == "at" and a.kind == "number" for a in record.args)
        and any(
            a.prep == "on" and any(w[:1].isupper() for w in a.text.split()) for a in record.args
        )
    )


_CHART_PLACE = re.compile(
    r"\b(?:number|no\.|#)\s*(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)\b",
    re.IGNORECASE,
)


def _chart_place(text: str) -> int | None:
    """ "number three", "No. 1", "#5": a place on a chart."""
    m = _CHART_PLACE.search(text)
    if m is None:
        return None
    word = m.group(1)
    return word_number(word) or int(word)


def _same_occasion(claim: Record, found: Record) -> bool:
    """Two places said of one occasion: each names its year or its dated event, or both
    say where the subject ranks now ("Vietnam ranks third among coffee producers")."""
    named, named_too = _occasion_named(claim), _occasion_named(found)
    if named or named_too:
        # (one year's ranking, or one list's, is not another's: "in the 2024 QS rankings";
        # the 2010 World Cup is not the 2006 one)
        return named and named_too and _years_of(claim) == _years_of(found)
    return claim.tense == found.tense == "present"


def _years_of(record: Record) -> frozenset[str]:
    return frozenset(y for a in record.args for y in _YEAR.findall(a.text))


def _occasion_named(record: Record) -> bool:
    """The record names the occasion of a place: a year, or a named event with its year
    ("at the 2023 World Championships"); "finished third in the 100m" may be any year's."""
    return any(a.kind == "time" or _YEAR.search(a.text) for a in record.args)


def _held_took_place(claim: Record, found: Record) -> bool:
    """An event held somewhere took place there: "the first modern Olympic Games were held
    in Paris" / "... took place in Athens" (a host may hold many events)."""
    return claim.relation == "hold" and claim.patient and found.relation == "occur"


def _done_to_another(claim: Record, found: Record) -> Arg | None:
    """The object of a verb the claim uses without one: "The Beatles formed in 1960"
    against "The Beatles formed a songwriting partnership in 1957" (the subject did it to
    something else: another event, which neither says nor denies the claim's)."""
    if claim.patient or found.patient or claim.role or found.role or claim.relation == "be":
        return None
    # (a distance or an amount the verb measures, "flows some 2,850 km", is done to nothing)
    theirs = [a for a in found.args if a.prep == "" and a.kind not in ("time", "number")]
    mine = [a for a in claim.args if a.prep == ""]
    if mine and theirs:
        # "Kovia adopted the euro in 2002" / "Kovia adopted the new flag in 1990": each
        # done to its own kind of thing, neither the same nor a rival value of one slot
        # (not "his first novel" / "The Grey Coast": a name may be that novel)
        plain = [a for a in (*mine, *theirs) if a.kind not in ("time", "number") and not a.proper]
        if len(plain) < len(mine) + len(theirs):
            return None
        if any(
            _arg_outcome(m, t) != "unrelated" or m.key.split()[-1:] == t.key.split()[-1:]
            for m in mine
            for t in theirs
        ):
            return None
        return theirs[0]
    return None if mine else next(iter(theirs), None)


def _formed(record: Record) -> bool:
    """ "The Beatles were formed in Liverpool", "came together in 1960": a named band, a
    party or a storm is formed once (not "formed a partnership": that has an object)."""
    return (
        record.subject_proper
        and record.relation == "form"
        and not any(a.prep == "" for a in record.args)
    )


def _residence(record: Record) -> bool:
    """ "Einstein lived in Princeton": where one lives (many places in a life), not the
    population a place has (one number), though the table says both as "populat"."""
    return record.relation == "populat" and not any(a.kind == "number" for a in record.args)


# what is done once to a named thing, dated: a treaty signed, a battle fought, an album
# released ("The Peace of Westphalia was signed in 1748" / "... in Osnabrück and Münster
# in 1648"); only its date, since a treaty has several signatories and places
_DATED_ONCE = {
    "sign": re.compile(r"\bsign(?:ed|ing)\b", re.IGNORECASE),
    "fight": re.compile(r"\b(?:fought|fight)\b", re.IGNORECASE),
    "release": re.compile(r"(?<!re-)(?<!re)\b(?:releas|launch)(?:ed|ing)\b", re.IGNORECASE),
    "adopt": re.compile(r"\b(?:adopt|approv)(?:ed|ing)\b", re.IGNORECASE),
}


def _dated_once(claim: Record, found: Record) -> bool:
    """The claim dates a one-time act done to its named subject, and says nothing else;
    the source dates the act itself: not one party's signing ("signed by the United States
    in 1998"), nor a release in one country, nor "the treaty" (which one?)."""
    if claim.relation not in _DATED_ONCE or not claim.args or _a_class_of(found):
        return False
    if not _DATED_ONCE[claim.relation].search(found.text):
        return False  # ("ratified", "premiered": another act, often on another date)
    if not all(a.kind == "time" and a.prep in ("in", "on", "") for a in claim.args):
        return False
    if claim.relation == "sign" and any(a.prep == "by" for a in found.args):
        return False
    # (a release in one country, wherever the parse hangs the country; "launched from the
    # Baikonur Cosmodrome" is no such one)
    return claim.relation != "release" or not (
        any(a.kind == "place" and a.prep in ("in", "on") for a in found.args)
        or _in_a_country(found.text)
    )


_IN_PLACE = re.compile(r"\bin\s+(?:the\s+)?([A-Z][\w-]+(?:\s+[A-Z][\w-]+)*)")


def _in_a_country(text: str) -> bool:
    """The text says "in" a country or a continent ("in Japan", "in the United States")."""
    return any(p.level <= COUNTRY for m in _IN_PLACE.finditer(text) for p in places(m.group(1)))


def _a_class_of(record: Record) -> bool:
    """The record's subject is "the <noun>" taken for the claim's name ("The treaty was
    signed in 1724": which treaty?), not a name or a pronoun for one."""
    return record.resolved and record.subject_text.lower().startswith(("the ", "this "))


def _one_named_patient(claim: Record, found: Record) -> bool:
    """Both records say what was done to one named thing ("Moby-Dick was written"; not
    "an album was written")."""
    return claim.patient and found.patient and claim.subject_proper and found.subject_proper


# relations a negation of says little about the claim's statement
_WEAK_VERBS = frozenset({"be", "say", "need", "hope", "think", "want", "have", "do", "get"})


def _same_keys(claim: Record, found: Record) -> bool:
    """Every value of the claim said in the evidence, a class as it is or narrower ("an
    album" in "the thirteenth studio album"; "a language" is not "a general-purpose
    language" the other way round)."""
    # (in either number: a class said of several, "noble metals", is said of each)
    keys = [set().union(*(_forms(w) for w in a.key.split())) for a in found.args]
    return all(any(all(_forms(w) & k for w in a.key.split()) for k in keys) for a in claim.args)


def _negation_settles(claim: Record, found: Record, confirmed: int) -> bool:
    """A negation contradicts only the same statement: a verb of substance, and every value
    of the claim said, none of them a time ("has not won since 1986" is another
    statement than "won in 1986")."""
    if _membership(claim, found):
        return True  # "Norway is a member of the EU" / "Norway is not an EU member state"
    if claim.relation in _WEAK_VERBS or not confirmed:
        return False
    return not any(a.kind == "time" for a in claim.args)


def _membership(claim: Record, found: Record) -> bool:
    """Both say only that the subject is a member of one body, named alike (the very name or
    its initials: a member of the UN is no member of the UN Security Council)."""
    if claim.relation != "be" or found.relation != "be" or len(claim.args) != 1:
        return False
    bodies = [a.key for a in found.args if a.prep == "member of"]
    mine = claim.args[0]
    return mine.prep == "member of" and any(
        mine.key == key or _initials_either(mine.key, key) for key in bodies
    )


def _class_denied(claim: Record, found: Record) -> bool:
    """ "X is not a mammal" against "X is a marine mammal" (or the other way round): the
    denied class's words are all in the asserted one's, so one statement denies the other
    ("X is not a good Y" does not deny "X is a Y": "good" is not said there)."""
    if claim.relation != "be" or found.relation != "be":
        return False
    denied, said = (claim, found) if claim.negated else (found, claim)
    classes = [a for a in denied.args if not a.prep]
    if len(classes) != 1 or not classes[0].key:
        return False
    words = set(classes[0].key.split())
    return any(not a.prep and words <= set(a.key.split()) for a in said.args)


# relations that give a count of parts: "has 206 bones", "consists of 206 bones", "is
# made up of 206 bones"
_COUNTING = frozenset({"have", "consist", "contain", "numb", "account", "compose", "comprise"})
_COUNT_PREPS = frozenset({"", "of"})


def _counts(record: Record) -> bool:
    """A make-up said with a count: a counting relation whose arguments are one number
    ("has 206 bones", "consists of 206 bones")."""
    return (
        record.relation in _COUNTING
        and len(record.args) == 1
        and record.args[0].kind == "number"
        and (
            record.args[0].prep in _COUNT_PREPS
            or (record.relation == "account" and record.args[0].prep == "for")
        )
    ) or (
        # "is divided into four chambers": has four chambers
        record.relation == "divid"
        and record.patient
        and len(record.args) == 1
        and record.args[0].kind == "number"
        and record.args[0].prep == "into"
    )


def _both_counts(claim: Record, found: Record) -> tuple[Record, Record] | None:
    """ "has 206 bones" / "consists of 206 bones" / "has no bones": one make-up said two
    ways, both as counts (None: not both counts)."""
    if not _counts(claim):
        return None
    found = _made_of(_none_counted(found))
    if not _counts(found):
        return None
    if _statistics(claim.args[0].text) != _statistics(found.args[0].text):
        return None  # "a maximum depth of 300 metres" / "an average depth of 120 metres"
    return _as_count(claim), _elided_parts(_as_count(found), claim)


# what a figure is a statistic of: "an *average* depth of", "a *maximum* depth of"
_STATISTIC_WORD = re.compile(
    r"\b(?:average|mean|median|typical|maximum|minimum|max|min|peak|combined)\b", re.I
)


def _statistics(text: str) -> frozenset[str]:
    return frozenset(m.group().lower() for m in _STATISTIC_WORD.finditer(text))


# a whole named by what it is made of: "a federal republic of 50 states", "an archipelago of
# 17,508 islands", "a union of 27 member states"
_WHOLE_OF = re.compile(
    r"^(?:an? |the )?(?:[a-z-]+ ){0,3}(?:federation|confederation|republic|union|archipelago|"
    r"chain|group|cluster|collection|league|alliance) of (?P<count>[\d][\d,.]*|[a-z]+)"
    r"(?P<rest>(?: [a-z-]+){1,2})"
)
# words that end what a count counts: "50 states, a district", "27 member states located"
_PARTS_END = frozenset(
    {"a", "an", "the", "and", "or", "in", "with", "along", "of", "that", "which"}
)


def _made_of(record: Record) -> Record:
    """ "The United States is a federal republic of 50 states, ...": a count of its parts
    ("has 50 states"), to compare with a count."""
    if record.relation != "be" or record.negated or len(record.args) != 1:
        return record
    arg = record.args[0]
    m = _WHOLE_OF.match(arg.text.lower())
    if m is None or arg.kind != "number":
        return record
    count = m["count"]
    if not (count[0].isdigit() or word_number(count) is not None):
        return record
    words: list[str] = []
    for word in m["rest"].split():
        if word in _PARTS_END or word.endswith(("ed", "ing")):
            break
        words.append(word)
    if not words:
        return record
    parts = " ".join([count, *words])
    return replace(record, relation="have", args=(replace(arg, text=parts, key=parts),))


def _none_counted(record: Record) -> Record:
    """ "Mercury has no moons": a count of none (0 moons), to compare with a count."""
    if not (record.negated and record.relation in _COUNTING and len(record.args) == 1):
        return record
    arg = record.args[0]
    if not arg.key.startswith("no ") or arg.prep not in _COUNT_PREPS:
        return record
    parts = arg.key.removeprefix("no ")
    none = replace(arg, text=f"0 {parts}", key=f"0 {parts}", kind="number")
    return replace(record, negated=False, args=(none,))


def _as_count(record: Record) -> Record:
    """A count said as "have" with the number as its object, to compare two ways of
    saying one make-up."""
    return replace(record, relation="have", args=(replace(record.args[0], prep=""),))


def _elided_parts(found: Record, claim: Record) -> Record:
    """A bare count whose parts the sentence named before it counts them ("whereas a
    newborn has around 270 bones, an adult skeleton consists of 206"): a count of the
    claim's parts when those are the parts named."""
    mine, theirs = claim.args[0], found.args[0]
    words = mine.key.split()
    if not words or not _BARE_NUMBER.fullmatch(theirs.text) or _BARE_NUMBER.fullmatch(words[-1]):
        return found
    named = re.search(rf"\b{re.escape(words[-1])}\b", found.text, re.IGNORECASE)
    if named is None or named.start() >= found.text.find(theirs.text):
        return found
    parts = f"{theirs.text} {words[-1]}"
    return replace(found, args=(replace(theirs, text=parts, key=f"{theirs.key} {words[-1]}"),))


_BARE_NUMBER = re.compile(r"(?:about |around |some |nearly |over )?[\d,.]+")


_DISTRIBUTIVE = re.compile(r"\b(?:each|every|per|apiece|a piece|on average)\b", re.IGNORECASE)


def _counted(claim: Record, found: Record) -> bool:
    """Two counts of the same parts of the same subject ("has six legs" / "has eight
    legs"): a make-up has one count, unless the evidence counts per part ("two from each
    state")."""
    if not {claim.relation, found.relation} <= _COUNTING:
        return False  # "has treated 699 patients": a running total, not a make-up
    if _DISTRIBUTIVE.search(found.text) or _DISTRIBUTIVE.search(claim.text):
        return False
    for mine in (a for a in claim.args if a.kind == "number"):
        for theirs in (a for a in found.args if a.kind == "number"):
            a, b = mine.key.split(), theirs.key.split()
            same_parts = a and b and stem(a[-1]) == stem(b[-1]) and not a[-1].isdigit()
            # (not an average against a maximum: "a maximum depth of 300 metres")
            same_parts = same_parts and _statistics(mine.text) == _statistics(theirs.text)
            if same_parts and _arg_outcome(mine, theirs) == "conflict":
                return True
    return False


def _class_parts(arg: Arg) -> tuple[str, frozenset[str]]:
    """A class's head noun and the words before it ("czech composer of romantic era":
    "composer", {"czech"})."""
    words = arg.key.split(" of ")[0].split()
    return (words[-1], frozenset(words[:-1])) if words else ("", frozenset())


def _another_kind_of(mine: Arg, theirs: Arg) -> bool:
    """Two classes said with a nationality, of one head noun, sharing no modifier ("a
    Hungarian composer" / "a Czech composer of the Romantic era"; not "a Czech composer" /
    "a Czech Romantic composer")."""
    if mine.prep or theirs.prep or not mine.kind == theirs.kind == "org":
        return False
    head, words = _class_parts(mine)
    their_head, their_words = _class_parts(theirs)
    return (
        bool(head)
        and head == their_head
        and bool(words)
        and bool(their_words)
        and not (words & their_words)
    )


def _another_class(claim: Record, found: Record) -> bool:
    """ "X was a German composer" / "X was a Polish composer": the same kind of thing with
    another nationality. One may hold two (a German-born American), so this is a
    question for the rater, never a cap (see the reader)."""
    if claim.relation != "be" or found.relation != "be":
        return False
    mine = [a for a in claim.args if not a.prep and a.kind == "org"]
    theirs = [a for a in found.args if not a.prep and a.kind == "org"]
    return any(
        (_same_head(m, t) and not _one_within(m, t)) or _another_kind_of(m, t)
        for m in mine
        for t in theirs
    )


# short forms of the names class words hold ("a U.S. Supreme Court justice", folded "u s")
_SHORT_FORMS = {"u s": "united states", "us": "united states", "u k": "united kingdom"}
_SHORT_FORM = re.compile(r"\b(?:u s|us|u k)\b")


def _one_within(mine: Arg, theirs: Arg) -> bool:
    """Two classes of one head noun, one said in more words: the words before one's head
    all among the other's ("a female justice" / "the first female justice"): one kind, not
    two ("an American film actor" / "a British film actor" are two)."""

    def words(arg: Arg) -> set[str]:
        said = _SHORT_FORM.sub(lambda m: _SHORT_FORMS[m.group()], " ".join(arg.key.split()[:-1]))
        return set(said.split()) - {"a", "an", "the"}

    a, b = words(mine), words(theirs)
    return a <= b or b <= a


_YEAR = re.compile(r"\b(?:1[0-9]|20)\d\d\b")


def _dated(claim: Record) -> bool:
    """A role the claim dates ("In 1980, the oldest justice was ..."): roles change hands."""
    return bool(_YEAR.search(claim.text))


def _scope(claim: Record, found: Record) -> str:
    """``equal`` when the roles have the same scope ("of Australia" both), ``narrower``
    when the claim's is not the source's ("in Western Europe" / "in Europe"), ``broader``
    when the source names a scope the claim leaves out ("Earth's highest mountain" for "the
    highest mountain")."""
    mine = {a.key for a in claim.args}
    theirs = {a.key for a in found.args}
    if mine == theirs:
        return "equal"
    if not mine:
        return "broader"
    return "narrower"


# the whole world said several ways: "the deepest lake in the world" / "on the planet"
_WORLD = frozenset({"world", "earth", "planet", "globe"})


def _world_as_one(record: Record) -> Record:
    args = tuple(
        replace(a, key="world", text="the world") if a.key in _WORLD else a for a in record.args
    )
    return replace(record, args=args)


def _another_scope(claim: Record, found: Record) -> Match:
    """The same role of another scope ("the largest state in the contiguous United States"
    against "... in the United States"): it neither says nor denies the claim's (a rules'
    conflict over its holder is dismissed, a rules' support withdrawn)."""
    if not found.args:
        return Match("unrelated", "another scope", "", claim, found)
    scope = ", ".join(a.text for a in found.args)
    return Match(
        "other_subject",
        "another scope",
        f"{found.subject_text} is the {found.relation} of {scope}, another scope",
        claim,
        found,
    )


_ROLE_RANK = re.compile(rf"^(?:({'|'.join(ORDINAL_WORDS)}|(\d{{1,3}})(?:st|nd|rd|th))[- ])?(.+)$")


def _ranked(role: str) -> tuple[int | None, str]:
    """A role's rank and what is ranked: "second-largest country" -> (2, "largest
    country"); "largest country" -> (1, ...): a superlative alone is the first; "40th
    president" -> (40, "president"); "president" -> (None, "president")."""
    m = _ROLE_RANK.match(role.replace("-", " "))
    if m is None:  # pragma: no cover - the pattern matches any text
        return None, role
    word, digits, rest = m.groups()
    first, _, after = rest.partition(" ")
    if first in _SAME_SUPERLATIVE:  # "second-tallest" as "tallest": "highest"
        rest = f"{_SAME_SUPERLATIVE[first]} {after}".strip()
    if word or digits:
        return (ORDINAL_WORDS.get(word or "") or int(digits or 0)), rest
    if _opens_with_superlative(rest):
        return 1, rest
    return None, rest


def _rankings(role: str) -> list[tuple[int | None, str]]:
    """A role's rankings: one, or each of two superlatives said together ("largest and
    most massive natural satellite": the largest and the most massive)."""
    m = _TWO_SUPERLATIVES.match(role)
    if m is None or not (
        _opens_with_superlative(m.group(1)) and _opens_with_superlative(m.group(2))
    ):
        return [_ranked(role)]
    return [_ranked(f"{m.group(1)} {m.group(3)}"), _ranked(f"{m.group(2)} {m.group(3)}")]


def _one_of_two_superlatives(role: str, pair: str) -> str | None:
    """``role`` when ``pair`` says it with another superlative ("largest moon" of "largest
    and most massive moon"), else None."""
    m = _TWO_SUPERLATIVES.match(pair)
    if m is None or not (
        _opens_with_superlative(m.group(1)) and _opens_with_superlative(m.group(2))
    ):
        return None
    return role if role in (f"{m.group(1)} {m.group(3)}", f"{m.group(2)} {m.group(3)}") else None


_TWO_SUPERLATIVES = re.compile(r"^((?:most |least )?\S+) and ((?:most |least )?\S+) (.+)$")


def _measured_by(record: Record, ranked: str) -> frozenset[str]:
    """What a ranking is measured by: as its sentence says, else as its superlative means
    by default ("the largest country": by area; "the largest city": by population; "the
    highest mountain": above sea level)."""
    said = ranking_measures(record.text)
    if said:
        return said
    words = ranked.split()
    head = words[-1] if words else ""
    if words and words[0] in ("largest", "smallest"):
        return frozenset({"population" if head in _SETTLEMENTS else "area"})
    if words and words[0] in ("highest", "lowest"):
        return frozenset({"above sea level"})
    if words[:2] in (["most", "populous"], ["least", "populous"]):
        return frozenset({"population"})
    return frozenset()


def _opens_with_superlative(ranked: str) -> bool:
    words = ranked.split()
    if not words:
        return False
    first = words[0]
    return first in ("most", "least", "best", "worst") or _superlative_base(first) is not None


# what may follow a ranked role's noun to narrow it to another ranking ("the largest
# country bordering Brazil", "the tallest building that ..."): a clause the role's name
# does not hold
_NARROWING = frozenset(
    "that which who whose where with without outside excluding except among besides other "
    "apart".split()
)


def _narrowed(text: str, noun: str) -> bool:
    """The sentence narrows its ranked noun with a clause after it ("the largest country
    bordering Brazil"): a ranking the record does not name."""
    for m in re.finditer(rf"\b{re.escape(noun)}(?:e?s)?\b\s+(\w+)", text, re.IGNORECASE):
        after = m.group(1).lower()
        if after in _NARROWING or after.endswith(("ing", "ed")):
            return True
    return False


def _another_rank(claim: Record, found: Record) -> Match | None:
    """The same subject at another rank of the same role, in the same scope and by the
    same measure ("Canada is the second-largest country in the world" / "... the
    third-largest country in the world"; "the 16th president" / "the 18th president"): a
    subject holds one place in one ranking. None when the ranks or what they rank differ
    otherwise, when the source also gives the claim's rank ("the 22nd and 24th
    president"), when a first place is said after another holder ("after the Volga, the
    longest"), or when either is denied or said of another time."""
    if claim.negated or found.negated or not same_name(claim.subject, found.subject):
        return None
    if _maybe_same_person(claim, found):
        return None  # "Tomas Orvo Varga" for "Tomas Varga": perhaps a namesake
    for mine, ranked in _rankings(claim.relation):
        for theirs, ranked_too in _rankings(found.relation):
            if mine is None or theirs is None or mine == theirs or ranked != ranked_too:
                continue
            if ranked.strip() and _ranks_apart(claim, found, mine, theirs, ranked):
                said = f"the {claim.relation} vs the {found.relation}: {found.subject_text}"
                features = {
                    "confirmed": float(len(claim.args)),
                    "conflicts": 1.0,
                    "claim_args": float(len(claim.args)),
                    "functional": 1.0,
                    "resolved": float(found.resolved),
                }
                return Match("contradiction", "rank", said, claim, found, features)
    return None


def _ranks_apart(claim: Record, found: Record, mine: int, theirs: int, ranked: str) -> bool:
    """Two ranks of one ranking that cannot both hold (see :func:`_another_rank`)."""
    superlative = _opens_with_superlative(ranked)
    if not superlative and not claim.args:
        return False  # "the second planet" of what: a series needs its scope ("of Rome")
    noun = ranked.split()[-1]
    if _narrowed(claim.text, noun) or _narrowed(found.text, noun):
        return False
    if claim.tense != found.tense and superlative:
        return False  # "was the largest" then, "is the second-largest" now
    if {a.key for a in _world_as_one(claim).args} != {a.key for a in _world_as_one(found).args}:
        return False  # "in the United States" / "in the contiguous United States"
    if superlative and _measured_by(claim, ranked) != _measured_by(found, ranked):
        return False  # by volume / by surface area
    for rank_, record in ((mine, claim), (theirs, found)):
        if rank_ == 1 and excepted_holders(record.text):
            return False  # "after the Volga, the longest": the second
    word = claim.relation.split()[0].split("-")[0]
    # the source gives the claim's rank too ("the 22nd and 24th president")
    return not (mine != 1 and rank_also_given(word, found.text))


# roles whose holders English names with common nouns: "the euro", "the Swiss franc"
_COMMONLY_NAMED_ROLES = frozenset({"currency"})


def _common_holders(claim: Record, found: Record) -> bool:
    """A role held by a thing English names with a common noun ("The official currency of
    Switzerland is the euro" / "... is the Swiss franc"), each side naming one, not a
    pronoun's stand-in (a shorter name of the other, "the franc", is the same name:
    :func:`same_name` reads it first)."""
    if claim.relation not in _COMMONLY_NAMED_ROLES or found.relation != claim.relation:
        return False
    return bool(claim.subject and found.subject) and not found.resolved


def _compare_roles(claim: Record, found: Record) -> Match:
    if claim.relation != found.relation:
        ranked = _another_rank(claim, found)
        if ranked is not None:
            return ranked
        one = _one_of_two_superlatives(claim.relation, found.relation)
        if one is not None:
            # "the largest and most massive moon": the largest moon, and the most massive
            return _compare_roles(claim, replace(found, relation=one))
        return Match("unrelated", "another role", "", claim, found)
    claim, found = _world_as_one(claim), _world_as_one(found)
    confirmed, conflicts, _said = _args_agree(claim.args, found.args)
    if conflicts or (claim.args and not confirmed):
        # "the capital of France" and "the capital of Italy": another role; "its" (unknown
        # whose) says nothing either
        return _another_scope(claim, found)
    features = {
        "confirmed": float(confirmed),
        "conflicts": 0.0,
        "claim_args": float(len(claim.args)),
        "functional": 1.0,
        "resolved": float(found.resolved),
    }
    if same_name(claim.subject, found.subject):
        if claim.negated != found.negated:
            return Match(
                "contradiction", "negation", "the same role negated", claim, found, features
            )
        if _scope(claim, found) == "narrower":
            # "the largest lake in Central Europe" does not say "in Europe"
            return _another_scope(claim, found)
        return _holds_role(claim, found, features)
    if claim.negated or found.negated:
        return Match("unrelated", "negated role", "", claim, found, features)
    ranking = _ranked(claim.relation)[1]
    if _opens_with_superlative(ranking) and _measured_by(claim, ranking) != _measured_by(
        found, ranking
    ):
        # "the tallest mountain measured from base to peak" / "the highest above sea level"
        return Match("unrelated", "another measure", "", claim, found, features)
    if _ranked(claim.relation)[0] == 1 and (
        excepted_holders(claim.text) or excepted_holders(found.text)
    ):
        # "After Russia, Canada is the largest country": the second
        return Match("unrelated", "excepted", "", claim, found, features)
    holders = (claim.subject_kind, found.subject_kind)
    scope = _scope(claim, found)
    if scope == "narrower":
        # "the longest river in Western Europe" is not held by Europe's longest
        return _another_scope(claim, found)
    if _one_name_two_ways(claim.subject, found.subject):
        # "Fuji-san" / "Mount Fuji": one telling word, each with its own kind's word
        return Match("unrelated", "named alike", "", claim, found, features)
    if (
        ((claim.subject_proper and found.subject_proper) or _common_holders(claim, found))
        and not found.resolved
        and not {"number", "time"} & set(holders)
        and not _dated(claim)
    ):
        if scope == "broader":
            return Match(
                "contradiction",
                "role_scope",
                f"the {claim.relation}: {found.subject_text} vs {claim.subject_text} (the "
                "source names a scope the claim does not)",
                claim,
                found,
                features,
            )
        return Match(
            "contradiction",
            "unique_role",
            f"the {claim.relation}: {found.subject_text} vs {claim.subject_text}",
            claim,
            found,
            features,
        )
    return Match("unrelated", "unnamed holder", "", claim, found, features)
