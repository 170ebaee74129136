"""How two English words relate, from WordNet 3.0: the same word, synonyms, a form derived
from the other, a broader or narrower term, two members of one class, or unrelated.

The data (``wordnet.txt.gz``, built by ``bench/make_wordnet.py`` from Princeton's WordNet 3.0
with its licence notice) holds every single-word lemma with its synsets, each synset's direct
hypernyms and each lemma's derivationally related forms. It is read on first use (about a
second) and kept in the user cache (:func:`verifier.text.words.cache_dir`), so later
processes load it in tens of milliseconds.

- ``SYNONYM``: a shared synset ("large" / "big", "founded" / "established");
- ``DERIVED``: a derived form, or a synonym of one ("ascent" / "climbed": ascent -> ascend ~
  climb);
- ``BROADER`` / ``NARROWER``: one word's synset is a direct hypernym of the other's
  ("project" / "work": a project is a kind of work);
- ``SIBLING``: two members of one class, which a statement does not swap ("Japanese" /
  "Taiwanese", "city" / "town", "network" / "transport");
- ``UNRELATED``, or ``UNKNOWN`` when WordNet lacks a word.

Inflected forms are read back to a lemma with WordNet's own suffix rules ("companies",
"founded", "running") and the stemmer's irregular forms ("took", "born").
"""

from __future__ import annotations

import gzip
from enum import StrEnum
from functools import cache, lru_cache
from importlib.resources import files

from verifier.text.stem import IRREGULAR
from verifier.text.words import cache_dir, read_cache, write_cache

__all__ = ["WordRelation", "lemmas_of", "relation", "relatives"]

_FORMAT = "wordnet/1"


class WordRelation(StrEnum):
    SAME = "same"
    SYNONYM = "synonym"
    DERIVED = "derived"
    BROADER = "broader"  # the second word is broader: "project" -> "work"
    NARROWER = "narrower"
    SIBLING = "sibling"
    UNRELATED = "unrelated"
    UNKNOWN = "unknown"


# WordNet's morphy rules: a suffix and what replaces it
_SUFFIXES = (
    ("ies", "y"),
    ("ses", "s"),
    ("xes", "x"),
    ("zes", "z"),
    ("ches", "ch"),
    ("shes", "sh"),
    ("men", "man"),
    ("es", "e"),
    ("es", ""),
    ("s", ""),
    ("ed", "e"),
    ("ed", ""),
    ("ing", "e"),
    ("ing", ""),
    ("er", ""),
    ("est", ""),
    ("ly", ""),
)

# suffixes of degree and manner, not read back where WordNet derives the word from its base
# (an agent noun: "player" from "play")
_DEGREE = frozenset({"er", "est", "ly"})

Data = tuple[dict[str, tuple[int, ...]], dict[int, tuple[int, ...]], dict[str, tuple[str, ...]]]


def _parse(text: str) -> Data:
    lemmas: dict[str, tuple[int, ...]] = {}
    hypernyms: dict[int, tuple[int, ...]] = {}
    derived: dict[str, tuple[str, ...]] = {}
    part = ""
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        if line.startswith("@"):
            part = line[1:]
            continue
        key, _, rest = line.partition("\t")
        if part == "lemmas":
            lemmas[key] = tuple(int(x) for x in rest.split())
        elif part == "hypernyms":
            hypernyms[int(key)] = tuple(int(x) for x in rest.split())
        elif part == "derived":
            derived[key] = tuple(rest.split())
    return lemmas, hypernyms, derived


@cache
def _data() -> Data:
    source = files("verifier.text").joinpath("wordnet.txt.gz")
    raw = source.read_bytes()
    key = f"{_FORMAT} {len(raw)}"
    folder = cache_dir()
    path = folder / "wordnet.bin" if folder is not None else None
    if path is not None:
        stored = read_cache(path, key)
        if isinstance(stored, tuple) and len(stored) == 3:
            return stored
    built = _parse(gzip.decompress(raw).decode("utf-8"))
    if path is not None:
        write_cache(path, key, built)
    return built


@lru_cache(maxsize=1 << 15)
def lemmas_of(word: str) -> tuple[str, ...]:
    """The WordNet lemmas a word form may be ("founded" -> found; "took" -> take)."""
    lemmas, _hypernyms, derived = _data()
    w = word.lower().replace("’", "'")
    out = []
    irregular = IRREGULAR.get(w)
    for form in (w, irregular):
        if form and form in lemmas and form not in out:
            out.append(form)
    for suffix, replacement in _SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            base = w[: -len(suffix)] + replacement
            # "player" is a noun of its own that WordNet derives from "play", not "play"
            # compared ("smaller" is small; "bigger" big)
            own = suffix in _DEGREE and base in derived.get(w, ())
            if base in lemmas and base not in out and not own:
                out.append(base)
            # "stopped", "running": a doubled consonant before the suffix
            if suffix in ("ed", "ing", "er", "est") and len(base) > 3 and base[-1] == base[-2]:
                single = base[:-1]
                if single in lemmas and single not in out:
                    out.append(single)
    return tuple(out)


@lru_cache(maxsize=1 << 15)
def _sets(word: str) -> tuple[frozenset[int], frozenset[int], frozenset[int]] | None:
    """A word's synsets, its derived forms' synsets with its own, and its hypernyms."""
    lemmas = lemmas_of(word)
    if not lemmas:
        return None
    table, up, derived = _data()
    own = frozenset(s for lemma in lemmas for s in table.get(lemma, ()))
    forms = frozenset(
        s for lemma in lemmas for d in derived.get(lemma, ()) for s in table.get(d, ())
    )
    hypernyms = frozenset(h for s in own for h in up.get(s, ()))
    return own, forms | own, hypernyms


@lru_cache(maxsize=1 << 16)
def relation(a: str, b: str) -> WordRelation:
    """How word ``b`` relates to word ``a`` (see the module's description)."""
    set_a, set_b = _sets(a), _sets(b)
    if set_a is None or set_b is None:
        return WordRelation.SAME if a.lower() == b.lower() else WordRelation.UNKNOWN
    if set(lemmas_of(a)) & set(lemmas_of(b)):
        return WordRelation.SAME
    (sa, da, ha), (sb, db, hb) = set_a, set_b
    if sa & sb:
        return WordRelation.SYNONYM
    if (da & sb) or (db & sa) or (da & db):
        return WordRelation.DERIVED
    if sb & ha:
        return WordRelation.BROADER
    if sa & hb:
        return WordRelation.NARROWER
    if ha & hb:
        return WordRelation.SIBLING
    return WordRelation.UNRELATED


@cache
def _members() -> dict[int, tuple[str, ...]]:
    """Each synset's lemmas (the lemma table turned around)."""
    out: dict[int, list[str]] = {}
    for lemma, synsets in _data()[0].items():
        for synset in synsets:
            out.setdefault(synset, []).append(lemma)
    return {k: tuple(v) for k, v in out.items()}


@lru_cache(maxsize=4096)
def relatives(word: str) -> frozenset[str]:
    """The lemmas a word may be said as: its own, its synonyms', its derived forms' and
    theirs ("climb": ascend, ascent, climber, mount, rise, ...)."""
    sets = _sets(word)
    if sets is None:
        return frozenset({word.lower()})
    members = _members()
    return frozenset(
        {word.lower(), *lemmas_of(word)} | {m for s in sets[1] for m in members.get(s, ())}
    )
