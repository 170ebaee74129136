"""The guards: every reason a conflict is dismissed, demoted or disputed, one function each.

Each guard is asked directly about a conflict built from a claim and an evidence sentence
(its own pairs, written for these tests), must speak for the true claim's conflict and stay
silent for a false claim's; and the judge, end to end, names the guard that decided.
"""

from __future__ import annotations

import pytest

from verifier.judges import aggregate
from verifier.judges.base import (
    CLAIM_GUARDS,
    Action,
    Agreement,
    Dispute,
    Judgement,
    Source,
    corroborated,
    single_source,
)
from verifier.judges.frames.frame import Frame, Slot, frame_of
from verifier.judges.frames.guards import (
    FRAME_GUARDS,
    GUARDS,
    Conflict,
    another_event,
    another_kind_of_name,
    another_measure,
    another_numbered,
    another_ranking,
    another_scope,
    another_source,
    another_time,
    another_work,
    continents,
    cut_off,
    dated,
    done_once,
    excepted,
    finished_by_a_doer,
    headcount,
    in_season,
    loose_relation,
    named_by_claim,
    named_in_passing,
    namesake,
    no_statement,
    place_inside,
    ranked_list,
    ranked_then,
    repeated,
    statement_time,
    value_also_stated,
)
from verifier.judges.frames.judge import FrameJudge
from verifier.judges.frames.slots import compare


def _pick(frame: Frame, kind: str, text: str | None = None) -> Slot:
    return next(
        s
        for s in frame.slots
        if (s.value.kind == kind or {s.value.kind, kind} <= {"year", "date"})
        and (text is None or s.value.text == text)
    )


def conflict(
    claim: str,
    evidence: str,
    kind: str,
    mine: str | None = None,
    theirs: str | None = None,
    **extra: object,
) -> Conflict:
    """The conflict of the claim's slot of ``kind`` (or the one reading ``mine``) with the
    sentence's differing value of that kind (or the one reading ``theirs``)."""
    a, b = frame_of(claim), frame_of(evidence)
    slot = _pick(a, kind, mine)
    if theirs is None:
        other = next(
            s
            for s in b.slots
            if (s.value.kind == kind or {s.value.kind, kind} <= {"year", "date"})
            and compare(slot.value, s.value) != "same"
        )
    else:
        other = _pick(b, kind, theirs)
    fields: dict[str, object] = {"rivals": (other,), "subject": 3, "same_relation": True}
    fields.update(extra)
    return Conflict(
        "slot",
        slot.value.kind,
        f"{slot.value.text} vs {other.value.text}",
        a,
        b,
        slot,
        other,
        **fields,  # type: ignore[arg-type]
    )


def _rank_conflict(claim: str, sentence: str) -> Conflict:
    a, b = frame_of(claim), frame_of(sentence)
    mine, theirs = _pick(a, "exclusive"), _pick(b, "exclusive")
    said = f"{mine.value.text} vs {theirs.value.text}"
    return Conflict("rank", "ordinal", said, a, b, mine, theirs)


# guard -> (a true claim's conflict it explains, a false claim's it must leave alone)
PAIRS = {
    another_ranking: (
        _rank_conflict(
            "Veloria is the second-largest producer of coffee.",
            "Veloria is the largest producer of cashews.",
        ),
        _rank_conflict(
            "Veloria is the second-largest producer of coffee.",
            "Veloria is the largest producer of coffee.",
        ),
    ),
    finished_by_a_doer: (
        conflict(
            "Anna Vell finished the Tarnby Marathon in 2018.",
            "Anna Vell finished the Tarnby Marathon in 2013.",
            "year",
        ),
        conflict(
            "The Tarnby cathedral was finished in 1890.",
            "The Tarnby cathedral was finished in 1880.",
            "year",
        ),
    ),
    in_season: (
        conflict(
            "Tarnby FC finished fifth in the Vessa League in 2019.",
            "Tarnby FC finished fifth in the Vessa League in the 2018-19 season.",
            "year",
        ),
        conflict(
            "Tarnby FC finished fifth in the Vessa League in 2016.",
            "Tarnby FC finished fifth in the Vessa League in the 2018-19 season.",
            "year",
        ),
    ),
    excepted: (
        _rank_conflict(
            "After Rusa, Veloria is the largest country in the world.",
            "Veloria is the second-largest country in the world.",
        ),
        _rank_conflict(
            "Veloria is the largest country in the world.",
            "Veloria is the second-largest country in the world.",
        ),
    ),
    ranked_then: (
        _rank_conflict(
            "Tarnby is the second-largest port in Tarvia.", "Tarnby was the largest port in Tarvia."
        ),
        _rank_conflict(
            "Tarnby is the second-largest port in Tarvia.", "Tarnby is the largest port in Tarvia."
        ),
    ),
    headcount: (
        conflict(
            "Kessingen has a population of 90,000 people.",
            "The population of Kessingen is about 184,317.",
            "quantity",
        ),
        conflict("Vossberg employs 900 people.", "Vossberg employs 1,200 people.", "quantity"),
    ),
    named_by_claim: (
        conflict(
            "Marguerite Duval was born in Lyon, France.",
            "Marguerite Duval was born in Lyon in 1867.",
            "name",
            "France",
            "Lyon",
        ),
        conflict(
            "Marie Curie was born in Paris.",
            "Marie Curie was born in Warsaw in 1867.",
            "name",
            "Paris",
            "Warsaw",
        ),
    ),
    place_inside: (
        conflict(
            "Jean Moulin was born in France.",
            "Jean Moulin was born in Béziers.",
            "name",
            "France",
            "Béziers",
        ),
        conflict(
            "Jean Moulin was born in Germany.",
            "Jean Moulin was born in Béziers.",
            "name",
            "Germany",
            "Béziers",
        ),
    ),
    statement_time: (
        conflict(
            "As of 2020, the Orvel Tower is the tallest building in Marnia.",
            "The Orvel Tower was completed in 1998.",
            "year",
            "2020",
            "1998",
        ),
        conflict(
            "The Orvel Tower was completed in 2020.",
            "The Orvel Tower was completed in 1998.",
            "year",
            "2020",
            "1998",
        ),
    ),
    cut_off: (
        conflict(
            "Ken Behring died in Walnut Creek in 2019.",
            "Ken Behring died on Tuesday in 2019 in Danville",
            "name",
            "Walnut Creek",
            "Danville",
        ),
        conflict(
            "Ken Behring died in Walnut Creek in 2019.",
            "Ken Behring died in Danville in 2019.",
            "name",
            "Walnut Creek",
            "Danville",
        ),
    ),
    another_kind_of_name: (
        conflict(
            "Marie Duval was born in Lyon.",
            "Marie Duval was born in the Hôtel-Dieu hospital in 1867.",
            "name",
            "Lyon",
            "Hôtel-Dieu",
        ),
        conflict(
            "Marie Duval was born in Lyon.",
            "Marie Duval was born in Marseille in 1867.",
            "name",
            "Lyon",
            "Marseille",
        ),
    ),
    value_also_stated: (
        conflict(
            "Hamburg had 2,496 bridges in 2022.",
            "Hamburg had 2,496 bridges in 2022 and 2,300 bridges in 1990.",
            "quantity",
            "2,496 bridges",
            "2,300 bridges",
        ),
        conflict(
            "Hamburg had 2,496 bridges in 2022.",
            "Hamburg had 2,300 bridges in 2022.",
            "quantity",
        ),
    ),
    another_numbered: (
        conflict(
            "The Vossberg 7 rocket was launched in 1962.",
            "The Vossberg 8 rocket was launched in 1964.",
            "year",
        ),
        conflict(
            "The Vossberg 7 rocket was launched in 1962.",
            "The Vossberg 7 rocket was launched in 1964.",
            "year",
        ),
    ),
    another_work: (
        conflict(
            "The 2011 film Winter Harbour was directed by Anna Lind.",
            "Winter Harbour (1958) was directed by Karl Berg and starred Erik Holm.",
            "name",
            "Anna Lind",
            "Karl Berg",
        ),
        conflict(
            "The 2011 film Winter Harbour was directed by Anna Lind.",
            "The 2011 film Winter Harbour was directed by Karl Berg.",
            "name",
            "Anna Lind",
            "Karl Berg",
        ),
    ),
    another_time: (
        conflict(
            "In 2023 the Vossberg company had 38,400 employees.",
            "By 1930 the Vossberg company had 1,150 employees.",
            "year",
        ),
        conflict(
            "The Vossberg company was founded in 1923.",
            "The Vossberg company was founded in 1930.",
            "year",
        ),
    ),
    no_statement: (
        conflict(
            "Argentina reached the semi-finals in 2014.",
            "Argentina 0–1 Belgium; 1986, semi-finals:",
            "year",
        ),
        conflict(
            "Argentina reached the semi-finals in 2014.",
            "Argentina reached the semi-finals in 1990.",
            "year",
        ),
    ),
    named_in_passing: (
        conflict(
            "Marie Curie was born in 1867.",
            "She visited her sister, who was born in 1865.",
            "year",
            subject=2,
            same_relation=False,
        ),
        conflict(
            "Marie Curie was born in 1867.",
            "She was born in 1865.",
            "year",
            subject=2,
            same_relation=True,
        ),
    ),
    namesake: (
        conflict(
            "Paris was founded in the 3rd century BC.",
            "Paris, Texas, a city in Lamar County, was founded in 1844.",
            "year",
        ),
        conflict(
            "Paris was founded in the 3rd century BC.",
            "Paris, France, was founded in 1844.",
            "year",
        ),
    ),
    another_scope: (
        conflict(
            "The busiest airport in South America is Guarulhos.",
            "The busiest airport in Latin America was Mexico City International Airport.",
            "name",
            "Guarulhos",
            "Mexico City International Airport",
        ),
        conflict(
            "The busiest airport in South America is Guarulhos.",
            "The busiest airport in South America is El Dorado.",
            "name",
            "Guarulhos",
            "El Dorado",
        ),
    ),
    continents: (
        conflict(
            "Kazakhstan is located in Europe.",
            "Kazakhstan is located in Asia.",
            "name",
            "Europe",
            "Asia",
        ),
        conflict(
            "The Great Wall is located in Europe.",
            "The Great Wall is located in Asia.",
            "name",
            "Europe",
            "Asia",
        ),
    ),
    another_measure: (
        conflict(
            "The smallest planet's radius is 2,440 km.",
            "The average radius of the planets is 20,000 km.",
            "quantity",
        ),
        conflict(
            "The radius of Mercury is 3,440 km.",
            "The radius of Mercury is 2,440 km.",
            "quantity",
        ),
    ),
    ranked_list: (
        conflict(
            "Finland has the highest rate of coffee drinking, 28%.",
            "Norway leads with 35%, followed by Finland with 31%.",
            "quantity",
            "28%",
            "31%",
        ),
        conflict(
            "Finland's rate of coffee drinking is 28%.",
            "Finland's rate of coffee drinking is 31%.",
            "quantity",
        ),
    ),
    another_source: (
        conflict(
            "About 40% of adults in Norway drink coffee daily.",
            "According to a 2019 survey, 55% of adults in Norway drink coffee daily.",
            "quantity",
        ),
        conflict(
            "About 40% of adults in Norway drink coffee daily.",
            "In Norway, 55% of adults drink coffee daily.",
            "quantity",
        ),
    ),
}


@pytest.mark.parametrize(
    ("guard", "true", "false"), [(g, *p) for g, p in PAIRS.items()], ids=[g.__name__ for g in PAIRS]
)
def test_a_guard_explains_the_true_claims_conflict_only(
    guard: object, true: Conflict, false: Conflict
) -> None:
    assert callable(guard)
    assert guard(true), f"{guard.__name__} stayed silent on {true.label}"
    assert guard(false) is None, f"{guard.__name__} spoke on {false.label}: {guard(false)}"


def test_titles_over_another_scope() -> None:
    """ "the most popular sport in the country" and "the 12th most popular sport in the
    world": two titles, though no place is named."""
    a, b = (
        frame_of("Rugby is the most popular sport in the country."),
        frame_of("Rugby is the 12th most popular sport in the world."),
    )
    mine, theirs = _pick(a, "exclusive"), _pick(b, "exclusive")
    c = Conflict("rank", "ordinal", "most popular vs 12th most popular", a, b, mine, theirs)
    assert another_scope(c) == "country vs world"
    same = frame_of("Rugby is the 12th most popular sport in the country.")
    c = Conflict("rank", "ordinal", "", a, same, mine, _pick(same, "exclusive"))
    assert another_scope(c) is None


def _text_conflict(**fields: object) -> Conflict:
    a = frame_of("Marie Curie won the Nobel Prize in Physics in 1903.")
    return Conflict("slot", "year", "year 1903 vs 1911", a, a, **fields)  # type: ignore[arg-type]


def test_another_event_two_values_or_another_name() -> None:
    assert another_event(_text_conflict(siblings=1)) == "2 values differ"
    assert another_event(_text_conflict(mismatches=1))
    assert another_event(_text_conflict()) is None


def _made_conflict(claim: str, found: str, kind: str = "name", **fields: object) -> Conflict:
    return Conflict("slot", kind, "name A vs B", frame_of(claim), frame_of(found), **fields)  # type: ignore[arg-type]


def test_done_once_another_maker_and_date_of_a_thing_made_once() -> None:
    claim = "The Orva Bridge was designed by Tor Vik in 1882."
    assert done_once(
        _made_conflict(claim, "The Orva Bridge was designed by Ada Berg in 1838.", siblings=1)
    )
    # one value apart is the slot rules' own conflict, not this guard's
    assert (
        done_once(_made_conflict(claim, "The Orva Bridge was designed by Ada Berg in 1882."))
        is None
    )
    # two dates, no other maker; an act done many times
    assert done_once(_made_conflict(claim, "x", kind="year", siblings=1)) is None
    won = "Tor Vik won the Orva Prize in 1882."
    assert (
        done_once(_made_conflict(won, "Ada Berg won the Orva Prize in 1838.", siblings=1)) is None
    )


@pytest.mark.parametrize(
    ("guard", "feature"),
    [(loose_relation, "loose_relation"), (repeated, "repeated"), (dated, "dated")],
)
def test_demoting_guards_read_their_feature(guard: object, feature: str) -> None:
    assert callable(guard)
    assert guard(_text_conflict(features={feature: 1.0}))
    assert guard(_text_conflict(features={feature: 0.0})) is None


def test_every_guard_is_in_the_table_once_with_a_test() -> None:
    names = [g.name for g in GUARDS]
    assert len(names) == len(set(names))
    assert {g.name for g in CLAIM_GUARDS} == {"corroborated", "single_source"}
    tested = {f.__name__ for f in PAIRS} | {
        "another_event",
        "done_once",
        "loose_relation",
        "repeated",
        "dated",
        "corroborated",
        "single_source",
    }
    assert {g.test.__name__ for g in GUARDS} <= tested
    assert all(g.title and g.test.__doc__ for g in FRAME_GUARDS)


# --- the claim's guards, across its passages ------------------------------------------


def _refutation(index: int = 0) -> Judgement:
    return Judgement(
        "refuted",
        0.95,
        "frames",
        index,
        0,
        10,
        "The Vossberg company was founded in 1874.",
        conflicts=("year 1894 vs 1874",),
        disputes=("year 1894",),
    )


def test_corroborated_by_another_passage() -> None:
    agrees = Judgement(
        "inconclusive",
        0.0,
        "frames",
        1,
        agreement=Agreement(("year 1894",), 0, 20, "Founded in 1894, Vossberg makes sensors."),
    )
    other = Judgement(
        "inconclusive",
        0.0,
        "frames",
        1,
        agreement=Agreement(("name Delft",), 0, 20, "Vossberg is based in Delft."),
    )
    assert corroborated(Dispute(_refutation(), [_refutation(), agrees]))
    assert corroborated(Dispute(_refutation(), [_refutation(), other])) is None


def test_one_web_source_is_not_enough_when_two_are_asked_for() -> None:
    one = Dispute(_refutation(), [_refutation()], [Source("example.org")], refute_sources=2)
    assert single_source(one) == "only 1 web source of the 2 needed (example.org)"
    trusted = Dispute(_refutation(), [_refutation()], [Source("corpus:a", True)], 2)
    assert single_source(trusted) is None
    two = Dispute(
        _refutation(), [_refutation(0), _refutation(1)], [Source("a.org"), Source("b.org")], 2
    )
    assert single_source(two) is None
    assert single_source(Dispute(_refutation(), [_refutation()], [Source("a.org")])) is None


# --- end to end: the verdict names the guard --------------------------------------------


def test_the_verdict_names_the_guard_that_dismissed() -> None:
    decision = FrameJudge().decide(
        "Rugby is the most popular sport in the country.",
        ["Rugby is the 12th most popular sport in the world."],
    )
    assert decision.label == "inconclusive"
    assert decision.guard is not None
    assert decision.guard.guard == "another_scope"
    assert decision.reason.startswith("conflict dismissed: another scope, country vs world")


def test_a_corroborated_conflict_is_disputed_with_both_quotes_and_no_cap() -> None:
    decision = FrameJudge().decide(
        "The Vossberg company was founded in 1894 in Delft.",
        [
            "The Vossberg company was founded in 1874 in Delft.",
            "Founded in 1894, Vossberg is a Dutch maker of sensors.",
        ],
    )
    assert (decision.label, decision.disputed) == ("inconclusive", True)
    assert decision.guard is not None
    assert decision.guard.action is Action.DISPUTE
    assert decision.lead is not None
    assert decision.counter is not None
    assert decision.lead.sentence == "Founded in 1894, Vossberg is a Dutch maker of sensors."
    assert decision.counter.sentence == "The Vossberg company was founded in 1874 in Delft."
    assert "“Founded in 1894" in decision.reason
    assert "“The Vossberg company was founded in 1874" in decision.reason


def test_the_same_refutation_alone_still_refutes() -> None:
    decision = FrameJudge().decide(
        "The Vossberg company was founded in 1894 in Delft.",
        ["The Vossberg company was founded in 1874 in Delft."],
    )
    assert decision.label == "refuted"
    assert decision.guard is None


def test_one_web_source_is_kept_for_review() -> None:
    judge = FrameJudge()
    judged = judge.judge_all(
        "The Vossberg company was founded in 1894 in Delft.",
        ["The Vossberg company was founded in 1874 in Delft."],
    )
    web = aggregate(judged, sources=[Source("example.org")], refute_sources=2)
    assert web.label == "inconclusive"
    assert web.guard is not None
    assert web.guard.guard == "single_source"
    assert web.lead is not None
    assert web.lead.conflicts == ("year 1894 vs 1874",)
    corpus = aggregate(judged, sources=[Source("corpus:a/b.txt", True)], refute_sources=2)
    assert corpus.label == "refuted"


def test_a_countrys_population_is_no_question_of_scope() -> None:
    """A country has no metropolitan area: two populations of it conflict as any count."""
    country = conflict(
        "Iceland has a population of 3 million people.",
        "The population of Iceland is about 390,000.",
        "quantity",
    )
    assert headcount(country) is None
    city = conflict(
        "Tokyo has a population of 37 million people.",
        "The population of Tokyo is about 14 million.",
        "quantity",
    )
    assert headcount(city)


def test_only_neighbouring_continents_may_hold_one_country() -> None:
    from verifier.judges.frames.guards import on_two_continents

    assert on_two_continents(("Egypt",), "Asia", "North Africa")
    assert on_two_continents(("Panama",), "South America", "North America")
    assert not on_two_continents(("Peru",), "Africa", "South America")
    assert not on_two_continents(("the Great Wall",), "Europe", "Asia")


def test_the_claims_value_of_another_act_explains_nothing() -> None:
    """ "listed in 1952, and adopted the name in 1957" against "listed in 1957": the
    sentence gives 1957 for another act, and the claim's act another year (a date or a
    doer); the claim's value for the same act of another thing ("gave the hill in 1925"
    against "gave the house in 1943") still explains it."""
    moved = conflict(
        "Vossberg's shares were listed on the Amsterdam exchange in 1957.",
        "Its shares were listed on the Amsterdam exchange in 1952, and it adopted the "
        "shorter name Vossberg N.V. in 1957.",
        "year",
        "1957",
        "1952",
    )
    assert value_also_stated(moved) is None
    born = conflict(
        "Marie Curie moved to Paris in 1867.",
        "Marie Curie was born in 1867 in Warsaw and moved to Paris in 1891.",
        "year",
        "1867",
        "1891",
    )
    assert value_also_stated(born) is None
    produced = conflict(
        "The film Orla was produced by Tomas Berg.",
        "The film Orla was produced by Anna Lund and directed by Tomas Berg.",
        "name",
        "Tomas Berg",
        "Anna Lund",
    )
    assert value_also_stated(produced) is None
    gave = conflict(
        "In 1943, Sir John gave the house to the Trust.",
        "In 1925, he gave the hill to the Trust and in 1943 the park was accepted by the Trust.",
        "year",
        "1943",
        "1925",
    )
    assert value_also_stated(gave) is not None  # another thing given: not the claim's act


@pytest.mark.parametrize(
    ("claim", "evidence", "differ"),
    [
        # a division named as its own city holds no city of another division
        ("Lena Varga was born in Munich.", "Lena Varga was born in Hamburg.", True),
        ("Lena Varga died in Salzburg.", "Lena Varga died in Vienna.", True),
        ("The town lies south-east of Bremen.", "The town lies south-east of Hanover.", True),
        # ... but one of its own division's may be in it
        ("Lena Varga was born in Hamburg.", "Lena Varga was born in Altona.", False),
        # a country or a region the gazetteer cannot divide still may hold a city
        ("Lena Varga was born in France.", "Lena Varga was born in Lyon.", False),
    ],
)
def test_a_division_named_as_its_city_holds_only_its_division(
    claim: str, evidence: str, differ: bool
) -> None:
    c = conflict(claim, evidence, "name")
    assert (place_inside(c) is None) is differ


def test_rankings_by_another_measure() -> None:
    """ "the largest lake by surface area" and "the third-largest by volume": two
    rankings; one measured, one not, are two as well; the same measure is one."""
    c = _rank_conflict(
        "Lake Orm is the largest freshwater lake in Tarvia by surface area.",
        "Lake Orm is the third-largest freshwater lake in Tarvia by volume.",
    )
    assert another_measure(c) == "ranked by area vs by volume"
    c = _rank_conflict(
        "Lake Orm is the largest freshwater lake in Tarvia.",
        "Lake Orm is the third-largest freshwater lake in Tarvia by volume.",
    )
    assert another_measure(c) == "ranked by what it does not say vs by volume"
    c = _rank_conflict(
        "Lake Orm is the largest freshwater lake in Tarvia by area.",
        "Lake Orm is the third-largest freshwater lake in Tarvia by total area.",
    )
    assert another_measure(c) is None


def test_a_scope_narrowed_by_a_word_before_its_name() -> None:
    c = _rank_conflict(
        "Veloria is the second-largest state in the Tarvian Union.",
        "Veloria is the largest state in the contiguous Tarvian Union.",
    )
    assert another_scope(c)
    c = _rank_conflict(
        "Veloria is the second-largest state in the Tarvian Union.",
        "Veloria is the largest state in the Tarvian Union.",
    )
    assert another_scope(c) is None


def test_an_ordinal_listed_beside_the_claims() -> None:
    """ "the 12th and 14th mayor": a holder of two places in one series gives the claim's
    too; "the 12th mayor" alone does not."""
    c = conflict(
        "Olaf Brun was the 14th mayor of Tarnby.",
        "Olaf Brun was the 12th and 14th mayor of Tarnby.",
        "ordinal",
        "14th",
        "12th",
    )
    assert value_also_stated(c) == "it also gives 14th"
    c = conflict(
        "Olaf Brun was the 14th mayor of Tarnby.",
        "Olaf Brun was the 12th mayor of Tarnby.",
        "ordinal",
        "14th",
        "12th",
    )
    assert value_also_stated(c) is None


def test_an_ordinal_turned_into_another_of_another_ranking() -> None:
    """ "ranks second in coffee production" / "ranks first in cashew production": two
    rankings, whose places never conflict (the same ranking's still do)."""
    claim = "Vietnam ranks second in coffee production."
    assert FrameJudge().decide(claim, ["Vietnam ranks first in cashew production."]).label != (
        "refuted"
    )
    assert FrameJudge().decide(claim, ["Vietnam ranks first in coffee production."]).label == (
        "refuted"
    )


def test_a_namesake_pinned_by_its_state() -> None:
    """ "Paris, Texas, was founded in 1844" speaks of one of several towns named Paris,
    which the claim does not name: no refutation of "Paris was founded in the 3rd century
    BC". The one Seattle pinned by its state is still Seattle; a claim naming the state
    is still refuted."""
    judge = FrameJudge()
    texas = "Paris, Texas, a city in Lamar County, was founded in 1844."
    decision = judge.decide("Paris was founded in the 3rd century BC.", [texas])
    assert decision.label == "inconclusive"
    assert "namesake" in decision.reason
    assert judge.decide("Paris, Texas, was founded in 1901.", [texas]).label == "refuted"
    seattle = "Seattle, Washington, was incorporated as a town in 1865."
    assert judge.decide("Seattle was incorporated as a town in 1901.", [seattle]).label == (
        "refuted"
    )


def test_a_number_of_another_year_is_another_figure() -> None:
    """ "won 8 gold medals at the 2008 Games" / "won six gold medals at the 2004 Games": six
    is 2004's figure, no conflict with 2008's; the same year's other number still is."""
    judge = FrameJudge()
    claim = "Anna Lind won 8 gold medals at the 2008 Orva Games."
    other_year = "Anna Lind won six gold medals at the 2004 Orva Games."
    assert judge.decide(claim, [other_year]).label == "inconclusive"
    same_year = "Anna Lind won six gold medals at the 2008 Orva Games."
    assert judge.decide(claim, [same_year]).label == "refuted"


def test_another_measure_a_height_to_the_roof_or_with_an_antenna_only_when_near() -> None:
    # the height to the tip and to the roof differ by what stands on the roof
    assert another_measure(
        conflict(
            "The Orva Tower is 443 metres tall.",
            "The Orva Tower's roof height is 381 metres.",
            "quantity",
        )
    )
    # no antenna makes a tower twice as tall: a conflict still
    assert (
        another_measure(
            conflict(
                "The Orva Tower is about 150 metres tall.",
                "The Orva Tower stands about 330 metres tall including its antennas.",
                "quantity",
            )
        )
        is None
    )


@pytest.mark.parametrize(
    ("claim", "sentence", "conflict"),
    [
        ("Lake Tarn is 514 metres deep.", "Lake Tarn has a maximum depth of 460 metres.", True),
        ("Lake Tarn is 300 metres deep.", "Lake Tarn has a maximum depth of 460 metres.", False),
        ("Lake Tarn has a maximum depth of 300 metres.", "Lake Tarn is 460 metres deep.", True),
        ("Lake Tarn has a maximum depth of 600 metres.", "Lake Tarn is 460 metres deep.", False),
    ],
)
def test_a_value_past_the_other_sides_maximum_is_no_other_measure(
    claim: str, sentence: str, conflict: bool
) -> None:
    decision = FrameJudge().decide(claim, [sentence])
    assert (decision.label == "refuted") is conflict, decision.reason


def test_a_name_ending_in_city_is_a_place_the_gazetteer_need_not_know() -> None:
    judge = FrameJudge()
    sentence = "Velta Motors is headquartered in Tarnby City, Orva Prefecture."
    assert judge.decide("Velta Motors is headquartered in Osaka.", [sentence]).label == "refuted"
    # a building is still another kind of name than a city
    tower = "Velta Motors is headquartered in the Velta Tower."
    assert judge.decide("Velta Motors is headquartered in Osaka.", [tower]).label == "inconclusive"
