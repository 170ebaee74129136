"""Titles the small parser would read as clauses, read as one name."""

from __future__ import annotations

import pytest

from verifier.judges.frames.records import Arg, Record
from verifier.judges.frames.titles import shielded, titles_of, unshielded


@pytest.mark.parametrize(
    ("claim", "titles"),
    [
        ("Chinua Achebe wrote Things Fall Apart.", ("Things Fall Apart",)),
        ("The Four Seasons was composed by Vivaldi.", ("Four Seasons",)),
        ("Margaret Mitchell wrote Gone with the Wind.", ("Gone with the Wind",)),
        # a person's two names, a name without a verb or a number word: left to the parser
        ("Mark Twain wrote The Adventures of Tom Sawyer.", ()),
        ("Alexander Graham Bell invented the telephone.", ()),
    ],
)
def test_titles_of(claim: str, titles: tuple[str, ...]) -> None:
    assert titles_of(claim) == titles


def test_a_title_is_shielded_and_put_back_as_a_thing() -> None:
    text, pairs = shielded("Heinemann published Things Fall Apart in 1958.", ("Things Fall Apart",))
    assert "Things Fall Apart" not in text
    stand_in = pairs[0][0]
    record = Record(
        stand_in.lower(),
        stand_in,
        "write",
        (Arg(stand_in, "", "person", stand_in.lower(), True),),
        subject_kind="person",
        text=text,
    )
    (back,) = unshielded((record,), pairs)
    assert (back.subject, back.subject_text, back.subject_kind) == (
        "things fall apart",
        "Things Fall Apart",
        "thing",
    )
    assert (back.args[0].text, back.args[0].kind) == ("Things Fall Apart", "thing")
    assert back.text == "Heinemann published Things Fall Apart in 1958."


def test_a_title_with_a_verb_is_read_as_a_name() -> None:
    """ "Things Fall Apart, the debut novel of Nigerian author Chinua Achebe, ..." supports
    "Chinua Achebe wrote Things Fall Apart" (the parser read "Fall" as the verb)."""
    from verifier.judges.frames.judge import FrameJudge

    sentence = "Gone with the Wind, a 1936 novel by Margaret Mitchell, won the Pulitzer Prize."
    judge = FrameJudge(records=True)
    assert judge.decide("Margaret Mitchell wrote Gone with the Wind.", [sentence]).label == (
        "supported"
    )
    assert judge.decide("Harper Lee wrote Gone with the Wind.", [sentence]).label == "refuted"
