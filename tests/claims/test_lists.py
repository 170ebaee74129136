"""Lists written one entry a line, entries said with their list's header, "Name: a
description" entries, and a numbered entry's "This is ..." read as its name."""

from __future__ import annotations

from verifier.claims.extract import ClaimDraft, extract_claims


def _pieces(response: str, draft: ClaimDraft) -> list[str]:
    return [response[s:e] for s, e in draft.spans]


def test_numbered_lines_after_a_header_are_each_said_with_the_header() -> None:
    response = (
        "The three founders of the club were:\n1.Ann Lee (1990-1995)\n2.Bo Chen (1995-2001)\n"
        "3.Cy Diaz (2001-2010)"
    )
    drafts = extract_claims(response)
    header = drafts[0]
    assert not header.check_worthy
    assert header.reason == "introduces the list that follows"
    claims = [d for d in drafts if d.check_worthy]
    assert [d.claim for d in claims] == [
        "The three founders of the club were Ann Lee (1990-1995).",
        "The three founders of the club were Bo Chen (1995-2001).",
        "The three founders of the club were Cy Diaz (2001-2010).",
    ]
    first = claims[0]
    assert first.text == "Ann Lee (1990-1995)" == response[first.start : first.end]
    header_words = "The three founders of the club were"
    assert [_pieces(response, d) for d in claims] == [
        [header_words, "Ann Lee (1990-1995)"],
        [header_words, "Bo Chen (1995-2001)"],
        [header_words, "Cy Diaz (2001-2010)"],
    ]
    assert _pieces(response, header) == ["The three founders of the club were:"]


def test_name_and_description_lines_give_what_it_is_and_its_membership() -> None:
    response = (
        "Some of the rivers of Peru include:\n"
        "Ucayali: a river that rises in the Andes of southern Peru\n"
        "Marañón: a river that flows north through the Andes\n"
        "Both rivers join to form the Amazon near Nauta."
    )
    drafts = [d for d in extract_claims(response) if d.check_worthy]
    claims = [d.claim for d in drafts]
    assert claims[:4] == [
        "Some of the rivers of Peru include Ucayali.",
        "Ucayali is a river that rises in the Andes of southern Peru.",
        "Some of the rivers of Peru include Marañón.",
        "Marañón is a river that flows north through the Andes.",
    ]
    # a sentence on a line of its own is no entry said with the header
    assert claims[4:] == ["Both rivers join to form the Amazon near Nauta."]
    described = drafts[1]
    include = "Some of the rivers of Peru include"
    assert [_pieces(response, d) for d in drafts] == [
        [include, "Ucayali"],
        ["Ucayali", "a river that rises in the Andes of southern Peru"],
        [include, "Marañón"],
        ["Marañón", "a river that flows north through the Andes"],
        ["Both rivers join to form the Amazon near Nauta."],
    ]
    assert response[described.start : described.end] == (
        "a river that rises in the Andes of southern Peru"
    )


def test_a_numbered_entry_reads_this_as_its_name_and_drops_stray_numbers() -> None:
    response = (
        "The trio released two albums in the 1990s. 1. “Blue Moon” (1994) - This is the "
        "trio's debut album. 2. “Red Sun” (1998) - It was recorded in Oslo."
    )
    drafts = extract_claims(response)
    numbers = [d for d in drafts if d.reason == "a list's number"]
    assert [d.text for d in numbers] == ["1.", "2."]
    claims = [d for d in drafts if d.check_worthy]
    assert [d.claim for d in claims] == [
        "The trio released two albums in the 1990s.",
        "“Blue Moon” (1994) is the trio's debut album.",
        "“Red Sun” (1998) was recorded in Oslo.",
    ]
    blue = claims[1]
    # "This" is read as the entry's name, a piece of its own; "It" is the word read as it
    assert [_pieces(response, d) for d in claims] == [
        ["The trio released two albums in the 1990s."],
        ["“Blue Moon” (1994)", "This is the trio's debut album"],
        ["It was recorded in Oslo"],
    ]
    assert response[blue.start : blue.end] == "“Blue Moon” (1994) - This is the trio's debut album."
    assert blue.rewrite is not None
    assert "'This' read as the entry" in blue.rewrite


def test_a_headers_definite_subject_takes_the_words_of_its_fuller_mention() -> None:
    response = (
        "There were three winners of the Nordic Prize in 1990. The three winners were:\n"
        "1. Ann Lee\n2. Bo Chen\n3. Cy Diaz"
    )
    claims = [d for d in extract_claims(response) if d.check_worthy]
    assert [d.claim for d in claims][1:] == [
        "The three winners of the Nordic Prize were Ann Lee.",
        "The three winners of the Nordic Prize were Bo Chen.",
        "The three winners of the Nordic Prize were Cy Diaz.",
    ]
    ann = claims[1]
    assert [_pieces(response, d) for d in claims] == [
        ["There were three winners of the Nordic Prize in 1990."],
        ["The three winners were", "Ann Lee"],
        ["The three winners were", "Bo Chen"],
        ["The three winners were", "Cy Diaz"],
    ]
    assert ann.rewrite is not None
    assert "read as 'The three winners of the Nordic Prize were'" in ann.rewrite


def test_a_lead_in_says_nothing_and_a_dashed_entry_keeps_its_whole_name() -> None:
    # "They are:" states nothing; "Name - appointed by X in 1990" is said of the whole
    # name (the parser makes the name the sentence's root), in the past (a dated event)
    response = (
        "Three women have led the institute. They are:\n"
        "1. Mary Ann Whitfield - appointed by the board in 1990.\n"
        "2. Lena Okafor - appointed by the board in 2004.\n"
    )
    drafts = extract_claims(response)
    lead_in = next(d for d in drafts if d.text.startswith("They are"))
    assert not lead_in.check_worthy
    assert lead_in.reason == "a list's lead-in (the entries after it are the claims)"
    appointed = [d for d in drafts if d.check_worthy and "appointed" in d.claim]
    assert appointed[0].claim == "Mary Ann Whitfield was appointed by the board in 1990."
    assert _pieces(response, appointed[0]) == [
        "Mary Ann Whitfield",
        "appointed by the board in 1990",
    ]
    # however the parser reads the second entry, its name is never cut
    assert appointed[1].claim.startswith("Lena Okafor ")


def test_here_are_some_names_what_its_entries_are_and_a_bare_role_gets_its_article() -> None:
    response = (
        "Sure, here are some famous graduates of the Orva Academy:\n"
        "1. Ann Pell - Actress known for her roles in Blue Moon.\n"
        "2. Bo Lind - Nobel Prize-winning economist.\n"
        "3. Cy Rask - Former Mayor of Orva."
    )
    claims = [d.claim for d in extract_claims(response) if d.check_worthy]
    assert claims == [
        "Ann Pell is one of the famous graduates of the Orva Academy.",
        "Ann Pell is an actress known for her roles in Blue Moon.",
        "Bo Lind is one of the famous graduates of the Orva Academy.",
        "Bo Lind is a Nobel Prize-winning economist.",
        "Cy Rask is one of the famous graduates of the Orva Academy.",
        "Cy Rask is a former Mayor of Orva.",
    ]


def test_a_description_that_is_a_sentence_or_a_step_is_not_said_with_is() -> None:
    response = (
        "To hire a decorator, follow these steps:\n"
        "1. Budget: Determine your budget for the project.\n"
        "2. Damages: The other party must have suffered damages."
    )
    claims = [d.claim for d in extract_claims(response)]
    assert not any(c.startswith(("Budget is", "Damages is")) for c in claims)
    # "Here is a list:" names nothing: no header
    listed = extract_claims("Here is a list:\n1. Ann Pell\n2. Bo Lind")
    assert not any("one of the" in d.claim for d in listed)
