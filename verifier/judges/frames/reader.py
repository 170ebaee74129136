"""The reader: the frames judge's judgements checked against records from a real parse.

After the slot rules have judged every evidence text, :func:`read` parses the claim and
the few evidence sentences that matter (each text's deciding sentence and the sentences
sharing most of the claim's words, :data:`CANDIDATES` at most per claim, each parsed once
through :mod:`verifier.text.parse`'s cache) and compares their records
(:mod:`verifier.judges.frames.records`):

- a text the rules left open: the records' support (``supported``) or contradiction (a
  refutation whose confidence is the scorer's probability, :mod:`.scorer`; under
  ``refuted_threshold`` it is a conflict, shown for review);
- a text the rules supported: a record contradiction in the same sentence (the claim's
  role held by someone else: "Ottawa is the capital of Canada, while Toronto is its
  largest city" for "Toronto is the capital of Canada") withdraws the support and
  stands in its place;
- a text the rules refuted: when the parse says the conflicting value belongs to
  another subject ("until the Flavian stadium at Nemea was finished in 120 AD"), the
  conflict is dismissed (guard ``parse_subject``); likewise when the value belongs to the
  same verb done to something else ("The Beatles formed a songwriting partnership in
  1957" against "The Beatles formed in 1960": guard ``parse_object``), or only to an aim
  ("applied to join NATO in 1998" against "joined NATO in 2004": guard ``parse_aim``);
- a text the rules supported whose sentence says less than the claim (the act of someone
  the subject has, another role of the same words, a narrower superlative, one of several,
  a state that has ended, a number word or a direction said otherwise): the support is
  withdrawn.

The guards on records (:data:`RECORD_GUARDS`) speak before a record contradiction
counts: a hedge, another time (a former role), a question, a menu line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from verifier.judges.base import Action, Call, Guard, Judgement, Label, Stage
from verifier.judges.frames.guards import TWO_CONTINENTS, another_dated_work, on_two_continents
from verifier.judges.frames.measured import MEASURED, dated_readings, measured_readings
from verifier.judges.frames.panels import panel_fields
from verifier.judges.frames.places import CITY, places
from verifier.judges.frames.records import (
    COMPARED,
    RANKED,
    Match,
    Record,
    bearing_place,
    compare_records,
    done_by_another,
    fold_name,
    middle_name,
    name_words,
    numbered_role,
    ordinal_first,
    personal,
    placed_words,
    ranking_words,
    records_of,
    same_name,
    same_relation,
    same_subject,
    value_of_another_act,
    value_said_otherwise,
)
from verifier.judges.frames.relations import RELATIONS, relation_of
from verifier.judges.frames.scorer import Scorer
from verifier.judges.frames.slots import (
    SAME_SUPERLATIVE,
    excepted_at_head,
    season_years,
    values_in,
    without_seasons,
)
from verifier.judges.frames.titles import shielded, titles_of, unshielded
from verifier.text.numbers import word_number
from verifier.text.parse import MAX_PARSE_CHARS, parse, parse_many
from verifier.text.sentences import Splitting, sentence_spans
from verifier.text.stem import stem
from verifier.text.wordnet import WordRelation, relation
from verifier.text.words import rarity, without_accents

__all__ = ["CANDIDATES", "RECORD_GUARDS", "Reading", "clear_record_cache", "read", "reading_of"]

CANDIDATES = 3  # evidence sentences parsed per claim, besides the deciding ones
SAID = 0.6  # share of the claim's content words a record support's sentence says
SUPPORT = 0.85  # a record support's confidence: below the rules' full statements
# record contradictions that are a question for the rater, never a cap: another
# nationality (one may hold two), a role whose scope only the source names, another
# maker of something several may have made (co-founders, co-discoverers named alone),
# another headcount (a city proper, its metropolitan area);
# put before the rater at this probability at most
REVIEW_ONLY = frozenset({"class", "role_scope", "maker", "headcount"})
REVIEW_ONLY_P = 0.6
_SAME_START = 8  # letters two long words share when one derives from the other
_CONTEXT = 400  # characters of the page before a passage where its subject may be named
_LONGEST = 40  # words: a longer "sentence" is a page's run-on text (not parsed)
_WORD = re.compile(r"[A-Za-z][\w'’-]*")
_NUMBER_WORDS = frozenset(
    "once twice thrice one two three four five six seven eight nine ten eleven twelve "
    "first second third fourth fifth hundred thousand million billion dozen".split()
)
_STOP = frozenset(
    "the a an of in on at to for by with and or is are was were be been being it its this "
    "that which who as from has have had".split()
)


@dataclass(frozen=True, slots=True)
class Reading:
    """A record comparison found in one evidence sentence, with where it is."""

    match: Match
    index: int
    start: int
    end: int
    sentence: str


# --- guards on records -----------------------------------------------------------------

# words that say a thing may be so, not that it is (the one list: the guard on record
# contradictions reads them with bare modals and conditions, a support's check with "may
# have" and "might be")
_HEDGE_WORDS = (
    r"possibly|perhaps|probably|reportedly|allegedly|supposedly|purportedly|rumou?red|"
    r"speculated|apocryphal|unconfirmed|believed|thought\s+to|said\s+to|claimed\s+to|"
    r"legend\s+has\s+it|tradition\s+has\s+it|according\s+to\s+some|some\s+say"
)
_HEDGE = re.compile(
    rf"\b(?:may|might|could|thought|claimed|if|whether|unless|{_HEDGE_WORDS})\b", re.IGNORECASE
)
_FORMER = re.compile(
    r"\b(?:former(?:ly)?|once|until|previously|no longer|used to|ex-|then|at the time|"
    r"as of|(?<!ever )since)\b",  # ("has been the capital ever since": it still is)
    re.IGNORECASE,
)
_MENU = re.compile(r"[|»•›]|\b(?:sign in|log in|subscribe|menu|cookies?|share)\b", re.I)


def _hedged(m: Reading) -> str | None:
    if _HEDGE.search(m.sentence) and not _HEDGE.search(m.match.claim.text):
        return "the evidence hedges"
    return None


def _another_time(m: Reading) -> str | None:
    if m.match.kind == "unique_role" and _for_good(m):
        return None  # "the first prime minister" is the first in any time
    claim_past = _said_in_past(m.match.claim, m.match.claim.text)
    found_past = _said_in_past(m.match.found, m.sentence)
    if _former(m.sentence) and not _FORMER.search(m.match.claim.text) and not _fixed_place(m):
        return "the evidence speaks of another time"
    role = m.match.kind == "unique_role" or (m.match.kind == "negation" and m.match.found.role)
    if role and claim_past != found_past and not _for_good(m):
        return "a role then and a role now"
    return None


# the present perfect: a state that still holds ("has been the capital since 1920", "the EU
# has comprised 27 member states since ...")
_STILL = re.compile(
    r"\b(?:has|have)\s+(?:been|remained|served|had|held|kept|stood|[a-z]+ed)\b", re.IGNORECASE
)


def _fixed_place(m: Reading) -> bool:
    """Where a country, a region or a city lies, which no time changes: "a former Dutch
    colony on the coast of South America" dates the colony, not the coast."""
    marks = {x.group().lower() for x in _FORMER.finditer(m.sentence)}
    return (
        marks == {"former"}
        and m.match.claim.relation == "locate"
        and m.match.found.relation == "locate"
        and any(p.level <= CITY for p in places(m.match.claim.subject_text))
    )


def _former(sentence: str) -> bool:
    """The sentence speaks of another time: "formerly", "until", or "since" where the
    state may have ended (not "has been the capital since 1920": it still is)."""
    marks = {m.group().lower() for m in _FORMER.finditer(sentence)}
    if marks == {"since"} and _STILL.search(sentence):
        return False
    return bool(marks)


def _for_good(m: Reading) -> bool:
    """A numbered role ("the first president", "the third person to walk on the Moon")
    is held for good: whoever held it holds it in any tense."""
    return numbered_role(m.match.claim.relation)


def _another_work(m: Reading) -> str | None:
    return another_dated_work(m.match.claim.text, m.sentence)


def _question(m: Reading) -> str | None:
    return "a question, not a statement" if m.sentence.rstrip().endswith("?") else None


def _menu(m: Reading) -> str | None:
    if _MENU.search(m.sentence) or len(m.sentence.split()) > _LONGEST:
        return "a page's menu or run-on text"
    return None


def _continents(m: Reading) -> str | None:
    """A country said to lie on two continents ("a European country" / "in Asia"): a
    question for the rater (see :func:`~verifier.judges.frames.guards.on_two_continents`)."""
    if m.match.kind != "value":
        return None
    mine = [a.text for a in m.match.claim.args if a.kind == "place"]
    theirs = [a.text for a in m.match.found.args if a.kind == "place"]
    subject = (m.match.claim.subject_text,)
    if any(on_two_continents(subject, a, b) for a in mine for b in theirs):
        return TWO_CONTINENTS
    return None


_PAST = re.compile(r"\b(?:was|were|had|did)\b", re.IGNORECASE)


def _past(text: str) -> bool:
    return bool(_PAST.search(text))


def _said_in_past(record: Record, text: str) -> bool:
    """The record's clause in the past: its own verb's tense, or where the clause says
    none, any "was" of its sentence ("Portuguese is the official language of Brazil,
    which was colonised by Portugal" says the language now)."""
    if record.tense:
        return record.tense == "past"
    return _past(text)


RECORD_GUARDS: tuple[Guard[Reading], ...] = (
    Guard("record_hedge", "the evidence hedges", Action.DEMOTE, Stage.DEMOTE, _hedged),
    Guard("record_continents", "two continents", Action.DEMOTE, Stage.DEMOTE, _continents),
    Guard("record_time", "another time", Action.DISMISS, Stage.CONFLICT, _another_time),
    Guard("record_question", "a question", Action.DISMISS, Stage.CONFLICT, _question),
    Guard("record_work", "another work of the name", Action.DISMISS, Stage.CONFLICT, _another_work),
    Guard("record_menu", "menu or run-on text", Action.DISMISS, Stage.CONFLICT, _menu),
)

PARSE_SUBJECT = Call(
    "parse_subject",
    "the parse says another subject",
    Action.DISMISS,
)
PARSE_SCOPE = Call(
    "parse_scope",
    "the parse says the role has another scope",
    Action.DISMISS,
)
PARSE_AIM = Call(
    "parse_aim",
    "the parse says the value dates an aim, not a deed",
    Action.DISMISS,
)
PARSE_PERSON = Call(
    "parse_person",
    "the evidence names the person with a middle name the claim lacks: perhaps another",
    Action.DEMOTE,
)
PARSE_OCCASION = Call(
    "parse_occasion",
    "the parse says another occasion of the event (the year is in its name)",
    Action.DISMISS,
)
PARSE_WHOLE = Call("parse_whole", "the source gives a share of another whole", Action.DISMISS)
PARSE_ACT = Call(
    "parse_act", "the parse says the value dates another act of the subject", Action.DISMISS
)
PARSE_OBJECT = Call(
    "parse_object",
    "the parse says it was done to something else",
    Action.DISMISS,
)
PARSE_BEARING = Call(
    "parse_bearing",
    "the parse says each names a bearing from another place",
    Action.DISMISS,
)


def _guard(reading: Reading) -> Call | None:
    for guard in RECORD_GUARDS:
        call = guard.ask(reading)
        if call is not None:
            return call
    return None


# --- reading ---------------------------------------------------------------------------


@lru_cache(maxsize=2048)
def _stems(text: str) -> frozenset[str]:
    """The text's content words as stems ("Beethoven's" as "beethoven")."""
    words = (_POSSESSIVE.sub("", w.lower()) for w in _WORD.findall(text))
    return frozenset(stem(w) for w in words if w and w not in _STOP)


_POSSESSIVE = re.compile(r"['’]s$")


@lru_cache(maxsize=2048)
def _short_singulars(text: str) -> frozenset[str]:
    """The singulars of the text's four-letter plurals, which the stemmer leaves whole
    ("World Cups": cup), so that a sentence saying them meets the claim's singular."""
    words = (w.lower() for w in _WORD.findall(text))
    return frozenset(
        w[:-1] for w in words if len(w) == 4 and w.endswith("s") and w[-2] not in "siu'"
    )


@lru_cache(maxsize=2048)
def _degree_stems(text: str) -> frozenset[str]:
    """A superlative's words as its comparative's stem ("deepest" meets "deeper", "biggest"
    "bigger"): a sentence that says "deeper than any other lake" is worth reading for "the
    deepest lake"."""
    return frozenset(stem(w.lower()) for w in _SUPERLATIVE_STEM.findall(text))


_SUPERLATIVE_STEM = re.compile(r"\b([A-Za-z]{3,})est\b")


@lru_cache(maxsize=1024)
def _claim_records(claim: str) -> tuple[Record, ...]:
    """The claim's records, its titles read as names (:mod:`.titles`)."""
    text, pairs = shielded(claim, titles_of(claim))
    return tuple(r for r in unshielded(records_of(parse(text)), pairs) if r.subject)


@lru_cache(maxsize=4096)
def _sentence_records(
    sentence: str, names: tuple[str, ...], titles: tuple[str, ...] = ()
) -> tuple[Record, ...]:
    """A sentence's records (a report's claims read the same evidence sentences), the
    claim's titles read as names."""
    text, pairs = shielded(sentence, titles)
    return unshielded(records_of(parse(text), names), pairs)


def clear_record_cache() -> None:
    """Forget the memoised records (for a bench that times reading cold pages)."""
    _claim_records.cache_clear()
    _sentence_records.cache_clear()


def _statements(records: Sequence[Record]) -> int:
    """How many statements the records make (a restatement is not another, nor the act a
    role names: "the first person to walk on the Moon" also reads as "the first person
    walked on the Moon", which the role's own record says)."""
    roles = [r.relation for r in records if r.role]
    return len(
        {
            r.statement
            for r in records
            if not (not r.role and any(role.startswith(f"{r.subject} to ") for role in roles))
        }
    )


# a passage that speaks of its subject by its kind: "The lake lies in ...", "The bridge
# opened in ..."
_KIND_START = re.compile(r"(?:^|[.!?]\s+)(?:The|This)\s+([a-z]+)\b")
_KIND_OF_NAME = {"mountain": "mount", "peak": "mount"}


def _kind_named(subjects: Sequence[str], context: str) -> list[str]:
    """The claim's subject, when a passage that never names it speaks of "the <noun>" and
    the noun is the kind its name says ("the lake" of Lake Baikal, "the bridge" of the
    Golden Gate Bridge), and the passage names nothing else of that kind ("Lake Khovsgol":
    then the lake is that one)."""
    nouns = {m.group(1) for m in _KIND_START.finditer(context)}
    out = []
    for subject in subjects:
        words = subject.split()
        kind = next((n for n in nouns if _KIND_OF_NAME.get(n, n) in words), None)
        if kind is None or len(words) < 2:
            continue
        named = _KIND_OF_NAME.get(kind, kind)
        other = re.compile(
            rf"\b(?i:{kind}|{named})\s+(?:of\s+)?[A-Z]|\b(?!(?:The|This|A|An)\b)[A-Z]\w+\s+(?i:{kind})\b"
        )
        if not other.search(context):
            out.append(subject)
    return out


def _named(subject: str, context: str) -> bool:
    """The context names the subject by a word that picks it out ("the Guangxu Emperor"
    is not named by "the last emperor of China": "He" there is someone else)."""
    lowered = context.lower()
    return any(w in lowered for w in name_words(subject))


@lru_cache(maxsize=1024)
def _telling_names(claim: str) -> frozenset[str]:
    """The most telling word of each name the claim's records are about ("kilimanjaro" of
    "Mount Kilimanjaro"), as stems; common words tell nothing ("the tower")."""
    out = set()
    for record in _claim_records(claim):
        if not record.subject_proper:
            continue
        words = [
            w.lower() for w in _WORD.findall(record.subject_text) if w[0].isupper() and len(w) > 2
        ]
        best = max(words, key=rarity, default="")
        if best and rarity(best) >= _TELLING:
            out.add(stem(_POSSESSIVE.sub("", best)))
    return frozenset(out)


_TELLING = 9.0  # rarity of a name's word that picks out its sentences


def _candidates(
    claim: str, evidence: Sequence[str], judged: Sequence[Judgement]
) -> list[tuple[int, int, int]]:
    """(text, start, end) of the sentences worth parsing: each text's deciding sentence
    when the rules decided it, then the sentences sharing most of the claim's words."""
    degrees = _degree_stems(claim)
    wanted = _stems(claim) | degrees
    need = 1 if len(wanted) <= 3 else 2
    # (a place by a measure among a class meets the role said with its superlative)
    wanted |= {stem(w) for w in ranking_words(claim)}
    # a sentence naming the claim's subject is worth reading even when it shares nothing
    # else ("Kilimanjaro lies entirely on Tanzanian soil" for "... is located in Kenya")
    named = _telling_names(claim)
    subjects = [r.subject for r in _claim_records(claim) if r.subject_proper]
    counted = _counts(claim)
    chosen: list[tuple[int, int, int]] = []
    scored: list[tuple[float, int, int, int]] = []
    for i, (text, judgement) in enumerate(zip(evidence, judged, strict=True)):
        decided = (
            judgement.label != "inconclusive" or judgement.conflicts
        ) and judgement.start is not None
        if decided and judgement.start is not None and judgement.end is not None:
            chosen.append((i, judgement.start, judgement.end))
            continue
        named_before = False
        for start, end in sentence_spans(text, how=Splitting.QUICK):
            sentence = text[start:end]
            if len(sentence) > MAX_PARSE_CHARS or len(sentence.split()) > _LONGEST:
                tail = _tail_from_subject(claim, sentence, start)
                if tail is None:
                    named_before = False
                    continue
                start, sentence = tail, text[tail:end]
            theirs = _stems(sentence) | _short_singulars(sentence)
            theirs |= _degree_stems(sentence) if degrees else frozenset()
            shared = len(wanted & theirs)
            # a sentence opening with "It", "He" or "She" after one naming the subject
            # speaks of it ("Angkor Wat was built ... It lies near Siem Reap in Cambodia")
            told = named_before and bool(
                _PERSON_PRONOUN_START.match(sentence) or _THING_PRONOUN_START.match(sentence)
            )
            # a passage that never names it may speak of it by its kind ("The lake ...")
            told = told or (
                not named_before
                and _KIND_START.match(sentence) is not None
                and bool(_kind_named(subjects, text[:end]))
            )
            if shared >= need or named & theirs or told:
                share = shared / max(1, len(wanted))
                if counted and _counts(sentence):
                    share += _COUNT_BONUS  # a count for a count, on a tie
                scored.append((share, i, start, end))
            named_before = bool(named & theirs)
    scored.sort(key=lambda s: -s[0])
    chosen += [(i, a, b) for _s, i, a, b in scored[:CANDIDATES]]
    return chosen


# what a sentence that gives a figure gains among sentences sharing as many of the claim's
# words, when the claim gives one ("won the World Cup once": "has won three World Cups")
_COUNT_BONUS = 0.01
_FIGURE = re.compile(r"\d")


def _counts(text: str) -> bool:
    """The text gives a figure: digits or a number word ("three", "once")."""
    return bool(_FIGURE.search(text)) or any(
        w.lower() in _NUMBER_WORDS for w in _WORD.findall(text)
    )


_PLACE_CLASS_START = re.compile(r"^(?:The|This) (?:city|town|country|nation)\b")
# a sentence opening with a pronoun for a person, or for a thing
_PERSON_PRONOUN_START = re.compile(r"^(?:He|She)\b")
_THING_PRONOUN_START = re.compile(r"^It\b(?!'s| is (?:said|thought|believed|estimated))")


def _subject_before(text: str, start: int, sentence: str) -> str | None:
    """Whom a sentence's opening word stands for: the one named as the subject of the
    sentence before it in the same text, if any. "The city" or "The country" is the place
    named there ("Ottawa sits on the Ottawa River. The city is the capital of Canada.");
    "He" or "She" the person ("Tim Cook joined Apple in 1998. He succeeded Steve Jobs as
    chief executive"), "It" the thing."""
    place = _PLACE_CLASS_START.match(sentence)
    person = _PERSON_PRONOUN_START.match(sentence)
    if not (place or person or _THING_PRONOUN_START.match(sentence)):
        return None
    spans = [(a, b) for a, b in sentence_spans(text[:start], how=Splitting.QUICK) if b <= start]
    if not spans:
        return None
    a, b = spans[-1]
    previous = text[a:b]
    if len(previous) > MAX_PARSE_CHARS or len(previous.split()) > _LONGEST:
        return None
    first = next(
        (r for r in _sentence_records(previous, ()) if r.subject and r.subject_proper), None
    )
    if first is None or (not place and (first.subject_kind == "person") != bool(person)):
        return None
    return first.subject


def _tail_from_subject(claim: str, sentence: str, start: int) -> int | None:
    """Where a run-on "sentence" of a page (a table, a menu, a list of singles glued to the
    sentence after it) ends in a sentence of its own that names the claim's subject: the
    last place the subject is named, when what follows is short enough to parse ("...
    Singles from Delta Machine ... Delta Machine is the thirteenth studio album by ...")."""
    lowered = sentence.lower()
    for record in _claim_records(claim):
        if not record.subject_proper:
            continue
        at = lowered.rfind(record.subject_text.lower())
        tail = sentence[at:]
        if at > 0 and len(tail) <= MAX_PARSE_CHARS and len(tail.split()) <= _LONGEST:
            return start + at
    return None


def reading_of(
    claim: str,
    evidence: Sequence[str],
    judged: Sequence[Judgement],
    before: Sequence[str] = (),
) -> list[list[Reading]]:
    """Per evidence text, the record comparisons of its candidate sentences."""
    out: list[list[Reading]] = [[] for _ in evidence]
    mine = _claim_records(claim)
    if not mine:
        return out
    spots = _candidates(claim, evidence, judged)
    parse_many(evidence[i][a:b] for i, a, b in spots)
    subjects = [r.subject for r in mine]
    for i, a, b in spots:
        text = evidence[i]
        sentence = text[a:b]
        context = (before[i][-_CONTEXT:] if before else "") + text[:b]
        names = [s for s in subjects if _named(s, context)] or _kind_named(subjects, context)
        before_ = _subject_before(text, a, sentence)
        if before_ is not None and before_ not in names:
            # a pronoun's antecedent comes first (the claim's subject may be named in the
            # sentence before as an object: "He" is still the subject there)
            names.insert(len(names) if _PLACE_CLASS_START.match(sentence) else 0, before_)
        theirs = _sentence_records(sentence, tuple(names), titles_of(claim))
        for claim_record in mine:
            for found in theirs:
                m = compare_records(claim_record, found)
                if m.outcome != "unrelated":
                    out[i].append(Reading(m, i, a, b, sentence))
            prior = _held_before(claim_record, sentence)
            if prior is not None:
                held = Match("other_subject", HELD_BEFORE, prior, claim_record, claim_record)
                out[i].append(Reading(held, i, a, b, sentence))
    for i, text in enumerate(evidence):
        out[i] += _panel_readings(claim, mine, i, text)
    # a comparison against the values a sentence gives both sides (no records needed)
    for claim_record in mine:
        if claim_record.relation.startswith(f"{COMPARED}:"):
            for i, text in enumerate(evidence):
                out[i] += [
                    Reading(m, i, a, b, text[a:b])
                    for m, a, b in [
                        *measured_readings(claim_record, text),
                        *dated_readings(claim_record, text),
                    ]
                ]
    return out


def _panel_readings(claim: str, mine: Sequence[Record], i: int, text: str) -> list[Reading]:
    """A search result's knowledge panel, its fields said as sentences (the quote is the
    field: "Founded: August 29, 1997, Scotts Valley, California")."""
    out = []
    subjects = tuple(r.subject for r in mine)
    for a, b, said in panel_fields(text):
        for found in _sentence_records(said, subjects, titles_of(claim)):
            for claim_record in mine:
                m = compare_records(claim_record, found)
                if m.outcome != "unrelated":
                    out.append(Reading(m, i, a, b, text[a:b]))
    return out


@lru_cache(maxsize=2048)
def _said_forms(text: str) -> frozenset[str]:
    """A parsed text's content words as stems of the words and of their lemmas ("ended"
    and "end" meet through the lemma)."""
    return frozenset(
        form
        for t in parse(text) or ()
        if t.is_alpha or t.like_num
        if t.lower_ not in _STOP
        for form in (stem(t.lower_), stem(t.lemma_.lower()))
    )


def _unnamed(match: Match) -> frozenset[str]:
    """The words of the claim's subject the evidence's subject leaves out ("loss of smell
    in patients lacking ..." against "MRI data"): they must be said elsewhere, unless
    they are part of the name ("Charles" of "Charles Dickens" against "Dickens")."""
    mine = set(ordinal_first(match.claim.subject).split())
    theirs = set(ordinal_first(match.found.subject).split())
    return _stems(" ".join(mine - theirs))


def _says(claim: str, sentence: str, support: Reading | None = None) -> bool:
    """The sentence says most of the claim's content words (a record's support is its
    frame; the words around it must agree too). The words of the claim's subject, its
    verb and its values count as said when the records matched them said another way
    ("World War II" / "the Second World War", "flows into" / "drains into", "Sweden" /
    "Swedish"); a verb, an adjective, a name or a number outside them must be said ("to
    prevent infection" is not "to transmit infection": all a false claim may differ by;
    "for The Revenant" is not said by a nomination for another film)."""
    wanted = _stems(claim)
    rest = claim
    read: set[str] = set()
    doc = parse(claim) or ()
    placed: frozenset[str] = frozenset()
    if support is not None:
        names = {stem(t.lower_) for t in doc if t.pos_ == "PROPN"}
        read |= _stems(support.match.claim.subject_text) - (_unnamed(support.match) - names)
        for arg in support.match.claim.args:
            if arg.kind != "time":  # "January 1991" is not said by "in 1991"
                read |= _stems(arg.text)
        read |= {stem(t.lower_) for t in doc if t.dep_ == "ROOT"}
        if support.match.claim.role:
            # the role the records matched, said in its other words ("the first human to
            # set foot on" for "the first person to walk on")
            relation = support.match.claim.relation
            read |= _stems(relation)
            # and the superlative said another way ("tallest" read as "highest")
            for word, same in SAME_SUPERLATIVE.items():
                if same in relation.split():
                    read |= _stems(word)
            # a place by a measure among a class, said as the role ("ranks second in size
            # among the planets" for "the second-largest planet"): its place, its measure
            # and its class's words are the role's
            placed = placed_words(parse(claim))
            read |= {stem(w) for w in placed}
        rest = claim.replace(support.match.claim.subject_text, " ")
        for arg in support.match.claim.args:
            if arg.kind == "number":
                # a figure the records found said within its precision ("roughly 71%" by
                # "about 70.8 percent"): its digits need not be written the same
                rest = rest.replace(arg.text, " ")
    # (letters compared without their accents: "Noel" is "Noël", however "ë" is written)
    plain = without_accents(sentence)
    said_forms = {
        without_accents(f) for f in _stems(sentence) | _said_forms(sentence) | _stems(plain)
    }
    lemmas = {stem(t.lower_): without_accents(stem(t.lemma_.lower())) for t in doc}
    # (a long word's derived form counts: "independent" is said by "independence")
    heads = {f[:_SAME_START] for f in said_forms if len(f) >= _SAME_START}
    found = {
        w
        for w in wanted
        if w in read
        or without_accents(w) in said_forms
        or lemmas.get(w) in said_forms
        or (len(w) >= _SAME_START and without_accents(w)[:_SAME_START] in heads)
    }
    if wanted and len(found) / len(wanted) < SAID:
        return False
    weighty = {stem(t.lower_) for t in doc if t.pos_ in ("VERB", "ADJ", "PROPN", "NUM")}
    if support is not None and (wanted - found) & weighty:
        return False
    # how often or how far the claim says it holds ("rarely organised", "based solely on"):
    # the sentence must say so too
    words = {w.lower() for w in _WORD.findall(sentence)}
    if any(t.lower_ in _QUALIFIERS and t.lower_ not in words for t in doc):
        return False
    # every number of the claim is said ("won it once" is not "three times"; a place by
    # the rank of the role the records matched: "second" by "the second-largest")
    said = words | set(re.findall(r"\d+", sentence))
    said |= placed & _NUMBER_WORDS
    numbers = set(re.findall(r"\d+", rest)) | {
        w.lower() for w in _WORD.findall(rest) if w.lower() in _NUMBER_WORDS
    }
    return numbers <= said


_TIMES = re.compile(
    r"\b(?:once|twice|thrice|(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
    r"twelve)\s+times)\b",
    re.IGNORECASE,
)
_AS_TIMES = {"once": "1", "twice": "2", "thrice": "3"}


def _uncounted(claim: str, judgement: Judgement) -> Judgement | None:
    """A rules' support of a claim that says how many times ("Argentina has won the World
    Cup once") from a sentence that does not say it ("Argentina won the tournament"): how
    many times is the claim's fact, so the support is withdrawn."""
    if not judgement.sentence or _count_said(claim, judgement.sentence):
        return None
    return replace(
        judgement,
        label="inconclusive",
        confidence=0.0,
        matched=(),
        reason=f"not stated: {_count_of(claim)} is not said",
    )


def _count_of(text: str) -> str:
    """How many times the text says something happened ("once", "three times"), or ""."""
    m = _TIMES.search(text)
    return m.group(0).lower() if m else ""


def _times(phrase: str) -> str:
    phrase = phrase.lower()
    if phrase in _AS_TIMES:
        return _AS_TIMES[phrase]
    n = phrase.split()[0]
    value = word_number(n)
    return n if value is None else str(value)


def _count_said(claim: str, sentence: str) -> bool:
    """A claim's "once", "twice", "N times" is said by the sentence, in either form."""
    mine = _count_of(claim)
    if not mine:
        return True
    return any(_times(m.group(0)) == _times(mine) for m in _TIMES.finditer(sentence))


_QUALIFIERS = frozenset(
    "rarely seldom never always solely only exclusively mostly mainly partly largely "
    "occasionally sometimes usually entirely wholly".split()
)


def _conflicting_values(judgement: Judgement) -> list[str]:
    """The evidence's values in the rules' conflicts ("year 2000 vs 1991": "1991")."""
    return [c.split(" vs ", 1)[1].lower() for c in judgement.conflicts if " vs " in c]


def _confirmed_values(judgement: Judgement, claim: str) -> list[str]:
    """The dates and numbers the rules' support confirmed ("year 1931": "1931"); for a
    support that names none (a statement nearly word for word), the claim's own."""
    if not judgement.matched:
        return [v.text.lower() for v in values_in(claim) if v.kind in ("year", "date")]
    out = []
    for label in judgement.matched:
        kind, _, rest = label.partition(" ")
        if kind in ("year", "date") and rest:
            out.append(rest.lower())
        elif label[:1].isdigit():
            out.append(label.lower())
    return out


def _coordinated(mine: Sequence[Record], sentence: str) -> bool:
    """The claim's subject named in a coordination ("X and the European Central Bank"),
    which the parse gives to its first member only."""
    for m in mine:
        if not m.subject_text:
            continue
        name = re.escape(re.sub(r"^(?:the|a|an)\s+", "", m.subject_text, flags=re.I))
        if re.search(
            rf"\b(?:and|or)\s+(?:the\s+)?{name}\b|\b{name}\s+(?:and|or)\b", sentence, re.I
        ):
            return True
    return False


def _confirmed_names(judgement: Judgement) -> list[str]:
    """The names the rules' support confirmed ("name Philadelphia": "philadelphia")."""
    return [
        rest.lower()
        for label in judgement.matched
        if (split := label.partition(" "))[0] == "name" and (rest := split[2])
    ]


def _value_owner(
    claim: str,
    evidence: Sequence[str],
    before: Sequence[str],
    i: int,
    judgement: Judgement,
    values: Sequence[str],
) -> Reading | None:
    """The clause the parse gives the rules' date or number to, when none of the clauses
    holding it is about the claim's subject ("Denmark and Sweden signed the agreement to
    build the bridge in 1991" for "The bridge opened in 2000"; "The Greater Tokyo Area has
    a population of about 37 million" for Tokyo's): another's value."""
    mine = _claim_records(claim)
    judged = _judged_sentence(claim, evidence, before, i, judgement)
    if not values or not mine or judged is None:
        return None
    sentence, start, end, records = judged
    said = [re.compile(rf"(?<![\w.,]){re.escape(v)}(?![\w]|[.,]\d)") for v in values]
    holders = [
        r
        for r in records
        if any(
            a.kind in ("time", "number") and p.search(a.text.lower()) for a in r.args for p in said
        )
    ]
    if holders and all(not r.asserted for r in holders):
        # "Kovia applied to join NATO in 1998": the year dates an aim, not the deed
        owner = holders[0]
        detail = f"{values[0]} dates what {owner.subject_text or 'someone'} aimed at, not a deed"
        return Reading(
            Match("other_subject", "an aim", detail, mine[0], owner), i, start, end, sentence
        )
    if not holders or any(
        _of_subject(m, r) or _done_to(m, r) or _roles_act(m, r, records)
        for m in mine
        for r in holders
    ):
        return None
    # the value said elsewhere too, in a name or in a clause the parse did not read ("The
    # 1990 FIFA World Cup final was played between West Germany and Argentina"): unsure
    times = sum(len(p.findall(sentence.lower())) for p in said)
    held = sum(
        len(p.findall(a.text.lower()))
        for r in holders
        for a in r.args
        if a.kind in ("time", "number")
        for p in said
    )
    if times > held:
        return None
    # only a clause surely not of the claim's subject: another name, or a plan ("signed
    # the agreement to build the bridge in 1991": an infinitive, no act done); "work on
    # the tower was finished in 1889" may be the tower's, and a participle with no subject
    # ("founded in 1998 by ...", "(born July 15, 1973)") is its noun's
    if _coordinated(mine, sentence):
        return None  # "The Bank of England and the European Central Bank aim for ...": both
    holders = [
        r
        for r in holders
        if (r.subject_proper and _another_named(mine, r))
        or (not r.subject and _planned(r, sentence))
        or (not r.subject and _of_another_noun(mine, sentence, values))
        # a participle with no subject of its own is the sentence's subject's ("Alaska is
        # more than twice the size of Texas, covering about 1.72 million km²")
        or (not r.subject and _said_of_the_opening_subject(mine, records, sentence))
    ]
    if not holders:
        return None
    owner = holders[0]
    args = " ".join(a.text for a in owner.args)
    who = owner.subject_text or "no one named"
    detail = f"{values[0]} is of another clause ({who}: {owner.relation} {args})"
    match = Match("other_subject", "value elsewhere", detail, mine[0], owner)
    return Reading(match, i, start, end, sentence)


def _said_of_the_opening_subject(
    mine: Sequence[Record], records: Sequence[Record], sentence: str
) -> bool:
    """The sentence opens with another named subject, whose clause a participle with no
    subject of its own follows ("Alaska is more than twice the size of Texas, covering
    about 1.72 million km²"); not an opening participle ("Filmed in Miami, beginning in
    2015, Moonlight premiered ..." is Moonlight's)."""
    first = records[0] if records else None
    if first is None or not first.subject_proper or not _another_named(mine, first):
        return False
    opening = re.sub(r"^(?:the|a|an)\s+", "", sentence.strip(), flags=re.IGNORECASE)
    name = re.sub(r"^(?:the|a|an)\s+", "", first.subject_text, flags=re.IGNORECASE)
    return bool(name) and opening.startswith(name)


def _relatives(
    claim: str,
    evidence: Sequence[str],
    before: Sequence[str],
    i: int,
    judgement: Judgement,
    values: Sequence[str],
) -> Reading | None:
    """The clause that holds the rules' name has another person of the claim's subject's
    family name for its subject ("Donald Sutherland, the father of Kiefer Sutherland, was
    born in Saint John" for Kiefer's birthplace; "Will Smith, Jaden Smith's father, was born
    in Philadelphia"): another's value, when no clause gives it to the claim's subject."""
    mine = [m for m in _claim_records(claim) if m.subject_kind == "person"]
    judged = _judged_sentence(claim, evidence, before, i, judgement)
    if not values or not mine or judged is None:
        return None
    sentence, start, end, records = judged
    holders = [r for r in records if any(v in a.text.lower() for a in r.args for v in values if v)]
    if not holders or any(_of_subject(m, r) for m in mine for r in holders):
        return None
    for r in holders:
        theirs = [w for w in r.subject.split() if w.rstrip(".") not in _HONORIFICS]
        for m in mine:
            own = [w for w in m.subject.split() if w.rstrip(".") not in _HONORIFICS]
            if (
                len(own) >= 2
                and len(theirs) >= 2
                and r.subject_kind == "person"
                and own[-1] == theirs[-1]
                and own[0] != theirs[0]
            ):
                detail = f"{values[0]} is said of {r.subject_text}, not {m.subject_text}"
                match = Match("other_subject", "value elsewhere", detail, m, r)
                return Reading(match, i, start, end, sentence)
    return None


def _middle_named(
    claim: str, evidence: Sequence[str], before: Sequence[str], i: int, judgement: Judgement
) -> str | None:
    """The sentence names the claim's person only with a middle name the claim lacks ("John
    Quincy Adams" for "John Adams"): perhaps another person; what is said of them is no cap."""
    judged = _judged_sentence(claim, evidence, before, i, judgement)
    if judged is None:
        return None
    theirs = judged[3]
    for m in _claim_records(claim):
        if any(same_subject(m, r) for r in theirs):
            return None
        other = next(
            (
                r
                for r in theirs
                if (personal(m) or personal(r)) and middle_name(m.subject, r.subject)
            ),
            None,
        )
        if other is not None:
            return f"{other.subject_text} for {m.subject_text}"
    return None


_YEARS = re.compile(r"\b1\d{3}\b|\b20\d{2}\b")


def _another_occasion(
    claim: str, evidence: Sequence[str], before: Sequence[str], i: int, judgement: Judgement
) -> Reading | None:
    """The rules' conflicting year is in the name of what the act is done to, and the claim
    names another occasion of it ("Italy hosted the 1934 FIFA World Cup" for "Italy hosted
    the 1990 FIFA World Cup"; a country may host, a team win, many): not the claim's event."""
    values = _conflicting_values(judgement)
    judged = _judged_sentence(claim, evidence, before, i, judgement)
    if not values or judged is None:
        return None
    sentence, start, end, theirs = judged
    for m in _claim_records(claim):
        for r in theirs:
            if r.relation != m.relation or m.relation == "be" or not same_subject(m, r):
                continue  # (not a class: "is a 2017 British comedy drama film")
            for a in m.args:
                for b in r.args:
                    if not (a.proper and b.proper) or a.text.lower().startswith(("a ", "an ")):
                        continue
                    rest = _YEARS.sub("", b.key).split()
                    if (
                        a.key != b.key
                        and rest
                        and rest == _YEARS.sub("", a.key).split()
                        and _YEARS.search(a.key)
                        and any(v in b.key for v in values)
                    ):
                        detail = f"{b.text} is another occasion than {a.text}"
                        match = Match("other_subject", "another occasion", detail, m, r)
                        return Reading(match, i, start, end, sentence)
            edition = _another_edition(m, r, values)
            if edition is not None:
                match = Match("other_subject", ANOTHER_EDITION, edition, m, r)
                return Reading(match, i, start, end, sentence)
    return None


ANOTHER_EDITION = "another edition"
PARSE_EDITION = Call(
    "parse_edition",
    "the source names another edition of the event, with its year: the subject may have "
    "won or held more than one",
    Action.DEMOTE,
)


def _another_edition(claim: Record, found: Record, values: Sequence[str]) -> str | None:
    """The claim dates its win apart from the event's name ("Argentina won the FIFA World
    Cup in 2014") and the source names another edition with its year in the name ("won the
    2022 FIFA World Cup", "the Eurovision Song Contest 2012", "shared the 2014 Nobel Peace
    Prize"): a team or a singer may win twice (Loreen won Eurovision in 2012 and 2023), so
    the claim's year is not denied; a question for the rater."""
    if claim.relation not in ("award", "hold") or claim.negated or found.negated:
        return None
    years = [a for a in claim.args if a.kind == "time" and _YEARS.search(a.text)]
    events = [a for a in claim.args if a.kind != "time" and not _YEARS.search(a.key)]
    if len(years) != 1 or not events:
        return None
    for a in events:
        name = _YEARS.sub("", a.key).split()
        for b in found.args:
            if b.prep != a.prep or not _YEARS.search(b.key):
                continue
            theirs = [y for y in _YEARS.findall(b.key) if any(y in v for v in values)]
            if theirs and name and _YEARS.sub("", b.key).split() == name:
                return f"{b.text} is another edition than {a.text} {years[0].text}"
    return None


# a person's title before the name ("Mr. Singer" is Siegfried Fred Singer, perhaps)
_HONORIFICS = frozenset("mr mrs ms miss dr prof professor sir dame lord lady rev st".split())


def _named_values(values: Sequence[str]) -> list[str]:
    """The values that are names, not dates or numbers."""
    return [v for v in values if v and not any(ch.isdigit() for ch in v)]


def _judged_sentence(
    claim: str, evidence: Sequence[str], before: Sequence[str], i: int, judgement: Judgement
) -> tuple[str, int, int, tuple[Record, ...]] | None:
    """The sentence the rules judged text ``i`` by, its offsets and its records (a pronoun
    or "the <noun>" read as the claim's subject where the page names it)."""
    start, end = judgement.start, judgement.end
    if start is None or end is None:
        return None
    text = evidence[i]
    sentence = text[start:end]
    context = (before[i][-_CONTEXT:] if before else "") + text[:end]
    names = tuple(r.subject for r in _claim_records(claim) if _named(r.subject, context))
    return sentence, start, end, _sentence_records(sentence, names, titles_of(claim))


_SHARE_OF = re.compile(
    r"(\d[\d.,]*)\s*(?:%|per\s*cent|percent)\s+of\s+((?:[\w'’-]+\s*){1,8})", re.I
)
_WHOLE_WORDS_OFF = frozenset("the a an of total all its their mass volume weight share".split())


def _share_of_another_whole(
    claim: str, evidence: Sequence[str], before: Sequence[str], i: int, judgement: Judgement
) -> Reading | None:
    """A share said of another whole ("Nitrogen accounts for about 3% of the mass of the
    human body" for "Nitrogen makes up about 78% of Earth's atmosphere"): no conflict."""
    judged = _judged_sentence(claim, evidence, before, i, judgement)
    mine = [m for m in _SHARE_OF.finditer(claim)]
    records = _claim_records(claim)
    if judged is None or not mine or not records:
        return None
    sentence, start, end, _theirs = judged
    theirs = [m for m in _SHARE_OF.finditer(sentence)]
    if not theirs:
        return None

    def whole(m: re.Match[str]) -> set[str]:
        return {stem(w) for w in _WORD.findall(m.group(2).lower())} - _WHOLE_WORDS_OFF

    if all(not (whole(a) & whole(b)) for a in mine for b in theirs):
        detail = f"{theirs[0].group(0).strip()} is a share of another whole"
        match = Match("other_subject", "another whole", detail, records[0], records[0])
        return Reading(match, i, start, end, sentence)
    return None


def _date_of_another_act(
    claim: str,
    evidence: Sequence[str],
    before: Sequence[str],
    i: int,
    judgement: Judgement,
    values: Sequence[str],
) -> Reading | None:
    """The rules' conflicting year dates another act of the claim's subject, and the
    sentence says nothing of the claim's act ("The Equal Rights Amendment was first
    introduced in Congress in 1923" for "... was passed by Congress in 1972")."""

    def ask(mine: Record, theirs: tuple[Record, ...]) -> tuple[str, Record] | None:
        if mine.relation == "be" or mine.role:
            return None
        holders = [
            r
            for r in theirs
            if any(a.kind == "time" and any(v in a.text.lower() for v in values) for a in r.args)
        ]
        if not holders or any(same_relation(mine.relation, r.relation) for r in theirs):
            return None
        if not all(same_subject(mine, r) and r.relation != "be" for r in holders):
            return None
        owner = holders[0]
        return f"{values[0]} dates another act ({owner.subject_text} {owner.relation})", owner

    if not values:
        return None
    return _first_reading(claim, evidence, before, i, judgement, "another act", ask)


def _first_reading(
    claim: str,
    evidence: Sequence[str],
    before: Sequence[str],
    i: int,
    judgement: Judgement,
    kind: str,
    ask: Callable[[Record, tuple[Record, ...]], tuple[str, Record] | None],
) -> Reading | None:
    """The first of the claim's records for which ``ask`` finds, in the sentence the rules
    judged text ``i`` by, what that sentence says instead (its words, the record saying
    it): a reading of ``kind`` that withdraws the rules' support."""
    judged = _judged_sentence(claim, evidence, before, i, judgement)
    if judged is None:
        return None
    sentence, start, end, theirs = judged
    for record in _claim_records(claim):
        said = ask(record, theirs)
        if said is not None:
            detail, owner = said
            match = Match("other_subject", kind, detail, record, owner)
            return Reading(match, i, start, end, sentence)
    return None


def _another_act(
    claim: str, evidence: Sequence[str], before: Sequence[str], i: int, judgement: Judgement
) -> Reading | None:
    """The rules' support names the claim's place or name, which the sentence gives the
    subject for another act while it says the claim's act without it (born in Salzburg,
    settled in Vienna): not stated."""

    def ask(record: Record, theirs: tuple[Record, ...]) -> tuple[str, Record] | None:
        found = value_of_another_act(record, theirs)
        if found is None:
            return None
        value, owner = found
        args = " ".join(a.text for a in owner.args)
        return (
            f"{value.text} is of another act ({owner.subject_text} {owner.relation} {args})",
            owner,
        )

    return _first_reading(claim, evidence, before, i, judgement, "another act", ask)


def _said_otherwise(
    claim: str, evidence: Sequence[str], before: Sequence[str], i: int, judgement: Judgement
) -> Reading | None:
    """The rules' support finds the claim's words in the sentence, whose records say the
    claim's act with another value in the claim's slot (:func:`value_said_otherwise`): not
    stated (nor surely denied: a thing may be made by two)."""

    def ask(record: Record, theirs: tuple[Record, ...]) -> tuple[str, Record] | None:
        found = value_said_otherwise(record, theirs)
        if found is None:
            return None
        mine, other, owner = found
        return f"{owner.relation} {other.prep} {other.text}, not {mine.text}", owner

    return _first_reading(claim, evidence, before, i, judgement, "another value", ask)


# nouns that name a part of a thing: "the Danube's Austrian section", "the river's upper
# course", "the bridge's main span"
_PARTS = frozenset(
    "section part stretch portion segment course reach reaches leg half arm branch wing "
    "basin delta span tributary tributaries".split()
)


def _a_part(
    claim: str, evidence: Sequence[str], before: Sequence[str], i: int, judgement: Judgement
) -> Reading | None:
    """The sentence's subject is a part of the claim's ("The Danube's Austrian section,
    around 350 kilometres long, includes the Wachau valley" for "The Danube is about 2,850
    kilometres long") and no clause of it speaks of the claim's subject itself: what it
    measures is the part's."""
    judged = _judged_sentence(claim, evidence, before, i, judgement)
    if judged is None:
        return None
    sentence, start, end, theirs = judged
    for mine in _claim_records(claim):
        words = set(mine.subject.split())
        if not words or any(same_subject(mine, r) for r in theirs):
            continue
        for r in theirs:
            own = r.subject.split()
            if own and own[-1] in _PARTS and words < set(own):
                detail = f"{r.subject_text} is a part of {mine.subject_text}"
                return Reading(
                    Match("other_subject", "a part", detail, mine, r), i, start, end, sentence
                )
    return None


def _said_of_another(
    claim: str, evidence: Sequence[str], before: Sequence[str], i: int, judgement: Judgement
) -> Reading | None:
    """The rules' support finds the claim's act and values in a sentence whose records give
    them to another doer and say nothing of the claim's subject (:func:`done_by_another`)."""

    def ask(record: Record, theirs: tuple[Record, ...]) -> tuple[str, Record] | None:
        owner = done_by_another(record, theirs)
        return (
            None
            if owner is None
            else (f"said of {owner.subject_text}, not {record.subject_text}", owner)
        )

    return _first_reading(claim, evidence, before, i, judgement, "another doer", ask)


def _roles_act(claim: Record, found: Record, records: Sequence[Record]) -> bool:
    """The found clause is what a role of the claim's subject names ("Toni Morrison was the
    first African-American woman to win the Nobel Prize in 1993": the winning is hers)."""
    return bool(found.subject) and any(
        r.role and r.relation.startswith(f"{found.subject} to ") and _of_subject(claim, r)
        for r in records
    )


def _done_to(claim: Record, found: Record) -> bool:
    """The found clause does the claim's relation to the claim's subject ("Jobs, Wozniak and
    Wayne established Apple Computer Company in 1976"; "the committee awarded its peace
    prize to Maathai in 2004"): the claim's event, told from its doer. Not a plan ("the
    agreement to build the bridge in 1991")."""
    if found.relation != claim.relation or _planned(found, found.text):
        return False
    words = set(claim.subject.split())
    return any(words and words <= set(a.key.split()) for a in found.args)


def _another_named(mine: Sequence[Record], found: Record) -> bool:
    """The found clause's subject is a name of its own: not a measure or a date ("3,150
    cubic metres"), not a description ("an American blues singer"), nor something of the
    claim's subject's ("Gutenberg's best-known work" may be the Bible the claim speaks
    of)."""
    text = found.subject_text.lower()
    if found.subject_kind in ("number", "time") or text.startswith(("a ", "an ")):
        return False  # ("was an American blues singer who married in 1894": a description)
    if any(_named_in_claim(found.subject, m.text) for m in mine[:1]):
        return False  # the claim names it too ("Gutenberg finished his Bible", "the Bible")
    if any(
        middle_name(m.subject, found.subject) and "person" in (m.subject_kind, found.subject_kind)
        for m in mine
    ):
        return False  # "John Hovig Dolmayan (born July 15, 1973)": perhaps the claim's John
        # Dolmayan, the rules' reading stands (not another's value)
    if _KIN & set(found.subject.split()):
        return True  # "Tomas Berg's father", "Brightwave's parent company": someone else
    return not any(
        f"{w}'s" in text or f"{w}’s" in text
        for m in mine
        for w in m.subject_text.lower().split()
        if len(w) > 2
    )


# what one has that is someone or something else: a relative, a parent company
_KIN = frozenset(
    "father mother son daughter wife husband brother sister parent parents child children "
    "grandfather grandmother grandson granddaughter uncle aunt nephew niece cousin spouse "
    "widow widower successor predecessor subsidiary".split()
)
# words before a name that make it another thing of the name: "the new Orva Bridge"
_ANOTHER_OF_NAME = frozenset("new old original former first second third later earlier".split())


def _named_in_claim(subject: str, claim: str) -> bool:
    """Every word of a folded subject in the claim ("asylum records" in "In 1971 Asylum
    Records the American record label was founded ...")."""
    words = set(_WORD.findall(without_accents(claim).lower()))
    return bool(subject) and set(without_accents(subject).split()) <= words


def _of_another_noun(mine: Sequence[Record], sentence: str, values: Sequence[str]) -> bool:
    """The value sits in a participle describing another name ("The Kessel Building,
    completed in 1931, overtook ..." for the Orvel Tower's completion)."""
    doc = parse(sentence)
    if doc is None:
        return False
    for token in doc:
        if token.dep_ != "acl" or token.tag_ != "VBN":
            continue
        said = "".join(t.text_with_ws for t in token.subtree).lower()
        if not any(v in said for v in values):
            continue
        noun = token.head
        while noun.dep_ == "appos" and noun.head.i != noun.i:
            noun = noun.head  # "Dolmayan (Ջոն Դոլմայան, born July 15, 1973)": Dolmayan
        if noun.pos_ != "PROPN":
            return False
        words = [t for t in noun.lefts if t.dep_ == "compound" and t.pos_ == "PROPN"]
        name = {stem(t.lower_) for t in [*words, noun]}
        # the claim's subject's most telling word ("Orvel") is not in the name
        telling = _telling_names(mine[0].text) if mine else frozenset()
        return bool(telling) and not telling & name
    return bool(mine) and _after_another_title(mine[0].text, sentence, values)


# a title or a name, a comma, and a participle dating it: "... with Wish You Were Here,
# released in 1975" (a title the parse reads as a clause)
_TITLE_DATED = re.compile(
    r"((?:[A-Z][\w'’-]*\s+)*[A-Z][\w'’-]*),\s+(?:first\s+|later\s+)?[a-z]+ed\s+(?:in|on)\s+"
)


def _after_another_title(claim: str, sentence: str, values: Sequence[str]) -> bool:
    """The value dates a capitalised name the claim does not name, in a participle after
    it ("Pink Floyd followed The Dark Side of the Moon with Wish You Were Here, released
    in 1975" for the Dark Side's year)."""
    said = {stem(w.lower()) for w in _WORD.findall(claim) if w[0].isupper()}
    for m in _TITLE_DATED.finditer(sentence):
        rest = sentence[m.end() : m.end() + 30].lower()
        if not any(rest.startswith(v) or f" {v}" in rest[:20] for v in values):
            continue
        words = {stem(w.lower()) for w in _WORD.findall(m.group(1))}
        if words and not words & said:
            return True
    return False


def _planned(record: Record, sentence: str) -> bool:
    """The record's verb is an infinitive in the sentence ("to build"): a plan."""
    return any(
        relation_of(stem(m.group(1).lower())) == record.relation
        or stem(m.group(1).lower()) == record.relation
        for m in _INFINITIVE.finditer(sentence)
    )


_INFINITIVE = re.compile(r"\bto\s+([a-z]+)\b")


def _of_subject(claim: Record, found: Record) -> bool:
    """The found clause is about the claim's subject: the same subject, or a description
    ending in its name ("the Swedish inventor Alfred Nobel"; "the Greater Tokyo Area" is
    not Tokyo)."""
    if same_subject(claim, found):
        return True
    mine, theirs = claim.subject.split(), found.subject.split()
    before = set(theirs[: -len(mine)]) if mine else set()
    if before & _ANOTHER_OF_NAME and not before & set(mine):
        return False  # "the new Orva Bridge" is another bridge than the Orva Bridge
    if mine and len(theirs) > len(mine) and theirs[-len(mine) - 1] == "of":
        return False  # "the Kingdom of Denmark", "the University of Oxford": another thing
    return bool(mine) and theirs[-len(mine) :] == mine


def _holds(r: Reading, judgement: Judgement) -> bool:
    """The other subject's clause holds the value the rules' conflict is about."""
    said = " ".join(judgement.conflicts).lower()
    if r.match.kind == "another scope":
        return r.match.found.subject_text.lower() in said
    if r.match.kind == "another bearing":
        # "north of Oslo" / "south of Bergen": the places the bearings start from
        return any((p := bearing_place(a)) and p in said for a in r.match.found.args)
    return any(a.kind in ("time", "number") and a.text.lower() in said for a in r.match.found.args)


def _supported(mine: int, readings: list[Reading]) -> Reading | None:
    """A sentence whose records support every record of the claim."""
    by_sentence: dict[int, list[Reading]] = {}
    for r in readings:
        if r.match.outcome == "support":
            by_sentence.setdefault(r.start, []).append(r)
    for found in by_sentence.values():
        claims = {r.match.claim.statement for r in found}
        if len(claims) >= mine:
            return found[0]
    return None


def read(
    claim: str,
    evidence: Sequence[str],
    judged: list[Judgement],
    before: Sequence[str],
    scorer: Scorer,
    refuted_threshold: float,
    name: str = "frames",
    critical: Callable[[str, str], bool] | None = None,
) -> list[Judgement]:
    """The judgements after the records have spoken (see the module docstring)."""
    readings = reading_of(claim, evidence, judged, before)
    mine = _statements(_claim_records(claim))
    out = list(judged)
    for i, (judgement, found) in enumerate(zip(judged, readings, strict=True)):
        if not found and judgement.label == "inconclusive" and not judgement.conflicts:
            continue
        contradictions = [r for r in found if r.match.outcome == "contradiction"]
        others = [r for r in found if r.match.outcome == "other_subject"]
        support = _supported(mine, found)
        if judgement.label == "inconclusive" and judgement.conflicts and contradictions:
            # the rules saw a conflict too weak to count ("a relation that holds many
            # times"); the records say which slot: the author of a work is one
            best = max(contradictions, key=lambda r: scorer.probability(_features(r, evidence)))
            read_again = _contradiction(best, scorer, refuted_threshold, name, judgement)
            if read_again.label == "refuted" or read_again.confidence > judgement.confidence:
                out[i] = read_again
            continue
        if (
            judgement.label == "inconclusive"
            and support is not None
            and support.match.claim.relation.startswith(f"{COMPARED}:")
            and (
                support.match.kind in (MEASURED, RANKED) or _says(claim, support.sentence, support)
            )
        ):
            # the rules read "less" against "more"; the records read which is compared
            # with which ("A is less reactive than B" is "B is more reactive than A")
            out[i] = _support(support, name, judgement)
            continue
        if judgement.label == "refuted" or judgement.conflicts:
            if judgement.label != "supported" and not contradictions:
                out[i] = _conflict_read(claim, evidence, before, i, judgement, others, support)
            continue
        if judgement.label == "supported":
            out[i] = _support_checked(
                claim, evidence, before, i, judgement, found, support, scorer, refuted_threshold
            )
            continue
        if contradictions:
            best = max(contradictions, key=lambda r: scorer.probability(_features(r, evidence)))
            out[i] = _contradiction(best, scorer, refuted_threshold, name, judgement)
        elif (
            support is not None
            and (critical is None or critical(claim, support.sentence))
            and _says(claim, support.sentence, support)
            and _unsure(claim, support.sentence) is None
            and _less_than_claimed(claim, support.sentence) is None
        ):
            said = _support(support, name, judgement)
            prior = _said_before(claim, support.index, said)
            out[i] = said if prior is None else _withdrawn(said, prior)
        elif (held := next((r for r in others if r.match.kind == HELD_BEFORE), None)) is not None:
            # nothing says the claim, and a sentence calls its subject a former holder
            where = replace(judgement, start=held.start, end=held.end, sentence=held.sentence)
            out[i] = _withdrawn(where, held)
    return out


def _conflict_read(
    claim: str,
    evidence: Sequence[str],
    before: Sequence[str],
    i: int,
    judgement: Judgement,
    others: Sequence[Reading],
    support: Reading | None,
) -> Judgement:
    """The rules' refutation or conflict of text ``i``, which no record contradiction
    confirms, as the records read it: another edition of a recurring event (kept for the
    rater), another occasion, a middle name, another subject, a part of the subject, a
    value of another clause or of a relative (dismissed); else as the rules said."""
    occasion = _another_occasion(claim, evidence, before, i, judgement)
    if occasion is not None and occasion.match.kind == ANOTHER_EDITION:
        # (whatever else the sentence's records support: "Euphoria is a song")
        return _demoted(judgement, PARSE_EDITION, occasion.match.detail)
    if support is not None:
        return judgement
    if occasion is not None:
        return _dismissed(judgement, occasion)
    if judgement.label == "refuted" and (
        person := _middle_named(claim, evidence, before, i, judgement)
    ):
        return _demoted(judgement, PARSE_PERSON, person)
    other = next(
        (r for r in others if r.start == judgement.start and _holds(r, judgement)),
        None,
    )
    values = _conflicting_values(judgement)
    other = (
        other
        or _a_part(claim, evidence, before, i, judgement)
        or _share_of_another_whole(claim, evidence, before, i, judgement)
        or _date_of_another_act(claim, evidence, before, i, judgement, values)
        or _value_owner(claim, evidence, before, i, judgement, values)
        or _relatives(claim, evidence, before, i, judgement, _named_values(values))
    )
    return judgement if other is None else _dismissed(judgement, other)


def _support_checked(
    claim: str,
    evidence: Sequence[str],
    before: Sequence[str],
    i: int,
    judgement: Judgement,
    found: list[Reading],
    support: Reading | None,
    scorer: Scorer,
    refuted_threshold: float,
) -> Judgement:
    """The rules' support of text ``i`` as the records read it: kept, turned into the
    contradiction its sentence's records show, or withdrawn (a count not said, the role of
    another scope, a value of another clause or another act, a hedge or a plan)."""
    if (uncounted := _uncounted(claim, judgement)) is not None:
        return uncounted
    if (unsure := _unsure(claim, judgement.sentence or "")) is not None:
        return replace(
            judgement,
            label="inconclusive",
            confidence=0.0,
            matched=(),
            reason=f"not stated: {unsure}",
        )
    prior = _said_before(claim, judgement.evidence_index, judgement)
    if prior is not None:
        return _withdrawn(judgement, prior)
    if (less := _less_than_claimed(claim, judgement.sentence or "")) is not None:
        return replace(
            judgement,
            label="inconclusive",
            confidence=0.0,
            matched=(),
            reason=f"not stated: {less}",
        )
    if support is not None and support.start == judgement.start:
        return judgement  # the sentence's records say it too: a clash there is another clause
    clash = next(
        (r for r in found if r.match.outcome == "contradiction" and r.start == judgement.start),
        None,
    )
    if clash is not None and _guard(clash) is None:
        return _contradiction(clash, scorer, refuted_threshold, judgement.judge, judgement)
    scoped = (
        next(
            (
                r
                for r in found
                if r.match.outcome == "other_subject"
                and r.start == judgement.start
                and r.match.kind in ("another scope", "another time")
            ),
            None,
        )
        or _value_owner(claim, evidence, before, i, judgement, _confirmed_values(judgement, claim))
        or _relatives(
            claim, evidence, before, i, judgement, _named_values(_confirmed_names(judgement))
        )
        or _another_act(claim, evidence, before, i, judgement)
        or _said_otherwise(claim, evidence, before, i, judgement)
        or _said_of_another(claim, evidence, before, i, judgement)
        or _not_said_so(claim, evidence, before, i, judgement)
    )
    return judgement if scoped is None else _withdrawn(judgement, scoped)


# words before a role that make it another role: "the vice president" is no president
_OTHER_ROLE = frozenset(
    "vice deputy former acting assistant associate interim honorary ex co- under sub "
    "lieutenant".split()
)
# a state that has ended: "was headquartered in Porto until 2012"
_ENDED = re.compile(
    r"\b(?:until|till|formerly|former|no longer|used to|previously|ex-)\b"
    r"|\bfrom\s+\d{4}\s+(?:to|until|through)\s+\d{4}\b",  # "served from 2009 to 2017"
    re.IGNORECASE,
)
_ONE_OF = re.compile(r"\b(?:one|some|several|two|three|among)\s+of\s+the\b|\bamong\s+the\b", re.I)


_RANKS = frozenset("first last only".split())


_ORIGIN = re.compile(
    r"\b(?:originat\w*|origin|comes?|came|hails?|hailed|stems?|stemmed|derived?|descend\w*|"
    r"native|from)\b",
    re.IGNORECASE,
)


def _only_origin(claim: str, names: Sequence[str], sentence: str) -> str | None:
    """The claim's place of an act ("made their first flight in Ohio") that the sentence
    names only as where someone is from ("bicycle makers from Dayton, Ohio, made the first
    flights near Kitty Hawk"): not where it was done."""
    if _ORIGIN.search(claim):
        return None  # the claim says where it comes from ("originated in Jamaica")
    for value in names:
        name = re.escape(value)
        if not re.search(rf"\b(?:in|at|near)\s+(?:the\s+)?{name}\b", claim, re.IGNORECASE):
            continue
        said = re.findall(rf"\b{name}\b", sentence, re.IGNORECASE)
        origin = re.compile(rf"\b[Ff]rom\s+(?:[A-Z][\w.'’-]*,?\s+){{0,3}}(?i:{name})\b")
        if said and len(origin.findall(sentence)) == len(said):
            return f"{value} is where someone is from, not where it was done"
    return None


_REPLACED = r"(?:replaced|succeeded|superseded|supplanted)"


def _replaced(subject: str, sentence: str) -> bool:
    """The sentence says the subject was replaced in a role: "Ankara replaced Istanbul as
    the capital", "Rio was replaced by Brasilia as the capital"."""
    if not subject:
        return False
    name = re.escape(subject)
    return bool(
        re.search(rf"\b{_REPLACED}\s+(?:the\s+)?{name}\s+as\b", sentence, re.IGNORECASE)
        or re.search(
            rf"\b{name}\s+(?:was|were|had\s+been)\s+{_REPLACED}\b", sentence, re.IGNORECASE
        )
    )


def _narrower(role: str, other: str) -> bool:
    """A superlative or first of a narrower class: "the largest artificial lake" is not
    "the largest lake" (nor "the first female president" the first president)."""
    mine, theirs = role.split(), other.split()
    ranked = bool(mine) and (mine[0].endswith("est") or mine[0] in _RANKS or mine[0] == "most")
    return ranked and len(theirs) > len(mine) and set(mine) < set(theirs)


def _one_of(role: str, sentence: str) -> bool:
    """ "one of the highest-grossing films": the role's words right after "one of the"
    (not "one of the highest boiling points" for "the highest melting point")."""
    wanted = {stem(w) for w in _WORD.findall(role.lower())}
    for m in _ONE_OF.finditer(sentence):
        after = _WORD.findall(sentence[m.end() :].lower())[: len(wanted) + 2]
        if wanted <= {stem(w) for w in after}:
            return True
    return False


def _not_said_so(
    claim: str, evidence: Sequence[str], before: Sequence[str], i: int, judgement: Judgement
) -> Reading | None:
    """The rules' support names the claim's subject and value, but the sentence says less:
    a number word, a direction or an outcome said otherwise (:func:`_other_words`); the act
    of someone the subject has or with the two sides turned (:func:`_anothers`); another
    role, a narrower superlative, one of several, a state that has ended
    (:func:`_said_less`)."""
    judged = _judged_sentence(claim, evidence, before, i, judgement)
    if judged is None:
        return None
    sentence, start, end, theirs = judged
    records = _claim_records(claim)
    said_other = _other_words(claim, sentence)
    if said_other is not None and records:
        match = Match("other_subject", "said less", said_other, records[0], records[0])
        return Reading(match, i, start, end, sentence)
    origin = _only_origin(claim, _confirmed_names(judgement), sentence)
    if origin is not None and records:
        match = Match("other_subject", "said less", origin, records[0], records[0])
        return Reading(match, i, start, end, sentence)
    for mine in records:
        why = _anothers(mine, theirs) or _said_less(mine, sentence, theirs)
        if why is not None:
            detail, owner = why
            return Reading(
                Match("other_subject", "said less", detail, mine, owner), i, start, end, sentence
            )
    return None


_NUMBER_WORD = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|first|second|"
    r"third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\b",
    re.IGNORECASE,
)
_FROM_TO = re.compile(r"\bfrom\s+(\w+)\s+to\s+(\w+)", re.IGNORECASE)


# what a sentence says without asserting it was done: a hedge ("may have died", "is
# believed to", "reportedly") or a plan ("the target year for finishing", "is scheduled
# to open"); said of a claim that says neither, it supports nothing
_HEDGED = re.compile(
    rf"\b(?:(?:may|might|could)\s+(?:have|be)|{_HEDGE_WORDS}|"
    # a belief or a claim reported ("maintained until his death that the lands ... were
    # part of Asia"), a condition ("would go to a penalty shoot-out if ...")
    r"(?:maintained|insisted|asserted|argued|claimed|believed|thought)\s+(?:\w+\s+){0,5}?that|"
    r"would\s+\w+[^.;]{0,60}?\bif)\b",
    re.IGNORECASE,
)
_MODAL = re.compile(r"\b(?:can|could|may|might|to\s+be)\b", re.IGNORECASE)
_PLANNED = re.compile(
    r"\b(?:target\s+(?:year|date)|as\s+the\s+target|deadline|scheduled|slated|intended\s+to|"
    r"expected\s+to|planned\s+(?:to|for)|(?:was|were|is|are)\s+planned|plans?\s+to|aims?\s+to|"
    r"due\s+to\s+(?:be|open|finish|close|start|begin)|"
    # a projection ("projections suggest that Nigeria's population could reach 400 million
    # by 2050") or a right won to do it ("won the right to host the World Cup")
    r"projections?|projected|forecasts?|(?:could|would|might)\s+reach|"
    r"(?:won|awarded|granted|given)\s+the\s+right\s+to|bid\s+to\s+host)\b",
    re.IGNORECASE,
)


def _unsure(claim: str, sentence: str) -> str | None:
    """A plan in the sentence, or a hedge before the last of the claim's values it names,
    that the claim does not make (:data:`_PLANNED`, :data:`_HEDGED`): "a play by William
    Shakespeare, probably composed around 1600" hedges the date, not the author."""
    if _HEDGED.search(claim) or _PLANNED.search(claim) or _MODAL.search(claim):
        return None  # ("can be passed down": the claim says no more than "may be")
    planned = _PLANNED.search(sentence)
    if planned is not None:
        return f"the evidence speaks of a plan ({planned.group(0)!r})"
    lowered = sentence.lower()
    at = [
        lowered.rfind(a.text.lower())
        for r in _claim_records(claim)
        for a in r.args
        if a.text and a.text.lower() in lowered
    ]
    last = max(at) if at else len(sentence)
    found = next((m for m in _HEDGED.finditer(sentence) if m.start() < last), None)
    if found is None:
        return None
    return f"the evidence does not say it was so ({found.group(0)!r})"


def _other_words(claim: str, sentence: str) -> str | None:
    """Words a support must say as the claim does: a number said as a word ("reached number
    one" is not "number two"; digits the slots compare, within their tolerance), the order
    of "from A to B" ("from west to east" is not "from east to west"), the way to or from a
    name ("flows out of Lake Tarn" is not "into"), and no outcome the claim does not say
    ("was defeated in the election" is not "was elected")."""
    mine = {w.lower() for w in _NUMBER_WORD.findall(claim)}
    theirs = {w.lower() for w in _NUMBER_WORD.findall(sentence)}
    if mine - theirs and theirs - mine:
        return f"says {', '.join(sorted(theirs - mine))}, not {', '.join(sorted(mine - theirs))}"
    for a, b in _FROM_TO.findall(claim):
        if re.search(rf"\bfrom\s+{re.escape(b)}\s+to\s+{re.escape(a)}\b", sentence, re.I):
            return f"from {b} to {a}, not from {a} to {b}"
    # the other way: "flows out of Lake Tarn" for "flows into Lake Tarn"
    for way, name in _WAY.findall(claim):
        other = _OTHER_WAY[way.lower()]
        if re.search(rf"\b(?:{other})\s+{re.escape(name)}\b", sentence, re.I) and not re.search(
            rf"\b{way}\s+{re.escape(name)}\b", sentence, re.I
        ):
            return f"the other way: not {way} {name}"
    # an outcome the claim does not say: "was defeated in the election" for "was elected"
    lost = {w.lower() for w in _FAILED.findall(sentence)} - {
        w.lower() for w in _FAILED.findall(claim)
    }
    if lost:
        return f"says {', '.join(sorted(lost))}"
    return None


def _less_than_claimed(claim: str, sentence: str) -> str | None:
    """What a sentence saying the claim's words says less than the claim, whichever reading
    supports it: a nomination where the claim says a win ("received her seventh Academy
    Award nomination, for Best Actress" for "won the Academy Award for Best Actress"), a
    rank below the claim's role (:func:`_rank_below`)."""
    if (
        _NOMINATED.search(sentence)
        and not _NOMINATED.search(claim)
        and not _WON.search(_RECEIVED.sub("", sentence))  # "received a nomination"
        and _WON.search(claim)
    ):
        return "nominated, not said to have won"
    lower = _rank_below(claim, sentence)
    if lower is not None:
        return f"says {lower}, not the claim's role"
    before = [h for h in excepted_at_head(sentence) if h.lower() not in claim.lower()]
    if before and _FIRST_SUPERLATIVE.search(claim) and not _ORDINAL_RANK.search(claim):
        # "After hydrogen, helium is the most abundant element": the second
        return f"the superlative is said after {before[0]}: not the first"
    return (
        _value_denied(claim, sentence)
        or _said_of_the_other(claim, sentence)
        or _a_role_played(claim, sentence)
        or _named_after(claim, sentence)
        or _namesake(claim, sentence)
        or _adaptation(claim, sentence)
        or _record_way(claim, sentence)
        or _one_of_several(claim, sentence)
        or _figure_said_loosely(claim, sentence)
        or _season_for_year(claim, sentence)
    )


_SUPERLATIVE_WORD = re.compile(r"\bthe\s+((?:most|least)\s+\w+|\w{3,}est)\b", re.IGNORECASE)


def _one_of_several(claim: str, sentence: str) -> str | None:
    """ "one of the largest game reserves in Africa" for "the largest national park in
    Africa": one of several, not the one."""
    if re.search(r"\b(?:one|some|among)\s+of\s+the\b", claim, re.IGNORECASE):
        return None
    for m in _SUPERLATIVE_WORD.finditer(claim):
        word = re.escape(m.group(1))
        if re.search(rf"\b(?:one|some|among)\s+of\s+the\s+{word}\b", sentence, re.I) and not (
            re.search(rf"(?<!of )\bthe\s+{word}\b", sentence, re.IGNORECASE)
        ):
            return f"one of the {m.group(1)}, not the {m.group(1)}"
    return None


_NUMBER = re.compile(
    r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w,])|(?<![\w.,])\d+(?:\.\d+)?(?![\w.,]\d)"
)
_LOOSELY = re.compile(
    r"\b(?:almost|nearly|about|around|roughly|approximately|some|over|more\s+than|"
    r"less\s+than|under|up\s+to|at\s+least|at\s+most|between|from)\s+$",
    re.IGNORECASE,
)
_RANGE_BEFORE = re.compile(r"\b(?:between|from)\s+[\d.,]+(?:\s+\w+)?\s+(?:and|to)\s+$", re.I)


def _figure_said_loosely(claim: str, sentence: str) -> str | None:
    """A precise figure of the claim the sentence gives only loosely or as a bound: "almost
    5,900 metres" for "5,895 metres", "between 100 and 400 billion stars" for "400 billion
    stars"."""
    if _LOOSE_CLAIM.search(claim):
        return None  # the claim is loose itself ("about 400 billion")
    for m in _NUMBER.finditer(claim):
        figure = m.group(0)
        if _YEARS.fullmatch(figure):
            continue
        exact = [x for x in _NUMBER.finditer(sentence) if x.group(0) == figure]
        if exact:
            if all(_RANGE_BEFORE.search(sentence[: x.start()]) for x in exact):
                return f"{figure} only as a bound of a range"
            continue
        digits = figure.replace(",", "").split(".")[0]
        if len(digits) >= 3 and digits.rstrip("0") and len(digits.rstrip("0")) >= 3:
            near = [
                x
                for x in _NUMBER.finditer(sentence)
                if _LOOSELY.search(sentence[max(0, x.start() - 25) : x.start()])
                and x.group(0).replace(",", "").split(".")[0][:1] == digits[:1]
                and len(x.group(0).replace(",", "").split(".")[0]) == len(digits)
            ]
            if near:
                return f"{near[0].group(0)} said loosely, not {figure}"
    return None


_LOOSE_CLAIM = re.compile(
    r"\b(?:almost|nearly|about|around|roughly|approximately|over|more\s+than|less\s+than|"
    r"under|up\s+to|at\s+least|some|estimated|between)\b",
    re.IGNORECASE,
)


def _season_for_year(claim: str, sentence: str) -> str | None:
    """A season the sentence names across two years ("won the 2015-16 Premier League") for
    a claim dated by one of them alone ("won the Premier League in 2015"): which year the
    claim means is not said."""
    if season_years(claim):
        return None
    years = {int(y) for y in _YEARS.findall(claim)}
    spanned = years & season_years(sentence)
    said_alone = {int(y) for y in _YEARS.findall(without_seasons(sentence))}
    if spanned and not spanned & said_alone:
        return f"a season across two years, not {min(spanned)} alone"
    return None


_PAIR = re.compile(
    r"\b((?:[A-Z][\w.'’-]*\s+){0,3}[A-Z][\w.'’-]*)\s+and\s+((?:[A-Z][\w.'’-]*\s+){0,3}[A-Z][\w.'’-]*)\b"
)


def _said_of_the_other(claim: str, sentence: str) -> str | None:
    """ "A and B ...; the former was 17": what "the former" or "the latter" says is of that
    one, not of the claim's subject when it is the other."""
    said = re.search(r"\bthe\s+(former|latter)\b", sentence, re.IGNORECASE)
    records = _claim_records(claim)
    if said is None or not records:
        return None
    pair = next(iter(_PAIR.finditer(sentence[: said.start()])), None)
    if pair is None:
        return None
    meant, other = (pair.group(1), pair.group(2))
    if said.group(1).lower() == "latter":
        meant, other = other, meant
    subject = records[0].subject
    if same_name(subject, fold_name(other)) and not same_name(subject, fold_name(meant)):
        return f"the {said.group(1).lower()} is {meant}, not {other}"
    return None


_PLAYED = re.compile(
    r"\b(?:plays|played|portrays|portrayed|starring|stars|starred|voiced|as\s+the\s+character)\b",
    re.IGNORECASE,
)
_ACTING = re.compile(
    r"\b(?:play(?:s|ed|ing)?|portray\w*|star(?:s|red|ring)?|act(?:s|ed|ing|or|ress)?|"
    r"voic\w*|role|cast|film|movie)\b",
    re.IGNORECASE,
)


def _a_role_played(claim: str, sentence: str) -> str | None:
    """The sentence says it of a character the claim's subject played ("Sylvester Stallone
    plays Rocky Balboa, a small-time boxer from Philadelphia"; "Atticus Finch, the Alabama
    lawyer ..., was played on screen by Gregory Peck"): the part, not the actor."""
    if not _PLAYED.search(sentence) or _ACTING.search(claim):
        return None
    for record in _claim_records(claim):
        last = re.escape(record.subject_text.split()[-1]) if record.subject_text else ""
        if last and re.search(
            rf"\b{last}\s+(?:plays|played|portrays|portrayed)\s+[A-Z]"
            rf"|\b(?:played|portrayed|voiced)\s+(?:[\w-]+\s+){{0,3}}?by\s+(?:[\w.'’-]+\s+){{0,3}}{last}\b",
            sentence,
        ):
            return "said of a character played, not of the actor"
    return None


def _named_after(claim: str, sentence: str) -> str | None:
    """The sentence's subject is only named after the claim's ("Nijinsky, a racehorse named
    after the ballet dancer Vaslav Nijinsky, won the English Triple Crown")."""
    for record in _claim_records(claim):
        name = re.escape(record.subject_text.split()[-1]) if record.subject_text else ""
        if name and re.search(
            rf"\bnamed\s+(?:after|for)\s+(?:[\w'’-]+\s+){{0,4}}?[\w.'’ -]*\b{name}\b",
            sentence,
            re.IGNORECASE,
        ):
            return f"said of what is named after {record.subject_text}"
    return None


def _value_denied(claim: str, sentence: str) -> str | None:
    """A value of the claim the sentence denies by name ("produced by the beta cells of the
    pancreatic islets, not by the liver"), or gives to another ("Ethanol has the formula
    C2H5OH; CH3OH is the formula of methanol")."""
    for record in _claim_records(claim):
        if record.negated:
            continue  # "Meteora is not an album by Linkin Park": the denial is the claim's
        for arg in record.args:
            if arg.kind in ("time", "number") or len(arg.text) < 3:
                continue
            value = re.escape(re.sub(r"^(?:the|a|an)\s+", "", arg.text, flags=re.IGNORECASE))
            if re.search(
                rf"\bnot\s+(?:(?:by|in|at|from|of|on|to|into)\s+)?(?:the\s+)?{value}\b",
                sentence,
                re.IGNORECASE,
            ):
                return f"the sentence says not {arg.text}"
            # (the value itself: "CH3OH" of "the chemical formula CH3OH")
            last = arg.text.split()[-1]
            named = re.escape(last) if re.search(r"\d|[A-Z]", last) else value
            other = re.search(
                rf"\b{named}\s+is\s+the\s+[\w\s-]{{1,30}}?\bof\s+(?:the\s+)?(\w+)",
                sentence,
                re.IGNORECASE,
            )
            if other and other.group(1).lower() not in claim.lower():
                return f"{arg.text} is said of {other.group(1)}"
    for code in _CODE.findall(claim):
        # a formula or a code the parse may not read as a value: "CH3OH", "C2H6O"
        other = re.search(
            rf"\b{re.escape(code)}\s+is\s+the\s+[\w\s-]{{1,30}}?\bof\s+(?:the\s+)?(\w+)",
            sentence,
            re.IGNORECASE,
        )
        if other and other.group(1).lower() not in claim.lower():
            return f"{code} is said of {other.group(1)}"
    return None


_CODE = re.compile(r"\b[A-Z][A-Za-z]*\d[A-Za-z0-9]*\b")


# a name qualified by where it is: "Portland, Maine", "Cambridge, Massachusetts"
_QUALIFIED_NAME = re.compile(
    r"\b([A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)*),\s+([A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)?)"
)


def _namesake(claim: str, sentence: str) -> str | None:
    """The claim's name qualified one way, the sentence's another ("Portland, Maine" /
    "Portland, Oregon"), and never the claim's way: another place of the name."""
    for m in _QUALIFIED_NAME.finditer(claim):
        name, where = m.group(1), m.group(2)
        theirs = re.search(
            rf"\b{re.escape(name)},\s+([A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)?)", sentence
        )
        if theirs and theirs.group(1) != where and where not in sentence:
            return f"{name}, {theirs.group(1)}, not {name}, {where}"
    return None


# what a work is: the claim's kind against the kind of what the sentence speaks of
_WORK_KINDS = frozenset(
    "novel book film movie play musical series album song opera game poem comic".split()
)
_DERIVED = re.compile(
    r"\b(?:adaptation|adapted|remake|remade|sequel|prequel|spin-?off|based\s+on)\b", re.I
)


def _adaptation(claim: str, sentence: str) -> str | None:
    """The claim names its work's kind ("Mario Puzo's novel The Godfather") and the
    sentence speaks of a work derived from it, of another kind ("The Godfather, Francis
    Ford Coppola's film adaptation of Mario Puzo's novel, was released in 1972")."""
    if not _DERIVED.search(sentence) or _DERIVED.search(claim):
        return None
    mine = {w.lower() for w in _WORD.findall(claim)} & _WORK_KINDS
    theirs = {w.lower() for w in _WORD.findall(sentence)} & _WORK_KINDS
    if mine and theirs - mine:
        return f"the sentence speaks of a {sorted(theirs - mine)[0]} derived from the {sorted(mine)[0]}"
    return None


_MATCHED = re.compile(r"\b(?:match(?:es|ed|ing)?|equall?(?:s|ed|ing)?|tie[sd]?|tying)\b", re.I)
_BROKEN = re.compile(
    r"\b(?:break(?:s|ing)?|broke|broken|surpass(?:es|ed|ing)?|beat(?:s|ing)?|eclips(?:es|ed|ing))\b",
    re.I,
)


def _record_way(claim: str, sentence: str) -> str | None:
    """A record matched where the sentence says it was broken, or broken where it says
    matched ("won seven golds, matching Spitz's record" / "his eighth gold ..., breaking
    Mark Spitz's record of seven golds")."""
    if "record" not in claim.lower() or "record" not in sentence.lower():
        return None
    if _MATCHED.search(claim) and _BROKEN.search(sentence) and not _MATCHED.search(sentence):
        return "the record broken, not matched"
    if _BROKEN.search(claim) and _MATCHED.search(sentence) and not _BROKEN.search(sentence):
        return "the record matched, not broken"
    return None


_FIRST_SUPERLATIVE = re.compile(r"\b(?:the\s+)?(?:most\s+\w+|\w{3,}est)\b", re.IGNORECASE)
_ORDINAL_RANK = re.compile(
    r"\b(?:second|third|fourth|fifth|\d+(?:st|nd|rd|th))[- ](?:most|least|\w+est)\b", re.I
)


_NOMINATED = re.compile(r"\b(?:nominat\w*|nominees?|shortlist\w*)\b", re.IGNORECASE)
_WON = re.compile(r"\b(?:won|wins?|winning|winners?|awarded|received|receives?)\b", re.I)
_RECEIVED = re.compile(r"\b(?:received|receives?)\b", re.I)
# a rank below a role, said before its name: "vice president", "Deputy Prime Minister"
_BELOW = re.compile(
    r"\b(vice|deputy|assistant|associate|acting|interim|lieutenant)[\s-]+([A-Za-z]+)",
    re.IGNORECASE,
)


def _rank_below(claim: str, sentence: str) -> str | None:
    """The claim's role said only with a rank below it ("served as the 48th vice president"
    for "served as President"; "Deputy Prime Minister" for "Prime Minister"): every time the
    sentence names the role, the lower rank is before it, and the claim does not say it."""
    said = {w.lower() for w in _WORD.findall(claim)}
    for m in _BELOW.finditer(sentence):
        rank, role = m.group(1).lower(), m.group(2).lower()
        if rank in said or not _said_as_role(role).search(claim):
            continue  # (the claim's word as a role: "served as President", not "Charles Best")
        below = {x.start(2) for x in _BELOW.finditer(sentence) if x.group(2).lower() == role}
        plain = [
            x
            for x in re.finditer(rf"\b{re.escape(role)}\b", sentence, re.IGNORECASE)
            if x.start() not in below and not _title_of_another(sentence[x.end() :], said)
        ]
        if not plain:
            return f"{m.group(1)} {m.group(2)}"
    return None


def _said_as_role(role: str) -> re.Pattern[str]:
    return re.compile(
        rf"\b(?:as|the|a|an|is|was|became|becomes)\s+(?:\w+\s+){{0,2}}?{re.escape(role)}\b",
        re.IGNORECASE,
    )


def _title_of_another(after: str, said: set[str]) -> bool:
    """A role's word is a title before another's name ("under Prime Minister Justin
    Trudeau"): the role's other words, then a name the claim does not say."""
    for word in _WORD.findall(after)[:4]:
        if word.lower() in said:
            continue
        return word[:1].isupper()
    return False


_WAY = re.compile(r"\b(into|out of|to|from)\s+((?:the\s+)?[A-Z][\w-]*)")
_OTHER_WAY = {"into": "out of|from", "out of": "into|to", "to": "from|out of", "from": "to|into"}
_FAILED = re.compile(
    r"\b(?:defeated|lost|failed|rejected|refused|denied|cancell?ed|vetoed|overturned|"
    r"repealed|abandoned|withdrawn|postponed|shortlisted|runner-up|unsuccessful(?:ly)?)\b",
    re.IGNORECASE,
)


def _anothers(mine: Record, theirs: Sequence[Record]) -> tuple[str, Record] | None:
    """The claim's act said of someone or something the claim's subject has, or with the
    two sides turned ("Ardo invaded Kovia" for "Kovia invaded Ardo")."""
    keys = {a.key for a in mine.args}
    acts = [
        r
        for r in theirs
        if r.asserted and (r.relation == mine.relation or keys & {a.key for a in r.args})
    ]
    if not acts or any(same_subject(mine, r) for r in acts):
        return None
    # (the act itself, or what it is about: "Elliott Roosevelt's father was Governor")
    objects = {a.key for a in mine.args if not a.prep and a.proper}
    for r in acts:
        if (
            r.relation != mine.relation
            or mine.relation == "be"
            or not r.subject_proper
            or len(objects) != 1
        ):
            continue
        if same_name(r.subject, " ".join(objects)) and any(
            not a.prep and same_name(a.key, mine.subject) for a in r.args
        ):
            return f"{r.subject_text} {r.relation} {mine.subject_text}: the other way round", r
    for r in acts:
        owner, _sep, _owned = r.subject_text.rpartition("'s ")
        owner = owner or r.subject_text.rpartition("’s ")[0]
        if owner and same_name(mine.subject, fold_name(owner)):
            return f"{r.subject_text} {r.relation}: said of another", r
    return None


def _said_less(mine: Record, sentence: str, theirs: Sequence[Record]) -> tuple[str, Record] | None:
    """The claim's subject in another role of the same words ("the vice president", "the
    former prime minister"), the superlative of a narrower class within the claim's scope
    ("the largest artificial lake in Kovia"), one of several ("one of the highest-grossing
    films"), or a state that has ended where the claim says it holds ("was headquartered in
    Porto until 2012", "served from 2009 to 2017" for "is")."""
    own = [r for r in theirs if same_subject(mine, r)]
    for r in own:
        extra = r.relation.split()[: -len(mine.relation.split()) or None]
        if (
            mine.role
            and r.role
            and r.relation != mine.relation
            and r.relation.endswith(f" {mine.relation}")
            and set(extra) & _OTHER_ROLE
        ):
            return f"{r.subject_text} is the {r.relation}, not the {mine.relation}", r
    for r in own:
        # (of the claim's own scope: "the largest artificial lake in Kovia")
        scoped = {a.key for a in mine.args} <= {a.key for a in r.args}
        if mine.role and r.role and scoped and _narrower(mine.relation, r.relation):
            return f"{r.subject_text} is the {r.relation}, not the {mine.relation}", r
    if mine.role and mine.tense == "present" and _replaced(mine.subject_text, sentence):
        # "Ankara replaced Istanbul as the Turkish capital": Istanbul is no longer it
        return f"{mine.subject_text} was replaced as the {mine.relation}", own[0] if own else mine
    if mine.role and mine.unique and _one_of(mine.relation, sentence):
        return f"one of several, not the {mine.relation}", own[0] if own else mine
    ordinal = mine.relation.split()[0] in _RANKS | {"second", "third"} if mine.relation else False
    if mine.role and mine.unique and not ordinal and not _role_named(mine.relation, sentence):
        # (a first's noun is said many ways: "the first woman" for "the first female artist")
        # "Michael Collins piloted the command module Columbia during Apollo 11, ... while
        # Neil Armstrong and Buzz Aldrin descended" names no commander of Apollo 11
        return f"the sentence names no {_role_head(mine.relation)}", own[0] if own else mine
    named = [r for r in theirs if same_name(mine.subject, r.subject)]
    if (
        mine.tense == "present"
        and _ENDED.search(sentence)
        and not _ENDED.search(mine.text)
        and any(r.tense == "past" for r in named)
    ):
        return "a state that has ended, not said to hold now", named[0]
    return None


def _said_before(claim: str, i: int | None, judgement: Judgement) -> Reading | None:
    """The support's sentence calls the claim's subject a former holder of the role the
    claim gives it now (:func:`_held_before`)."""
    sentence, start, end = judgement.sentence, judgement.start, judgement.end
    if not sentence or i is None or start is None or end is None:
        return None
    for mine in _claim_records(claim):
        prior = _held_before(mine, sentence)
        if prior is not None:
            match = Match("other_subject", HELD_BEFORE, prior, mine, mine)
            return Reading(match, i, start, end, sentence)
    return None


HELD_BEFORE = "held before"
# a role said to have been held: "a co-founder and former CEO of Twitter", "ex-president"
_BEFORE_WORD = r"(?:former|ex-|onetime|one-time|erstwhile|then-?)"
# the probability that a claim of a role now is false where a source calls its holder a
# former holder: a question for the rater (the source may be older than the claim, the
# role held again since), never a cap
HELD_BEFORE_PROBABILITY = 0.45


def _held_before(mine: Record, sentence: str) -> str | None:
    """The claim gives its subject a role now ("Jack Dorsey is the CEO of Twitter"; no
    year, no "as of") and the sentence calls it a former holder of that role, of the
    claim's scope ("a co-founder and former CEO of Twitter"): what the source says."""
    if mine.negated or mine.tense == "past" or _YEARS.search(mine.text):
        return None
    if mine.role:
        head = _role_head(mine.relation)
        scope = {w for a in mine.args for w in a.key.split() if len(w) > 2}
    elif mine.relation == "be" and len(mine.args) == 1 and mine.args[0].text.startswith("the "):
        # "Jack Dorsey is the CEO of Twitter" read as what he is
        role, _, of = mine.args[0].key.partition(" of ")
        head = role.split()[-1] if role.split() else ""
        scope = {w for w in of.split() if len(w) > 2}
    else:
        return None
    if not head.isalpha():
        return None
    said = re.search(
        rf"\b{_BEFORE_WORD}\s*(?:[\w.&'’-]+\s+){{0,3}}?{re.escape(head)}(?:s|es)?\b",
        sentence,
        re.IGNORECASE,
    ) or re.search(
        # a term that ended: "served as Chancellor of Germany from 2005 to 2021", "was the
        # CEO of Twitter until 2021"
        rf"\b(?:served|was|were|remained)\s+(?:as\s+)?(?:the\s+)?(?:[\w.&'’-]+\s+){{0,3}}?"
        rf"{re.escape(head)}\b[^.;]{{0,60}}?\b(?:until|till|to)\s+(?:\w+\s+){{0,2}}"
        r"(?:1\d{3}|20\d{2})\b",
        sentence,
        re.IGNORECASE,
    )
    if said is None:
        return None
    # said of the claim's subject, named before it ("X is a co-founder and former CEO"), not
    # of a name after it ("succeeded former CEO Steve Jobs")
    name = [w for w in _WORD.findall(mine.subject_text) if w[:1].isupper()]
    after = _WORD.findall(sentence[said.end() :])[:1]
    if after and after[0][:1].isupper() and after[0] not in name:
        return None
    if name and not re.search(rf"\b{re.escape(name[-1])}\b", sentence[: said.start()]):
        return None
    # the role's scope ("of Twitter") said with it, not another's ("former CEO of Square")
    near = sentence[said.start() : said.end() + 60].lower()
    if scope and not scope <= {stem(w) for w in _WORD.findall(near)} | set(_WORD.findall(near)):
        return None
    words = said.group(0).strip()
    if not re.match(rf"{_BEFORE_WORD}", words, re.IGNORECASE):
        named = re.search(re.escape(head), words, re.IGNORECASE)
        return f"{mine.subject_text} {words}: not said to be the {named.group(0) if named else head} now"
    role = re.sub(rf"^{_BEFORE_WORD}\s*", "", words, flags=re.IGNORECASE)
    return f"{mine.subject_text} is called {words}, not the {role} now"


def _role_head(role: str) -> str:
    """The noun a role is ("first person to walk on moon": person; "commander": itself)."""
    words = role.split(" to ")[0].split()
    return words[-1] if words else ""


# how a sentence's word may name a role: itself, a synonym, a broader or narrower noun
# ("the main international football competition" for "the football championship"), not a
# form derived from it ("the command module" names no commander)
_ROLE_SAID = frozenset(
    {WordRelation.SAME, WordRelation.SYNONYM, WordRelation.BROADER, WordRelation.NARROWER}
)


def _role_named(role: str, sentence: str) -> bool:
    """The sentence says the role's noun, or a synonym, a broader or a narrower noun, as a
    word of its own ("the commander", "commanders", "the chief"), not only a word of its
    stem ("the command module")."""
    head = _role_head(role)
    if not head.isalpha() or len(head) < 3:
        return True  # nothing to look for: not this check's call
    for word in {w.lower() for w in _WORD.findall(sentence)}:
        if word in (head, f"{head}s", f"{head}es") or (
            len(word) > 3 and relation(head, word) in _ROLE_SAID
        ):
            return True
    return False


def _features(r: Reading, evidence: Sequence[str]) -> dict[str, float]:
    return features(r, len(evidence))


def features(r: Reading, texts: int) -> dict[str, float]:
    """The scorer's features of one record contradiction."""
    m = r.match
    claim_words, found_words = _stems(m.claim.text), _stems(r.sentence)
    overlap = len(claim_words & found_words) / max(1, len(claim_words))
    return {
        "bias": 1.0,
        "kind_role": float(m.kind == "unique_role"),
        "kind_value": float(m.kind == "value"),
        "kind_negation": float(m.kind == "negation"),
        "kind_count": float(m.kind == "count"),
        "kind_class": float(m.kind == "class"),
        "overlap": overlap,
        "confirmed": min(m.features.get("confirmed", 0.0), 2.0),
        "claim_args": min(m.features.get("claim_args", 0.0), 3.0),
        "resolved": m.features.get("resolved", 0.0),
        "proper_subject": float(m.found.subject_proper),
        "same_subject_text": float(same_name(m.claim.subject, m.found.subject)),
    }


def _contradiction(
    r: Reading, scorer: Scorer, threshold: float, name: str, judgement: Judgement
) -> Judgement:
    p = scorer.probability(_features(r, ()))
    call = _guard(r)
    if call is not None and call.action is Action.DISMISS:
        return replace(
            judgement,
            label="inconclusive",
            confidence=0.0,
            guard=call,
            reason=f"{call.says()} (records: {r.match.detail})",
        )
    if call is not None:
        p = min(p, 0.45)
    if r.match.kind in REVIEW_ONLY:
        p = min(p, REVIEW_ONLY_P)
    # a cap needs the scorer's calibrated threshold; its confidence is the calibrated
    # precision there, which must still reach the judges' refuted_threshold
    if p >= scorer.threshold and call is None and r.match.kind not in REVIEW_ONLY:
        p = scorer.confidence(p)
    label: Label = "refuted" if p >= max(threshold, scorer.threshold) else "inconclusive"
    reason = (
        f"records: same subject, {r.match.kind.replace('_', ' ')}: {r.match.detail}"
        if label == "refuted"
        else f"possible conflict (records: {r.match.detail}, confidence {p:.2f}): check it"
    )
    return Judgement(
        label,
        round(p, 3),
        name,
        r.index,
        r.start,
        r.end,
        r.sentence,
        conflicts=(r.match.detail,),
        reason=reason,
        score=max(judgement.score, 0.5),
        agreement=judgement.agreement if judgement.label != "supported" else None,
        guard=call,
    )


def _said_as(relation: str, claim: str) -> str:
    """The relation in the claim's own word when the claim says one of its words ("join"
    for a membership, not the table's name for the group, "flow")."""
    said = _stems(claim)
    word = next(
        (w for w in RELATIONS.get(relation, ()) if " " not in w and stem(w) in said), relation
    )
    return _READABLE.get(word, word)


_READABLE = {"populat": "population"}  # a relation's stem, as a rater reads it


def _support(r: Reading, name: str, judgement: Judgement) -> Judgement:
    args = ", ".join(a.text for a in r.match.claim.args)
    relation = _said_as(r.match.found.relation, r.match.claim.text)
    if relation.startswith(f"{COMPARED}:"):
        relation, args = "the same comparison", ""
    return Judgement(
        "supported",
        SUPPORT,
        name,
        r.index,
        r.start,
        r.end,
        r.sentence,
        matched=tuple(a.text for a in r.match.claim.args),
        reason=f"records: same subject, relation and values ({relation}"
        + (f": {args}" if args else "")
        + ")",
        score=max(judgement.score, 0.8),
        agreement=judgement.agreement,
    )


def _withdrawn(judgement: Judgement, r: Reading) -> Judgement:
    """A rules' support the records read as the role of another scope or of another time
    (held then, not said now), or whose date or number the parse gives to another
    subject's clause. A role the source says was held before, where the claim says it is
    held now, is a conflict for the rater (:data:`HELD_BEFORE_PROBABILITY`)."""
    if r.match.kind == HELD_BEFORE:
        return replace(
            judgement,
            label="inconclusive",
            confidence=HELD_BEFORE_PROBABILITY,
            matched=(),
            conflicts=(r.match.detail,),
            reason=f"possible conflict ({r.match.detail}, confidence "
            f"{HELD_BEFORE_PROBABILITY:.2f}): check it",
        )
    return replace(
        judgement,
        label="inconclusive",
        confidence=0.0,
        matched=(),
        reason=f"not stated: {r.match.detail}",
    )


def _demoted(judgement: Judgement, call: Call, detail: str) -> Judgement:
    """A rules' refutation kept for the rater, never a cap."""
    call = replace(call, detail=detail)
    return replace(
        judgement,
        label="inconclusive",
        confidence=min(judgement.confidence, 0.45),
        guard=call,
        reason=f"{call.says()} ({'; '.join(judgement.conflicts) or 'conflict'}): check it",
    )


def _dismissed(judgement: Judgement, r: Reading) -> Judgement:
    said = {
        "another whole": PARSE_WHOLE,
        "another act": PARSE_ACT,
        "another object": PARSE_OBJECT,
        "another bearing": PARSE_BEARING,
        "another scope": PARSE_SCOPE,
        "an aim": PARSE_AIM,
        "another occasion": PARSE_OCCASION,
    }.get(r.match.kind, PARSE_SUBJECT)
    call = replace(said, detail=r.match.detail)
    return replace(
        judgement,
        label="inconclusive",
        confidence=0.0,
        conflicts=(),
        disputes=(),
        guard=call,
        reason=f"{call.says()} ({'; '.join(judgement.conflicts) or 'conflict'})",
    )
