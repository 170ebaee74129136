"""Spelling (and a precise sliver of grammar) with offsets, split by confidence.

Three lists, kept apart: the **lexicon** (:mod:`verifier.rubric.lexicon`) says whether a
word is English as it is written (American, British, Canadian and Australian spellings,
inflections, loanword phrases, name particles); the **suggestion list**, symspellpy's
English frequency list (82,765 words, shipped inside the package), gives the words meant;
the **misspellings** (:mod:`verifier.rubric.misspellings`, made from codespell's
dictionaries) are the slips people are known to make. Nothing is downloaded. Only prose
words are checked: code blocks, inline code, URLs, e-mail addresses, paths and
identifiers, markup, LaTeX commands, runs of 200 characters or more without a space,
tokens with digits ("1960s", "'90s", "3rd", "x86"), lone letters, acronyms, capitalised
words inside a sentence (names), words with letters beyond the Latin alphabet's accents,
and the prompt's words are skipped.

A word is a **high-confidence** error (the rubric's cap) only when it is a real slip:

- a **known misspelling** ("definately", "seperate", "untill") whose word meant is far
  more common and which is no word of the curated list in its own right ("ser");
- a **non-word near a common word**: written nowhere in wordfreq's English, one edit
  (Damerau-Levenshtein, a swap counts as one) from one of the ``common_words`` (30,000)
  most frequent words, or two cheap edits for a word of five letters or more
  ("tommorrow"), the first letter untouched (typos rarely touch it; jargon such as
  "async" differs from "sync" exactly there; a word of seven letters or more may differ
  there alone), at least 3 ASCII letters, not a technical term or a coinage ("pollees"),
  not inside quotation marks, used in one sentence only, fewer than three times (a word
  used in two sentences is deliberate); or a written word one cheap slip from a word
  written over 1,000 times as often, or one edit from one written over 3,000 times as
  often ("whem" for "when");
- the **regular past of an irregular verb** ("tooked", "becomed").

Opening a sentence, a capitalised word is a name until shown otherwise: it caps only when
listed, or written nowhere, one edit from one of the 2,000 most frequent words, and no
capitalised word follows ("Wole Soyinka"). Everything else the lexicon lacks is **low
confidence**: "needs review", never the cap (written words near a far commoner one,
"mafic"; a rare word that is mostly a slip, "calender"; words near nothing common; quoted
slips). The suggestion is the likeliest word meant by the kind of slip and its frequency
(:mod:`verifier.rubric.slips`): "tounge" -> "tongue", "finaly" -> "finally",
"discoverd" -> "discovered". Each word is judged once in its context, so a long response
costs its distinct words. Measured in ``bench/spelling.py`` (real prose, spelling
variants, the commonest misspellings, real misspellings), ``bench/spelling_speed.py``
(2,000,000 characters) and ``bench/style.py``.

Grammar: a doubled word ("the the") is a high-confidence error, except pairs that are
grammatical ("had had", "that that") and capitalised names ("Mau Mau", "Bora Bora").
Nothing else about grammar is checked automatically.

Building symspellpy's index of the list (two edits deep) takes a few CPU-seconds, so it is
built once and kept in the user cache (``$XDG_CACHE_HOME/verifier``, see
:func:`verifier.text.words.cache_dir`), keyed by the symspellpy version and the list's
sha256; later processes load it in milliseconds (the lexicon is cached the same way). A
missing, damaged or stale cache is rebuilt; one that cannot be written is skipped (the
index is then built in memory).
"""

from __future__ import annotations

import hashlib
import marshal
import re
import sys
from array import array
from bisect import bisect_right
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.metadata import version
from itertools import accumulate
from pathlib import Path
from typing import Any

from verifier.plagiarism.exemptions import quoted_spans
from verifier.rubric.lexicon import (
    PARTICLES,
    Lexicon,
    fold,
    inflection_stems,
    lexicon,
    overregularized,
    phrases_with,
    variants,
)
from verifier.rubric.misspellings import Listed, corrections
from verifier.rubric.slips import most_likely
from verifier.text.spans import blocks, segments
from verifier.text.words import SortedKeys, cache_dir, frequency_list, read_cache, write_cache

__all__ = ["Misspelling", "check_spelling", "dictionary", "is_name", "skipped_spans"]

# not text.WORD on purpose: letters only (no digits, no _), apostrophes and hyphens join
# them, and so does a soft hyphen ("elec\u00adtricity"); never part of a token with digits
# ("1960s", "'90s", "3rd", "x86" are not words) or of text garbled into question marks
# ("p??riph??rique")
_WORD = re.compile(
    r"(?<![\w?\u00ad\u0300-\u036f])[^\W\d_](?:[^\W\d_]|[\u00ad\u0300-\u036f]|['’-](?=[^\W\d_]))*"
    r"(?![\w\u00ad\u0300-\u036f]|\?+\w)"
)
_SKIP_SPANS = re.compile(
    r"`[^`\n]+`"  # inline code
    r"|\bhttps?://\S+|\bwww\.\S+"  # URLs
    r"|\b[\w.+-]+@[\w-]+\.[\w.-]+"  # e-mail
    r"|\b\w+(?:[./\\:]\w+)+\b"  # paths, dotted names, module.attr
    r"|\w*_\w*"  # identifiers with underscores, __dunder__
    r"|[%*$@#]+\(?\w+\)?\w*"  # **kwargs, %(name)s, $VAR, @decorator, #tag
    r"|<[^>\n]+>"  # HTML tags
    r"|\\[A-Za-z]+"  # LaTeX commands: \frac, \sqrt
    r"|\]\([^)\s]*\)",  # markdown link targets
)
_PREFIXES = frozenset(
    "pre re non co multi sub un anti semi post self inter over under e de mis bi tri".split()
)
# Prefixes written solid onto a word ("rewords", "microsurveys"): such a word is not
# capped, but slips make the same shape ("cocurrent", "reeasing"), so it goes to review
# (the word after the prefix on the curated list, five letters or more).
_SOLID_PREFIXES = (
    "re non co multi sub un anti semi post inter over under mis out pre super micro macro "
    "mini mega auto bio geo hyper infra intra para proto pseudo retro trans ultra counter"
).split()
_QUOTES = frozenset("\"'“”‘’`")
_DOUBLE_OK = frozenset({"had", "that", "is", "do", "can", "blah", "bye", "no", "very", "so"})
# Technical words one edit from a common word, never counted as slips.
_TECH = frozenset(
    """
    api apis app apps args async auth backend backends bool boolean cli config configs cpu
    cpus csv dataset datasets dedupe deps dict dicts enum env eval http https ide init json
    jsonl kwargs lang lib libs localhost loopback middleware namespace nan npm oauth param
    params pid pip px repo repos rgba runtime sdk src stderr stdin stdout struct sudo svg
    tcp todo toml tuple tuples udp ui uri url urls utf uuid var vars yaml wifi webhook
    webhooks frontend hostname hostnames login logins admin admins ok okay email emails
    mg kg km ml cm mm nm lb lbs oz ft hr hrs min mins sec secs kb mb gb tb ghz mhz kwh
    regex regexes stdlib mutex refactor hashable iterable iterables serializer linter
    logits gzip memoize etag attr attrs cwd chdir mkdir rmdir grep repl
    """.split()
)


_MAX_USES = 1
# Zipf frequencies (log10 of uses per billion words). A word English writers use is a
# word unless a word one edit away is used at least ten times as often (_KNOWN_MARGIN);
# then it goes to review ("recieve" is written, and so are "mafic", "drubbed" and
# "retied"), and caps only when that word is used over 3,000 times as often and the slip
# is no name opening a sentence (_CAP_MARGIN: "whem" for "when", "peopel" for "people").
_KNOWN_MARGIN = 1.0
_CAP_MARGIN = 3.5
# Another variety's spelling by a rule that also fits slips ("centre", "travelled") is
# written at least a tenth as often as the form it stands for.
_VARIANT_MARGIN = 1.0
# A written word one cheap slip (verifier.rubric.slips: a double letter, a swap, a vowel)
# from a word used over 1,000 times as often caps too ("realiable", "tryed").
_CHEAP_SLIP = 0.7
_CHEAP_CAP_MARGIN = 3.0


@dataclass(frozen=True, slots=True)
class Misspelling:
    """A word the dictionary does not know, or a doubled word, with its span."""

    start: int
    end: int
    word: str
    kind: str  # "spelling" or "grammar"
    confidence: str  # "high" or "low"
    suggestion: str | None
    reason: str


@dataclass(frozen=True, slots=True)
class _Dictionary:
    words: dict[str, int]  # most frequent first
    common: frozenset[str]
    top: frozenset[str]  # the 2,000 most frequent: a capitalised slip must be one of these
    speller: Any  # a symspellpy.SymSpell


@cache
def dictionary(common_words: int = 30000) -> _Dictionary:
    """The shipped frequency dictionary, loaded once per process: from the user cache in
    milliseconds, else built (about 1 s) and cached for the next process."""
    words, speller = _speller()
    ranked = list(words)
    return _Dictionary(words, frozenset(ranked[:common_words]), frozenset(ranked[:2000]), speller)


_EDIT_DISTANCE = 2
_PREFIX_LENGTH = 7
_CACHE_FORMAT = 2


@cache
def _speller() -> tuple[dict[str, int], Any]:
    source = frequency_list()
    key = _cache_key(source)
    folder = cache_dir()
    name = f"spelling-{hashlib.sha256(key.encode()).hexdigest()[:16]}.bin"
    return load_speller(source, folder / name if folder else None, key)


def _cache_key(source: Path) -> str:
    """What the cached index depends on: its format, symspellpy's version and settings,
    the list's content, and how this interpreter stores it (marshal, byte order)."""
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    return (
        f"spelling/{_CACHE_FORMAT} symspellpy={version('symspellpy')} list={digest} "
        f"edit={_EDIT_DISTANCE} prefix={_PREFIX_LENGTH} marshal={marshal.version} "
        f"{sys.byteorder} I={memoryview(b'0000').cast('I').itemsize}"
    )


def load_speller(source: Path, cache: Path | None, key: str) -> tuple[dict[str, int], Any]:
    """The words of ``source`` (most frequent first) and a SymSpell over them: read from
    ``cache`` when it holds them under ``key``, else built and written there (atomically;
    when it cannot be written the built one is used all the same)."""
    from symspellpy import SymSpell

    if cache is not None:
        loaded = _from_cache(read_cache(cache, key))
        if loaded is not None:
            return loaded
    speller = SymSpell(max_dictionary_edit_distance=_EDIT_DISTANCE, prefix_length=_PREFIX_LENGTH)
    speller.load_dictionary(str(source), term_index=0, count_index=1)
    words = dict(sorted(speller.words.items(), key=lambda kv: -kv[1]))
    if cache is not None and not any("\t" in w for w in words):
        try:
            packed = _PackedDeletes.pack(speller._deletes)
        except Exception:  # another symspellpy inside, or too big: no cache, never a failure
            return words, speller
        write_cache(cache, key, (words, speller._max_length, *packed))
    return words, speller


def _from_cache(value: object) -> tuple[dict[str, int], Any] | None:
    """A SymSpell made from a cached value, or None if the value is not a usable one."""
    from symspellpy import SymSpell, Verbosity

    if not isinstance(value, tuple) or len(value) != 6:
        return None
    words, max_length, *packed = value
    if not isinstance(words, dict) or not isinstance(max_length, int):
        return None
    speller = SymSpell(max_dictionary_edit_distance=_EDIT_DISTANCE, prefix_length=_PREFIX_LENGTH)
    if not {"_words", "_deletes", "_max_length"} <= vars(speller).keys():
        return None  # symspellpy keeps its index elsewhere now: build it instead
    try:
        speller._words = words
        speller._deletes = _PackedDeletes(*packed)
        speller._max_length = max_length
        sane = [s.term for s in speller.lookup("teh", Verbosity.CLOSEST, _EDIT_DISTANCE)]
    except Exception:  # whatever is wrong with a cache, the dictionary is built instead
        return None
    return (words, speller) if "the" in sane else None


class _PackedDeletes(Mapping[str, list[str]]):
    """symspellpy's delete index (each deletion of a word's prefix -> the words it comes
    from) packed into byte strings, looked up by binary search (:class:`SortedKeys`): it
    loads as four byte strings, where the dict of 319,000 lists takes half a second to
    unpickle."""

    __slots__ = ("_keys", "_value_at", "_values")

    def __init__(self, keys: bytes, key_at: bytes, values: bytes, value_at: bytes) -> None:
        self._keys = SortedKeys(keys, key_at)
        self._values = values
        self._value_at = memoryview(value_at).cast("I")
        end = self._value_at[-1] if len(self._value_at) else -1
        if len(self._value_at) != len(self._keys) + 1 or end != len(values):
            msg = "the offsets do not match the data"
            raise ValueError(msg)

    @staticmethod
    def pack(deletes: Mapping[str, list[str]]) -> tuple[bytes, bytes, bytes, bytes]:
        """Keys sorted by their UTF-8 bytes, each key's words joined by tabs (the words
        must hold no tab)."""
        encoded = {k.encode(): words for k, words in deletes.items()}
        keys = sorted(encoded)
        values = ["\t".join(encoded[k]).encode() for k in keys]
        return (
            *SortedKeys.pack(keys),
            b"".join(values),
            array("I", accumulate(map(len, values), initial=0)).tobytes(),
        )

    def __contains__(self, key: object) -> bool:
        return key in self._keys

    def __getitem__(self, key: str) -> list[str]:
        i = self._keys.find(key)
        if i < 0:
            raise KeyError(key)
        return self._values[self._value_at[i] : self._value_at[i + 1]].decode().split("\t")

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


# A run of this many characters without a space is no prose (a blob, a hash, garbled text):
# it is not read for words (the patterns below stay linear on the rest of the text).
_LONG_RUN = re.compile(r"\S{200,}")


def _blank(m: re.Match[str]) -> str:
    return " " * len(m.group())


def _masked(text: str) -> str:
    """The text with what the spelling check does not read blanked out (long runs without
    a space, then code, URLs, identifiers and markup), each character in its place."""
    return _SKIP_SPANS.sub(_blank, _LONG_RUN.sub(_blank, text))


def _prose_spans(response: str) -> list[tuple[int, int]]:
    """Spans of the response that are prose (code blocks left out)."""
    return [(b.start, b.end) for b in blocks(response) if b.kind != "code"]


def skipped_spans(response: str) -> list[tuple[int, int, str]]:
    """Where the spelling check does not look, each span with what it is: code blocks,
    inline code, URLs, e-mail addresses, paths and dotted names, identifiers, tags and
    link targets (the grammar check leaves the same places alone)."""
    out: list[tuple[int, int, str]] = [
        (b.start, b.end, "code") for b in blocks(response) if b.kind == "code"
    ]
    for start, end in _prose_spans(response):
        text = response[start:end]
        for m in _LONG_RUN.finditer(text):
            out.append((start + m.start(), start + m.end(), "a run of text without spaces"))
        for m in _SKIP_SPANS.finditer(_LONG_RUN.sub(_blank, text)):
            out.append((start + m.start(), start + m.end(), _skipped_kind(m.group())))
    return sorted(out)


def _skipped_kind(span: str) -> str:
    if span.startswith("`"):
        return "code"
    if span.startswith(("http://", "https://", "www.", "](")):
        return "a URL"
    if "@" in span and not span.startswith("@"):
        return "an e-mail address"
    if span.startswith(("<", "\\")):
        return "markup"  # an HTML tag, a LaTeX command
    return "an identifier or path"


def is_name(word: str, before: str) -> bool:
    """A name, an acronym or an identifier by its letters: capitalised inside a sentence
    (``before`` is the text just before the word), all capitals, or inner capitals."""
    return bool(word) and _skip(word, before)


def _known(word: str, lex: Lexicon, depth: int = 0) -> bool:
    """A (folded) word of the curated list, a technical word, a contraction or possessive
    of one, a hyphenated compound of known parts, or another variety's spelling of a known
    word ("colours" of "colors", "plowing" of "ploughing")."""
    if lex.curated(word) or word in _TECH:
        return True
    for suffix in ("'s", "'", "n't", "'re", "'ve", "'ll", "'d", "'m"):
        if word.endswith(suffix) and _known(word[: -len(suffix)], lex, depth):
            return True
    if "-" in word:  # each part known, or written and no listed misspelling ("probelm")
        return all(
            not part
            or part in _PREFIXES
            or _known(part, lex, depth)
            or (lex.zipf(part) > 0 and corrections(part) is None)
            for part in word.split("-")
        )
    if depth:
        return False
    # another variety's spelling of a known or written word: by a sure rule ("colours",
    # "organise"), or by another when the word is written about as often as that spelling
    # (every British spelling is: "centre", "foetus"; "undre" is no British "under",
    # "mothre" no "mother", "maed" no "med", "moels" no "mels")
    z = lex.zipf(word)
    if z == 0:
        return any(_known(v, lex, 1) or lex.zipf(v) > 0 for v in variants(word, sure=True))
    sure: list[str] | None = None
    for v in variants(word):
        if not (_known(v, lex, 1) or lex.zipf(v) > 0):
            continue
        if z >= lex.zipf(v) - _VARIANT_MARGIN:
            return True
        sure = variants(word, sure=True) if sure is None else sure
        if v in sure:
            return True
    return False


def _skip(word: str, before: str) -> bool:
    """Names, acronyms and identifiers are not spell-checked."""
    if word[0].isupper() and not (before == "" or before.endswith((". ", "! ", "? ", "\n"))):
        return True  # a capitalised word inside a sentence: a name
    if word.isupper() and len(word) > 1:
        return True  # an acronym
    return any(c.isupper() for c in word[1:])  # camelCase, McDonald


def _first_letter_kept(word: str, suggestion: str) -> bool:
    """The edit leaves the first letter alone (or swaps the first two: "hte")."""
    if word[:1] == suggestion[:1]:
        return True
    return word[:2] == suggestion[1::-1] and word[2:] == suggestion[2:]


@dataclass(frozen=True, slots=True)
class _Suggestion:
    word: str
    edits: int  # Damerau-Levenshtein edits from the misspelling
    cost: float  # the slip's cost (verifier.rubric.slips.slip_cost)


def _suggest(word: str, d: _Dictionary, lex: Lexicon, edits: int = 2) -> _Suggestion | None:
    """The word most likely meant: of the listed words one edit away (two, keeping the
    first letter, for a word of five letters or more), the one whose slip is likeliest by
    its kind and the word's frequency (:func:`verifier.rubric.slips.most_likely`):
    "tounge" -> "tongue", not "lounge"; "finaly" -> "finally", not "final"."""
    from symspellpy import Verbosity

    reach = min(edits, 2 if len(word) >= 5 else 1)
    hits = {
        h.term: h.distance
        for h in d.speller.lookup(word, Verbosity.ALL, max_edit_distance=reach)
        if h.distance == 1 or (h.distance == 2 and _first_letter_kept(word, h.term))
    }
    best = most_likely(word, hits, lex.zipf)
    return _Suggestion(best[0], hits[best[0]], best[1]) if best else None


@dataclass(frozen=True, slots=True)
class _Context:
    """What the judgement of one word needs to know about where it stands."""

    capitalised: bool  # opens a sentence (a capital inside one is a name, skipped before)
    next_capitalised: bool  # the next word of the sentence is capitalised: a name's
    uses: int  # sentences it is used in (2 when used three times or more)
    quoted: bool  # inside quotation marks (a quoted word is the quote's spelling)
    in_phrase: bool  # part of a loanword phrase where it stands ("al dente")


def _parts(word: str, lex: Lexicon) -> list[tuple[str, int]]:
    """The word, or, for a hyphenated word that is not known whole, each of its parts of
    two letters or more that is no prefix ("co-publush" -> "publush"), with its offset."""
    if "-" not in word or _known(fold(word), lex):
        return [(word, 0)]
    out, at = [], 0
    for part in word.split("-"):
        if len(part) >= 2 and part.lower() not in _PREFIXES:
            out.append((part, at))
        at += len(part) + 1
    return out


def _in_phrase(word: str, neighbours: tuple[str, ...], at: int) -> bool:
    """Whether the (folded) word, at ``at`` among the folded ``neighbours``, is part of a
    loanword phrase written there."""
    for phrase in phrases_with(word):
        for j, w in enumerate(phrase):
            first = at - j
            if w == word and first >= 0 and neighbours[first : first + len(phrase)] == phrase:
                return True
    return False


def _judge(word: str, ctx: _Context, d: _Dictionary, lex: Lexicon) -> _Verdict | None:
    """None for a word, else (confidence, suggestion, reason) for a misspelling."""
    folded = fold(word)
    if sum(c.isalpha() for c in word) != sum(c.isalpha() for c in folded):
        return None  # letters beyond the Latin alphabet and its accents: not English
    lower = re.sub(r"'s?$", "", folded)
    listed = corrections(lower)
    if listed is not None and listed.rare and lex.curated(lower):
        return _rare_word(lower, listed, ctx, lex)
    if listed is not None and not lex.curated(lower) and lower not in _TECH:
        # before the varieties' rules: "rigourous" is no British "rigorous"
        verdict = _listed_slip(folded, lower, listed, ctx, lex)
        if verdict is not None:
            return verdict
    if _known(folded, lex) or ctx.in_phrase:
        return None
    if folded in PARTICLES and ctx.next_capitalised:
        return None  # "von Neumann", "van Gogh"
    irregular = overregularized(lower)
    if irregular is not None:
        return _overregularized(irregular, ctx)
    return _unlisted(word, folded, lower, ctx, d, lex)


def _overregularized(irregular: tuple[str, str], ctx: _Context) -> _Verdict | None:
    """A regular past of an irregular verb ("tooked", "becomed"): a slip, with the past
    as the suggestion; quoted, for review; opening a name, a name."""
    form, past = irregular
    if ctx.capitalised and ctx.next_capitalised:
        return None
    if ctx.quoted:
        return "low", past, f"inside quotation marks: a quoted word, or the past {past!r}?"
    if form == past:
        return "high", past, f"not a word; the past tense is {past!r}"
    return "high", past, f"not a word; the past of {form!r} is {past!r}"


# A word of the lexicon that the list calls a rare word most often written for another
# ("calender") goes to review when it is this rare (Zipf) and the word meant at least this
# much more common, and the slip is one vowel for another.
_RARE_WORD_ZIPF = 3.0
_RARE_WORD_MARGIN = 1.5


def _rare_word(lower: str, listed: Listed, ctx: _Context, lex: Lexicon) -> _Verdict | None:
    """A word in its own right that is most often a slip on another: "calender" for
    "calendar" is listed for review (never the cap); "brunch", "whet" or "trough" are
    left alone (common, or not the slip of a vowel)."""
    z = lex.zipf(lower)
    meant = most_likely(lower, [m for m in listed.meant if m.isalpha()], lex.zipf)
    if meant is None or ctx.quoted or z >= _RARE_WORD_ZIPF:
        return None
    m = meant[0]
    differ = [(a, b) for a, b in zip(lower, m, strict=False) if a != b]
    vowel_slip = len(m) == len(lower) and len(differ) == 1 and set(differ[0]) <= set("aeiou")
    if not vowel_slip or lex.zipf(m) - z < _RARE_WORD_MARGIN:
        return None
    return "low", m, f"a rare word, and a common misspelling of {m!r}"


_PHRASE_DISCOUNT = 1.0  # Zipf: a two-word phrase against its rarer word, roughly


def _written(phrase: str, lex: Lexicon) -> float:
    """How often the (folded) word or words are written: the Zipf frequency of the rarest
    word of a phrase ("a lot"), 0 when one of them is not a word."""
    parts = [p for p in re.split(r"[ -]", phrase) if p]
    return min((lex.zipf(p) if lex.zipf(p) > 0 or not lex.curated(p) else 0.1) for p in parts)


def _listed_slip(
    folded: str, lower: str, listed: Listed, ctx: _Context, lex: Lexicon
) -> _Verdict | None:
    """A listed misspelling ("definately", "seperate", "untill") is a slip when the word
    meant is a word and far more common than it (a listed word written about as often as
    the word meant is a word in its own right: None, the other rules judge it). The cap,
    with the likeliest word meant as the suggestion, unless it is quoted or opens a name."""
    z = lex.zipf(lower)
    # a phrase is rarer than its rarest word: "lookin" is "looking" before "look in"
    meant = most_likely(
        lower,
        [m for m in listed.meant if _written(m, lex) > 0],
        lambda m: _written(m, lex) - (_PHRASE_DISCOUNT if " " in m else 0.0),
    )
    if meant is None or (z > 0 and _written(meant[0], lex) - z < _KNOWN_MARGIN):
        return None
    m = meant[0]
    forms = {m, *(st for st, _ in inflection_stems(m))}
    if any(st in forms and _known(st, lex) for st, _ in inflection_stems(lower)):
        return None  # "aircrafts": a regular form of the word meant, the rules judge it
    if ctx.quoted:
        return "low", m, f"inside quotation marks: a quoted word or a misspelling of {m!r}?"
    if ctx.capitalised and (ctx.next_capitalised or folded.endswith("'s")):
        return "low", m, f"a name, or a misspelling of {m!r}?"
    return "high", m, f"a common misspelling of {m!r}"


# A word written nowhere caps as a slip two edits from a common word (one edit, always)
# when it has this many letters or more, the two edits cost this little together
# (verifier.rubric.slips) and do not add an ending to the word meant (a coinage:
# "pollees", "showbizzy"): "tounge" (1.4, "tongue"), "tommorrow", "acommodate".
_TWO_EDITS_LETTERS = 5
_TWO_EDITS_COST = 1.5
# ... and a written word two such edits from a word used 100 times as often goes to review
# ("opertunity"), never the cap.
_TWO_EDITS_REVIEW_MARGIN = 2.0
# The first letter is rarely wrong, and a short word that differs there is often jargon
# ("async" and "sync"); a long one written nowhere is a slip ("sircumstances").
_FIRST_LETTER_SLIP_LETTERS = 7


def _unlisted(
    word: str, folded: str, lower: str, ctx: _Context, d: _Dictionary, lex: Lexicon
) -> _Verdict | None:
    """A word no list gives: a slip near a common word, or a word for review."""
    z = lex.zipf(lower)
    found = _suggest(lower, d, lex, edits=1 if z > 0 else 2)
    if found is None and z > 0:  # a written word two edits from a far commoner one: review
        found = _suggest(lower, d, lex, edits=2)
        if found is not None and (
            found.cost > _TWO_EDITS_COST
            or _extends(lower, found.word)
            or lex.zipf(found.word) - z < _TWO_EDITS_REVIEW_MARGIN
        ):
            found = None
    suggestion = found.word if found else None
    # how much more often the word meant is written (Zipf: log10 of the ratio)
    margin = round(lex.zipf(suggestion) - z, 1) if suggestion else 0.0
    # "aircrafts", "decentralizes", "grayed": a known word with a regular ending, a form
    # the lists lack (the suggestion, if any, another form of the same word). "runing" is
    # a slip on "running" (not "rune" + "ing"), "extented" one on "extended".
    forms = (
        {found.word, *(st for st, _ in inflection_stems(found.word))}
        if found and found.edits == 1
        else None
    )
    if any((forms is None or st in forms) and _known(st, lex) for st, _ in inflection_stems(lower)):
        return None
    if z > 0 and (
        len(lower) <= 2  # "uh", "oh", "ox": every two letters are near a commoner word
        or suggestion is None
        or margin < _KNOWN_MARGIN
    ):
        return None  # written often enough, and not in the shadow of a commoner word
    if ctx.capitalised and (ctx.next_capitalised or folded.endswith("'s")):
        return None  # "Wole Soyinka", "Modie's brother": a name
    # the shape of a slip: one edit from a common word (two cheap ones from a longer
    # word), the first letter kept
    near = (
        found is not None
        and found.word in d.common
        and len(lower) >= 3
        and all(c.isascii() or c in "’\u00ad" for c in word)  # "ṣonak", "façade": foreign
        and (
            _first_letter_kept(lower, found.word)
            or (z == 0 and found.edits == 1 and len(lower) >= _FIRST_LETTER_SLIP_LETTERS)
        )
        and (
            found.edits == 1
            or (
                z == 0
                and len(lower) >= _TWO_EDITS_LETTERS
                and found.cost <= _TWO_EDITS_COST
                and not _extends(lower, found.word)
            )
        )
    )
    cheap = found is not None and found.edits == 1 and found.cost <= _CHEAP_SLIP
    return _slip_or_review(
        lower, z, margin, suggestion if near else None, suggestion, cheap, ctx, lex, d.top
    )


def _extends(word: str, meant: str) -> bool:
    """The word is the word meant, or its stem, with an ending added: a coinage
    ("pollees" on "poll", "showbizzy" on "showbiz", "pingoes" on "ping"), not a slip."""
    stems = {meant, *(st for st, _ in inflection_stems(meant))}
    return any(len(st) >= 3 and word.startswith(st) and len(word) > len(st) for st in stems)


def _slip_or_review(
    lower: str,
    z: float,
    margin: float,
    near: str | None,
    suggestion: str | None,
    cheap: bool,
    ctx: _Context,
    lex: Lexicon,
    top: frozenset[str],
) -> _Verdict | None:
    """The cap for a slip near a common word (``near``), else review with the reason
    (None for a capitalised word opening a sentence near nothing common: a name)."""
    prefix = next(
        (
            p
            for p in _SOLID_PREFIXES
            if lower.startswith(p) and len(lower) - len(p) >= 5 and lex.curated(lower[len(p) :])
        ),
        None,
    )
    if (
        near
        and prefix is None
        and (
            z == 0
            or (
                margin >= (_CHEAP_CAP_MARGIN if cheap else _CAP_MARGIN)
                and len(lower) > 3
                and not ctx.capitalised
            )
        )
        and ctx.uses <= _MAX_USES
        and not ctx.quoted
        and (not ctx.capitalised or near in top)
    ):
        return "high", near, f"not a word; a slip on the common word {near!r}"
    if ctx.capitalised:  # opening a sentence: a name until shown otherwise
        return ("low", near, f"a name, or a slip on {near!r}?") if near else None
    if near and prefix is not None:
        rest = lower[len(prefix) :]
        return "low", near, f"{prefix!r} + {rest!r}, or a slip on {near!r}?"
    if near and ctx.quoted and z == 0:
        return (
            "low",
            near,
            f"inside quotation marks: a quoted word or a slip on {near!r}?",
        )
    if z > 0:
        return (
            "low",
            suggestion,
            f"a rare word; {suggestion!r}, one letter away, is far more common",
        )
    if suggestion and ctx.uses > _MAX_USES:
        return "low", suggestion, f"used more than once: a term or a name? (or {suggestion!r})"
    if suggestion:
        return "low", suggestion, f"not in the dictionary (did you mean {suggestion!r}?)"
    return "low", None, "not in the dictionary"


def check_spelling(
    response: str, prompt: str = "", *, common_words: int = 30000
) -> list[Misspelling]:
    """Every misspelled word and doubled word of the response's prose, in order."""
    d = dictionary(common_words)
    lex = lexicon()
    prompt_words = {w.lower() for w in _WORD.findall(prompt)}
    counts = _sentence_counts(response)
    quoted = _Covering(quoted_spans(response))
    judge = _Judge(d, lex)
    found: list[Misspelling] = []
    for start, end in _prose_spans(response):
        text = response[start:end]
        masked = _masked(text)
        words = list(_WORD.finditer(masked))
        folded = tuple(fold(m.group()) for m in words)
        for i, m in enumerate(words):
            if i and _doubled(words[i - 1], m, text):
                found.append(_doubled_word(words[i - 1], m, start, response))
            word = m.group().strip("'’-")
            if len(word) < 2:
                continue  # a letter: a variable, an option, an initial
            w_start = start + m.start() + m.group().index(word[0])
            before = masked[max(0, m.start() - 2) : m.start()] if m.start() else ""
            if _skip(word, before) or word.lower() in prompt_words:
                continue
            following = words[i + 1] if i + 1 < len(words) else None
            next_capitalised = (
                following is not None
                and following.group()[0].isupper()
                and not masked[m.end() : following.start()].strip()
            )
            uses = counts.get(m.group().lower(), 0)
            is_quoted = quoted.covers(w_start, w_start + len(word))
            for part, at in _parts(word, lex):
                if at and (part[0].isupper() or part.lower() in prompt_words):
                    continue  # "al-Assad", "Jean-Paul": a name's part
                ctx = _Context(
                    capitalised=part[0].isupper(),
                    next_capitalised=next_capitalised,
                    uses=max(uses, counts.get(part.lower(), 0)),
                    quoted=is_quoted,
                    in_phrase=_in_phrase(fold(part), folded, i),
                )
                verdict = judge(part, ctx)
                if verdict is not None:
                    found.append(_misspelling(response, w_start + at, part, verdict))
    return found


def _sentence_counts(response: str) -> dict[str, int]:
    """How many sentences each (lower-case) word is used in, 2 for a word used three times
    or more: a word used in two different sentences, or three times, is deliberate
    (jargon, a name); a typo in a paragraph the response repeats is still a typo."""
    total: dict[str, int] = {}
    for w in _WORD.findall(_LONG_RUN.sub(_blank, response)):
        total[w.lower()] = total.get(w.lower(), 0) + 1
    counts: dict[str, int] = {}
    for sentence in {" ".join(seg.text.split()) for seg in segments(response)}:
        for w in {w.lower() for w in _WORD.findall(_LONG_RUN.sub(_blank, sentence))}:
            counts[w] = counts.get(w, 0) + 1
    for w, n in total.items():
        if n >= 3:
            counts[w] = max(counts.get(w, 0), 2)
    return counts


def _misspelling(
    response: str, start: int, part: str, verdict: tuple[str, str | None, str]
) -> Misspelling:
    confidence, suggestion, reason = verdict
    end = start + len(part)
    return Misspelling(start, end, response[start:end], "spelling", confidence, suggestion, reason)


def _doubled_word(
    first: re.Match[str], second: re.Match[str], offset: int, response: str
) -> Misspelling:
    start, end = offset + first.start(), offset + second.end()
    return Misspelling(
        start,
        end,
        response[start:end],
        "grammar",
        "high",
        first.group(),
        f"doubled word {second.group().lower()!r}",
    )


_Verdict = tuple[str, str | None, str]  # confidence, suggestion, reason
# Distinct misspellings judged in full in one response; a response with more is no English
# prose (random letters, another language), and its further unknown words are listed for
# review without a search for the word meant, so that the check stays fast on any input.
_FULL_JUDGEMENTS = 5000


class _Judge:
    """The verdicts of one response, each word judged once in its context."""

    def __init__(self, d: _Dictionary, lex: Lexicon) -> None:
        self._d, self._lex = d, lex
        self._verdicts: dict[tuple[str, _Context], _Verdict | None] = {}
        self._misspelled = 0

    def __call__(self, word: str, ctx: _Context) -> _Verdict | None:
        key = (word, ctx)
        if key in self._verdicts:
            return self._verdicts[key]
        if self._misspelled < _FULL_JUDGEMENTS:
            verdict = _judge(word, ctx, self._d, self._lex)
        elif _known(fold(word), self._lex) or ctx.in_phrase:
            verdict = None
        else:
            verdict = (
                "low",
                None,
                f"not in the dictionary (over {_FULL_JUDGEMENTS:,} unknown words: not judged further)",
            )
        self._misspelled += verdict is not None
        self._verdicts[key] = verdict
        return verdict


class _Covering:
    """Whether any of a list of spans covers a span, by binary search (the spans may
    overlap): for every span start, the furthest end reached by a span starting there or
    before."""

    __slots__ = ("_reach", "_starts")

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        ordered = sorted(spans)
        self._starts = [s for s, _ in ordered]
        self._reach = list(accumulate((e for _, e in ordered), max))

    def covers(self, start: int, end: int) -> bool:
        i = bisect_right(self._starts, start)
        return i > 0 and self._reach[i - 1] >= end


def _doubled(first: re.Match[str], second: re.Match[str], text: str) -> bool:
    """The same word twice in a row, with only spaces between them in the original text
    (not code masked away), and not quoted as an example ("the the"). A capitalised word
    twice is a name ("Mau Mau", "Bora Bora", "Pago Pago"), never a doubled word."""
    a, b = first.group(), second.group()
    if a != b or a.lower() in _DOUBLE_OK or (len(a) < 2 and a not in ("a",)) or a[0].isupper():
        return False
    between = text[first.end() : second.start()]
    if between.strip() != "" or "\n" in between:
        return False
    quoted = (
        text[first.start() - 1 : first.start()] in _QUOTES
        and text[second.end() : second.end() + 1] in _QUOTES
    )
    return not quoted
