"""Is it an English word, as English is written? The lexicon of the spelling check, kept
apart from its suggestion list.

Two sources, both installed with the package and read offline:

- **curated**: symspellpy's frequency list (82,765 words: Google Books counts of the words
  SCOWL, the spell-checker word lists, accepts; British and American forms);
- **attested**: wordfreq's large English list (about 321,000 words with their frequency
  across subtitles, Wikipedia, books, news, web and social text written in every variety
  of English: "kilometers" and "kilometres", "math" and "maths", "forecasted", "chatbots").

A curated word is a word. An attested one is a word unless it reads as a slip on a much
more frequent word (the spelling check decides that, from :meth:`Lexicon.zipf`): web text
attests common misspellings too ("recieve" is used about once in a million words,
"receive" a hundred times as often).

Beside the lists: the spellings of the varieties of English, derived by rule (British,
Canadian and Australian "colour", "centre", "organise", "analyse", "travelled",
"paediatric", "defence", "catalogue", "judgement", "programme" are read as their American
forms, so a rarer inflection of one is known when the other is), regular inflections of a
known word (:func:`inflection_stems`), name particles ("von", "van", "de", "bin") and
common loanword phrases ("al dente", "per se", "à la carte").

Reading wordfreq's list takes about half a second, so the packed lexicon is kept in the
user cache beside the spelling index (keyed by wordfreq's version and the symspellpy
list's digest) and later processes load it in milliseconds.
"""

from __future__ import annotations

import hashlib
import math
import re
import sys
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.metadata import version
from pathlib import Path

from verifier.text.spans import STOPWORDS
from verifier.text.words import SortedKeys, cache_dir, frequency_list, read_cache, write_cache

__all__ = [
    "PARTICLES",
    "Lexicon",
    "build_lexicon",
    "fold",
    "inflection_stems",
    "lexicon",
    "load_lexicon",
    "overregularized",
    "phrases_with",
    "variants",
]

_CURATED = 0x80  # the code's high bit: the word is on the curated list
_NOT_A_WORD = re.compile(r"\d|^[^a-z]*$")  # a digit, or no letter at all
_FORMAT = 2


def fold(word: str) -> str:
    """Lower case, accents off, typographic apostrophes plain: "Naïve" -> "naive"."""
    plain = unicodedata.normalize("NFKD", word.lower().replace("’", "'"))
    return plain.encode("ascii", "ignore").decode()


@dataclass(frozen=True, slots=True)
class Lexicon:
    """Every listed word (folded) with its frequency and whether it is curated."""

    keys: SortedKeys
    codes: bytes  # per key: round(zipf * 10) in the low 7 bits, _CURATED in the high bit

    def _code(self, word: str) -> int:
        i = self.keys.find(word)
        return self.codes[i] if i >= 0 else 0

    def zipf(self, word: str) -> float:
        """How often English uses the (folded) word on the Zipf scale: log10 of its uses
        per billion words (3 is once per million, "the" is 7.7); 0 when it is unlisted."""
        return (self._code(word) & 0x7F) / 10

    def curated(self, word: str) -> bool:
        return bool(self._code(word) & _CURATED)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.keys.find(word) >= 0

    def __len__(self) -> int:
        return len(self.keys)


def build_lexicon(
    curated: Mapping[str, int], attested: Mapping[str, float]
) -> tuple[bytes, bytes, bytes]:
    """The packed lexicon (keys, offsets, codes) of ``curated`` words (with their corpus
    counts, for the frequency of a word the attested list lacks) and ``attested`` words
    (with their Zipf frequency)."""
    total = sum(curated.values()) or 1
    # Zipf in tenths (1-127); wordfreq's words are lower case already, most of them ASCII
    codes = {
        w: min(127, int(z * 10 + 0.5))
        for w, z in attested.items()
        if w.isascii() and w.islower() and not _NOT_A_WORD.search(w)
    }
    for word, z in attested.items():
        if not (word.isascii() and word.islower()):
            folded = fold(word)
            if folded and not _NOT_A_WORD.search(folded):
                codes[folded] = max(codes.get(folded, 0), min(127, max(1, round(z * 10))))
    for word, count in curated.items():
        folded = fold(word)
        if folded:
            z = codes.get(folded) or min(127, max(1, round((math.log10(count / total) + 9) * 10)))
            codes[folded] = (z & 0x7F) | _CURATED
    keys = sorted(codes)  # code point order is UTF-8 byte order
    return (*SortedKeys.pack(k.encode() for k in keys), bytes(codes[k] for k in keys))


def _curated_counts(source: Path) -> dict[str, int]:
    counts: dict[str, int] = {}
    for line in source.read_text(encoding="utf-8").splitlines():
        word, _, count = line.partition(" ")
        if word and count.isdigit():
            counts[word] = int(count)
    return counts


def _attested() -> dict[str, float]:
    """wordfreq's large English list as Zipf frequencies (imported only to build)."""
    from wordfreq import get_frequency_dict

    return {w: math.log10(f) + 9 for w, f in get_frequency_dict("en", "large").items() if f > 0}


def _cache_key(source: Path) -> str:
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    return (
        f"lexicon/{_FORMAT} wordfreq={version('wordfreq')} list={digest} "
        f"{sys.byteorder} I={memoryview(b'0000').cast('I').itemsize}"
    )


@cache
def lexicon() -> Lexicon:
    """The lexicon, loaded once per process: from the user cache in milliseconds, else
    built (about a second) and cached for the next process."""
    source = frequency_list()
    key = _cache_key(source)
    folder = cache_dir()
    name = f"lexicon-{hashlib.sha256(key.encode()).hexdigest()[:16]}.bin"
    return load_lexicon(source, folder / name if folder else None, key)


def load_lexicon(source: Path, cache_file: Path | None, key: str) -> Lexicon:
    """The lexicon of the curated list ``source`` and wordfreq's list: read from
    ``cache_file`` when it holds one under ``key``, else built and written there
    (atomically; when it cannot be written the built one is used all the same)."""
    if cache_file is not None:
        value = read_cache(cache_file, key)
        if isinstance(value, tuple) and len(value) == 3:
            try:
                return Lexicon(SortedKeys(value[0], value[1]), value[2])
            except (TypeError, ValueError):
                pass  # damaged in a way the checksum missed: build it again
    packed = build_lexicon(_curated_counts(source), _attested())
    if cache_file is not None:
        write_cache(cache_file, key, packed)
    return Lexicon(SortedKeys(packed[0], packed[1]), packed[2])


# Spellings of British, Canadian and Australian English and their American forms: each
# rule rewrites one place of a word; a word is read as its variety's form when a rewrite
# (or two: "manoeuvre" -> "maneuvre" -> "maneuver") is a known word. The rules marked
# sure rewrite what a typo hardly makes ("organise", "colour"); the others ("centre",
# "travelled", "foetus") also fit slips ("undre", "moels"), so the spelling check trusts
# them only for a word written somewhere or a rewrite on the curated list.
_VARIETY_RULES: tuple[tuple[re.Pattern[str], str, bool], ...] = tuple(
    (re.compile(pattern), replacement, sure)
    for pattern, replacement, sure in (
        (r"(?<=[a-z]{2})our", "or", True),  # colour, behaviour, favourite, honourable
        (r"(?<=[a-z]{2})re(s?)$", r"er\1", False),  # centre, fibres, theatre
        (r"(?<=[a-z]{2}[tbghv])er(s?)$", r"re\1", False),  # and back: ocher, miter
        (r"(?<=[a-z]{2})red$", "ered", False),  # centred, sabred
        (r"is(e|ed|es|ing|er|ers|able|ations?|ational)$", r"iz\1", True),  # organise(d)
        (r"isation", "ization", True),  # organisational
        (r"ys(e|ed|es|ing|er|ers)$", r"yz\1", True),  # analyse, paralysed
        (r"ll(ed|ing|er|ers|or|ors|ation|ations)$", r"l\1", False),  # travelled, counsellor
        (r"(?<=[a-z])l(ments?|ful|fully|fulness)$", r"ll\1", False),  # fulfilment, skilful
        (r"ae", "e", False),  # paediatric, anaemia, mediaeval
        (r"oe(?=[stuale])", "e", False),  # foetus, oestrogen, diarrhoea, manoeuvre
        (r"(?<=[fcnt])ence", "ense", False),  # defence, licence, offence, pretence
        (r"ogue(s?)$", r"og\1", True),  # catalogue, analogue
        (r"dgement", "dgment", True),  # judgement, acknowledgement
        (r"(?<=[a-z]{3})mme(s?)$", r"m\1", False),  # programme, kilogramme
        (r"(?<=[a-z]{2})eable$", "able", False),  # likeable, sizeable
        (r"sulph", "sulf", True),  # sulphur, sulphate
        (r"(?<=ear|.ea|.ur)nt$", "ned", False),  # learnt, leant, burnt
        (r"eamt$", "eamed", False),  # dreamt
        (r"(?<=[a-z]{2})elt$", "elled", False),  # spelt, smelt, dwelt
    )
)


# Spellings that differ beyond the rules, American and British (or Commonwealth): each
# side is read as the other, with a regular ending after it ("plowing", "moulded").
_IRREGULAR = tuple(
    tuple(pair.split("/"))
    for pair in """
    plow/plough mold/mould molt/moult smolder/smoulder gray/grey draft/draught check/cheque
    curb/kerb tire/tyre story/storey pajamas/pyjamas aluminum/aluminium skeptic/sceptic
    jewelry/jewellery mustache/moustache donut/doughnut program/programme ax/axe cozy/cosy
    whiskey/whisky yogurt/yoghurt mom/mum artifact/artefact specialty/speciality
    airplane/aeroplane aging/ageing licorice/liquorice maneuver/manoeuvre catalog/catalogue
    gage/gauge naught/nought tidbit/titbit whiz/whizz ruble/rouble omelet/omelette disk/disc
    ton/tonne pudgy/podgy cozies/cosies inquiry/enquiry inquire/enquire
    """.split()
)
_ENDING = re.compile(r"(?:s|es|ed|d|ing|er|ers|ly|'s)?")
# each spelling of a pair with the other, by its first two letters (all are longer)
_IRREGULAR_BY_START: dict[str, tuple[tuple[str, str], ...]] = {}
for _pair in _IRREGULAR:
    for _this, _other in (_pair, _pair[::-1]):
        _IRREGULAR_BY_START[_this[:2]] = (*_IRREGULAR_BY_START.get(_this[:2], ()), (_this, _other))


def variants(word: str, *, sure: bool = False) -> list[str]:
    """The other spellings of a (folded) word by the varieties' rules, one or two
    rewrites away, nearest first: "colours" -> ["colors"], "manoeuvre" -> [...,
    "maneuver"], "plowing" -> ["ploughing"]. ``sure``: only by the rules a typo hardly
    fits, and the pairs of different spellings."""
    out: list[str] = []
    for this, other in _IRREGULAR_BY_START.get(word[:2], ()):
        if word.startswith(this) and _ENDING.fullmatch(word, len(this)):
            out.append(other + word[len(this) :])
    frontier = [word]
    for _ in range(2):
        found = []
        for w in frontier:
            for pattern, replacement, is_sure in _VARIETY_RULES:
                if sure and not is_sure:
                    continue
                for m in pattern.finditer(w):
                    v = w[: m.start()] + m.expand(replacement) + w[m.end() :]
                    if v != word and v not in out:
                        out.append(v)
                        found.append(v)
        frontier = found
    return out


# Regular inflections, each as (ending, what the stem ends with instead of it).
_INFLECTIONS = (
    ("ies", "y"),
    ("ied", "y"),
    ("ier", "y"),
    ("iest", "y"),
    ("ily", "y"),
    ("ing", ""),
    ("ing", "e"),
    ("est", ""),
    ("est", "e"),
    ("ers", ""),
    ("ers", "e"),
    ("es", ""),
    ("ed", ""),
    ("ed", "e"),
    ("er", ""),
    ("er", "e"),
    ("ly", ""),
    ("ly", "le"),
    ("s", ""),
    ("'s", ""),
)
_VOWELS = frozenset("aeiou")


def _one_syllable_cvc(stem: str) -> bool:
    """ "run", "stop", "plan": one vowel, then one consonant (not w, x or y) at the end,
    which doubles before -ed, -ing, -er and -est."""
    groups = re.findall(r"[aeiouy]+", stem)
    return (
        len(groups) == 1
        and len(stem) >= 3
        and stem[-1] not in _VOWELS | {"w", "x", "y"}
        and stem[-2] in _VOWELS
        and stem[-3] not in _VOWELS
    )


def _spelled_right(stem: str, ending: str, instead: str) -> bool:
    """Whether stem + ending is how English spells that inflection."""
    sibilant = stem.endswith(("s", "x", "z", "ch", "sh"))
    consonant_y = stem.endswith("y") and stem[-2:-1] not in _VOWELS
    if ending == "s":
        return not sibilant and not consonant_y
    if ending == "es":
        return sibilant or stem.endswith("o")
    if instead == "y":
        return consonant_y
    if instead == "e" or instead == "le":
        return stem.endswith(instead)
    if ending in ("ed", "ing", "er", "ers", "est"):
        # "used" is "use" + "d", "running" is "run" + "n" + "ing": not "usedd", "runing"
        return not stem.endswith("e") and not consonant_y and not _one_syllable_cvc(stem)
    return True


def inflection_stems(word: str) -> list[tuple[str, str]]:
    """(stem, ending) for every regular inflection the (folded) word is, spelled by the
    rules (a final "e" dropped, "y" to "ie", a short word's last consonant doubled), of
    a stem of four letters or more: "aircrafts" -> [("aircraft", "s")], "studied" ->
    [("study", "ied"), ...]; "runing" is no inflection of "run"."""
    out = []
    for ending, instead in _INFLECTIONS:
        if not word.endswith(ending):
            continue
        base = word[: len(word) - len(ending)]
        candidates = [(base + instead, False)]
        if not instead and len(base) >= 2 and base[-1] == base[-2] and base[-1] not in _VOWELS:
            candidates.append((base[:-1], True))  # "running" -> "run"
        for stem, doubled in candidates:
            if len(stem) < 4 and not doubled:
                continue
            if doubled:
                ok = ending in ("ed", "ing", "er", "ers", "est") and _one_syllable_cvc(stem)
            else:
                ok = _spelled_right(stem, ending, instead)
            if ok and ending in ("ed", "ied") and overregularized(stem + "ed"):
                ok = False  # "tooked", "becomed": no regular past of an irregular verb
            if ok and stem in STOPWORDS:
                ok = False  # "becaused", "betweens": function words take no ending
            if ok and (stem, ending) not in out:
                out.append((stem, ending))
    return out


# Irregular verbs (base:past). A regular past ending on either form is no English word
# ("taked", "tooked", "becomed", "haved", "spreaded": the regular past people make of an
# irregular verb); where such a form is a word of its own ("founded", "bored", "felled",
# "ringed") the lexicon knows it and it is never judged.
_IRREGULAR_PAST = dict(
    pair.split(":")
    for pair in """
    arise:arose awake:awoke bear:bore beat:beat become:became begin:began bend:bent bet:bet
    bind:bound bite:bit bleed:bled blow:blew break:broke breed:bred bring:brought build:built
    buy:bought catch:caught choose:chose cling:clung come:came creep:crept cut:cut deal:dealt
    dig:dug do:did draw:drew drink:drank drive:drove eat:ate fall:fell feed:fed feel:felt
    fight:fought find:found flee:fled fling:flung fly:flew forbid:forbade forget:forgot
    forgive:forgave freeze:froze get:got give:gave go:went grind:ground grow:grew have:had
    hear:heard hide:hid hit:hit hold:held hurt:hurt keep:kept know:knew lay:laid lead:led
    leave:left lend:lent let:let lose:lost make:made mean:meant meet:met pay:paid put:put
    read:read ride:rode ring:rang rise:rose run:ran say:said see:saw seek:sought sell:sold
    send:sent set:set shake:shook shoot:shot shrink:shrank shut:shut sing:sang sink:sank
    sit:sat sleep:slept slide:slid speak:spoke spend:spent spin:spun split:split
    spread:spread spring:sprang stand:stood steal:stole stick:stuck sting:stung stink:stank
    strike:struck swear:swore sweep:swept swim:swam swing:swung take:took teach:taught
    tear:tore tell:told think:thought throw:threw understand:understood wear:wore weep:wept
    win:won wind:wound write:wrote withdraw:withdrew undergo:underwent overcome:overcame
    """.split()
)
_PAST_OF = {**_IRREGULAR_PAST, **{past: past for past in _IRREGULAR_PAST.values()}}


def overregularized(word: str) -> tuple[str, str] | None:
    """(form, its past) when the (folded) word is an irregular verb or its past with a
    regular past ending: "tooked" -> ("took", "took"), "becomed" -> ("become",
    "became"), "hitted" -> ("hit", "hit"); else None. Whether it is a word all the same
    ("founded") is the lexicon's to say."""
    if not word.endswith("ed"):
        return None
    for stem in (word[:-2], word[:-1], word[:-3] if word[-3:-2] == word[-4:-3] else ""):
        if stem in _PAST_OF and (stem != word[:-1] or stem.endswith("e")):
            return stem, _PAST_OF[stem]
    return None


# Particles of names: "von Neumann", "van Gogh", "de Gaulle", "bin Salman", "al Qaeda".
# Before a capitalised word they are part of the name.
PARTICLES = frozenset(
    """
    von van der den de del della degli dei di da das dos du des la le al el bin ibn bint
    ben abu ter ten zu af av ap mac st
    """.split()
)

# Loanword phrases English writes in the original words, folded; a word of one is known
# where the whole phrase stands ("al dente", not a lone "dente").
_PHRASES: tuple[tuple[str, ...], ...] = tuple(
    tuple(p.split())
    for p in """
    al dente|al fresco|a cappella|a capella|per se|per capita|per annum|per diem|vice versa
    |a la carte|a la mode|a la|de facto|de jure|ad hoc|ad infinitum|ad nauseam|ad hominem
    |a priori|a posteriori|bona fide|bona fides|status quo|et al|et cetera|inter alia
    |ipso facto|mea culpa|modus operandi|quid pro quo|sine qua non|in situ|in vitro|in vivo
    |in silico|pro bono|pro rata|post mortem|alma mater|magnum opus|non sequitur
    |persona non grata|terra incognita|terra nullius|habeas corpus|caveat emptor
    |prima facie|mutatis mutandis|sui generis|cum laude|magna cum laude|summa cum laude
    |honoris causa|curriculum vitae|carpe diem|deus ex machina|ex nihilo|ex officio
    |ex post|ex ante|ex parte|in absentia|in memoriam|in toto|lingua franca|memento mori
    |rigor mortis|tabula rasa|vox populi|pax romana|anno domini|circa|vis a vis
    |fait accompli|faux pas|coup d'etat|coup de grace|deja vu|raison d'etre|joie de vivre
    |savoir faire|tete a tete|laissez faire|nouveau riche|avant garde|cul de sac
    |hors d'oeuvre|hors d'oeuvres|creme brulee|creme de la creme|film noir|art nouveau
    |art deco|femme fatale|bon appetit|bon vivant|c'est la vie|esprit de corps
    |noblesse oblige|par excellence|enfant terrible|objet d'art|tour de force
    |trompe l'oeil|double entendre|je ne sais quoi|piece de resistance|pied a terre
    |haute couture|haute cuisine|nom de plume|en route|en masse|en bloc|en suite
    |carte blanche|belle epoque|ancien regime|cause celebre|idee fixe|mise en place
    |mise en scene|sous vide|prix fixe|table d'hote|amuse bouche|maitre d'|eau de
    |dolce vita|la dolce vita|prima donna|bel canto|sotto voce|dolce far niente
    |con carne|chili con carne|patatas bravas|pan con tomate|tapas|hasta la vista
    |feng shui|tai chi|kung fu|dim sum|banh mi|pad thai|tom yum|bibimbap|yin yang
    |wiener schnitzel|schadenfreude|zeitgeist|gesundheit|realpolitik|weltanschauung
    |doppelganger|wunderkind|kindergarten|sturm und drang
    """.replace("\n", " ").split("|")
    if p.strip()
)
_PHRASE_INDEX: dict[str, tuple[tuple[str, ...], ...]] = {}
for _phrase in _PHRASES:
    for _word in set(_phrase):
        _PHRASE_INDEX[_word] = (*_PHRASE_INDEX.get(_word, ()), _phrase)


def phrases_with(word: str) -> Iterable[tuple[str, ...]]:
    """The loanword phrases the (folded) word is part of."""
    return _PHRASE_INDEX.get(word, ())
