"""Records read from the parse, and how a claim's record compares with an evidence
record: support, unique-role contradiction, negation, superlative, another subject,
another event (examples written here, not taken from any bench set)."""

from __future__ import annotations

import pytest

from verifier.judges.frames.judge import FrameJudge
from verifier.judges.frames.records import (
    Match,
    compare_records,
    done_by_another,
    fold_name,
    ordinal_first,
    place_head,
    records_of,
    same_name,
    same_subject,
    value_said_otherwise,
)
from verifier.text.parse import parse


def _outcomes(claim: str, sentence: str) -> list[Match]:
    mine = [r for r in records_of(parse(claim)) if r.subject]
    names = [r.subject for r in mine]
    theirs = records_of(parse(sentence), names)
    return [compare_records(a, b) for a in mine for b in theirs]


def _kinds(claim: str, sentence: str) -> set[tuple[str, str]]:
    return {(m.outcome, m.kind) for m in _outcomes(claim, sentence)}


def _both_ways(sentence: str, true: str, false: str) -> None:
    """The sentence's records support the true claim and contradict the false one on a
    value."""
    assert ("support", "same") in _kinds(true, sentence)
    assert ("contradiction", "value") in _kinds(false, sentence)


def _verdict(claim: str, sentence: str) -> str:
    """The default judge's label for the claim against one sentence."""
    return FrameJudge().decide(claim, [sentence]).label


def _says_nothing(claim: str, sentence: str) -> bool:
    """The sentence's records neither support nor contradict the claim's."""
    return not any(o in ("support", "contradiction") for o, _k in _kinds(claim, sentence))


def test_a_clause_becomes_subject_relation_and_typed_arguments() -> None:
    (record,) = records_of(parse("The Danube flows into the Black Sea."))
    assert record.subject == "danube"
    assert record.relation == "flow"
    assert [(a.prep, a.kind, a.key) for a in record.args] == [("into", "place", "black sea")]
    assert not record.negated
    assert not record.unique


def test_a_definite_role_is_unique_and_names_its_scope() -> None:
    (record,) = records_of(parse("Canberra is the capital of Australia."))
    assert record.role
    assert record.unique
    assert record.subject == "canberra"
    assert record.relation == "capital"
    assert [a.key for a in record.args] == ["australia"]


def test_the_role_as_subject_reads_the_same() -> None:
    (record,) = records_of(parse("The capital of Australia is Canberra."))
    assert record.role
    assert (record.subject, record.relation) == ("canberra", "capital")


def test_support_same_subject_relation_and_values() -> None:
    assert ("support", "same") in _kinds(
        "The bridge was built in 1932.", "The bridge was completed in 1932 after eight years."
    )


def test_support_through_a_pronoun_and_a_role_said_the_other_way() -> None:
    assert ("support", "same") in _kinds(
        "The Harbour Bridge was finished in 1932.", "It was completed in 1932."
    )
    assert ("support", "same") in _kinds(
        "Canberra is the capital of Australia.", "The capital of Australia is Canberra."
    )


def test_unique_role_held_by_another_is_a_contradiction() -> None:
    assert ("contradiction", "unique_role") in _kinds(
        "Sydney is the capital of Australia.",
        "Canberra is the capital of Australia, while Sydney is its largest city.",
    )


def test_superlative_held_by_another_is_a_contradiction() -> None:
    assert ("contradiction", "unique_role") in _kinds(
        "Toulouse is the largest city in France.",
        "Paris is the capital and largest city of France, while Toulouse is its fourth.",
    )


def test_a_role_of_another_scope_says_nothing() -> None:
    kinds = _kinds("Lyon is the capital of France.", "Rome is the capital of Italy.")
    # another scope is never a support or a contradiction (it may dismiss a rules' conflict)
    assert all(outcome in ("unrelated", "other_subject") for outcome, _k in kinds)


def test_negation_of_the_same_statement_is_a_contradiction() -> None:
    assert ("contradiction", "negation") in _kinds(
        "Darwin was born in Shrewsbury.", "Darwin was not born in Shrewsbury."
    )


def test_another_value_of_a_one_valued_relation_is_a_contradiction() -> None:
    assert ("contradiction", "value") in _kinds(
        "The Danube flows into the North Sea.",
        "The Danube flows east and empties into the Black Sea.",
    )
    assert ("contradiction", "value") in _kinds(
        "The Prado is in Barcelona.", "The Prado is in Madrid."
    )


def test_another_subject_with_the_claims_relation_is_never_a_contradiction() -> None:
    kinds = _kinds(
        "The Parthenon was completed in 432 BC.",
        "The Parthenon stood intact until the temple of Zeus was finished in 131 AD.",
    )
    assert ("other_subject", "another subject") in kinds
    assert not any(outcome == "contradiction" for outcome, _k in kinds)


def test_another_event_two_values_apart_is_unrelated() -> None:
    kinds = _kinds("Ada moved to Vienna in 1901.", "Ada moved to Berlin in 1925 with her family.")
    assert not any(outcome in ("contradiction", "support") for outcome, _k in kinds)


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [("nile", "nile river", True), ("marie curie", "curie", True), ("ottawa", "toronto", False)],
)
def test_same_name(a: str, b: str, same: bool) -> None:
    assert same_name(a, b) is same


def test_a_maker_said_in_the_active_meets_the_passive() -> None:
    # the claim's "X discovered Y" is restated as "Y was discovered by X"; another
    # discoverer is a question (several may have found it), not a cap
    assert ("contradiction", "maker") in _kinds(
        "Isaac Newton discovered oxygen.",
        "Oxygen was discovered in 1774 by the English chemist Joseph Priestley.",
    )
    assert ("support", "same") in _kinds(
        "Joseph Priestley discovered oxygen.",
        "Oxygen was discovered in 1774 by the English chemist Joseph Priestley.",
    )


def test_a_restatement_is_not_another_statement() -> None:
    records = [r for r in records_of(parse("Joseph Priestley discovered oxygen.")) if r.subject]
    assert len(records) == 2
    assert len({r.statement for r in records}) == 1


def test_one_of_two_makers_named_together_is_not_a_conflict() -> None:
    kinds = _kinds(
        "Radium was discovered by Marie Curie.",
        "Radium was discovered by Marie and Pierre Curie in 1898.",
    )
    assert ("contradiction", "value") not in kinds
    assert ("support", "same") in kinds


def test_a_class_denied_is_a_contradiction() -> None:
    assert ("contradiction", "negation") in _kinds(
        "The dolphin is not a mammal.", "The dolphin is a marine mammal of the open sea."
    )
    assert ("contradiction", "negation") in _kinds(
        "The tomato is a vegetable.", "The tomato is not a vegetable."
    )
    assert ("contradiction", "negation") not in _kinds(
        "The dolphin is not a large mammal.", "The dolphin is a mammal."
    )


def test_an_object_of_none_is_denied() -> None:
    """ "won no medals", "had no children": the act denied, never its support."""
    assert ("contradiction", "negation") in _kinds(
        "Greta Lind won medals.", "Greta Lind won no medals at the games."
    )
    kinds = _kinds("Greta Lind had children.", "With Jon Berg she had no children.")
    assert not any(outcome == "support" for outcome, _k in kinds)
    kinds = _kinds("The city has an airport.", "The city has no airport of its own.")
    assert not any(outcome == "support" for outcome, _k in kinds)


def test_two_counts_of_the_same_thing_are_a_contradiction() -> None:
    assert ("contradiction", "count") in _kinds(
        "Insects have eight legs.", "Insects have six legs and three body parts."
    )
    # a count per part is not the whole's count
    assert ("contradiction", "count") not in _kinds(
        "The council has 40 members.", "The council has 2 members from each district."
    )


def test_another_nationality_is_a_question_not_a_cap() -> None:
    assert ("contradiction", "class") in _kinds(
        "Antonín Dvořák was a Hungarian composer.", "Antonín Dvořák was a Czech composer."
    )


def test_a_light_nouns_value_is_compared() -> None:
    # "home to a university" does not say "home to Yale University"
    assert ("support", "same") not in _kinds(
        "New Haven is home to Yale University.", "New Haven is home to a university."
    )


def test_a_works_maker_in_the_possessive() -> None:
    # "Jane Austen's novel Emma" says who wrote it: another person is a contradiction
    assert ("contradiction", "value") in _kinds(
        "Emma was written by Charlotte Brontë.",
        "Jane Austen's novel Emma was first published in 1815.",
    )
    # ... also when the small model types the possessor as an organisation (it does so
    # for "Leo Tolstoy's"): no band writes a novel
    assert ("contradiction", "value") in _kinds(
        "Anna Karenina was written by Fyodor Dostoevsky.",
        "Leo Tolstoy's novel Anna Karenina was first published in 1878.",
    )
    # ... a band's possessive against a person is a question (a member may have written it)
    assert ("contradiction", "value") not in _kinds(
        "Dreams was written by Stevie Nicks.",
        "Fleetwood Mac's song Dreams was released in 1977.",
    )
    assert ("support", "same") in _kinds(
        "Anna Karenina was written by Leo Tolstoy.",
        "Leo Tolstoy's novel Anna Karenina was first published in 1878.",
    )


def test_a_named_works_one_author_against_another_is_a_contradiction() -> None:
    assert ("contradiction", "value") in _kinds(
        "Middlemarch was written by Thomas Hardy.",
        "Middlemarch, a study of provincial life, was written by George Eliot in 1871.",
    )
    # the claim's author named anywhere in the source may be a co-author it lists
    kinds = _kinds(
        "The Federalist Papers were written by James Madison.",
        "The Federalist Papers were written by Alexander Hamilton, with James Madison and "
        "John Jay, in 1787 and 1788.",
    )
    assert ("contradiction", "value") not in kinds
    # a discovery may be made by several: another discoverer stays a question
    assert ("contradiction", "value") not in _kinds(
        "Oxygen was discovered by Carl Wilhelm Scheele.",
        "Oxygen was discovered in 1774 by the English chemist Joseph Priestley.",
    )


def test_a_one_maker_work_whose_source_also_names_the_claims_maker_is_a_question() -> None:
    # one composer as a rule, but the source names the claim's too: the maker of a part
    kinds = _kinds(
        "The Orvel Suite was composed by Anton Pell.",
        "The Orvel Suite was composed by Mara Lind in 1931, with a finale by Anton Pell.",
    )
    assert ("contradiction", "value") not in kinds
    assert ("contradiction", "value") in _kinds(
        "The Orvel Suite was composed by Anton Pell.",
        "The Orvel Suite was composed by Mara Lind in 1931.",
    )


def test_a_possessive_before_a_place_names_no_maker() -> None:
    records = records_of(parse("Donald Trump's Mar-a-Lago is a resort in Palm Beach."))
    assert all(r.relation != "made" for r in records)


def test_another_painter_is_a_contradiction_another_founder_a_question() -> None:
    assert ("contradiction", "value") in _kinds(
        "The Night Watch was painted by Johannes Vermeer.",
        "Rembrandt van Rijn painted The Night Watch in 1642.",
    )
    kinds = _kinds("Apple was founded by Steve Wozniak.", "Steve Jobs founded Apple in 1976.")
    assert ("contradiction", "value") not in kinds


def test_a_role_of_a_narrower_scope_is_not_contradicted() -> None:
    kinds = _kinds(
        "The Loire is the longest river in France.", "The Volga is the longest river in Europe."
    )
    assert not any(outcome == "contradiction" for outcome, _kind in kinds)


def test_a_signer_named_by_a_pronoun_is_the_name_before_it() -> None:
    # "when they signed it": the signers named before; the signer is one slot of "sign"
    # (another year of one party's signing is not a contradiction: a treaty may be signed
    # by its parties in different years; the treaty's own signing is dated once)
    assert ("contradiction", "maker") in _kinds(
        "The Treaty of Ghent was signed by Andrew Jackson.",
        "John Quincy Adams and Henry Clay led the talks when they signed the Treaty of "
        "Ghent in December 1814.",
    )
    assert not any(
        outcome == "contradiction"
        for outcome, _kind in _kinds(
            "The Treaty of Ghent was signed in 1815.",
            "The Treaty of Ghent was signed by the United States in 1814.",
        )
    )


def test_one_person_named_two_ways_is_the_same_maker() -> None:
    kinds = _kinds(
        "The protocol was designed by Vint Cerf.",
        "The protocol was designed in 1974 by Vinton Cerf and Robert Kahn.",
    )
    assert ("support", "same") in kinds
    assert not any(outcome == "contradiction" for outcome, _kind in kinds)


def test_a_restatement_never_calls_the_source_another_subject() -> None:
    # "his Bible" restated from "Gutenberg finished his Bible" names its subject loosely
    claim = [r for r in records_of(parse("Gutenberg finished his Bible in 1475.")) if r.subject]
    restated = [r for r in claim if r.restated]
    assert restated
    found = records_of(
        parse("Gutenberg's best-known work, the Bible, was completed around 1455."), ["gutenberg"]
    )
    assert all(compare_records(r, f).outcome != "other_subject" for r in restated for f in found)


def test_a_clause_the_sentence_does_not_assert_neither_supports_nor_contradicts() -> None:
    # "before he even finished school": he did not finish it
    kinds = _kinds("He left home before he even finished school.", "He did not finish school.")
    assert not any(outcome == "contradiction" for outcome, _kind in kinds)
    records = records_of(parse("The bridge will close if the river rises."))
    assert [(r.subject, r.asserted) for r in records] == [("bridge", True), ("river", False)]


def test_another_name_said_either_way_supports() -> None:
    assert ("support", "same") in _kinds(
        "Brimstone is also known as sulfur.",
        "Sulfur, also known as brimstone, is a chemical element.",
    )


def test_an_apposition_says_what_the_name_is() -> None:
    assert ("contradiction", "unique_role") in _kinds(
        "Toronto is the capital of Canada.",
        "Ottawa, the capital of Canada, lies on the south bank of the Ottawa River.",
    )
    assert ("support", "same") in _kinds(
        "Ottawa is the capital of Canada.",
        "Ottawa, the capital of Canada, lies on the south bank of the Ottawa River.",
    )


@pytest.mark.parametrize(
    ("claim", "sentence", "outcome"),
    [
        ("Venus is hotter than Mars.", "Venus is hotter than Mars.", "support"),
        ("Mars is colder than Venus.", "Venus is hotter than Mars.", "support"),
        ("Mars is less hot than Venus.", "Venus is hotter than Mars.", "support"),
        ("Mars is hotter than Venus.", "Venus is hotter than Mars.", "contradiction"),
        ("Venus is colder than Mars.", "Venus is hotter than Mars.", "contradiction"),
        (
            "Venus is less hot than Mars.",
            "Venus, the second planet, is far hotter than Mars.",
            "contradiction",
        ),
        # a multiple or a fraction "as ... as" compares too
        ("Tin is less dense than lead.", "Tin is about half as dense as lead.", "support"),
        ("Lead is less dense than tin.", "Tin is only a third as dense as lead.", "contradiction"),
        ("Lead is denser than tin.", "Lead is three times as dense as tin.", "support"),
        ("Tin is denser than lead.", "Lead is twice as dense as tin.", "contradiction"),
        ("Venus is brighter than Mars.", "Venus is hotter than Mars.", "unrelated"),
        ("Venus is hotter than Mercury.", "Venus is hotter than Mars.", "unrelated"),
    ],
)
def test_a_comparison_read_either_way(claim: str, sentence: str, outcome: str) -> None:
    outcomes = {
        m.outcome
        for m in _outcomes(claim, sentence)
        if m.claim.relation.startswith("than:") and m.found.relation.startswith("than:")
    }
    assert outcomes == {outcome}


def test_a_class_of_work_names_its_maker() -> None:
    assert ("support", "same") in _kinds(
        "Johannes Vermeer painted The Milkmaid.",
        "The Milkmaid is one of the best-known works of the Dutch painter Johannes Vermeer.",
    )
    assert ("contradiction", "maker") in _kinds(
        "Rumours is an album by the Eagles.",
        "Rumours is the eleventh studio album by Fleetwood Mac.",
    )


def test_another_nationality_with_a_longer_class_is_still_a_question() -> None:
    assert ("contradiction", "class") in _kinds(
        "Edvard Grieg was a Swedish composer.",
        "Edvard Grieg was a Norwegian composer of the Romantic era.",
    )
    # the same nationality said with more words is no conflict
    kinds = _kinds(
        "Edvard Grieg was a Norwegian composer.", "Edvard Grieg was a Norwegian Romantic composer."
    )
    assert not any(outcome == "contradiction" for outcome, _kind in kinds)


def test_a_count_said_with_another_verb_is_compared() -> None:
    # "has N parts" and "consists of N parts" state one make-up; the plural of a kind of
    # thing names the kind, and "typical" or "all" does not make it another thing
    claim = "An adult octopus has ten arms."
    assert ("contradiction", "count") in _kinds(
        claim, "The typical adult octopus consists of eight arms."
    )
    assert ("contradiction", "count") in _kinds(claim, "All adult octopuses have eight arms.")
    assert ("support", "same") in _kinds(
        claim, "An adult octopus is made up of a body and has ten arms."
    ) or (("support", "same") in _kinds(claim, "The adult octopus has ten arms."))


def test_a_name_numbered_at_its_end_is_its_ordinal_form() -> None:
    assert same_name("world war ii", "second world war")
    assert not same_name("world war i", "second world war")
    assert ("support", "same") in _kinds(
        "The Second Vatican Council ended in 1965.", "Vatican Council II came to an end in 1965."
    )


def test_a_light_verb_says_its_nouns_relation() -> None:
    (record,) = records_of(parse("The treaty talks came to an end in 1648."))
    assert record.relation == "end"
    assert [a.key for a in record.args] == ["1648"]


def test_a_possessive_names_the_scope_of_a_one_per_holder_role() -> None:
    assert ("contradiction", "unique_role") in _kinds(
        "Lagos is the capital of Nigeria.", "Nigeria's capital is Abuja, a planned city."
    )
    # a role a holder has many of is not unique said with a possessive
    assert not any(
        m.outcome == "contradiction"
        for m in _outcomes("Emma is Jane Austen's novel.", "Persuasion is Jane Austen's novel.")
    )


def test_a_role_of_doing_something_is_named_with_it() -> None:
    # "the first person to walk on the Moon" is not "the first person to climb Everest"
    assert not any(
        m.outcome == "contradiction"
        for m in _outcomes(
            "Yuri Gagarin was the first person to walk on the Moon.",
            "The first person to climb Mount Everest was Edmund Hillary.",
        )
    )
    assert ("contradiction", "unique_role") in _kinds(
        "Yuri Gagarin was the first person to walk on the Moon.",
        "The first person to walk on the Moon was Neil Armstrong.",
    )


def test_a_class_in_a_place_says_where_the_thing_is() -> None:
    claim = "Angkor Wat is located in Thailand."
    kinds = _kinds(claim, "Angkor Wat is a temple complex in northern Cambodia.")
    assert ("contradiction", "value") in kinds
    assert ("support", "same") in _kinds(
        "Angkor Wat is located in Cambodia.", "Angkor Wat is a temple complex in Cambodia."
    )


@pytest.mark.parametrize(
    ("sentence", "true", "false"),
    [
        (
            "Saxony is a landlocked federal state of Germany.",
            "Saxony is in Germany.",
            "Saxony is in Ireland.",
        ),
        (
            "Manitoba is a province of Canada.",
            "Manitoba is located in Canada.",
            "Manitoba is located in Australia.",
        ),
    ],
)
def test_a_class_of_places_of_a_place_says_where_the_thing_is(
    sentence: str, true: str, false: str
) -> None:
    """ "a federal state of Germany": a class of places says where with "of" too."""
    assert ("support", "same") in _kinds(true, sentence)
    assert ("contradiction", "value") in _kinds(false, sentence)


def test_a_class_of_another_thing_says_no_place() -> None:
    """ "a state of mind", "a member of Canada's team": "of" places only a class of places."""
    assert not any(
        o == "contradiction" for o, _k in _kinds("Calm is in France.", "Calm is a state of mind.")
    )
    assert not any(
        o == "contradiction"
        for o, _k in _kinds("Lena Berg is in Norway.", "Lena Berg is a member of Canada's team.")
    )


def test_construction_of_a_thing_is_said_of_the_thing() -> None:
    assert ("contradiction", "value") in _kinds(
        "The Sydney Opera House was completed in 1963.",
        "Construction of the Sydney Opera House was completed in 1973.",
    )


def test_what_a_thing_runs_through_has_many_values() -> None:
    # a river flows through many countries; it flows into one sea
    kinds = _kinds("The Vltava flows through Austria.", "The Vltava flows through Prague.")
    assert not any(outcome == "contradiction" for outcome, _k in kinds)
    assert ("contradiction", "value") in _kinds(
        "The Vltava flows into the Black Sea.", "The Vltava flows into the North Sea."
    )


def test_a_class_in_a_list_of_places_does_not_say_where_the_thing_is() -> None:
    kinds = _kinds(
        "The Carpathians are located in Poland.",
        "The Carpathians are a mountain range in Romania, Ukraine and Slovakia.",
    )
    assert not any(outcome == "contradiction" for outcome, _k in kinds)


def test_an_act_done_once_to_a_named_thing_has_one_date() -> None:
    # a novel is written once, though its author writes many things
    assert ("contradiction", "value") in _kinds(
        "The Glass Orchard was written in 1930.", "The Glass Orchard was written in 1923."
    )
    assert ("contradiction", "value") in _kinds(
        "The Glass Orchard was written in 1930.",
        "Mara Holst wrote The Glass Orchard in 1923.",
    )
    # "an album" is no one thing: another album, another year
    kinds = _kinds("Aurora released an album in 2016.", "Aurora released an album in 2013.")
    assert not any(outcome == "contradiction" for outcome, _k in kinds)


def test_a_superlative_said_with_most_and_the_world_said_as_the_planet() -> None:
    assert ("contradiction", "unique_role") in _kinds(
        "Kelburn is the largest city in Canada.", "Avonmore is Canada's most populous city."
    )
    assert ("contradiction", "unique_role") in _kinds(
        "Lake Vossa is the deepest lake in the world.",
        "Lake Marrow is the deepest lake on the planet.",
    )


def test_a_role_scoped_by_its_peoples_name() -> None:
    # "the Kenyan capital" is the capital of Kenya
    assert ("contradiction", "unique_role") in _kinds(
        "Kisumu is the capital of Kenya.", "Nairobi, the Kenyan capital, grew around a depot."
    )
    assert ("support", "same") in _kinds(
        "Uppsala is the capital of Sweden.", "The Swedish capital, Uppsala, spreads over islands."
    )


def test_a_count_said_in_a_description_of_the_class() -> None:
    assert ("contradiction", "count") in _kinds(
        "Switzerland has 23 cantons.", "Switzerland is a federal republic made up of 26 cantons."
    )


def test_a_verb_with_its_particle_says_one_relation() -> None:
    (record,) = [r for r in records_of(parse("The ferry went down in 1912.")) if r.subject]
    assert record.relation == "sink"
    (record,) = [r for r in records_of(parse("Ada Ross passed away in 1931.")) if r.subject]
    assert record.relation == "die"


def test_an_apposition_gives_each_role_of_a_pair() -> None:
    assert ("support", "same") in _kinds(
        "Lima is the capital of Peru.",
        "Peru's capital and largest city, Lima, lies on the Pacific coast.",
    )


def test_a_birthplace_says_where_one_was_born() -> None:
    assert ("support", "same") in _kinds(
        "Ada Lindqvist was born in Uppsala.", "Lindqvist's birthplace was Uppsala."
    )
    assert ("contradiction", "value") in _kinds(
        "Ada Lindqvist was born in Vienna.", "Uppsala is the birthplace of Ada Lindqvist."
    )


def test_where_one_lives_has_many_values() -> None:
    kinds = _kinds(
        "Ada Lindqvist lived in Uppsala.", "Ada Lindqvist lived in Vienna from 1914 to 1932."
    )
    assert not any(outcome == "contradiction" for outcome, _k in kinds)


def test_a_verb_the_model_reads_as_a_noun_keeps_its_preposition() -> None:
    # "rises in the Andes and discharges into the Atlantic": the small model reads
    # "discharges" as a noun and hangs "into" on "rises"; the parse is mended
    sentence = "The Vessa rises in the Kell Hills and discharges into the Grey Sea near Orvel."
    assert ("contradiction", "value") in _kinds("The Vessa flows into the White Sea.", sentence)
    assert ("support", "same") in _kinds("The Vessa flows into the Grey Sea.", sentence)
    # the same parse read twice gives the same records (it is mended once, in place)
    doc = parse(sentence)
    assert records_of(doc) == records_of(doc)


def test_a_root_the_model_tags_as_a_noun_is_read_as_the_verb() -> None:
    # "The Adriatic sank in 1915": the small model tags "sank" a noun; a root with a
    # subject is a verb
    records = [r for r in records_of(parse("The Adriatic sank in 1915.")) if r.subject]
    assert [(r.subject, r.relation) for r in records] == [("adriatic", "sink")]


def test_a_named_thing_sinks_once_and_prices_sink_often() -> None:
    assert ("contradiction", "value") in _kinds(
        "The Orvel sank in 1915.", "The Orvel went down off the Kell Islands in 1921."
    )
    assert not any(
        outcome == "contradiction"
        for outcome, _kind in _kinds("Share prices sank in 2008.", "Share prices sank in 2020.")
    )


def test_a_superlative_of_a_plural_names_the_role() -> None:
    # "the largest of the world's lakes" is "the largest lake of the world"
    sentence = "Lake Vessa is the largest of the world's crater lakes, well ahead of Lake Kell."
    assert ("contradiction", "unique_role") in _kinds(
        "Lake Kell is the largest crater lake in the world.", sentence
    )
    assert ("support", "same") in _kinds(
        "Lake Vessa is the largest crater lake in the world.", sentence
    )


def test_a_countrys_adjective_before_its_ground_names_the_country() -> None:
    # "lies on Swedish soil" is "in Sweden" (another adjective beside it changes nothing)
    sentence = "Mount Orvel lies on Swedish soil, close to the border."
    assert ("contradiction", "value") in _kinds("Mount Orvel is located in Norway.", sentence)
    assert ("support", "same") in _kinds("Mount Orvel is located in Sweden.", sentence)
    # a country known by its common name ("Tanzania", not "Tanzania, United Republic of")
    assert ("support", "same") in _kinds(
        "Mount Kessel is located in Tanzania.", "Mount Kessel lies entirely on Tanzanian soil."
    )


def test_a_sovereign_state_or_a_nation_is_a_country_in_a_roles_name() -> None:
    assert ("support", "same") in _kinds(
        "Orvel is the smallest country in Europe.",
        "With an area of 40 hectares, Orvel is the smallest sovereign state in Europe.",
    )
    assert ("contradiction", "unique_role") in _kinds(
        "Lisk is the smallest country in Europe.", "Orvel is the smallest nation in Europe."
    )


def test_as_dense_as_says_the_two_are_alike_and_compares_nothing() -> None:
    (record,) = records_of(parse("Lead is as dense as tin."))
    assert not record.relation.startswith("than:")


def test_an_adjective_in_less_denies_the_act_its_base_names() -> None:
    kinds = _kinds("Ostriches can fly.", "The ostrich is a large flightless bird.")
    assert ("contradiction", "negation") in kinds
    # another act, another subject
    assert ("contradiction", "negation") not in _kinds(
        "Penguins can swim.", "The penguin is a flightless seabird."
    )
    assert ("contradiction", "negation") not in _kinds(
        "Ostriches can fly.", "The kiwi is a flightless bird."
    )


@pytest.mark.parametrize(
    ("claim", "outcome"),
    [
        ("Orvelia is smaller than Kessia.", "contradiction"),
        ("Kessia is larger than Orvelia.", "contradiction"),
        ("Orvelia is larger than Kessia.", "support"),
        # the other one is not named: of what kind, of what scope?
        ("Orvelia is smaller than Marnia.", None),
    ],
)
def test_a_comparison_read_against_a_superlative(claim: str, outcome: str | None) -> None:
    sentence = "Orvelia is the largest country on the continent; Kessia ranks second."
    outcomes = {
        m.outcome
        for m in _outcomes(claim, sentence)
        if m.claim.relation.startswith("than:") and m.found.role
    }
    assert (outcome in outcomes) if outcome else not outcomes - {"unrelated"}


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # a superlative said another way names the same role
        ("The Orva is the biggest lake of Norland.", "The Lanna is the largest lake of Norland."),
        (
            "Mount Kesh is the tallest mountain of Norland.",
            "Mount Vell is the highest mountain of Norland.",
        ),
        # "the closest planet to X" is "the planet closest to X"
        ("Venus is the closest planet to the Sun.", "Mercury is the planet nearest to the Sun."),
    ],
)
def test_a_superlative_said_another_way_is_the_same_role(claim: str, sentence: str) -> None:
    assert ("contradiction", "unique_role") in _kinds(claim, sentence)


def test_the_one_after_a_noun_holds_that_nouns_role() -> None:
    """ "the smallest planet and the one nearest to the Sun": the one is a planet."""
    kinds = _kinds(
        "Venus is the planet closest to the Sun.",
        "Mercury is the smallest planet and the one nearest to the Sun.",
    )
    assert ("contradiction", "unique_role") in kinds


def test_an_opening_participles_phrase_does_not_swallow_the_subject() -> None:
    """ "Working at X in Y, Z, Name did ...": the small model may read the participle as
    the subject and the name as one more place of the phrase; the name is the subject."""
    sentence = "Working at Lowell Observatory in Flagstaff, Arizona, Lampland identified the comet."
    subjects = {r.subject for r in records_of(parse(sentence)) if r.relation == "discover"}
    assert "lampland" in subjects
    assert ("support", "same") in _kinds("The comet was discovered by Carl Lampland.", sentence)


def test_a_verb_read_as_a_noun_after_an_opening_phrase_keeps_its_subject() -> None:
    """ "West of Vienna the Danube fans out ...": the verb read as a noun with a particle
    after it is a verb, and the name read as its compound is its subject."""
    sentence = "West of Vienna the Danube fans out into a wide plain and flows into the Black Sea."
    assert ("danube", "flow") in {(r.subject, r.relation) for r in records_of(parse(sentence))}
    assert ("contradiction", "value") in _kinds("The Danube flows into the North Sea.", sentence)
    river = "North of Manaus the river fans out into a broad delta and empties into the Atlantic."
    assert {r.subject for r in records_of(parse(river))} == {"river"}


@pytest.mark.parametrize(
    ("adjective", "superlative"),
    [
        ("big", "biggest"),
        ("large", "largest"),
        ("early", "earliest"),
        ("good", "best"),
        ("tall", "tallest"),
        ("deep", "deepest"),
        ("hot", "hottest"),
        ("ok", "okest"),
    ],
)
def test_superlatives_of_adjectives(adjective: str, superlative: str) -> None:
    from verifier.judges.frames.records import _superlative

    assert _superlative(adjective) == superlative


def test_nothing_bigger_than_x_makes_x_the_biggest() -> None:
    """ "No lake in Africa is larger than Victoria": Victoria is the largest lake in Africa
    (its scope the noun's); another holder of that role is a contradiction; the same words
    about another scope say nothing of this one."""
    sentence = "Setting aside the inland seas, no lake in Africa is larger than Lake Victoria."
    (record,) = [r for r in records_of(parse(sentence)) if r.role]
    assert (record.subject, record.relation, [a.key for a in record.args]) == (
        "lake victoria",
        "largest lake",
        ["africa"],
    )
    assert ("support", "same") in _kinds("Lake Victoria is the largest lake in Africa.", sentence)
    assert ("contradiction", "unique_role") in _kinds(
        "Lake Tanganyika is the largest lake in Africa.", sentence
    )
    assert _says_nothing("Lake Victoria is the largest lake in Asia.", sentence)
    smaller = records_of(parse("No lake in Africa is smaller than Lake Chad."))
    assert [(r.subject, r.relation) for r in smaller if r.role] == [("lake chad", "smallest lake")]
    # "less deep than": a comparison, no role
    assert not any(r.role for r in records_of(parse("No lake is less deep than Lake Chad.")))


def test_serving_as_a_role_is_holding_it() -> None:
    """ "X serves as Y's capital" says what "X is the capital of Y" says."""
    sentence = "Podgorica serves as Montenegro's capital and its largest city."
    assert ("support", "same") in _kinds("Podgorica is the capital of Montenegro.", sentence)
    assert ("contradiction", "unique_role") in _kinds(
        "Cetinje is the capital of Montenegro.", sentence
    )
    # a role it held ("served"): no contradiction of who holds it now
    assert not any(
        o == "contradiction"
        for o, _k in _kinds(
            "Cetinje is the capital of Montenegro.",
            "Podgorica served as Montenegro's capital until 1918.",
        )
    )


def test_a_noun_describing_a_name_is_not_part_of_it() -> None:
    """ "The physicist Meitner's birthplace": the name is Meitner (the description is not
    a word the claim's name must have); a name's own small words stay ("van", "de")."""
    sentence = "The physicist Meitner's birthplace was the city of Vienna."
    assert ("support", "same") in _kinds("Lise Meitner was born in Vienna.", sentence)
    painted = records_of(parse("Pieter de Hooch painted the courtyard."))
    assert ("pieter de hooch", "paint") in {(r.subject, r.relation) for r in painted}


def test_a_prize_that_went_to_someone_was_received_by_them() -> None:
    """ "The 1975 Pulitzer Prize for Poetry went to the poet John Ashbery": Ashbery received
    the Pulitzer Prize in 1975 (the prize's year a time of its own)."""
    sentence = "The 1975 Pulitzer Prize for Poetry went to the American poet John Ashbery."
    assert ("support", "same") in _kinds(
        "John Ashbery received the Pulitzer Prize for Poetry in 1975.", sentence
    )
    assert ("support", "same") not in _kinds(
        "Mark Strand received the Pulitzer Prize for Poetry in 1975.", sentence
    )


def test_made_under_someones_direction_is_directed_by_them() -> None:
    """ "X was filmed under the direction of Y" is "Y directed X"; "under the leadership of"
    is led by."""
    sentence = "Ugetsu, released in 1953, was filmed under the direction of Kenji Mizoguchi."
    assert ("support", "same") in _kinds("Kenji Mizoguchi directed Ugetsu.", sentence)
    led = "In 1911 the expedition sailed south under the leadership of Roald Amundsen."
    assert ("support", "same") in _kinds("The expedition was led by Roald Amundsen.", led)


def test_becoming_a_member_is_joining() -> None:
    """ "X became a member of Y in 2004", "X was admitted as a member of Y": X joined Y; one
    body joined in another year is another event only when the body differs too."""
    became = "Slovakia became a member of the European Union on 1 May 2004."
    assert ("support", "same") in _kinds("Slovakia joined the European Union in 2004.", became)
    admitted = "In 1995 Cameroon was admitted as the 52nd member of the Commonwealth of Nations."
    assert ("support", "same") in _kinds("Cameroon joined the Commonwealth in 1995.", admitted)
    assert _says_nothing("Slovakia joined NATO in 2002.", became)


def test_a_claim_said_the_other_way_is_one_statement() -> None:
    """The claim "X became a member of Y" is one statement, supported by "X joined Y"."""
    verdict = FrameJudge(records=True).decide(
        "Slovakia became a member of the European Union in 2004.",
        ["Slovakia joined the European Union in 2004, with nine other states."],
        [""],
    )
    assert verdict.label == "supported"


def test_a_places_class_with_a_demonym_says_where_it_is() -> None:
    """ "a Ugandan lake port", "a West African nation": where the place is; a person's
    demonym is a nationality, not where they are."""
    port = "Entebbe, a Ugandan lake port on Lake Victoria, hosts the international airport."
    assert ("support", "same") in _kinds("Entebbe is a city in Uganda.", port)
    assert ("contradiction", "value") in _kinds("Entebbe is a city in Kenya.", port)
    nation = "Ghana, a West African nation, borders Togo."
    assert ("support", "same") in _kinds("Ghana is a country in Africa.", nation)
    runner = "Eliud Kipchoge is a Kenyan runner."
    assert _says_nothing("Eliud Kipchoge lives in Uganda.", runner)


def test_a_place_named_beside_the_place_of_a_class_holds_it() -> None:
    """ "a rift lake in southern Siberia, Russia": in Russia too (the gazetteer may not
    know the first place)."""
    sentence = "Lake Khanka, a freshwater lake in Primorsky Krai, Russia, borders China."
    _both_ways(sentence, "Lake Khanka is located in Russia.", "Lake Khanka is located in Mongolia.")


def test_a_place_home_to_a_named_thing_is_where_it_is() -> None:
    """ "Vienna is home to the Albertina": the Albertina is in Vienna; "home to 1.9 million
    people" is a population, not a place of anything named."""
    sentence = "Vienna is home to the Albertina, one of the largest print rooms in the world."
    assert ("support", "same") in _kinds("The Albertina is located in Vienna.", sentence)
    assert ("contradiction", "value") in _kinds("The Albertina is located in Graz.", sentence)
    people = records_of(parse("Vienna is home to about 1.9 million people."))
    assert not any(r.relation == "locate" for r in people)


def test_a_participle_describing_a_name_is_done_to_that_name() -> None:
    """ "Rashomon, a 1950 drama directed by Akira Kurosawa": Rashomon was directed by him
    (the participle's noun set beside the name, or said of it by "is"); a participle on a
    noun that describes nothing named gives no subject."""
    beside = "Rashomon, a 1950 period drama directed by Akira Kurosawa, won the Golden Lion."
    _both_ways(
        beside, "Rashomon was directed by Akira Kurosawa.", "Rashomon was directed by Yasujiro Ozu."
    )
    said = "Ikiru, released in 1952, is a drama film directed by Akira Kurosawa."
    assert ("support", "same") in _kinds("Akira Kurosawa directed Ikiru.", said)
    bare = records_of(parse("The ferry was replaced by a bridge built in 1990."))
    assert not any(r.relation == "build" and r.subject for r in bare)


def test_a_work_described_as_someones_says_who_made_it() -> None:
    """ "Snow Country, a 1948 novel by Yasunari Kawabata": Kawabata wrote it; "of" only
    with the maker's trade ("the last novel of the author X"), never of a sitter."""
    by = "Snow Country, a 1948 novel by Yasunari Kawabata, is set in a hot-spring town."
    _both_ways(by, "Yasunari Kawabata wrote Snow Country.", "Yukio Mishima wrote Snow Country.")
    of = "Arrow of God, the third novel of Nigerian author Chinua Achebe, appeared in 1964."
    assert ("support", "same") in _kinds("Chinua Achebe wrote Arrow of God.", of)
    owned = "Emma, Jane Austen's fourth published novel, first appeared in 1815."
    _both_ways(owned, "Emma was written by Jane Austen.", "Emma was written by Anne Bronte.")
    sitter = "The Blue Boy, a portrait of Jonathan Buttall, hangs in California."
    assert _says_nothing("Jonathan Buttall painted The Blue Boy.", sitter)


def test_taking_a_numbered_role_holds_it_for_good() -> None:
    """ "X took office as Ghana's first prime minister" says X was the first, in any tense
    and whatever ended it later ("until his death"); a role held once ("served as the
    capital") or a title that opens with "first" ("first lady") is not held for good."""
    took = (
        "Kwame Nkrumah took office as Ghana's first prime minister in 1957 and served until 1960."
    )
    assert _verdict("Kwame Nkrumah was Ghana's first prime minister.", took) == ("supported")
    assert _verdict("Ghana's first prime minister was Kofi Busia.", took) == ("refuted")
    held = records_of(parse("Lagos served as the capital of Nigeria until 1991."))
    assert not any(r.role for r in held)
    lady = records_of(parse("Edith Wilson served as the first lady of the United States."))
    assert not any(r.role for r in lady)
    # "became the first": the numbered role too (not "became the capital": a role once)
    became = "In June 1963 Valentina Tereshkova became the first woman in space."
    assert _verdict("Sally Ride was the first woman in space.", became) == "refuted"
    capital = records_of(parse("Rio de Janeiro became the capital of Brazil in 1763."))
    assert not any(r.role for r in capital)


def test_a_description_before_or_beside_the_subject_gives_way_to_the_name() -> None:
    """ "In 1896 the French physicist Henri Becquerel discovered ..." and "the friar
    Gregor Mendel uncovered ...": the subject is the name, not the description; "Fela
    Kuti, the Nigerian bandleader, ..." the name ends at its comma."""
    for sentence in (
        "In 1896 the French physicist Henri Becquerel discovered radioactivity.",
        "Working alone, the French physicist Henri Becquerel discovered radioactivity.",
    ):
        subjects = {r.subject for r in records_of(parse(sentence)) if r.relation == "discover"}
        assert "henri becquerel" in subjects
    commas = records_of(parse("Miriam Makeba, the South African singer, recorded Pata Pata."))
    assert "miriam makeba" in {r.subject for r in commas}
    # a name set beside a description, after a comma, leaves the description the subject
    beside = records_of(parse("A remake, Dune Part Two, was released on March 1, 2024."))
    assert "remake" in {r.subject for r in beside if r.relation == "release"}


def test_a_firms_legal_form_is_no_other_name() -> None:
    """ "Honda Motor Company was founded in 1948" is said of Honda."""
    assert ("support", "same") in _kinds(
        "Honda was founded in 1948.", "Honda Motor Company was founded in September 1948."
    )


def test_an_opening_past_participle_is_done_to_the_sentences_subject() -> None:
    """ "Founded in 1998, Google moved to Mountain View in 2003": Google was founded in
    1998."""
    sentence = "Founded by two students in 1998, Google moved to Mountain View in 2003."
    _both_ways(sentence, "Google was founded in 1998.", "Google was founded in 2001.")
    founded = [r for r in records_of(parse(sentence)) if r.relation == "found"]
    assert [(r.subject, r.patient) for r in founded] == [("google", True)]


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # "ADJ-er than any other N"
        (
            "Angel Falls is the highest waterfall in the world.",
            "Angel Falls is higher than any other waterfall on Earth.",
        ),
        # "No N is as ADJ as X"
        (
            "The Amazon is the most extensive rainforest in the world.",
            "No other rainforest on Earth is as extensive as the Amazon.",
        ),
        # a verb of standing: "No N rises higher than X"
        (
            "Mount Elbrus is the tallest mountain in Europe.",
            "No mountain in Europe rises higher than Mount Elbrus.",
        ),
    ],
)
def test_a_superlative_said_as_a_comparison_with_all_the_others(claim: str, sentence: str) -> None:
    assert ("support", "same") in _kinds(claim, sentence)


def test_a_superlative_said_as_a_comparison_decides_both_ways() -> None:
    """The judge reads a sentence that says "deeper than any other lake" for a claim about
    "the deepest lake" (the two words meet), and "tallest" is said by "higher"."""
    deeper = "Lake Baikal is deeper than any other lake on Earth."
    assert _verdict("Lake Baikal is the deepest lake in the world.", deeper) == ("supported")
    assert _verdict("Crater Lake is the deepest lake in the world.", deeper) == ("refuted")
    higher = "No building on Earth rises higher than the Burj Khalifa in Dubai."
    assert _verdict("The Burj Khalifa is the tallest building in the world.", higher) == (
        "supported"
    )


def test_a_role_that_remains_or_is_the_sole_one_is_the_role() -> None:
    """ "Bern remains the federal city of Switzerland" says what "is" says; "the sole
    official language" is the official language."""
    remains = "Although the courts sit in Lausanne, Bern remains the federal city of Switzerland."
    assert _verdict("Lausanne is the federal city of Switzerland.", remains) == ("refuted")
    sole = "Amharic is the sole working language of the federal government of Ethiopia."
    assert ("contradiction", "unique_role") in _kinds(
        "Oromo is the working language of the federal government of Ethiopia.", sole
    )


def test_a_clauses_own_tense_decides_a_role_then_or_now() -> None:
    """ "Portuguese is the official language of Brazil, which was colonised by Portugal":
    the role is said now (the "was" belongs to another clause), so a claim of another
    language now is contradicted; a role said in the past is not a role now."""
    now = "Dutch is the official language of Suriname, which was colonised by the Netherlands."
    assert _verdict("English is the official language of Suriname.", now) == "refuted"
    then = "Lagos was the capital of Nigeria until 1991."
    assert _verdict("Abuja is the capital of Nigeria.", then) != "refuted"
    (record,) = [r for r in records_of(parse(now)) if r.role]
    assert record.tense == "present"


def test_a_value_of_a_name_the_claim_names_too_is_not_anothers() -> None:
    """ "Gutenberg finished his Bible in 1475" against "Gutenberg's best-known work, the
    Bible, was completed around 1455": the Bible is what the claim speaks of, not another
    subject that owns the date."""
    sentence = "Hokusai's best-known work, the print The Great Wave, was completed around 1831."
    assert _verdict("Hokusai finished his print The Great Wave in about 1850.", sentence) == (
        "refuted"
    )


def test_a_place_owned_by_a_country_is_in_that_country() -> None:
    """ "lies in Venezuela's Canaima National Park": in Venezuela (the park is no place the
    gazetteer knows; its owner is)."""
    sentence = "Kaieteur Falls lies in Guyana's Kaieteur National Park."
    _both_ways(
        sentence, "Kaieteur Falls is located in Guyana.", "Kaieteur Falls is located in Brazil."
    )


def test_a_name_given_with_a_places_possessive_is_in_that_place() -> None:
    """ "Taipei's Taipei 101 opened in 2004": Taipei 101 is in Taipei, and it is the
    subject (the place's possessive is not part of its name); a person's possessive stays
    ("Mahler's Ninth Symphony" is not Beethoven's)."""
    sentence = "Singapore's Marina Bay Sands opened in April 2010."
    _both_ways(
        sentence,
        "Marina Bay Sands is located in Singapore.",
        "Marina Bay Sands is located in Macau.",
    )
    assert ("support", "same") in _kinds("Marina Bay Sands opened in 2010.", sentence)
    ninth = records_of(parse("Mahler's Ninth Symphony was first performed in 1912."))
    assert not any(r.subject == "ninth symphony" for r in ninth)


def test_the_one_replaced_as_a_role_holds_it_no_more() -> None:
    """ "Dodoma replaced Dar es Salaam as Tanzania's capital in 1996": Dar es Salaam is not
    the capital now, though it was; the one that replaced it may have been replaced since,
    so nothing is read of it."""
    replaced = "Dodoma officially replaced Dar es Salaam as Tanzania's capital in 1996."
    assert _verdict("Dar es Salaam is the capital of Tanzania.", replaced) == ("refuted")
    assert _verdict("Dar es Salaam was the capital of Tanzania.", replaced) != ("refuted")
    old = "Rio de Janeiro replaced Salvador as the capital of Brazil in 1763."
    assert _verdict("Brasilia is the capital of Brazil.", old) != "refuted"


def test_a_description_right_before_a_name_says_what_it_is() -> None:
    """ "The Finnish composer Jean Sibelius wrote Finlandia": Sibelius is a Finnish
    composer (a nationality in a description is a name, as in an apposition: "Kahlo, a
    Mexican painter"); another nationality is a class in conflict, for review."""
    sentence = "The Czech composer Antonin Dvorak wrote the New World Symphony in 1893."
    assert ("support", "same") in _kinds("Antonin Dvorak was a Czech composer.", sentence)
    assert ("contradiction", "class") in _kinds("Antonin Dvorak was a Polish composer.", sentence)
    beside = "Diego Rivera, a Mexican painter, painted murals in Detroit."
    assert ("contradiction", "class") in _kinds("Diego Rivera was a Cuban painter.", beside)


def test_unearthing_is_discovering_and_an_inaugural_event_is_the_first() -> None:
    """ "Farmers unearthed the Terracotta Army in 1974" dates its discovery; "the
    inaugural Tour de France" is the first."""
    unearthed = "Farmers digging a well unearthed the Terracotta Army in March 1974."
    assert _verdict("The Terracotta Army was discovered in 1974.", unearthed) == ("supported")
    assert same_name("first tour de france", ordinal_first("inaugural tour de france"))


def test_orbited_by_a_number_of_moons_is_having_them() -> None:
    """ "Uranus is orbited by 28 known moons": Uranus has 28 moons (a count)."""
    sentence = "Uranus is orbited by 28 small and large moons, named after literary characters."
    assert ("support", "same") in _kinds("Uranus has 28 moons.", sentence)
    assert ("contradiction", "count") in _kinds("Uranus has 14 moons.", sentence)


def test_a_made_thing_named_with_its_makers_possessive_is_the_thing() -> None:
    """ "Lantern Press issued Maria Delgado's The Salt Road in 1962": what was issued is
    "The Salt Road" (its maker is no part of its name), and a passive claim about it is
    told from its doer, not of another subject."""
    sentence = "Lantern Press first published Maria Delgado's The Salt Road in Lisbon in 1962."
    restated = [r for r in records_of(parse(sentence)) if r.restated and r.patient]
    assert [r.subject for r in restated] == ["salt road"]
    assert _verdict("The Salt Road was first published in 1962.", sentence) == "supported"
    # the other year is a conflict of the same act (publishing holds many times: how sure
    # is the calibration's), not another subject's value
    other = FrameJudge().decide("The Salt Road was first published in 1971.", [sentence])
    assert "1971 vs 1962" in other.reason
    assert "another subject" not in other.reason


def test_a_publisher_is_no_author() -> None:
    """Publishing is a relation of its own: the publisher of a play is not its author, and
    a work is written before it is published."""
    published = "Thomas Hollis published The Winter Garden in 1711."
    assert _verdict("The Winter Garden was written by Ann Carrow.", published) != "refuted"
    assert _says_nothing("The Winter Garden was written by Ann Carrow.", published)
    assert _verdict("The Winter Garden was written in 1705.", published) != "refuted"


def test_a_title_after_a_works_noun_is_what_was_made() -> None:
    """ "Ana Ruiz wrote the novel Paper Lanterns": the parse reads the title as a clause of
    its own or the noun as an adjective; what was written is the title, not "novel"."""
    sentence = "Paper Lanterns is a 1974 novel by the Chilean writer Ana Ruiz."
    assert _verdict("Ana Ruiz wrote the novel Paper Lanterns.", sentence) == "supported"
    # (a novel has one author: another one named for it contradicts the claim)
    assert ("contradiction", "value") in _kinds(
        "Tomas Vidal wrote the novel Paper Lanterns.", sentence
    )
    beloved = "Beloved is a 1987 novel by the American writer Toni Morrison."
    assert _verdict("Toni Morrison wrote the novel Beloved.", beloved) == "supported"


def test_a_work_made_together_has_other_makers() -> None:
    """ "Ana Ruiz co-wrote the novel Paper Lanterns": a work made with others; the source
    naming another of its makers contradicts nothing."""
    sentence = "Paper Lanterns, Tomas Vidal's 1974 comic novel, was filmed in 1990."
    assert _says_nothing("Ana Ruiz co-wrote the novel Paper Lanterns.", sentence)
    assert _verdict("Ana Ruiz co-wrote the novel Paper Lanterns.", sentence) != "refuted"


def test_what_is_said_of_a_thing_holds_under_its_other_name() -> None:
    """ "Madrid's Royal Palace, better known as the Palacio Real, was completed in 1755":
    the Palacio Real is in Madrid and was completed in 1755; a name only ("known as the
    pride of the city" names nobody)."""
    sentence = "Madrid's Royal Palace, better known as the Palacio Real, was completed in 1755."
    assert _verdict("The Palacio Real is located in Madrid.", sentence) == "supported"
    assert ("contradiction", "value") in _kinds("The Palacio Real was completed in 1790.", sentence)
    plain = "The Old Exchange, known as the pride of the city, was opened in 1611."
    said = [r for r in records_of(parse(plain)) if r.subject == "pride of the city"]
    assert [r.relation for r in said] == ["alias"]


def test_an_official_role_is_the_role() -> None:
    """ "The cedi is the official currency of Ghana" answers "Ghana's currency is ...";
    a language's name after "is" is a name, the role's holder."""
    official = "The Brazilian real is the official currency of Brazil."
    assert ("contradiction", "unique_role") in _kinds(
        "Brazil's currency is the Argentine peso.", official
    )
    assert _verdict("Brazil's currency is the Brazilian real.", official) == "supported"
    assert ("contradiction", "unique_role") in _kinds(
        "The official language of Marovia is Spanish.",
        "Portuguese is the official language of Marovia.",
    )


def test_a_head_office_says_where_a_company_is_headquartered() -> None:
    """ "has its head office in X" is "is headquartered in X"; "has offices in X" is not."""
    claim = "Kestrel Motors is headquartered in Paris."
    assert _verdict(claim, "Kestrel Motors has its head office in Paris.") == "supported"
    assert _verdict(claim, "Kestrel Motors has its headquarters in Paris.") == "supported"
    assert _says_nothing(claim, "Kestrel Motors has offices in Paris and Turin.")
    assert ("contradiction", "value") in _kinds(
        claim, "Kestrel Motors has its head office in Madrid."
    )


def test_an_agent_noun_says_the_act() -> None:
    """ "Carla Mendes, the founder of Brightwave", "Brightwave's founder, Carla Mendes",
    "Helga Dorn is the author of The Quiet Harbour": who founded or wrote it, as the act's
    passive would say; a co-founder founded it with others (another founder named is no
    contradiction)."""
    claim = "Carla Mendes founded Brightwave."
    for sentence in (
        "Carla Mendes, the founder of Brightwave, spoke at the event.",
        "Brightwave's founder, Carla Mendes, still runs the company.",
    ):
        assert _verdict(claim, sentence) == "supported", sentence
    author = "Helga Dorn is the author of The Quiet Harbour."
    assert _verdict("Helga Dorn wrote The Quiet Harbour.", author) == "supported"
    assert _verdict("The Quiet Harbour was written by Helga Dorn.", author) == "supported"
    # another doer of the act: a question for the rater (a thing may have several makers)
    assert ("contradiction", "maker") in _kinds("Ines Vogel wrote The Quiet Harbour.", author)
    co_founder = "Carla Mendes, a co-founder of Brightwave, spoke at the event."
    assert _verdict(claim, co_founder) == "supported"
    assert _says_nothing("Ines Vogel founded Brightwave.", co_founder)
    assert _says_nothing(claim, "Carla Mendes is not the founder of Brightwave.")


def test_a_lifes_years_after_a_name() -> None:
    """ "Tomas Berg (1801-1880)": born in 1801, died in 1880; not a war's or a reign's
    years, nor a span no life has."""
    sentence = "Tomas Berg (1801-1880) was a Norwegian engineer."
    assert _verdict("Tomas Berg died in 1880.", sentence) == "supported"
    assert _verdict("Tomas Berg was born in 1801.", sentence) == "supported"
    assert _verdict("Tomas Berg died in 1875.", sentence) == "refuted"
    assert _verdict("Tomas Berg was born in 1805.", sentence) == "refuted"
    circa = "The painter Jan Steen (c. 1626 – 1679) lived in Leiden."
    assert _verdict("Jan Steen died in 1679.", circa) == "supported"
    war = "World War II (1939–1945) was a global conflict."
    assert _says_nothing("World War II ended in 1946.", war)
    assert _says_nothing("Tomas Berg died in 1990.", "Tomas Berg (1801-1990) was an engineer.")


def test_a_national_role_is_one_per_country() -> None:
    """ "Kovia's national animal is the lynx": a role its country has one of, as "the
    national animal of Kovia" says it."""
    (record,) = [r for r in records_of(parse("Kovia's national animal is the lynx.")) if r.role]
    assert (record.subject, record.relation, record.unique) == ("lynx", "national animal", True)
    assert (
        _verdict(
            "Kovia's national animal is the lynx.", "The lynx is the national animal of Kovia."
        )
        == "supported"
    )


def test_a_bare_class_before_a_name_only_says_which() -> None:
    """ "The film Night Harbor was directed by Lena Ortiz": "the film" tells which Night
    Harbor is meant; a source need not call it a film to state who directed it."""
    claim = "The film Night Harbor was directed by Lena Ortiz."
    assert _verdict(claim, "Night Harbor is a 1998 thriller directed by Lena Ortiz.") == "supported"
    # a class with more to it is a statement of its own ("the Finnish composer")
    said = records_of(parse("The Finnish composer Jean Sibelius wrote Finlandia."))
    assert any(r.relation == "be" and not r.restated for r in said)


def test_a_role_held_then_is_not_said_now() -> None:
    """ "Olaf Lund was the mayor of Bergen from 1970 to 1978" does not say he is the mayor:
    the support is withdrawn; a numbered role is held for good."""
    then = "Olaf Lund was the mayor of Bergen from 1970 to 1978."
    assert _verdict("Olaf Lund is the mayor of Bergen.", then) == "inconclusive"
    assert _verdict("Olaf Lund was the mayor of Bergen.", then) == "supported"
    first = "Olaf Lund was the first mayor of Bergen."
    assert _verdict("Olaf Lund is the first mayor of Bergen.", first) == "supported"


def test_a_maker_makes_many_things() -> None:
    """ "Olaf Lund designed the Tarn Bridge" does not deny that he designed the Orva
    Bridge; who designed the Orva Bridge is one slot."""
    assert _says_nothing(
        "Olaf Lund designed the Orva Bridge.", "Olaf Lund designed the Tarn Bridge."
    )
    designed = "The Orva Bridge was designed by Karin Moe."
    claim = "The Orva Bridge was designed by Olaf Lund."
    assert ("contradiction", "maker") in _kinds(claim, designed)


def test_independence_gained_or_become() -> None:
    """ "became independent in 1991" and "gained its independence in 1991" say one thing; a
    declaration is not the independence it claims, and a country may gain it twice."""
    gained = "Kovia gained its independence in 1991."
    assert _verdict("Kovia became independent in 1991.", gained) == "supported"
    assert _verdict("Kovia gained independence in 1991.", "Kovia became independent in 1991.") == (
        "supported"
    )
    assert _verdict("Kovia became independent in 1918.", gained) != "refuted"
    assert _says_nothing(
        "Kovia became independent in 1991.", "Kovia declared independence in 1991."
    )


def test_a_native_of_a_place_was_born_there() -> None:
    claim = "Olaf Lund was born in Bergen."
    assert _verdict(claim, "Olaf Lund, a native of Bergen, studied in Oslo.") == "supported"
    assert ("contradiction", "value") in _kinds(claim, "Olaf Lund is a native of Madrid.")


def test_a_member_since_a_year_joined_then() -> None:
    """ "has been a member of the European Union since 2004": joined in 2004, and still a
    member ("has been ... since" is no other time); another year contradicts the claim."""
    claim = "Kovia joined the European Union in 2004."
    since = "Kovia has been a member of the European Union since 2004."
    assert _verdict(claim, since) == "supported"
    later = "Kovia has been a member of the European Union since 2007."
    assert ("contradiction", "value") in _kinds(claim, later)
    # a role held since a year is still held
    assert (
        _verdict("Vela is the capital of Kovia.", "Tamar has been the capital of Kovia since 1920.")
        == "refuted"
    )
    # ... but "since" with no "has been" may speak of a state that ended
    assert (
        _verdict("Vela is the capital of Kovia.", "Since 1920 Tamar was the capital of Kovia.")
        != "refuted"
    )


def test_a_span_of_years_holds_the_years_inside_it() -> None:
    """ "built between 1928 and 1932": one span of time; "completed in 1932" lies in it
    (a wrong refutation before: the span was read as two dates), "in 1936" does not."""
    claim = "The Orva Bridge was built between 1928 and 1932."
    both = "Construction of the Orva Bridge began in 1928 and was completed in 1932."
    assert _verdict(claim, both) != "refuted"
    assert ("contradiction", "value") in _kinds(claim, "The Orva Bridge was completed in 1936.")
    assert ("support", "same") in _kinds(claim, "The Orva Bridge was completed in 1930.")


def test_who_owns_a_company_and_who_bought_it() -> None:
    claim = "Brightwave is owned by Siemens."
    assert _verdict(claim, "Brightwave, a subsidiary of Siemens, makes inverters.") == "supported"
    assert _verdict(claim, "Siemens owns Brightwave.") == "supported"
    bought = "Brightwave was acquired by Siemens in 2015."
    assert _verdict(bought, "Siemens bought Brightwave in 2015.") == "supported"
    assert _verdict(bought, "In 2015, Brightwave was bought by ABB.") == "refuted"


def test_a_date_written_month_first_is_one_date() -> None:
    """ "came out on May 4, 1998": released, on the whole date (past its comma)."""
    claim = "Night Harbor was released on 4 May 1998."
    assert _verdict(claim, "Night Harbor came out on May 4, 1998.") == "supported"
    assert _verdict(claim, "Night Harbor came out on May 14, 1998.") != "supported"


def test_one_class_in_more_words_is_no_other_class() -> None:
    """ "a female Supreme Court justice" / "the first female Supreme Court justice": one
    kind said in more words, not another nationality (a review flag on a true claim
    before); "a German composer" / "a Polish composer" still differ."""
    claim = "Ana Ruiz is a female Supreme Court justice."
    first = "Ana Ruiz became the first female Supreme Court justice in 1981."
    assert ("contradiction", "class") not in _kinds(claim, first)
    assert ("contradiction", "class") in _kinds(
        "Tomas Berg was a German composer.", "Tomas Berg was a Polish composer."
    )
    assert ("contradiction", "class") in _kinds(
        "Tom Reed is an American film actor.", "Tom Reed is a British film actor."
    )
    assert ("contradiction", "class") not in _kinds(
        "Ana Ruiz is a female U.S. Supreme Court justice.",
        "Ana Ruiz became the first female United States Supreme Court justice in 1981.",
    )


def test_a_sentence_glued_to_a_pages_table_is_read_from_its_subject() -> None:
    """A page's table or list runs into the sentence after it (no full stop between): the
    tail that names the claim's subject is read when it is short enough to parse."""
    table = " ".join(f'"Song {n}" Released: {n} May 2013' for n in range(1, 9))
    page = (
        f"Delta Harbor (2013) Spirit (2017) Singles from Delta Harbor {table} Delta Harbor is "
        "the thirteenth studio album by the English band Night Signal, released in 2013."
    )
    claim = "Delta Harbor is an album by Night Signal."
    assert FrameJudge().decide(claim, [page]).label == "supported"


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # the act of someone the subject has
        ("Marta Ruiz was born in Vela.", "Marta Ruiz's mother was born in Vela."),
        ("Marta Ruiz founded Brightwave.", "Marta Ruiz's father founded Brightwave."),
        ("Marta Ruiz wrote Salt.", "Marta Ruiz's daughter wrote Salt."),
        # another role of the same words
        ("Marta Ruiz is the president of Kovia.", "Marta Ruiz is the vice president of Kovia."),
        (
            "Marta Ruiz is the prime minister of Kovia.",
            "Marta Ruiz is the former prime minister of Kovia.",
        ),
        # one of several for a superlative
        (
            "Night Harbor was the highest-grossing film of 1998.",
            "Night Harbor was one of the highest-grossing films of 1998.",
        ),
        # a state that has ended
        (
            "Brightwave is headquartered in Porto.",
            "Brightwave was headquartered in Porto until 2012.",
        ),
        (
            "The Orpheus Prize is worth 50,000 euros.",
            "The Orpheus Prize was worth 50,000 euros until 2010.",
        ),
    ],
)
def test_a_sentence_that_says_less_supports_nothing(claim: str, sentence: str) -> None:
    """The sentence names the claim's subject and value but says less than the claim: each
    of these was supported before."""
    assert _verdict(claim, sentence) != "supported"


def test_what_the_sentence_says_in_full_is_still_supported() -> None:
    assert _verdict("Marta Ruiz was born in Vela.", "Marta Ruiz was born in Vela in 1950.") == (
        "supported"
    )
    assert (
        _verdict(
            "Brightwave was headquartered in Porto.",
            "Brightwave was headquartered in Porto until 2012.",
        )
        == "supported"
    )
    assert (
        _verdict(
            "Marta Ruiz is the president of Kovia.",
            "Marta Ruiz is the first female president of Kovia.",
        )
        == "supported"
    )
    # "one of the" of another role in the same sentence
    velium = (
        "Velium has the highest melting point of all metals, 3,422 °C, and one of the highest "
        "boiling points of any element, 5,930 °C."
    )
    claim = "Velium melts at 3,422 °C, the highest melting point of any metal."
    assert _verdict(claim, velium) == "supported"


def test_a_middle_name_leaves_the_rules_support_standing() -> None:
    """ "Aram Hovig Sarkisian (..., born July 15, 1961)": a date the parse gives "Aram
    Hovig Sarkisian" is not another's value for a claim about Aram Sarkisian (the whole
    month-first date is read now, so the records see it); another date is a question for
    the rater, not a cap (he may be a namesake)."""
    sentence = (
        "Aram Hovig Sarkisian ( Արամ Սարգսյան, born July 15, 1961 ) is a Lebanese-born "
        "Armenian -- American drummer."
    )
    assert _verdict("Aram Sarkisian was born on July 15, 1961.", sentence) == "supported"
    judgement = FrameJudge().judge_all("Aram Sarkisian was born on July 15, 1861.", [sentence])[0]
    assert judgement.label == "inconclusive"
    assert judgement.conflicts


def test_a_headcount_said_several_ways() -> None:
    """ "has a population of about 2 million", "is home to roughly 2 million people", "has
    2 million inhabitants", "the population of X is estimated at ...": one headcount.
    Another number is a question for the rater, never a cap (a city proper, its
    metropolitan area and its region count differently)."""
    claim = "Kovia has a population of about 2 million."
    assert _verdict(claim, "Kovia is home to roughly 2 million people.") == "supported"
    for other in (
        "The population of Kovia is estimated at 5.4 million.",
        "Kovia has 5.4 million inhabitants.",
    ):
        assert ("contradiction", "headcount") in _kinds(claim, other), other
        decision = FrameJudge().decide(claim, [other])
        assert decision.label == "inconclusive", other
        assert "5.4 million" in decision.reason
    assert _says_nothing(claim, "Kovia is home to many species of birds.")


def test_an_act_named_by_its_noun() -> None:
    """ "after Tomas Berg's death in 1875", "the opening of the Orva Bridge in 1936": the act
    the noun names, whose it is and when; not without a date or a place."""
    claim = "Tomas Berg died in 1880."
    assert _verdict(claim, "After Tomas Berg's death in 1880, his firm was sold.") == "supported"
    assert _verdict(claim, "After Tomas Berg's death in 1875, his firm was sold.") == "refuted"
    opened = "The Orva Bridge opened in 1932."
    assert _verdict(opened, "The opening of the Orva Bridge in 1932 drew crowds.") == "supported"
    assert ("contradiction", "value") in _kinds(
        opened, "The opening of the Orva Bridge in 1936 drew crowds."
    )
    assert not any(
        r.relation == "die" for r in records_of(parse("Tomas Berg's death shocked the town."))
    )


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # another thing of the name
        ("The Orva Bridge was completed in 1932.", "The new Orva Bridge was completed in 2001."),
        (
            "The Orva Bridge was completed in 1932.",
            "The Orva Railway Bridge was completed in 1910.",
        ),
        # a relative, a parent company: someone the subject has
        ("Tomas Berg was born in 1801.", "Tomas Berg's father was born in 1770."),
        ("Brightwave was founded in 2004.", "Brightwave's parent company was founded in 1950."),
        # an aim's date is not the deed's
        ("Kovia joined NATO in 2004.", "Kovia applied to join NATO in 1998."),
        # the superlative of a narrower class
        (
            "Lake Tarn is the largest lake in Kovia.",
            "Lake Tarn is the largest artificial lake in Kovia.",
        ),
    ],
)
def test_a_trap_is_neither_support_nor_refutation(claim: str, sentence: str) -> None:
    """Each of these was refuted (or supported) by the rules before; the records now say
    whose the value is, or that the role is of a narrower class."""
    assert _verdict(claim, sentence) == "inconclusive"


def test_an_aims_date_is_dismissed_by_its_guard() -> None:
    decision = FrameJudge().decide(
        "Kovia joined NATO in 2004.", ["Kovia applied to join NATO in 1998."]
    )
    assert decision.guard is not None
    assert decision.guard.guard == "parse_aim"


def test_a_narrower_superlative_of_another_scope_withdraws_nothing() -> None:
    """ "the highest of the Kovian mountains, ... the highest point in Kovia": the narrower
    role has no scope of the claim's; the sentence's other role still stands."""
    sentence = (
        "Mount Orla is the highest of the Kovian mountains, and at 3,100 metres is "
        "considered the highest point in Kovia."
    )
    assert _verdict("Mount Orla is the highest mountain in Kovia.", sentence) == "supported"


def test_a_place_that_holds_the_claims_confirms_nothing() -> None:
    """ "on the Champ de Mars in Paris, France" for "is in Lyon": France holds Lyon but
    confirms nothing of it, and Paris is apart from it (a support before)."""
    sentence = "The Kessel Tower is a steel tower on the Place Bellecour in Paris, France."
    assert _verdict("The Kessel Tower is in Lyon.", sentence) == "refuted"
    assert _verdict("The Kessel Tower is in Paris.", sentence) == "supported"
    assert _verdict("The Kessel Tower is in France.", sentence) == "supported"


def test_who_a_description_with_a_relative_clause_is() -> None:
    """ "Ana Ruiz is a Kovian politician who served as the 12th president of Kovia from 2009
    to 2017": the role is hers (not "a Kovian politician"'s: a refutation before), and it
    has ended."""
    sentence = (
        "Ana Maria Ruiz is a Kovian politician who served as the 12th president of Kovia from "
        "2009 to 2017."
    )
    assert _verdict("Ana Ruiz was the 12th president of Kovia.", sentence) == "supported"
    assert _verdict("Ana Ruiz is the president of Kovia.", sentence) == "inconclusive"


def test_more_ways_of_naming_roles_lives_and_works() -> None:
    assert _verdict(
        "Canberra is the capital of Australia.", "Australia's capital city is Canberra."
    ) == ("supported")
    newton = "Sir Tomas Berg (25 December 1801 – 20 March 1880) was an English engineer."
    assert _verdict("Tomas Berg was born in 1801.", newton) == "supported"
    assert _verdict("Tomas Berg died in 1890.", newton) == "refuted"
    mural = "The Night Garden is a mural by Helga Dorn."
    assert _verdict("Helga Dorn painted The Night Garden.", mural) == "supported"
    # when a role's act was done is no part of the role
    first = "Ana Ruiz became the first person to swim across Lake Tarn in 1969."
    assert _verdict("Ana Ruiz was the first person to swim across Lake Tarn.", first) == "supported"


def test_a_number_word_and_a_direction_must_be_said_as_the_claim_says_them() -> None:
    """ "reached number two" is not "number one"; "from east to west" is not "from west to
    east" (each was supported before)."""
    assert (
        _verdict("The song reached number one in the UK.", "The song reached number two in the UK.")
        != "supported"
    )
    assert _verdict("The Orva flows from west to east.", "The Orva flows from east to west.") != (
        "supported"
    )
    assert (
        _verdict(
            "The song reached number one in the UK.",
            "The song reached number one in the UK in 1990.",
        )
        == "supported"
    )


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("Kovia invaded Ardo in 1920.", "Ardo invaded Kovia in 1920."),
        ("The Orva flows into Lake Tarn.", "The Orva flows out of Lake Tarn."),
        (
            "Marta Ruiz was elected mayor of Vela.",
            "Marta Ruiz was defeated in the election for mayor of Vela.",
        ),
    ],
)
def test_the_other_way_round_supports_nothing(claim: str, sentence: str) -> None:
    """The two sides turned, the other direction, an outcome the claim does not say: each
    was supported before."""
    assert _verdict(claim, sentence) != "supported"


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # another person of the family name holds the value
        (
            "Lena Varga was born in Vela.",
            "Tomas Varga, the father of Lena Varga, was born in Ostra.",
        ),
        ("Lena Varga was born in Vela.", "Tomas Varga, Lena Varga's father, was born in Vela."),
        # a hedge before the value, a plan
        (
            "Anton Pell wrote the Kessel Codex.",
            "Early owners believed the Kessel Codex may have been written by Anton Pell.",
        ),
        (
            "Duke Ormo died of a fever.",
            "Chroniclers report that Duke Ormo may have died of a fever.",
        ),
        (
            "The Orva Bridge was completed in 2031.",
            "Officials have named 2031 as the target year for completing the Orva Bridge.",
        ),
        # a middle name's person born elsewhere, moved to the claim's place
        (
            "Lena Varga was born in Ostra.",
            "Lena Mira Varga was born in Vela and moved to Ostra in 1901 to study.",
        ),
        # a relative's role, named in a sentence that cuts at no initial
        (
            "Lena Varga served as Mayor of Ostra.",
            "Lena Varga's father, Tomas K. Varga, was Mayor of Ostra from 1920 to 1924.",
        ),
    ],
)
def test_anothers_hedged_or_planned_value_is_neither(claim: str, sentence: str) -> None:
    """Each was a support or a refutation of the rules before."""
    assert _verdict(claim, sentence) == "inconclusive"


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # the hedge is of the date, not of the author
        (
            "The Kessel Codex was written by Anton Pell.",
            "The Kessel Codex is a chronicle by the Ostran monk Anton Pell, probably written "
            "around 1320.",
        ),
        ("Lena Varga was born in Vela.", "Lena Varga was born in Vela in 1880."),
    ],
)
def test_a_hedge_of_something_else_withdraws_nothing(claim: str, sentence: str) -> None:
    assert _verdict(claim, sentence) == "supported"


def test_another_occasion_named_by_its_year_is_not_the_claims() -> None:
    """A country hosts, a team wins, many a tournament: the year in the event's name says
    which one (the rules read "1990 vs 1934" as the date of one event)."""
    decision = FrameJudge().decide(
        "Kovia hosted the 1990 Orvan Cup.", ["Kovia hosted the 1934 Orvan Cup and won it."]
    )
    assert decision.label == "inconclusive"
    assert decision.guard is not None
    assert decision.guard.guard == "parse_occasion"
    # a class with a year is no occasion: the film's year is still compared
    assert (
        _verdict(
            "Night Harbor is a 2004 Kovian drama film.", "Night Harbor is a 2017 Kovian drama film."
        )
        == "refuted"
    )


def test_a_middle_name_the_claim_lacks_is_a_question_not_a_cap() -> None:
    """ "Tomas Orvo Varga" may be the claim's Tomas Varga or his namesake (a son, a
    grandfather): what the sentence says of him is put before the rater, never capped."""
    judgement = FrameJudge().judge_all(
        "Tomas Varga was the second mayor of Ostra.",
        ["Tomas Orvo Varga served as the sixth mayor of Ostra from 1925 to 1929."],
    )[0]
    assert judgement.label == "inconclusive"
    assert judgement.conflicts
    assert 0.3 <= judgement.confidence < 0.5
    assert judgement.guard is not None
    assert judgement.guard.guard == "parse_person"


def test_an_event_held_in_one_place_took_place_in_no_other() -> None:
    assert (
        _verdict(
            "The first Orvan Games were held in Lyon.",
            "The first Orvan Games took place in Turin in 1896; Lyon staged the second.",
        )
        == "refuted"
    )


def test_opening_is_another_act_than_completion() -> None:
    """A building opens when it is finished or a year or more later: "completed in 2009"
    says nothing of "opened in 2010"; another opening year does."""
    claim = "The Orvel Tower opened in 2010."
    assert _verdict(claim, "The Orvel Tower's exterior was completed in 2009.") == "inconclusive"
    assert _verdict(claim, "The Orvel Tower opened in 2012.") == "refuted"
    assert _verdict(claim, "The Orvel Tower was inaugurated in 2010.") == "supported"


def test_a_superlative_as_far_as_is_known_is_the_superlative() -> None:
    """ "the closest known star to the Sun", "the largest known prime": the holder of the
    superlative a source can name (a leading phrase before the subject changes nothing)."""
    claim = "Vegara Minor is the nearest star to the Sun."
    for sentence in (
        "Orvel Tarsa is the closest known star to the Sun.",
        "At a distance of 4 light-years, the red dwarf Orvel Tarsa is the closest known star to the "
        "Sun; Vegara Minor lies 8 light-years away.",
    ):
        assert _verdict(claim, sentence) == "refuted"
    assert _verdict(
        "Orvel Tarsa is the largest prime.", "Orvel Prime is the largest known prime."
    ) == ("refuted")


@pytest.mark.parametrize(
    "sentence",
    [
        "Orvala replaced Kessen as the Kovian capital in 1923.",
        "Kessen was replaced by Orvala as the capital of Kovia in 1923.",
    ],
)
def test_a_role_the_subject_was_replaced_in_is_not_said_to_hold(sentence: str) -> None:
    assert _verdict("Kessen is the capital of Kovia.", sentence) == "inconclusive"


def test_a_participle_dating_another_title_is_not_the_claims_date() -> None:
    """A title the parse reads as a clause ("Wish You Were Here"), then ", released in
    1975": the year is that title's, not the claim's work's."""
    judgement = FrameJudge().judge_all(
        "The Velvet Rooks released Harbor Lights in 1973.",
        ["The Velvet Rooks followed Harbor Lights with Stay Here Were You, released in 1975."],
    )[0]
    assert judgement.label == "inconclusive"
    assert not judgement.conflicts  # not even a conflict for the rater


def test_where_someone_is_from_is_not_where_it_was_done() -> None:
    claim = "The Varga sisters made their first balloon flight in Ohio."
    sentence = (
        "On May 2, 1901, Lena and Mira Varga, seamstresses from Dayton, Ohio, made the first "
        "balloon flight near Kitty Hawk, North Carolina."
    )
    assert _verdict(claim, sentence) == "inconclusive"
    # a claim about where something comes from is said by "from"
    assert (
        _verdict("The dance originated in Kovia.", "It is a form of dance originating from Kovia.")
        != "refuted"
    )


def test_a_work_named_first_then_its_makers_noun() -> None:
    """ "Harbor Lights, Tomas Berg's 1866 novel, ...": Tomas Berg wrote it; "the Orvel
    Tower's architect, Lena Varga": she designed it. Another maker is a question for the
    rater (several may have made a thing), never a cap."""
    novel = "Harbor Lights, Tomas Berg's 1866 novel, follows a lighthouse keeper."
    assert _verdict("Tomas Berg wrote Harbor Lights.", novel) == "supported"
    tower = "The Orvel Tower's architect, Lena Varga, won the competition in 1957."
    assert _verdict("The Orvel Tower was designed by Lena Varga.", tower) == "supported"
    judgement = FrameJudge().judge_all("The Orvel Tower was designed by Anton Pell.", [tower])[0]
    assert judgement.label == "inconclusive"
    assert judgement.conflicts


def test_a_name_with_the_place_it_is_in() -> None:
    """ "the Orvel Tower in Dubai": where it is, said in passing (no statement of its own
    that a support must also find)."""
    sentence = "Opened in 2010, the Orvel Tower in Dubai is the tallest tower in the region."
    assert _verdict("The Orvel Tower is in Abu Dhabi.", sentence) == "refuted"
    assert _verdict("The Orvel Tower is in Dubai.", sentence) == "supported"
    assert (
        _verdict(
            "The Orvel Tower in Dubai was designed by Lena Varga.",
            "Dubai's Orvel Tower is the best-known work of the architect Lena Varga, who "
            "designed it in 2001.",
        )
        == "supported"
    )


def test_where_a_thing_sits_or_rises() -> None:
    """ "sits on a ridge above the river valley in southern Peru", "rises in northeastern
    Tanzania": where it is (a height is still a height)."""
    ridge = "The Orvel Citadel, an Inca fortress, sits on a ridge above the river valley in southern Peru."
    assert _verdict("The Orvel Citadel is located in Bolivia.", ridge) == "refuted"
    assert _verdict("The Orvel Citadel is located in Peru.", ridge) == "supported"
    rises = "Mount Orvel, the region's highest mountain, rises in northeastern Tanzania."
    assert _verdict("Mount Orvel is in Kenya.", rises) == "refuted"
    assert (
        _verdict("Mount Orvel rises 5,895 metres.", "Mount Orvel rises 5,895 metres in Tanzania.")
        == "supported"
    )


def test_a_name_that_goes_on_with_of_is_its_own_thing() -> None:
    """ "The Battle of Hastings" is not "the Battle of Waterloo" (both were read as "the
    Battle", and one's date refuted the other's); "the Kingdom of Kovia" is not Kovia."""
    assert (
        _verdict(
            "The Battle of Orvel took place in 1066.",
            "The Battle of Tarsa took place in 1815 in Belgium.",
        )
        == "inconclusive"
    )
    assert (
        _verdict(
            "The Battle of Orvel took place in 1067.", "The Battle of Orvel took place in 1066."
        )
        == "refuted"
    )


def test_a_title_before_a_name_is_no_first_name() -> None:
    """ "Mr. Varga" may be Lena Mira Varga: not another person of the family name."""
    assert (
        _verdict(
            "Mr. Varga is a professor of law at the University of Ostra.",
            "Tomas Berg Varga (born 1924) is a professor of law at the University of Ostra.",
        )
        != "inconclusive"
    )


def test_a_subject_named_in_a_coordination_keeps_the_value() -> None:
    """ "The Bank of Kovia and the Orvel Central Bank aim for ... 2 per cent": the value is
    the second bank's too (the parse gives the clause to the first)."""
    assert (
        _verdict(
            "The Orvel Central Bank targets an inflation rate of around 4 per cent.",
            "The Bank of Kovia and the Orvel Central Bank, for instance, aim for inflation of "
            "around 2 per cent.",
        )
        == "refuted"
    )


def test_a_subject_at_another_rank_of_the_same_ranking_is_a_contradiction() -> None:
    """One place in one ranking: the second-largest is not the fourth-largest, a rank
    said with its superlative alone is the first (made-up names)."""
    assert ("contradiction", "rank") in _kinds(
        "Veloria is the second-largest country in the world.",
        "Veloria is the fourth-largest country in the world.",
    )
    assert ("contradiction", "rank") in _kinds(
        "Mount Osk is the third highest mountain in Tarvia.",
        "Mount Osk is the highest mountain in Tarvia.",
    )
    assert ("contradiction", "rank") in _kinds(
        "Olaf Brun was the 12th mayor of Tarnby.", "Olaf Brun was the 14th mayor of Tarnby."
    )
    assert (
        _verdict(
            "Veloria is the second-largest country in the world.",
            "Veloria is the fourth-largest country in the world.",
        )
        == "refuted"
    )


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # another scope, another measure, a narrowed ranking, another ranked noun
        (
            "Veloria is the second-largest state in the Union.",
            "Veloria is the largest state in the contiguous Union.",
        ),
        (
            "Lake Orm is the second-largest lake in Tarvia by area.",
            "Lake Orm is the largest lake in Tarvia by volume.",
        ),
        (
            "Veloria is the second-largest country in the world.",
            "Veloria is the largest country bordering Tarvia.",
        ),
        (
            "Lake Orm is the second largest lake in the world.",
            "Lake Orm is the largest freshwater lake in the world.",
        ),
        # the source gives the claim's place too; a series without its scope
        (
            "Olaf Brun was the 14th mayor of Tarnby.",
            "Olaf Brun was the 12th and 14th mayor of Tarnby.",
        ),
        ("Venia is the second planet from the star.", "Venia was the first planet explored."),
        # a ranking then, another now
        (
            "Tarnby is the second-largest port in Tarvia.",
            "Tarnby was the largest port in Tarvia.",
        ),
    ],
)
def test_another_rank_is_no_contradiction_of_another_ranking(claim: str, sentence: str) -> None:
    assert ("contradiction", "rank") not in _kinds(claim, sentence)
    assert _verdict(claim, sentence) != "refuted"


def test_most_populous_is_largest_of_a_settlement_only() -> None:
    """ "The largest city" is the most populous; "the largest country" is the widest, so
    India the most populous and Russia the largest are no rivals."""
    assert ("support", "same") in _kinds(
        "Tarnby is the largest city in Tarvia.", "Tarnby is the most populous city in Tarvia."
    )
    assert (
        _verdict(
            "Indra is the most populous country in the world.",
            "Rusa is the largest country in the world, covering 17 million square kilometres.",
        )
        != "refuted"
    )


@pytest.mark.parametrize(
    ("role", "rank", "ranked"),
    [
        ("second-largest country", 2, "largest country"),
        ("fifth most populous country", 5, "most populous country"),
        ("largest city", 1, "largest city"),
        ("40th president", 40, "president"),
        ("president", None, "president"),
        ("-", None, " "),
        ("second-", None, "second "),
        ("", None, ""),
    ],
)
def test_a_roles_rank_and_what_it_ranks(role: str, rank: int | None, ranked: str) -> None:
    from verifier.judges.frames.records import _ranked

    assert _ranked(role) == (rank, ranked)


def test_a_height_from_the_base_and_one_above_the_sea_are_two_rankings() -> None:
    """ "the tallest mountain measured from base to peak" is not denied by "the highest
    mountain above sea level" (made-up names)."""
    claim = "Mount Ruva is the tallest mountain in Tarvia when measured from base to peak."
    sentence = "Mount Kesh is the highest mountain in Tarvia, at 8,100 metres above sea level."
    assert ("contradiction", "unique_role") not in _kinds(claim, sentence)
    assert _verdict(claim, sentence) != "refuted"
    # the same measure, two holders: a contradiction still
    assert (
        _verdict(
            "Mount Ruva is the highest mountain in Tarvia above sea level.",
            "Mount Kesh is the highest mountain in Tarvia, at 8,100 metres above sea level.",
        )
        == "refuted"
    )


def test_a_language_named_as_an_adjective_is_a_nationality() -> None:
    """ "an English actor" against "an American actor": two nationalities of one class, a
    question for the rater, as "a French painter" / "a Spanish painter" is."""
    assert ("contradiction", "class") in _kinds(
        "Tomas Reld is an English actor.", "Tomas Reld is an American actor and director."
    )
    assert (
        _verdict("Tomas Reld is an English actor.", "Tomas Reld is an American actor and director.")
        == "inconclusive"
    )


def test_whoever_was_born_is_a_person_whatever_the_entities_say() -> None:
    """The small pipeline often tags no PERSON ("Pablo Picasso"): a subject born, married
    or dead is a person, so a middle name the claim lacks is a question for the rater, not
    another subject dismissed."""
    (record,) = records_of(parse("Pablo Picasso was born in 1890."))
    assert record.subject_kind != "person"  # what the parse says: the act tells
    from verifier.judges.frames.records import personal

    assert personal(record)
    judgement = FrameJudge().judge_all(
        "Pablo Picasso was born in 1890.",
        ["Pablo Ruiz Picasso was born on 25 October 1881 in Malaga."],
    )[0]
    assert judgement.label == "inconclusive"
    assert judgement.guard is not None
    assert judgement.guard.guard == "parse_person"
    assert judgement.conflicts


def test_two_superlatives_said_together_are_two_rankings() -> None:
    from verifier.judges.frames.records import _rankings

    assert _rankings("largest and most massive natural satellite") == [
        (1, "largest natural satellite"),
        (1, "most massive natural satellite"),
    ]
    assert _rankings("second-tallest waterfall") == [(2, "highest waterfall")]
    assert ("contradiction", "rank") in _kinds(
        "Orma is the second-largest moon of Vessa.",
        "Orma is the largest and brightest moon of Vessa.",
    )


def test_a_first_place_said_after_another_is_the_second() -> None:
    """ "After the Vessa, the Orm is the longest river": the second-longest, which "the
    Orm is the second-longest river" says too; nor does it deny the Vessa's first place."""
    claim = "After the Vessa, the Orm is the longest river in Tarvia."
    assert _verdict(claim, "The Orm is the second-longest river in Tarvia.") != "refuted"
    assert _verdict(claim, "The Vessa is the longest river in Tarvia.") != "refuted"


def test_a_superlative_whose_noun_was_said_before() -> None:
    """ "the sixth planet from Orma and the second-largest in its system": the
    second-largest planet (made-up names)."""
    sentence = "Vessa is the sixth planet from Orma and the second-largest in the Orma System."
    roles = [r.relation for r in records_of(parse(sentence)) if r.role]
    assert "second-largest planet" in roles
    assert ("support", "same") in _kinds(
        "Vessa is the second-largest planet in the Orma System.", sentence
    )
    assert ("contradiction", "rank") in _kinds(
        "Vessa is the third-largest planet in the Orma System.", sentence
    )


def test_a_peak_on_the_continent_named_by_its_adjective() -> None:
    """ "the highest peak in Africa" is "the tallest mountain on the African continent"."""
    assert ("support", "same") in _kinds(
        "Mount Kovu is the highest peak in Africa.",
        "Mount Kovu is the tallest mountain on the African continent.",
    )


def test_a_place_in_a_named_race_is_one() -> None:
    """ "finished third in the marathon at the 2023 championships" / "second": one place in
    one race; without its year a race may be any year's; a runner finishes many races."""
    assert (
        _verdict(
            "Anna Vell finished third in the marathon at the 2023 Tarvian Championships.",
            "Anna Vell finished second in the marathon at the 2023 Tarvian Championships.",
        )
        == "refuted"
    )
    assert (
        _verdict(
            "Anna Vell finished first in the marathon.",
            "Anna Vell finished third in the marathon in 2017.",
        )
        != "refuted"
    )
    assert (
        _verdict(
            "Anna Vell finished first in the Tarnby Marathon in 2018.",
            "Anna Vell finished second in the Tarnby Marathon in 2013.",
        )
        != "refuted"
    )
    (record,) = records_of(parse("Anna Vell finished third in the marathon in 2019."))
    assert record.relation == "placed"
    (built,) = records_of(parse("The cathedral was finished in 1880."))
    assert built.relation == "build"


def test_a_peak_on_a_named_chart_is_one_place() -> None:
    """ "peaked at number three on the Tarvian Singles Chart" / "at number one" there: one
    peak per chart; another chart, or none named, says nothing of it."""
    sentence = "Glass River peaked at number one on the Tarvian Singles Chart in 1998."
    assert (
        _verdict("Glass River peaked at number three on the Tarvian Singles Chart.", sentence)
        == "refuted"
    )
    assert _verdict("Glass River peaked at No. 1 on the Tarvian Singles Chart.", sentence) != (
        "refuted"
    )
    assert (
        _verdict("Glass River peaked at number three on the Vessan Hot 100.", sentence) != "refuted"
    )
    assert _verdict("Glass River peaked at number three.", sentence) != "refuted"


def test_where_a_subject_ranks_now_is_one_place() -> None:
    """ "Vietnam ranks third among coffee producers" / "ranks second": one place now; a
    year's or a list's ranking is not the claim's unless the claim names it too."""
    claim = "Vietnam ranks third among the world's coffee producers."
    assert _verdict(claim, "Vietnam ranks second among the world's coffee producers.") == (
        "refuted"
    )
    assert (
        _verdict(claim, "Vietnam ranked second among the world's coffee producers in 2019.")
        != "refuted"
    )


def test_a_place_by_a_measure_among_a_class_is_a_role() -> None:
    """ "Orma ranks second in size among the planets of the Vessa System" is the
    second-largest planet of the Vessa System; "first in population among African
    countries" is the most populous country of Africa."""
    roles = [
        r.relation
        for r in records_of(
            parse("Orma ranks second in size among the planets of the Vessa System.")
        )
        if r.role
    ]
    assert roles == ["second-largest planet"]
    claim = "Nigeria ranks first in population among African countries."
    assert _verdict(claim, "Nigeria is the most populous country in Africa.") == "supported"
    assert (
        _verdict(
            "Ethiopia ranks first in population among African countries.",
            "Nigeria is the most populous country in Africa, with over 220 million people.",
        )
        == "refuted"
    )
    assert (
        _verdict(
            "Nigeria ranks first in area among African countries.",
            "Nigeria is the most populous country in Africa.",
        )
        != "refuted"
    )


def test_a_clause_opened_by_where_is_set_in_its_antecedent() -> None:
    """ "Orla Berg moved to Lisbon, where she died in 1901": she died in Lisbon (a named
    place only: "the house where she died" names no town)."""
    sentence = "Orla Berg grew up in Madrid, where she was born in 1867."
    _both_ways(sentence, "Orla Berg was born in Madrid.", "Orla Berg was born in Paris.")
    assert _says_nothing(
        "Orla Berg was born in Paris.", "Orla Berg grew up in the house where she was born."
    )


def test_a_named_place_is_one_slot_under_in_on_or_at() -> None:
    """ "died on Saint Helena" / "died in Saint Helena": one place, whichever preposition."""
    sentence = "Napoleon was exiled to the island of Saint Helena, where he died in 1821."
    assert ("support", "same") in _kinds("Napoleon died on Saint Helena.", sentence)


def test_a_role_taken_up_is_a_role_become() -> None:
    """ "was sworn in as president", "was inaugurated as president", "took office as
    president": became president (not "was elected": an election precedes the term)."""
    claim = "Anna Lind became president of Kovia in 1994."
    for sentence in (
        "Anna Lind was sworn in as president of Kovia in May 1994.",
        "Anna Lind was inaugurated as president of Kovia in May 1994.",
        "Anna Lind took office as president of Kovia in 1994.",
    ):
        assert ("support", "same") in _kinds(claim, sentence), sentence
    assert ("support", "same") not in _kinds(
        claim, "Anna Lind was elected as president of Kovia in 1994."
    )


def test_a_collection_set_beside_a_name_is_the_name() -> None:
    """ "The Peace of Orva, a series of treaties signed in 1648": the Peace was signed in
    1648 (the participle describes the collection the name is)."""
    sentence = "The Peace of Orva, a series of treaties signed in Lenz in 1648, ended the war."
    assert ("support", "same") in _kinds("The Peace of Orva was signed in 1648.", sentence)


def test_a_title_opening_with_one_names_its_work() -> None:
    """ "One Hundred Ways Home" is a title, not the unknown "one" of "one of them"."""
    sentence = "One Hundred Ways Home (1967) is a novel by the Kovian author Ines Vogel."
    assert ("support", "same") in _kinds(
        "One Hundred Ways Home was written by Ines Vogel.", sentence
    )
    assert ("contradiction", "value") in _kinds(
        "One Hundred Ways Home was written by Marta Ruiz.", sentence
    )


def test_a_work_completed_is_a_work_made() -> None:
    """ "Orla Berg completed nine symphonies": she composed nine symphonies (a work's
    completion, not a building's)."""
    kinds = _kinds("Orla Berg composed nine symphonies.", "Orla Berg completed nine symphonies.")
    assert ("support", "same") in kinds
    assert _verdict(
        "Orla Berg composed six symphonies.", "Orla Berg completed four symphonies."
    ) == ("refuted")


def test_an_edition_of_a_contest_has_one_winner_and_one_host() -> None:
    """ "Kovia won the 2014 Orva Cup" is "the 2014 Orva Cup was won by Kovia": one side wins
    an edition, which is held in one place ("Lenz hosted the 2008 Orva Games"); not an
    open's edition (men's and women's events), nor a prize (shared)."""
    won = "The 2014 Orva Cup was won by Tamar, who beat Kovia 1-0 in the final."
    assert _verdict("Kovia won the 2014 Orva Cup.", won) == "refuted"
    assert _verdict("Tamar won the 2014 Orva Cup.", won) == "supported"
    held = "The 2008 Orva Games were held in Madrid from 8 to 24 August 2008."
    assert _verdict("Lisbon hosted the 2008 Orva Games.", held) == "refuted"
    assert _says_nothing("Anna Lind won the 2013 Orva Open.", "Ines Vogel won the 2013 Orva Open.")
    assert _says_nothing(
        "Anna Lind won the 2013 Orva Prize.", "The 2013 Orva Prize was won by Ines Vogel."
    )
    assert _says_nothing("Kovia won the Orva Cup.", "The Orva Cup was won by Tamar.")


def test_a_river_reaching_a_sea_flows_into_it() -> None:
    """ "The Orva reaches the Kessel Sea", "enters the Kessel Sea": flows into it (not a
    summit reached, nor a market entered)."""
    _both_ways(
        "The Orva enters the Kessel Sea through a wide delta.",
        "The Orva flows into the Kessel Sea.",
        "The Orva flows into the Black Sea.",
    )
    assert ("support", "same") in _kinds(
        "The Orva flows into the Kessel Sea.", "The Orva reaches the Kessel Sea near Lenz."
    )
    assert _says_nothing(
        "The Orva company flows into the Kessel market.",
        "The Orva company entered the Kessel market.",
    )


def test_two_counts_of_one_subjects_wins_of_one_thing() -> None:
    """ "won the Orva Cup two times" / "has won three Orva Cups"; "won Lenz seven times" /
    "eight Lenz titles": one count of wins; wins of another thing say nothing."""
    assert ("contradiction", "count") in _kinds(
        "Kovia has won the Orva Cup two times.", "Kovia has won three Orva Cups."
    )
    assert ("support", "same") in _kinds(
        "Kovia has won the Orva Cup three times.", "Kovia has won three Orva Cups."
    )
    assert ("contradiction", "count") in _kinds(
        "Anna Lind won Lenz seven times.", "Anna Lind has won eight Lenz titles."
    )
    assert _says_nothing("Kovia has won the Orva Cup two times.", "Kovia has won three Tamar Cups.")


def test_a_perfect_participle_is_done_by_the_sentences_subject() -> None:
    """ "Kovia is a strong side, having won three Orva Cups": Kovia won them."""
    assert ("contradiction", "count") in _kinds(
        "Kovia has won the Orva Cup two times.",
        "Kovia is one of the strongest sides, having won three Orva Cups.",
    )


def test_counts_of_wins_at_another_occasion_say_nothing() -> None:
    """ "won six medals at the 2008 Games" is no career total, and a career total says
    nothing of one Games; years that list the wins themselves are no other occasion."""
    assert _says_nothing("Anna Lind won 23 gold medals.", "Anna Lind won six gold medals in 2004.")
    assert _says_nothing(
        "Anna Lind won six gold medals at the 2008 Orva Games.",
        "Anna Lind won 23 gold medals.",
    )
    assert ("contradiction", "count") in _kinds(
        "Kovia has won the Orva Cup two times.",
        "Kovia has won three Orva Cups, in 1978, 1986 and 2022.",
    )


def test_an_act_done_after_the_year_the_claim_says_it_last_was() -> None:
    """ "Kovia has not won the Orva Cup since 1986" against "Kovia won the Orva Cup in
    2022" or "having won three Orva Cups: in 1978, 1986, and 2022"; a win before the year
    says nothing, nor does a win of another thing."""
    claim = "Kovia has not won the Orva Cup since 1986."
    assert ("contradiction", "negation") in _kinds(claim, "Kovia won the Orva Cup in 2022.")
    assert ("contradiction", "negation") in _kinds(
        claim, "Kovia is a strong side, having won three Orva Cups: in 1978, 1986, and 2022."
    )
    assert _says_nothing(claim, "Kovia won the Orva Cup in 1978.")
    assert _says_nothing(claim, "Kovia won the Tamar Shield in 2022.")


def test_the_largest_natural_satellite_is_the_largest_moon() -> None:
    assert ("contradiction", "unique_role") in _kinds(
        "Orma is the largest moon in the Vessa System.",
        "Tamu is the largest natural satellite in the Vessa System.",
    )


def test_a_work_said_with_its_makers_possessive_is_the_work() -> None:
    """ "Ines Vogel's The Quiet Harbour, painted in June 1889, ...": The Quiet Harbour was
    painted by Ines Vogel in 1889."""
    sentence = "Ines Vogel's The Quiet Harbour, painted in June 1889, hangs in Lenz."
    _both_ways(
        sentence,
        "Ines Vogel painted The Quiet Harbour in 1889.",
        "Ines Vogel painted The Quiet Harbour in 1885.",
    )


def test_a_quoted_title_is_its_words() -> None:
    """ "The 1975 thriller 'Harbour' was directed by Anton Pell": Harbour, not 'harbour."""
    assert ("contradiction", "value") in _kinds(
        "The 1975 thriller 'Harbour' was directed by Anton Pell.",
        "Lena Ortiz directed Harbour, which was released in June 1975.",
    )


def test_a_novels_author_is_one_person_whatever_the_entities() -> None:
    """ "The Quiet Harbour, the 1982 debut novel by Kovian writer Isabel Allende": one
    author, against another named for the novel (the small model tags the name an
    organisation); an album's band against its member stays a question."""
    assert ("contradiction", "value") in _kinds(
        "Marta Ruiz wrote The Quiet Harbour.",
        "The Quiet Harbour, the 1982 debut novel by Kovian writer Isabel Allende, follows "
        "four generations of a family.",
    )
    assert ("contradiction", "value") not in _kinds(
        "The Long Wall was written by Roger Waters.", "The Long Wall is a 1979 album by Pink Floyd."
    )


def test_a_one_maker_works_maker_conflicts_whatever_else_the_claim_adds() -> None:
    """ "The Quiet Harbour was painted by Marta Ruiz at her garden in Lenz" against "Ines
    Vogel painted The Quiet Harbour in June 1889": the garden left unsaid, the painter
    still conflicts (a painting has one painter); a design, which may have several
    designers, stays a question for the rater (a maker)."""
    sentence = "Ines Vogel painted The Quiet Harbour in June 1889 while staying in Tamar."
    assert ("contradiction", "value") in _kinds(
        "The Quiet Harbour was painted by Marta Ruiz at her garden in Lenz.", sentence
    )
    designed = _kinds(
        "The Tarn Bridge was designed by Marta Ruiz at her studio in Lenz.",
        "Ines Vogel designed the Tarn Bridge in 1889.",
    )
    assert ("contradiction", "value") not in designed


def test_two_roles_each_with_its_own_holder() -> None:
    """ "the capital city of Kovia and the seat of its parliament": two roles, each with
    its own "of"; "the capital and largest city of Kovia" shares one."""
    claim = "Lenz is the capital city of Kovia and the seat of its federal parliament."
    assert ("contradiction", "unique_role") in _kinds(claim, "Tamar is Kovia's capital.")
    demonym = "Ottawa serves as the Canadian capital and seat of the federal parliament."
    assert ("contradiction", "unique_role") in _kinds("Toronto is the capital of Canada.", demonym)
    shared = "Lenz is the capital and largest city of Kovia."
    assert ("contradiction", "unique_role") in _kinds(shared, "Tamar is the capital of Kovia.")


def test_a_count_whose_parts_the_sentence_named_before() -> None:
    """ "whereas a newborn has around 270 bones, an adult skeleton consists of 206": 206
    bones; a bare number of nothing named before stays unread."""
    sentence = "Many bones fuse in childhood, so whereas a newborn has 270, an adult skeleton consists of 206."
    assert ("contradiction", "count") in _kinds(
        "The adult skeleton is made up of about 300 bones.", sentence
    )
    assert ("support", "same") in _kinds("The adult skeleton consists of 206 bones.", sentence)
    assert _says_nothing(
        "The adult skeleton is made up of about 300 bones.",
        "In the museum, an adult skeleton consists of 206.",
    )


def test_a_phrase_on_the_verbs_particle_is_the_verbs() -> None:
    """ "The Kovian Senate is made up of 435 members": the small model hangs "of 435
    members" on "up"; it is what the Senate is made of."""
    assert ("contradiction", "count") in _kinds(
        "The Kovian Senate is made up of 435 members elected from all fifty states.",
        "The Kovian Senate consists of 100 members.",
    )


def test_a_named_things_one_dated_act() -> None:
    """A treaty signed, a battle fought, an album released, dated: another date of it
    contradicts; "the treaty" (which one?) does not, nor the place of a signing."""
    assert ("contradiction", "value") in _kinds(
        "The Peace of Lenz was signed in 1748.",
        "The Peace of Lenz was signed in Tamar and Orsk in 1648.",
    )
    assert ("contradiction", "value") in _kinds(
        "The Battle of Orsk was fought in 1067.",
        "The Battle of Orsk was fought on 14 October 1066 by the army of Duke Anton.",
    )
    assert _says_nothing("The Treaty of Lenz was signed in 1721.", "The treaty was signed in 1724.")
    assert _says_nothing(
        "The Peace of Lenz was signed in Tamar.", "The Peace of Lenz was signed in Orsk in 1648."
    )
    assert _says_nothing(
        "Night Harbor was released in 1982.", "Night Harbor was re-released in 2008."
    )


def test_a_birth_or_a_founding_happens_once_whatever_else_the_claim_adds() -> None:
    """ "Marta Ruiz was born in Lyon in 1950" / "Marta Ruiz was born in Marseille": the
    year left unsaid, the town still conflicts; an opening of something the subject opened
    is one of many."""
    assert ("contradiction", "value") in _kinds(
        "Marta Ruiz was born in Lyon in 1950.", "Marta Ruiz was born in Marseille."
    )
    assert _says_nothing(
        "Ines Vogel opened a couture house in Lenz in 1915.",
        "Ines Vogel opened her first shop, a boutique in Tamar, in 1910.",
    )


def test_a_total_of_works_completed_and_a_whole_career() -> None:
    """ "Over his career, Anton Pell composed a total of nine symphonies" / "Pell
    completed a total of nine symphonies": the career dates nothing, the total is the
    works."""
    sentence = "Pell completed a total of nine symphonies, the last of which premiered in 1824."
    assert ("support", "same") in _kinds("Anton Pell composed nine symphonies.", sentence)
    assert (
        _verdict("Over his career, Anton Pell composed a total of nine symphonies.", sentence)
        == "supported"
    )
    assert ("contradiction", "count") in _kinds(
        "During his lifetime, Anton Pell composed a total of seven symphonies.",
        "Anton Pell composed a total of nine symphonies.",
    )


def test_never_denies_the_act_at_the_claims_time() -> None:
    """ "Anton Pell was awarded the Orva Prize in 1948" / "Pell never received the Orva
    Prize": denied at any time; "did not receive it in 1950" denies another year only."""
    claim = "Anton Pell was awarded the Orva Prize in 1948."
    assert ("contradiction", "negation") in _kinds(
        claim, "Although nominated five times, Anton Pell never received the Orva Prize."
    )
    assert ("contradiction", "negation") not in _kinds(
        claim, "Anton Pell did not receive the Orva Prize in 1950."
    )
    # a narrower prize denied says nothing of the claim's
    assert ("contradiction", "negation") not in _kinds(
        "Anton Pell was awarded the Nobel Prize in 1921.",
        "Anton Pell never received the Nobel Prize in Chemistry.",
    )


def test_none_is_a_count() -> None:
    """ "Tarn has no moons" against "Tarn has two moons": none is a count of 0."""
    assert ("contradiction", "count") in _kinds("Tarn has two moons.", "Tarn has no moons.")
    assert ("support", "same") in _kinds("Tarn has no moons.", "Tarn has no moons.")


def test_a_subject_named_more_fully_supports_but_never_conflicts() -> None:
    """ "Pell composed nine symphonies" / "Anton Pell composed nine symphonies"; "Orvex
    was founded in 1976" / "Orvex Computer Company was founded in 1976": the same name,
    more fully. A part ("the Western Orvan Empire") or a kin ("Tomas Berg's son") is not;
    nor is another value a conflict ("Lawson" is not surely "James Lawson")."""
    assert ("support", "same") in _kinds(
        "Pell composed nine symphonies.", "Anton Pell composed nine symphonies."
    )
    assert ("support", "same") in _kinds(
        "Orvex was founded in 1976.", "Orvex Computer Company was founded in 1976."
    )
    assert _says_nothing("The Orvan Empire ended in 476.", "The Western Orvan Empire ended in 476.")
    assert _says_nothing("Tomas Berg was born in Oslo.", "Tomas Berg's son was born in Oslo.")
    assert _says_nothing("Pell composed seven symphonies.", "Anton Pell composed nine symphonies.")


def test_a_share_made_up_or_accounted_for() -> None:
    """ "Plasma makes up about 55 percent of blood volume" / "accounts for roughly 55% of
    the body's blood volume": one share, said two ways."""
    sentence = "Plasma accounts for roughly 55% of the body's total blood volume."
    assert ("support", "same") in _kinds(
        "Plasma makes up about 55 percent of total blood volume.", sentence
    )
    assert ("contradiction", "count") in _kinds(
        "Plasma makes up about 45 percent of total blood volume.", sentence
    )


def test_a_ratification_is_no_signing_date() -> None:
    """ "The Peace of Lenz was signed in 1748" / "... was ratified in 1750": the table
    reads both as signing, but the ratification comes later: no conflict."""
    assert _says_nothing(
        "The Peace of Lenz was signed in 1748.", "The Peace of Lenz was ratified in 1750."
    )


def test_regarded_as_is_considered() -> None:
    """ "Ines Vogel is regarded as the first computer programmer" / "is considered the
    first computer programmer": one judgement, said two ways."""
    assert ("support", "same") in _kinds(
        "Ines Vogel is regarded as the first computer programmer.",
        "Ines Vogel is considered the first computer programmer for her notes.",
    )


def test_each_of_two_superlatives_is_a_role() -> None:
    """ "Orma is the largest and most massive moon in the Vessa System": the largest moon
    there, held by Orma, not by Tamu; nor the hottest."""
    sentence = "Orma is the largest and most massive moon in the Vessa System."
    assert ("contradiction", "unique_role") in _kinds(
        "Tamu is the largest moon in the Vessa System.", sentence
    )
    assert ("contradiction", "unique_role") in _kinds(
        "Tamu is the most massive moon in the Vessa System.", sentence
    )
    assert _says_nothing("Tamu is the hottest moon in the Vessa System.", sentence)


def test_more_than_any_other_is_the_superlative() -> None:
    """ "Kovia covers more territory than any other nation": the largest country (in the
    world, unless the sentence says where); "rises higher than any other mountain in
    Orvania": the highest mountain there; "more" of something else tells no size."""
    assert ("support", "same") in _kinds(
        "Kovia is the largest country in the world by area.",
        "Spanning eleven time zones, Kovia covers more territory than any other nation.",
    )
    caspian = "The Orva Sea covers about 371,000 square kilometres, far more than any other lake."
    assert ("contradiction", "unique_role") in _kinds(
        "Lake Tarn is the largest lake in the world.", caspian
    )
    assert ("support", "same") in _kinds(
        "Mount Lenz is the highest mountain in Orvania.",
        "Mount Lenz rises higher than any other mountain in Orvania.",
    )
    assert _says_nothing(
        "Kovia is the largest country in the world.",
        "Kovia exports more wheat than any other nation.",
    )


def test_a_roles_holder_said_by_a_pronoun_is_the_subject_before() -> None:
    """ "Kovia is the largest Lenvian-speaking country; Lenvian is its sole official
    language": Kovia's official language; the role is never its own holder's."""
    sentence = (
        "Kovia is the largest Lenvian-speaking country in the world; Lenvian is its sole "
        "official language."
    )
    assert ("contradiction", "unique_role") in _kinds(
        "The official language of Kovia is Orvan.", sentence
    )
    assert ("support", "same") in _kinds("The official language of Kovia is Lenvian.", sentence)


def test_irregular_demonyms_name_their_country() -> None:
    """ "the Turkish capital", "the French capital", "the Russian capital": demonyms whose
    country's name begins otherwise, or which the gazetteer knows by a longer name."""
    assert ("contradiction", "negation") in _kinds(
        "Istanbul is the capital of Turkey.",
        "Ankara replaced Istanbul as the Turkish capital in October 1923.",
    )
    assert ("contradiction", "unique_role") in _kinds(
        "Lyon is the capital of France.", "Paris is the French capital."
    )
    assert ("support", "same") in _kinds(
        "Moscow is the capital of Russia.", "Moscow is the Russian capital."
    )


def test_a_role_become_keeps_its_act() -> None:
    """ "In 1969, Anton Pell became the first human to set foot on Orva": the small model
    hangs "to set foot" on "became"; the role is still the first person to walk on Orva."""
    assert ("contradiction", "unique_role") in _kinds(
        "Marta Ruiz was the first person to walk on Orva.",
        "In 1969, Anton Pell became the first human to set foot on Orva.",
    )


def test_a_capital_moved_away_is_no_longer_there() -> None:
    """ "In 1960 Kovia transferred its capital from Lenz to Tamar": Lenz is not Kovia's
    capital now; a firm that moved its offices says nothing of a one-per-holder role."""
    sentence = "In 1960 Kovia transferred its capital from Lenz to Tamar."
    assert ("contradiction", "negation") in _kinds("Lenz is the capital of Kovia.", sentence)
    assert _says_nothing(
        "Lenz is the capital of Kovia.", "In 1960 Kovia moved its offices from Lenz to Tamar."
    )


def test_a_text_adopted_or_approved_is_one_dated_act() -> None:
    """ "The Kovian Charter was adopted in 1921" / "The National Assembly approved the
    Kovian Charter on 4 May 1919": the body that votes on a text adopts it once (the
    active said as the passive, approving as adopting)."""
    sentence = "The National Assembly approved the Kovian Charter on 4 May 1919."
    assert _verdict("The Kovian Charter was adopted on 4 May 1919.", sentence) == "supported"
    assert _verdict("The Kovian Charter was adopted in 1921.", sentence) == "refuted"
    # a country adopting a currency is no text adopted: its date is not read this way
    assert (
        _verdict("Kovia adopted the euro in 2002.", "Kovia adopted the new flag in 1990.")
        == "inconclusive"
    )


def test_a_crossing_joins_two_ends_whichever_way_it_is_said() -> None:
    """A canal, a strait, a bridge or a tunnel joins two ends ("connects A and B", "links
    A with B", "links A to B"): another end is a contradiction naming the end the source
    gives instead; a road joins many towns along its way."""
    assert (
        _verdict(
            "The Orva Bridge connects Lund and Malmo.", "The Orva Bridge connects Lund and Ystad."
        )
        == "refuted"
    )
    decision = FrameJudge().decide(
        "The Kessel Canal connects the Orva Sea with the Tarn Sea.",
        ["The Kessel Canal, a 40-kilometre waterway, links the Orva Sea to the Lenz Sea."],
    )
    assert decision.label == "refuted"
    assert "the Tarn Sea vs the Lenz Sea" in decision.reason  # not vs the Orva Sea, which both give
    assert (
        _verdict(
            "The Kessel Canal connects the Orva Sea and the Lenz Sea.",
            "The Kessel Canal links the Lenz Sea with the Orva Sea.",
        )
        == "supported"
    )
    assert (
        _verdict(
            "The A7 motorway connects Lyon and Marseille.",
            "The A7 motorway connects Lyon and Valence.",
        )
        == "inconclusive"
    )


def test_a_kind_of_place_named_after_of_is_the_name() -> None:
    """ "The temple complex of Angkor Wat", "the city of Granada": the name; and a place
    "near" a town in a country is in that country."""
    assert (
        _verdict(
            "Angkor Wat is in Thailand.",
            "The temple complex of Angkor Wat lies near Siem Reap in northern Cambodia.",
        )
        == "refuted"
    )
    assert (
        _verdict(
            "Marta Ruiz was born in Madrid.",
            "Marta Ruiz was born in the city of Barcelona in 1950.",
        )
        == "refuted"
    )
    # "the state of Georgia" keeps its kind: the US state, not the country of that name
    assert (
        _verdict(
            "Tbilisi is the capital of Georgia.", "Atlanta is the capital of the state of Georgia."
        )
        == "inconclusive"
    )


def test_where_a_river_flows_said_as_what_it_reaches_on_its_way() -> None:
    assert (
        _verdict(
            "The Orva River flows into the Irish Sea.",
            "The Orva River flows east through Lenz and Tamar before reaching the North Sea.",
        )
        == "refuted"
    )


def test_a_kind_of_thing_with_plain_words_or_its_makers_name_is_the_subject() -> None:
    """ "The unfinished basilica", "Gaudí's unfinished basilica": the claim's basilica when
    the text names it; not a name ("the Catalan Parliament")."""
    claim = "The Sagrada Família basilica, designed by Antoni Gaudí, stands in Madrid."
    for sentence in (
        "The unfinished basilica stands in Barcelona.",
        "Gaudí's unfinished basilica stands in Barcelona.",
    ):
        assert _verdict(claim, sentence) == "refuted"


def test_a_body_based_in_a_place_has_its_seat_there() -> None:
    """ "Brightwave, a Lisbon-based company" / "the New York-based firm Kessel Labs" /
    "Kessel Labs is a Berlin-based startup": headquartered there; not a person "based"
    somewhere, who may work anywhere."""
    assert (
        _verdict(
            "Brightwave is headquartered in Porto.",
            "Brightwave, a Lisbon-based company, makes inverters.",
        )
        == "refuted"
    )
    assert (
        _verdict(
            "Brightwave is headquartered in Porto.",
            "Brightwave, a Porto-based company, makes inverters.",
        )
        == "supported"
    )
    assert (
        _verdict(
            "Kessel Labs is headquartered in Munich.",
            "The New York-based firm Kessel Labs makes sensors.",
        )
        == "refuted"
    )
    assert (
        _verdict(
            "Kessel Labs is headquartered in Munich.", "Kessel Labs is a Berlin-based startup."
        )
        == "refuted"
    )
    assert _says_nothing("Anna Lind lives in Munich.", "Anna Lind is a Berlin-based journalist.")


def test_one_name_where_something_is_whatever_kind_the_parse_took_it_for() -> None:
    """ "born in Málaga" (the small model takes Málaga for a person) / "Picasso's
    birthplace was Málaga" (a place): one name, one value."""
    assert _verdict("Pablo Picasso was born in Málaga.", "Picasso's birthplace was Málaga.") == (
        "supported"
    )


def test_aged_is_the_age_at_the_act() -> None:
    """ "died in 1880, aged 79" says "died at the age of 79"; an age is no year."""
    sentence = "Tomas Berg died in 1880, aged 79."
    assert _verdict("Tomas Berg died at the age of 79.", sentence) == "supported"
    assert _verdict("Tomas Berg died at the age of 85.", sentence) == "refuted"
    assert _verdict("Tomas Berg died at the age of 79.", "Tomas Berg died in 1880.") == (
        "inconclusive"
    )


def test_a_bearing_from_a_place() -> None:
    """ "north of Oslo" / "south of Oslo": opposite bearings from one place; from two
    places ("south of Bergen") neither says the other's place is wrong, and the rules'
    conflict over the two places is dismissed."""
    assert _verdict("Lake Tarn lies north of Oslo.", "Lake Tarn lies south of Oslo.") == "refuted"
    assert (
        _verdict("Lake Tarn lies north of Oslo.", "Lake Tarn lies about 40 km north of Oslo.")
        == "supported"
    )
    decision = FrameJudge().decide(
        "Lake Tarn lies north of Oslo.", ["Lake Tarn lies south of Bergen."]
    )
    assert decision.label == "inconclusive"
    assert decision.guard is not None
    assert decision.guard.guard == "parse_bearing"


def test_a_kind_of_thing_counted_or_ranked_is_not_the_claims() -> None:
    """ "the thirteen warmest years" are not the claim's "18 warmest years": a count, a
    rank or a superlative picks out another set (a Climate-FEVER pair was refuted)."""
    assert (
        _verdict(
            "Seventeen of the 18 warmest years have occurred since 2000.",
            "As of 2012, the thirteen warmest years for the entire planet have all occurred since 1998.",
        )
        == "inconclusive"
    )


@pytest.mark.parametrize(
    ("claim", "relation", "than"),
    [
        ("Orvan has a larger population than Kessa.", "than:populous:+", "Kessa"),
        ("Orvan has more inhabitants than Kessa.", "than:populous:+", "Kessa"),
        ("Orvan has less mass than Kessa.", "than:massive:-", "Kessa"),
        ("Orvan is farther from the Sun than Kessa is.", "than:far:+", "Kessa"),
        ("Orvan orbits farther from the Sun than Kessa does.", "than:far:+", "Kessa"),
        ("Orvan runs faster than Kessa.", "than:fast:+", "Kessa"),
        ("Orvan is smaller in area than Kessa.", "than:small:+", "Kessa"),
        ("Orvan is hotter on average than Kessa.", "than:hot:+", "Kessa"),
        ("Orvan has a higher melting point than Kessa.", "than:melting point:+", "Kessa"),
    ],
)
def test_comparisons_said_with_a_measure_or_a_clause(claim: str, relation: str, than: str) -> None:
    (record,) = records_of(parse(claim))
    assert record.relation == relation
    assert record.args[0].text == than


def test_more_than_a_thing_is_no_comparison() -> None:
    assert not any(
        r.relation.startswith("than:") for r in records_of(parse("Orvan is more than a city."))
    )


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("eec", "european economic community"),
        ("nasa", "national aeronautics and space administration"),
        ("un", "united nations"),
    ],
)
def test_initials_name_what_they_stand_for(a: str, b: str) -> None:
    assert same_name(a, b)
    assert same_name(b, a)


def test_initials_of_other_words_are_another_name() -> None:
    assert not same_name("eec", "european coal community")
    assert not same_name("e", "european community")


def test_a_body_joined_under_its_initials() -> None:
    judge = FrameJudge()
    text = ["Orvia became a member of the EEC on 1 January 1973."]
    assert (
        judge.decide("Orvia joined the European Economic Community in 1981.", text).label
        == "refuted"
    )
    assert (
        judge.decide("Orvia joined the European Economic Community in 1973.", text).label
        != "refuted"
    )


@pytest.mark.parametrize(
    ("text", "head"),
    [
        ("the northeastern coast of South America", "South America"),
        ("the Pacific coast of South America", "South America"),
        ("northern Chile", "Chile"),
        ("central Madrid", "Madrid"),
        ("the south of France", "France"),
        # outside a place, not a part of it
        ("south of Oslo", "south of Oslo"),
        # a name of its own
        ("North Korea", "North Korea"),
        ("the North Sea", "the North Sea"),
    ],
)
def test_the_place_a_part_of_one_lies_in(text: str, head: str) -> None:
    assert place_head(text) == head


def test_a_part_of_another_continent_conflicts() -> None:
    assert (
        _verdict(
            "Orvia is a town in Africa.", "Orvia is a town on the northern coast of South America."
        )
        == "refuted"
    )
    assert _verdict("Orvia is a town in Chile.", "Orvia is a town in northern Chile.") != "refuted"


def test_a_former_thing_lies_where_it_lies() -> None:
    """ "a former Dutch colony on the coast of South America": the colony is of another
    time, not the coast."""
    text = "Suriname, a former Dutch colony on the northeastern coast of South America, borders Guyana."
    assert _verdict("Suriname is a country in Africa.", text) == "refuted"


def test_a_peak_rising_in_a_place_lies_there() -> None:
    text = "Mount Orvel, the range's highest peak, rises in northeastern Tanzania."
    assert _verdict("Mount Orvel is located in Kenya.", text) == "refuted"
    assert _verdict("Mount Orvel is located in Tanzania.", text) == "supported"


@pytest.mark.parametrize(
    "text",
    [
        "Orvia is not an EU member state.",
        "Orvia is not a member state of the European Union.",
        "Orvia is not a member of the EU.",
        "Orvia is not part of the European Union.",
    ],
)
def test_a_membership_denied(text: str) -> None:
    assert _verdict("Orvia is a member of the European Union.", text) == "refuted"


def test_a_membership_said_another_way_or_of_another_body() -> None:
    assert _verdict("Orvia is a member of NATO.", "Orvia is a NATO member.") == "supported"
    # a member of the UN is no member of its Security Council, nor denied by it
    assert _verdict(
        "Orvia is a member of the UN.", "Orvia is not a member of the UN Security Council."
    ) == ("inconclusive")
    (record,) = records_of(parse("Orvia is an EU member state."))
    assert [(a.text, a.prep) for a in record.args] == [("EU", "member of")]


def test_a_superlative_of_a_people_is_of_their_country() -> None:
    """ "the highest Japanese mountain", "No Japanese mountain rises higher than": the
    highest mountain in Japan."""
    assert _verdict(
        "Mount Orvel is the highest mountain in Japan.",
        "Mount Orvel is the highest Japanese mountain.",
    ) == ("supported")
    text = "No Japanese mountain rises higher than Mount Orvel."
    assert _verdict("Mount Orvel is the highest mountain in Japan.", text) == "supported"
    assert _verdict("Mount Kessa is the highest mountain in Japan.", text) == "refuted"
    assert _verdict("Mount Orvel is the highest mountain in China.", text) == "inconclusive"


def test_a_rank_said_after_another_compares_the_two() -> None:
    """ "K2 is the second-highest mountain on Earth, surpassed only by Everest": Everest is
    taller than K2."""
    text = (
        "K2, at 8,611 metres, is the second-highest mountain on Earth, surpassed only by Everest."
    )
    assert _verdict("Mount Everest is taller than K2.", text) == "supported"
    assert _verdict("K2 is taller than Mount Everest.", text) == "refuted"
    assert _verdict("K2 is taller than Mount Elbrus.", text) == "inconclusive"
    text = "Orvan is the second-largest planet in the Solar System, after Kessa."
    assert _verdict("Orvan is smaller than Kessa.", text) == "supported"


def test_tall_and_high_are_one_measure() -> None:
    assert (
        _verdict("K2 is taller than Mount Everest.", "Mount Everest is higher than K2.")
        == "refuted"
    )


@pytest.mark.parametrize(
    ("claim", "value"),
    [
        ("Water boils at 100 degrees Celsius at sea level.", "100 degrees Celsius"),
        ("Water boils at 100 °C.", "100 °C"),
    ],
)
def test_a_temperature_is_one_value(claim: str, value: str) -> None:
    """The parse splits "100 degrees Celsius" (Celsius in apposition) and "100 °C" (C a
    noun of its own): one value, and no record of "Celsius"."""
    records = records_of(parse(claim))
    assert [r.subject_text for r in records] == ["Water"]
    assert [a.text for a in records[0].args if a.kind == "number"] == [value]
    assert not any(a.key in ("c", "celsius") for a in records[0].args)


def test_a_launch_is_dated_once() -> None:
    """ "The Orva Union launched Sputnik 9 ... on 4 October 1957": Sputnik 9 was launched
    then, as a passive says it; a release in one country is not every release."""
    text = "The Orva Union launched Sputnik 9, the first satellite, from the Kessa Cosmodrome on 4 October 1957."
    assert _verdict("Sputnik 9 was launched in 1961.", text) == "refuted"
    assert _verdict("Sputnik 9 was launched in 1957.", text) == "supported"
    assert _verdict(
        "The album Orva was released in 1999.", "The band released the album Orva in Japan in 1997."
    ) == ("inconclusive")


def test_the_inaugural_and_the_original_are_the_first() -> None:
    assert same_name(fold_name("the inaugural Orva Cup"), fold_name("the first Orva Cup"))
    text = "Uruguay hosted the inaugural FIFA World Cup in 1930 and won it."
    assert _verdict("The first FIFA World Cup was held in Brazil in 1930.", text) == "refuted"
    assert _verdict("The first FIFA World Cup was held in Uruguay in 1930.", text) == "supported"
    assert _verdict(
        "Brazil won the first FIFA World Cup.", "Uruguay won the inaugural FIFA World Cup in 1930."
    ) == ("refuted")


def test_a_river_reaching_the_sea_in_a_clause_of_its_own() -> None:
    """ "the Orva flows some 2,850 km through ten countries before it reaches the Black
    Sea": it flows into the Black Sea (the distance is done to nothing)."""
    text = "Rising in the hills, the Orva flows some 2,850 km through ten countries before it reaches the Black Sea."
    assert _verdict("The Orva River empties into the Adriatic Sea.", text) == "refuted"
    assert _verdict("The Orva River empties into the Black Sea.", text) == "supported"


def test_a_place_in_a_region_of_a_country() -> None:
    assert place_head("the Cusco Region of southern Peru") == "Peru"
    text = "Orva Picchu sits on a mountain ridge above the Kessa River valley in the Cusco Region of southern Peru."
    assert _verdict("Orva Picchu is located in Bolivia.", text) == "refuted"


def test_a_subject_named_by_its_initials() -> None:
    (claim,) = records_of(parse("The European Union has 27 member states."))
    (found,) = records_of(parse("The EU has 27 member states."))
    assert same_subject(claim, found)


def test_a_thing_stretching_along_a_place_lies_there() -> None:
    """ "Stretching along the Pacific coast of northern Chile, the Orva is ...": the
    opening participle is said of the sentence's subject, and where it stretches is where
    it lies."""
    text = "Stretching along the Pacific coast of northern Chile, the Orva Desert is one of the driest places on Earth."
    assert _verdict("The Orva Desert is located in Chile.", text) == "supported"
    assert _verdict(
        "The Orva Desert is located in Peru.",
        "The Orva Desert stretches along the coast of northern Chile.",
    ) == ("refuted")
    assert place_head("the Pacific coast of northern Chile") == "Chile"


def test_one_holder_named_two_ways_is_no_rival() -> None:
    """ "Fuji-san" is Mount Fuji named with another language's word for a mountain: not
    another holder of its role."""
    text = "At 3,776 metres, Orva-san, an active stratovolcano, is the tallest peak in Kovia."
    assert ("contradiction", "unique_role") not in _kinds(
        "Mount Orva is the highest mountain in Kovia.", text
    )
    assert ("contradiction", "unique_role") in _kinds(
        "Mount Kessa is the highest mountain in Kovia.", text
    )


def test_a_value_said_otherwise_is_the_claims_act_with_another_thing_in_its_slot() -> None:
    """ "produced by the beta cells of the pancreas" gives the claim's slot another thing;
    "produced by the beta cells of the liver" names the claim's."""
    claim = records_of(parse("Velmin is produced by the liver."))[0]

    def said(sentence: str) -> tuple[str, str] | None:
        found = value_said_otherwise(claim, records_of(parse(sentence), [claim.subject]))
        return None if found is None else (found[0].text, found[1].text)

    assert said("Velmin is produced by the beta cells of the pancreas.") == (
        "the liver",
        "the beta cells of the pancreas",
    )
    assert said("Velmin is produced by the cells of the liver.") is None
    assert said("Velmin is secreted into the blood.") is None


def test_a_work_named_as_a_persons_role_says_who_made_it() -> None:
    """ "X was the last novel of P", "X is the best-known work of P": P made X."""
    sentence = "The Kessa Sonata is the best-known work of Tor Vik."
    assert ("support", "same") in _kinds("The Kessa Sonata was composed by Tor Vik.", sentence)
    wrong = _kinds("The Kessa Sonata was composed by Ola Berg.", sentence)
    assert any(outcome == "contradiction" for outcome, _kind in wrong)
    # a role that names no work: "the capital of" says nothing of a maker
    town = _kinds("Orvik was built by Tor Vik.", "Orvik is the capital of Tor Vik.")
    assert not any(outcome in ("support", "contradiction") for outcome, _kind in town)


def test_made_by_names_the_maker_any_making_relation_asks_for() -> None:
    sentence = "The Orva lamp was made by Tor Vik."
    assert ("support", "same") in _kinds("The Orva lamp was invented by Tor Vik.", sentence)
    other = _kinds("The Orva lamp was invented by Ola Berg.", sentence)
    assert any(outcome == "contradiction" for outcome, _kind in other)


def test_an_act_done_by_another_named_doer_says_nothing_of_the_claims() -> None:
    """ "Bill Gates founded Microsoft in 1975" says nothing of Paul Allen: a support the
    rules read from the act and the year is withdrawn (never a contradiction: two may)."""
    claim = next(r for r in records_of(parse("Tor Vik signed the Treaty of Lenz in 1975.")))

    def doer(sentence: str) -> str | None:
        found = done_by_another(claim, records_of(parse(sentence), [claim.subject]))
        return None if found is None else found.subject

    assert doer("Ola Berg signed the Treaty of Lenz in 1975.") == "ola berg"
    assert doer("Tor Vik signed the Treaty of Lenz in 1975.") is None
    assert doer("Ola Berg signed the Treaty of Lenz in 1980.") is None  # another act


def test_two_titles_a_plural_apart_are_two_works() -> None:
    """ "Aliens" is not "Alien": a name's plural ending is no inflection of one name."""
    kinds = _kinds(
        "Tor Vik directed Storms.", "Tor Vik directed the 1979 film Storm, and Ola Berg its sequel."
    )
    assert ("support", "same") not in kinds
    assert ("support", "same") in _kinds("Tor Vik directed Storm.", "Tor Vik directed Storm.")


def test_a_superlative_said_how_widely_or_worldwide_is_the_same_role() -> None:
    # "most widely spoken" ranks as "most spoken"; "globally" is "in the world"
    sentence = "Velsk is the second most widely spoken language globally."
    assert ("support", "same") in _kinds(
        "The second most spoken language in the world is Velsk.", sentence
    )
    assert ("contradiction", "unique_role") in _kinds(
        "Orvan is the second most spoken language in the world.", sentence
    )
    # a region is no world
    assert _says_nothing(
        "Velsk is the most spoken language in the world.",
        "Velsk is the most widely spoken language in Kessa.",
    )


def test_a_ranking_the_source_measures_otherwise_is_not_supported() -> None:
    # the source ranks by native speakers, the claim by every speaker
    claim = "Velsk is the second most spoken language in the world."
    assert ("support", "same") not in _kinds(
        claim, "Velsk is the second most spoken language in the world in terms of native speakers."
    )
    # by volume, not by surface area
    assert ("support", "same") not in _kinds(
        "Lake Orva is the largest lake in the world by surface area.",
        "Lake Orva is the largest lake in the world by volume.",
    )
    # a source that names no measure ranks as the claim does
    assert ("support", "same") in _kinds(
        "Kessa is the largest country in the world by area.",
        "Kessa is the largest country in the world.",
    )


def test_a_whole_named_by_its_parts_is_a_count_of_them() -> None:
    sentence = (
        "Velta is a federal republic of 50 states, a federal district, and several territories."
    )
    assert ("contradiction", "count") in _kinds("Velta has 52 states.", sentence)
    assert ("support", "same") in _kinds("Velta has 50 states.", sentence)
    orva = "Orva is a federation of six states, along with ten federal territories."
    assert ("contradiction", "count") in _kinds("Orva has eight states.", orva)
    # a whole of no counted parts says no count
    assert _says_nothing("Velta has 52 states.", "Velta is a federal republic of states.")


def test_a_mountains_highest_point_gives_the_mountains_height() -> None:
    sentence = (
        "Kilimanjaro's highest point, Uhuru Peak on the Kibo cone, is 5,895 metres above sea level."
    )
    claim = "Mount Kilimanjaro rises to about 4,900 metres."
    assert ("contradiction", "value") in _kinds(claim, sentence)
    assert ("support", "same") in _kinds("Mount Kilimanjaro rises to about 5,900 metres.", sentence)


def test_once_twice_and_thrice_count_wins() -> None:
    sentence = "The Velta national football team has won three Orva Cups, in 1978, 1986 and 2022."
    assert ("contradiction", "count") in _kinds("Velta has won the Orva Cup once.", sentence)
    assert ("contradiction", "count") in _kinds("Velta has won the Orva Cup twice.", sentence)
    assert ("support", "same") in _kinds("Velta has won the Orva Cup three times.", sentence)
    # "once" before its verb says formerly, not how often
    assert ("contradiction", "count") not in _kinds("Velta once won the Orva Cup.", sentence)


def test_a_superlative_whose_noun_an_apposition_says_is_a_role() -> None:
    sentence = "Kelvar, the sixth planet from the star, is the second-largest in the Orva System."
    claim = "Kelvar is the largest planet in the Orva System."
    assert ("contradiction", "rank") in _kinds(claim, sentence)


def test_a_superlative_said_after_another_shares_its_scope_and_its_reference() -> None:
    sentence = "Tarn is the smallest planet in the Orva System and the closest to Vell."
    for claim in (
        "Kelvar is the closest planet in the Orva System.",
        "Kelvar is the closest planet to Vell.",
        "Kelvar orbits closer to Vell than any other planet in the Orva System.",
    ):
        assert ("contradiction", "unique_role") in _kinds(claim, sentence), claim


def test_a_date_the_parse_carries_a_clause_on_ends_before_it() -> None:
    sentence = (
        "The Velta Wall fell on the night of 9 November 1989, when the guards opened the gates."
    )
    (record,) = [r for r in records_of(parse(sentence)) if r.subject == "velta wall"]
    assert [a.text for a in record.args] == ["the night of 9 November 1989"]


def test_a_currency_named_with_a_common_noun_holds_its_role() -> None:
    sentence = "The official currency of Velta is the Orvan franc."
    claim = "The official currency of Velta is the euro."
    assert ("contradiction", "unique_role") in _kinds(claim, sentence)
    assert ("contradiction", "unique_role") in _kinds(
        "Velta uses the euro as its currency.", sentence
    )
    # a shorter name of the same currency is no other currency
    assert ("contradiction", "unique_role") not in _kinds(
        "The official currency of Velta is the franc.", sentence
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "Vellium has the symbol Vl.",
        "Vellium has the chemical symbol Vl, from its Latin name.",
        "Vellium is a chemical element with the symbol Vl and atomic number 130.",
    ],
)
def test_a_symbol_the_sentence_gives_its_element(sentence: str) -> None:
    assert ("contradiction", "unique_role") in _kinds(
        "The chemical symbol for vellium is Ve.", sentence
    )
    assert ("support", "same") in _kinds("The symbol for vellium is Vl.", sentence)


def test_a_count_a_colon_lists_the_parts_of_is_still_the_count() -> None:
    sentence = "The velta organ has four chambers: two upper atria and two lower ventricles."
    assert ("contradiction", "count") in _kinds("The velta organ has three chambers.", sentence)
    assert ("support", "same") in _kinds("The velta organ has four chambers.", sentence)


def test_divided_into_parts_is_a_count_of_them() -> None:
    sentence = "The velta organ is divided into four chambers."
    assert ("contradiction", "count") in _kinds("The velta organ has three chambers.", sentence)


def test_a_class_said_of_several_is_said_of_each() -> None:
    sentence = "Vellium, orvium and tarnium are noble metals."
    assert ("support", "same") in _kinds("Vellium is a noble metal.", sentence)
    assert ("support", "same") not in _kinds("Vellium is a base metal.", sentence)


def test_a_total_is_the_count_itself() -> None:
    sentence = "Velta has 95 moons."
    assert ("contradiction", "count") in _kinds("Velta has a total of 79 known moons.", sentence)
