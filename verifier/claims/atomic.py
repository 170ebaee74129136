"""Atomic, self-contained claims read from a sentence's dependency parse.

One sentence (a spaCy parse of it, :mod:`verifier.text.parse`) becomes one claim per
clause (coordinated clauses, result clauses, non-restrictive relative clauses and clauses of
place, appositives, "also known as", adjective and participle phrases on a predicate noun,
", with X" phrases, a defining clause on an indefinite object, a participle narrowing the
subject, a narrower adjunct beside the one it narrows, a long passive's adjuncts), and a
clause that lists several values of one slot ("through A, B and C"; "In addition to X, ...")
one claim per value, beside the collection its examples are of when that says more. Each
claim borrows what its clause leaves out from the sentence: the shared subject, its
auxiliaries ("can be caused ... and passed"), the sentence's opening qualifiers of time,
place or condition ("In 1980, ..."). Pronouns and definite descriptions in subject position
are read as the entity they stand for, from a :class:`Memory` of what the answer (and its
prompt) named before; one that cannot be resolved stays and the claim says so.

Every claim keeps the response's words it is made of (``spans``, offsets into the
sentence) and its own span (``start``/``end``: the words no earlier claim of the sentence
holds, the ones its highlight marks). All functions are pure but for the memory, which
the caller threads through the sentences of one answer in order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from verifier.text.spans import YEAR

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

__all__ = ["Memory", "Part", "atomic_parts", "remember"]

# a person's name: two to four capitalised words, not opening with an article
_NAME = re.compile(
    r"^(?![Tt]he\b|[Aa]n?\b)(?:Dr\.? |Mr\.? |Mrs\.? |Ms\.? )?[A-Z][\w'’.-]*(?: [A-Z][\w'’.-]*){1,3}$"
)

_SUBJ = frozenset({"nsubj", "nsubjpass", "csubj", "csubjpass", "expl"})
_AUX = frozenset({"aux", "auxpass", "neg"})
# the dependents that hold a sentence's qualifiers when they open it: "In 1980, ..."
_QUALIFIER = frozenset({"prep", "npadvmod", "advcl", "advmod", "pobj"})
_CONNECTIVE = frozenset(
    {
        "however",
        "therefore",
        "thus",
        "hence",
        "moreover",
        "additionally",
        "furthermore",
        "also",
        "finally",
        "indeed",
        "overall",
        "instead",
        "meanwhile",
        "consequently",
        "still",
        "so",
        "then",
        "now",
        "yes",
        "no",
    }
)
# the marks of a clause that states a fact of its own beside the main one
_GIVEN = frozenset({"because", "since", "while", "whereas", "although", "though", "as"})
_PERSONAL = {"he": "person", "she": "person", "him": "person", "his": "person", "her": "person"}
_NEUTER = {"it": "thing", "its": "thing"}
_PLURAL = {"they": "plural", "them": "plural", "their": "plural"}
_POSSESSIVE = frozenset({"his", "her", "its", "their"})
_DEMONSTRATIVE = frozenset({"this", "that", "these", "those"})
_QUESTION = frozenset({"how", "what", "which", "who", "whom", "whose", "when", "where", "why"})
# "it is believed that X", "it is thought that X": the claim is X
_REPORTING = frozenset(
    {
        "believe",
        "think",
        "know",
        "estimate",
        "say",
        "report",
        "consider",
        "expect",
        "assume",
        "confirm",
        "note",
        "mention",
        "argue",
        "claim",
        "show",
        "find",
        "accept",
    }
)
# "This suggests that X", "These findings show that X": the claim is X
_SHOWING = frozenset({"suggest", "show", "mean", "indicate", "imply", "demonstrate"})
# a list longer than this is split no further (a catalogue, not facts about one subject)
MAX_LIST = 16
# claims read from one sentence at most (a sentence that gives more is read by the rules)
MAX_PARTS = 20


@dataclass(slots=True)
class Entity:
    text: str
    head: str  # the head noun's lemma, lower case
    kind: str  # "person", "thing" or "plural"
    proper: bool
    subject: bool = False  # named as a clause's subject (what "she" or "it" goes on about)
    named_person: bool = False  # the parser's entity reading says a person ("Manuel")


@dataclass(slots=True)
class Memory:
    """What the answer named so far, newest last: what a pronoun or a definite description
    of a later sentence can stand for."""

    entities: list[Entity] = field(default_factory=list)

    def add(self, entity: Entity) -> None:
        self.entities = [*[e for e in self.entities if e.text != entity.text][-31:], entity]

    def find(self, kind: str) -> Entity | None:
        """The latest entity of this kind named as a subject, else the latest named; for a
        person, then a one-word name the parser reads as a person, then a subject's name
        of two to four capitalised words ("Eise Eisinga")."""
        for subject in (True, False):
            for e in reversed(self.entities):
                if e.kind == kind and (e.subject or not subject):
                    return e
        if kind == "person":
            for e in reversed(self.entities):
                if e.named_person or (e.subject and e.proper and _NAME.match(e.text)):
                    return e
        return None

    def described(self, head: str, plural: bool) -> Entity | None:
        """The entity a definite description with this head noun names: the latest one
        with the same head and more words ("the tower" -> "the Eiffel Tower")."""
        for e in reversed(self.entities):
            if e.head == head and (e.kind == "plural") == plural:
                return e
        return None


@dataclass(frozen=True, slots=True)
class Part:
    """One claim of a sentence: offsets into the sentence's text."""

    start: int
    end: int
    claim: str
    spans: tuple[tuple[int, int], ...]
    notes: tuple[str, ...]
    unresolved: bool = False


def _kind(token: Token) -> str:
    if token.ent_type_ == "PERSON" and (
        token.dep_ == "compound" or any(c.dep_ == "compound" for c in token.children)
    ):
        return "person"  # a name of two words or more: "Lawson" alone may be a company
    if token.tag_ in ("NNS", "NNPS"):
        return "plural"
    return "thing"


def entity_of(token: Token, words: str) -> Entity | None:
    """The entity a noun phrase (headed by ``token``, reading ``words``) names, if it
    names one."""
    if token.pos_ not in ("NOUN", "PROPN") or not words or len(words.split()) > 8:
        return None
    if token.ent_type_ in ("DATE", "TIME", "CARDINAL", "ORDINAL", "PERCENT", "MONEY", "QUANTITY"):
        return None  # "September", "2021": no thing "it" or "they" stands for
    first = words.split()[0].lower()
    if first in ("a", "an", "some", "any", "many", "each", "every", "no"):
        return None  # ("no exact answer": nothing a later "it" stands for)
    if first in _QUESTION:
        return None  # "How many times" (a question's words): nothing a pronoun stands for
    if first in _DEMONSTRATIVE and token.pos_ != "PROPN":
        return None
    return Entity(
        words,
        token.lemma_.lower(),
        _kind(token),
        token.pos_ == "PROPN",
        # (a person's name takes no article: "The Louvre" the parser reads as a person is a
        # building, and "he" never stands for it)
        named_person=token.ent_type_ == "PERSON" and first != "the",
    )


def remember(doc: Doc | Span, memory: Memory) -> None:
    """Names of ``doc`` (the prompt's) into the memory: its proper nouns and subjects."""
    for chunk in getattr(doc, "noun_chunks", ()):
        head = chunk.root
        if head.pos_ == "PROPN" or head.dep_ in _SUBJ:
            words = _np_words(chunk)
            if head.dep_ in _SUBJ and head.pos_ == "NOUN":
                # "the daily amount of magnesium for women": with its first complement
                fuller = _np_tokens(head, set())
                for c in [c for c in head.children if c.dep_ == "prep"][1:]:
                    fuller -= _subtree(c)
                if len(fuller) <= 8:
                    words = _joined(head.doc, fuller)
            if (e := entity_of(head, words)) is not None:
                e.subject = True  # what the question is about
                memory.add(e)


def _np_words(chunk: Span) -> str:
    return _joined(chunk.doc, {t.i for t in chunk})


def _joined(doc: Doc, ids: set[int]) -> str:
    """Words as the response spaces them ("C#", "full-length", "Curie's"), no punctuation
    at either end."""
    order = sorted(ids)
    while order and doc[order[0]].is_punct and doc[order[0]].text not in ('"', "“", "'"):
        order.pop(0)
    while (
        order
        and doc[order[-1]].is_punct
        and doc[order[-1]].text not in ('"', "”", "'", ")")
        and not _glued_mark(doc, order[-1], set(order))
    ):
        order.pop()
    out = []
    for n, i in enumerate(order):
        gap = doc[i].whitespace_ if n + 1 < len(order) and order[n + 1] == i + 1 else " "
        out.append(doc[i].text + gap)
    return re.sub(r"\s+", " ", "".join(out)).strip()


# --- building claims from token sets ---------------------------------------------------------
@dataclass(slots=True)
class _Claim:
    tokens: set[int]
    subs: dict[int, str] = field(default_factory=dict)
    drop: set[int] = field(default_factory=set)  # tokens replaced by a sub's first token
    inserted: dict[int, str] = field(default_factory=dict)  # text put before a token
    notes: list[str] = field(default_factory=list)
    unresolved: bool = False
    sources: set[int] = field(default_factory=set)  # words it draws on, not repeated
    made_from: int = -1  # the clause or phrase a side claim was read from


def _subtree(token: Token) -> set[int]:
    return {t.i for t in token.subtree}


def _glued_mark(doc: Doc, i: int, held: set[int]) -> bool:
    """ "F#": a mark written onto the word before it (no space) that is no sentence
    punctuation is part of that word."""
    return (
        i > 0
        and i - 1 in held
        and not doc[i - 1].is_punct
        and not doc[i - 1].whitespace_
        and doc[i].text not in _CLOSING
    )


_CLOSING = frozenset({".", ",", ";", ":", "!", "?", ")", "]", "}", '"', "'", "”", "’", "...", "…"})


def _render(doc: Doc, claim: _Claim) -> tuple[str, list[tuple[int, int]]]:
    """The claim's words in order (with its substitutions) and the spans of the response's
    words it is made of (offsets into the parsed text), punctuation trimmed."""
    order = sorted(claim.tokens)
    words: list[str] = []
    for n, i in enumerate(order):
        token = doc[i]
        if i in claim.inserted:
            words.append(claim.inserted[i] + " ")
        if i in claim.drop:
            continue
        gap = token.whitespace_ if n + 1 < len(order) and order[n + 1] == i + 1 else " "
        said = claim.subs.get(i, token.text)
        if i in claim.subs and words and _CAPITAL_ARTICLE.match(said):
            said = said[0].lower() + said[1:]  # "It is the police's duty", not "The police's"
        words.append(said + gap)
    spans: list[tuple[int, int]] = []
    last = -2
    held = claim.tokens | claim.sources
    for i in sorted(held):
        token = doc[i]
        if token.is_space or (token.is_punct and not _glued_mark(doc, i, held)):
            continue
        s, e = token.idx, token.idx + len(token.text)
        if (
            spans
            and all(doc[j].is_punct or doc[j].is_space for j in range(last + 1, i))
            and (all(j in claim.tokens or j in claim.sources for j in range(last + 1, i)))
        ):
            spans[-1] = (spans[-1][0], e)
        else:
            spans.append((s, e))
        last = i
    return _tidy("".join(words)), spans


# an article written capitalised where its noun phrase opened a sentence
_CAPITAL_ARTICLE = re.compile(r"(?:The|A|An) [a-z]")
_SPACE_PUNCT = re.compile(r"\s+([,.;:!?)])(?![\w(])")  # not ".NET"
_DOUBLE_PUNCT = re.compile(r"([,;:])(?:\s*[,;:])+")


def _tidy(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    text = _SPACE_PUNCT.sub(r"\1", text)
    text = _DOUBLE_PUNCT.sub(r"\1", text)
    text = re.sub(r"\(\s*\)", "", text)
    text = text.strip(" ,;:—–-")
    text = re.sub(r"[,;:—–-]+\s*([.!?])$", r"\1", text)
    text = re.sub(r"^(?:and|but|or|so|while|whereas)\s+", "", text, flags=re.IGNORECASE)
    text = re.sub(r",?\s+(?:and|but|or)(?:\s+rather)?([.!?]?)$", r"\1", text)
    if text and text[-1] not in ".!?":
        text += "."
    return text[:1].upper() + text[1:]


# --- the reading of one sentence ---------------------------------------------------------
def _clause_heads(root: Token) -> list[Token]:
    """The sentence's clauses: its root and the verbs coordinated with it (and with them)."""
    out = [root]
    for child in root.children:
        if (said := _meaning(child) or _reminded(child)) is not None:
            out.extend(_clause_heads(said))
            if said.head.i == child.i and child.i != said.i:  # "keep in mind that X, so Y"
                out.extend(h for c in child.children if _given(c) for h in _clause_heads(c))
        elif (
            (
                child.dep_ == "conj"
                and child.pos_ in ("VERB", "AUX")
                and child.i > root.i
                and not _dangling(child)
            )
            or _given(child)
            or _before_colon(child)
        ):
            out.extend(_clause_heads(child))
    return out


def _before_colon(child: Token) -> bool:
    """ "There has been a female president: Hillary Clinton served as the 45th": the
    clause before a colon that a whole clause follows states a fact of its own (the small
    model reads it as the second clause's complement)."""
    return (
        child.dep_ == "ccomp"
        and child.pos_ in ("VERB", "AUX")
        and child.i < child.head.i
        and _colon_after(child) is not None
        and (_subject(child) is not None or any(c.dep_ == "expl" for c in child.children))
        and _subject(child.head) is not None
    )


def _colon_after(clause: Token) -> int | None:
    """The index of the colon that ends a clause (its last word, or the word after it)."""
    doc, last = clause.doc, clause.right_edge.i
    for i in (last, last + 1):
        if i < clause.head.i and doc[i].text == ":":
            return i
    return None


def _given(child: Token) -> bool:
    """A clause that states a fact of its own beside its head's: "because X", "as X",
    "so X" (a result; not "so that X", a purpose)."""
    if child.dep_ != "advcl" or child.pos_ not in ("VERB", "AUX") or _subject(child) is None:
        return False
    for m in child.children:
        if m.dep_ == "mark" and m.lower_ in _GIVEN:
            return True
        if m.dep_ == "mark" and m.lower_ == "so":
            after = child.doc[m.i + 1] if m.i + 1 < len(child.doc) else None
            return after is None or after.lower_ != "that"
    return False


def _dangling(conj: Token) -> bool:
    """ "leads a team focused on X" parsed as a verb coordinated with the sentence's: no
    "and" or comma joins it, and it follows a noun (a participle of that noun)."""
    doc = conj.doc
    before = doc[conj.i - 1] if conj.i > 0 else None
    joined = any(
        c.dep_ in ("cc", "punct") and c.i < conj.i for c in conj.head.children if c.i > conj.head.i
    )
    return (
        not joined
        and conj.tag_ in ("VBN", "VBD")
        and before is not None
        and before.pos_ in ("NOUN", "PROPN")
        and not any(c.dep_ in _SUBJ or c.dep_ in _AUX for c in conj.children)
    )


def _dangling_after(tok: Token) -> set[int]:
    """The words of a dangling participle (:func:`_dangling`) right after ``tok``'s phrase."""
    for c in tok.doc[tok.right_edge.i + 1 : tok.right_edge.i + 2]:
        if c.dep_ == "conj" and _dangling(c):
            return _subtree(c)
    return set()


# "..., but keep in mind that X": the reader is told X
_REMINDING = frozenset({"keep", "note", "remember", "bear", "consider", "notice"})


def _reminded(token: Token) -> Token | None:
    if token.dep_ != "conj" or token.lemma_ not in _REMINDING or _subject(token) is not None:
        return None
    for c in token.children:
        if c.dep_ == "ccomp" and c.pos_ in ("VERB", "AUX") and _subject(c) is not None:
            return c
    return None


def _meaning(token: Token) -> Token | None:
    """The clause of "..., meaning (that) X" (its head): a fact of its own."""
    if token.dep_ not in ("advcl", "acl", "xcomp") or token.lemma_ != "mean" or token.tag_ != "VBG":
        return None
    for c in token.children:
        if c.dep_ == "ccomp" and c.pos_ in ("VERB", "AUX") and _subject(c) is not None:
            return c
    return None


# "In contrast,", "In fact,", "In general,": how the answer goes on, no qualifier of a fact
_DISCOURSE = frozenset(
    {"contrast", "fact", "general", "summary", "conclusion", "short", "comparison", "sum"}
)


def _discourse(token: Token) -> bool:
    if token.dep_ != "prep" or token.lower_ not in ("in", "by", "on"):
        return False
    objects = [c for c in token.children if c.dep_ == "pobj"]
    return (
        len(objects) == 1
        and objects[0].lemma_.lower() in _DISCOURSE
        and not list(objects[0].children)
    )


def _opening(token: Token, root: Token) -> bool:
    """Whether a word comes before the clause's subject ("However, X is", not "X is still")."""
    subject = _subject(root)
    return token.i < (subject.left_edge.i if subject is not None else root.i)


def _noise(root: Token) -> set[int]:
    """Words no claim of the sentence repeats: "No,", "However,", "based on my knowledge,"
    and the marks of clauses read alone ("because", "that")."""
    out: set[int] = set()
    for c in root.children:
        if (
            c.dep_ == "intj"
            or (c.dep_ in ("advmod", "cc") and c.lower_ in _CONNECTIVE and _opening(c, root))
            or _discourse(c)
            or (
                c.dep_ in ("prep", "advcl", "npadvmod")
                and c.i < root.i
                and any(t.lower_ in ("my", "i", "me") for t in c.subtree)
                and not any(t.like_num for t in c.subtree)  # "as of (my cutoff in) 2021"
            )
        ):
            out |= _subtree(c)
        else:
            continue
        nxt = c.right_edge.i + 1
        if nxt < len(c.doc) and c.doc[nxt].text == ",":
            out.add(nxt)
    return out


def _subject(verb: Token) -> Token | None:
    for child in verb.children:
        if child.dep_ in _SUBJ:
            return child
    return None


def _is_expletive(subject: Token) -> bool:
    """'It' that stands for nothing: "It is difficult to ...", "It is believed that ..."."""
    if subject.dep_ == "expl":
        return True
    if subject.lower_ != "it":
        return False
    head = subject.head
    after = [c for c in head.children if c.i > head.i]
    deps = {c.dep_ for c in after}
    if head.lemma_ in _WEATHER:
        return True  # "it was snowing"
    if head.pos_ == "ADJ" and head.dep_ in ("ccomp", "xcomp", "oprd") and _clause_after(head):
        return True  # "The mud made it difficult to move": ahead of the "to" clause
    complements = [c for c in after if c.dep_ in ("acomp", "attr", "oprd")]
    if any(_role_noun(c) for c in complements):
        return False  # "It was the first country to do so": the country named before
    # the clause "it" stands ahead of, on the verb or on its complement: "It is worth
    # noting that", "it was not illegal for them to attend", "it is a misconception that",
    # "it is considered rude to ..."
    # (after a noun, only a "that" clause: "It was the first ship to cross the Atlantic"
    # speaks of the ship named before)
    clause = _clause_after(head) or any(
        _clause_after(x, infinitive=x.dep_ != "attr") for x in complements
    )
    if head.lemma_ in _LINKING | _REPORTING and complements and clause:
        return True
    if head.lemma_ in _PROPOSITIONAL and deps & {"xcomp", "ccomp"}:
        return True  # "it means that ...": what was just said, no thing named
    raised = [c for c in after if c.dep_ == "xcomp" and c.lemma_ == "be"]
    if (
        head.lemma_ in _REPORTING
        and any(c.dep_ == "auxpass" for c in head.children)
        and raised
        and not deps & {"ccomp"}
        and not any(t.dep_ in ("ccomp", "advcl", "csubj") for t in raised[0].subtree)
    ):
        # "It is estimated to be 21,000 km long": the subject of "to be", raised, names a
        # thing ("It is believed that ...", "it is believed to have taken centuries for the
        # technology to spread" do not)
        return False
    return head.lemma_ in _REPORTING and bool(deps & {"xcomp", "ccomp"})


def _role_noun(token: Token) -> bool:
    """ "the first country", "the largest ship", "the only mammal": a noun whose infinitive
    after it is its holder's act."""
    return token.pos_ == "NOUN" and any(
        c.dep_ == "amod" and (c.tag_ == "JJS" or c.lower_ in ("first", "last", "only"))
        for c in token.children
    )


def _clause_after(token: Token, infinitive: bool = True) -> bool:
    """A clause after ``token``: a complement clause, or a "that" clause, or (when
    ``infinitive``) an infinitive one ("possible for X to ...")."""
    marks = ("to", "that", "for") if infinitive else ("that",)
    return any(
        (c.dep_ == "ccomp" or (infinitive and c.dep_ in ("xcomp", "pcomp")))
        or (
            # ("a misconception that X": the parser may call it a relative clause, but its
            # "that" is a mark, not a relative pronoun)
            c.dep_ in ("advcl", "acl", "relcl")
            and any(m.dep_ in ("aux", "mark") and m.lower_ in marks for m in c.children)
        )
        for c in token.children
        if c.i > token.i
    )


# verbs whose "it" stands ahead of a clause ("it becomes clear that ..."), and the weather's
_LINKING = frozenset({"be", "become", "seem", "remain", "appear", "prove"})
_WEATHER = frozenset({"rain", "snow", "hail", "drizzle", "sleet", "thunder"})


# "it means that X", "it seems that X": "it" is the situation just told
_PROPOSITIONAL = frozenset({"mean", "seem", "appear", "follow", "imply", "happen"})


def _worth_telling(verb: Token) -> Token | None:
    """The clause X of "It is worth noting that X" / "It's worth to note that X"."""
    for worth in (c for c in verb.children if c.dep_ == "acomp" and c.lower_ == "worth"):
        for told in (c for c in worth.children if c.dep_ in ("xcomp", "pcomp")):
            for c in told.children:
                if c.dep_ == "ccomp" and c.pos_ in ("VERB", "AUX") and _subject(c) is not None:
                    return c
    return None


def _reported(verb: Token) -> Token | None:
    """The clause X of "It is believed that X" / "This is because X" (its head), if any."""
    subject = _subject(verb)
    if subject is None:
        return None
    if subject.lower_ == "it" and verb.lemma_ in _REPORTING and verb.tag_ == "VBN":
        for c in verb.children:
            if c.dep_ == "ccomp" and c.pos_ in ("VERB", "AUX"):
                return c
    if subject.lower_ == "it" and verb.lemma_ == "be" and (told := _worth_telling(verb)):
        return told
    demonstrative = subject.lower_ in _DEMONSTRATIVE or any(
        c.dep_ == "det" and c.lower_ in _DEMONSTRATIVE for c in subject.children
    )
    if demonstrative and verb.lemma_ == "be":
        for c in verb.children:
            if c.dep_ == "advcl" and any(m.lower_ == "because" for m in c.children):
                return c
    if demonstrative and verb.lemma_ in _SHOWING:
        for c in verb.children:
            if c.dep_ == "ccomp" and c.pos_ in ("VERB", "AUX") and _subject(c) is not None:
                return c
    return None


def _nonrestrictive(token: Token) -> bool:
    """A clause or phrase set off by a comma (or a dash, or brackets) from its head."""
    left = token.left_edge
    if left.i == 0:
        return False
    if left.is_punct and left.text in ("—", "–", "-") and left.i < token.i:
        return True  # "Sonia Sotomayor - appointed by ...": the dash parsed as the phrase's
    before = left.doc[left.i - 1]
    return before.text in (",", "—", "–", "(", "-")


def _copula(head: Token, verb: Token) -> str:
    plural = head.tag_ in ("NNS", "NNPS") or any(c.dep_ == "conj" for c in head.children)
    past = verb.tag_ == "VBD" or any(
        c.dep_ in ("aux", "auxpass") and c.tag_ == "VBD" for c in verb.children
    )
    return ("were" if plural else "was") if past else ("are" if plural else "is")


def _np_tokens(head: Token, removed: set[int]) -> set[int]:
    """A noun phrase's own words: its subtree without its clauses, appositives and
    lists' other members."""
    out = set()
    for t in head.subtree:
        out.add(t.i)
    for t in head.subtree:
        if t.i in out and _known_as(t) and t.head.i in out:
            out -= _subtree(t)  # "X, also known as Y,": X
        elif t.i in out and t.dep_ in ("relcl", "appos", "acl", "advcl") and t.head.i in out:
            if t.dep_ == "acl" and not _nonrestrictive(t):
                continue
            if t.dep_ in ("relcl", "appos") and not _nonrestrictive(t):
                continue
            out -= _subtree(t)
    for c in head.children:
        if c.dep_ == "conj":
            out -= _subtree(c)
        elif c.dep_ in ("cc", "preconj") or (c.dep_ == "punct" and c.i > head.i):
            out.discard(c.i)
    out -= removed
    # a trailing comma or bracket the cut left
    doc = head.doc
    while (
        out
        and doc[max(out)].is_punct
        and doc[max(out)].text not in (")", "'", '"')
        and max(out) != head.i  # "C#": the head itself is no trailing mark
    ):
        out.discard(max(out))
    return out


def _word_kind(token: Token) -> str:
    if token.pos_ in ("NOUN", "PROPN", "NUM", "X") or token.tag_ == "VBG":  # "sourcing" is
        # tagged a verb and "screening" a noun in one list
        return "noun"
    if token.pos_ == "VERB" and token.dep_ == "amod":
        return "ADJ"  # "simplified and efficient memory": two modifiers of one kind
    return token.pos_


def _same_kind(a: Token, b: Token) -> bool:
    """Members of one list are words of one kind: "the symbol Ra and atomic number 88" is
    no list of "Ra" and "atomic"."""
    return (
        a.pos_ not in ("AUX",)
        and _word_kind(a) == _word_kind(b)
        and (a.pos_ != "VERB" or a.tag_ == "VBG")
    )


def _list_members(token: Token) -> list[Token]:
    members = [token]
    frontier = [token]
    while frontier:
        t = frontier.pop()
        for c in t.children:
            if c.dep_ == "conj" and _same_kind(c, token):
                members.append(c)
                frontier.append(c)
    return sorted(members, key=lambda t: t.i)


def _alternatives(members: list[Token]) -> bool:
    """ "either their spouse's sister or their spouse's mother": a choice, not a list of
    facts; each member alone is not what the sentence says. (A plain "or" often lists
    examples, "similar to 7-Eleven or Circle K", each of which holds.)"""
    joins = {c.lower_ for m in members for c in m.children if c.dep_ in ("cc", "preconj")}
    return bool(joins & {"nor", "either", "neither"})


# units a measure is told in several of at once: "18 hours and 55 minutes", "6 feet 2 inches"
_SUBUNITS = frozenset(
    {
        "year",
        "month",
        "week",
        "day",
        "hour",
        "minute",
        "second",
        "foot",
        "feet",
        "inch",
        "pound",
        "ounce",
        "stone",
        "mile",
        "yard",
        "metre",
        "meter",
        "centimetre",
        "centimeter",
        "degree",
    }
)


def _compound_measure(members: list[Token]) -> bool:
    """ "in 18 hours and 55 minutes": one measure in two units, not two facts."""
    return all(
        m.lemma_.lower() in _SUBUNITS and any(c.dep_ == "nummod" for c in m.children)
        for m in members
    )


def _misparsed(members: list[Token]) -> bool:
    """A member holds a coordination of unlike words ("the symbol Ra and atomic number 88"
    parsed as "Ra and atomic", "symbol and number"), or is a piece of a hyphenated word
    ("the CEO and co-founder of Square" parsed as "CEO", "co", "-", "founder"): the parser
    lost the list's shape, so splitting it would cut a phrase in two; the sentence stays
    one claim."""
    return any(_hyphen_piece(m) for m in members) or any(
        x.dep_ == "conj" and not _same_kind(x, x.head) for m in members for x in m.subtree
    )


def _place_and_region(members: list[Token]) -> bool:
    """ "Tokyo, Japan", "Springfield, Illinois": a place and the region it lies in, joined
    by a comma alone (the parser's conjunction), not a list of two places."""
    if len(members) != 2 or any(c.dep_ in ("cc", "preconj") for m in members for c in m.children):
        return False
    first, second = members
    between = first.doc[first.i + 1 : second.i]
    return (
        [t.text for t in between] == [","]
        and first.ent_type_ in ("GPE", "LOC")
        and second.ent_type_ in ("GPE", "LOC")
    )


def _hyphen_piece(token: Token) -> bool:
    """A member the tokenizer cut from a hyphenated word: the hyphen itself, or a word
    joined with no space to a hyphen that is not its own ("co" and "founder" of
    "co-founder"; "hip-hop" and "7-Eleven" hold theirs)."""
    doc = token.doc
    if token.text == "-" and not token.whitespace_:
        return True
    own = {t.i for t in token.subtree}
    after = token.i + 1
    glued_after = not token.whitespace_ and after < len(doc) and doc[after].text == "-"
    before = token.i - 1
    glued_before = before >= 0 and doc[before].text == "-" and not doc[before].whitespace_
    return (glued_after and after not in own) or (glued_before and before not in own)


def _lists(tokens: set[int], doc: Doc) -> list[list[Token]]:
    """Lists in a clause: coordinated nouns (or adjectives) of one slot, two or more."""
    found = []
    for i in sorted(tokens):
        t = doc[i]
        gerund = t.tag_ == "VBG" and t.dep_ in ("pobj", "pcomp")  # "including sourcing, ..."
        if t.dep_ == "conj" or (t.pos_ not in ("NOUN", "PROPN", "ADJ") and not gerund):
            continue
        if t.pos_ == "ADJ" and t.dep_ not in ("acomp", "attr", "amod"):
            continue
        if t.dep_ in ("compound", "poss", "nmod", "amod") and t.pos_ != "ADJ":
            continue
        if t.pos_ == "ADJ" and t.dep_ == "amod":
            continue
        if t.pos_ == "PROPN" and t.dep_ == "pobj" and t.head.head.pos_ == "PROPN":
            continue  # "Minister for Food, Agriculture and Fisheries": one name
        if t.dep_ in _SUBJ:
            continue  # "Eisinga and his wife had five sons": a joint subject, kept whole
        if t.dep_ == "pobj" and t.head.lower_ in ("with", "between", "among", "amongst"):
            continue  # "shared it with Pierre Curie and Henri Becquerel": done together
        members = _list_members(t)
        if gerund and len(members) < 3:
            continue
        if _misparsed(members) or _alternatives(members) or _compound_measure(members):
            continue
        if _place_and_region(members):
            continue
        if 2 <= len(members) <= MAX_LIST and all(m.i in tokens for m in members):
            found.append(members)
    return found


# a quantity that says nothing: "a variety of habitats, including fields" is "in fields"
_VAGUE_QUANTITY = frozenset(
    {"variety", "range", "number", "host", "array", "lot", "plenty", "selection", "mix"}
)


# words of a described collection past which its examples stand in its place
LONG_GENERIC = 4


def _vague_head(first: Token) -> set[int]:
    """The words of a vague collection a list gives examples of ("a variety of products
    such as"), or nothing: each member then stands in its place."""
    prep = first.head
    if first.dep_ != "pobj" or prep.lower_ not in ("as", "including", "like"):
        return set()
    if prep.lower_ == "as" and not any(c.lower_ == "such" for c in prep.children):
        return set()
    noun = prep.head
    if noun.dep_ == "pobj" and noun.head.lower_ == "of":
        noun = noun.head.head
    if noun.pos_ not in ("NOUN", "PROPN") or noun.dep_ in _SUBJ:
        return set()
    generic = _subtree(noun) - _subtree(prep)
    said = [i for i in generic if not prep.doc[i].is_punct]
    # a long description the examples stand for ("topics related to social and
    # environmental sustainability, such as X") gives way to each example
    if noun.lemma_.lower() not in _VAGUE_QUANTITY and len(said) < LONG_GENERIC:
        return set()
    words = generic | {prep.i}
    words |= {c.i for c in prep.children if c.lower_ == "such"}
    before = prep.left_edge.i - 1
    if before >= 0 and prep.doc[before].is_punct:
        words.add(before)
    return words


def _described_collection(doc: Doc, first: Token, vague: set[int], claim: _Claim) -> _Claim | None:
    """ "research on topics related to social and environmental sustainability, such as
    A, B and C": the described collection is a claim of its own ("research on topics
    related to social and environmental sustainability") beside one claim an example,
    when it says more than a quantity ("a variety of products such as": no claim)."""
    if not vague:
        return None
    prep = first.head
    examples = _subtree(prep) | {c.i for c in prep.children if c.lower_ == "such"}
    examples |= {i for i in vague if doc[i].is_punct and i < prep.i}
    said = [
        doc[i]
        for i in vague - examples
        if not doc[i].is_punct
        and not doc[i].is_stop
        and doc[i].lemma_.lower() not in _VAGUE_QUANTITY
        and doc[i].lower_ != "such"
    ]
    if len(said) < 3:
        return None
    if not any(not doc[i].is_punct for i in claim.tokens - vague - examples):
        return None  # the collection is all the sentence says ("Standards including A, B")
    return _Claim(
        claim.tokens - examples,
        dict(claim.subs),
        set(claim.drop),
        dict(claim.inserted),
        [*claim.notes, "the collection its examples are of"],
        claim.unresolved,
        set(claim.sources),
    )


def _lifted(members: list[Token]) -> list[Token]:
    """A list the parser hung one level too low: "to a mother from Kansas and a father
    from Kenya" read as "Kansas and a father" is the list "a mother ... and a father"."""
    first, later = members[0], members[1:]
    has_det = any(c.dep_ == "det" for m in later for c in m.children)
    if (
        first.dep_ == "pobj"
        and not any(c.dep_ == "det" for c in first.children)
        and has_det
        and first.head.head.pos_ == "NOUN"
        and any(c.dep_ == "det" for c in first.head.head.children)
    ):
        return [first.head.head, *later]
    return members


def _member_tokens(members: list[Token]) -> tuple[set[int], list[set[int]]]:
    """All the words of a list (members, commas, "and") and each member's own words."""
    whole: set[int] = set()
    own: list[set[int]] = []
    member_ids = {m.i for m in members}
    for m in members:
        words = _subtree(m)
        for other in members:
            if other.i != m.i and other.i in words:
                words -= _subtree(other)
        for c in m.children:
            if c.dep_ in ("cc", "punct", "preconj") and c.i in words and c.tag_ != "HYPH":
                words.discard(c.i)  # "7-Eleven" keeps its hyphen
        own.append(words)
        whole |= _subtree(m)
    del member_ids
    # the commas and "and" between members belong to none of them
    doc = members[0].doc
    starts = {m.left_edge.i for m in members[1:]}
    between = set()
    for i in whole:
        if doc[i].dep_ in ("cc", "preconj", "punct") and (
            i + 1 in starts or (i + 2 in starts and doc[i + 1].dep_ in ("cc", "punct"))
        ):
            between.add(i)
    return whole, [w - between for w in own]


def atomic_parts(
    doc: Doc, memory: Memory, *, resolve: bool = True, max_parts: int = MAX_PARTS
) -> list[Part]:
    """The sentence parsed in ``doc`` as atomic, self-contained claims (offsets into
    ``doc.text``), in order; the memory learns the sentence's subjects."""
    parts: list[Part] = []
    for sent in doc.sents:
        found = _sentence_parts(doc, sent, memory, resolve, max_parts - len(parts))
        if found is None:
            return []  # more claims than one sentence gives: the caller reads it by rules
        parts.extend(found)
    return parts


def _sentence_parts(
    doc: Doc, sent: Span, memory: Memory, resolve: bool, room: int
) -> list[Part] | None:
    root = sent.root
    if (inner := _reported(root)) is not None:
        head_note = f"read without its frame {doc[root.left_edge.i : inner.left_edge.i].text!r}"
        claims = _clauses(doc, inner, memory, resolve, frame=head_note)
    else:
        claims = _clauses(doc, root, memory, resolve)
    if len(claims) > room:
        return None
    out: list[Part] = []
    seen: set[int] = set()
    said: set[str] = set()
    for claim in claims:
        text, spans = _render(doc, claim)
        if _GARBLED.search(text):
            return None  # a reading that went wrong ("... it has is which are ..."): the rules
        if not spans or len(re.findall(r"\w+", text)) < 2 or text in said:
            continue
        said.add(text)
        own = sorted(claim.tokens - seen - claim.drop)
        seen |= claim.tokens
        words = [doc[i] for i in own if not doc[i].is_punct and not doc[i].is_space]
        if words:
            start, end = words[0].idx, words[-1].idx + len(words[-1].text)
        else:
            start, end = spans[0][0], spans[-1][1]
        tail = doc.text[end:].rstrip()
        if tail and all(ch in ".!?\"')]»”’*_" for ch in tail):
            end += len(tail)  # the sentence's own full stop: its last claim's highlight ends it
        out.append(Part(start, end, text, tuple(spans), tuple(claim.notes), claim.unresolved))
    return out


# a copula before a relative pronoun or another copula: a claim put together wrongly
_GARBLED = re.compile(
    r"\b(?:is|are|was|were)\s+(?:which|who|whom|whose|is|are|was|were)\b"
    r"|\b(?:has|have|had)\s+(?:is|are|was|were)\s+(?:which|who)\b",
    re.IGNORECASE,
)


def _qualifiers(root: Token) -> set[int]:
    """The sentence's opening qualifiers ("In 1980,", "In Paris,", "If heated,")."""
    subject = _subject(root)
    out: set[int] = set()
    if subject is None:
        return out
    for c in root.children:
        if c.dep_ in _QUALIFIER and c.i < subject.left_edge.i and c.lower_ not in _CONNECTIVE:
            out |= _subtree(c)
            after = c.right_edge.i + 1
            if after < len(c.doc) and c.doc[after].is_punct:
                out.add(after)
    return out


def _owned(heads: list[Token]) -> dict[int, set[int]]:
    """Each clause head's own words (without the other clauses and the "and" between)."""
    owned: dict[int, set[int]] = {}
    for h in heads:
        words = _subtree(h)
        for other in heads:
            if other.i != h.i and other.i in words:
                words -= _subtree(other)
        # the "and" (and comma) that joins a following clause to this one
        joins = {o.left_edge.i - k for o in heads if o.head.i == h.i and o.i > h.i for k in (1, 2)}
        # ... and the colon after a clause before it
        colons = [_colon_after(o) for o in heads if o.i == h.i or o.head.i == h.i]
        joins |= {i for i in colons if i is not None}
        for c in h.children:
            if c.dep_ in ("cc", "punct") and c.i in joins:
                words.discard(c.i)
        owned[h.i] = words
    return owned


def _side_claims(doc: Doc, claim: _Claim, root: Token, heads: set[int]) -> list[_Claim]:
    """Non-restrictive relative clauses, appositives and "also known as" phrases of the
    claim as claims of their own (and out of the claim); a defining clause on an object
    (out of the claim too), a participle narrowing the subject (kept in it)."""
    side: list[_Claim] = []
    sentence = _subtree(root)
    for i in sorted(claim.tokens):
        tok = doc[i]
        if (
            (
                tok.dep_ not in ("relcl", "appos", "acl")
                and not _adjective_phrase(tok)
                and not _known_as(tok)
            )
            or i == claim.made_from
            or i not in sentence
            or i not in claim.tokens
            or tok.head.i not in claim.tokens
        ):
            continue
        about = _described_subject(tok)
        if about is None and not _nonrestrictive(tok):
            side.extend(_restrictive_claims(doc, claim, tok, root, heads))
            continue
        words = _subtree(tok)
        if about is not None and tok.dep_ == "acl":
            words |= _narrowing_after(doc, tok, claim)
        words |= _dangling_after(tok) & claim.tokens
        dep = "known" if _known_as(tok) else tok.dep_
        made = _side_claim(doc, about or tok.head, words, dep, root, heads)
        if not made:
            continue
        for m in made:
            m.made_from = i
        side.extend(made)
        claim.tokens -= words
        if (p := tok.left_edge.i - 1) >= 0 and doc[p].is_punct:
            claim.tokens.discard(p)
        if (q := tok.right_edge.i + 1) < len(doc) and doc[q].text in (",", ")", "—"):
            claim.tokens.discard(q)
    return side


def _restrictive_claims(
    doc: Doc, claim: _Claim, tok: Token, root: Token, heads: set[int]
) -> list[_Claim]:
    """A clause that restricts its noun: "proposes a new approach that prioritizes X" is
    "proposes a new approach" and "the new approach prioritizes X" (:func:`_defining`);
    "The sauce used in X could have existed" is also "The sauce is used in X", the
    subject kept whole in its own claim (:func:`_presupposed`); else nothing."""
    if _defining(tok):
        made = _side_claim(doc, tok.head, _subtree(tok), "relcl", root, heads)
        if made:
            for det in (c for c in tok.head.children if c.dep_ == "det"):
                if det.lower_ in ("a", "an") and det.i in made[0].tokens:
                    made[0].subs[det.i] = "the" if det.i > min(made[0].tokens) else "The"
            claim.tokens -= _subtree(tok)
    elif _presupposed(tok):
        made = _side_claim(doc, tok.head, _subtree(tok), "acl", root, heads)
    elif (named := _identified(tok)) is not None:
        # "One scholar who served as X is Ming Zhou": "One scholar is Ming Zhou" and "Ming
        # Zhou served as X"
        made = _side_claim(doc, named, _subtree(tok), "relcl", root, heads)
        if made:
            claim.tokens -= _subtree(tok)
    else:
        made = []
    for m in made:
        m.made_from = tok.i
    return made


def _defining(relcl: Token) -> bool:
    """A relative clause that describes an object said with "a" or no article ("a new
    approach that ...", "proteins that ...") or a place ("the strategy where ..."): a claim
    of its own, the object's clause one without it. Not a subject's, not after "the only",
    "the first", "the largest": there the clause says which one is meant."""
    noun = relcl.head
    if relcl.dep_ != "relcl" or noun.pos_ != "NOUN" or noun.dep_ not in ("dobj", "pobj"):
        return False
    first = relcl.doc[relcl.left_edge.i]
    if first.tag_ not in ("WDT", "WP", "WRB") or first.lower_ == "when":
        return False
    if first.tag_ != "WRB" and first.dep_ not in ("nsubj", "nsubjpass"):
        return False  # "the book that she wrote": the object's own words, no fact of its own
    if _which_one(noun) or any(c.dep_ == "appos" for c in noun.children):
        return False  # "two shops that closed: A and B": the names say which
    if not any(c.dep_ in ("amod", "compound", "nummod", "prep") for c in noun.children):
        return False  # "reaches a point where X": a noun too light to stand without it
    dets = [c.lower_ for c in noun.children if c.dep_ in ("det", "poss")]
    return not dets or dets[0] in ("a", "an") or first.lower_ == "where"


def _which_one(noun: Token) -> bool:
    """A noun said with "the only", "the first", "the largest": its clause says which
    one is meant, no fact of its own."""
    return any(
        c.tag_ in ("JJS", "RBS") or c.lower_ in ("only", "first", "last", "same", "sole")
        for c in noun.subtree
        if c.i < noun.i
    )


def _identified(relcl: Token) -> Token | None:
    """The name a subject with a relative clause is said to be ("The scholar who chaired
    X is Ming Zhou": "Ming Zhou"), or None."""
    noun = relcl.head
    if relcl.dep_ != "relcl" or noun.dep_ not in ("nsubj", "nsubjpass") or noun.head.lemma_ != "be":
        return None
    first = relcl.doc[relcl.left_edge.i]
    if first.tag_ not in ("WP", "WDT") or first.dep_ not in ("nsubj", "nsubjpass"):
        return None
    attrs = [c for c in noun.head.children if c.dep_ == "attr" and c.i > noun.i]
    if len(attrs) != 1 or attrs[0].pos_ != "PROPN":
        return None
    return attrs[0]


def _presupposed(tok: Token) -> bool:
    """A participle phrase that narrows a clause's subject and states a fact of it: "the
    red sauce typically used in X", "the letters written by Y" (a noun with a determiner,
    the participle with an adverb or a complement)."""
    noun = tok.head
    return (
        tok.dep_ == "acl"
        and tok.tag_ == "VBN"
        and noun.dep_ in ("nsubj", "nsubjpass")
        and noun.pos_ == "NOUN"
        and any(c.dep_ == "det" and c.lower_ in ("the", "a", "an") for c in noun.children)
        and any(c.dep_ in ("prep", "agent") for c in tok.children)
        and not any(c.dep_ in ("relcl", "acl") and c.i != tok.i for c in noun.children)
    )


def _noun_read_as_verb(subject: Token) -> bool:
    """ "Sinking sand, ..., is": the parser's verb ("Sinking") is a noun phrase's first
    word, its object the noun."""
    return (
        subject.dep_ == "csubj"
        and subject.tag_ == "VBG"
        and any(c.dep_ == "dobj" and c.i == subject.i + 1 for c in subject.children)
    )


def _known_as(tok: Token) -> bool:
    """ "X, also known as Y, is ...": another name set off by commas (whatever the parser
    made of it)."""
    return (
        tok.lemma_ == "know"
        and tok.tag_ == "VBN"
        and tok.i > tok.head.i
        and _nonrestrictive(tok)
        and any(c.dep_ == "prep" and c.lower_ == "as" for c in tok.children)
        and not any(c.dep_ in _SUBJ or c.dep_ in _AUX for c in tok.children)  # "who was"
    )


def _adjective_phrase(tok: Token) -> bool:
    """ "a chain of stores, similar to X": an adjective with its complement set off by a
    comma after the noun it describes."""
    return (
        tok.dep_ == "amod"
        and tok.pos_ == "ADJ"
        and tok.i > tok.head.i
        and _nonrestrictive(tok)
        and any(c.dep_ == "prep" for c in tok.children)
    )


def _described_subject(relcl: Token) -> Token | None:
    """The subject a relative clause (or a participle phrase) on a predicate noun speaks
    of: "Mondeca is a company that specializes in X" says "Mondeca specializes in X" (a
    named subject only); "C# is a language developed by Microsoft" says "C# is developed
    by Microsoft" (a pronoun subject too: "It is a plant found in X", read as it stands for)."""
    noun = relcl.head
    # "a type of wet sand that ...": the predicate noun above the one described (not past
    # a comma: "the result of different genes, which control X" is about the genes)
    while (
        noun.dep_ == "pobj"
        and noun.head.dep_ == "prep"
        and noun.head.lower_ == "of"
        and noun.head.head.pos_ == "NOUN"
        and not _nonrestrictive(relcl)
    ):
        noun = noun.head.head
    participle = (relcl.dep_ == "acl" and relcl.tag_ == "VBN") or _adjective_phrase(relcl)
    if (relcl.dep_ != "relcl" and not participle) or noun.dep_ != "attr":
        return None
    if participle and (_which_one(noun) or relcl.head.dep_ == "conj"):
        return None  # "the first album released by X": which album; "A and B based on X"
    if noun.head.lemma_ != "be":
        return None
    if relcl.head.pos_ == "PROPN":
        return None  # "the brand is MAYIM, which means water": the clause is about MAYIM
    subject = _subject(noun.head)
    if subject is None:
        return None
    if subject.pos_ in ("NOUN", "PROPN") or _noun_read_as_verb(subject):
        return subject
    if participle and subject.lower_ in _PERSONAL | _NEUTER | _PLURAL and subject.dep_ == "nsubj":
        return subject
    return None


def _borrow_subject(doc: Doc, claim: _Claim, h: Token, first: Token, subject: Token) -> None:
    """A clause without a subject of its own takes the previous clause's (and the
    auxiliaries it shares: "can be caused ... and passed")."""
    borrowed = _np_tokens(subject, set())
    claim.tokens |= borrowed
    claim.notes.append(
        f"split from a compound sentence; subject {_words(doc, borrowed)!r} carried over"
    )
    if h.tag_ in ("VBN", "VB", "VBG") and not any(c.dep_ in _AUX for c in h.children):
        claim.tokens |= {c.i for c in first.children if c.dep_ in _AUX}


def _left_out(doc: Doc, root: Token, heads: list[Token]) -> set[int]:
    """Words no claim of the sentence keeps: connectives, the marks of clauses read alone,
    the words that frame a clause ("keep in mind that", ", meaning")."""
    noise = _noise(root) | {
        c.i for h in heads for c in h.children if c.dep_ == "mark" and c.lower_ != "if"
    }
    for h in heads:
        if h.dep_ == "ccomp" and _reminded(h.head) is not None:
            # "..., but keep in mind that": the words that tell the reader, and the "but"
            told = h.head
            inside = _subtree(told)
            others = set().union(*(_subtree(o) for o in heads if o.i != told.i and o.i in inside))
            noise |= _subtree(told) - _subtree(h) - others
            noise |= {
                c.i
                for c in told.head.children
                if c.dep_ in ("cc", "punct") and told.left_edge.i - 2 <= c.i < told.left_edge.i
            }
        if h.dep_ == "ccomp" and _meaning(h.head) is not None:
            noise |= {h.head.i} | {
                c.i for c in h.head.children if c.dep_ in ("punct",) and c.i < h.head.i
            }
            if h.head.i > 0 and doc[h.head.i - 1].is_punct:
                noise.add(h.head.i - 1)
    return noise


def _clauses(
    doc: Doc, root: Token, memory: Memory, resolve: bool, frame: str | None = None
) -> list[_Claim]:
    heads = _clause_heads(root)
    head_ids = {h.i for h in heads}
    qualifiers = _qualifiers(root)
    owned = _owned(heads)
    noise = _left_out(doc, root, heads)
    side: list[_Claim] = []
    claims: list[_Claim] = []
    added = _additive(doc, root, owned[root.i] - noise)
    if added is not None:
        claims.append(added)
        noise |= added.sources | _trailing_comma(doc, added.sources)
    previous_subject: Token | None = None
    for n, h in enumerate(heads):
        claim = _Claim(set(owned[h.i]) - noise)
        dropped = {i for i in owned[h.i] & noise if not doc[i].is_punct}
        if n == 0 and dropped and not frame:
            claim.notes.append(f"read without {_words(doc, dropped)!r}")
        subject = _subject(h)
        if subject is None and n > 0 and previous_subject is not None:
            _borrow_subject(doc, claim, h, heads[0], previous_subject)
            subject = previous_subject
        elif n > 0:
            claim.notes.append("split from a compound sentence")
        if subject is not None and subject.dep_ != "expl":
            previous_subject = subject
        if n > 0 and qualifiers and not (qualifiers & claim.tokens):
            claim.tokens |= qualifiers
            claim.notes.append(f"qualifier {_words(doc, qualifiers)!r} carried over")
        if frame:
            claim.notes.append(frame)
        side.extend(_side_claims(doc, claim, root, head_ids))
        side.extend(_participles(doc, claim, h, heads))
        side.extend(_with_phrases(doc, claim, h, heads))
        for part in _split_adjuncts(doc, claim, h):
            claims.extend(_split_list(doc, part))
    for claim in side:
        # a clause inside a relative clause ("genes, which make proteins that fold")
        for inner in [claim, *_side_claims(doc, claim, root, head_ids)]:
            claims.extend(_split_list(doc, inner))
    claims = [c for claim in claims for c in _narrowed(doc, claim)]
    if resolve:
        for claim in claims:
            _resolve(doc, claim, memory)
            _unread_for(doc, claim)
    _learn(doc, heads, memory)
    return claims


# "In addition to X, Y ...", "Besides X, ...": X is one more value of the clause's object
_ADDING = frozenset({("in", "addition", "to"), ("besides",), ("apart", "from"), ("aside", "from")})


def _additive(doc: Doc, root: Token, words: set[int]) -> _Claim | None:
    """ "In addition to groceries, the stores carry snacks and drinks": the claim "the
    stores carry groceries" (the opening phrase's noun in place of the object); the phrase
    is then left out of the clause's other claims (its ``sources``). None when the
    sentence opens with no such phrase or its verb has no object."""
    subject = _subject(root)
    objects = [c for c in root.children if c.dep_ == "dobj"]
    if subject is None or len(objects) != 1:
        return None
    for c in root.children:
        if c.dep_ != "prep" or c.i >= subject.left_edge.i or c.i not in words:
            continue
        said = tuple(t.lower_ for t in c.subtree)
        found = next((k for k in _ADDING if said[: len(k)] == k), None)
        if found is None:
            continue
        value = doc[c.i + len(found)] if c.i + len(found) < len(doc) else None
        if value is None or value.pos_ not in ("NOUN", "PROPN"):
            return None
        noun = _subtree(value) if value.dep_ == "pobj" else set()
        if not noun:
            return None
        phrase = _subtree(c)
        claim = _Claim((words - phrase - _subtree(objects[0])) | {root.i})
        claim.tokens -= _trailing_comma(doc, phrase)
        claim.subs[root.i] = f"{root.text} {_joined(doc, noun)}"
        claim.sources = phrase
        claim.notes.append(f"what {_words(doc, phrase)!r} adds to the object")
        return claim
    return None


def _trailing_comma(doc: Doc, ids: set[int]) -> set[int]:
    after = max(ids) + 1 if ids else len(doc)
    return {after} if after < len(doc) and doc[after].text == "," else set()


def _words(doc: Doc, ids: set[int]) -> str:
    return _tidy(_joined(doc, ids)).rstrip(".")


# a clause longer than this (words) with several adjuncts says one fact per adjunct
LONG_CLAUSE = 16


def _split_adjuncts(doc: Doc, claim: _Claim, head: Token) -> list[_Claim]:
    """ "X moved to Y in 2010 for a five-year term with the agreement of Z": one claim per
    prepositional adjunct after the first (the verb's complement, kept in each), when the
    clause is long and has three or more; a passive's agent ("appointed by Y for a term")
    is one of them, two enough; else the claim as it is."""
    words = [i for i in claim.tokens if not doc[i].is_punct]
    if len(words) <= LONG_CLAUSE:
        return [claim]
    preps = [
        c
        for c in head.children
        if c.dep_ in ("prep", "agent") and c.i > head.i and c.i in claim.tokens
    ]
    # a passive's agent is an adjunct like the others ("appointed by X for a term")
    agent_first = bool(preps) and preps[0].dep_ == "agent"
    if len(preps) < (2 if agent_first else 3) or any(
        c.dep_ in ("conj", "cc") for p in preps for c in p.children
    ):
        return [claim]
    # else the first, the verb's complement ("moved to X"), is kept in each
    rest = preps if agent_first else preps[1:]
    out = []
    for k, prep in enumerate(rest):
        others = set().union(*(_subtree(p) for p in rest if p.i != prep.i))
        out.append(
            _Claim(
                claim.tokens - others,
                dict(claim.subs),
                set(claim.drop),
                dict(claim.inserted),
                [*claim.notes, f"one of {len(rest)} adjuncts: the adjunct {k + 1}"],
                claim.unresolved,
                set(claim.sources),
            )
        )
    return out


def _inflected(verb: Token, subject: Token) -> str:
    """A participle's verb in the present tense, agreeing with a subject ("offering" ->
    "offers")."""
    lemma = verb.lemma_.lower()
    if subject.tag_ in ("NNS", "NNPS") or subject.lower_ in ("they", "we", "you", "i"):
        return lemma
    if lemma == "be":
        return "is"
    if lemma == "have":
        return "has"
    if re.search(r"(?:s|x|z|ch|sh|o)$", lemma):
        return lemma + "es"
    if re.search(r"[^aeiou]y$", lemma):
        return lemma[:-1] + "ies"
    return lemma + "s"


def _participles(doc: Doc, claim: _Claim, h: Token, heads: list[Token]) -> list[_Claim]:
    """ "Lawson operates a food division, offering fresh meals": the participle phrase
    after a comma as a claim of its own about the clause's subject ("Lawson offers fresh
    meals"), taken out of the claim; only in the present tense."""
    out: list[_Claim] = []
    subject = _subject(h)
    if h.tag_ in ("VBZ", "VBP") and subject is not None and subject.pos_ in ("NOUN", "PROPN"):
        for c in h.children:
            if (
                c.dep_ not in ("advcl", "xcomp")
                or c.tag_ != "VBG"
                or c.i not in claim.tokens
                or _subject(c) is not None
                or any(m.dep_ == "mark" for m in c.children)
                or not _nonrestrictive(c)
            ):
                continue
            words = _subtree(c) & claim.tokens
            part = _Claim(
                words | _np_tokens(subject, {x.i for x in heads}),
                {**claim.subs, c.i: _inflected(c, subject)},
                set(claim.drop),
                {},
                [*claim.notes, f"participle phrase of {_words(doc, _np_tokens(subject, set()))!r}"],
                claim.unresolved,
                set(claim.sources),
            )
            claim.tokens -= words
            if (p := c.left_edge.i - 1) >= 0 and doc[p].is_punct:
                claim.tokens.discard(p)
            out.append(part)
    return out


# ", particularly in X": a narrower statement beside the one it narrows
_NARROWING = frozenset(
    {"particularly", "especially", "mainly", "mostly", "primarily", "chiefly", "notably"}
)


def _narrowing(prep: Token) -> Token | None:
    """The mark of a narrower adjunct (", particularly in X"): its comma's index's word."""
    for c in prep.children:
        if c.dep_ == "advmod" and c.lower_ in _NARROWING and 0 < c.i < prep.i:
            return c if prep.doc[c.i - 1].text == "," else None
    return None


def _narrowing_after(doc: Doc, participle: Token, claim: _Claim) -> set[int]:
    """ "It is a plant found in X, particularly in Y": the narrower adjunct the parser
    hung on the noun (or the clause's verb) belongs to the participle phrase just before
    it."""
    for c in [*participle.head.children, *participle.head.head.children]:
        mark = _narrowing(c) if c.dep_ == "prep" and c.i in claim.tokens else None
        if mark is not None and mark.i - 2 == participle.right_edge.i:
            return _subtree(c) | {mark.i - 1}
    return set()


def _narrowed(doc: Doc, claim: _Claim) -> list[_Claim]:
    """ "X is found in many regions, particularly in wet areas": two claims, "X is found
    in many regions" and "X is found particularly in wet areas" (the narrower adjunct in
    place of the ones before it); else the claim as it is."""
    for i in sorted(claim.tokens):
        prep = doc[i]
        mark = _narrowing(prep) if prep.dep_ == "prep" else None
        if mark is None:
            continue
        comma = mark.i - 1
        verb = prep.head
        if verb.i not in claim.tokens:
            # the parser hung it on the verb of the sentence the claim was read from
            verb = next(
                (t for t in doc[comma - 1].ancestors if t.i in claim.tokens and t.dep_ == "acl"),
                verb,
            )
            if verb.i not in claim.tokens:
                continue
        before = [
            c
            for c in verb.children
            if verb.i < c.i < comma and c.dep_ in ("prep", "advmod", "npadvmod", "agent")
        ]
        if not before:
            continue
        general = set().union(*(_subtree(c) for c in before))
        narrow = _subtree(prep) | {comma}
        out = []
        for words, note in (
            (claim.tokens - narrow, "without its narrower adjunct"),
            (
                claim.tokens - general - {comma},
                f"the narrower adjunct {_words(doc, _subtree(prep))!r}",
            ),
        ):
            out.append(
                _Claim(
                    words,
                    dict(claim.subs),
                    set(claim.drop),
                    dict(claim.inserted),
                    [*claim.notes, note],
                    claim.unresolved,
                    set(claim.sources),
                )
            )
        return out
    return [claim]


def _shared_object(members: list[Token], own: list[set[int]]) -> list[set[int]]:
    """ "sourcing, screening and hiring candidates": the last verb's object is every
    member's ("sourcing candidates"), when the others have none of their own."""
    last = members[-1]
    objects = [c for c in last.children if c.dep_ == "dobj"]
    if len(objects) != 1 or not all(_verbal(m) for m in members):
        return own
    if any(c.dep_ not in ("cc", "punct", "conj") for m in members[:-1] for c in m.children):
        return own
    shared = _subtree(objects[0])
    return [words | shared if k < len(own) - 1 else words for k, words in enumerate(own)]


def _shared_of(members: list[Token], own: list[set[int]]) -> list[set[int]]:
    """ "the CEO and co-founder of Square": the one "of" phrase of a list of roles is every
    member's ("the CEO of Square"), whichever member the parse hangs it on, when the others
    have no phrase of their own (never "Dorsey is also the CEO." alone)."""
    if not all(m.pos_ == "NOUN" for m in members) or members[0].dep_ in _SUBJ:
        return own  # (a list of subjects is another matter)
    ofs = [[c for c in m.children if c.dep_ == "prep" and c.lower_ == "of"] for m in members]
    holders = [k for k, found in enumerate(ofs) if found]
    if len(holders) != 1 or len(ofs[holders[0]]) != 1:
        return own
    kept = ("det", "amod", "compound", "cc", "punct", "conj", "poss")
    others = [m for k, m in enumerate(members) if k != holders[0]]
    if any(c.dep_ not in kept for m in others for c in m.children):
        return own
    shared = _subtree(ofs[holders[0]][0])
    return [words | shared for words in own]


def _verbal(token: Token) -> bool:
    """A verb or a gerund (the parser reads "screening" in a list of them as a noun)."""
    return token.pos_ == "VERB" or token.tag_ == "VBG" or token.lower_.endswith("ing")


def _with_phrases(doc: Doc, claim: _Claim, h: Token, heads: list[Token]) -> list[_Claim]:
    """ ", with X" after a clause, taken out of its claim: "with higher numbers meaning Y"
    is the claim "Higher numbers mean Y"; "It is fast, with features such as Z" (a thing's
    subject) is "It has features such as Z"."""
    subject = _subject(h)
    out: list[_Claim] = []
    # (the parser may hang it on the clause's object: "has the highest number of plants in
    # the world, with 94 reactors", "is the second largest country, with an area of ...")
    objects = [c for c in h.children if c.dep_ in ("dobj", "attr")]
    holder = _named_attr(h)
    for prep in [*h.children, *(c for o in objects for c in o.children)]:
        if (
            prep.dep_ != "prep"
            or prep.lower_ != "with"
            or prep.i < h.i
            or prep.i not in claim.tokens
            or (doc[prep.i - 1].text != "," and not _measure_of_name(prep, holder))
        ):
            continue
        if holder is not None and _measure_of_name(prep, holder):
            # "The most populated city is Tokyo, Japan with a population of 37 million":
            # what the name after "is" has (Tokyo), not the role it holds
            subject = holder
        words = _subtree(prep) & claim.tokens
        clause = next((c for c in prep.children if c.dep_ == "pcomp" and c.tag_ == "VBG"), None)
        noun = next((c for c in prep.children if c.dep_ == "pobj"), None)
        agent = _subject(clause) if clause is not None else None
        if clause is None and noun is not None:
            # "with lower values meaning X" parsed as a noun and its participle
            clause = next((c for c in noun.children if c.dep_ == "acl" and c.tag_ == "VBG"), None)
            agent = noun if clause is not None else None
        if clause is not None and agent is not None and _having(agent, h) != "had":
            # (only in the present: its participle is said in the present tense)
            said = noun if noun is not None and agent.i == noun.i else clause
            clause_words = _subtree(said) & words
            part = _Claim(set(clause_words), {clause.i: _inflected(clause, agent)})
            part.notes.append("absolute phrase after 'with'")
            if _has_reading(subject, agent) or (subject is not None and subject.lower_ == "it"):
                # "For glide ratio, higher numbers mean ...": what the numbers are of
                assert subject is not None
                named = _np_tokens(subject, {x.i for x in heads})
                part.tokens |= named
                part.inserted[min(named)] = "For"
                if doc[min(named)].lower_ in ("the", "a", "an"):
                    part.subs[min(named)] = doc[min(named)].lower_
                part.inserted[min(clause_words)] = ","
                part.notes.append(f"read for {_words(doc, named)!r}")
        elif (
            noun is not None
            and _has_reading(subject, noun)
            # (on the object, "with a portion of the population involved in it" is an absolute
            # phrase the parser hung there: no having)
            and not (
                prep.head.i != h.i
                and any(t.dep_ == "acl" and t.tag_ == "VBN" for t in noun.subtree)
            )
        ):
            assert subject is not None
            named_words = _np_tokens(subject, {x.i for x in heads}) - {prep.i}
            part = _Claim((_subtree(noun) & words) | named_words)
            part.inserted[noun.left_edge.i] = _having(subject, h)
            part.notes.append(f"what {_words(doc, _np_tokens(subject, set()))!r} has")
        else:
            continue
        part.subs = {**claim.subs, **part.subs}
        part.unresolved = claim.unresolved
        out.append(part)
        claim.tokens -= words | ({prep.i - 1} if doc[prep.i - 1].text == "," else set())
    return out


def _unread_for(doc: Doc, claim: _Claim) -> None:
    """An absolute phrase read "For it, ..." where "it" stood for nothing found: said
    without the "For it," (:func:`_with_phrases`)."""
    for i, text in list(claim.inserted.items()):
        if text == "For" and doc[i].pos_ == "PRON" and i not in claim.subs:
            claim.tokens.discard(i)
            del claim.inserted[i]
            for j, mark in list(claim.inserted.items()):
                if mark == ",":
                    del claim.inserted[j]
            claim.unresolved = False
            claim.notes = [
                n for n in claim.notes if "not resolved" not in n and not n.startswith("read for")
            ]


# what a place or a thing has that a number measures ("with a population of 37 million")
_MEASURE_NOUNS = frozenset(
    {"population", "area", "height", "length", "depth", "diameter", "elevation", "capacity"}
)


def _named_attr(h: Token) -> Token | None:
    """The name after "is" whose role the subject says ("The most populated city in the
    world is Tokyo"), or None."""
    if h.lemma_ != "be":
        return None
    subject = _subject(h)
    if subject is None or subject.pos_ != "NOUN":
        return None
    return next((c for c in h.children if c.dep_ == "attr" and c.pos_ == "PROPN"), None)


def _measure_of_name(prep: Token, named: Token | None) -> bool:
    """ "... is Tokyo, Japan with a population of 37 million": a measure after the name,
    with no comma before "with"."""
    noun = next((c for c in prep.children if c.dep_ == "pobj"), None)
    return (
        named is not None
        and noun is not None
        and noun.lemma_.lower() in _MEASURE_NOUNS
        and prep.i > named.i
        and any(c.dep_ == "prep" and c.lower_ == "of" for c in noun.children)
    )


def _has_reading(subject: Token | None, noun: Token) -> bool:
    """Whether "S, with N" says "S has N": a thing's subject (not a person's: "he lived
    there, with his wife"), a noun with no possessive."""
    if subject is None or subject.lower_ in ("he", "she", "i", "we", "you"):
        return False
    if subject.ent_type_ == "PERSON" or subject.lower_ in _DEMONSTRATIVE:
        return False
    return noun.pos_ == "NOUN" and not any(c.dep_ == "poss" for c in noun.children)


def _having(subject: Token, verb: Token) -> str:
    plural = subject.tag_ in ("NNS", "NNPS") or subject.lower_ in ("they", "we")
    past = verb.tag_ == "VBD" or any(c.tag_ == "VBD" for c in verb.children if c.dep_ in _AUX)
    return "had" if past else ("have" if plural else "has")


def _split_list(doc: Doc, claim: _Claim) -> list[_Claim]:
    """One claim per member of the clause's first list ("through A, B and C")."""
    lists = _lists(claim.tokens, doc)
    if not lists:
        return [claim]
    members = _lifted(max(lists, key=len))
    whole, own = _member_tokens(members)
    own = _shared_object(members, own)
    own = _shared_of(members, own)
    vague = _vague_head(members[0]) & claim.tokens
    whole |= vague
    whole &= claim.tokens
    own = [w & claim.tokens for w in own]
    out = []
    if (general := _described_collection(doc, members[0], vague, claim)) is not None:
        out.append(general)
    for k, words in enumerate(own):
        inserted = dict(claim.inserted)
        if k and words and own[0]:
            # what was put before the list's first word ("Square, a ... and a ..." read as
            # "Square is a ..."), put before this member's
            lead = inserted.pop(min(own[0]), None) if min(own[0]) not in words else None
            article = _article_for(members[0], members[k], words)
            said = " ".join(w for w in (lead, article) if w)
            if said:
                inserted[min(words)] = said  # "a physicist and chemist": "was a chemist"
        out.append(
            _Claim(
                (claim.tokens - whole) | words,
                dict(claim.subs),
                set(claim.drop),
                inserted,
                [*claim.notes, f"one of a list of {len(members)}: the member {k + 1}"],
                claim.unresolved,
                set(claim.sources),
            )
        )
    return out


def _article_for(first: Token, member: Token, words: set[int]) -> str | None:
    """The article a later member of a list shares with the first ("a physicist and
    chemist", "the CEO and founder"): the first's own, "a" or "an" as the member's first
    word sounds; None when the member has a determiner of its own, or the first none."""
    if member.pos_ != "NOUN" or any(c.dep_ in ("det", "poss") for c in member.children):
        return None
    det = next((c for c in first.children if c.dep_ == "det"), None)
    if det is None or det.lower_ not in ("a", "an", "the"):
        return None
    if det.lower_ == "the":
        return "the"
    if member.tag_ != "NN":
        return None  # "within a few hours or days": no "a days"
    opening = member.doc[min(words)].text
    return "an" if opening[:1].lower() in "aeiou" else "a"


def _side_claim(
    doc: Doc, head: Token, words: set[int], dep: str, root: Token, heads: set[int]
) -> list[_Claim]:
    """A relative clause or appositive as a claim about the noun it describes."""
    noun = _np_tokens(head, (heads | words) - {head.i})  # (a noun may be the sentence's root)
    if not noun or not words:
        return []
    name = _words(doc, noun)
    # a dash the parse gave the phrase ("Sonia Sotomayor - appointed by ...") sets it off
    words = {i for i in words if not (i == min(words) and doc[i].text in ("—", "–", "-"))}
    if not words:
        return []
    first = min(words)
    if dep == "relcl":
        pron = next(
            (
                doc[i]
                for i in sorted(words)
                if doc[i].tag_ in ("WP", "WDT", "WP$")
                and doc[i].dep_ in ("nsubj", "nsubjpass", "poss")
            ),
            None,
        )
        if pron is None:
            return _relative_of_place(doc, words, name)
        if pron.tag_ == "WP$":  # "X, whose father was Y": "X's father was Y"
            claim = _Claim(set(words), sources=set(noun))
            claim.subs[pron.i] = name + "'s"
        elif min(noun) > pron.i:  # the name said after the clause: in the pronoun's place
            claim = _Claim(set(words), sources=set(noun))
            claim.subs[pron.i] = name
        else:  # the noun's own words in the pronoun's place (a pronoun in them is read later)
            claim = _Claim(set(words) | noun)
            claim.subs[pron.i] = ""
        claim.notes.append(f"relative clause about {name!r}")
        return [claim]
    if dep == "acl":
        verb = next((doc[i] for i in words if doc[i].dep_ == "acl"), None)
        if verb is None or verb.tag_ != "VBN":
            return []
    elif dep in ("amod", "known"):
        pass  # "X, similar to Y", "X, also known as Y": checked by the caller
    elif doc[first].is_punct or (first > 0 and doc[first - 1].text == "("):
        return []  # "(HAuCl4)", "(NeurIPS 2017)": a name said again, no claim
    else:
        appos = next((doc[i] for i in words if doc[i].dep_ == "appos"), None)
        # "Honolulu, Hawaii" is a place said more exactly, not a claim about Honolulu
        if appos is None or (appos.pos_ == "PROPN" and head.pos_ == "PROPN"):
            return []
        if head.dep_ == "attr" and any(c.dep_ == "conj" for c in head.children):
            # "X is the CEO and co-founder of Velta, a payments firm": the parser hangs the
            # description of the list's last object on the list's first noun
            return []
        if appos.pos_ != "PROPN" and not any(
            c.dep_ in ("det", "poss", "amod", "nummod") for c in appos.children
        ):
            return []
    claim = _Claim(set(words) | noun)
    claim.inserted[first] = _copula(head, root)
    if dep == "acl" and any(doc[i].ent_type_ == "DATE" and YEAR.search(doc[i].text) for i in words):
        # "X - appointed by Y in 1981": a dated event is said in the past
        plural = claim.inserted[first] in ("are", "were")
        claim.inserted[first] = "were" if plural else "was"
    kind = {"appos": "appositive", "amod": "adjective phrase", "known": "another name"}.get(
        dep, "participle phrase"
    )
    claim.notes.append(f"{kind} of {name!r}")
    return [claim]


def _relative_of_place(doc: Doc, words: set[int], name: str) -> list[_Claim]:
    """ "..., at Acme, where he leads a team": "he leads a team" (a clause of its own, its
    subject read later), its "where" or "when" left out."""
    first = doc[min(words)]
    verb = first.head
    subject = _subject(verb)
    if first.tag_ != "WRB" or first.lower_ not in ("where", "when") or subject is None:
        return []
    if verb.head.dep_ == "ROOT":
        return []  # "1500 BC, when X": a fragment; the sentence is that clause
    claim = _Claim(set(words) - {first.i})
    if subject.pos_ == "PRON":
        # "Ann Lee works at Acme, where she leads a team": "she" is the sentence's subject
        said = next(
            (
                _subject(a)
                for a in verb.head.ancestors
                if a.pos_ in ("VERB", "AUX") and _subject(a) is not None
            ),
            None,
        )
        if subject.lower_ not in ("he", "she") or said is None:
            return []
        if said.pos_ == "PROPN":
            named = _words(doc, _np_tokens(said, set()))
            claim.subs[subject.i] = named
            claim.notes.append(f"{subject.text!r} read as {named!r} (the sentence's subject)")
        elif said.lower_ != subject.lower_:
            return []  # else "She moved to X, where she met Y": read as the first "she"
    claim.notes.append(f"relative clause of place or time about {name!r}")
    return [claim]


def _resolve(doc: Doc, claim: _Claim, memory: Memory) -> None:
    """Pronouns and definite descriptions of the claim's subject read as what they name."""
    for i in sorted(claim.tokens):
        tok = doc[i]
        low = tok.lower_
        # subjects, possessives anywhere ("his contributions"), and "them" anywhere
        wanted = tok.dep_ in ("nsubj", "nsubjpass", "poss") or (
            low == "them" and tok.pos_ == "PRON"
        )
        if not wanted or i in claim.subs:
            continue
        kind = _PERSONAL.get(low) or _NEUTER.get(low) or _PLURAL.get(low)
        if kind is not None and tok.pos_ == "PRON":
            _resolve_pronoun(doc, claim, tok, kind, memory)
        elif tok.pos_ in ("NOUN", "PROPN") and tok.dep_ in ("nsubj", "nsubjpass"):
            _resolve_description(claim, tok, memory)
        elif (
            tok.pos_ == "PRON"
            and low in _DEMONSTRATIVE
            and tok.tag_ != "WDT"  # "that" of a relative clause
            and tok.dep_ in ("nsubj", "nsubjpass")
        ):
            claim.unresolved = True
            claim.notes.append(f"subject {tok.text!r} not resolved: checked as written")


def _resolve_pronoun(doc: Doc, claim: _Claim, tok: Token, kind: str, memory: Memory) -> None:
    low = tok.lower_
    if low == "it" and _is_expletive(tok):
        return
    if _clause_subject(tok, kind) is not None:
        return  # "it reached number one and maintained its position": the subject's own
    found = _in_sentence(doc, tok, kind, memory) if kind != "person" else None
    found = found or memory.find(kind)
    if found is None and kind == "plural":
        # a band, a team, a company: "they" for a name said once, a subject's first
        found = next(
            (e for e in reversed(memory.entities) if e.proper and e.subject and e.kind != "person"),
            None,
        )
        found = (
            found
            or next((e for e in reversed(memory.entities) if e.proper and e.kind != "person"), None)
            or next((e for e in reversed(memory.entities) if e.proper and e.subject), None)
        )
    in_subject = tok.dep_ in ("nsubj", "nsubjpass") or (
        tok.dep_ == "poss" and tok.head.dep_ in ("nsubj", "nsubjpass")
    )
    if found is not None and not in_subject and _names_already(doc, claim, found):
        return  # "The Cullinan diamond weighed 3,106 carats in its rough form"
    if found is None:
        if in_subject:  # one elsewhere in the claim leaves its subject named
            claim.unresolved = True
            claim.notes.append(f"subject {tok.text!r} not resolved: checked as written")
        return
    text = found.text
    if low in _POSSESSIVE or (low == "her" and tok.dep_ == "poss"):
        text += "'" if text.endswith("s") else "'s"
    claim.subs[tok.i] = text
    claim.notes.append(f"{tok.text!r} read as {found.text!r}")


def _clause_subject(tok: Token, kind: str) -> Token | None:
    """For "its" or "their" in a clause whose subject is a pronoun of its kind (the
    subject of the clause it is joined to, when it has none), that pronoun."""
    if tok.lower_ not in ("its", "their") or tok.dep_ != "poss":
        return None
    verb = tok.head.head if tok.head.dep_ in ("dobj", "pobj", "attr") else None
    while verb is not None and verb.pos_ == "ADP":
        verb = verb.head  # "for its size"
    if verb is None or verb.pos_ not in ("VERB", "AUX"):
        return None
    subject = _subject(verb)
    if subject is None and verb.dep_ == "conj":
        subject = _subject(verb.head)
    if subject is None or subject.pos_ != "PRON":
        return None
    return subject if (_NEUTER.get(subject.lower_) or _PLURAL.get(subject.lower_)) == kind else None


def _resolve_description(claim: _Claim, tok: Token, memory: Memory) -> None:
    """ "the tower" read as "the Eiffel Tower" named before; "this idea" unresolved says so;
    "the specific amount" after "the daily amount of magnesium" is "the specific amount of
    magnesium" (its own words, and the complement of the fuller mention)."""
    dets = [c for c in tok.children if c.dep_ == "det"]
    if len(dets) != 1 or any(c.dep_ not in ("det", "punct", "amod") for c in tok.children):
        return
    if any(c.dep_ == "amod" for c in tok.children):
        _complemented(claim, tok, dets[0], memory)
        return
    det = dets[0]
    if det.lower_ not in ("the", "this", "these", "that", "those"):
        return
    said = f"{det.text} {tok.text}"
    found = memory.described(tok.lemma_.lower(), tok.tag_ in ("NNS", "NNPS"))
    if found is None or len(found.text.split()) < 2:
        if det.lower_ != "the":
            claim.unresolved = True
            claim.notes.append(f"subject {said!r} not resolved: checked as written")
        return
    if found.text.lower() == said.lower():
        return
    claim.subs[det.i] = found.text
    claim.drop.add(tok.i)
    claim.notes.append(f"{said!r} read as {found.text!r}")


def _complemented(claim: _Claim, tok: Token, det: Token, memory: Memory) -> None:
    """A definite description with its own adjectives takes the complement ("of X") its
    fuller earlier mention has after the same noun."""
    if det.lower_ != "the" or (tok.i + 1 < len(tok.doc) and tok.doc[tok.i + 1].dep_ == "prep"):
        return
    found = memory.described(tok.lemma_.lower(), tok.tag_ in ("NNS", "NNPS"))
    if found is None:
        return
    words = found.text.split()
    at = next((k for k, w in enumerate(words) if w.lower() == tok.lower_), None)
    if at is None or at + 2 > len(words) - 1 or words[at + 1].lower() not in ("of", "for", "in"):
        return
    suffix = " ".join(words[at + 1 :])
    claim.subs[tok.i] = f"{tok.text} {suffix}"
    claim.notes.append(f"{tok.text!r} read with the complement of {found.text!r}")


def _names_already(doc: Doc, claim: _Claim, entity: Entity) -> bool:
    """Whether the claim already says the entity's name (as a word read for a pronoun or
    in its own words)."""
    said = " ".join(
        [*claim.subs.values(), *(doc[i].text for i in sorted(claim.tokens) if i not in claim.subs)]
    ).lower()
    return entity.text.lower() in said


# words that say how sure a figure is, which "there is no exact number of X" denies
_SURE_WORDS = frozenset(
    "exact precise definitive definite official known single fixed agreed accurate specific "
    "certain universal".split()
)


def _denied_figure(pronoun: Token) -> Entity | None:
    """ "There is no exact number of neurons in the brain, but it is estimated to be around
    100 billion": "it" is the number of neurons in the brain, which the first clause only
    says no one knows exactly."""
    verb = pronoun.head
    if pronoun.lower_ != "it" or pronoun.dep_ not in _SUBJ or verb.dep_ != "conj":
        return None
    first = verb.head
    if not any(c.dep_ == "expl" for c in first.children):
        return None
    noun = next((c for c in first.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
    if noun is None or not any(c.dep_ == "det" and c.lower_ == "no" for c in noun.children):
        return None
    if not any(c.dep_ == "prep" and c.lower_ == "of" for c in noun.children):
        return None  # "there is no exact answer, but it ...": what it is of is not said
    denial = {
        c.i
        for c in noun.children
        if c.dep_ == "det" or (c.dep_ == "amod" and c.lower_ in _SURE_WORDS)
    }
    words = _joined(pronoun.doc, _np_tokens(noun, denial)).strip()
    return Entity(f"the {words}", noun.lemma_.lower(), "thing", False)


def _named_in_opening_clause(pronoun: Token) -> Entity | None:
    """ "Although Argentina has been a strong team, they have not won since 1986": "they"
    is the team, country or body named in the clause that opens the sentence ("they" of a
    name said in the singular), not a plural of the sentence before."""
    if pronoun.lower_ != "they" or pronoun.dep_ not in _SUBJ:
        return None
    for clause in pronoun.head.children:
        if clause.dep_ != "advcl" or clause.i > pronoun.i:
            continue
        named = _subject(clause)
        if (
            named is not None
            and named.pos_ == "PROPN"
            and named.ent_type_ in ("GPE", "ORG", "NORP")
        ):
            return entity_of(named, _words(pronoun.doc, _np_tokens(named, set())))
    return None


def _reported_subject(pronoun: Token, kind: str) -> Entity | None:
    """ "Evidence suggests that ironworking began around 200 BCE, but it did not spread
    until later": "it" of a clause joined to a report is the reported clause's subject, not
    the evidence, nor a name inside the report."""
    if pronoun.lower_ != "it" or pronoun.dep_ not in _SUBJ or pronoun.head.dep_ != "conj":
        return None
    reported = next((c for c in pronoun.head.head.children if c.dep_ == "ccomp"), None)
    said = _subject(reported) if reported is not None else None
    if said is None or kind != "thing":
        return None
    words = _joined(pronoun.doc, _np_tokens(said, set())).strip()
    if said.tag_ == "VBG" and said.dep_ == "csubj" and len(words.split()) <= 6:
        # ("ironworking" read as a verb: a gerund subject names an activity)
        return Entity(words, said.lemma_.lower(), "thing", False)
    if said.pos_ not in ("NOUN", "PROPN") or _kind(said) != kind:
        return None
    return entity_of(said, words)


def _in_sentence(doc: Doc, pronoun: Token, kind: str, memory: Memory) -> Entity | None:
    """What "it" or "they" stands for in its own sentence: a noun phrase before it of its
    number, the one the answer already spoke of first, else the subject, else the nearest."""
    denied = _denied_figure(pronoun)
    if denied is not None:
        return denied
    if (
        pronoun.lower_ in ("they", "it")
        and pronoun.dep_ in _SUBJ
        and pronoun.head.dep_ == "conj"
        and any(t.lower_ == pronoun.lower_ and t.dep_ in _SUBJ for t in pronoun.head.head.children)
    ):
        # "They can tell blue from yellow, but they have difficulty with red", "it reached
        # number one, and it kept its position": the second pronoun of two joined clauses
        # is the first's, named before the sentence, not a noun between them ("while they
        # slept" may be another's)
        return None
    if pronoun.dep_ in _SUBJ and pronoun.head.dep_ == "conj":
        # "Monterey was the capital under Spanish rule, but it was never the capital of
        # California after ...": the subject of a joined clause is the first clause's
        # name (a name only: "Work on the tower started in 1887 and it opened" is the tower)
        first = _subject(pronoun.head.head)
        if first is not None and first.pos_ == "PROPN" and _kind(first) == kind:
            named = entity_of(first, _words(pronoun.doc, _np_tokens(first, set())))
            if named is not None:
                return named
    opening = _named_in_opening_clause(pronoun) or _reported_subject(pronoun, kind)
    if opening is not None:
        return opening
    best: tuple[int, int, Entity] | None = None
    excluded = _opening_phrases(pronoun) | _governing_subject(pronoun)
    for chunk in doc.noun_chunks:
        head = chunk.root
        if chunk.end > pronoun.i or head.pos_ == "PRON" or _kind(head) != kind:
            continue
        if head.i in excluded:
            continue  # "According to research, it reached ...": not the research
        if _in_compound_word(head):
            continue  # "law" of "daughter-in-law" names nothing
        entity = entity_of(head, _np_words(chunk))
        if entity is None:
            continue
        known = memory.described(entity.head, kind == "plural")
        exact = known is not None and known.text.lower() == entity.text.lower()
        if known is not None and len(known.text.split()) > len(entity.text.split()):
            entity = known  # "the tower" -> "the Eiffel Tower"
        level = 3 if exact else 2 if known is not None else 1 if head.dep_ in _SUBJ else 0
        rank = (level, head.i)
        if best is None or rank > best[:2]:
            best = (*rank, entity)
    return best[2] if best else None


def _opening_phrases(pronoun: Token) -> set[int]:
    """The words of the prepositional phrases that open the pronoun's clause before it
    ("According to research, it ...", "In the spring, it ..."): they name no subject."""
    if pronoun.dep_ not in _SUBJ:
        return set()
    return {
        i
        for c in pronoun.head.children
        if c.dep_ == "prep" and c.i < pronoun.i
        for i in _subtree(c)
    }


def _governing_subject(pronoun: Token) -> set[int]:
    """The words of the subject of the verb whose small clause the pronoun opens: "The rain
    made it green" is not the rain (that would be "itself")."""
    if pronoun.head.dep_ not in ("ccomp", "xcomp", "oprd") or pronoun.head.pos_ != "ADJ":
        return set()
    governing = _subject(pronoun.head.head)
    return _subtree(governing) if governing is not None else set()


def _in_compound_word(token: Token) -> bool:
    """A part of a hyphenated word ("law" of "daughter-in-law")."""
    doc = token.doc
    return (token.i > 0 and doc[token.i - 1].text == "-" and not doc[token.i - 1].whitespace_) or (
        token.i + 1 < len(doc) and doc[token.i + 1].text == "-" and not token.whitespace_
    )


def _named_together(doc: Doc) -> list[Entity]:
    """People named together ("Johnny Strange and Tom Gregory"): what a later "they"
    stands for."""
    out = []
    for t in doc:
        members = [c for c in t.children if c.dep_ == "conj" and c.pos_ == "PROPN"]
        if t.pos_ != "PROPN" or t.dep_ == "conj" or not members:
            continue
        if not all(m.ent_type_ == "PERSON" for m in (t, *members)):
            continue
        start = min(x.left_edge.i for x in (t, *members))
        end = max(x.right_edge.i for x in (t, *members))
        out.append(Entity(doc[start : end + 1].text, t.lemma_.lower(), "plural", True))
    return out


def _learn_names(doc: Doc, memory: Memory) -> None:
    """The sentence's proper names that are no subject, and people named together."""
    for chunk in doc.noun_chunks:
        e = entity_of(chunk.root, _np_words(chunk)) if chunk.root.pos_ == "PROPN" else None
        if e is not None and chunk.root.dep_ not in _SUBJ:
            memory.add(e)
    for together in _named_together(doc):
        memory.add(together)


# words that say a person (what "a singer", "an actress" end in, and others)
_PERSON_ENDINGS = ("er", "or", "ist", "ian", "ant", "ent", "ess", "man", "woman", "eer", "ee")
_PERSON_NOUNS = frozenset(
    """person people child son daughter wife husband king queen prince princess pope saint
    chief judge justice poet artist guy girl boy lady hero heroine monk nun priest bishop
    emperor empress champion athlete star icon legend figure genius idol composer
    director""".split()
)


def _said_a_thing(verb: Token) -> bool:
    """ "X is a popular song", "X was a British film": the clause says its subject is a
    thing no person is (a class noun that names no person)."""
    if verb.lemma_ != "be":
        return False
    for c in verb.children:
        if c.dep_ == "attr" and c.pos_ == "NOUN" and c.tag_ == "NN":
            lemma = c.lemma_.lower()
            return lemma not in _PERSON_NOUNS and not lemma.endswith(_PERSON_ENDINGS)
    return False


def _learn(doc: Doc, heads: list[Token], memory: Memory) -> None:
    """The sentence's subjects (as resolved) and proper names into the memory."""
    _learn_names(doc, memory)
    for h in heads:
        s = _subject(h)
        if s is not None and s.dep_ == "expl":
            # "There were four winners of the cup": what "the four winners" is later
            s = next((c for c in h.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
        if s is None or s.pos_ == "PRON":
            continue
        words = _np_tokens(s, {x.i for x in heads})
        if s.dep_ == "attr":  # its first complement only ("of the cup", not "in 1990")
            for c in [c for c in s.children if c.dep_ == "prep"][1:]:
                words -= _subtree(c)
        if s.dep_ == "csubj" and s.tag_ == "VBG":
            # "Sinking sand, ..., is": the parser's verb is a noun phrase's first word
            s = next((c for c in s.children if c.dep_ == "dobj"), s)
        # a described subject ("the tower") keeps the fuller name already remembered
        dets = [c for c in s.children if c.dep_ == "det"]
        if (
            dets
            and len(words) == 2
            and memory.described(s.lemma_.lower(), s.tag_ in ("NNS", "NNPS"))
        ):
            continue
        if dets and dets[0].i == min(words) and dets[0].lower_ in ("some", "several", "many"):
            # "Some important attributes of X include ...": "these attributes" later are
            # "important attributes of X"
            words = words - {dets[0].i}
        if (e := entity_of(s, _words(doc, words))) is not None:
            e.subject = True
            if e.kind == "person" and _said_a_thing(h):
                # "The Orva Suite is a popular song": the parser's person is a song
                e.kind, e.named_person = "thing", False
            memory.add(e)
        # "The largest diamond ever found is (called) the Cullinan diamond": the name is
        # what "it" goes on about
        for t in h.subtree:
            if (
                (t.dep_ in ("attr", "oprd") and t.head.i == h.i)
                or (t.dep_ == "oprd" and t.head.head.i == h.i)
            ) and any(x.pos_ == "PROPN" for x in t.subtree):
                named = entity_of(t, _words(doc, _np_tokens(t, {x.i for x in heads})))
                if named is not None and e is not None:
                    named.kind, named.subject = e.kind, True
                    memory.add(named)
