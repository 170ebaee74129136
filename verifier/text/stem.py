"""The one stemmer: a word reduced to a stem by suffix rules, at four named strengths.

Every caller stems with :func:`stem` and says how far it goes (:class:`Stemming`); the
strengths differ on purpose, each where its caller compares words:

- ``CRUDE`` (the default): a verb's forms and its common nouns meet ("discovered",
  "discovers", "discovery", "discover" all give "discov"); irregular verbs by
  :data:`IRREGULAR`, casefolded, two suffixes at most. The frames judge's relations.
- ``PLURAL``: plural endings only ("ies", "es", "s"), four letters kept, case as written.
  The heuristic judge's content terms.
- ``COUNTED``: the noun a number counts ("3 companies", "2 classes"): "ies" to "y",
  "sses" to "ss", "s"; three letters kept. The frames judge's quantities.
- ``LIGHT``: one inflection ("'s", "ies", "es", "s", "ed", "ing", "ly"), the longest that
  ends the word, never below three letters (the word is kept whole then); words of four
  letters or fewer are kept. Plagiarism's roots for matching edited wording.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

__all__ = ["IRREGULAR", "Stemming", "stem"]


class Stemming(Enum):
    """How far :func:`stem` goes (see the module's description)."""

    CRUDE = "crude"
    PLURAL = "plural"
    COUNTED = "counted"
    LIGHT = "light"


# irregular verb forms (and a few nouns) and the base form they stem to
IRREGULAR: dict[str, str] = {
    "born": "born",
    "borne": "born",
    "died": "die",
    "dies": "die",
    "dying": "die",
    "dead": "die",
    "death": "die",
    "deaths": "die",
    "won": "win",
    "wins": "win",
    "winning": "win",
    "winner": "win",
    "winners": "win",
    "wrote": "write",
    "written": "write",
    "writes": "write",
    "writing": "write",
    "writer": "write",
    "built": "build",
    "builds": "build",
    "building": "build",
    "made": "make",
    "makes": "make",
    "took": "take",
    "taken": "take",
    "became": "become",
    "becomes": "become",
    "began": "begin",
    "begun": "begin",
    "begins": "begin",
    "grew": "grow",
    "grown": "grow",
    "rose": "rise",
    "risen": "rise",
    "fell": "fall",
    "fallen": "fall",
    "led": "lead",
    "broke": "break",
    "broken": "break",
    "swept": "sweep",
    "spread": "spread",
    "hit": "hit",
    "struck": "strike",
    "stricken": "strike",
    "froze": "freeze",
    "frozen": "freeze",
    "forgot": "forget",
    "understood": "understand",
    "withdrew": "withdraw",
    "wore": "wear",
    "bore": "bear",
    "undertook": "undertake",
    "overtook": "overtake",
    "shook": "shake",
    "rode": "ride",
    "drove": "drive",
    "driven": "drive",
    "ate": "eat",
    "eaten": "eat",
    "hid": "hide",
    "hidden": "hide",
    "sang": "sing",
    "sung": "sing",
    "sat": "sit",
    "slept": "sleep",
    "fled": "flee",
    "dug": "dig",
    "fed": "feed",
    "heard": "hear",
    "knew": "know",
    "known": "know",
    "showed": "show",
    "shown": "show",
    "went": "go",
    "gone": "go",
    "came": "come",
    "did": "do",
    "done": "do",
    "got": "get",
    "gotten": "get",
    "said": "say",
    "found": "found",
    "held": "hold",
    "sold": "sell",
    "bought": "buy",
    "gave": "give",
    "given": "give",
    "ran": "run",
    "saw": "see",
    "seen": "see",
    "chose": "choose",
    "chosen": "choose",
    "drew": "draw",
    "drawn": "draw",
    "flew": "fly",
    "flown": "fly",
    "spoke": "speak",
    "spoken": "speak",
    "stood": "stand",
    "taught": "teach",
    "thought": "think",
    "told": "tell",
    "sank": "sink",
    "sunk": "sink",
    "paid": "pay",
    "left": "leave",
    "lost": "lose",
    "met": "meet",
    "kept": "keep",
    "brought": "bring",
    "caught": "catch",
    "fought": "fight",
    "sought": "seek",
    "spent": "spend",
    "sent": "send",
    "lay": "lie",
    "lain": "lie",
    "lies": "lie",
    "lying": "lie",
    "located": "locate",
    "situated": "situate",
    "isolated": "isolate",
    "married": "marry",
    "marriage": "marry",
    "wed": "marry",
    "wedding": "marry",
    "shared": "share",
    "named": "name",
    "ascent": "ascend",
    "discovery": "discover",
    "discoveries": "discover",
    "invention": "invent",
    "inventor": "invent",
    "composition": "compose",
    "composer": "compose",
    "founder": "found",
    "founders": "found",
    "foundation": "found",
    "established": "establish",
    "establishment": "establish",
    "completion": "complete",
    "completed": "complete",
    "construction": "construct",
    "constructed": "construct",
    "birth": "born",
    "births": "born",
    "population": "populat",
    "populations": "populat",
    "inhabitants": "inhabit",
    "residents": "resident",
    "tall": "tall",
    "height": "high",
    "heights": "high",
    "high": "high",
    "higher": "high",
    "elevation": "high",
    "length": "long",
    "long": "long",
    "longer": "long",
    "width": "wide",
    "wide": "wide",
    "depth": "deep",
    "deep": "deep",
    "weight": "weigh",
    "weighs": "weigh",
    "weighed": "weigh",
    "employees": "employ",
    "employee": "employ",
    "employs": "employ",
    "employed": "employ",
    "staff": "employ",
    "workforce": "employ",
    "revenue": "revenue",
    "revenues": "revenue",
    "turnover": "revenue",
    "sales": "revenue",
    "first": "first",
    "only": "only",
    "cost": "cost",
    "costs": "cost",
    "president": "president",
    "capital": "capital",
    "headquarters": "headquarter",
    "headquartered": "headquarter",
    "based": "headquarter",
    "authored": "write",
    "author": "write",
    "penned": "write",
    "melting": "melt",
    "melts": "melt",
    "boiling": "boil",
    "boils": "boil",
    "summited": "ascend",
    "climbed": "ascend",
    "climb": "ascend",
    "climbers": "ascend",
    "flows": "flow",
    "flowed": "flow",
    "empties": "flow",
    "drains": "flow",
    "discharges": "flow",
    "area": "area",
    "covers": "area",
    "atomic": "atomic",
}


@dataclass(frozen=True, slots=True)
class _Rules:
    suffixes: tuple[tuple[str, str], ...]  # (suffix, what replaces it), in the order tried
    min_stem: int  # letters left once the suffix is off (before its replacement)
    next_when_short: bool = True  # a stem too short tries the next suffix (else: word kept)
    keep_up_to: int = 0  # words this short are kept whole
    letters_only: bool = False  # a word with anything but letters is kept whole
    fold: bool = False  # casefolded, quotes stripped, irregular forms by table first
    passes: int = 1  # suffixes taken off one after the other
    undouble: bool = False  # a doubled final consonant is single: "stopped" -> "stop"


_RULES = {
    Stemming.CRUDE: _Rules(
        suffixes=(
            ("ations", ""),
            ("ation", ""),
            ("ments", ""),
            ("ment", ""),
            ("ings", ""),
            ("ing", ""),
            ("ions", ""),
            ("ion", ""),
            ("ers", ""),
            ("er", ""),
            ("ied", "y"),
            ("ies", "y"),
            ("ed", ""),
            ("es", ""),
            ("s", ""),
            ("e", ""),
            ("y", ""),
        ),
        min_stem=4,
        keep_up_to=4,
        letters_only=True,
        fold=True,
        passes=2,  # "discovered" -> "discover" -> "discov"
        undouble=True,
    ),
    Stemming.PLURAL: _Rules(suffixes=(("ies", "y"), ("es", ""), ("s", "")), min_stem=4),
    Stemming.COUNTED: _Rules(suffixes=(("ies", "y"), ("sses", "ss"), ("s", "")), min_stem=3),
    Stemming.LIGHT: _Rules(
        # the longest suffix first: the one that ends the word
        suffixes=(
            ("ies", "y"),
            ("ing", ""),
            ("'s", ""),
            ("es", ""),
            ("ed", ""),
            ("ly", ""),
            ("s", ""),
        ),
        min_stem=3,
        next_when_short=False,
        keep_up_to=4,
    ),
}


@lru_cache(maxsize=1 << 17)
def stem(word: str, how: Stemming = Stemming.CRUDE) -> str:
    """``word``'s stem at strength ``how``."""
    rules = _RULES[how]
    w = word
    if rules.fold:
        w = w.casefold().strip("'’")
        w = IRREGULAR.get(w, w)
    if len(w) <= rules.keep_up_to or (rules.letters_only and not w.isalpha()):
        return w
    for _ in range(rules.passes):
        shorter = _strip(w, rules)
        if shorter == w:
            break
        w = shorter
    return w


def _strip(w: str, rules: _Rules) -> str:
    """``w`` with its first matching suffix off (and replaced), or ``w``."""
    for suffix, replacement in rules.suffixes:
        if not w.endswith(suffix):
            continue
        if len(w) - len(suffix) < rules.min_stem:
            if rules.next_when_short:
                continue
            return w
        base = w[: -len(suffix)] + replacement
        if rules.undouble and len(base) > 4 and base[-1] == base[-2] and base[-1] not in "lsz":
            base = base[:-1]
        return base
    return w
