"""Text primitives that keep offsets: markdown blocks, segments (their sentences, split by
:mod:`verifier.text.sentences`), words.

Every function here returns spans as Python string indices into the exact text it was
given, so ``text[span.start:span.end] == span.text`` always holds. Nothing is normalised
in place; normalised forms are computed beside the original.

Segmentation is done by hand rather than with a sentence-splitting library: the ones
available either need model downloads (NLTK punkt) or are unmaintained with known offset
bugs (pysbd), and exact offsets are the contract every later step relies on.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from verifier.text.sentences import sentence_spans

__all__ = [
    "DIGIT",
    "STOPWORDS",
    "WORD",
    "WORD_CHARS",
    "YEAR",
    "YEAR_DIGITS",
    "Block",
    "BlockKind",
    "Segment",
    "blocks",
    "content_terms",
    "entities",
    "normalize",
    "segments",
    "strip_markdown",
    "word_range",
    "word_spans",
]

BlockKind = Literal["paragraph", "heading", "list_item", "table_row", "quote", "code"]


@dataclass(frozen=True, slots=True)
class Block:
    """A markdown block: ``text == source[start:end]`` with the marker left out."""

    kind: BlockKind
    start: int
    end: int
    text: str


@dataclass(frozen=True, slots=True)
class Segment:
    """A sentence (or a whole non-prose block) with its exact span in the source."""

    kind: BlockKind
    start: int
    end: int
    text: str


STOPWORDS = frozenset(
    """
    a an the and or but nor so yet for of in on at to from by with without into onto
    about above below over under between among through during before after since until
    while as is are was were be been being am do does did done doing have has had having
    will would shall should can could may might must it its it's this that these those
    there here he she they we you i me him her them us my your his their our which who
    whom whose what when where why how than then also just only very more most much many
    such some any each every all both either neither not no yes if because although
    though whether one ones other another same own well still even ever again further
    once
    """.split()
)


# Shared patterns: import these rather than compiling a copy.
WORD = re.compile(r"\w+(?:['’]\w+)*")  # a word, inner apostrophes kept: "don't", "Curie's"
WORD_CHARS = re.compile(r"\w+")  # a run of word characters: "don't" is "don" and "t"
DIGIT = re.compile(r"\d")


def word_range(text: str, start: int, end: int) -> tuple[int, int]:
    """The indices [first, stop) of the :data:`WORD` words of ``text`` that start inside
    characters [start, end): how the copy check numbers a span's words."""
    starts = [m.start() for m in WORD.finditer(text)]
    return bisect_left(starts, start), bisect_left(starts, end)


YEAR_DIGITS = r"1[0-9]{3}|20[0-9]{2}"  # 1000-2099, to build a stricter year pattern from
YEAR = re.compile(rf"\b(?:{YEAR_DIGITS})s?\b")  # a year or a decade: "1889", "1990s"


def content_terms(text: str) -> list[str]:
    """Lower-cased words that carry content (no stopwords), for matching and ranking."""
    return [w for w in WORD_CHARS.findall(text.casefold()) if w not in STOPWORDS]


_FENCE = re.compile(r"^[ ]{0,3}(`{3,}|~{3,})")
_HEADING = re.compile(r"^[ ]{0,3}#{1,6}(?:[ \t]+|$)")
_LIST = re.compile(r"^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+")
_QUOTE = re.compile(r"^[ ]{0,3}>[ ]?")
_TABLE = re.compile(r"^[ \t]*\|")
_TABLE_RULE = re.compile(r"^[ \t]*\|?[ \t]*:?-{2,}")
_RULE = re.compile(r"^[ ]{0,3}(?:[-*_][ \t]*){3,}$")
_INDENTED = re.compile(r"^(?: {4}|\t)")


def _lines(text: str) -> Iterator[tuple[int, str]]:
    """Lines with their start offsets; the line text excludes its line break."""
    pos = 0
    for raw in text.splitlines(keepends=True):
        yield pos, raw.rstrip("\r\n\u2028\u2029\x85\x0b\x0c\x1c\x1d\x1e")
        pos += len(raw)


def _trimmed(source: str, start: int, end: int) -> tuple[int, int]:
    while start < end and source[start].isspace():
        start += 1
    while end > start and source[end - 1].isspace():
        end -= 1
    return start, end


def blocks(source: str) -> list[Block]:
    """Split markdown-ish text into blocks; code blocks (fenced or indented) are kept whole."""
    reader = _BlockReader(source)
    for pos, line in _lines(source):
        reader.read(pos, line)
    return reader.finish()


class _BlockReader:
    """:func:`blocks` reading a text line by line: the blocks so far, the open prose (or
    indented code) block, and the open code fence."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.out: list[Block] = []
        self.para: tuple[BlockKind, int, int] | None = None  # open block: kind, start, end
        self.fence: str | None = None
        self.code_start = 0
        self.prev_blank = True

    def close(self) -> None:
        """The open block ends (kept when anything is left of it once trimmed)."""
        if self.para is not None:
            kind, start, end = self.para
            start, end = _trimmed(self.source, start, end)
            if end > start:
                self.out.append(Block(kind, start, end, self.source[start:end]))
            self.para = None

    def read(self, pos: int, line: str) -> None:
        """One line, at ``pos``: inside a fence, a fence's start, a blank line, indented
        code, or prose."""
        end = pos + len(line)
        if self.fence is not None:
            self._fenced(self.fence, line, end)
            return
        if m := _FENCE.match(line):
            self.close()
            self.fence, self.code_start = m.group(1), pos
            return
        if not line.strip():
            self.close()
            self.prev_blank = True
            return
        in_code = self.para is not None and self.para[0] == "code"
        if (
            _INDENTED.match(line)
            and not _LIST.match(line)
            and (in_code or (self.prev_blank and self.para is None))
        ):
            # indented code, kept whole
            self.para = ("code", self.para[1] if self.para else pos, end)
            self.prev_blank = False
            return
        if in_code:
            self.close()
        self.prev_blank = False
        self._prose(pos, line, end)

    def _fenced(self, fence: str, line: str, end: int) -> None:
        """A line inside a code fence: the fence closes on its own marker."""
        stripped = line.strip()
        if stripped.startswith(fence) and stripped.strip(fence[0]) == "":
            start, stop = _trimmed(self.source, self.code_start, end)
            self.out.append(Block("code", start, stop, self.source[start:stop]))
            self.fence = None
        self.prev_blank = False

    def _prose(self, pos: int, line: str, end: int) -> None:
        """A line of prose: a rule, a heading, a table row, a quoted line, a list item, or
        a paragraph's line."""
        if _RULE.match(line):
            self.close()
            return
        if m := _HEADING.match(line):
            self.close()
            self.para = ("heading", pos + m.end(), end)
            self.close()
            return
        if _TABLE.match(line):
            self.close()
            if not _TABLE_RULE.match(line) or re.search(r"[A-Za-z0-9]", line):
                self.para = ("table_row", pos, end)
                self.close()
            return
        if m := _QUOTE.match(line):
            self.close()  # one block per quoted line, so no "> " marker sits inside a block
            self.para = ("quote", pos + m.end(), end)
            self.close()
            return
        if m := _LIST.match(line):
            self.close()
            self.para = ("list_item", pos + m.end(), end)
            return
        para = self.para
        self.para = ("paragraph", pos, end) if para is None else (para[0], para[1], end)

    def finish(self) -> list[Block]:
        """The blocks in order, an unclosed fence's code to the end of the text included."""
        if self.fence is not None:
            start, stop = _trimmed(self.source, self.code_start, len(self.source))
            self.out.append(Block("code", start, stop, self.source[start:stop]))
        self.close()
        self.out.sort(key=lambda b: b.start)
        return self.out


def segments(source: str) -> list[Segment]:
    """The response as sentence-level segments with exact spans.

    Prose blocks (paragraphs, list items, block quotes) are split into sentences;
    headings, table rows and code blocks are kept whole, so code and URLs never split.
    """
    out: list[Segment] = []
    for block in blocks(source):
        if block.kind in ("code", "heading", "table_row"):
            out.append(Segment(block.kind, block.start, block.end, block.text))
            continue
        for start, end in sentence_spans(block.text, block.start):
            out.append(Segment(block.kind, start, end, source[start:end]))
    return out


# emphasis and code marks; underscores only between words, never inside one (snake_case,
# __init__, window.__name). What a mark encloses never holds the mark itself (the next one
# closes it or nothing does): a line of thousands of unpaired marks costs its length, not
# its length for every mark.
_MD_INLINE = re.compile(
    r"(\*\*|\*|~~|`)(?=\S)((?:(?!\1).)+?)(?<=\S)\1"
    r"|(?<![\w.])(__|_)(?=\S)((?:(?!\3).)+?)(?<=\S)\3(?!\w)"
)
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\(([^)\s]*)(?:\s+\"[^\"]*\")?\)")


_MD_LEFTOVER = re.compile(r"\*\*|^#{1,6}\s+", re.MULTILINE)


def strip_markdown(text: str) -> str:
    """Readable plain text: links keep their label, emphasis and code marks go (a bold
    mark a sentence split left without its pair too), as do heading marks."""
    text = _MD_LINK.sub(r"\1", text)
    for _ in range(3):
        new = _MD_INLINE.sub(lambda m: m.group(2) if m.group(1) else m.group(4), text)
        if new == text:
            break
        text = new
    return re.sub(r"\s+", " ", _MD_LEFTOVER.sub("", text)).strip()


def normalize(text: str) -> str:
    """NFKC, case-folded, with runs of whitespace collapsed: for comparing, not storing."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text).casefold()).strip()


# Wider than WORD on purpose: dots and hyphens join too ("e.g", "U.S", "well-known", "3.5").
_WORD = re.compile(r"\w+(?:[''’.-]\w+)*", re.UNICODE)


def word_spans(text: str) -> list[tuple[int, int, str]]:
    """Words with their spans: (start, end, word)."""
    return [(m.start(), m.end(), m.group()) for m in _WORD.finditer(text)]


# a capitalised name (with its particles: "of", "de", "von"...) not opening a sentence
_ENTITY = re.compile(
    r"(?<![.!?]\s)(?<!^)\b(?:[A-Z][\w'’-]*[a-z0-9][\w'’-]*|[A-Z]{2,}[0-9]*)"
    r"(?:\s+(?:of|the|de|du|von|van|and|&)?\s*(?:[A-Z][\w'’-]+|[A-Z]{2,}))*"
)


def entities(text: str) -> list[str]:
    """Capitalised names that are not just the first word of the sentence."""
    found: list[str] = []
    for m in _ENTITY.finditer(text):
        name = m.group().strip()
        if name.lower() in STOPWORDS or name in found:
            continue
        found.append(name)
    return found
