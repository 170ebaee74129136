"""Spelling (and a precise sliver of grammar) with offsets, split by confidence.

The dictionary is symspellpy's English frequency list (82,765 words, shipped inside the
package; nothing is downloaded). Only prose words are checked: code blocks, inline code,
URLs, e-mail addresses, numbers, identifiers (digits, ``_``, inner capitals, dots),
acronyms and capitalised words (names) are skipped, as are words the prompt uses.

An unknown word is a **high-confidence** error only when it looks like a slip on a common
word: one edit (Damerau-Levenshtein, so a swap counts as one) from one of the
``common_words`` (30,000) most frequent words, the edit not touching the first letter
(typos rarely do; jargon such as "async" and "json" differs from "sync" and "son" exactly
there), the word at least 3 letters, ASCII, not capitalised inside a sentence, not a known
technical term or unit, and used in one sentence only, fewer than three times (a word
used in two different sentences is deliberate: jargon or a name; a typo inside a
paragraph the response repeats is still a typo). High-confidence hits apply the rubric's
cap; every other unknown lowercase word is **low confidence** and goes to "needs
review" only. Measured in ``bench/style.py``.

Grammar: a doubled word ("the the") is a high-confidence error, except pairs that are
grammatical ("had had", "that that"). Nothing else about grammar is checked automatically.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache

from ..text import blocks, segments
from ..words import frequency_list

__all__ = ["Misspelling", "check_spelling", "dictionary"]

# not text.WORD on purpose: letters only (no digits, no _), apostrophes and hyphens join them
_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['’-](?=[^\W\d_]))*")
_SKIP_SPANS = re.compile(
    r"`[^`\n]+`"  # inline code
    r"|\bhttps?://\S+|\bwww\.\S+"  # URLs
    r"|\b[\w.+-]+@[\w-]+\.[\w.-]+"  # e-mail
    r"|\b\w+(?:[./\\:]\w+)+\b"  # paths, dotted names, module.attr
    r"|\w*_\w*"  # identifiers with underscores, __dunder__
    r"|[%*$@#]+\(?\w+\)?\w*"  # **kwargs, %(name)s, $VAR, @decorator, #tag
    r"|<[^>\n]+>"  # HTML tags
    r"|\]\([^)\s]*\)",  # markdown link targets
)
_PREFIXES = frozenset(
    "pre re non co multi sub un anti semi post self inter over under e de mis bi tri".split()
)
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
    words: dict[str, int]
    common: frozenset[str]
    top: frozenset[str]  # the 2,000 most frequent: a capitalised slip must be one of these
    speller: object


@cache
def dictionary(common_words: int = 30000) -> _Dictionary:
    """The shipped frequency dictionary, loaded once per process (about 1 s)."""
    from symspellpy import SymSpell

    speller = SymSpell(max_dictionary_edit_distance=1, prefix_length=7)
    speller.load_dictionary(str(frequency_list()), term_index=0, count_index=1)
    ranked = sorted(speller.words.items(), key=lambda kv: -kv[1])
    return _Dictionary(
        dict(speller.words),
        frozenset(w for w, _ in ranked[:common_words]),
        frozenset(w for w, _ in ranked[:2000]),
        speller,
    )


def _prose_spans(response: str) -> list[tuple[int, int]]:
    """Spans of the response that are prose (code blocks left out)."""
    return [(b.start, b.end) for b in blocks(response) if b.kind != "code"]


def _fold(word: str) -> str:
    """Accents off: "naïve" -> "naive" (the dictionary is unaccented)."""
    return unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode()


def _known(word: str, d: _Dictionary) -> bool:
    lower = _fold(word.lower().replace("’", "'"))
    if lower in d.words or lower in _TECH:
        return True
    for suffix in ("'s", "'", "n't", "'re", "'ve", "'ll", "'d", "'m"):
        if lower.endswith(suffix) and lower[: -len(suffix)] in d.words:
            return True
    if "-" in lower:
        return all(
            part in d.words or part in _TECH or part in _PREFIXES or not part
            for part in lower.split("-")
        )
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


def check_spelling(
    response: str, prompt: str = "", *, common_words: int = 30000
) -> list[Misspelling]:
    """Every unknown word and doubled word of the response's prose, in order."""
    from symspellpy import Verbosity

    d = dictionary(common_words)
    prompt_words = {w.lower() for w in _WORD.findall(prompt)}
    # A word used in two different sentences, or three times, is deliberate (jargon, a
    # name); a typo in a paragraph the response repeats is still a typo.
    total: dict[str, int] = {}
    for w in _WORD.findall(response):
        total[w.lower()] = total.get(w.lower(), 0) + 1
    counts: dict[str, int] = {}
    for sentence in {" ".join(seg.text.split()) for seg in segments(response)}:
        for w in {w.lower() for w in _WORD.findall(sentence)}:
            counts[w] = counts.get(w, 0) + 1
    for w, n in total.items():
        if n >= 3:
            counts[w] = max(counts.get(w, 0), 2)
    found: list[Misspelling] = []
    for start, end in _prose_spans(response):
        text = response[start:end]
        masked = _SKIP_SPANS.sub(lambda m: " " * len(m.group()), text)
        words = list(_WORD.finditer(masked))
        previous: re.Match[str] | None = None
        for m in words:
            word = m.group().strip("'’-")
            w_start = start + m.start() + m.group().index(word[0]) if word else 0
            if previous is not None and _doubled(previous, m, text):
                found.append(
                    Misspelling(
                        start + previous.start(),
                        start + m.end(),
                        response[start + previous.start() : start + m.end()],
                        "grammar",
                        "high",
                        previous.group(),
                        f"doubled word {m.group().lower()!r}",
                    )
                )
            previous = m
            if not word or any(c.isdigit() for c in word):
                continue
            before = masked[max(0, m.start() - 2) : m.start()]
            if m.start() == 0:
                before = ""
            if _skip(word, before) or _known(word, d) or word.lower() in prompt_words:
                continue
            lower = re.sub(r"['’]s?$", "", word.lower())
            hits = d.speller.lookup(lower, Verbosity.CLOSEST, max_edit_distance=1)  # type: ignore[attr-defined]
            # the most frequent word one edit away that keeps the first letter, else any
            kept = [h for h in hits if _first_letter_kept(lower, h.term)]
            best = max(kept or hits, key=lambda h: h.count, default=None)
            suggestion = best.term if best is not None else None
            high = (
                suggestion is not None
                and suggestion in d.common
                and len(lower) >= 3
                and lower.isascii()
                and counts.get(m.group().lower(), 0) <= _MAX_USES
                and _first_letter_kept(lower, suggestion)
                and (not word[0].isupper() or suggestion in d.top)
            )
            if not high and word[0].isupper():
                continue  # a capitalised word opening a sentence: most likely a name
            if high:
                reason = f"not a word; one letter from the common word {suggestion!r}"
            elif suggestion:
                reason = f"not in the dictionary (did you mean {suggestion!r}?)"
            else:
                reason = "not in the dictionary"
            found.append(
                Misspelling(
                    w_start,
                    w_start + len(word),
                    response[w_start : w_start + len(word)],
                    "spelling",
                    "high" if high else "low",
                    suggestion,
                    reason,
                )
            )
    return found


def _doubled(first: re.Match[str], second: re.Match[str], text: str) -> bool:
    """The same word twice in a row, with only spaces between them in the original text
    (not code masked away), and not quoted as an example ("the the")."""
    a, b = first.group(), second.group()
    if a != b or a.lower() in _DOUBLE_OK or (len(a) < 2 and a not in ("a",)):
        return False
    between = text[first.end() : second.start()]
    if between.strip() != "" or "\n" in between:
        return False
    quoted = (
        text[first.start() - 1 : first.start()] in _QUOTES
        and text[second.end() : second.end() + 1] in _QUOTES
    )
    return not quoted
