"""Facts and wording: what a paraphrase cannot change, and what copying keeps."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from verifier.plagiarism.align import tokenize
from verifier.plagiarism.expression import (
    FACT,
    expression_words,
    fact_roots,
    listing,
    masked,
    rare,
    recurring_terms,
    root,
    shared_wording,
    topic_terms,
    wording_similarity,
)


def test_numbers_dates_units_and_names_are_facts() -> None:
    text = (
        "Marie Curie was born in Warsaw on 7 November 1867. She won two Nobel Prizes, "
        "and the TCP header is 20 bytes. The wall was about 73 miles long."
    )
    facts = fact_roots(tokenize(text))
    for word in ("curie", "warsaw", "7", "november", "1867", "two", "nobel", "tcp", "miles"):
        assert root(word) in facts, word
    # ordinary words, and a name's first word only because it opens the sentence, are not
    for word in ("born", "won", "header", "wall", "long", "she"):
        assert root(word) not in facts, word
    assert "marie" not in facts  # only at the start of a sentence here


def test_a_title_case_heading_names_nothing() -> None:
    facts = fact_roots(tokenize("Early Life And Scientific Career\n\nShe studied in Paris."))
    assert facts == {root("paris")}


def test_rare_words_are_rare_in_every_form() -> None:
    assert [w for w in ("polonium", "checksum", "compiler", "softer") if rare(w)] == [
        "polonium",
        "checksum",
        "compiler",
        "softer",
    ]
    # "produces": "produce" is common; numbers and small words are never terms
    assert not any(rare(w) for w in ("produces", "syntax", "cloud", "the", "1867"))


def test_terms_of_the_subject_are_shared_rare_words() -> None:
    a = tokenize("Radium and polonium were found by the Curies. Radium glows.")
    b = tokenize("Polonium is rarer than uranium, they say.")
    c = tokenize("A softer metal, lead, was poured; uranium too.")
    response = tokenize("Polonium, uranium and a softer metal.")
    # rare words the prompt has, or the response and two of the sources
    terms = topic_terms(tokenize("What is radium?"), response, [a, b, c])
    assert terms == {"radium", "polonium", root("uranium")}
    assert root("softer") not in terms  # one source's word
    # and those one text comes back to
    assert recurring_terms(a) == {"radium"}


def test_masking_puts_one_placeholder_for_every_fact() -> None:
    tokens = tokenize("She moved to Paris in 1891 to study physics.")
    words = masked(tokens, 0, len(tokens) - 1, frozenset({root("paris")}))
    assert words == ["she", "mov", "to", FACT, "in", FACT, "to", "study", "physic"]
    assert expression_words(words) == 7


def _masked(text: str, facts: frozenset[str]) -> list[str]:
    tokens = tokenize(text)
    return masked(tokens, 0, len(tokens) - 1, facts)


FACTS = frozenset(root(w) for w in ("curie", "paris", "sorbonne", "pierre", "warsaw"))


def test_a_list_of_the_same_facts_shares_no_wording() -> None:
    source = _masked(
        "She moved to Paris in 1891 to study physics and mathematics at the Sorbonne, where "
        "she met the physicist Pierre Curie, whom she married in 1895.",
        FACTS,
    )
    listed = _masked("Born in Warsaw in 1867; Paris, 1891; Sorbonne; married 1895.", FACTS)
    assert shared_wording(listed, source) <= 2  # "married", "in": no sequence of wording
    assert wording_similarity(listed, source) < 50


def test_the_same_wording_with_facts_changed_is_together() -> None:
    source = _masked("In 1903 she shared the Nobel Prize in Physics with Pierre Curie.", FACTS)
    changed = _masked("In 1905 she shared the Nobel Prize in Physics with Pierre Curie.", FACTS)
    assert wording_similarity(changed, source) == 100
    swapped = _masked("In 1911 she split the Nobel Prize in Physics with Pierre Curie.", FACTS)
    assert wording_similarity(swapped, source) >= 80
    # "split" for "shared" costs that word and the small words before it ("in # she")
    assert shared_wording(swapped, source) >= shared_wording(source, source) - 3


@given(st.lists(st.sampled_from(["the", "wall", FACT, "of", "stone", "built"]), max_size=30))
def test_shared_wording_never_counts_a_fact_or_more_than_the_words(words: list[str]) -> None:
    assert 0 <= shared_wording(words, words) <= expression_words(words)
    assert shared_wording(words, []) == 0


def test_a_series_of_names_with_its_lead_in_is_a_listing() -> None:
    tokens = tokenize("The Nordic countries are Denmark, Finland, Iceland, Norway and Sweden.")
    names = frozenset(root(w) for w in ("nordic", "denmark", "finland", "iceland", "norway"))
    assert listing(tokens.norm, names | {root("sweden")})
    # prose with as many names is not: it has wording of its own between them
    prose = tokenize(
        "Denmark joined the union after Sweden had left it, and Norway followed Finland later."
    )
    assert not listing(prose.norm, fact_roots(prose))
