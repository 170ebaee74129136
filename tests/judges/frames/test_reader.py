"""The reader: the frames judge's judgements checked against records of a real parse,
the guards on records, and the scorer that decides whether a record contradiction caps
(examples written here; the shipped weights are tested by their card's sha256)."""

from __future__ import annotations

import hashlib
import re
from importlib import resources

import pytest

from verifier.judges.base import REVIEW_THRESHOLD, Action, Judgement, aggregate
from verifier.judges.frames.judge import FrameJudge
from verifier.judges.frames.reader import (
    CANDIDATES,
    RECORD_GUARDS,
    Reading,
    _candidates,
    _subject_before,
    reading_of,
)
from verifier.judges.frames.records import Match, Record
from verifier.judges.frames.scorer import WEIGHTS_FILE, Scorer

SURE = Scorer({"bias": 5.0}, threshold=0.8, review=0.3)  # every contradiction confirmed
UNSURE = Scorer({"bias": -0.4}, threshold=0.8, review=0.3)  # p 0.40: review, never a cap
SHIPPED = Scorer.load()  # the scorer the package ships


def _decide(claim: str, evidence: str, scorer: Scorer = SURE) -> tuple[str, str]:
    judge = FrameJudge(scorer=scorer)
    d = aggregate(judge.judge_all(claim, [evidence]), judge.refuted_threshold)
    return d.label, d.reason


def test_a_role_held_by_another_refutes_where_the_rules_supported() -> None:
    label, reason = _decide(
        "Sydney is the capital of Australia.",
        "Canberra is the capital of Australia, while Sydney is its largest city.",
    )
    assert label == "refuted"
    assert "Canberra vs Sydney" in reason


def test_another_place_for_a_one_place_relation_refutes() -> None:
    label, _ = _decide("The Prado is in Barcelona.", "The Prado is in Madrid.")
    assert label == "refuted"


def test_another_subjects_date_never_refutes() -> None:
    label, reason = _decide(
        "The Parthenon was completed in 432 BC.",
        "The Parthenon stood intact until the temple of Zeus was finished in 131 AD.",
    )
    assert label == "inconclusive"
    assert "another subject" in reason or "no evidence" in reason


def test_records_support_a_claim_said_another_way() -> None:
    label, _reason = _decide(
        "The Harbour Bridge was finished in 1932.",
        "Sydney's Harbour Bridge was completed in 1932 after eight years of work.",
    )
    assert label == "supported"


def test_without_the_scorers_confirmation_a_contradiction_is_a_conflict_only() -> None:
    label, reason = _decide("The Prado is in Barcelona.", "The Prado is in Madrid.", UNSURE)
    assert label == "inconclusive"
    assert "possible conflict" in reason


def _reading(claim_text: str, sentence: str, kind: str = "value") -> Reading:
    claim = Record("x", "X", "locate", (), text=claim_text)
    found = Record("x", "X", "locate", (), text=sentence)
    return Reading(
        Match("contradiction", kind, "a vs b", claim, found), 0, 0, len(sentence), sentence
    )


def _guard(name: str) -> object:
    return next(g for g in RECORD_GUARDS if g.name == name)


def test_guard_hedge_demotes() -> None:
    guard = _guard("record_hedge")
    assert guard.action is Action.DEMOTE  # type: ignore[attr-defined]
    assert guard.ask(_reading("X is in A.", "X may be in B."))  # type: ignore[attr-defined]
    assert guard.ask(_reading("X is in A.", "X is in B.")) is None  # type: ignore[attr-defined]


def test_guard_another_time_dismisses_a_former_role() -> None:
    guard = _guard("record_time")
    assert guard.ask(_reading("X is the capital.", "Y was formerly the capital."))  # type: ignore[attr-defined]
    assert guard.ask(  # type: ignore[attr-defined]
        _reading(
            "Rio was the capital of Brazil.", "Brasilia is the capital of Brazil.", "unique_role"
        )
    )
    assert guard.ask(_reading("X is in A.", "X is in B.")) is None  # type: ignore[attr-defined]


def test_guard_question_dismisses() -> None:
    guard = _guard("record_question")
    assert guard.ask(_reading("X is in A.", "Is X in B?"))  # type: ignore[attr-defined]
    assert guard.ask(_reading("X is in A.", "X is in B.")) is None  # type: ignore[attr-defined]


def test_guard_menu_dismisses() -> None:
    guard = _guard("record_menu")
    assert guard.ask(_reading("X is in A.", "Home | News | X is in B."))  # type: ignore[attr-defined]
    assert guard.ask(_reading("X is in A.", "X is in B.")) is None  # type: ignore[attr-defined]


def test_a_guard_on_records_keeps_a_contradiction_from_capping() -> None:
    label, _ = _decide("The Prado is in Barcelona.", "The Prado may be in Madrid.")
    assert label != "refuted"


def test_only_a_few_sentences_are_parsed() -> None:
    claim = "The Prado museum is in Barcelona."
    texts = [" ".join(f"The Prado museum hall {n} is in Madrid." for n in range(30))] * 3
    judged = FrameJudge(records=False).judge_all(claim, texts)
    spots = _candidates(claim, texts, judged)
    decided = sum(1 for j in judged if j.label != "inconclusive" or j.conflicts)
    assert len(spots) <= CANDIDATES + decided
    assert len(reading_of(claim, texts, judged)) == len(texts)


def test_the_shipped_weights_match_their_card() -> None:
    folder = resources.files("verifier.judges.frames")
    data = folder.joinpath(WEIGHTS_FILE).read_bytes()
    card = folder.joinpath("reader.card.md").read_text(encoding="utf-8")
    found = re.search(r"sha256 of reader.json: `([0-9a-f]{64})`", card)
    assert found is not None
    assert hashlib.sha256(data).hexdigest() == found.group(1)
    scorer = Scorer.load()
    assert 0.0 < scorer.threshold <= 1.01


def test_another_nationality_is_put_before_the_rater_but_never_caps() -> None:
    judge = FrameJudge(scorer=SURE)
    (judged,) = judge.judge_all(
        "Antonín Dvořák was a Hungarian composer.", ["Antonín Dvořák was a Czech composer."]
    )
    assert judged.label == "inconclusive"
    assert judged.conflicts
    assert 0.3 <= judged.confidence < judge.refuted_threshold


def test_a_makers_name_in_the_passive_meets_the_active_claim() -> None:
    # another discoverer: put before the rater, never a cap (several may have found it)
    label, reason = _decide(
        "Isaac Newton discovered oxygen.",
        "Oxygen was discovered in 1774 by the English chemist Joseph Priestley.",
    )
    assert label == "inconclusive"
    assert "Joseph Priestley" in reason
    label, reason = _decide(
        "The Night Watch was painted by Johannes Vermeer.",
        "The Night Watch was painted in 1642 by the Dutch master Rembrandt van Rijn.",
    )
    assert label == "refuted"
    assert "Rembrandt" in reason


def test_a_caps_confidence_is_the_calibrated_precision() -> None:
    scorer = Scorer({"bias": 1.5}, threshold=0.8, review=0.3, precision=0.91)
    assert scorer.probability({"bias": 1.0}) < 0.85
    assert scorer.confidence(0.81) == 0.91
    assert scorer.confidence(0.95) == 0.95
    judge = FrameJudge(scorer=scorer)
    d = aggregate(
        judge.judge_all("The Prado is in Barcelona.", ["The Prado is in Madrid."]),
        judge.refuted_threshold,
    )
    assert d.label == "refuted"


def test_a_numbered_role_is_held_for_good_in_any_tense() -> None:
    # "the first president" in an apposition says no tense; whoever was first still is
    label, reason = _decide(
        "Tomas Varga was the first president of Moldavia.",
        "Ion Petrescu, the first president of Moldavia, took office in 1991.",
    )
    assert label == "refuted"
    assert "Ion Petrescu vs Tomas Varga" in reason
    # a role that changes hands still needs the same time
    assert (
        _decide(
            "Tomas Varga was the president of Moldavia.",
            "Ion Petrescu, the president of Moldavia, took office in 2021.",
        )[0]
        != "refuted"
    )


def test_the_year_a_work_is_given_in_its_class() -> None:
    evidence = "Dark Harbour is a 1968 British thriller film directed by Ann Keane."
    assert _decide("Dark Harbour was released in 1971.", evidence)[0] == "refuted"
    assert _decide("Dark Harbour was released in 1968.", evidence)[0] == "supported"
    # a sequel is another work
    assert _decide("Dark Harbour II was released in 1971.", evidence)[0] == "inconclusive"


def test_a_date_the_parse_hangs_on_a_noun_is_the_clauses() -> None:
    label, reason = _decide(
        "Ada Lindqvist died in 1890.", "Lindqvist died at her home, Villa Soria, on 9 June 1870."
    )
    assert label == "refuted"
    assert "1870" in reason


def test_a_record_support_said_with_a_peoples_name_supports() -> None:
    label, _reason = _decide(
        "Stockholm is the capital of Sweden.",
        "The Swedish capital, Stockholm, is spread across fourteen islands.",
    )
    assert label == "supported"


def test_a_record_support_needs_the_words_it_did_not_read() -> None:
    # the records read "speech produces particles"; "to prevent infection" is what the
    # false claim changed, and a verb outside the records must be said
    evidence = "Normal speech by infected people may produce enough particles to spread infection."
    assert _decide("Speech may produce enough particles to spread infection.", evidence)[0] == (
        "supported"
    )
    assert _decide("Speech may produce enough particles to prevent infection.", evidence)[0] != (
        "supported"
    )
    # a film named in the claim and not in the sentence: another nomination, not the award
    assert (
        _decide(
            "Ada Ross won the Palme d'Or for The Long Field.",
            "Ada Ross received her first Palme d'Or nomination for Winter Roads in 1993.",
        )[0]
        != "supported"
    )


def test_a_class_is_not_supported_by_its_year_alone() -> None:
    evidence = "Dark Harbour is a 1968 British thriller film directed by Ann Keane."
    assert _decide("Dark Harbour is a 1968 British thriller novel.", evidence)[0] != "supported"


def test_a_name_written_with_a_combining_accent_is_said() -> None:
    evidence = "Private Lives is a 1930 comedy of manners in three acts by Noe\u0308l Coward."
    assert _decide("Private Lives is a 1930 comedy in three acts by Noel Coward.", evidence)[0] == (
        "supported"
    )


def test_a_date_more_precise_than_the_sources_is_not_supported() -> None:
    evidence = "Ada Ross was arrested by the county police in 1991."
    assert _decide("In January 1991 Ada Ross was arrested.", evidence)[0] != "supported"
    assert _decide("In 1991 Ada Ross was arrested.", evidence)[0] == "supported"


def test_where_one_lived_is_never_a_cap() -> None:
    label, _reason = _decide(
        "Ada Lindqvist lived in Uppsala.", "Ada Lindqvist lived in Vienna from 1914 to 1932."
    )
    assert label != "refuted"


def test_a_role_said_in_other_words_with_its_holder_named_after_a_description() -> None:
    # "the first human to set foot on" is "the first person to walk on"; the holder of an
    # inverted copula is the name, not "the Swedish diver" before it
    evidence = "The first human to set foot on Lake Orvel's floor was the Swedish diver Anna Lind."
    assert _decide("Anna Lind was the first person to walk on Lake Orvel's floor.", evidence)[
        0
    ] == ("supported")
    assert _decide("Karl Berg was the first person to walk on Lake Orvel's floor.", evidence)[
        0
    ] == ("refuted")


def test_the_same_verb_done_to_something_else_dismisses_the_rules_conflict() -> None:
    # "formed a songwriting partnership in 1957" is not the band's forming
    label, reason = _decide(
        "The Kestrels formed in 1960.", "The Kestrels formed a songwriting partnership in 1957."
    )
    assert label == "inconclusive"
    assert "done to something else" in reason
    # ... and a named band is formed once: another place is a contradiction
    label, _reason = _decide(
        "The Kestrels were formed in Leeds.", "The Kestrels came together in Glasgow in 1960."
    )
    assert label == "refuted"


def test_a_sentence_naming_the_subject_is_read_though_it_shares_nothing_else() -> None:
    # only "Kesselberg" is shared with the claim: its name is telling enough to read it
    evidence = (
        "The dormant volcano rises north of the Swedish border; Kesselberg lies entirely on "
        "Norwegian soil."
    )
    assert _decide("Mount Kesselberg is located in Sweden.", evidence)[0] == "refuted"


def test_a_superlative_of_a_narrower_scope_dismisses_the_rules_conflict() -> None:
    # the largest state of the contiguous United States need not be the largest of all
    label, reason = _decide(
        "Alaska is the largest state in the United States.",
        "Texas is the largest state in the contiguous United States.",
    )
    assert label == "inconclusive"
    assert "another scope" in reason


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        # the date of an agreement to build, not of the opening
        (
            "The Kessel Bridge opened in 2004.",
            "Norway and Sweden signed the agreement to build the Kessel Bridge in 1995.",
        ),
        # another, larger thing named with the claim's name
        (
            "Orvel has a population of about 2 million.",
            "The Greater Orvel Area has a population of about 6 million.",
        ),
        # another firm of the group
        (
            "Kessel Motor Corporation was founded in 1937.",
            "Kessel Industries, the group company that began as a loom works, was founded in 1926.",
        ),
    ],
)
def test_a_value_the_parse_gives_to_another_clause_dismisses_the_rules_conflict(
    claim: str, evidence: str
) -> None:
    label, reason = _decide(claim, evidence)
    assert label != "refuted", reason


def test_a_value_of_a_description_ending_in_the_name_still_refutes() -> None:
    label, _reason = _decide(
        "Anna Lind died in 1901.",
        "The prize is named after the Swedish chemist Anna Lind, who died in 1896.",
    )
    assert label == "refuted"


def test_a_remake_is_another_work() -> None:
    label, reason = _decide(
        "The 2016 film The Silent Coast was directed by Anna Lind.",
        "The Silent Coast (1960) was directed by Karl Berg and starred Erik Holm.",
    )
    assert label == "inconclusive", reason


def test_a_role_of_a_narrower_scope_withdraws_the_rules_support() -> None:
    label, _reason = _decide(
        "Lake Orvel is the largest lake in Europe.",
        "Lake Orvel is the largest lake in Northern Europe.",
    )
    assert label == "inconclusive"


def test_a_value_of_something_of_the_subjects_is_not_another_subjects() -> None:
    # "Kessel's best-known work" may be the very book the claim speaks of
    label, reason = _decide(
        "Erik Kessel finished his great atlas in 1702.",
        "Erik Kessel's best-known work, a great atlas of the northern coasts, was completed "
        "in 1688.",
    )
    assert label == "refuted", reason


def test_a_value_the_parse_gives_to_another_name_withdraws_the_rules_support() -> None:
    # "completed in 1931" describes the Kessel Building, not the Orvel Tower
    label, _reason = _decide(
        "The Orvel Tower was completed in 1931.",
        "The Kessel Building, completed in 1931, overtook the Orvel Tower as the tallest "
        "building in Lisk.",
    )
    assert label == "inconclusive"
    # the claim's own participle, or its event told from the doer, still supports
    assert (
        _decide(
            "The Orvel Tower was completed in 1931.",
            "The Orvel Tower, completed in 1931, overtook the Kessel Building as the tallest "
            "building in Lisk.",
        )[0]
        == "supported"
    )
    assert (
        _decide(
            "Kessel Motors was founded in 1976.",
            "Anna Lind, Karl Berg and Erik Holm established Kessel Motors in April 1976.",
        )[0]
        == "supported"
    )


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        # the year is also part of a name the parse reads as no clause's time
        (
            "Orvel made it to the final in 1990.",
            "The 1990 Kessel Cup final was a match played between Lisk and Orvel to determine "
            "the winner of the 1990 Kessel Cup.",
        ),
        # what a role of the claim's subject names is the subject's own act
        (
            "Anna Lind was the first Swedish woman to win the Halvorsen Prize in 1993.",
            "Born on this day, Anna Lind was the first Swedish woman to win the Halvorsen Prize "
            "in 1993.",
        ),
        # a participle after an apposition describes the name before it
        (
            "Erik Holm was born on July 15, 1973.",
            "Erik Holm (Эрик Хольм, born July 15, 1973) is a Swedish drummer.",
        ),
    ],
)
def test_a_value_of_the_claims_subject_keeps_the_rules_support(claim: str, evidence: str) -> None:
    assert _decide(claim, evidence)[0] == "supported"


def test_a_supports_reason_names_the_relation_in_the_claims_word() -> None:
    """The relation table groups "join" with "flow" (rivers join); a membership's reason
    says "join", the claim's word, not the group's name."""
    label, reason = _decide(
        "Slovakia joined the European Union in 2004.",
        "Slovakia became a member of the European Union on 1 May 2004.",
    )
    assert label == "supported"
    assert "(join: the European Union, 2004)" in reason


def test_two_continents_for_a_country_are_a_question_not_a_cap() -> None:
    """A country may lie on two continents (Russia, Turkey, Egypt): "a European country"
    against "in Asia" is for the rater."""
    label, reason = _decide("Turkey is a country in Asia.", "Turkey is a European country.")
    assert label == "inconclusive"
    assert "check it" in reason


def test_how_often_the_claim_says_it_holds_must_be_said() -> None:
    """ "X is rarely organised by Y" is not said by "X is organised by Y"; nor is "based
    solely on" by "based on"."""
    sentence = "The Ryder Cup is a biennial golf competition organised by the PGA of America."
    assert _decide("The Ryder Cup is organised by the PGA of America.", sentence, SHIPPED)[0] == (
        "supported"
    )
    assert (
        _decide("The Ryder Cup is rarely organised by the PGA of America.", sentence, SHIPPED)[0]
        != "supported"
    )


def test_a_place_the_sentence_gives_for_another_act_is_not_stated() -> None:
    """ "Grieg was born in Bergen and settled in Oslo" does not say he was born in Oslo (the
    rules see "born" and "Oslo" in one sentence); "Nokia, founded in 1865, is
    headquartered in Espoo" does not say it was founded in Espoo. A town described by
    "is a town in X" says where it is."""
    settled = "Grieg was born in Bergen in 1843 and settled in Oslo in 1866."
    assert _decide("Edvard Grieg was born in Oslo.", settled, SHIPPED)[0] != "supported"
    assert _decide("Edvard Grieg was born in Bergen.", settled, SHIPPED)[0] == "supported"
    seat = "Nokia, founded by Fredrik Idestam in 1865, is headquartered in Espoo, Finland."
    assert _decide("Nokia was founded in Espoo.", seat, SHIPPED)[0] != "supported"
    assert _decide("Nokia is headquartered in Espoo.", seat, SHIPPED)[0] == "supported"
    town = "Vianden is a small town in the canton of Vianden, in northern Luxembourg."
    assert _decide("Vianden is in Luxembourg.", town, SHIPPED)[0] == "supported"


def test_how_many_times_the_claim_says_must_be_said() -> None:
    """ "Uruguay has won the World Cup once" is not said by "Uruguay won the tournament in
    1930"; "twice" is said by "two times"."""
    won = "Uruguay won the 1930 FIFA World Cup, beating Argentina in the final."
    assert _decide("Uruguay won the 1930 FIFA World Cup.", won, SHIPPED)[0] == "supported"
    assert _decide("Uruguay has won the FIFA World Cup once.", won, SHIPPED)[0] != "supported"
    from verifier.judges.frames.reader import _count_said

    assert _count_said("Uruguay won it twice.", "Uruguay has won it two times.")
    assert not _count_said("Uruguay won it twice.", "Uruguay has won it three times.")


def test_a_role_held_ever_since_is_held_now() -> None:
    """ "... and has been Kazakhstan's capital ever since" says it still is (not "since
    1997", a dated statement, nor "until")."""
    since = "Astana replaced Almaty as the seat of government in 1997 and has been Kazakhstan's capital ever since."
    assert _decide("Almaty is the capital of Kazakhstan.", since, SHIPPED)[0] == "refuted"
    assert _decide("Astana is the capital of Kazakhstan.", since, SHIPPED)[0] == "supported"


def test_a_pronoun_is_not_the_claims_subject_named_by_its_title_alone() -> None:
    """ "He was the last emperor of Orvania" after "Tamu ascended the throne": "emperor"
    does not name "the Kessu Emperor", so "He" is not the claim's subject."""
    claim = "The last emperor of Orvania was the Kessu Emperor."
    evidence = (
        "Tamu ascended the Orvanian throne in 1908 at the age of two. He was the last "
        "emperor of Orvania, abdicating in February 1912."
    )
    assert FrameJudge().decide(claim, [evidence]).label != "supported"


def test_the_city_is_the_city_named_in_the_sentence_before() -> None:
    """ "Ottawa sits on the Ottawa River. The city is the capital of Canada.": Ottawa is the
    capital (a town the gazetteer knows, named as the subject of the sentence before)."""
    evidence = (
        "Ottawa sits on the south bank of the Ottawa River in eastern Ontario. The city is "
        "the capital of Canada and home to Parliament Hill."
    )
    judge = FrameJudge()
    assert judge.decide("Toronto is the capital of Canada.", [evidence]).label == "refuted"
    assert judge.decide("Ottawa is the capital of Canada.", [evidence]).label == "supported"
    river = "The Orva flows past Lenz. The city is the capital of Kovia."
    assert judge.decide("Tamar is the capital of Kovia.", [river]).label != "refuted"


def test_a_pronoun_opening_a_sentence_is_the_subject_before() -> None:
    """ "Tomas Lind joined Orvex in 1998. He succeeded Anton Pell as chair in 2011.": "He"
    is Tomas Lind, not Anton Pell whom the claim names (named there as an object)."""
    evidence = "Tomas Lind joined Orvex in 1998. He succeeded Anton Pell as chair in 2011."
    claim = "Anton Pell succeeded Marta Ruiz as chair in 2011."
    assert FrameJudge().decide(claim, [evidence]).label != "refuted"
    assert _subject_before(evidence, evidence.index("He"), evidence[evidence.index("He") :]) == (
        "tomas lind"
    )
    assert _subject_before("Orvex was founded in 1998. He left.", 28, "He left.") is None


def test_a_sentence_opening_with_a_pronoun_after_the_subject_is_read() -> None:
    """ "Tarn Wat was built in the 12th century. It lies near Orsk in Kovia.": the second
    sentence shares no word with the claim but speaks of its subject."""
    evidence = "Tarn Wat was built in the early 12th century. It lies near Orsk in northern Kovia."
    claim = "Tarn Wat, the largest temple in the world, is located in Lenvia."
    spots = _candidates(claim, [evidence], [Judgement("inconclusive", 0.0, "frames")])
    assert any(evidence[a:b].startswith("It lies") for _i, a, b in spots)


def test_a_claim_said_as_more_than_any_other_is_supported_by_the_superlative() -> None:
    """ "Brazil covers more territory than any other country in South America" is what
    "Brazil is the largest country in South America by area" says: its words are the
    role's ("more ... than any other" no quantifier)."""
    judge = FrameJudge()
    claim = "Brazil covers more territory than any other country in South America."
    evidence = "Spanning 8.5 million square kilometres, Brazil is the largest country in South America by area."
    assert judge.decide(claim, [evidence]).label == "supported"
    other = "Spanning 2.7 million square kilometres, Argentina is the largest country in South America by area."
    assert judge.decide(claim, [other]).label == "refuted"


@pytest.mark.parametrize(
    ("claim", "text", "label"),
    [
        # "the lake" of Lake Orva, "the bridge" of the Kessa Bridge: the passage speaks of
        # the claim's subject by the kind its name says
        (
            "Lake Orva is located in Mongolia.",
            "The lake lies in Russia, north of the border.",
            "refuted",
        ),
        ("Lake Orva is located in Russia.", "The lake lies in Russia.", "supported"),
        ("The Kessa Bridge opened in 1947.", "The bridge was opened in 1937.", "refuted"),
        # the passage names another of that kind: "the lake" is that one
        (
            "Lake Orva is located in Mongolia.",
            "Lake Tarn is a lake in Mongolia. The lake lies in Russia.",
            "inconclusive",
        ),
        # a kind the claim's name does not say
        ("Lake Orva is located in Mongolia.", "The river flows through Russia.", "inconclusive"),
    ],
)
def test_a_passage_speaking_of_the_subject_by_its_kind(claim: str, text: str, label: str) -> None:
    assert FrameJudge().decide(claim, [text]).label == label


@pytest.mark.parametrize(
    ("claim", "text", "label"),
    [
        # a unique role the sentence never names: its stem in another word is not it
        (
            "Tor Vik was the commander of Orion 7.",
            "Ola Berg piloted the command module Sval during Orion 7, while Tor Vik and Kari "
            "Lund walked on the surface.",
            "inconclusive",
        ),
        (
            "Tor Vik was the commander of Orion 7.",
            "Tor Vik, the commander of Orion 7, walked on the lunar surface with Kari Lund.",
            "supported",
        ),
        # the claim's act said with another thing in its slot; the claim's word said later
        (
            "Velmin is produced by the liver.",
            "Velmin is a hormone produced by the beta cells of the pancreas; it promotes "
            "uptake into liver and muscle cells.",
            "inconclusive",
        ),
        (
            "Velmin is produced by the liver.",
            "Velmin is a hormone produced by the liver; it promotes uptake into muscle cells.",
            "supported",
        ),
        (
            "Velmin is produced by the pancreas.",
            "Velmin is a hormone produced by the beta cells of the pancreas.",
            "supported",
        ),
        # a second value under the claim's preposition, which the parse may not read
        (
            "Tor Vik performed in Sval Harbour.",
            "In 2016, Vik starred in the series Kalt and in the final episode of the BBC "
            "series Sval Harbour.",
            "supported",
        ),
        # a role named by a broader noun
        (
            "The Orva Cup is the football championship of Kovia.",
            "The Orva Cup is the main international football competition in Kovia.",
            "supported",
        ),
        # a part of the subject measured: not the whole
        (
            "The Orva River is about 1,200 kilometres long.",
            "The Orva's Kovian section, around 300 kilometres long, includes the Tarn valley.",
            "inconclusive",
        ),
        (
            "The Orva River is about 1,200 kilometres long.",
            "The Orva River, around 300 kilometres long, crosses the Tarn valley.",
            "refuted",
        ),
    ],
)
def test_what_the_sentence_says_of_a_role_a_slot_or_a_part(
    claim: str, text: str, label: str
) -> None:
    assert FrameJudge().decide(claim, [text]).label == label


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        ("Nineteen Eighty-Four was written by George Orwell.", "supported"),
        ("Nineteen Eighty-Four was written by Aldous Huxley.", "refuted"),
    ],
)
def test_a_work_said_to_be_a_persons_is_theirs(claim: str, label: str) -> None:
    evidence = "Nineteen Eighty-Four was the last novel of George Orwell."
    assert FrameJudge().decide(claim, [evidence]).label == label


@pytest.mark.parametrize(
    ("claim", "text", "flagged"),
    [
        ("Tor Vik is the CEO of Velta.", "Tor Vik is a co-founder and former CEO of Velta.", True),
        ("The CEO of Velta is Tor Vik.", "Tor Vik, the former CEO of Velta, lives in Oslo.", True),
        # held then: what the claim says
        (
            "Tor Vik was the CEO of Velta.",
            "Tor Vik is a co-founder and former CEO of Velta.",
            False,
        ),
        # a former holder named after the phrase is someone else
        (
            "Kari Lund is the CEO of Velta.",
            "Kari Lund, who succeeded former CEO Ola Berg in 2011, is the CEO of Velta.",
            False,
        ),
        # a former role of another scope
        (
            "Tor Vik is the CEO of Velta.",
            "Tor Vik is the CEO of Velta and former CEO of Sval.",
            False,
        ),
        # the claim dates its role
        ("In 2015, Tor Vik was the CEO of Velta.", "Tor Vik is a former CEO of Velta.", False),
    ],
)
def test_a_role_claimed_now_that_the_source_says_was_held_before_is_for_review(
    claim: str, text: str, flagged: bool
) -> None:
    """Never a cap (the source may be older than the claim): a conflict for the rater."""
    decision = FrameJudge().decide(claim, [text])
    assert decision.label != "refuted"
    held = decision.lead is not None and any("former" in c for c in decision.lead.conflicts)
    assert held == flagged
    if flagged:
        assert decision.label == "inconclusive"
        assert decision.lead is not None
        assert decision.lead.confidence >= REVIEW_THRESHOLD


@pytest.mark.parametrize(
    ("text", "flagged"),
    [
        ("Tor Vik served as the CEO of Velta until 2021.", True),
        ("Tor Vik served as CEO of Velta from 2005 to 2021.", True),
        ("Tor Vik has served as the CEO of Velta since 2011.", False),
    ],
)
def test_a_term_that_ended_is_a_role_held_before(text: str, flagged: bool) -> None:
    decision = FrameJudge().decide("Tor Vik is the CEO of Velta.", [text])
    held = decision.lead is not None and any("now" in c for c in decision.lead.conflicts)
    assert held == flagged
    assert decision.label != "refuted"


@pytest.mark.parametrize(
    ("claim", "text", "label"),
    [
        # another edition of a recurring event, its year in its name: kept for review
        ("Velta won the Orva Cup in 2014.", "Velta won the 2022 Orva Cup in Bergen.", "review"),
        # a nomination is no win
        (
            "Ada Berg won the Hansa Prize for Salt.",
            "Ada Berg was nominated for the Hansa Prize for Salt.",
            "inconclusive",
        ),
        (
            "Ada Berg won the Hansa Prize for Salt.",
            "Ada Berg won the Hansa Prize for Salt, her third nomination.",
            "supported",
        ),
        # a rank below the claim's role
        (
            "Tor Vik served as President of Kovia.",
            "Tor Vik served as the vice president of Kovia from 2017 to 2021.",
            "inconclusive",
        ),
        (
            "Tor Vik served as Prime Minister of Kovia.",
            "Tor Vik served as Deputy Prime Minister of Kovia under Prime Minister Ola Berg.",
            "inconclusive",
        ),
        (
            "Tor Vik served as President of Kovia.",
            "Ada Lund served as vice president under Tor Vik, who served as President of Kovia.",
            "supported",
        ),
        # "his assistant Ola Berg" names a person, not a rank of the claim's role
        (
            "Velta was founded by Tor Vik and Ola Berg.",
            "The founding of Velta is credited to Tor Vik and his assistant Ola Berg.",
            "supported",
        ),
    ],
)
def test_what_a_sentence_says_less_than_the_claim(claim: str, text: str, label: str) -> None:
    decision = FrameJudge().decide(claim, [text])
    if label == "review":
        assert decision.label == "inconclusive"
        assert decision.lead is not None
        assert decision.lead.conflicts
        assert decision.lead.guard is not None
    else:
        assert decision.label == label


@pytest.mark.parametrize(
    ("claim", "text", "label"),
    [
        # a projection or a right won is no deed
        (
            "Kovia has a population of about 40 million.",
            "UN projections suggest that Kovia's population could reach 40 million by 2050.",
            "inconclusive",
        ),
        (
            "Kovia hosted the Orva Games in 2010.",
            "In 2010 the council announced that Kovia had won the right to host the Orva Games.",
            "inconclusive",
        ),
        # another place of the name
        (
            "Tarnby, Kovia, had about 65,000 residents in 2020.",
            "Tarnby, Ardo, had a population of 65,120 in 2020.",
            "inconclusive",
        ),
        # a work derived from the claim's, of another kind
        (
            "Ada Berg's novel Salt was published in 1972.",
            "Salt, Tor Vik's film adaptation of Ada Berg's novel, was released in 1972.",
            "inconclusive",
        ),
        # a record broken is not a record matched
        (
            "Ada Berg won seven titles in 2008, matching Tor Vik's record.",
            "Ada Berg won her eighth title in 2008, breaking Tor Vik's record of seven titles.",
            "inconclusive",
        ),
        # a superlative said after another holder is the second
        (
            "Velium is the most common gas in the Orva basin.",
            "After argon, velium is the most common gas in the Orva basin.",
            "inconclusive",
        ),
        (
            "Velium is the second most common gas in the Orva basin.",
            "After argon, velium is the most common gas in the Orva basin.",
            "inconclusive",
        ),
    ],
)
def test_a_plan_a_namesake_an_adaptation_a_record_and_a_rank_said_after(
    claim: str, text: str, label: str
) -> None:
    assert FrameJudge().decide(claim, [text]).label == label


@pytest.mark.parametrize(
    ("claim", "text", "label"),
    [
        # one of several is not the one
        (
            "Orva Park is the largest national park in Kovia.",
            "Orva Park in northern Kovia is one of the largest game reserves in Kovia.",
            "inconclusive",
        ),
        # a precise figure said only loosely, or as a range's bound
        (
            "Mount Orva is 5,895 metres high.",
            "Mount Orva rises almost 5,900 metres.",
            "inconclusive",
        ),
        (
            "The Orva cluster contains 400 billion stars.",
            "The Orva cluster is estimated to contain between 100 and 400 billion stars.",
            "inconclusive",
        ),
        # a season across two years for a claim of one year
        (
            "Velta won the Kovian league in 2015.",
            "Velta won the 2015-16 Kovian league title.",
            "inconclusive",
        ),
        (
            "Velta won the Kovian league in 2016.",
            "Velta won the Kovian league in 2016.",
            "supported",
        ),
        # a doer's act said of another doer: a place, a firm
        (
            "Max Planck completed his doctorate at the University of Munich.",
            "Hans Weber completed his doctorate under Max Planck at the University of Munich "
            "in 1900.",
            "inconclusive",
        ),
        # a value of a participle is the sentence subject's
        (
            "Ardo covers about 695,000 square kilometres.",
            "Kovia is more than twice the size of Ardo, covering about 1.72 million square "
            "kilometres.",
            "inconclusive",
        ),
        # another named place in the claim's slot
        (
            "Tor Vik was treated at Kovia General Hospital.",
            "Tor Vik was treated at Sval General Hospital; Kovia General Hospital was closed.",
            "inconclusive",
        ),
        # incorporated is not founded
        ("Velta was founded in 1977.", "Velta was incorporated in January 1977.", "inconclusive"),
    ],
)
def test_one_of_several_a_loose_figure_a_season_and_another_doer(
    claim: str, text: str, label: str
) -> None:
    assert FrameJudge().decide(claim, [text]).label == label


@pytest.mark.parametrize(
    ("claim", "text", "label"),
    [
        # a value the sentence denies by name, or gives to another
        (
            "Velmin is produced by the liver.",
            "Velmin is produced by the beta cells of the pancreas, not by the liver.",
            "refuted",
        ),
        (
            "Velmin has the chemical formula C2H6O.",
            "Velmin has the chemical formula C3H8O; C2H6O is the formula of ethanol.",
            "inconclusive",
        ),
        (
            "Helga Dorn wrote The Quiet Harbour.",
            "Helga Dorn is the author of The Quiet Harbour.",
            "supported",
        ),
        # a negated claim agrees with the denial
        (
            "Salt is not an album by Tor Vik.",
            "Salt is the second studio album by the band Sval, not Tor Vik.",
            "supported",
        ),
        # a share of another whole
        (
            "Nitrogen makes up about 78% of Earth's atmosphere.",
            "Nitrogen accounts for about 3% of the mass of the human body.",
            "inconclusive",
        ),
        (
            "Nitrogen makes up about 78% of Earth's atmosphere.",
            "Nitrogen makes up about 70% of Earth's atmosphere.",
            "refuted",
        ),
        # a year of another act of the subject
        (
            "The Orva Act was passed by the Kovian parliament in 1972.",
            "The Orva Act was first introduced in the Kovian parliament in 1923.",
            "inconclusive",
        ),
    ],
)
def test_a_denied_value_a_share_of_another_whole_and_another_acts_year(
    claim: str, text: str, label: str
) -> None:
    assert FrameJudge().decide(claim, [text]).label == label


@pytest.mark.parametrize(
    ("claim", "text", "label"),
    [
        # "the former" / "the latter" is the other one
        (
            "Ola Berg was 17 years old at the 1958 Orva Cup.",
            "Tor Vik and Ola Berg both played at the 1958 Orva Cup; the former was 17 years old.",
            "inconclusive",
        ),
        (
            "Tor Vik was 17 years old at the 1958 Orva Cup.",
            "Tor Vik and Ola Berg both played at the 1958 Orva Cup; the former was 17 years old.",
            "supported",
        ),
        # a character the claim's subject played
        (
            "Tor Vik was a small-time boxer from Bergen.",
            "In the 1976 film Salt, Tor Vik plays Ola Berg, a small-time boxer from Bergen.",
            "inconclusive",
        ),
        (
            "Tom Hanks was born in Concord.",
            "Tom Hanks, who starred in Big, was born in Concord.",
            "supported",
        ),
        # a belief reported, a condition
        (
            "The lands Tor Vik reached in 1492 were part of Asia.",
            "Tor Vik maintained until his death that the lands he had reached in 1492 were part "
            "of Asia.",
            "inconclusive",
        ),
        # named after the claim's subject
        (
            "Ada Lund won the Orva Derby in 1970.",
            "Lund, a racehorse named after the dancer Ada Lund, won the Orva Derby in 1970.",
            "inconclusive",
        ),
    ],
)
def test_the_former_a_part_played_a_belief_and_a_namesake(
    claim: str, text: str, label: str
) -> None:
    assert FrameJudge().decide(claim, [text]).label == label


@pytest.mark.parametrize(
    ("claim", "text", "flagged"),
    [
        # its maker and its date both other: the same act, made once (records)
        (
            "The first steam loom was invented by Tor Vik in 1882.",
            "The first steam loom was made by the Danish engineer Ada Berg in 1838.",
            True,
        ),
        # (the slot rules: the same relation word, two values differ)
        (
            "The Orva Bridge was designed by Tor Vik in 1882.",
            "The Orva Bridge was designed by Ada Berg in 1838.",
            True,
        ),
        # an act done many times: another winner in another year is another event
        (
            "Tor Vik won the Orva Prize in 1882.",
            "Ada Berg won the Orva Prize in 1838.",
            False,
        ),
        # built over centuries: two dates, no other maker, is no conflict
        (
            "The Orva Wall had its first sections built in the 7th century BC.",
            "The Orva Wall was continuously built from the 3rd century BC to the 17th century.",
            False,
        ),
    ],
)
def test_a_thing_made_once_by_another_maker_at_another_time_is_for_review(
    claim: str, text: str, flagged: bool
) -> None:
    """Two values differ, so which is wrong (or whether it is another thing) is the rater's
    question: never a cap, never dismissed as another event."""
    decision = FrameJudge().decide(claim, [text])
    assert decision.label != "refuted"
    conflict = decision.lead is not None and bool(decision.lead.conflicts)
    assert conflict == flagged
    if flagged:
        assert decision.lead is not None
        assert decision.lead.confidence >= REVIEW_THRESHOLD


def test_a_figure_the_records_found_within_its_precision_need_not_be_written_the_same() -> None:
    evidence = "Water covers about 70.8 percent of the surface of Orva."
    judge = FrameJudge()
    assert judge.decide("Water covers roughly 71% of the surface of Orva.", [evidence]).label == (
        "supported"
    )
    assert judge.decide("Water covers 80% of the surface of Orva.", [evidence]).label != (
        "supported"
    )


def test_a_sentence_giving_a_count_is_read_first_for_a_claim_giving_one() -> None:
    claim = "Velta has won the Orva Cup once."
    evidence = [
        "Velta won the Orva Cup semi-final on penalties.",
        "Velta won the Orva Cup group stage unbeaten.",
        "Velta won the Orva Cup opener against Tarn.",
        "Velta won the Orva Cup quarter-final in extra time.",
        "Velta won the Orva Cup final in a famous match. The Velta national team has won "
        "three Orva Cups, in 1978, 1986 and 2022.",
    ]
    decision = FrameJudge().decide(claim, evidence)
    assert decision.label == "refuted", decision.reason
    assert "1 vs 3 wins" in decision.reason
