from __future__ import annotations

import pytest

from verifier.claims.extract import (
    MAX_CLAIM_WORDS,
    check_worthiness,
    extract_claims,
    resolve_pronoun,
    split_atomic,
    write_queries,
)


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
        ("It depends on what you want.", False, "hedge (no claim committed to)"),
        (
            "It is difficult to say how many stars form each year.",
            False,
            "hedge (no claim committed to)",
        ),
        ("It's possible that the cover was blue.", False, "hedge (no claim committed to)"),
        # general statements of fact are checked as annotators check them
        (
            "Quasars are thought to be powered by the accretion of matter onto black holes.",
            True,
            "states a general fact (a property, cause, membership or comparison)",
        ),
        (
            "During the merger the black holes release energy as gravitational waves.",
            True,
            "states a general fact (a property, cause, membership or comparison)",
        ),
        ("It sounds nice.", False, "too short to check"),
        ("Yes it is.", False, "too short to check"),
        ("Suppose the tower were 500 metres tall.", False, "hypothetical"),
        ("Had Napoleon won at Waterloo, Europe would look different.", False, "hypothetical"),
        (
            '"Ask not what your country can do for you," said John F. Kennedy.',
            False,
            "quotation (the quoted words are not the response's own claim)",
        ),
        ("Turn left at the second light.", False, "instruction"),
        (
            "A prime number is a number greater than 1 with no divisors but 1 and itself.",
            True,
            "states a number or quantity",
        ),
        (
            "An isotope is a form of an element with a different number of neutrons.",
            True,
            "states a definition or factual relation",
        ),
        ("In my opinion, the Louvre opened in 1793.", False, "opinion"),
        ("Who built the Eiffel Tower?", False, "question"),
    ],
)
def test_check_worthiness(sentence: str, worthy: bool, reason: str) -> None:
    assert check_worthiness(sentence) == (worthy, reason)


def test_kinds_that_are_never_checked() -> None:
    assert check_worthiness("x = 1889", "code") == (False, "code block")
    assert check_worthiness("History of the Tower", "heading") == (False, "heading")
    assert check_worthiness("It opened in 1889.", "quote")[0] is False


def test_queries_literal_keywords_and_entities() -> None:
    queries = write_queries("However, the Eiffel Tower was completed in 1889 for the World's Fair.")
    assert queries[0] == "the Eiffel Tower was completed in 1889 for the World's Fair"
    # aimed at the value the claim may have wrong: sent when the first left it unsettled
    assert queries[1] == "Eiffel Tower completed year"
    assert queries[2] == "Eiffel Tower completed 1889 World's Fair"
    assert 1 <= len(queries) <= 3
    place = write_queries("The Eiffel Tower is a wrought-iron lattice tower in Paris.")
    assert place[1] == "Eiffel Tower where"
    no_slot = write_queries("The Eiffel Tower is made of wrought iron.")
    assert no_slot[1] == "Eiffel Tower made wrought iron"


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


def _parts(text: str) -> list[str]:
    return [text[s:e] for s, e, _subject in split_atomic(text)]


@pytest.mark.parametrize(
    ("sentence", "parts"),
    [
        (
            "Marie Curie was born in Warsaw in 1867 and won two Nobel Prizes.",
            ["Marie Curie was born in Warsaw in 1867", "won two Nobel Prizes."],
        ),
        (
            "The Nile flows through Egypt; the Thames flows through London.",
            ["The Nile flows through Egypt", "the Thames flows through London."],
        ),
        # noun phrases joined by "and" are not clauses
        ("Salt and pepper were served with the Sunday roast.", None),
        ("He bought paper and colored pencils in London.", None),
        # no named subject to lend the second clause
        ("The river was wide and was very deep in 1900.", None),
        # too short on one side
        ("Paris is big and was old.", None),
    ],
)
def test_split_atomic(sentence: str, parts: list[str] | None) -> None:
    assert _parts(sentence) == (parts or [sentence])


def test_resolve_pronoun_only_to_a_person() -> None:
    assert resolve_pronoun("She won in 1903.", "Marie Curie") == (
        "Marie Curie won in 1903.",
        "'She' read as 'Marie Curie' (the person last named as a subject)",
    )
    assert resolve_pronoun("His son was born in 1900.", "Gustave Eiffel")[0] == (
        "Gustave Eiffel's son was born in 1900."
    )
    assert resolve_pronoun("She won in 1903.", "The Nile") is None
    assert resolve_pronoun("She won in 1903.", "Radium") is None  # one word: maybe not a person
    assert resolve_pronoun("It opened in 1793.", "The Louvre") is None
    assert resolve_pronoun("Marie won in 1903.", "Marie Curie") is None


def test_extract_claims_splits_and_carries_the_subject() -> None:
    response = (
        "Marie Curie was born in Warsaw in 1867 and won two Nobel Prizes. "
        "She discovered polonium in 1898, and she shared the 1903 prize with Pierre Curie. "
        "Radium has atomic number 88. She died in 1934."
    )
    drafts = extract_claims(response)
    for d in drafts:
        assert response[d.start : d.end] == d.text
    got = [(d.text, d.claim, d.rewrite is not None) for d in drafts]
    assert got == [
        (
            "Marie Curie was born in Warsaw in 1867",
            "Marie Curie was born in Warsaw in 1867.",
            False,
        ),
        ("won two Nobel Prizes.", "Marie Curie won two Nobel Prizes.", True),
        ("She discovered polonium in 1898", "Marie Curie discovered polonium in 1898.", True),
        (
            "she shared the 1903 prize with Pierre Curie.",
            "Marie Curie shared the 1903 prize with Pierre Curie.",
            True,
        ),
        ("Radium has atomic number 88.", "Radium has atomic number 88.", False),
        # "she" is the person last named as a subject, past a sentence about radium
        ("She died in 1934.", "Marie Curie died in 1934.", True),
    ]
    assert all(d.check_worthy for d in drafts)
    assert drafts[1].queries[0].startswith("Marie Curie won")
    # the carried subject is a piece of its own; "She" is the word read as "Marie Curie"
    assert [[response[s:e] for s, e in d.spans] for d in drafts] == [
        ["Marie Curie was born in Warsaw in 1867"],
        ["Marie Curie", "won two Nobel Prizes"],
        ["She discovered polonium in 1898"],
        ["she shared the 1903 prize with Pierre Curie"],
        ["Radium has atomic number 88."],
        ["She died in 1934"],
    ]


def test_bold_names_are_judged_as_plain_words() -> None:
    """ "**Marie Curie** was born ...": the statement searched and judged has no marks, and
    "she" still stands for the person named in bold (answers bold names often)."""
    response = (
        "**Marie Curie** was born in Warsaw in 1867. She won the Nobel Prize in Physics in 1905."
    )
    drafts = extract_claims(response)
    assert [d.claim for d in drafts] == [
        "Marie Curie was born in Warsaw in 1867.",
        "Marie Curie won the Nobel Prize in Physics in 1905.",
    ]
    assert drafts[0].text.startswith("**Marie Curie**")  # the response's own words stay
    assert [[response[s:e] for s, e in d.spans] for d in drafts] == [
        ["**Marie Curie** was born in Warsaw in 1867."],
        ["She won the Nobel Prize in Physics in 1905"],
    ]


def test_a_sentence_of_thousands_of_words_is_no_claim_and_is_not_read_for_slots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 39: 100,000 characters of "1903 1903 ..." (one sentence) took a minute to
    read for slots (each value's clause walked for every value)."""
    from verifier.claims import extract

    calls: list[str] = []
    monkeypatch.setattr(extract, "write_queries", lambda *a, **k: calls.append(a[0]) or ())
    [draft] = extract_claims("1903 " * (MAX_CLAIM_WORDS + 1))
    assert not draft.check_worthy
    assert draft.reason == f"over {MAX_CLAIM_WORDS} words: no one claim to search"
    assert calls == []
    [draft] = extract_claims("In 1903 " + "the prize was won " * 10 + "by Marie Curie.")
    assert draft.check_worthy


def _claims(response: str, prompt: str | None = None) -> list[tuple[str, str, list[str]]]:
    """(own span's words, the claim, the words of every span) per claim; every span holds
    exactly the response's characters it names."""
    out = []
    for d in extract_claims(response, prompt=prompt):
        assert response[d.start : d.end] == d.text
        assert d.spans
        assert all(0 <= s < e <= len(response) for s, e in d.spans)
        out.append((d.text, d.claim, [response[s:e] for s, e in d.spans]))
    return out


def test_coordinated_clauses_split_and_a_pronoun_read_as_the_thing_named() -> None:
    """The issue's new user: "it" is the tower, and the false year is read on its own."""
    got = _claims(
        "The Eiffel Tower is in Paris. "
        "Work on the tower started in 1887 and it opened in 1899 for the World's Fair."
    )
    assert got[0] == (
        "The Eiffel Tower is in Paris.",
        "The Eiffel Tower is in Paris.",
        ["The Eiffel Tower is in Paris."],
    )
    assert got[1:] == [
        (
            "Work on the tower started in 1887",
            "Work on the tower started in 1887.",
            ["Work on the tower started in 1887"],
        ),
        (
            "it opened in 1899 for the World's Fair.",
            "The Eiffel Tower opened in 1899 for the World's Fair.",
            ["it opened in 1899 for the World's Fair"],
        ),
    ]


def test_a_list_of_facts_about_one_subject_is_one_claim_each_with_the_prompt_subject() -> None:
    got = _claims(
        "He was born in Honolulu, Hawaii, to a mother from Kansas and a father from Kenya.",
        prompt="Where was Barack Obama born?",
    )
    assert got == [
        (
            "He was born in Honolulu, Hawaii, to a mother from Kansas",
            "Barack Obama was born in Honolulu, Hawaii, to a mother from Kansas.",
            ["He was born in Honolulu, Hawaii, to a mother from Kansas"],
        ),
        (
            "a father from Kenya.",
            "Barack Obama was born in Honolulu, Hawaii, to a father from Kenya.",
            ["He was born in Honolulu, Hawaii, to", "a father from Kenya"],
        ),
    ]


def test_relative_clauses_are_claims_about_the_noun_they_describe() -> None:
    got = _claims(
        "The United States has had two black presidents: Barack Obama, who served two "
        "terms from 2009 to 2017, and Donald Trump, who served one term from 2017 to 2021."
    )
    assert got[2:] == [
        (
            "who served two terms from 2009 to 2017",
            "Barack Obama served two terms from 2009 to 2017.",
            ["Barack Obama", "who served two terms from 2009 to 2017"],
        ),
        (
            "who served one term from 2017 to 2021.",
            "Donald Trump served one term from 2017 to 2021.",
            ["Donald Trump", "who served one term from 2017 to 2021"],
        ),
    ]
    # the list itself: one claim per member, the shared words in each
    assert [c for _t, c, _s in got[:2]] == [
        "The United States has had two black presidents: Barack Obama.",
        "The United States has had two black presidents: Donald Trump.",
    ]
    assert [s for _t, _c, s in got[:2]] == [
        ["The United States has had two black presidents: Barack Obama"],
        ["The United States has had two black presidents", "Donald Trump"],
    ]


def test_an_appositive_is_a_claim_of_its_own() -> None:
    got = _claims("Barack Obama, the 44th president, was born in Hawaii.")
    assert got == [
        (
            "Barack Obama, the 44th president, was born in Hawaii.",
            "Barack Obama was born in Hawaii.",
            ["Barack Obama", "was born in Hawaii"],
        ),
        (
            "the 44th president",
            "Barack Obama was the 44th president.",
            ["Barack Obama", "the 44th president"],
        ),
    ]


def test_the_opening_qualifier_is_carried_into_each_clause() -> None:
    got = _claims("In 1980, the museum was painted red and the company sold the land.")
    assert got[1] == (
        "the company sold the land.",
        "In 1980, the company sold the land.",
        ["In 1980", "the company sold the land"],
    )
    assert got[0] == (
        "In 1980, the museum was painted red",
        "In 1980, the museum was painted red.",
        ["In 1980, the museum was painted red"],
    )


def test_a_named_thing_read_for_it_and_a_description_for_the_name() -> None:
    got = _claims(
        "The largest diamond ever found is called the Cullinan diamond, which was "
        "discovered in South Africa in 1905. It weighed 3,106 carats in its rough form."
    )
    assert got[0][1:] == (
        "The largest diamond ever found is called the Cullinan diamond.",
        ["The largest diamond ever found is called the Cullinan diamond"],
    )
    assert got[1][1] == "The Cullinan diamond was discovered in South Africa in 1905."
    assert got[1][2] == ["the Cullinan diamond", "which was discovered in South Africa in 1905"]
    assert got[2] == (
        "It weighed 3,106 carats in its rough form.",
        "The Cullinan diamond weighed 3,106 carats in its rough form.",
        ["It weighed 3,106 carats in its rough form"],
    )


def test_a_subject_that_cannot_be_resolved_says_so_and_is_checked_as_written() -> None:
    [draft] = extract_claims("It opened in 1793.")
    assert draft.claim == "It opened in 1793."
    assert draft.spans == ((0, len("It opened in 1793")),)
    assert draft.check_worthy
    assert draft.rewrite == "subject 'It' not resolved: checked as written"


def test_frames_and_reasons_are_read_as_their_own_claims() -> None:
    got = _claims(
        "Black holes are massive, while neutron stars are small. "
        "It is generally believed that quasars are powered by black holes."
    )
    assert [(t, c) for t, c, _s in got] == [
        ("Black holes are massive", "Black holes are massive."),
        ("neutron stars are small.", "Neutron stars are small."),
        ("quasars are powered by black holes.", "Quasars are powered by black holes."),
    ]
    # the frame ("It is generally believed that") and "while" are in no claim's span
    assert [s for _t, _c, s in got] == [
        ["Black holes are massive"],
        ["neutron stars are small"],
        ["quasars are powered by black holes"],
    ]


def test_opinions_advice_and_questions_stay_whole_and_unchecked() -> None:
    drafts = extract_claims("I think Paris and Rome are lovely. You should visit both in May.")
    assert [(d.text, d.check_worthy) for d in drafts] == [
        ("I think Paris and Rome are lovely.", False),
        ("You should visit both in May.", False),
    ]


def test_past_the_parse_budget_the_rules_read_the_sentences() -> None:
    response = "Marie Curie was born in Warsaw in 1867 and won two Nobel Prizes. " * 3
    parsed = extract_claims(response)
    ruled = extract_claims(response, parse_budget=0)
    assert len(parsed) == len(ruled) == 6
    # the second clause is made of the carried subject and its own words, read from the
    # parse or by the rules
    assert [[response[s:e] for s, e in d.spans] for d in parsed] == [
        ["Marie Curie was born in Warsaw in 1867"],
        ["Marie Curie", "won two Nobel Prizes"],
    ] * 3
    for d in ruled:
        assert response[d.start : d.end] == d.text
        assert d.spans[-1] == (d.start, d.end)
    assert [[response[s:e] for s, e in d.spans] for d in ruled] == [
        ["Marie Curie was born in Warsaw in 1867"],
        ["Marie Curie", "won two Nobel Prizes."],
    ] * 3
    # by the rules too, a "she" the clause opens with is its own subject, and a clause
    # borrowing the subject of a sentence that opens with "She" points at that "She"
    response = (
        "Marie Curie was born in Warsaw in 1867, and she won two Nobel Prizes. "
        "She was a chemist and won the 1911 prize for chemistry."
    )
    ruled = extract_claims(response, parse_budget=0)
    assert [(d.claim, [response[s:e] for s, e in d.spans]) for d in ruled] == [
        ("Marie Curie was born in Warsaw in 1867.", ["Marie Curie was born in Warsaw in 1867"]),
        ("Marie Curie won two Nobel Prizes.", ["she won two Nobel Prizes."]),
        ("Marie Curie was a chemist.", ["She was a chemist"]),
        (
            "Marie Curie won the 1911 prize for chemistry.",
            ["She", "won the 1911 prize for chemistry."],
        ),
    ]


def test_meaning_clause_and_relative_clause_on_a_predicate_noun() -> None:
    assert _claims(
        "Gold is a noble metal, meaning it is resistant to most chemical reactions."
    ) == [
        ("Gold is a noble metal", "Gold is a noble metal.", ["Gold is a noble metal"]),
        (
            "it is resistant to most chemical reactions.",
            "Gold is resistant to most chemical reactions.",
            ["it is resistant to most chemical reactions"],
        ),
    ]
    # "a company that specializes in X" says the subject specializes in X
    assert _claims("Mondeca is a software company that specializes in tools for archives.") == [
        (
            "Mondeca is a software company",
            "Mondeca is a software company.",
            ["Mondeca is a software company"],
        ),
        (
            "that specializes in tools for archives.",
            "Mondeca specializes in tools for archives.",
            ["Mondeca", "that specializes in tools for archives"],
        ),
    ]


def test_examples_of_a_vague_collection_stand_in_its_place() -> None:
    assert _claims("Lawson stores carry a variety of products such as snacks and beverages.") == [
        (
            "Lawson stores carry a variety of products such as snacks",
            "Lawson stores carry snacks.",
            ["Lawson stores carry", "snacks"],
        ),
        ("beverages.", "Lawson stores carry beverages.", ["Lawson stores carry", "beverages"]),
    ]


def test_a_connective_is_left_out_and_a_fact_after_a_hedge_is_read() -> None:
    [draft] = extract_claims("In contrast, bulk analysis measures the whole sample.")
    assert (draft.text, draft.claim) == (
        "bulk analysis measures the whole sample.",
        "Bulk analysis measures the whole sample.",
    )
    assert draft.rewrite == "read without 'In contrast'"
    assert draft.spans == ((13, 13 + len("bulk analysis measures the whole sample")),)
    got = _claims("This may seem like a small number, but keep in mind that the Milky Way is vast.")
    assert got[0][2] == ["This may seem like a small number"]
    assert got[1] == ("the Milky Way is vast.", "The Milky Way is vast.", ["the Milky Way is vast"])
    assert [
        d.check_worthy
        for d in extract_claims(
            "This may seem like a small number, but keep in mind that the Milky Way is vast."
        )
    ] == [False, True]


def test_a_long_clause_with_several_adjuncts_is_one_claim_per_adjunct() -> None:
    got = _claims(
        "Sandra Day O'Connor was appointed to the Supreme Court by President Ronald Reagan "
        "in 1981 after a long career in the Arizona Senate."
    )
    assert [c for _t, c, _s in got] == [
        "Sandra Day O'Connor was appointed to the Supreme Court by President Ronald Reagan.",
        "Sandra Day O'Connor was appointed to the Supreme Court in 1981.",
        "Sandra Day O'Connor was appointed to the Supreme Court after a long career in the "
        "Arizona Senate.",
    ]
    assert got[1][0] == "in 1981"
    appointed = "Sandra Day O'Connor was appointed to the Supreme Court"
    assert [s for _t, _c, s in got] == [
        [f"{appointed} by President Ronald Reagan"],
        [appointed, "in 1981"],
        [appointed, "after a long career in the Arizona Senate"],
    ]


def test_a_general_conditional_is_a_fact_and_a_counterfactual_is_not() -> None:
    assert check_worthiness("If heated to 100 degrees, water boils at sea level.")[0]
    assert check_worthiness("If you went at night, it would sparkle.") == (False, "hypothetical")


def test_a_list_of_names_after_a_colon_is_one_claim_per_name() -> None:
    response = "Depeche Mode's albums are: Speak & Spell, A Broken Frame, and Violator."
    assert _claims(response) == [
        (
            "Speak & Spell",
            "Depeche Mode's albums are Speak & Spell.",
            ["Depeche Mode's albums are", "Speak & Spell"],
        ),
        (
            "A Broken Frame",
            "Depeche Mode's albums are A Broken Frame.",
            ["Depeche Mode's albums are", "A Broken Frame"],
        ),
        (
            "Violator",
            "Depeche Mode's albums are Violator.",
            ["Depeche Mode's albums are", "Violator"],
        ),
    ]
    # a clause after a colon is no list of names
    assert len(extract_claims("Note this: the tower opened in 1889 and was painted red.")) <= 3


def test_a_participle_phrase_is_a_claim_about_the_subject() -> None:
    got = _claims("Lawson operates a food service division, offering freshly prepared meals.")
    assert got == [
        (
            "Lawson operates a food service division",
            "Lawson operates a food service division.",
            ["Lawson operates a food service division"],
        ),
        (
            "offering freshly prepared meals.",
            "Lawson offers freshly prepared meals.",
            ["Lawson", "offering freshly prepared meals"],
        ),
    ]


def test_a_list_of_gerunds_is_one_claim_each() -> None:
    got = _claims("Recruiters handle the whole process, including sourcing, screening and hiring.")
    assert [t for t, _c, _s in got][1:] == ["screening", "hiring."]
    assert [c for _t, c, _s in got] == [
        "Recruiters handle the whole process, including sourcing.",
        "Recruiters handle the whole process, including screening.",
        "Recruiters handle the whole process, including hiring.",
    ]
    including = "Recruiters handle the whole process, including"
    assert [s for _t, _c, s in got] == [
        [f"{including} sourcing"],
        [including, "screening"],
        [including, "hiring"],
    ]


def test_a_joint_subject_a_name_in_brackets_and_an_adverb_stay() -> None:
    got = _claims("Eise Eisinga and Rinske Jans had five sons in total.")
    assert got == [
        (
            "Eise Eisinga and Rinske Jans had five sons in total.",
            "Eise Eisinga and Rinske Jans had five sons in total.",
            ["Eise Eisinga and Rinske Jans had five sons in total."],
        )
    ]
    got = _claims("Aqua regia dissolves gold and forms chloroauric acid (HAuCl4).")
    assert all("is HAuCl4" not in c for _t, c, _s in got)
    assert [s for _t, _c, s in got] == [
        ["Aqua regia dissolves gold and forms chloroauric acid (HAuCl4)."]
    ]
    got = _claims("However, Justice Douglas was still alive in 1980.")
    assert [(c, s) for _t, c, s in got] == [
        ("Justice Douglas was still alive in 1980.", ["Justice Douglas was still alive in 1980"])
    ]


def test_possessives_and_them_are_read_as_what_they_name() -> None:
    got = _claims(
        "Marie Curie was a physicist. The Nobel committee praised her work on radium, "
        "and Pierre Curie shared it with her."
    )
    assert got[1][1] == "The Nobel committee praised Marie Curie's work on radium."
    assert got[1][2] == ["The Nobel committee praised her work on radium"]
    assert got[2] == (
        "Pierre Curie shared it with her.",
        "Pierre Curie shared it with her.",
        ["Pierre Curie shared it with her"],
    )


def test_a_pronoun_in_a_described_noun_is_read_and_a_date_is_no_antecedent() -> None:
    got = _claims(
        "Eise Eisinga built a planetarium. Eisinga and his wife, Rinske Jans, had five sons."
    )
    assert got[2] == (
        "Rinske Jans",
        "Eise Eisinga's wife was Rinske Jans.",
        ["his wife", "Rinske Jans"],
    )
    assert got[0][2] == ["Eise Eisinga built a planetarium."]
    assert got[1][1:] == (
        "Eisinga and Eise Eisinga's wife had five sons.",
        ["Eisinga and his wife", "had five sons"],
    )
    got = _claims(
        "As of September 2021, Blackpink has released four albums. Their debut album sold well."
    )
    assert got[1][1] == "Blackpink's debut album sold well."
    assert got[1][2] == ["Their debut album sold well"]


def test_a_sentence_giving_more_claims_than_the_cap_is_left_to_the_rules() -> None:
    from verifier.claims.atomic import Memory, atomic_parts
    from verifier.text.parse import parse

    text = "The tower opened in 1889 and it was painted red in 1968."
    doc = parse(text)
    assert doc is not None
    parts = atomic_parts(doc, Memory())
    assert [[text[s:e] for s, e in p.spans] for p in parts] == [
        ["The tower opened in 1889"],
        ["it was painted red in 1968"],
    ]
    assert atomic_parts(doc, Memory(), max_parts=1) == []


def test_a_list_the_parser_lost_stays_one_claim() -> None:
    """'the symbol Ra and atomic number 88' is parsed as 'Ra and atomic' and 'symbol and
    number': splitting that would make 'Radium has the symbol Ra and atomic.'; the
    sentence stays one claim with its one span."""
    response = "Radium has the symbol Ra and atomic number 88."
    claims = [c for c in extract_claims(response) if c.check_worthy]
    assert [c.claim for c in claims] == [response]
    assert [c.spans for c in claims] == [((0, len(response)),)]


def test_a_list_after_there_have_been_says_each_item_is_one_of_them() -> None:
    response = (
        "As of 2021, there have been four female justices of the Orva court: Ann Pell, "
        "Mara Lind, Ida Rask and Eva Holm."
    )
    claims = [claim for _text, claim, _spans in _claims(response)]
    assert claims[0] == "As of 2021, Ann Pell is one of the four female justices of the Orva court."
    assert (
        claims[-1] == "As of 2021, Eva Holm is one of the four female justices of the Orva court."
    )


def test_the_clause_before_a_colon_is_a_claim_of_its_own() -> None:
    """A colon with a whole clause after it joins two statements; a clause before a colon
    is no entry's name ("The reason is simple" said of "the river flooded")."""
    got = {c for _t, c, _s in _claims("The bridge has one flaw: it sways in the wind.")}
    assert got == {"The bridge has one flaw.", "The bridge sways in the wind."}
    got = {
        c
        for _t, c, _s in _claims(
            "There has already been a female mayor of Lund: "
            "Anna Berg served as its 45th mayor from 2017 to 2021."
        )
    }
    assert "There has already been a female mayor of Lund." in got
    assert any(c.startswith("Anna Berg served as") for c in got)
    got = {c for _t, c, _s in _claims("The reason is simple: the river flooded in 1910.")}
    assert got == {"The reason is simple.", "The river flooded in 1910."}


def test_an_entry_with_a_dash_and_a_participle_is_said_in_full() -> None:
    """The last entry of a list (no full stop after it) as the others."""
    got = {
        c
        for _t, c, _s in _claims(
            "Two women have led the board. They are: \n"
            "1. Anna Lind - appointed by the council in 1981. \n"
            "2. Mara Berg - appointed by the council in 2009"
        )
    }
    assert "Anna Lind was appointed by the council in 1981." in got
    assert "Mara Berg was appointed by the council in 2009." in got


def test_it_after_an_opening_phrase_is_the_thing_named_before() -> None:
    """Not the noun of "According to critics" or "number one"; a song the parser reads as
    a person's name is a thing when the sentence says it is a song; "its" after "it" is the
    subject's own."""
    got = [
        c
        for _t, c, _s in _claims(
            "The Orva Suite is a popular song written by Matthew West. According to critics, "
            "it reached number one on the charts in 2003, and it kept its position for nine "
            "weeks."
        )
    ]
    assert "According to critics, The Orva Suite reached number one on the charts in 2003." in got
    assert "According to critics, The Orva Suite kept its position for nine weeks." in got


def test_it_of_a_joined_clause_is_the_first_clauses_name() -> None:
    got = [
        c
        for _t, c, _s in _claims(
            "Turku was the capital of Finland under Swedish rule, but it was never the capital "
            "of Finland after it became a republic in 1917.",
            prompt="Which cities have been the capital of Finland?",
        )
    ]
    assert any(c.startswith("Turku was never the capital of Finland after") for c in got), got


def test_a_reading_that_goes_wrong_leaves_the_sentence_whole() -> None:
    """A claim put together wrongly ("The amount of mass energy has is which are ...") is
    never shown: the sentence is read by the rules instead."""
    sentence = (
        "For example, a star's temperature, size, and luminosity are all determined by the "
        "amount of mass and energy it has, which are in turn determined by the type of gas "
        "and dust that make up the star."
    )
    got = [c for _t, c, _s in _claims("A star is a ball of gas. " + sentence)]
    assert not any(" is which " in c or "energy energy" in c for c in got), got
    assert sentence in got


def test_a_name_read_for_a_pronoun_inside_a_claim_keeps_its_article_small() -> None:
    got = [
        c
        for _t, c, _s in _claims(
            "The police must keep order. In fact, it is their duty to prevent crime."
        )
    ]
    assert "It is the police's duty to prevent crime." in got, got


def test_it_before_an_adjective_and_a_to_clause_stands_for_nothing() -> None:
    """ "made it difficult to move": no name; "made it green": not the maker."""
    got = [
        c
        for _t, c, _s in _claims(
            "The field was bare. The rain made it green. The mud made it difficult to move around."
        )
    ]
    assert "The rain made the field green." in got, got
    assert "The mud made it difficult to move around." in got, got
