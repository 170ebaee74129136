"""Claims: which sentences of a response state checkable facts, and how to search them.

All functions are pure. :func:`extract_claims` turns a response into
:class:`ClaimDraft` objects (span, check-worthiness with a reason, queries);
:func:`check_worthiness` and :func:`write_queries` are the decisions, tested on their own.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any

from verifier.claims.atomic import Entity, Memory, Part, atomic_parts, remember
from verifier.text.months import month_pattern
from verifier.text.parse import MAX_PARSE_CHARS, parse, parse_many
from verifier.text.spans import STOPWORDS, YEAR, Segment, entities, segments, strip_markdown

__all__ = [
    "ClaimDraft",
    "check_worthiness",
    "extract_claims",
    "resolve_pronoun",
    "split_atomic",
    "write_queries",
]


@dataclass(frozen=True, slots=True)
class ClaimDraft:
    """A statement of the response with the decision whether to check it.

    ``text == response[start:end]``; ``claim`` is what is searched and judged: ``text``
    itself, or a rewrite that stands alone (``rewrite`` says why).
    """

    index: int
    kind: str
    start: int
    end: int
    text: str
    check_worthy: bool
    reason: str
    queries: tuple[str, ...]
    claim: str = ""
    rewrite: str | None = None
    # the response's words the claim is made of (``(start, end)`` pieces, in order): its own
    # span, and the subject or qualifier it borrows from elsewhere in the sentence
    spans: tuple[tuple[int, int], ...] = ()


_GREETING = re.compile(
    r"^(?:hi|hello|hey|greetings|sure|certainly|of course|absolutely|great question|"
    r"good question|thanks|thank you|you're welcome|happy to help|i hope this helps|"
    r"hope this helps|let me know|feel free|glad to help|here(?:'s| is| are) (?:a|an|the|some|"
    r"what|how)\b|in summary|to summarize|in conclusion|overall)\b",
    re.IGNORECASE,
)
_IMPERATIVE = re.compile(
    r"^(?:please\s+)?(?:click|open|run|install|type|go|use|add|remove|make sure|make|take|"
    r"try|check|follow|select|enter|press|set|create|ensure|avoid|keep|don't|do not|"
    r"never|always|remember|note that|note|consider|start|stop|turn|visit|download|"
    r"call|contact|ask|read|write|save|copy|paste|replace|restart|update|configure|"
    r"navigate|choose|pick|let's|let us|imagine|suppose|think about)\b",
    re.IGNORECASE,
)
_ADVICE = re.compile(
    r"\b(?:you should|you shouldn't|you should not|you may want|you might want|you might "
    r"consider|you could|you can try|it(?:'s| is) (?:a good idea|best|advisable|recommended|"
    r"important) to|i(?: would|'d)? (?:recommend|suggest|advise)|we recommend|consult (?:a|an|"
    r"your)|talk to (?:a|an|your)|seek (?:medical|legal|professional))\b",
    re.IGNORECASE,
)
_OPINION = re.compile(
    r"\b(?:i think|i believe|i feel|i guess|in my (?:opinion|view|experience)|personally|"
    r"arguably|i love|i like|i prefer|my favou?rite|it seems to me|to me,)\b",
    re.IGNORECASE,
)
_SUBJECTIVE = re.compile(
    r"\b(?:beautiful|amazing|awesome|wonderful|great|best|worst|delicious|boring|"
    r"interesting|fascinating|lovely|terrible|fun|nice|cool|exciting|stunning|overrated)\b",
    re.IGNORECASE,
)
_HYPOTHETICAL = re.compile(
    # "If heated, water boils" states a general fact; "If you went, it would sparkle" does not
    r"^(?:imagine|suppose|assuming|what if|had|were)\b|^(?:if|in case)\b.*\b(?:would|might|"
    r"were)\b|\b(?:would have|could have|might have)\b",
    re.IGNORECASE,
)
# not text.numbers on purpose: any digit run, units optional, only a cue that a fact is stated
_NUMBER = re.compile(
    r"\b\d[\d,.]*\s*(?:%|percent|km|m|cm|mm|kg|g|mg|lb|lbs|mph|km/h|°[CF]?|million|"
    r"billion|trillion|thousand)?",
    re.IGNORECASE,
)
_MONTH = re.compile(rf"\b{month_pattern('names', capitalised=True)}\b")
_NUMBER_WORDS = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|hundred|thousand|million|billion|first|second|third|fourth|fifth|"
    r"half|twice|dozen)\b",
    re.IGNORECASE,
)
_RELATION = re.compile(
    r"\b(?:is|are|was|were)\s+(?:a|an|the|one of|known as|located|born|made|called|"
    r"considered|part of|home to|the capital|the largest|the smallest|the first|the oldest)\b|"
    r"\b(?:founded|invented|discovered|established|built|wrote|written|composed|painted|"
    r"designed|developed|created|won|died|born|located|consists of|contains|means|refers to|"
    r"defined as|causes|caused|orbits|produces|measures|weighs|stands for|capital of)\b",
    re.IGNORECASE,
)
_LEADING_CONNECTIVE = re.compile(
    r"^(?:however|moreover|additionally|furthermore|in addition|also|finally|first|second|"
    r"third|firstly|secondly|lastly|for example|for instance|in fact|indeed|notably|"
    r"interestingly|importantly|in short|overall|in total|today|additionally),?\s+",
    re.IGNORECASE,
)


# A "sentence" longer than this (words) is no one claim (text without sentence punctuation,
# a list run together): not searched, and not read for its slots (their reading grows with
# the values of a clause times its length).
MAX_CLAIM_WORDS = 250


def check_worthiness(
    sentence: str, kind: str = "paragraph", min_words: int = 4
) -> tuple[bool, str]:
    """Whether a sentence states something a web search can confirm or refute, and why.

    Returns ``(check_worthy, reason)``. Reasons are short phrases shown to raters.
    """
    if kind == "code":
        return False, "code block"
    text = strip_markdown(sentence)
    words = re.findall(r"[\w'’-]+", text)
    if not words:
        return False, "no words"
    not_a_statement = _not_a_statement(text, kind)
    if not_a_statement is not None:
        return False, not_a_statement
    has_number = bool(_NUMBER.search(text) or YEAR.search(text) or _NUMBER_WORDS.search(text))
    names = entities(text)
    if len(words) < min_words and not has_number:
        return False, "too short to check"
    if _SUBJECTIVE.search(text) and not (has_number or names):
        return False, "opinion (subjective wording, no checkable fact)"
    return _fact_stated(text, has_number, names)


def _not_a_statement(text: str, kind: str) -> str | None:
    """Why a sentence states nothing of its own to check (a heading, a quotation, a
    question, a greeting, a hypothesis, an instruction, advice, an opinion), or None."""
    if kind == "heading":
        return "heading"
    if kind == "quote":
        return "quotation (the quoted words are not the response's own claim)"
    if _LEAD_IN.match(text):
        return "a list's lead-in (the entries after it are the claims)"
    if text.endswith("?"):
        return "question"
    if _quoted_share(text) >= 0.6:
        return "quotation (the quoted words are not the response's own claim)"
    if _GREETING.match(text):
        return "greeting, framing or pleasantry"
    if _HYPOTHETICAL.search(text) and not YEAR.search(text):
        return "hypothetical"
    if _IMPERATIVE.match(text):
        return "instruction"
    if _ADVICE.search(text):
        return "advice or recommendation"
    if _OPINION.search(text):
        return "opinion"
    if _HEDGE.search(text):
        return "hedge (no claim committed to)"
    if _SELF.search(text):
        return "the answer speaks of itself"
    return None


# "They are:", "These include:", "Here they are:": a lead-in that says nothing itself
_LEAD_IN = re.compile(
    r"^\W*(?:they|these|those|here|there|some|the (?:following|main ones))(?: they)?\s+"
    r"(?:are|were|is|was|include[sd]?|have been)(?: as follows| the following)?\s*:\s*$",
    re.IGNORECASE,
)


# "As an AI language model, I do not have access to ...", "I cannot tell you ..."
_SELF = re.compile(
    r"^(?:as an? (?:ai|language model|ai language model)\b[^,]*,\s*)?(?:i|i'm|i am)\s+"
    r"(?:do not|don't|cannot|can't|am not|am unable|have no|don't have|do not have|"
    r"couldn't|could not|was unable|was not able|am an?)\b|^as an? (?:ai|ai language model|"
    r"language model)\b",
    re.IGNORECASE,
)


_HEDGE = re.compile(
    r"^(?:it|this|that)\s+(?:all\s+)?(?:depends|varies)\b|^(?:it|this)(?: is|'s| may be| might be)"
    r"\s+(?:very\s+|quite\s+)?(?:difficult|hard|impossible|not possible|unclear|tricky|possible|"
    r"likely|unlikely|conceivable)\s+(?:to\s+(?:say|know|tell|predict|determine|estimate|"
    r"answer|pinpoint|identify)|that)\b|\b(?:there is|there's) no (?:single|simple|one|"
    r"definitive) answer\b|^(?:this|that|it|these)\s+(?:may|might|could|can)\s+(?:seem|sound|"
    r"look|appear)\b",
    re.IGNORECASE,
)


def _fact_stated(text: str, has_number: bool, names: list[str]) -> tuple[bool, str]:
    """The checkable fact a statement states (a date, a number, a name, a definition), or
    that it states none."""
    if YEAR.search(text) or _MONTH.search(text):
        return True, "states a date"
    if has_number:
        return True, "states a number or quantity"
    if names:
        return True, f"names {', '.join(names[:3])}"
    if _RELATION.search(text):
        return True, "states a definition or factual relation"
    if len(_content_words(text)) < 3:
        return False, "no checkable fact (no name, number, date or definition)"
    return True, "states a general fact (a property, cause, membership or comparison)"


def _content_words(text: str) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z][\w'’-]+", text) if w.lower() not in STOPWORDS]


_QUOTED = re.compile(r"[\"“”]([^\"“”]{8,})[\"“”]")


def _quoted_share(text: str) -> float:
    quoted = sum(len(m.group(1)) for m in _QUOTED.finditer(text))
    return quoted / len(text) if text else 0.0


# --- atomic claims -------------------------------------------------------------------------
_VERB = (
    r"(?:is|are|was|were|has|had|have|won|became|becomes|remains|remained|holds|held|"
    r"wrote|built|made|led|ran|began|grew|rose|fell|took|gave|left|came|went|died|lies|lay|"
    r"contains|covers|includes|produces|received|discovered|founded|invented|married|"
    r"moved|served|studied|worked|joined|won|lost|signed|published|released|created|"
    r"developed|designed|established|introduced|launched|opened|completed|reached|"
    r"killed|caused|orbits|consists|measures|weighs|spans|flows|borders|stands)"
)
_SPLIT = re.compile(
    r";\s+|,?\s+(?:and|but|while|whereas)\s+"
    r"(?=(?:(?:he|she|they)\s+(?:\w+ed|" + _VERB + r")|" + _VERB + r")\b)",
    re.IGNORECASE,
)
_BORROWS = re.compile(r"^(?:(?:he|she|they)\s+)?(?:\w+ed|" + _VERB + r")\b", re.IGNORECASE)
_FIRST_VERB = re.compile(r"\b" + _VERB + r"\b", re.IGNORECASE)
# Only "he" and "she" (and "his", "her") are resolved, and only to a person's name (two to
# four capitalised words): "it" and "they" too often stand for something else.
_PRONOUN = re.compile(r"^(he|she|his|her)\b", re.IGNORECASE)
_POSSESSIVE = {"his", "her"}
_PERSON = re.compile(r"^(?![Tt]he\b|[Aa]n?\b)[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){1,3}$")
_SUBJECT_PRONOUN = re.compile(r"^(?:he|she)\s+", re.IGNORECASE)


_NOT_SUBJECT = re.compile(
    r"\b(?:he|she|it|they|we|you|i|his|her|their|its|this|that|these|those|there|"
    r"in|on|at|during|after|before|since|until|together|with|when|while|although|"
    r"because|if|by|for|from|as|according)\b",
    re.IGNORECASE,
)


def _subject(clause: str) -> str | None:
    """The words before a clause's first verb, when they are a plain noun phrase that
    names something (a capital letter; no pronoun, preposition or comma)."""
    text = _LEADING_CONNECTIVE.sub("", clause)
    verb = _FIRST_VERB.search(text)
    if verb is None or verb.start() == 0:
        return None
    subject = text[: verb.start()].strip()
    words = subject.split()
    if not 1 <= len(words) <= 6 or "," in subject or _NOT_SUBJECT.search(subject):
        return None
    if not any(w[:1].isupper() and w.lower() not in ("the", "a", "an") for w in words):
        return None
    return subject


def split_atomic(
    text: str, pronoun_subject: str | None = None
) -> list[tuple[int, int, str | None]]:
    """Cut a sentence into atomic clauses where it is safe: ``(start, end, subject)`` per
    clause, offsets into ``text``; ``subject`` is the subject a clause borrows from the
    first clause (None for the first clause, or when it has its own).

    A cut needs ``;`` or ``and/but/while/whereas`` followed by a verb (the shared subject is
    left out: "X was born in 1867 and won ...") or by a pronoun and a verb ("..., and she
    won ..."), a first clause whose subject names something, and at least three words on
    each side. Anything else stays whole. A sentence that opens with a pronoun uses
    ``pronoun_subject`` (what the pronoun stands for) as its subject.
    """
    subject = _subject(text)
    if subject is None and pronoun_subject and _SUBJECT_PRONOUN.match(text):
        subject = pronoun_subject
    bounds: list[tuple[int, int]] = []  # (end of a clause, start of the next)
    last = 0
    for m in _SPLIT.finditer(text):
        left, right = text[last : m.start()], text[m.end() :]
        if len(left.split()) < 3 or len(right.split()) < 3:
            continue
        if left.count("(") != left.count(")"):
            continue
        if subject is None and _BORROWS.match(right):
            continue  # nobody to lend the clause its subject
        bounds.append((m.start(), m.end()))
        last = m.end()
    out: list[tuple[int, int, str | None]] = []
    start = 0
    for end, following in [*bounds, (len(text), len(text))]:
        borrows = start > 0 and _BORROWS.match(text[start:end]) is not None
        out.append((start, end, subject if borrows else None))
        start = following
    return out


def _standalone(clause: str) -> str:
    """A clause as a sentence of its own: capital first letter, closing full stop."""
    clause = clause.strip().rstrip(",;:")
    if clause and clause[-1] not in ".!?":
        clause += "."
    return clause[:1].upper() + clause[1:]


def _with_subject(clause: str, subject: str) -> tuple[str, str]:
    """The clause standing alone with ``subject``, and the rewrite note."""
    pronoun = _SUBJECT_PRONOUN.match(clause)
    if pronoun:
        word = pronoun.group().strip()
        return subject + " " + clause[pronoun.end() :], f"{word!r} read as {subject!r}"
    return (
        f"{subject} {clause}",
        f"split from a compound sentence; subject {subject!r} carried over",
    )


def resolve_pronoun(text: str, subject: str | None) -> tuple[str, str] | None:
    """``text`` with a leading pronoun replaced by ``subject`` (the previous claim's named
    subject), and the rewrite note; None when there is nothing to replace."""
    m = _PRONOUN.match(text)
    if m is None or subject is None:
        return None
    word = m.group(1)
    if not _PERSON.match(subject):
        return None  # "he" and "she" stand for people: a name, not "the Nile"
    if word.lower() in _POSSESSIVE:
        replacement = subject + ("'" if subject.endswith("s") else "'s")
    else:
        replacement = subject
    return replacement + text[
        m.end() :
    ], f"{word!r} read as {subject!r} (the person last named as a subject)"


def _keywords(text: str) -> list[str]:
    out: list[str] = []
    for word in re.findall(r"[\w'’.%-]+", text):
        word = word.strip(".'’-")
        if not word or word.lower() in STOPWORDS or word.lower() in out:
            continue
        out.append(word.lower() if not word[0].isupper() else word)
    return out


def write_queries(sentence: str, max_queries: int = 3, max_words: int = 16) -> tuple[str, ...]:
    """One to ``max_queries`` search queries for a claim, most literal first.

    1. the sentence itself, plain, without connectives, cut to ``max_words`` words;
    2. when it has a slot (a year, a number, a place, a person): a query aimed at it, its
       subject, relation and what the value is (:func:`~verifier.judges.frames.frame.slot_query`);
    3. its keywords (names, numbers, content words);
    4. its names quoted as phrases with its numbers and dates, when it has both.
    """
    text = _LEADING_CONNECTIVE.sub("", strip_markdown(sentence)).strip()
    text = text.rstrip(".!?;:…").strip()
    queries: list[str] = []

    def add(query: str) -> None:
        query = re.sub(r"\s+", " ", query).strip()
        if query and query.lower() not in (q.lower() for q in queries):
            queries.append(query)

    add(" ".join(text.split()[:max_words]))
    # second: the value the claim may have wrong, so that a claim the literal query left
    # unsettled gets the evidence that decides it ("first Nobel Prizes awarded year")
    from verifier.judges.frames.frame import slot_query

    if (aimed := slot_query(text, max_words)) is not None:
        add(aimed)
    keywords = _keywords(text)
    if len(keywords) >= 2:
        add(" ".join(keywords[:max_words]))
    names = entities(text)
    facts = [m.group().strip() for m in YEAR.finditer(text)] or [
        m.group().strip() for m in _NUMBER.finditer(text)
    ]
    if names and facts:
        quoted = [f'"{n}"' if " " in n else n for n in names[:2]]
        add(" ".join([*quoted, *facts[:2]]))
    return tuple(queries[:max_queries])


# Characters of one answer read with the parser; the sentences past them are read with the
# rules (the parse grows with the text: a 2,000,000-character response stays bounded).
PARSE_BUDGET_CHARS = 20_000
# emphasis and code marks, masked (as spaces: offsets kept) before a sentence is parsed
_MARKS = re.compile(r"\*\*|__|(?<!\w)_|_(?!\w)|\*|`|~~")


def _masked(text: str) -> str:
    return _MARKS.sub(lambda m: " " * len(m.group()), text)


def extract_claims(
    response: str,
    *,
    max_queries: int = 3,
    min_words: int = 4,
    max_query_words: int = 16,
    prompt: str | None = None,
    parse_budget: int = PARSE_BUDGET_CHARS,
) -> list[ClaimDraft]:
    """Every statement of the response, each marked check-worthy or not, with queries.

    Prose sentences are read with the shared parse (:mod:`verifier.claims.atomic`): one
    atomic claim per clause, relative clause, appositive and listed value, each with the
    subject and qualifiers it shares, pronouns and definite descriptions read as the entity
    the answer or ``prompt`` named. Lists written one entry a line are cut into their
    entries: an entry that only names something is said with its list's header ("The
    winners were Ann Lee"), "Name: a description" is "Name is a description", a numbered
    entry's "This is ..." is read as its name. Past ``parse_budget`` characters of sentences
    (or with no parse) the rules read them: :func:`split_atomic` and :func:`resolve_pronoun`. Each claim
    keeps its own span (``start``/``end``), the spans it is made of, and its rewrite notes.
    """
    drafts: list[ClaimDraft] = []
    previous_subject: str | None = None
    memory = Memory()
    if prompt and (asked := parse(_masked(prompt[:MAX_PARSE_CHARS]))) is not None:
        remember(asked, memory)

    def add(
        kind: str,
        start: int,
        end: int,
        claim: str,
        rewrite: str | None,
        spans: tuple[tuple[int, int], ...] = (),
    ) -> None:
        text = response[start:end]
        claim = strip_markdown(claim)  # "**Marie Curie** was born ...": judged as plain words
        worthy, reason = check_worthiness(claim, kind, min_words)
        if worthy and len(claim.split()) > MAX_CLAIM_WORDS:
            worthy, reason = False, f"over {MAX_CLAIM_WORDS} words: no one claim to search"
        queries = write_queries(claim, max_queries, max_query_words) if worthy else ()
        drafts.append(
            ClaimDraft(
                len(drafts),
                kind,
                start,
                end,
                text,
                worthy,
                reason,
                queries,
                claim,
                rewrite,
                spans or ((start, end),),
            )
        )

    segs = _list_lines(response, segments(response))
    docs = _parsed(segs, parse_budget)
    # the words before a list's colon (start, end in the response; as said in its claims)
    header: tuple[int, int, str] | None = None

    for n, seg in enumerate(segs):
        if seg.kind not in ("paragraph", "list_item"):
            add(seg.kind, seg.start, seg.end, seg.text, None)
            header = None
            continue
        handled, header = _list_part(add, drafts, segs, n, response, header, memory, n in docs)
        if handled:
            continue
        items = _colon_list(seg.text)
        if items:
            for start, end, prefix in items:
                spans = (
                    (seg.start + prefix[0], seg.start + prefix[1]),
                    (seg.start + start, seg.start + end),
                )
                claim = _list_item_claim(seg.text[prefix[0] : prefix[1]], seg.text[start:end])
                note = f"one of a list of {len(items)} after a colon"
                add(seg.kind, seg.start + start, seg.start + end, claim, note, spans)
            continue
        doc = docs.get(n)
        if doc is not None:
            parts = atomic_parts(doc, memory)
            if parts:
                for part in parts:
                    _add_part(add, seg.kind, seg.start, seg.text, part, len(parts))
                person = memory.find("person")
                if person is not None and _PERSON.match(person.text):
                    previous_subject = person.text  # for the rules past the parse budget
                continue
        previous_subject = _rule_claims(add, seg, previous_subject, min_words)
    return drafts


# --- lists written one entry a line ---------------------------------------------------------
# "1.", "2)" alone: the number of the entry that follows (the splitter left it behind)
_LIST_NUMBER = re.compile(r"^\s*\d{1,3}[.)]\s*$")
# an entry's number at a line's start ("1.Abigail Adams", "2) Rome")
_NUMBERED = re.compile(r"^\d{1,3}[.)]\s*(?=\S)")
# "Name: what it is" (a name of at most six words before the colon)
_LABEL_LINE = re.compile(r"^(?:\d{1,3}[.)]\s*)?[\"“'*]*[A-Z0-9][^:\n]{0,60}?:\s+\S")
# the next entry's number glued to the end of a sentence: '... "Boombayah."2.'
_TRAILING_NUMBER = re.compile(r"(?<=[.!?:”\"')])\s*\d{1,3}\.$")
# an entry read as "name: description" or "name - description"
_LABELLED = re.compile(
    r"^(?P<label>[\"“'*]*[A-Z0-9][^:\n]{0,80}?)\s*(?::|\s[-–—])\s+(?P<desc>\S.*)$", re.DOTALL
)
# a label that is a clause, not an entry's name: "The reason is simple: the river ..."
_CLAUSE = re.compile(r"\b(?:is|are|was|were|has|have|had|holds?|will|would|can|does|did)\b", re.I)
# a description that names what it is: "a platform for ...", "the first ..."
_NOUN_PHRASE = re.compile(r"^(?:a|an|the|one of the)\s+\w", re.IGNORECASE)
# a description that speaks of the entry as "this" or "it": "This is their first album"
_ENTRY_PRONOUN = re.compile(r"^(This|It)\s+(?=\w)")
# an entry of a list under a header that is said with the header ("The winners were:
# 1. Ann Lee (1990)") holds at most this many words
SHORT_ENTRY = 10


def _label_words(label: str) -> int:
    return len(re.findall(r"[\w'’-]+", label))


def _list_lines(response: str, segs: list[Segment]) -> list[Segment]:
    """The sentences with the lists written inside them one entry a line cut into their
    entries: at a line break after a colon, before a numbered line ("1.Abigail ..."), and
    between "Name: description" lines; each entry is a ``list_item`` (its number left
    out). A number the splitter left at a sentence's end (the next entry's) is cut off."""
    out: list[Segment] = []
    for seg in segs:
        if seg.kind not in ("paragraph", "list_item"):
            out.append(seg)
            continue
        pieces: list[tuple[int, int]] = []
        start = 0
        text = seg.text
        lines = [(m.start(), m.end()) for m in re.finditer(r"[^\r\n]+", text)]
        for (_a, b), (c, d) in itertools.pairwise(lines):
            before, after = text[start:b].strip(), text[c:d].strip()
            line_before = text[_a:b].strip()
            if (
                before.endswith(":")
                or _NUMBERED.match(after)
                or (_is_label_line(after) and (_is_label_line(line_before) or before.endswith(":")))
                or (_is_label_line(line_before) and start == _a)
            ):
                pieces.append((start, b))
                start = c
        pieces.append((start, len(text)))
        for k, (a, b) in enumerate(pieces):
            piece = text[a:b]
            if k and (m := _NUMBERED.match(piece.lstrip())):
                a += len(piece) - len(piece.lstrip()) + m.end()
            if (t := _TRAILING_NUMBER.search(text[a:b])) is not None and t.start() > 0:
                b = a + t.start()
            while a < b and text[a].isspace():
                a += 1
            while b > a and text[b - 1].isspace():
                b -= 1
            if b > a:
                kind = seg.kind if k == 0 else "list_item"
                out.append(
                    Segment(
                        kind, seg.start + a, seg.start + b, response[seg.start + a : seg.start + b]
                    )
                )
    return out


def _list_part(
    add: Any,
    drafts: list[ClaimDraft],
    segs: list[Segment],
    n: int,
    response: str,
    header: tuple[int, int, str] | None,
    memory: Memory,
    parsed: bool,
) -> tuple[bool, tuple[int, int, str] | None]:
    """A sentence read as part of a list (an entry's number, a header, an entry): whether
    it was, and the header in force for the next one. ``parsed``: the sentence is within
    the answer's parse budget (an entry's description is parsed on its own)."""
    seg = segs[n]
    if _LIST_NUMBER.match(seg.text):
        drafts.append(_not_checked(len(drafts), seg, "a list's number"))
        return True, header
    if seg.kind != "list_item":
        header = None
    if _is_header(seg, segs[n + 1] if n + 1 < len(segs) else None):
        words = seg.text.rstrip().rstrip(":").rstrip()
        drafts.append(_not_checked(len(drafts), seg, "introduces the list that follows"))
        said = _fuller_subject(words, memory) if parsed else words
        return True, (seg.start, seg.start + len(words), said)
    if _list_entry(add, seg, response, header) or (
        parsed and _labelled_description(add, seg, memory)
    ):
        return True, header
    return False, header


def _is_label_line(line: str) -> bool:
    m = _LABEL_LINE.match(line)
    return m is not None and _label_words(line[: line.index(":")]) <= 6


_PRONOUN_FIRST = re.compile(
    r"^(?:he|she|it|they|we|you|i|this|that|these|those|there|here)\b", re.IGNORECASE
)


def _is_header(seg: Segment, nxt: Segment | None) -> bool:
    """A sentence that ends with a colon and introduces the list entries after it, and
    names what they are ("The four winners were:"; not "They are:", not "Here is a list:")."""
    text = strip_markdown(seg.text).rstrip()
    if nxt is None or nxt.kind != "list_item" or not text.endswith(":"):
        return False
    words = _label_words(text)
    if not 2 <= words <= 20:
        return False
    if _names_its_entries(text):
        return True  # "Sure, here are some famous graduates of the University of X:"
    if _PRONOUN_FIRST.match(text):
        return False
    return _not_a_statement(text.rstrip(":").rstrip() + ".", seg.kind) is None


# "here are some famous graduates of X:", "there have been four female justices:": the kind
# named (an "of" phrase, or two words or more past "some"), not "Here is a list:"
# what an answer opens with before it says anything: "Sure, here are ..."
_INTERJECTIONS = r"(?:sure|certainly|of course|yes|ok|okay)\W+"
_HERE_ARE = re.compile(
    rf"^(?:{_INTERJECTIONS})?(?:here|there)\s+(?:are|were|have been|"
    r"is|was)\s+(?:some\s+|a few\s+|several\s+|the\s+|\d+\s+|[a-z]+\s+)?(?P<kind>[^:]+):$",
    re.IGNORECASE,
)
_GENERIC_KINDS = frozenset(
    {
        "list",
        "examples",
        "options",
        "ideas",
        "tips",
        "steps",
        "details",
        "suggestions",
        "ways",
        "things",
        "points",
        "facts",
        "answers",
        "reasons",
        "resources",
    }
)


def _names_its_entries(text: str) -> bool:
    m = _HERE_ARE.match(text)
    if m is None:
        return False
    kind = m.group("kind").lower().split()
    return " of " in f" {' '.join(kind)} " or (len(kind) >= 2 and kind[-1] not in _GENERIC_KINDS)


def _not_checked(index: int, seg: Segment, reason: str) -> ClaimDraft:
    return ClaimDraft(
        index,
        seg.kind,
        seg.start,
        seg.end,
        seg.text,
        False,
        reason,
        (),
        seg.text,
        None,
        ((seg.start, seg.end),),
    )


# a name with its particles, its dates or details in brackets: "Ann Lee (1990-1995)"
_NAME_WORD = re.compile(
    r"\([^()]*\)|[\"“”'‘’*]*(?:[A-Z0-9][\w'’.&-]*|of|the|de|da|van|von|and|for|&)[\"“”'‘’*,]*"
)


def _is_name_entry(text: str) -> bool:
    """An entry that only names something (capitalised words, particles, details in
    brackets), at most SHORT_ENTRY words: said with its list's header."""
    words = text.strip().rstrip(".;,").split()
    if not words or _label_words(text) > SHORT_ENTRY:
        return False
    rest = _NAME_WORD.sub(" ", text.strip().rstrip(".;,"))
    return not rest.strip()


def _fuller_subject(header: str, memory: Memory) -> str:
    """ "The four winners were" after "There were four winners of the cup in 1990": the
    header's definite subject with the words its fuller mention adds ("The four winners of
    the cup in 1990 were"); else the header as it is."""
    doc = parse(_masked(header))
    if doc is None:
        return header
    subject = next(
        (t for t in doc if t.dep_ in ("nsubj", "nsubjpass") and t.head.dep_ == "ROOT"), None
    )
    if (
        subject is None
        or subject.pos_ != "NOUN"
        or not any(c.dep_ == "det" and c.lower_ == "the" for c in subject.children)
        or any(c.i > subject.i for c in subject.children)
    ):
        return header
    found = memory.described(subject.lemma_.lower(), subject.tag_ == "NNS")
    if found is None:
        return header
    said = [t.lower_ for t in subject.subtree if t.dep_ != "det"]
    words = found.text.split()
    at = next((k for k, w in enumerate(words) if w.lower() == subject.lower_), None)
    if at is None or at + 1 >= len(words) or not all(w in found.text.lower().split() for w in said):
        return header
    end = subject.idx + len(subject.text)
    return f"{header[:end]} {' '.join(words[at + 1 :])}{header[end:]}"


def _list_entry(add: Any, seg: Segment, response: str, header: tuple[int, int, str] | None) -> bool:
    """An entry of a list: "Name: a description" is the claim "Name is a description";
    under a header ("The tools Acme makes include:") the entry's name (or the whole of a
    short entry) is said with the header: "The tools Acme makes include Name". Returns
    whether the entry was read so."""
    text = seg.text
    m = _LABELLED.match(text)
    named = (
        m is not None
        and _label_words(m.group("label")) <= 6
        and not _CLAUSE.search(m.group("label"))
    )
    done = named and m is not None and bool(_PARTICIPLE.match(m.group("desc")))
    said = (
        named
        and m is not None
        and (bool(_NOUN_PHRASE.match(m.group("desc"))) or _role_description(m.group("desc")))
        and not _a_sentence(m.group("desc"))
    ) or done
    if not said and (header is None or m is not None or not _is_name_entry(text)):
        return False
    label = (seg.start + m.start("label"), seg.start + m.end("label")) if said and m else None
    name = label or (seg.start, seg.end)
    if header is not None:
        h = header[2]
        item = response[name[0] : name[1]].rstrip(".;,")
        note = f"an entry of the list {response[header[0] : header[1]]!r}"
        if h != response[header[0] : header[1]]:
            note += f", read as {h!r}"
        add(seg.kind, name[0], name[1], _list_item_claim(h, item), note, (header[:2], name))
    if said and m and label:
        desc = (seg.start + m.start("desc"), seg.start + m.end("desc"))
        text = response[desc[0] : desc[1]].rstrip(".;,")
        if done:
            # "Name - appointed by X in 1981": what was done to it, in the past when dated
            desc = (desc[0], desc[0] + len(text))
            claim = (
                f"{response[label[0] : label[1]]} {'was' if YEAR.search(text) else 'is'} {text}."
            )
        else:
            claim = f"{response[label[0] : label[1]]} is {_as_noun_phrase(text)}."
        note = f"the entry {response[label[0] : label[1]]!r} said of its description"
        add(seg.kind, desc[0], desc[1], claim, note, (label, desc))
    return True


# a description that says what was done to the entry: "appointed by X", "born in Y"
_PARTICIPLE = re.compile(
    r"(?:[a-z]{2,}(?<!e)ed|born|known|written|built|made|given|taken|chosen|drawn|sung|won|"
    r"led|held|sold|begun|shown|grown|spoken|stolen|broken|hidden|driven|beaten)\s+"
    r"(?:by|in|on|at|as|for|from|to|with|into|after|under)\b"
)
# a description that is a bare role, written capitalised as list entries are: "Actress
# known for ...", "King of England from 1483", "Former Minister of State", "Inventor of X"
_ROLE = re.compile(
    r"^(?:(?:Former|Late|Current)\s)?(?:[A-Z][\w'’-]*\s){0,2}(?:[A-Za-z][\w-]*)"
    r"(?=\s(?:of|and|known|for|at|who|from)\b|[.;,]?$)"
)
# the role's head, when it is written in lower case, is a noun: not "your", "the", "online"
_NOT_A_HEAD = frozenset(
    {
        "the",
        "a",
        "an",
        "your",
        "our",
        "their",
        "its",
        "his",
        "her",
        "this",
        "that",
        "these",
        "those",
        "online",
        "to",
        "with",
        "by",
        "in",
        "on",
        "all",
        "any",
        "some",
        "many",
        "more",
    }
)
# a description that is a sentence of its own: "The other party must have suffered damages"
_SENTENCE_VERB = re.compile(
    r"\b(?:is|are|was|were|has|have|had|must|can|could|will|would|should|may|might|did|does)\b",
    re.IGNORECASE,
)
_RELATIVE = re.compile(r"\b(?:that|which|who|whose|where|when)\b", re.IGNORECASE)
_VOWEL = re.compile(r"^[aeio]|^u(?!ni|s[eu])", re.IGNORECASE)


def _role_description(desc: str) -> bool:
    """ "Naturalist and broadcaster", "Author of the Adrian Mole series": a role with no
    article, the first word capitalised as a list's entries are."""
    m = _ROLE.match(desc.strip())
    if m is None or _ENTRY_PRONOUN.match(desc):
        return False
    words = m.group().split()
    head = words[-1]
    if len(words) == 1 and not head[:1].isupper():
        return False
    return head.lower() not in _NOT_A_HEAD and (head[:1].isupper() or len(words) > 1)


def _a_sentence(desc: str) -> bool:
    """A description that is a sentence of its own, not a noun phrase: a verb before any
    relative clause ("The notorious outlaw was known for ...")."""
    return bool(_SENTENCE_VERB.search(_RELATIVE.split(desc, maxsplit=1)[0]))


def _as_noun_phrase(desc: str) -> str:
    """A description as said after "is": a bare role gets its article and loses the
    capital a list gave it ("Actress known for X" -> "an actress known for X")."""
    if _NOUN_PHRASE.match(desc):
        article, _, rest = desc.partition(" ")
        return f"{article.lower()} {rest}" if article in ("A", "An", "The") else desc
    if not _role_description(desc):
        return desc
    first, _, rest = desc.partition(" ")
    # the capital a list gives its entries goes; a name's stays ("a Nobel Prize-winning")
    lower = first in ("Former", "Late", "Current") or not rest or rest[0].islower()
    word = first.lower() if lower and not first.isupper() else first
    article = "an" if _VOWEL.match(word) else "a"
    return f"{article} {word} {rest}".rstrip()


def _labelled_description(add: Any, seg: Segment, memory: Memory) -> bool:
    """ "“Square One” (2016) - This is their debut album, which ...": the description
    read with the parse, its "This" (or "It") read as the entry's name. False when the
    sentence is no such entry."""
    m = _LABELLED.match(seg.text)
    if m is None or _label_words(m.group("label")) > 8:
        return False
    desc_at = m.start("desc")
    pron = _ENTRY_PRONOUN.match(m.group("desc"))
    desc = seg.text[desc_at:]
    if pron is None or len(desc) > MAX_PARSE_CHARS:
        return False
    doc = parse(_masked(desc))
    if doc is None:
        return False
    label = m.group("label").strip()
    # what "it" of the description stands for: the entry (not a name "their" may stand
    # for, and forgotten once the entry is read)
    entry = Entity(label, label.split()[-1].lower(), "thing", False, subject=True)
    memory.add(entry)
    parts = atomic_parts(doc, memory)
    memory.entities = [e for e in memory.entities if e is not entry]
    if not parts:
        return False
    lab = (seg.start + m.start("label"), seg.start + m.end("label"))
    for k, part in enumerate(parts):
        spans = tuple((seg.start + desc_at + s, seg.start + desc_at + e) for s, e in part.spans)
        start, end = seg.start + desc_at + part.start, seg.start + desc_at + part.end
        claim, notes = part.claim, list(part.notes)
        word = pron.group(1)
        if part.spans and part.spans[0][0] == 0 and claim.lower().startswith(word.lower() + " "):
            claim = label + claim[len(word) :]
            spans = (lab, *spans)
            notes = [n for n in notes if "not resolved" not in n]
            notes.append(f"{word!r} read as the entry {label!r}")
            if k == 0:
                start = lab[0]
        add(seg.kind, start, end, claim, "; ".join(notes) or None, spans)
    return True


# "Depeche Mode's albums are: Speak & Spell, A Broken Frame, ..., and Spirit."
_COLON_LIST = re.compile(r"^(?P<prefix>[^:]{8,200}?)\s*:\s+(?P<items>[^:;]+?)[.!]?\s*$")
_ITEM_SEP = re.compile(r",\s+(?:and\s+|or\s+)?|\s+(?:and|or)\s+(?=[^,]*$)")


# a lead-in that already reads as a statement with the item after it: "The albums are"
_LISTING_VERB = re.compile(
    r"\b(?:are|were|is|was|be|include[sd]?|including|such as|namely|like|comprises?|"
    r"consists? of)\s*$",
    re.IGNORECASE,
)
# "there have been four female justices", "here are some famous graduates of X"
_EXISTENTIAL = re.compile(
    r"^(?P<lead>.*?)\b(?:there|here)\s+(?:have been|has been|had been|are|were|is|was|"
    r"will be)\s+(?:some\s+|a few\s+|several\s+|many\s+)?(?P<kind>\S.*)$",
    re.IGNORECASE,
)


_INTERJECTION = re.compile(f"^{_INTERJECTIONS}", re.IGNORECASE)


def _list_item_claim(lead_in: str, item: str) -> str:
    """One item of a list after a colon as a statement that stands alone: "Depeche Mode's
    albums are Violator."; after "there have been four female justices" (or "here are some
    ..."), "Elena Kagan is one of the four female justices." (the lead-in's opening
    qualifier kept: "As of 2021, ...")."""
    lead_in = lead_in.rstrip()
    if _LISTING_VERB.search(lead_in):
        return f"{lead_in} {item}."
    m = _EXISTENTIAL.match(lead_in)
    if m is None:
        return f"{lead_in} {item}."
    lead, kind = _INTERJECTION.sub("", m.group("lead")), m.group("kind")
    if kind.lower().startswith(("the ", "a ", "an ")):
        kind = kind.split(" ", 1)[1]
    statement = f"{item} is one of the {kind}."
    return f"{lead}{statement}" if lead.strip() else statement


def _colon_list(sentence: str) -> list[tuple[int, int, tuple[int, int]]]:
    """The items of a list of three or more names after a colon, each ``(start, end,
    prefix span)``; empty when the sentence is no such list."""
    m = _COLON_LIST.match(sentence) if len(sentence) <= 2_000 else None
    if m is None:
        return []
    at = m.start("items")
    items: list[tuple[int, int]] = []
    last = 0
    text = m.group("items")
    for sep in _ITEM_SEP.finditer(text):
        items.append((at + last, at + sep.start()))
        last = sep.end()
    items.append((at + last, at + len(text)))
    words = [len(sentence[a:b].split()) for a, b in items]
    if len(items) < 3 or max(words) > 6 or min(words) < 1:
        return []
    prefix = (m.start("prefix"), m.end("prefix"))
    return [(a, b, prefix) for a, b in items]


def _lent_words(before: str, subject: str) -> tuple[int, int] | None:
    """Where the subject a clause borrows stands in the sentence before it: its words, or
    the "he"/"she" read as it."""
    if (at := before.find(subject)) >= 0:
        return at, at + len(subject)
    if (pronoun := _SUBJECT_PRONOUN.match(before)) is not None:
        return 0, len(pronoun.group().rstrip())
    return None


def _rule_claims(add: Any, seg: Any, previous_subject: str | None, min_words: int) -> str | None:
    """A sentence read with the rules (no parse): :func:`split_atomic` and
    :func:`resolve_pronoun`. Returns the person "he" or "she" stands for next."""
    first_worthy, _ = check_worthiness(seg.text, seg.kind, min_words)
    resolved = resolve_pronoun(seg.text, previous_subject) if first_worthy else None
    sentence, note = resolved if resolved else (seg.text, None)
    rule_parts = (
        split_atomic(seg.text, previous_subject if resolved else None)
        if first_worthy
        else [(0, len(seg.text), None)]
    )
    for start, end, borrowed in rule_parts:
        clause = seg.text[start:end]
        claim, rewrite = clause, None
        if len(rule_parts) == 1:
            claim, rewrite = sentence, note
        elif borrowed is not None:
            claim, rewrite = _with_subject(clause, borrowed)
        elif start == 0 and resolved:
            claim, rewrite = resolve_pronoun(clause, previous_subject) or (clause, None)
        if len(rule_parts) > 1:
            claim = _standalone(claim)
        spans: tuple[tuple[int, int], ...] = ()
        if (
            borrowed is not None
            and _SUBJECT_PRONOUN.match(clause) is None  # "she won": "she" is its own subject
            and (lent := _lent_words(seg.text[:start], borrowed))
        ):
            # the subject it borrows is a piece of the claim too ("Marie Curie" + "won ...")
            spans = (
                (seg.start + lent[0], seg.start + lent[1]),
                (seg.start + start, seg.start + end),
            )
        add(seg.kind, seg.start + start, seg.start + end, claim, rewrite, spans)
    if first_worthy:
        # "he" and "she" stand for the person most recently named as a subject
        subject = _subject(strip_markdown(seg.text))
        if subject is not None and _PERSON.match(subject):
            return subject
    return previous_subject


# sentences that open with a hedge or with the answer speaking of itself, or hold a
# hypothesis, may go on to state facts ("This may seem small, but the Milky Way is vast",
# "It is known that X, but it is unclear whether Y would"): read, each claim judged
_READ_ON = frozenset(
    {"hedge (no claim committed to)", "the answer speaks of itself", "hypothetical"}
)


def _parsed(segs: list[Any], budget: int) -> dict[int, Any]:
    """The parses of the prose sentences that state something, in order, until ``budget``
    characters are parsed: sentence index -> its parse (markdown marks masked)."""
    to_parse: dict[int, str] = {}
    for n, seg in enumerate(segs):
        if seg.kind not in ("paragraph", "list_item") or len(seg.text) > MAX_PARSE_CHARS:
            continue
        why = _not_a_statement(strip_markdown(seg.text), seg.kind)
        if why is not None and why not in _READ_ON:
            continue
        if len(seg.text) > budget:
            break
        budget -= len(seg.text)
        to_parse[n] = _masked(seg.text)
    return dict(zip(to_parse, parse_many(to_parse.values()), strict=True))


def _add_part(add: Any, kind: str, offset: int, sentence: str, part: Part, count: int) -> None:
    """A claim the parse read from a sentence, its offsets moved into the response."""
    if count == 1 and not part.notes:
        # the sentence as it stands (its own words, markdown and all)
        start, end = _trimmed(sentence)
        add(kind, offset + start, offset + end, sentence, None)
        return
    spans = tuple((offset + s, offset + e) for s, e in part.spans)
    rewrite = "; ".join(part.notes) if part.notes else None
    add(kind, offset + part.start, offset + part.end, part.claim, rewrite, spans)


def _trimmed(text: str) -> tuple[int, int]:
    start = len(text) - len(text.lstrip())
    return start, len(text.rstrip())
