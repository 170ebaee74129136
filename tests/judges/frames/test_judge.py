"""The frames judge (verifier/judges/frames/judge.py): alignment, decisions, confidence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from verifier.judges.frames.calibration import Calibration
from verifier.judges.frames.judge import FrameJudge
from verifier.web.extract import extract_html
from workers.cli import main

ROOT = Path(__file__).resolve().parents[3]
CORPUS = ROOT / "examples" / "corpus"


@pytest.fixture(scope="module")
def pages() -> list[str]:
    curie = extract_html((CORPUS / "marie-curie.html").read_bytes(), "x", None)["text"]
    return [(CORPUS / "nobel-prize.txt").read_text(), (CORPUS / "radium.md").read_text(), curie]


# The four rater examples of issue 13, and their true counterparts.
@pytest.mark.parametrize(
    ("claim", "label", "conflict", "quoted"),
    [
        ("The first Nobel Prizes were awarded in 1921.", "refuted", "year 1921 vs 1901", "1901"),
        ("Marie Curie died in 1952.", "refuted", "year 1952 vs 4 July 1934", "4 July 1934"),
        (
            "Linus Pauling is the only person to have won Nobel Prizes in two different "
            "scientific fields.",
            "refuted",
            "only: Linus Pauling vs Marie Curie",
            "Marie Curie is the only person",
        ),
        ("Radium has atomic number 86.", "refuted", "86 vs 88", "atomic number 88"),
        ("The first Nobel Prizes were awarded in 1901.", "supported", None, "1901"),
        ("Marie Curie died in 1934.", "supported", None, "1934"),
        ("Radium has atomic number 88.", "supported", None, "88"),
        ("Marie Curie was born in Paris in 1867.", "refuted", "name Paris vs Warsaw", "Warsaw"),
        ("Alfred Nobel died in 1901.", "refuted", "year 1901 vs 1896", "1896"),
    ],
)
def test_rater_examples(
    pages: list[str], claim: str, label: str, conflict: str | None, quoted: str
) -> None:
    decision = FrameJudge().decide(claim, pages)
    assert decision.label == label, decision.reason
    assert decision.lead is not None
    assert quoted in (decision.lead.sentence or "")
    if conflict:
        assert decision.lead.conflicts == (conflict,)
        assert decision.confidence >= 0.8


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        # another occasion of a repeatable relation: a conflict to check, not a refutation
        (
            "Marie Curie won the Nobel Prize in 1911.",
            "In 1903 Marie Curie shared the Nobel Prize in Physics.",
        ),
        # the first of what may have been several wins
        (
            "Orvel won the Kessel Song Contest in 2010.",
            "Orvel first won the Kessel Song Contest in 1982 with Anna Lind's 'Winter'.",
        ),
        # another subject
        ("Marie Curie died in 1952.", "Pierre Curie died in 1906."),
        # two slots differ: another event
        (
            "Marie Curie won the Nobel Prize in Physics in 1903.",
            "In 1911 she won the Nobel Prize in Chemistry.",
        ),
        # a bound agrees with the value
        ("The sea rose by 10 metres.", "The sea rose by more than 8 metres."),
        # a range is no value
        (
            "Agriculture caused 3 per cent of emissions.",
            "Agriculture caused 20 to 25% of emissions.",
        ),
    ],
)
def test_what_is_not_a_refutation(claim: str, evidence: str) -> None:
    decision = FrameJudge().decide(claim, [evidence])
    assert decision.label != "refuted", decision.reason


def test_another_year_of_the_same_named_prize_refutes() -> None:
    # the same prize, named as the source names it ("the Halvorsen Prize for chemistry"),
    # is read as one occasion: another year refutes, as the bundled example's "Nobel Prize
    # in Physics in 1905" against 1903 must (a second win of one prize is the price)
    decision = FrameJudge().decide(
        "Anna Lind received her Halvorsen Prize for chemistry in 1971.",
        ["Anna Lind was awarded the Halvorsen Prize for chemistry in 1961 for her work."],
    )
    assert decision.label == "refuted", decision.reason


def test_a_weak_conflict_is_shown_not_counted() -> None:
    decision = FrameJudge().decide(
        "Marie Curie won the Nobel Prize in 1911.",
        ["In 1903 Marie Curie shared the Nobel Prize in Physics."],
    )
    assert decision.label == "inconclusive"
    assert decision.lead is not None
    assert decision.lead.conflicts == ("year 1911 vs 1903",)
    assert "possible conflict" in decision.reason


def test_support_must_state_the_whole_claim() -> None:
    judge = FrameJudge()
    # one swapped word is all a false claim differs by
    assert (
        judge.decide(
            "Berberine induced SARS-CoV-2 replication in nasal cells.",
            ["Berberine inhibited SARS-CoV-2 replication in nasal cells."],
        ).label
        != "supported"
    )
    assert (
        judge.decide(
            "All documented reinfections were reported in Hong Kong.",
            ["Most documented reinfections were reported in Hong Kong."],
        ).label
        != "supported"
    )


def test_confidence_is_a_probability_from_the_calibration() -> None:
    calibration = Calibration.load()
    assert calibration.source.startswith("bench/calibrate_frames.py")
    assert set(calibration.weights) >= {"bias", "subject_named", "same_relation"}
    # the rules alone (the records would read the same conflict on their own)
    low = FrameJudge(calibration=Calibration({"bias": -10.0}), records=False)
    decision = low.decide("Marie Curie died in 1952.", ["Marie Curie died on 4 July 1934."])
    assert decision.label == "inconclusive"  # under min_refute: shown as a conflict
    assert decision.lead is not None
    assert decision.lead.conflicts


def test_the_rater_examples_end_refuted_in_a_report(tmp_path: Path) -> None:
    response = tmp_path / "answer.md"
    response.write_text(
        "The first Nobel Prizes were awarded in 1921. Marie Curie died in 1952. "
        "Linus Pauling is the only person to have won Nobel Prizes in two different "
        "scientific fields. Radium has atomic number 86.\n"
    )
    result = CliRunner().invoke(
        main, ["check", str(response), "--corpus", str(CORPUS), "--no-web"], catch_exceptions=False
    )
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    false = {r["text"]: r for r in report["truthfulness"]["false_claims"]}
    assert len(false) == 4
    for ref in false.values():
        assert ref["quote"]
        assert ref["url"].startswith("file://")
        assert ref["quote_start"] is not None
    assert report["rubric"]["max_score"] == 3
    text = (
        CliRunner()
        .invoke(
            main, ["check", str(response), "--corpus", str(CORPUS), "--no-web", "--format", "text"]
        )
        .stdout
    )
    assert "conflict year 1921 vs 1901" in text
    assert "REFUTED" in text


@pytest.mark.parametrize(
    "claim",
    [
        "The Eiffel Tower was completed in 1889 for the World's Fair in Paris.",
        "Neil Armstrong walked on the Moon on 20 July 1969.",
        "The Great Wall of China is more than 21,000 kilometres long.",
    ],
)
def test_a_sentence_that_repeats_the_claim_supports_it(claim: str) -> None:
    """Names after prepositions no name is compared under ("on the Moon", "for the
    World's Fair") are the claim's words, not slots to confirm; a bound agrees with
    itself."""
    assert FrameJudge().decide(claim, [f"History. {claim} More followed."]).label == "supported"


@pytest.mark.parametrize("said", ["Ostriches are unable to fly.", "Ostriches cannot fly."])
def test_unable_to_is_a_negation(said: str) -> None:
    decision = FrameJudge().decide("Ostriches can fly.", [said])
    assert decision.label == "refuted"  # "unable to fly" supported "can fly" at 0.96 before


def test_a_population_counts_people() -> None:
    """ "The population of X is about N" gives a headcount with no noun after it; two
    populations conflict for review (a city, its metropolitan area and its region count
    differently), never a cap."""
    claim = "Kessingen has a population of over 900,000 people."
    for said in (
        "The population of Kessingen is about 184,317.",
        "The population of Kessingen is about 184,317 (as of October 1, 2021).",
    ):
        decision = FrameJudge().decide(claim, [said])
        assert decision.label == "inconclusive", decision.reason
        assert decision.lead is not None
        assert decision.lead.conflicts == ("900,000 people vs 184,317",)


@pytest.mark.parametrize(
    "said",
    [
        "Kessingen has 184,317 inhabitants.",
        "With more than 184,000 residents, Kessingen is the largest town of the region.",
    ],
)
def test_a_headcount_of_a_place_is_its_population(said: str) -> None:
    decision = FrameJudge().decide("Kessingen has a population of about 90,000 people.", [said])
    assert decision.label == "inconclusive", decision.reason
    assert "two populations" in decision.reason


def test_a_century_is_its_years() -> None:
    judge = FrameJudge()
    founded = ["The Vossberg abbey was founded in 1427 by monks from Lund."]
    wrong = judge.decide("The Vossberg abbey was founded in the 14th century.", founded)
    assert wrong.label == "refuted", wrong.reason
    right = judge.decide("The Vossberg abbey was founded in the 15th century.", founded)
    assert right.label != "refuted", right.reason


def test_a_superlative_said_another_way_supports() -> None:
    judge = FrameJudge()
    said = ["Mount Kesh is the highest mountain in Norland."]
    assert judge.decide("Mount Kesh is the tallest mountain in Norland.", said).label == "supported"
    assert judge.decide("Mount Vell is the tallest mountain in Norland.", said).label == "refuted"


def test_a_heading_turns_no_word_into_its_opposite() -> None:
    """A title with no verb states nothing ("world" against "national" was refuted)."""
    decision = FrameJudge().decide(
        "Norland has been a strong team in world football.", ["Norland national football team"]
    )
    assert decision.label == "inconclusive", decision.reason


@pytest.mark.parametrize(
    ("claim", "label", "named"),
    [
        ("The school song was composed by Xian Xinghai.", "refuted", "Zhang Hui Zhen"),
        ("The school song was composed by Zhang Hui Zhen.", "supported", "Zhang Hui Zhen"),
    ],
)
def test_a_doer_after_a_title_is_read_whole(claim: str, label: str, named: str) -> None:
    """ "composed by Mrs. Zhang Hui Zhen": the evidence sentence is not cut after the title,
    so the doer is the name (not "Mrs.") and the quote holds the act and its doer."""
    decision = FrameJudge().decide(
        claim,
        [
            "The school song was composed by Mrs. Zhang Hui Zhen and was well received by the "
            "students."
        ],
    )
    assert decision.label == label, decision.reason
    assert decision.lead is not None
    assert named in (decision.lead.sentence or "")
    assert "Mrs." not in " ".join(decision.lead.conflicts)


@pytest.mark.parametrize(
    ("claim", "evidence", "conflict"),
    [
        (
            "Marie Curie moved to Paris in 1867.",
            "Marie Curie was born in 1867 in Warsaw and moved to Paris in 1891.",
            "year 1867 vs 1891",
        ),
        (
            "Anton Varga was born in Graz.",
            "Varga was born in Linz in 1770; he moved to Graz in 1792, where he lived until "
            "his death.",
            "name Graz vs Linz",
        ),
        (
            "The film Orla was produced by Tomas Berg.",
            "The film Orla was produced by Anna Lund and directed by Tomas Berg.",
            "name Tomas Berg vs Anna Lund",
        ),
    ],
)
def test_the_claims_value_given_to_another_act_refutes(
    claim: str, evidence: str, conflict: str
) -> None:
    """ "born in 1867 ... and moved to Paris in 1891" against "moved to Paris in 1867": the
    sentence holds every word and value of the claim, but the claim's value is another
    act's (a date, a place, a doer), and the claim's act has another."""
    decision = FrameJudge().decide(claim, [evidence])
    assert decision.label == "refuted", decision.reason
    assert decision.lead is not None
    assert decision.lead.conflicts == (conflict,)


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        ("Lena Varga was born on March 28, 1989.", "refuted"),
        ("Lena Varga was born on March 28, 1986.", "supported"),
        ("Lena Varga died in 1950.", "refuted"),
    ],
)
def test_dates_after_a_birth_name_in_brackets_are_the_life(claim: str, label: str) -> None:
    """ "Lena Varga (born Magdalena Horvath; March 28, 1986 - 1 December 2047)": the
    semicolon after the birth name does not cut the birth from its date."""
    decision = FrameJudge().decide(
        claim,
        ["Lena Varga (born Magdalena Horvath; March 28, 1986 – 1 December 2047) is a singer."],
    )
    assert decision.label == label, decision.reason


def test_another_acts_doer_is_not_the_claims() -> None:
    """ "directed by Will Gluck, written by Bert Royal" refutes "directed by Bert Royal"
    (every word of the claim is in the sentence) and supports "written by Bert Royal"."""
    sentence = (
        "Easy A is a 2010 American teen comedy film directed by Will Gluck, written by Bert "
        "Royal and starring Emma Stone, Stanley Tucci and Patricia Clarkson."
    )
    judge = FrameJudge()
    directed = judge.decide("Easy A is directed by Bert Royal.", [sentence])
    assert directed.label == "refuted", directed.reason
    assert directed.lead is not None
    assert directed.lead.conflicts == ("name Bert Royal vs Will Gluck",)
    assert judge.decide("Easy A is written by Bert Royal.", [sentence]).label == "supported"


def test_one_of_several_does_not_support_the_one() -> None:
    """ "one of the largest cities in Tarvia" does not say "the largest city in Tarvia"
    (the claim said another way had supported it: every word of it is there)."""
    judge = FrameJudge()
    claim = "Orvel is the largest city in Tarvia."
    for sentence in (
        "Orvel is one of the largest cities in Tarvia.",
        "Orvel is among the largest cities in Tarvia.",
    ):
        assert judge.decide(claim, [sentence]).label == "inconclusive"
    assert (
        judge.decide(
            "Orvel is one of the largest cities in Tarvia.",
            ["Orvel is one of the largest cities in Tarvia, with two million people."],
        ).label
        != "refuted"
    )


def test_a_superlative_said_of_another_supports_no_one_else() -> None:
    """ "Lake Superior is the largest of the Great Lakes ...; Lake Huron is second and Lake
    Michigan third": the claim's words are all there, but the largest is another lake."""
    text = [
        "Lake Tarn is the largest of the Orva Lakes, covering about 82,100 square kilometres; "
        "Lake Vell is second in area and Lake Kessa third."
    ]
    judge = FrameJudge()
    assert judge.decide(
        "Lake Kessa is the largest of the Orva Lakes by surface area.", text
    ).label != ("supported")
    assert judge.decide(
        "Lake Tarn is the largest of the Orva Lakes by surface area.", text
    ).label == ("supported")


def test_typographic_quotes_read_as_plain_ones_and_quoted_as_given() -> None:
    evidence = "Her first name, Velka, means “water” in Orvan."
    decision = FrameJudge().decide('Velka means "water" in Orvan.', [evidence])
    assert decision.label == "supported"
    assert decision.lead is not None
    assert decision.lead.sentence == evidence  # the page's own quotes
    start, end = decision.lead.start, decision.lead.end
    assert start is not None
    assert end is not None
    assert evidence[start:end] == decision.lead.sentence


def test_a_measures_unit_word_is_no_word_the_sentence_must_say() -> None:
    # "830 metres" and "829.8 m" are one length, compared as values
    decision = FrameJudge().decide(
        "The Orva Tower is about 830 metres tall.", ["The Orva Tower has a height of 829.8 m."]
    )
    assert decision.label == "supported"


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        ("The Orva Tower stands about 830 metres tall.", "supported"),
        ("The Orva Tower stands 500 metres tall.", "refuted"),
    ],
)
def test_stands_with_a_height_is_a_height_not_a_place(claim: str, label: str) -> None:
    evidence = ["The Orva Tower has a height of 829.8 m."]
    assert FrameJudge().decide(claim, evidence).label == label


def test_a_date_conflicts_whatever_else_the_claim_and_the_sentence_say() -> None:
    claim = "The Velta Wall fell in November 1991, shortly before the Orva Union was dissolved."
    sentence = (
        "The Velta Wall fell on the night of 9 November 1989, when the guards unexpectedly "
        "opened the gates into the city."
    )
    decision = FrameJudge().decide(claim, [sentence])
    assert decision.label == "refuted", decision.reason
    assert "November 1991 vs 9 November 1989" in decision.reason


def test_a_near_verbatim_sentence_must_write_the_claims_names() -> None:
    # "So" is a stopword in lower case: no content word of the claim keeps it
    decision = FrameJudge().decide(
        "The chemical symbol for vellium is So.", ["The chemical symbol for vellium is Vl."]
    )
    assert decision.label != "supported", decision.reason


def test_a_state_the_present_perfect_says_since_a_date_still_holds() -> None:
    claim = "The Orva Union currently has 30 member states."
    sentence = (
        "Since the withdrawal of Velta took effect on 31 January 2020, the Orva Union has "
        "comprised 27 member states."
    )
    decision = FrameJudge().decide(claim, [sentence])
    assert decision.label == "refuted", decision.reason


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        (
            "The Velta Bridge is 1,200 metres long.",
            "At 1,450 metres, the Velta Bridge is the longest in the region.",
        ),
        (
            "Mount Orla is 3,100 metres high.",
            "Mount Orla, at 2,870 metres, is the highest peak of the range.",
        ),
    ],
)
def test_a_figure_said_with_at_beside_a_superlative_is_its_measure(
    claim: str, sentence: str
) -> None:
    decision = FrameJudge().decide(claim, [sentence])
    assert decision.label == "refuted", decision.reason


def test_a_peak_output_is_still_another_measure_than_the_output() -> None:
    decision = FrameJudge().decide(
        "The Velta plant has a peak output of 900 MW.", ["The Velta plant has an output of 600 MW."]
    )
    assert decision.label == "inconclusive"


def test_a_figure_at_its_deepest_point_is_the_depth_and_the_maximum_depth() -> None:
    sentence = (
        "Reaching 1,642 metres at its deepest point, Lake Velta is the deepest lake on Earth."
    )
    for claim in (
        "Lake Velta's maximum depth is about 500 metres.",
        "Lake Velta is 300 metres deep.",
    ):
        decision = FrameJudge().decide(claim, [sentence])
        assert decision.label == "refuted", decision.reason


def test_a_maximum_and_an_average_are_two_measures_not_two_counts() -> None:
    decision = FrameJudge().decide(
        "Lake Velta has a maximum depth of 300 metres.",
        ["Lake Velta has an average depth of 120 metres."],
    )
    assert decision.label == "inconclusive", decision.reason
