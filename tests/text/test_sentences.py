"""The one sentence splitter: ``QUICK`` cuts as the frames judge's own splitter cut
(moved here; its sentences on real-looking pages are pinned below; since then it keeps
initials, titles before a name and abbreviations before a lowercase word),
``CAREFUL`` keeps abbreviations whole, and offsets shift."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.text.sentences import Splitting, sentence_spans

PAGES = [
    "Home > News | Sign in | Newsletters\nOn this day: The tower was completed in 1889.",
    "Reply Tom says: It opened in 1990. Dr. Smith disagreed! Did he? Yes.",
    "July 9, 2021 at 12:20 am Harwick started the company. 9 March 2020 Rates rose.",
    "# Heading\n- item one is here\n- item two • item three\n\n| a | b |\n",
    "Marie Curie (born 7 November 1867) was a physicist. She won two Nobel Prizes.",
    "“It is done.” He left… Then (as planned) they met. U.S. troops arrived. e.g. this",
]

_PAGE_TEXT = st.text(alphabet="aAbT Dr.:!?|•»\n-#19\t“”’)", max_size=80)


QUICK_SENTENCES = [
    ["Home > News", "Sign in", "Newsletters", "On this day:", "The tower was completed in 1889."],
    ["Reply Tom says:", "It opened in 1990.", "Dr. Smith disagreed!", "Did he?", "Yes."],
    ["July 9, 2021 at 12:20 am", "Harwick started the company.", "9 March 2020", "Rates rose."],
    ["Heading", "item one is here", "item two", "item three"],
    ["Marie Curie (born 7 November 1867) was a physicist.", "She won two Nobel Prizes."],
    [
        "“It is done.”",
        "He left… Then (as planned) they met.",
        "U.S. troops arrived.",
        "e.g. this",
    ],
]


@pytest.mark.parametrize(("page", "expected"), list(zip(PAGES, QUICK_SENTENCES, strict=True)))
def test_quick_cuts_as_the_frames_judge_did(page: str, expected: list[str]) -> None:
    assert [page[s:e] for s, e in sentence_spans(page, how=Splitting.QUICK)] == expected


@settings(max_examples=300, deadline=None)
@given(_PAGE_TEXT, st.sampled_from(list(Splitting)))
def test_spans_are_ordered_and_inside_the_text(text: str, how: Splitting) -> None:
    spans = sentence_spans(text, how=how)
    assert all(0 <= s < e <= len(text) for s, e in spans)
    assert all(e1 <= s2 for (_s1, e1), (s2, _e2) in pairwise(spans))


@settings(max_examples=200, deadline=None)
@given(_PAGE_TEXT, st.integers(0, 50), st.sampled_from(list(Splitting)))
def test_offset_shifts_every_span(text: str, offset: int, how: Splitting) -> None:
    assert sentence_spans(text, offset, how) == [
        (s + offset, e + offset) for s, e in sentence_spans(text, how=how)
    ]


def test_both_keep_abbreviations_inside_a_sentence_and_quick_cuts_lines() -> None:
    """A title before a name and an abbreviation before a lowercase word end no sentence
    at either strength; only ``QUICK`` cuts at a line break and a separator."""
    text = "Dr. Smith founded Acme Inc. in 1990. It grew, etc. and sold | Home\nMore"
    careful = [text[s:e] for s, e in sentence_spans(text)]
    quick = [text[s:e] for s, e in sentence_spans(text, how=Splitting.QUICK)]
    assert careful == [
        "Dr. Smith founded Acme Inc. in 1990.",
        "It grew, etc. and sold | Home\nMore",
    ]
    assert quick == [
        "Dr. Smith founded Acme Inc. in 1990.",
        "It grew, etc. and sold",
        "Home",
        "More",
    ]


def test_quick_keeps_circa_before_a_year() -> None:
    """ "(c. 1626 - 1679)": circa before a year ends no sentence; a period after a word
    before a year still does."""
    text = "Jan Steen (c. 1626 – 1679) was built ca. 1200 here. It fell in Monaco. 1990 came."
    quick = [text[s:e] for s, e in sentence_spans(text, how=Splitting.QUICK)]
    assert quick == [
        "Jan Steen (c. 1626 – 1679) was built ca. 1200 here.",
        "It fell in Monaco.",
        "1990 came.",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "Tomas K. Varga", "J. R. Okafor": an initial ends no sentence; a roman numeral
        # after a name ("World War I.") and a letter after a lowercase word still do
        (
            "Her uncle, Tomas K. Varga, was mayor. J. R. Okafor wrote it. "
            "It ended with World War I. Then came peace in group A. The end.",
            [
                "Her uncle, Tomas K. Varga, was mayor.",
                "J. R. Okafor wrote it.",
                "It ended with World War I.",
                "Then came peace in group A.",
                "The end.",
            ],
        ),
        # "composed by Mrs. Zhang Hui Zhen": a title before a name ends no sentence (the
        # doer stays in the sentence of its act); a title before any capitalised word is
        # read so ("Main St. It was": one sentence too long, the cost); a word that only
        # looks like one ("Oslo.") still ends it
        (
            "The anthem was composed by Mrs. Zhang Hui Zhen in 1923. Dr. Okafor saw Mt. Fuji. "
            "It is on Main St. It was sung in Oslo. The end.",
            [
                "The anthem was composed by Mrs. Zhang Hui Zhen in 1923.",
                "Dr. Okafor saw Mt. Fuji.",
                "It is on Main St. It was sung in Oslo.",
                "The end.",
            ],
        ),
        # "The tallest U.S. president": "U.S." before a lowercase word is inside the
        # sentence (the subject stays with its verb); at a sentence's end it still ends it
        (
            "The tallest U.S. president was Abraham Lincoln. He lived in the U.S. The end.",
            ["The tallest U.S. president was Abraham Lincoln.", "He lived in the U.S.", "The end."],
        ),
    ],
)
def test_quick_keeps_initials_titles_and_abbreviations_inside(
    text: str, expected: list[str]
) -> None:
    assert [text[s:e] for s, e in sentence_spans(text, how=Splitting.QUICK)] == expected
