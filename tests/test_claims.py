from __future__ import annotations

import pytest

from verifier.claims import check_worthiness, entities, extract_claims, write_queries


@pytest.mark.parametrize(
    ("sentence", "worthy", "reason"),
    [
        ("The Eiffel Tower is 330 metres tall.", True, "states a number or quantity"),
        ("Marie Curie won the Nobel Prize in 1903.", True, "states a date"),
        ("It was designed by the company of Gustave Eiffel.", True, "names Gustave Eiffel"),
        (
            "Photosynthesis is the process by which plants make sugar.",
            True,
            "states a definition or factual relation",
        ),
        ("Is the tower taller than 300 metres?", False, "question"),
        ("Sure! Here is what you asked for.", False, "greeting, framing or pleasantry"),
        ("I hope this helps with your essay.", False, "greeting, framing or pleasantry"),
        ("Click the link below to download the form.", False, "instruction"),
        ("You should visit the tower in spring.", False, "advice or recommendation"),
        ("I recommend consulting a doctor about the dosage.", False, "advice or recommendation"),
        ("I think Paris is the most romantic city in Europe.", False, "opinion"),
        ("If you went at night, it would sparkle.", False, "hypothetical"),
        (
            "That is a really beautiful and wonderful idea.",
            False,
            "opinion (subjective wording, no checkable fact)",
        ),
        (
            "It depends on what you want.",
            False,
            "no checkable fact (no name, number, date or definition)",
        ),
        ("Yes it is.", False, "too short to check"),
    ],
)
def test_check_worthiness(sentence: str, worthy: bool, reason: str) -> None:
    assert check_worthiness(sentence) == (worthy, reason)


def test_kinds_that_are_never_checked() -> None:
    assert check_worthiness("x = 1889", "code") == (False, "code block")
    assert check_worthiness("History of the Tower", "heading") == (False, "heading")
    assert check_worthiness("It opened in 1889.", "quote")[0] is False


def test_entities_skip_the_first_word() -> None:
    assert entities("The tower was designed by Gustave Eiffel in Paris.") == [
        "Gustave Eiffel",
        "Paris",
    ]


def test_queries_literal_keywords_and_entities() -> None:
    queries = write_queries("However, the Eiffel Tower was completed in 1889 for the World's Fair.")
    assert queries[0] == "the Eiffel Tower was completed in 1889 for the World's Fair"
    assert queries[1] == "Eiffel Tower completed 1889 World's Fair"
    assert queries[2] == '"Eiffel Tower" "World\'s Fair" 1889'
    assert 1 <= len(queries) <= 3


def test_queries_respect_limits() -> None:
    long = "The " + " ".join(f"word{i}" for i in range(40)) + " in 1999."
    queries = write_queries(long, max_queries=2, max_words=10)
    assert len(queries) == 2
    assert all(len(q.split()) <= 10 for q in queries)


def test_extract_claims_keeps_spans() -> None:
    response = "Hello!\n\nThe Louvre opened in 1793. I love it.\n\n```\nprint(1)\n```"
    drafts = extract_claims(response)
    assert [(d.text, d.check_worthy) for d in drafts] == [
        ("Hello!", False),
        ("The Louvre opened in 1793.", True),
        ("I love it.", False),
        ("```\nprint(1)\n```", False),
    ]
    for d in drafts:
        assert response[d.start : d.end] == d.text
    assert drafts[1].queries
    assert not drafts[0].queries
