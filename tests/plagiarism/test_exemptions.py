from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from verifier.plagiarism.exemptions import (
    attributed_spans,
    boilerplate_spans,
    code_spans,
    copy_requested,
    find_exemptions,
    linked_hosts,
    quoted_spans,
)


@pytest.mark.parametrize(
    "prompt",
    [
        "Quote the first paragraph of the article.",
        "Give me the lyrics of Yesterday.",
        "Please copy the license text here.",
        "What does the passage say about the treaty?",
        "Reproduce the exact wording of Article 5.",
        "Extract the table of ingredients from this page.",
        "Can you give me the exact text of the Gettysburg Address?",
        "Recite the poem verbatim.",
        "How does the clause read in the original?",
        # requests to reproduce a text known by its name
        "Can you give me the poem by Robert Frost called The Road Not Taken?",
        "What does the preamble say?",
        "What does the preamble to the US Constitution say?",
        "Recite the Lord's Prayer.",
        "Give me the text of the First Amendment.",
        "What are the words to the national anthem?",
        "How does the poem Ozymandias go?",
        "Show me the first stanza of The Raven.",
        "What is the first line of Moby-Dick?",
        "What did the Gettysburg Address say?",
    ],
)
def test_requests_to_copy(prompt: str) -> None:
    assert copy_requested(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Summarise this article in three sentences.",
        "Explain how the treaty changed trade.",
        "Tell me about the Bell Rock Lighthouse.",
        "Paraphrase the paragraph in your own words.",
        "Write an essay on tardigrades, but don't copy from Wikipedia.",
        "What is photosynthesis?",
        "Write a poem about the sea.",
        "Give me a poem about love.",
        "Give me a summary of the poem by Frost.",
        "Explain the poem The Road Not Taken.",
        "Who wrote the poem The Raven?",
        "What does the word ubiquitous mean?",
        "Give me the definition of entropy.",
        "Summarize what the preamble says.",
        "",
    ],
)
def test_not_requests_to_copy(prompt: str) -> None:
    assert copy_requested(prompt) is None


def test_quoted_spans() -> None:
    text = 'He said "the tower is old" and “it still stands”.\n> A block quote line.\nAfter.'
    found = [text[s:e] for s, e in quoted_spans(text)]
    assert "the tower is old" in found
    assert "it still stands" in found
    assert "A block quote line." in found
    assert not any("After" in f for f in found)


@pytest.mark.parametrize(
    "text",
    [
        "According to the BBC, the tower was built in 1810.",
        "As Robert Stevenson wrote, the stones lock together.",
        "The stones lock together (Smith, 2019).",
        "The stones lock together [3].",
        "Source: Encyclopaedia Britannica.",
        "In the words of the engineer, it was a hard job.",
    ],
)
def test_attribution_cues(text: str) -> None:
    assert attributed_spans(text) == [(0, len(text))]


def test_attribution_colon_covers_the_next_sentence() -> None:
    text = "As the historian wrote:\n\nThe stones were cut on shore.\n\nUnrelated text here."
    assert [text[s:e] for s, e in attributed_spans(text)] == [
        "As the historian wrote:",
        "The stones were cut on shore.",
    ]


def test_a_list_dash_is_not_an_attribution() -> None:
    assert attributed_spans("- The tower was built in 1810.") == []


def test_no_attribution() -> None:
    assert attributed_spans("The tower was built in 1810 on a reef.") == []


def test_code_and_boilerplate() -> None:
    text = "Run `pip install x` first.\n\n```\ncopied code here\n```\n\nAll rights reserved by the author. Plain."
    assert [text[s:e] for s, e in code_spans(text)] == [
        "`pip install x`",
        "```\ncopied code here\n```",
    ]
    assert [text[s:e] for s, e in boilerplate_spans(text, ["all rights reserved"])] == [
        "All rights reserved by the author."
    ]


def test_linked_hosts() -> None:
    assert linked_hosts("See https://www.example.com/a and http://docs.python.org.") == {
        "example.com",
        "docs.python.org",
    }


def test_reason_precedence() -> None:
    text = 'Intro. "Quoted words of the source here." See https://example.com/page for more.'
    ex = find_exemptions(text, "Quote the page verbatim.", [])
    assert ex.reason(8, 40, "https://other.org/").startswith("requested")
    ex = find_exemptions(text, "", [])
    assert ex.reason(8, 40, "https://o.org/", from_prompt=True) == ("the prompt supplied this text")
    assert ex.reason(8, 40, "https://other.org/") == "quoted"
    assert ex.reason(8, 40, "https://o.org/", source_quoted=True) is None
    assert ex.reason(0, 6, "https://example.com/x").startswith("attributed")
    assert ex.reason(0, 6, "https://other.org/") is None


def test_a_citation_copied_inside_the_match_is_not_an_attribution() -> None:
    text = "The tower was finished in 1810 by Stevenson [3] and still stands today on the reef."
    ex = find_exemptions(text, "", [])
    assert ex.reason(0, len(text) - 1, "https://o.org/") is None
    assert ex.reason(0, 42, "https://o.org/") == "attributed"


def test_markdown_links_give_their_hosts() -> None:
    text = "See [https://a.example.com](https://a.example.com) and http://[broken for more."
    assert linked_hosts(text) == {"a.example.com"}


def _paired_by_pattern(text: str) -> list[tuple[int, int]]:
    """The pattern quoted_spans used for typographic pairs (quadratic when marks never
    close), kept here as the reference."""
    spans = []
    for opening, closing in (("“", "”"), ("«", "»"), ("„", "“"), ("「", "」")):
        pattern = re.escape(opening) + "([^" + re.escape(closing) + "]{2,}?)" + re.escape(closing)
        spans += [(m.start(1), m.end(1)) for m in re.finditer(pattern, text, re.DOTALL)]
    return sorted(spans)


@given(st.text(alphabet="ab “”„«»「」 \n", max_size=40))
def test_typographic_quotes_pair_as_the_pattern_did(text: str) -> None:
    assert quoted_spans(text) == _paired_by_pattern(text)
