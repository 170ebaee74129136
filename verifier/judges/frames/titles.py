"""Titles the small parser reads as clauses: "Things Fall Apart", "The Four Seasons".

spaCy's small English model parses a title with a verb or a number word in it as part of
the sentence: "Things Fall Apart was first published in 1958" has "Fall" for its verb;
"The Four Seasons was composed by Vivaldi" counts four seasons. A title of the claim is
therefore read as one name: before the claim and an evidence sentence are parsed, each
title the claim gives (a run of capitalised words, small words between them, with a verb
or a number word in it, three words or more or a number word: never a person's two names,
"Mark Twain") is replaced in both by a made-up name the parser reads as one proper noun,
and put back in the records read from them (a work's kind: a thing, not a person).

Pure functions, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from verifier.judges.frames.records import Arg, Record, fold_name
from verifier.judges.frames.relations import is_verb

__all__ = ["shielded", "titles_of", "unshielded"]

# made-up names the parser reads as one proper noun each (one per title of a claim)
_STAND_INS = ("Zorvath", "Quelmire", "Brastok", "Vindrel")
_SMALL = frozenset("of the and with in a an to for on at from by".split())
_LEADING = frozenset({"the", "a", "an"})
_NUMBER_WORDS = frozenset(
    "one two three four five six seven eight nine ten eleven twelve twenty hundred "
    "thousand first second third fourth fifth".split()
)
_WORD = re.compile(r"[A-Za-z][\w'’-]*")


@lru_cache(maxsize=1024)
def titles_of(claim: str) -> tuple[str, ...]:
    """The claim's titles that the parser would read as clauses, longest first."""
    words = list(_WORD.finditer(claim))
    out: list[str] = []
    i = 0
    while i < len(words):
        if not words[i].group()[0].isupper():
            i += 1
            continue
        j, last = i, i
        while j + 1 < len(words):
            nxt = words[j + 1].group()
            gap = claim[words[j].end() : words[j + 1].start()]
            if gap.strip() not in ("",):  # punctuation ends a run
                break
            if nxt[0].isupper():
                last = j = j + 1
            elif nxt.lower() in _SMALL:
                j += 1
            else:
                break
        run = words[i : last + 1]
        if run and run[0].group().lower() in _LEADING:
            run = run[1:]
        capitals = [w.group() for w in run if w.group()[0].isupper()]
        # (a sentence's first word may be a verb of the sentence: not a title's)
        first = 1 if run and run[0].start() == 0 else 0
        telling = [
            w for w in capitals[first:] if is_verb(w.lower()) or w.lower() in _NUMBER_WORDS
        ] + [w for w in capitals[:first] if w.lower() in _NUMBER_WORDS]
        numbered = any(w.lower() in _NUMBER_WORDS for w in capitals)
        if len(capitals) >= 2 and telling and (len(run) >= 3 or numbered):
            out.append(claim[run[0].start() : run[-1].end()])
        i = last + 1
    return tuple(sorted(out, key=len, reverse=True)[: len(_STAND_INS)])


def shielded(text: str, titles: tuple[str, ...]) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The text with each title it holds replaced by a stand-in; the (stand-in, title)
    pairs used."""
    pairs = []
    for stand_in, title in zip(_STAND_INS, titles, strict=False):
        if title in text:
            text = text.replace(title, stand_in)
            pairs.append((stand_in, title))
    return text, tuple(pairs)


def _put_back(value: str, pairs: tuple[tuple[str, str], ...], folded: bool) -> str:
    for stand_in, title in pairs:
        if folded:
            value = re.sub(rf"\b{stand_in.lower()}\b", fold_name(title), value)
        else:
            value = value.replace(stand_in, title)
    return value


def _arg_back(arg: Arg, pairs: tuple[tuple[str, str], ...]) -> Arg:
    text = _put_back(arg.text, pairs, folded=False)
    if text == arg.text:
        return arg
    return replace(arg, text=text, key=_put_back(arg.key, pairs, folded=True), kind="thing")


def unshielded(
    records: tuple[Record, ...], pairs: tuple[tuple[str, str], ...]
) -> tuple[Record, ...]:
    """The records with every stand-in put back as its title (a thing, not a person)."""
    if not pairs:
        return records
    out = []
    for r in records:
        subject_text = _put_back(r.subject_text, pairs, folded=False)
        out.append(
            replace(
                r,
                subject=_put_back(r.subject, pairs, folded=True),
                subject_text=subject_text,
                subject_kind="thing" if subject_text != r.subject_text else r.subject_kind,
                args=tuple(_arg_back(a, pairs) for a in r.args),
                text=_put_back(r.text, pairs, folded=False),
            )
        )
    return tuple(out)
