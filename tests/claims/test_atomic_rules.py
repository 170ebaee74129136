"""Rules of the parse's atomic claims: a participle on a predicate noun, a narrower
adjunct, a hypothetical sentence's facts, a question's words that no pronoun stands for."""

from __future__ import annotations

import pytest

from verifier.claims.atomic import _hyphen_piece
from verifier.claims.extract import ClaimDraft, extract_claims
from verifier.text.parse import parse


def _pieces(response: str, draft: ClaimDraft) -> list[str]:
    return [response[s:e] for s, e in draft.spans]


def _all_pieces(response: str, drafts: list[ClaimDraft]) -> list[list[str]]:
    """The response's words every claim points at, claim by claim."""
    return [_pieces(response, d) for d in drafts]


def _claims(response: str, prompt: str | None = None) -> list[ClaimDraft]:
    return [d for d in extract_claims(response, prompt=prompt) if d.check_worthy]


def test_a_participle_on_a_predicate_noun_is_a_claim_about_the_subject() -> None:
    response = "Aspirin is a common drug used to treat pain and fever."
    claims = _claims(response)
    assert [d.claim for d in claims][:2] == [
        "Aspirin is a common drug.",
        "Aspirin is used to treat pain.",
    ]
    used = claims[1]
    assert _all_pieces(response, claims) == [
        ["Aspirin is a common drug"],
        ["Aspirin", "used to treat pain"],
        ["Aspirin", "used to treat", "fever"],
    ]
    assert used.rewrite is not None
    assert "participle phrase of 'Aspirin'" in used.rewrite


def test_a_participle_about_a_pronoun_subject_reads_the_pronoun() -> None:
    response = (
        "Peat moss grows in bogs. It is a plant found in various regions worldwide, "
        "particularly in areas with acidic soil."
    )
    claims = _claims(response)
    assert [d.claim for d in claims] == [
        "Peat moss grows in bogs.",
        "Peat moss is a plant.",
        "Peat moss is found in various regions worldwide.",
        "Peat moss is found particularly in areas with acidic soil.",
    ]
    # "It" is the words read as "Peat moss"; the narrower adjunct the parser hung on
    # "plant" is the participle's
    assert _all_pieces(response, claims) == [
        ["Peat moss grows in bogs."],
        ["It is a plant"],
        ["It", "found in various regions worldwide"],
        ["It", "found", "particularly in areas with acidic soil"],
    ]


def test_a_narrower_adjunct_is_a_claim_beside_the_one_it_narrows() -> None:
    response = "The moss grows in many parts of Europe, especially on north-facing rocks."
    general, narrow = _claims(response)
    assert general.claim == "The moss grows in many parts of Europe."
    assert narrow.claim == "The moss grows especially on north-facing rocks."
    assert _pieces(response, general) == ["The moss grows in many parts of Europe"]
    assert _pieces(response, narrow) == ["The moss grows", "especially on north-facing rocks"]
    assert response[narrow.start : narrow.end] == "especially on north-facing rocks."


def test_a_name_with_a_mark_keeps_it_and_a_dotted_name_keeps_its_space() -> None:
    response = "F# is a functional language developed by Microsoft Research for the .NET runtime."
    drafts = _claims(response)
    claims = [d.claim for d in drafts]
    assert claims[0] == "F# is a functional language."
    assert claims[1].startswith("F# is developed by Microsoft Research")
    assert claims[1].endswith("the .NET runtime.")
    # the mark written onto the name is in its span too ("F#", not "F")
    assert [_pieces(response, d) for d in drafts] == [
        ["F# is a functional language"],
        ["F#", "developed by Microsoft Research for the .NET runtime"],
    ]
    assert drafts[1].rewrite is not None
    assert "participle phrase of 'F#'" in drafts[1].rewrite


def test_a_hypothetical_sentence_is_read_for_the_facts_it_states() -> None:
    response = (
        "It is known that tea reached Europe in the 17th century, but it is unclear "
        "whether sailors would have drunk it."
    )
    drafts = _claims(response)
    assert [d.claim for d in drafts] == ["Tea reached Europe in the 17th century."]
    assert _all_pieces(response, drafts) == [["tea reached Europe in the 17th century"]]


def test_a_questions_words_are_nothing_a_pronoun_stands_for() -> None:
    prompt = "How many times has Brazil won the Copa America?"
    response = "They won it in 1919."
    (claim,) = [d for d in extract_claims(response, prompt=prompt) if d.check_worthy]
    assert "How many" not in claim.claim
    assert _pieces(response, claim) == ["They won it in 1919"]


def test_in_addition_to_x_adds_x_as_one_more_object() -> None:
    response = "Besides wheat, the farm grows barley and oats."
    claims = _claims(response)
    assert [d.claim for d in claims] == [
        "The farm grows wheat.",
        "The farm grows barley.",
        "The farm grows oats.",
    ]
    assert _all_pieces(response, claims) == [
        ["Besides wheat", "the farm grows"],
        ["the farm grows barley"],
        ["the farm grows", "oats"],
    ]
    assert claims[1].rewrite is not None
    assert "read without 'Besides wheat'" in claims[1].rewrite
    # an opening phrase with no object to add to stays a qualifier
    kept_response = "In addition to Paris, the painter lived in Rome."
    (kept,) = _claims(kept_response)
    assert kept.claim == "In addition to Paris, the painter lived in Rome."
    assert _pieces(kept_response, kept) == [kept_response]


def test_a_list_of_gerunds_shares_the_last_ones_object() -> None:
    response = (
        "Recruiters are responsible for managing the entire hiring process, including "
        "sourcing, screening, interviewing, and hiring candidates."
    )
    claims = _claims(response)
    assert [d.claim for d in claims][:2] == [
        "Recruiters are responsible for managing the entire hiring process, including "
        "sourcing candidates.",
        "Recruiters are responsible for managing the entire hiring process, including "
        "screening candidates.",
    ]
    including = "Recruiters are responsible for managing the entire hiring process, including"
    assert _all_pieces(response, claims) == [
        [f"{including} sourcing", "candidates"],
        [including, "screening", "candidates"],
        [including, "interviewing", "candidates"],
        [including, "hiring candidates"],
    ]


def test_an_adjective_phrase_after_a_comma_is_a_claim_about_the_subject() -> None:
    response = "Kyiv is a city on the Dnieper, rich in history."
    city, rich = _claims(response)
    assert city.claim == "Kyiv is a city on the Dnieper."
    assert rich.claim == "Kyiv is rich in history."
    assert _pieces(response, city) == ["Kyiv is a city on the Dnieper"]
    assert _pieces(response, rich) == ["Kyiv", "rich in history"]
    assert response[rich.start : rich.end] == "rich in history."


def test_a_hyphenated_list_member_keeps_its_hyphen() -> None:
    response = "Zed is a chain of shops in Oslo, similar to 7-Eleven or Circle K."
    drafts = _claims(response)
    assert [d.claim for d in drafts] == [
        "Zed is a chain of shops in Oslo.",
        "Zed is similar to 7-Eleven.",
        "Zed is similar to Circle K.",
    ]
    # the parser reads "K." as one word: the sentence's full stop is in its span
    assert _all_pieces(response, drafts) == [
        ["Zed is a chain of shops in Oslo"],
        ["Zed", "similar to 7-Eleven"],
        ["Zed", "similar to", "Circle K."],
    ]


def test_a_relative_clause_of_place_is_a_claim_of_its_own() -> None:
    response = (
        "Ada Lin is a chemist. Ada Lin is a senior researcher at Nordic Labs, where she "
        "leads a team focused on battery chemistry."
    )
    claims = _claims(response)
    assert [d.claim for d in claims][1:] == [
        "Ada Lin is a senior researcher at Nordic Labs.",
        "Ada Lin leads a team focused on battery chemistry.",
    ]
    assert _pieces(response, claims[0]) == ["Ada Lin is a chemist."]
    assert _pieces(response, claims[1]) == ["Ada Lin is a senior researcher at Nordic Labs"]
    team = claims[2]
    # the participle the parser coordinated with "is" stays with "a team"
    assert _pieces(response, team) == ["she leads a team focused on battery chemistry"]
    assert team.rewrite is not None
    assert "'she' read as 'Ada Lin'" in team.rewrite


def test_with_after_a_comma_says_what_a_thing_has() -> None:
    response = "The tower is tall, with a height of 300 metres."
    claims = [d for d in extract_claims(response)]
    assert [d.claim for d in claims] == [
        "The tower is tall.",
        "The tower has a height of 300 metres.",
    ]
    has = claims[1]
    assert _pieces(response, claims[0]) == ["The tower is tall"]
    assert _pieces(response, has) == ["The tower", "a height of 300 metres"]
    assert response[has.start : has.end] == "a height of 300 metres."


def test_with_features_such_as_a_list_gives_one_claim_a_feature() -> None:
    response = (
        "Rust is a language. It is fast and safe, with features such as ownership and traits."
    )
    drafts = _claims(response)
    claims = [d.claim for d in drafts]
    assert claims == [
        "Rust is a language.",
        "Rust has features such as ownership.",
        "Rust has features such as traits.",
    ]
    # "It" is the word read as "Rust"
    assert _all_pieces(response, drafts) == [
        ["Rust is a language."],
        ["It", "features such as ownership"],
        ["It", "features such as", "traits"],
    ]


def test_an_absolute_phrase_is_a_claim_read_for_the_subject() -> None:
    response = "The index is published monthly, with lower values meaning cleaner air."
    published, meaning = _claims(response)
    assert published.claim == "The index is published monthly."
    assert meaning.claim == "For the index, lower values mean cleaner air."
    assert _pieces(response, published) == ["The index is published monthly"]
    assert _pieces(response, meaning) == ["The index", "lower values meaning cleaner air"]
    # in the past tense the phrase stays (its participle has no past said for it)
    kept_response = "The team won the cup, with its captain scoring twice."
    (kept,) = _claims(kept_response)
    assert _pieces(kept_response, kept) == [kept_response.rstrip(".")]
    assert kept.claim.startswith("The team won the cup, with ")
    assert kept.claim.endswith("captain scoring twice.")


def test_with_hung_on_the_clauses_object_says_what_the_subject_has() -> None:
    response = "Velta has the largest number of ferries in Europe, with 94 ferries in service."
    largest, has = _claims(response)
    assert largest.claim == "Velta has the largest number of ferries in Europe."
    assert has.claim == "Velta has 94 ferries in service."
    assert _pieces(response, has) == ["Velta", "94 ferries in service"]
    # an absolute phrase the parser hung on the object stays in its claim
    response = (
        "Rugby is the most popular sport in the country, with a large share of the people "
        "actively involved in playing it."
    )
    (kept,) = _claims(response)
    assert kept.claim == response


def test_a_place_and_its_region_is_one_place_not_a_list() -> None:
    response = "The most populous city in the world is Tokyo, Japan with 37 million people."
    claims = [d.claim for d in _claims(response)]
    assert not any("is Japan" in c for c in claims)
    assert any("Tokyo, Japan" in c for c in claims)
    # a list of places stays a list
    toured = [d.claim for d in _claims("The band toured Paris, London and Rome in 1990.")]
    assert toured == [
        "The band toured Paris in 1990.",
        "The band toured London in 1990.",
        "The band toured Rome in 1990.",
    ]


def test_he_never_stands_for_a_building_named_with_the() -> None:
    response = "The Louvre is in Paris. He was born in Springfield and moved to Chicago."
    claims = [d.claim for d in extract_claims(response)]
    assert not any("Louvre was born" in c or "Louvre moved" in c for c in claims)


def test_with_after_a_persons_clause_is_not_what_they_have() -> None:
    response = "Ann Lee moved to Paris in 1990, with her husband."
    (kept,) = _claims(response)
    assert kept.claim == response
    assert _pieces(response, kept) == [response]


def test_these_n_reads_as_the_some_n_named_before() -> None:
    response = (
        "Some rare minerals of Norway are found in granite. These minerals are mined in winter."
    )
    claims = _claims(response)
    mined = claims[-1]
    assert mined.claim == "Rare minerals of Norway are mined in winter."
    assert mined.rewrite is not None
    assert "'These minerals' read as 'Rare minerals of Norway'" in mined.rewrite
    assert _all_pieces(response, claims) == [
        ["Some rare minerals of Norway are found in granite."],
        ["These minerals are mined in winter"],
    ]


def test_a_result_clause_after_keep_in_mind_is_kept() -> None:
    response = (
        "This may seem like a small change, but keep in mind that the Rhine is a long river "
        "with many towns, so even a small rise of the river each year can flood many towns."
    )
    claims = _claims(response)
    assert [d.claim for d in claims] == [
        "The Rhine is a long river with many towns.",
        "Even a small rise of the river each year can flood many towns.",
    ]
    assert _all_pieces(response, claims) == [
        ["the Rhine is a long river with many towns"],
        ["even a small rise of the river each year can flood many towns"],
    ]


def test_a_participle_narrowing_a_subject_is_also_a_claim() -> None:
    response = "The letters written by Lincoln were sold in 1990."
    sold, written = _claims(response)
    assert sold.claim == "The letters written by Lincoln were sold in 1990."
    assert written.claim == "The letters were written by Lincoln."
    assert _pieces(response, sold) == ["The letters written by Lincoln were sold in 1990"]
    assert _pieces(response, written) == ["The letters written by Lincoln"]


def test_a_defining_clause_on_an_indefinite_object_is_a_claim_of_its_own() -> None:
    response = "The author proposes a new method that ranks pages by their links."
    proposes, ranks = _claims(response)
    assert proposes.claim == "The author proposes a new method."
    assert ranks.claim == "The new method ranks pages by their links."
    assert _pieces(response, proposes) == ["The author proposes a new method"]
    assert _pieces(response, ranks) == ["a new method that ranks pages by their links"]
    assert response[ranks.start : ranks.end] == "that ranks pages by their links."


def test_a_clause_of_place_on_an_object_is_a_claim_of_its_own() -> None:
    response = "The term refers to the pricing model where the customer pays per unit of power."
    refers, pays = _claims(response)
    assert refers.claim == "The term refers to the pricing model."
    assert pays.claim == "The customer pays per unit of power."
    assert _pieces(response, refers) == ["The term refers to the pricing model"]
    assert _pieces(response, pays) == ["the customer pays per unit of power"]


def test_a_clause_that_says_which_one_is_meant_stays() -> None:
    response = "She won the first race that was held in Oslo in 1990."
    (claim,) = _claims(response)
    assert claim.claim == response
    assert _pieces(response, claim) == ["She won the first race that was held in Oslo in 1990"]


def test_a_long_passive_says_its_agent_and_its_other_adjunct_apart() -> None:
    response = (
        "The Chief Inspector of the National Water Board is appointed by the Minister of the "
        "Environment for a four-year term with the consent of the Senate."
    )
    by, term = _claims(response)
    assert by.claim == (
        "The Chief Inspector of the National Water Board is appointed by the Minister of the "
        "Environment."
    )
    assert term.claim == (
        "The Chief Inspector of the National Water Board is appointed for a four-year term "
        "with the consent of the Senate."
    )
    assert _pieces(response, by) == [
        "The Chief Inspector of the National Water Board is appointed by the Minister of the "
        "Environment"
    ]
    assert _pieces(response, term) == [
        "The Chief Inspector of the National Water Board is appointed",
        "for a four-year term with the consent of the Senate",
    ]


def test_a_described_collection_is_a_claim_beside_its_examples() -> None:
    response = (
        "The institute funds research on topics related to coastal and marine ecology, such "
        "as coral bleaching, fisheries, and erosion."
    )
    claims = _claims(response)
    assert [d.claim for d in claims][:2] == [
        "The institute funds research on topics related to coastal and marine ecology.",
        "The institute funds research on topics related to coral bleaching.",
    ]
    assert len(claims) == 4
    related = "The institute funds research on topics related to"
    assert _all_pieces(response, claims) == [
        [f"{related} coastal and marine ecology"],
        [related, "coral bleaching"],
        [related, "fisheries"],
        [related, "erosion"],
    ]
    # a quantity is no collection said of its own
    response = "The shop sells a variety of goods such as tea and rice."
    claims = _claims(response)
    assert [d.claim for d in claims] == ["The shop sells tea.", "The shop sells rice."]
    assert _all_pieces(response, claims) == [
        ["The shop sells", "tea"],
        ["The shop sells", "rice"],
    ]


def test_a_relative_clause_after_a_comma_is_about_the_nearest_noun() -> None:
    response = (
        "The colour of the flower is the result of the activity of certain enzymes, which "
        "break down sugars."
    )
    drafts = _claims(response)
    assert [d.claim for d in drafts] == [
        "The colour of the flower is the result of the activity of certain enzymes.",
        "Certain enzymes break down sugars.",
    ]
    assert _all_pieces(response, drafts) == [
        ["The colour of the flower is the result of the activity of certain enzymes"],
        ["certain enzymes", "which break down sugars"],
    ]


def test_also_known_as_is_a_claim_of_its_own() -> None:
    response = (
        "The Big Apple, also known as New York City, is the largest city in the United States."
    )
    largest, known = _claims(response)
    assert largest.claim == "The Big Apple is the largest city in the United States."
    assert known.claim == "The Big Apple is also known as New York City."
    assert _pieces(response, known) == ["The Big Apple", "also known as New York City"]
    assert _pieces(response, largest) == [
        "The Big Apple",
        "is the largest city in the United States",
    ]


def test_a_subject_identified_by_a_name_gives_the_clause_to_the_name() -> None:
    response = "The architect who designed the bridge was Anna Berg."
    was, designed = _claims(response)
    assert was.claim == "The architect was Anna Berg."
    assert designed.claim == "Anna Berg designed the bridge."
    assert _pieces(response, was) == ["The architect", "was Anna Berg"]
    assert _pieces(response, designed) == ["who designed the bridge", "Anna Berg"]


def test_a_described_subject_takes_the_complement_the_prompt_gave_it() -> None:
    prompt = "What is the average price of coffee in Norway?"
    response = "The exact price may vary with the season."
    (claim,) = [d for d in extract_claims(response, prompt=prompt) if d.check_worthy]
    assert claim.claim == "The exact price of coffee may vary with the season."
    assert claim.rewrite is not None
    assert "'price' read with the complement of 'the average price of coffee'" in claim.rewrite
    assert _pieces(response, claim) == ["The exact price may vary with the season"]
    # a description with a complement of its own keeps it
    own_response = "The exact price of tea may vary."
    (own,) = [d for d in extract_claims(own_response, prompt=prompt) if d.check_worthy]
    assert own.claim == own_response
    assert _pieces(own_response, own) == [own_response]


def test_clauses_that_cannot_stand_apart_stay() -> None:
    # a noun too light to stand without its clause
    response = "The pressure reaches a point where the walls are too weak to hold it."
    (point,) = _claims(response)
    assert point.claim.startswith("The pressure reaches a point where")
    assert _pieces(response, point) == [response]
    # a fragment: the clause of time is all it says
    response = "1200 BC, when the first farmers settled the valley."
    drafts = _claims(response)
    assert "1200 BC." not in [d.claim for d in drafts]
    assert _all_pieces(response, drafts) == [[response]]
    # "the first album released by X" says which album
    response = "Blue Moon is the first studio album released by the trio."
    (first,) = _claims(response)
    assert first.claim == response
    assert _pieces(response, first) == [response]


def test_a_clause_of_place_reads_she_as_the_sentences_named_subject() -> None:
    response = "Mira Holt raised funds for the Ocean Trust, where she has volunteered for years."
    drafts = _claims(response)
    assert [d.claim for d in drafts] == [
        "Mira Holt raised funds for the Ocean Trust.",
        "Mira Holt has volunteered for years.",
    ]
    # "she" is the word read as "Mira Holt"
    assert _all_pieces(response, drafts) == [
        ["Mira Holt raised funds for the Ocean Trust"],
        ["she has volunteered for years"],
    ]
    # "it" or "they" of a clause of place is not guessed: the sentence stays whole
    response = "The plant moved to Ohio in 1990, where they built engines for trucks."
    (kept,) = _claims(response)
    assert "where" in kept.claim
    assert _pieces(response, kept) == [response.rstrip(".")]


def test_an_absolute_phrase_of_an_unresolved_it_is_said_without_it() -> None:
    response = "It also works the other way around, with the larger team sharing its tools."
    drafts = _claims(response)
    assert [d.claim for d in drafts] == [
        "It also works the other way around.",
        "The larger team shares its tools.",
    ]
    assert _all_pieces(response, drafts) == [
        ["It also works the other way around"],
        ["the larger team sharing its tools"],
    ]


def test_who_was_known_as_is_a_relative_clause() -> None:
    response = "Ann Lee was named after Mira Holt, who was known as “the Lark”."
    drafts = _claims(response)
    assert drafts[-1].claim.startswith("Mira Holt was known as “the Lark")
    assert _all_pieces(response, drafts) == [
        ["Ann Lee was named after Mira Holt"],
        ["Mira Holt", "who was known as “the Lark"],
    ]


def test_a_clause_of_place_after_a_pronoun_subject_reads_the_same_pronoun() -> None:
    response = (
        "Ada Lin was born in Oslo. In 1990 she moved to Bergen to study law at the "
        "university, where she met the painter Tor Berg."
    )
    drafts = _claims(response)
    assert [d.claim for d in drafts] == [
        "Ada Lin was born in Oslo.",
        "In 1990 Ada Lin moved to Bergen to study law at the university.",
        "Ada Lin met the painter Tor Berg.",
    ]
    # each "she" is the word read as "Ada Lin"
    assert _all_pieces(response, drafts) == [
        ["Ada Lin was born in Oslo."],
        ["In 1990 she moved to Bergen to study law at the university"],
        ["she met the painter Tor Berg"],
    ]


# --- the kinds the module docstrings name, each with the span of every claim ------------------


def test_a_clause_without_its_own_auxiliaries_borrows_the_shared_ones() -> None:
    response = "The virus can be spread by mosquitoes and transmitted through blood transfusions."
    drafts = _claims(response)
    assert [d.claim for d in drafts] == [
        "The virus can be spread by mosquitoes.",
        "The virus can be transmitted through blood transfusions.",
    ]
    # the borrowed subject and auxiliaries are one piece, the clause's own words another
    assert _all_pieces(response, drafts) == [
        ["The virus can be spread by mosquitoes"],
        ["The virus can be", "transmitted through blood transfusions"],
    ]
    assert response[drafts[1].start : drafts[1].end] == "transmitted through blood transfusions."


def test_a_list_of_values_of_one_slot_is_one_claim_per_value() -> None:
    response = "The Danube flows through Vienna, Budapest and Belgrade."
    drafts = _claims(response)
    assert [d.claim for d in drafts] == [
        "The Danube flows through Vienna.",
        "The Danube flows through Budapest.",
        "The Danube flows through Belgrade.",
    ]
    assert _all_pieces(response, drafts) == [
        ["The Danube flows through Vienna"],
        ["The Danube flows through", "Budapest"],
        ["The Danube flows through", "Belgrade"],
    ]


def test_in_addition_to_x_is_read_as_one_more_object() -> None:
    response = "In addition to wheat, the farm grows barley."
    drafts = _claims(response)
    assert [d.claim for d in drafts] == ["The farm grows wheat.", "The farm grows barley."]
    assert _all_pieces(response, drafts) == [
        ["In addition to wheat", "the farm grows"],
        ["the farm grows barley"],
    ]


def test_a_reason_clause_and_a_reasons_frame_are_claims_of_their_own() -> None:
    response = "The bridge was closed in 1990 because the river had flooded the town."
    drafts = _claims(response)
    assert [d.claim for d in drafts] == [
        "The bridge was closed in 1990.",
        "The river had flooded the town.",
    ]
    assert _all_pieces(response, drafts) == [
        ["The bridge was closed in 1990"],
        ["the river had flooded the town"],
    ]
    # "This is because X" and "These findings show that X": the claim is X, the frame's
    # words in no span
    response = (
        "The bridge closed in 1990. This is because the river had flooded the town. "
        "These findings show that the lake froze in 1900."
    )
    drafts = _claims(response)
    assert [d.claim for d in drafts] == [
        "The bridge closed in 1990.",
        "The river had flooded the town.",
        "The lake froze in 1900.",
    ]
    assert _all_pieces(response, drafts) == [
        ["The bridge closed in 1990."],
        ["the river had flooded the town"],
        ["the lake froze in 1900"],
    ]


def test_a_definite_description_as_subject_reads_as_the_thing_named_before() -> None:
    response = (
        "The Eiffel Tower was built for the 1889 World's Fair. The tower was painted red in 1968."
    )
    built, painted = _claims(response)
    assert painted.claim == "The Eiffel Tower was painted red in 1968."
    assert painted.rewrite is not None
    assert "'The tower' read as 'The Eiffel Tower'" in painted.rewrite
    # the claim points at the response's own words, "The tower" among them
    assert _pieces(response, built) == ["The Eiffel Tower was built for the 1889 World's Fair."]
    assert _pieces(response, painted) == ["The tower was painted red in 1968"]


def test_they_reads_as_the_plural_subject_named_before() -> None:
    response = (
        "The Beatles were formed in Liverpool in 1960. They released their first album in 1963."
    )
    formed, released = _claims(response)
    assert released.claim == "The Beatles released their first album in 1963."
    assert released.rewrite is not None
    assert "'They' read as 'The Beatles'" in released.rewrite
    assert _pieces(response, formed) == ["The Beatles were formed in Liverpool in 1960."]
    assert _pieces(response, released) == ["They released their first album in 1963"]


def test_a_pronoun_with_nothing_named_before_reads_as_the_prompts_subject() -> None:
    cases = [
        (
            "When was the Eiffel Tower built?",
            "It was completed in 1889.",
            "The Eiffel Tower was completed in 1889.",
            "It was completed in 1889",
        ),
        (
            "Who was Marie Curie?",
            "She won the Nobel Prize in 1903.",
            "Marie Curie won the Nobel Prize in 1903.",
            "She won the Nobel Prize in 1903",
        ),
        (
            "Tell me about Oslo.",
            "Its population is about 600,000.",
            "Oslo's population is about 600,000.",
            "Its population is about 600,000",
        ),
    ]
    for prompt, response, claim, words in cases:
        (draft,) = _claims(response, prompt=prompt)
        assert draft.claim == claim
        assert draft.rewrite is not None
        assert "read as" in draft.rewrite
        # the prompt's words are in no span: the claim points at the response's pronoun
        assert _pieces(response, draft) == [words]


def test_one_measure_in_two_units_is_not_a_list() -> None:
    drafts = _claims("The crossing took Ann Pell 18 hours and 55 minutes in 2020.")
    assert [d.claim for d in drafts] == [
        "The crossing took Ann Pell 18 hours and 55 minutes in 2020."
    ]


def test_either_or_is_a_choice_not_two_facts() -> None:
    drafts = _claims("The award went to either Ann Pell or Mara Lind.")
    assert [d.claim for d in drafts] == ["The award went to either Ann Pell or Mara Lind."]


def test_they_stands_for_people_named_together() -> None:
    response = (
        "The record is held by Johnny Strange and Tom Gregory. "
        "In 2020, they crossed the Orva Channel in 18 hours."
    )
    claims = [d.claim for d in _claims(response)]
    assert "In 2020, Johnny Strange and Tom Gregory crossed the Orva Channel in 18 hours." in claims


def test_it_means_that_stands_for_what_was_said_and_a_word_part_names_nothing() -> None:
    response = "If someone marries their mother's daughter-in-law, it means that they wed twice."
    claims = [d.claim for d in _claims(response)]
    assert not any("law means" in c for c in claims)


@pytest.mark.parametrize(
    "sentence",
    [
        "In 1973, it was not illegal for students to attend the Orva school.",
        "It is possible for a lunar eclipse to follow a solar eclipse.",
        "It is a common misconception that Orva cookies are Chinese.",
        "It becomes clear that the Orva treaty failed.",
        "It was snowing in Orva.",
    ],
)
def test_an_it_ahead_of_a_clause_or_of_the_weather_stands_for_nothing(sentence: str) -> None:
    response = f"The Orva Academy opened in 1901. {sentence}"
    drafts = _claims(response)
    assert not any("Orva Academy" in d.claim for d in drafts[1:])


def test_it_before_a_role_and_its_act_is_the_thing_named_before() -> None:
    response = "Finland gave women the vote in 1906. It was the first country in Europe to do so."
    claims = [d.claim for d in _claims(response)]
    assert claims[-1] == "Finland was the first country in Europe to do so."


@pytest.mark.parametrize(
    "frame", ["It is worth noting that", "It's worth to note that", "It should be noted that"]
)
def test_a_frame_that_tells_the_reader_is_left_out(frame: str) -> None:
    claims = [d.claim for d in _claims(f"{frame} the Orva Academy is small.")]
    assert claims == ["The Orva Academy is small."]


def test_the_second_they_of_two_joined_clauses_is_the_firsts() -> None:
    response = (
        "Orvel hounds are dichromatic. They can tell shades of blue and yellow apart, "
        "but they have difficulty with red and green."
    )
    claims = [d.claim for d in _claims(response)]
    assert claims[-1].startswith("Orvel hounds have difficulty")


def test_a_joint_word_is_one_word_of_a_list() -> None:
    """ "the CEO and co-founder": "co-founder" is one word (spaCy's tokenizer would cut
    "co", "-", "founder", read as members: "Dorsey is also co."), a list member like any
    other; a description the parser hangs on the list's first noun is no claim of it."""
    drafts = _claims("Tor Vik is also the CEO and co-founder of Velta, a payments firm in Oslo.")
    claims = [d.claim for d in drafts]
    assert "Tor Vik is also the co-founder of Velta." in claims
    assert not any(c.endswith((" co.", " .")) or c.startswith("The CEO") for c in claims)


def test_a_hyphen_piece_the_tokenizer_cut_is_not_a_list_member() -> None:
    doc = parse("Tor Vik is the CEO and anti-hero of the film.")
    pieces = [t for t in doc if t.text in ("anti", "-")]
    assert pieces
    assert all(_hyphen_piece(t) for t in pieces)
    assert not _hyphen_piece(next(t for t in doc if t.text == "CEO"))


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        (
            "Ada Berg was a Norwegian physicist and chemist.",
            ["Ada Berg was a Norwegian physicist.", "Ada Berg was a chemist."],
        ),
        (
            "Ada Berg was an actress, singer and author.",
            ["Ada Berg was an actress.", "Ada Berg was a singer.", "Ada Berg was an author."],
        ),
        # a plural takes no "a": "within a few hours or days"
        (
            "The eclipse was followed by a storm within a few hours or days.",
            [
                "The eclipse was followed by a storm within a few hours.",
                "The eclipse was followed by a storm within days.",
            ],
        ),
    ],
)
def test_a_later_member_of_a_list_shares_the_first_members_article(
    response: str, expected: list[str]
) -> None:
    assert [d.claim for d in _claims(response)] == expected


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        (
            "Tor Vik was the founder and chairman of the company.",
            ["Tor Vik was the founder of the company.", "Tor Vik was the chairman of the company."],
        ),
        (
            "Oslo is the capital and largest city of Norway.",
            ["Oslo is the capital of Norway.", "Oslo is the largest city of Norway."],
        ),
    ],
)
def test_a_list_of_roles_shares_its_one_of_phrase(response: str, expected: list[str]) -> None:
    assert [d.claim for d in _claims(response)] == expected


def test_they_after_an_opening_clause_is_the_team_named_there() -> None:
    response = (
        "Velta won the Orva Cup twice. Both victories were led by Tor Vik. Although Velta "
        "has been a strong team in Europe, they have not won the cup since 1986."
    )
    claims = [d.claim for d in extract_claims(response)]
    assert not any(c.startswith("Both victories have") for c in claims)
    assert any(c.startswith("Velta have not won the cup since 1986") for c in claims)


def test_it_after_there_is_no_exact_figure_is_that_figure() -> None:
    response = "There is no exact number of ferries in Velta, but it is estimated to be around 90."
    claims = [d.claim for d in extract_claims(response)]
    assert "The number of ferries in Velta is estimated to be around 90." in claims
    # "no exact answer" is nothing a later "it" stands for
    claims = [d.claim for d in extract_claims("There is no exact answer, but it varies a lot.")]
    assert not any(c.startswith("No exact answer") for c in claims)


def test_it_raised_before_to_be_names_the_thing_before() -> None:
    response = "The Orva Wall is a wall in Velta. It is estimated to be 2,000 km long."
    claims = [d.claim for d in extract_claims(response)]
    assert "The Orva Wall is estimated to be 2,000 km long." in claims
    # an "it" that stands ahead of a clause stays as it is
    kept = (
        "The Orva Wall is in Velta. It is believed to have taken centuries for the craft to spread."
    )
    claims = [d.claim for d in extract_claims(kept)]
    assert not any(c.startswith("The Orva Wall is believed") for c in claims)


def test_it_after_a_report_is_the_reported_clauses_subject() -> None:
    response = (
        "Velta is a town in Orva. Evidence suggests that weaving in Velta began around 200 "
        "BCE, but it did not become widespread until much later."
    )
    claims = [d.claim for d in extract_claims(response)]
    assert any(c.startswith("Weaving in Velta did not become widespread") for c in claims)
    studies = "Studies show that the drug works, but it has side effects."
    assert "The drug has side effects." in [d.claim for d in extract_claims(studies)]


def test_a_measure_after_the_name_a_role_is_held_by_is_what_the_name_has() -> None:
    response = "The most populous city in Velta is Orvan, Tarnland with a population of 3 million."
    claims = [d.claim for d in _claims(response)]
    assert claims == [
        "The most populous city in Velta is Orvan, Tarnland.",
        "Orvan has a population of 3 million.",
    ]
    with_comma = [d.claim for d in _claims("The capital of Peru is Lima, with an area of 90 km².")]
    assert with_comma == ["The capital of Peru is Lima.", "Lima has an area of 90 km²."]
