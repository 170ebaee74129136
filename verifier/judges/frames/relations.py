"""Relations: which words say the same thing about a subject, and stems to compare words by.

:func:`~verifier.text.stem.stem` reduces a word to a crude stem (irregular verbs by table,
suffixes by rule); the same function runs on claims and evidence, so "completed", "completes" and
"completion" meet at one stem. :data:`RELATIONS` groups stems that state one relation:
"set up", "established" and "founded" are :data:`FOUND`; "died" and "death" are
``die``; "won", "was awarded" and "received" are ``award``. :func:`relation_of` maps a
stem (or a two-word phrase) to its relation.

A relation is *functional* when a subject has one value for it: one is born once, dies
once, a company is founded once, a tower is completed once and has one height. A
different year for a functional relation contradicts the claim; for a relation that can
hold many times (winning a prize, publishing, visiting) it may simply be another
occasion, so a conflict there is a weaker signal.
"""

from __future__ import annotations

from functools import lru_cache

from verifier.text.stem import IRREGULAR, stem
from verifier.text.wordnet import WordRelation, relation

__all__ = [
    "EVENT",
    "FUNCTIONAL",
    "PHRASE_STARTS",
    "RELATIONS",
    "REPEATABLE",
    "is_verb",
    "phrase_relations",
    "relation_of",
    "relation_said",
    "same_relation",
]


# stem -> relation (the first stem listed names the relation)
RELATIONS: dict[str, tuple[str, ...]] = {
    "found": ("found", "establish", "set up", "start", "institute", "create"),
    "die": ("die", "pass away", "kill", "perish"),
    "born": ("born",),
    "award": (
        "award",
        "win",
        "receive",
        "share",
        "earn",
        "give",
        "gain",
        "honour",
        "honor",
        "bestow",
        "hand out",
        "confer",
        "grant",
    ),
    "build": ("build", "complete", "finish", "construct", "erect"),
    # a building opens when it is finished or a year or more later: another act
    "open": ("open", "inaugurate", "unveil"),
    "locate": ("locate", "lie", "situate", "sit", "stand", "find in"),
    "create": ("invent", "design", "devise", "develop", "conceive", "create"),
    "discover": ("discover", "isolate", "identify", "detect", "first isolate", "unearth"),
    "write": ("write", "pen"),
    # a publisher is no author, and a work is written before it is published: publishing
    # is a relation of its own ("Nicholas Ling published Hamlet in 1603")
    "publish": ("publish", "issue"),
    # "put forward", "proposed", "suggested": an idea advanced
    "propose": ("propose", "put forward", "put forth", "suggest", "advance", "posit"),
    # "supplies water to", "feeds", "provides": what a river, an aqueduct or a plant gives
    "supply": ("supply", "feed", "provide"),
    # who owns a company, and who bought it (when it changed hands: not who owns it now)
    "own": ("own",),
    "acquire": ("acquire", "buy", "purchase", "take over"),
    "compose": ("compose",),
    "paint": ("paint",),
    "direct": ("direct",),
    "marry": ("marry",),
    "lead": ("elect", "appoint", "become", "serve", "lead", "head", "president", "chair"),
    "ascend": ("ascend", "reach", "scale", "summit", "conquer"),
    "flow": ("flow", "empty", "drain", "discharge", "pour", "rise in", "mouth", "join"),
    "high": ("high", "tall", "rise"),
    "long": ("long", "stretch", "extend"),
    "wide": ("wide",),
    "deep": ("deep",),
    "area": ("area", "cover", "span"),
    "populat": ("populat", "inhabit", "resident", "live", "home"),
    "weigh": ("weigh", "mass"),
    "employ": ("employ",),
    "revenue": ("revenue", "earn", "sell"),
    "cost": ("cost", "price", "budget", "spend"),
    "melt": ("melt",),
    "boil": ("boil",),
    "capital": ("capital",),
    "headquarter": ("headquarter",),
    "hold": ("hold", "host", "stage"),
    "study": ("study", "graduate", "attend", "educate", "enrol", "enroll"),
    "move": ("move", "emigrate", "relocate", "settle"),
    "atomic": ("atomic",),
    "release": ("release", "premiere", "launch", "debut", "air"),
    # what a subject is held to be: "is regarded as", "is considered", "is seen as"
    "regard": ("regard", "consider", "deem", "see as", "view as"),
    "sign": ("sign", "ratify"),
    # a text's adoption by the body that votes on it: "adopted" / "approved the final text"
    "adopt": ("adopt", "approve"),
    # what a canal, a strait or a bridge joins: "connects" / "links"
    "connect": ("connect", "link"),
    "begin": ("begin", "start", "commence"),
    "end": ("end", "conclude", "finish"),
    "occur": (
        "occur",
        "happen",
        "take place",
        "break out",
        "strike",
        "erupt",
        "sweep",
        "rage",
        "hit",
    ),
    "target": ("target", "aim", "goal"),
    "estimate": ("estimate", "put at", "reckon"),
    "account": ("account for", "make up", "represent", "comprise"),
    # "might lead to a nomination": a cause, not an office
    "cause": ("cause", "lead to", "result in", "give rise"),
}
# one value per subject (see the module docstring)
FUNCTIONAL = frozenset(
    {
        "found",
        "die",
        "born",
        "build",
        "open",
        "locate",
        "discover",
        "high",
        "long",
        "wide",
        "deep",
        "area",
        "populat",
        "weigh",
        "melt",
        "boil",
        "capital",
        "headquarter",
        "atomic",
        "ascend",
        "flow",
        "create",
        "compose",
        "paint",
        "write",
        "direct",
        "begin",
        "end",
        "employ",
        "occur",
        "target",
        "estimate",
        "account",
    }
)
# Relations that date the same event: "broke out", "began", "took place", "was held".
EVENT = frozenset({"occur", "begin", "hold"})


def same_relation(a: str | None, b: str | None) -> bool:
    """Whether two relations say the same of a subject (one relation, or both date an
    event)."""
    return a is not None and (a == b or (a in EVENT and b in EVENT))


def relation_said(a: str | None, b: str | None) -> bool:
    """Whether relation ``b`` says what relation ``a`` does, the same one or in other words:
    a synonym or a derived form of its word ("climbed" / "ascent", "took over" / "assumed").
    """
    if a is None or b is None:
        return False
    if same_relation(a, b):
        return True
    word_a, word_b = a.removeprefix("v:"), b.removeprefix("v:")
    return relation(word_a, word_b) in _SAID_ALIKE


_SAID_ALIKE = frozenset({WordRelation.SAME, WordRelation.SYNONYM, WordRelation.DERIVED})

# Relations a subject may have many times, with other dates each time: winning prizes,
# publishing, holding events, visiting, moving, studying, signing.
REPEATABLE = frozenset(
    {
        "award",
        "write",
        "publish",
        "hold",
        "release",
        "lead",
        "study",
        "move",
        "sign",
        "marry",
        # plain verbs of events that recur: visiting, touring, performing, meeting
        "v:visit",
        "v:tour",
        "v:perform",
        "v:meet",
        "v:play",
        "v:travel",
        "v:return",
        "v:host",
        "v:compet",
        "v:attend",
        # where one lives, works or teaches: many places in a life ("lived in Berlin from
        # 1914 to 1932" does not deny "lived in Princeton")
        "v:live",
        "v:lived",
        "v:resid",
        "v:work",
        "v:teach",
    }
)

_BY_STEM: dict[str, str] = {}
_BY_PHRASE: dict[tuple[str, ...], str] = {}
for _name, _words in RELATIONS.items():
    for _word in _words:
        parts = tuple(stem(p) for p in _word.split())
        if len(parts) == 1:
            _BY_STEM.setdefault(parts[0], _name)
        else:
            _BY_PHRASE.setdefault(parts, _name)


PHRASE_STARTS = frozenset(first for first, *_rest in _BY_PHRASE)


def relation_of(word_stem: str) -> str | None:
    """The relation a stem states, if it is one of :data:`RELATIONS`."""
    return _BY_STEM.get(word_stem)


def phrase_relations(stems: list[str]) -> list[str | None]:
    """The relation each position of a stem list states, two-word phrases included
    ("set up", "pass away"); None where no relation is stated."""
    out: list[str | None] = [relation_of(s) for s in stems]
    for i in range(len(stems) - 1):
        name = _BY_PHRASE.get((stems[i], stems[i + 1]))
        if name is not None:
            out[i] = out[i + 1] = name  # "put forward": both words say "propose"
    return out


# Common verbs (base forms), to find where a subject ends and to anchor values to verbs
# that are not relations of their own ("bought in 1998" vs "was included in 2023").
_VERBS = """
accept achieve acquire act add adopt advise affect agree aim allow announce appear apply
argue arrange arrive ask assume attack attempt avoid base bear beat become begin believe
belong bring build burn buy call cause celebrate change charge choose claim close collect
come commission compete complete concern conduct confirm connect consider consist contain
continue contribute control convert cost count cover create cross cut damage deal decide
declare decline defeat define deliver demand deny depend describe design destroy determine
develop die differ disappear discover discuss display divide draw drive drop earn eat
elect emerge employ enable encourage end enjoy enter establish examine exceed exist expand
expect experience explain export express extend face fail fall feature feel fight fill
find finish fit flee fly focus follow force form found gain generate get give go govern
grant grow handle happen hate have head hear help hire hit hold host identify ignore
import improve include increase indicate influence inform inherit introduce invade invent
invest invite involve issue join keep kill know land last launch lay lead learn leave lend
let lie like limit link list live locate look lose love maintain make manage manufacture
mark marry mean measure meet mention merge migrate move name need note notice obtain occupy
occur offer open operate order organise organize own paint participate pass pay perform
permit pick place plan play point possess practise practice prefer prepare present
preserve prevent print produce promote propose protect prove provide publish purchase
pursue push put raise rank reach read receive recognise recognize record recover reduce
refer reflect refuse regard reign reject release rely remain remove rename replace report
represent require rescue research reside resign respond rest restore result retain retire
return reveal rise rule run save say score see seek seem select sell send separate serve
set settle share shift ship show sign sing sink sit sleep sell solve speak spend split
spread stand start state stay steal stop store study succeed suffer suggest supply support
surround survive take talk teach tell tend test think threaten total train transfer
transform translate travel treat try turn understand unite use vary visit vote wait walk
want warn watch wear weigh win wish withdraw work write target aim estimate account rank
break sweep strike erupt happen occur trigger orbit border span flow drain empty cover
melt boil freeze evaporate dissolve
attract employ fund finance own operate host stage feature speak reach exceed
""".split()
_VERB_STEMS = frozenset(stem(v) for v in _VERBS)
_NOT_VERBS = frozenset("is are was were be been being".split())


@lru_cache(maxsize=1 << 16)
def is_verb(word: str) -> bool:
    """Whether a word reads as a verb form: a common verb (any inflection), or a word in
    -ed. Auxiliaries are verbs too; they are told apart by the caller. A capitalised word
    is a name (the caller says when a sentence's first word is a verb)."""
    if word[:1].isupper():
        return False
    w = word.casefold()
    if w in _NOT_VERBS:
        return True
    if not w.isalpha() or len(w) < 3:
        return False
    if w.endswith("ed") and len(w) > 4:
        return True
    if w.endswith(("tion", "ment", "ness", "ity", "er", "ers", "ors", "or")):
        return False
    candidates = {w}
    if w.endswith("s"):
        candidates.add(w[:-1])
    if w.endswith("ing"):
        candidates |= {w[:-3], w[:-3] + "e"}
    return any(stem(c) in _VERB_STEMS or IRREGULAR.get(c, "") in _VERBS for c in candidates)
