from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.text import spans
from verifier.text.sentences import sentence_spans
from verifier.text.spans import (
    blocks,
    entities,
    normalize,
    segments,
    strip_markdown,
    word_spans,
)


def texts(source: str) -> list[str]:
    return [source[s:e] for s, e in sentence_spans(source)]


def test_plain_sentences() -> None:
    assert texts("The tower is tall. It was built in 1889! Was it? Yes.") == [
        "The tower is tall.",
        "It was built in 1889!",
        "Was it?",
        "Yes.",
    ]


def test_abbreviations_decimals_and_initials_do_not_split() -> None:
    source = "Dr. Smith paid $3.50 on Jan. 5 at 10 a.m. and met J. K. Rowling, e.g. at St. Mary's. Then he left."
    assert texts(source) == [
        "Dr. Smith paid $3.50 on Jan. 5 at 10 a.m. and met J. K. Rowling, e.g. at St. Mary's.",
        "Then he left.",
    ]


def test_abbreviation_at_sentence_end_splits_before_a_sentence_starter() -> None:
    assert texts("He moved to the U.S. The move was hard.") == [
        "He moved to the U.S.",
        "The move was hard.",
    ]
    assert texts("She joined the U.S. Army in 1990.") == ["She joined the U.S. Army in 1990."]


def test_urls_emails_and_inline_code_never_split() -> None:
    source = (
        "See https://example.com/a.b?x=1. Mail me at a.b@example.org. Call `os.path. Join` now."
    )
    assert texts(source) == [
        "See https://example.com/a.b?x=1.",
        "Mail me at a.b@example.org.",
        "Call `os.path. Join` now.",
    ]


def test_quotes_after_the_period_stay_with_the_sentence() -> None:
    assert texts('He said "it is done." Then he left.') == [
        'He said "it is done."',
        "Then he left.",
    ]


def test_markdown_blocks() -> None:
    source = (
        "# Title\n\nFirst para. Second sentence.\n\n- item one. More.\n- item two\n\n"
        "```python\nx = 1. \ny = 2\n```\n\n> quoted text.\n> more quote.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    )
    kinds = [(seg.kind, seg.text) for seg in segments(source)]
    assert kinds == [
        ("heading", "Title"),
        ("paragraph", "First para."),
        ("paragraph", "Second sentence."),
        ("list_item", "item one."),
        ("list_item", "More."),
        ("list_item", "item two"),
        ("code", "```python\nx = 1. \ny = 2\n```"),
        ("quote", "quoted text."),
        ("quote", "more quote."),
        ("table_row", "| a | b |"),
        ("table_row", "| 1 | 2 |"),
    ]


def test_unclosed_fence_runs_to_the_end() -> None:
    source = "Intro.\n\n```\ncode. More code.\n"
    assert [b.kind for b in blocks(source)] == ["paragraph", "code"]


def test_crlf_and_emoji_offsets() -> None:
    source = "Caf\u00e9 😀 opened in 1990.\r\nIt closed in 2001. 🎉 Party.\r\n"
    for seg in segments(source):
        assert source[seg.start : seg.end] == seg.text
    assert [seg.text for seg in segments(source)] == [
        "Caf\u00e9 😀 opened in 1990.",
        "It closed in 2001.",
        "🎉 Party.",
    ]


def test_empty_and_whitespace() -> None:
    assert segments("") == []
    assert segments("  \n\n\t ") == []


def test_strip_markdown() -> None:
    assert (
        strip_markdown("**Bold** and [a link](http://x.y) and `code`") == "Bold and a link and code"
    )
    # a sentence split can leave a bold mark without its pair; headings lose their marks
    assert strip_markdown("**Early life.") == "Early life."
    assert strip_markdown("_Emphasis_ and __strong__ words") == "Emphasis and strong words"
    assert strip_markdown("snake_case_name and window.__x = 1; y.__x") == (
        "snake_case_name and window.__x = 1; y.__x"
    )
    assert strip_markdown("## Early life\n**Marie** was born in 2 * 3 places") == (
        "Early life Marie was born in 2 * 3 places"
    )


def test_normalize_and_words() -> None:
    assert normalize("  Ｃafé\tNOIR ") == "café noir"
    assert [w for _, _, w in word_spans("It's 3.5 km—far.")] == ["It's", "3.5", "km", "far"]


alphabet = st.sampled_from(
    [*list("abc ABC.!?\n\r-*#>`|0123 \"'😀é"), "e.g.", "Dr.", "http://x.y/z.", "```"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(alphabet, max_size=80).map("".join))
def test_segments_slice_exactly_and_never_overlap(source: str) -> None:
    previous_end = 0
    for seg in segments(source):
        assert source[seg.start : seg.end] == seg.text
        assert seg.text == seg.text.strip()
        assert seg.text
        assert seg.start >= previous_end
        previous_end = seg.end


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_sentence_spans_cover_all_non_space_text(source: str) -> None:
    covered = "".join(source[s:e] for s, e in sentence_spans(source))
    assert "".join(covered.split()) == "".join(source.split())


def test_indented_code_is_one_block() -> None:
    source = "Intro line.\n\n    x = 1. Y = 2\n    print(x)\nAfter code."
    assert [(b.kind, b.text) for b in blocks(source)] == [
        ("paragraph", "Intro line."),
        ("code", "x = 1. Y = 2\n    print(x)"),
        ("paragraph", "After code."),
    ]


def test_entities_skip_the_first_word() -> None:
    assert entities("The tower was designed by Gustave Eiffel in Paris.") == [
        "Gustave Eiffel",
        "Paris",
    ]


def test_a_mark_never_encloses_its_own_mark() -> None:
    """Issue 39: a line of 100,000 unpaired code marks ("`a `a `a ...") was searched to
    its end from every mark (its square); what a mark encloses now stops at the next one,
    so the line is read once. Nested marks of other kinds still go."""
    assert (
        strip_markdown("**bold *it* x** and `code` and _em_ a*b") == "bold it x and code and em a*b"
    )
    unpaired = "`a " * 1000
    assert strip_markdown(unpaired) == unpaired.strip()
    assert all(
        "(?!\\1)" in part or "(?!\\3)" in part
        for part in spans._MD_INLINE.pattern.split("|")
        if "+?" in part
    )
