"""A search result's knowledge panel read as sentences (verifier.judges.frames.panels)."""

from __future__ import annotations

import pytest

from verifier.judges.frames.judge import FrameJudge
from verifier.judges.frames.panels import panel_fields


def test_each_known_field_is_said_as_a_sentence_with_its_span() -> None:
    text = (
        "Velta ... Founded: August 29, 1997, Bergen, Kovia · Founders: Tor Vik, Ada Lund · "
        "Employees: 1,200 · Headquarters: Oslo"
    )
    fields = panel_fields(text)
    assert [said for _a, _b, said in fields] == [
        "Velta was founded on August 29, 1997 in Bergen, Kovia.",
        "Velta was founded by Tor Vik and Ada Lund.",
        "Velta is headquartered in Oslo.",
    ]
    a, b, _said = fields[1]
    assert text[a:b] == "Founders: Tor Vik, Ada Lund"


@pytest.mark.parametrize(
    "text",
    [
        "Britannica: Velta, a firm in Oslo ... Founded in 1997",  # no panel title
        "Salt (Super Deluxe Edition) ... Release date: September 27, 2019",  # an edition
        "Tor Vik founded Velta. It grew fast ... Founded: 1997",  # a sentence, not a title
    ],
)
def test_no_title_no_panel(text: str) -> None:
    assert panel_fields(text) == []


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        ("Velta was founded in 2001.", "refuted"),
        ("Velta was founded by Tor Vik and Ada Lund.", "supported"),  # the quote is the field
        ("Sval was founded in 2001.", "inconclusive"),  # another subject
    ],
)
def test_a_field_contradicts_a_claim_of_its_title(claim: str, label: str) -> None:
    text = "Velta ... Founded: August 29, 1997, Bergen · Founders: Tor Vik, Ada Lund"
    decision = FrameJudge().decide(claim, [text])
    assert decision.label == label
    if label == "refuted":
        assert decision.lead is not None
        assert decision.lead.sentence == "Founded: August 29, 1997, Bergen"
