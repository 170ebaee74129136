"""The gazetteer: a first-level division named as its own city (Hamburg, Vienna, the
Community of Madrid) holds the cities of its own GeoNames division and no other."""

from __future__ import annotations

import pytest

from verifier.judges.frames.places import relate


@pytest.mark.parametrize(
    ("claim", "evidence", "relation"),
    [
        ("Hamburg", "Munich", "apart"),
        ("Bremen", "Hanover", "apart"),
        ("Salzburg", "Vienna", "apart"),
        ("Madrid", "Barcelona", "apart"),
        # a city of the division's own: the claim's place may hold it
        ("Hamburg", "Altona", "same"),
        ("Madrid", "Alcala de Henares", "same"),
        # "Madrid, Comunidad de": the division by the name before its kind
        ("Spain", "Madrid", "same"),
    ],
)
def test_a_division_named_as_its_city_holds_its_own_division(
    claim: str, evidence: str, relation: str
) -> None:
    assert relate(claim, evidence) == relation
