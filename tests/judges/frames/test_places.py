"""Places: how two place names stand to each other (the gazetteer's readings)."""

from __future__ import annotations

import pytest

from verifier.judges.frames.places import COUNTRY, places, relate


@pytest.mark.parametrize(
    ("mine", "theirs", "relation"),
    [
        ("Lyon", "France", "inside"),
        ("France", "Lyon", "same"),
        ("Warsaw", "Kraków", "apart"),
        # a country's name means the country, not a town of that name elsewhere ("Usa" in
        # Japan, Mexico in Missouri)
        ("USA", "Japan", "apart"),
        ("Mexico", "Missouri", "apart"),
        # a region of the country's name stays a reading ("Georgia" the US state)
        ("Georgia", "Atlanta", "same"),
    ],
)
def test_relate(mine: str, theirs: str, relation: str) -> None:
    assert relate(mine, theirs) == relation


def test_a_countrys_name_has_no_town_reading() -> None:
    assert all(p.level <= COUNTRY or p.level == 2 for p in places("Mexico"))
