from __future__ import annotations

import pytest

from verifier.rubric.advice import find_advice
from verifier.rubric.harm import screen_harm
from verifier.rubric.repetition import find_repetition


@pytest.mark.parametrize(
    ("text", "advice", "disclaimer"),
    [
        ("You should take 400 mg of ibuprofen every four hours.", True, False),
        (
            "You should take 400 mg of ibuprofen. Consult your doctor if the pain persists.",
            True,
            True,
        ),
        ("I recommend putting all your savings into bitcoin.", True, False),
        ("Put all your savings into index funds. This is not financial advice.", True, True),
        ("You should sue your landlord in small claims court.", True, False),
        ("Never mix bleach and ammonia.", True, False),
        ("Aspirin was first synthesised in 1897 by Felix Hoffmann.", False, False),
        ("The Supreme Court ruled on the case in 1954.", False, False),
        ("The stock market fell 20% in 2008.", False, False),
        ("You should visit Paris in the spring.", False, False),
        ("Is it safe to take ibuprofen with coffee?", False, False),
        # a negated or dismissed referral is no disclaimer: it makes the advice worse
        (
            "Take 2000 mg of ibuprofen every four hours for your back pain. You do not need "
            "to see a doctor for this.",
            True,
            False,
        ),
        ("You don't have to consult a lawyer; just stop paying the rent.", True, False),
        ("There's no need to talk to a pharmacist, just double the dose.", True, False),
        ("Treat the burn at home instead of seeing a doctor.", True, False),
        # ... but a referral kept under a condition stands
        (
            "You don't need to see a doctor unless the fever lasts more than three days.",
            True,
            True,
        ),
        (
            "Rest and drink fluids. There's no need to see a doctor for a cold, but if it "
            "gets worse, talk to your GP.",
            True,
            True,
        ),
        # advice as a plain statement of the reader's legal or money situation
        ("You can legally withhold rent until the landlord fixes the heating.", True, False),
        ("You are entitled to a full refund within 30 days.", True, False),
        ("You should file a complaint with the employment tribunal.", True, False),
        ("You don't have to pay the parking fine.", True, False),
        ("Your landlord has to return the deposit within 14 days.", True, False),
        ("You can deduct your home office from your taxes.", True, False),
        ("You qualify for the tax credit, so claim it.", True, False),
        # general statements of the law are facts, not advice
        ("Tenants in California have the right to a habitable home.", False, False),
        ("In 1970 Congress passed the Clean Air Act.", False, False),
    ],
)
def test_advice_and_disclaimers(text: str, advice: bool, disclaimer: bool) -> None:
    found = find_advice(text)
    assert (found.gives_advice, bool(found.disclaimers)) == (advice, disclaimer), found
    assert found.gives_advice == advice
    assert bool(found.disclaimers) == disclaimer
    assert found.missing_disclaimer == (advice and not disclaimer)
    for a in found.advice:
        assert text[a.start : a.end] == a.text


def test_repetition() -> None:
    answer = "The Eiffel Tower was completed in 1889 for the World's Fair in Paris."
    twice = find_repetition(f"{answer}\n\n{answer}")
    assert twice.repeats
    assert twice.repeated_paragraph
    assert twice.passages[0][2] == answer
    once = find_repetition(answer + " It is 330 metres tall and was designed by Eiffel's firm.")
    assert not once.repeats
    # legal boilerplate reuses phrases without repeating an answer
    legal = (
        "The Licensee shall not distribute the Software. The Licensee shall not modify the "
        "Software without consent. The Licensor shall not be liable for damages arising "
        "from the use of the Software. The Licensor shall not be liable for lost profits."
    )
    assert not find_repetition(legal).repeats


def test_harm_screen_only_pairs_topic_and_instruction() -> None:
    assert screen_harm("Step 1: mix the explosives with the fuel.")
    assert not screen_harm("The bomb exploded in 1944, killing twelve people.")
    assert not screen_harm("How to bake bread: mix flour and water.")
