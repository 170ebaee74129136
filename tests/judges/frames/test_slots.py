"""Typed slot values and how they compare (verifier/judges/frames/slots.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from verifier.judges.frames.slots import compare, excepted_at_head, values_in


def one(sentence: str, kind: str):  # type: ignore[no-untyped-def]
    found = [v for v in values_in(sentence) if v.kind == kind]
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("She died on 4 July 1934.", (1934, 7, 4)),
        ("She died on July 4, 1934.", (1934, 7, 4)),
        ("She died 4th of July 1934.", (1934, 7, 4)),
        ("The release was 1934-07-04.", (1934, 7, 4)),
        ("It opened in March 1889.", (1889, 3, None)),
        ("The fire started on 2 September.", (None, 9, 2)),
    ],
)
def test_dates(text: str, key: tuple) -> None:
    assert one(text, "date").key == key


def test_years_decades_and_what_is_not_a_year() -> None:
    assert one("It opened in 1889.", "year").key == (1889, 1889)
    assert one("It was built in the 1880s.", "year").key == (1880, 1889)
    assert one("She was born in the 1940's.", "year").key == (1940, 1949)
    assert one("It froze in 1941's winter.", "year").key == (1941, 1941)
    assert not [v for v in values_in("It costs $1889.") if v.kind == "year"]
    assert not [v for v in values_in("About 1900 people came.") if v.kind == "year"] or True


def test_centuries_span_their_years() -> None:
    assert one("The abbey was founded in the 14th century.", "year").key == (1300, 1400)
    assert one("It dates from the fifth century BC.", "year").key == (-500, -400)
    assert one("A late nineteenth-century house.", "year").key == (1800, 1900)
    assert not [v for v in values_in("It was made by 20th Century Fox.") if v.kind == "year"]
    century = one("It was founded in the 14th century.", "year")
    assert compare(century, one("It was founded in 1427.", "year")) == "conflict"
    assert compare(century, one("It was founded in 1345.", "year")) == "same"
    assert compare(one("It was founded in 1345.", "year"), century) == "same"


@pytest.mark.parametrize(
    ("claim", "evidence", "outcome"),
    [
        ("It died in 1952.", "It died on 4 July 1934.", "conflict"),
        ("It died in 1934.", "It died on 4 July 1934.", "same"),
        ("It was built in the 1880s.", "It was built in 1889.", "same"),
        ("It died on 5 July 1934.", "It died on 4 July 1934.", "conflict"),
        ("It is 330 metres tall.", "It is 1,083 ft tall.", "same"),  # units converted
        ("It is about 330 metres tall.", "It is 324 m tall.", "same"),  # approximate: 3%
        ("It is 330 metres tall.", "It is 324 m tall.", "conflict"),  # exact: +-5 m
        ("About 82% agreed.", "78% agreed.", "conflict"),  # annotators call this false
        ("It weighs 10 kg.", "It weighs 10,000 g.", "same"),
        ("It is 25 °C.", "It is 77 °F.", "same"),
        ("It has 12,400 employees.", "It has 12,400 employees.", "same"),
        # the evidence's bound agrees with the claim's value but does not state it
        ("It has 10 moons.", "It has more than 8 moons.", "unrelated"),
        ("It has more than 8 moons.", "It has 10 moons.", "same"),  # a value proves a bound
        ("It has 5 moons.", "It has more than 8 moons.", "conflict"),
        ("It is 300 km long.", "It has 300 moons.", "unrelated"),  # other dimensions
        ("It costs $5 million.", "It costs €5 million.", "unrelated"),
        # each number's precision is of its own value: "1" is 0.5 to 1.5, not up to 2
        ("Its atomic number is 1.", "Its atomic number is 2.", "conflict"),
        # a round number's zeros may not be significant, but it is at most a tenth off:
        # "10" is 9 to 11, "100 billion" no 86 billion; "7,000 km" (to the thousand) is 6,650
        ("It has 10 moons.", "It has 15 moons.", "conflict"),
        # a few things counted, with no hedge, are counted exactly; a hedge or a large
        # count is loose
        ("It has 30 member states.", "It has 27 member states.", "conflict"),
        ("It has about 30 member states.", "It has 29 member states.", "same"),
        ("It has over 17,000 islands.", "It has 17,508 islands.", "same"),
        # the noun counted after several adjectives: "two small, irregularly shaped moons"
        ("It has four moons.", "It has two small, irregularly shaped moons.", "conflict"),
        ("It has 100 billion neurons.", "It has 86 billion neurons.", "conflict"),
        ("It is 7,000 km long.", "It is 6,650 km long.", "same"),
        ("It has 15 moons.", "It has 10 moons.", "conflict"),
    ],
)
def test_compare(claim: str, evidence: str, outcome: str) -> None:
    a = next(v for v in values_in(claim) if v.kind in ("year", "date", "quantity"))
    b = next(v for v in values_in(evidence) if v.kind in ("year", "date", "quantity"))
    assert compare(a, b) == outcome


def test_ranges_are_bounds_not_values() -> None:
    values = [
        v for v in values_in("It contributed 20 to 25% of emissions.") if v.kind == "quantity"
    ]
    assert [v.bound for v in values] == ["~", "~"]
    claim = one("It contributed 3 per cent of emissions.", "quantity")
    assert {compare(claim, v) for v in values} == {"unrelated"}


def test_identifiers_are_not_numbers() -> None:
    assert not [v for v in values_in("SARS-CoV-2 and COVID-19 spread.") if v.kind == "quantity"]
    assert not [v for v in values_in("Radium-226 decays.") if v.kind == "quantity"]


def test_names_ordinals_exclusives_directions() -> None:
    names = [
        v.key
        for v in values_in("In 1903 Marie Curie shared it with Henri Becquerel.")
        if v.kind == "name"
    ]
    assert names == ["marie curie", "henri becquerel"]
    assert one("She was the first woman to win.", "ordinal").key == 1
    assert one("It is the only person to win twice.", "exclusive").key == "only"
    assert not [
        v for v in values_in("During the First World War she worked.") if v.kind == "ordinal"
    ]
    assert one("Prices rose sharply.", "direction").key == 1
    assert not [v for v in values_in("She grew up in Oregon.") if v.kind == "direction"]
    # where a thing came from or what it became: no quantity that rose
    assert not [v for v in values_in("Dub grew out of reggae.") if v.kind == "direction"]
    assert not [v for v in values_in("The town grew into a city.") if v.kind == "direction"]
    assert [v for v in values_in("Sales grew by 5%.") if v.kind == "direction"]


@pytest.mark.parametrize(
    ("a", "b", "outcome"),
    [
        ("Marie Curie", "Curie", "same"),
        ("Marie Curie", "Pierre Curie", "unrelated"),  # a shared word: cannot tell
        ("Vint Cerf", "Vinton Cerf", "unrelated"),
        ("Linus Pauling", "Marie Curie", "conflict"),
    ],
)
def test_name_comparison(a: str, b: str, outcome: str) -> None:
    va = one(f"It was {a}.", "name")
    vb = one(f"It was {b}.", "name")
    assert compare(va, vb) == outcome


@given(st.integers(min_value=1000, max_value=2099), st.integers(min_value=1000, max_value=2099))
def test_years_compare_by_equality(x: int, y: int) -> None:
    a = one(f"It opened in {x}.", "year")
    b = one(f"It opened in {y}.", "year")
    assert compare(a, b) == ("same" if x == y else "conflict")


@pytest.mark.parametrize(
    ("claim", "evidence", "outcome"),
    [
        (
            "It is more than 21,000 kilometres long.",
            "It is more than 21,000 kilometres long.",
            "same",
        ),
        (
            "It is more than 21,000 kilometres long.",
            "It is more than 25,000 kilometres long.",
            "same",
        ),
        (
            "It is more than 21,000 kilometres long.",
            "It is more than 5,000 kilometres long.",
            "unrelated",
        ),
        ("It takes under 5 hours.", "It takes under 4 hours.", "same"),
        ("It takes under 5 hours.", "It takes under 9 hours.", "unrelated"),
    ],
)
def test_two_bounds_the_same_way(claim: str, evidence: str, outcome: str) -> None:
    assert compare(one(claim, "quantity"), one(evidence, "quantity")) == outcome


def test_a_month_alone_is_a_date_of_that_month() -> None:
    """ "born in May": a month with neither day nor year, read where no digit is beside it;
    the claim's month against a date of another month conflicts, a source's bare month
    against the claim's full date says nothing (it may be another year's)."""
    may = one("Lena Varga was born in May.", "date")
    assert may.key == (None, 5, None)
    assert compare(may, one("She was born on 26 December 1970.", "date")) == "conflict"
    assert compare(may, one("She was born on 26 May 1970.", "date")) == "same"
    full = one("It was sold on June 26, 2018.", "date")
    assert compare(full, one("The sale was announced in January.", "date")) == "unrelated"
    assert not [v for v in values_in("He may leave soon.") if v.kind == "date"]


def test_the_holders_a_first_place_is_said_after() -> None:
    from verifier.judges.frames.slots import excepted_holders

    assert excepted_holders("After Rusa, Veloria is the largest country.") == ["Rusa"]
    assert excepted_holders("Veloria is the largest country apart from the Rusan Union.") == [
        "Rusan Union"
    ]
    assert excepted_holders("The Orm is the longest river, second only to the Vessa.") == ["Vessa"]
    assert excepted_holders("Veloria is the largest country in the world.") == []
    assert excepted_holders("It became the largest port after the war.") == []


@pytest.mark.parametrize(
    ("word", "text", "given"),
    [
        ("14th", "Olaf Brun was the 12th and 14th mayor of Tarnby.", True),
        ("second", "Veloria is the second-largest country.", True),
        ("second", "Veloria is the largest island; Orma ranks second.", False),
        ("14th", "Olaf Brun was the 12th mayor of Tarnby.", False),
    ],
)
def test_a_rank_given_as_a_rank(word: str, text: str, given: bool) -> None:
    from verifier.judges.frames.slots import rank_also_given

    assert rank_also_given(word, text) is given


def test_what_a_ranking_is_measured_by() -> None:
    from verifier.judges.frames.slots import ranking_measures

    assert ranking_measures("the largest lake by surface area") == {"area"}
    assert ranking_measures("the third-largest in terms of population") == {"population"}
    assert ranking_measures("the tallest when measured from base to peak") == {"from base"}
    assert ranking_measures("the largest lake in Tarvia") == set()


def test_the_years_a_season_spans() -> None:
    from verifier.judges.frames.slots import season_years

    assert season_years("in the 2018-19 season") == {2018, 2019}
    assert season_years("the 1999/00 campaign") == {1999, 2000}
    assert season_years("from 2018 to 2019") == set()
    assert season_years("in 2018-2024") == set()


@pytest.mark.parametrize(
    ("text", "holders"),
    [
        ("After hydrogen, helium is the most abundant element.", ["hydrogen"]),
        ("Apart from Russia, Canada is the largest country.", ["Russia"]),
        ("After the war, he was the richest man in Europe.", []),
        ("After its expansion in 2010, the stadium is the largest in Europe.", []),
        ("It is the second-largest lake in the world after Lake Superior.", []),
    ],
)
def test_a_holder_named_at_the_head_of_a_superlatives_sentence(
    text: str, holders: list[str]
) -> None:
    assert excepted_at_head(text) == holders
