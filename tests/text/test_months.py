"""The month patterns built from the one table match what each old copy matched (kept
here as oracles): the same spans and groups over generated and real text."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.text.months import MONTHS, month_pattern

# --- the old copies, as they were ---------------------------------------------------------
OLD_SLOTS = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?"
)
OLD_SLOTS_HAS_MONTH = r"jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
OLD_JUDGE_MONTHS = (
    r"january|february|march|april|may|june|july|august|september|october|november|december"
)
OLD_JUDGE_MONTH_WORD = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
OLD_CLAIMS = (
    r"\b(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December)\b"
)

SLOTS = month_pattern("names and abbreviations", capitalised=True) + r"\.?"
WORD = month_pattern("starts") + r"[a-z]*\.?"
PAIRS = [  # (old, new), each as its call site uses it
    (
        rf"\b(\d{{1,2}})\s+({OLD_SLOTS}),?\s+(\d{{4}})\b",
        rf"\b(\d{{1,2}})\s+({SLOTS}),?\s+(\d{{4}})\b",
    ),
    (rf"\b({OLD_SLOTS})\s+(\d{{1,2}})\b(?!,?\s*\d)", rf"\b({SLOTS})\s+(\d{{1,2}})\b(?!,?\s*\d)"),
    (OLD_SLOTS_HAS_MONTH, month_pattern("starts")),
    (OLD_JUDGE_MONTHS, month_pattern("names")),
    (
        rf"\b(?:in|by)\s+(?:{OLD_JUDGE_MONTH_WORD}\s+)?(\d{{4}})\b",
        rf"\b(?:in|by)\s+(?:{WORD}\s+)?(\d{{4}})\b",
    ),
    (OLD_CLAIMS, rf"\b{month_pattern('names', capitalised=True)}\b"),
]

TEXTS = [
    "Born 7 Nov. 1867 in Warsaw; died 4 July 1934.",
    "In Sept 2015 and in Sep. 2016, then May 3 and March 4, 2001. by september 1999",
    "Opened in jan 2000, closed by Decembers 2001; the march of time. Mayhem in June.",
]
ALPHABET = [*"JjSsMmDdeptamyunNrbco. 0123456789,", "Sept", "May", "June", " 12", " 2001"]


def matches(pattern: str, text: str, flags: int) -> list[tuple[tuple[int, int], tuple]]:
    return [(m.span(), m.groups()) for m in re.finditer(pattern, text, flags)]


def test_table_is_the_old_one() -> None:
    assert MONTHS["sept"] == MONTHS["sep"] == MONTHS["september"] == 9
    old_slots_table = {
        m: i
        for i, names in enumerate(
            (
                *(("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr")),
                *(("may",), ("june", "jun"), ("july", "jul"), ("august", "aug")),
                *(("september", "sep", "sept"), ("october", "oct"), ("november", "nov")),
                ("december", "dec"),
            ),
            start=1,
        )
        for m in names
    }
    assert old_slots_table == MONTHS


def test_each_pattern_matches_what_its_old_copy_matched_on_text() -> None:
    for text in TEXTS:
        for old, new in PAIRS:
            for flags in (0, re.I):
                assert matches(new, text, flags) == matches(old, text, flags)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(ALPHABET), max_size=30).map("".join))
def test_each_pattern_matches_what_its_old_copy_matched(text: str) -> None:
    for old, new in PAIRS:
        for flags in (0, re.I):
            assert matches(new, text, flags) == matches(old, text, flags)
