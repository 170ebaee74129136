"""The frames judge on web evidence: the seven kinds of false alarm (issue 24), each with true
pairs that must not come out refuted and false pairs that still must.

The pairs are written for these tests (none is taken from a data set): a kind is a general
rule, so each kind has pairs of its own words beside the issue's examples.
"""

from __future__ import annotations

import pytest

from verifier.judges.frames.judge import FrameJudge
from verifier.judges.frames.places import relate


def label(claim: str, *evidence: str) -> str:
    return FrameJudge().decide(claim, list(evidence)).label


NOT_REFUTED = {
    # 1. The value is in the claim, or one value contains the other.
    "claim names the value": (
        "Marguerite Duval was born in Lyon, France.",
        "Marguerite Duval was born in Lyon in 1867.",
    ),
    "city inside the claim's country": (
        "Jean Moulin was born in France.",
        "Jean Moulin was born in Béziers in 1899.",
    ),
    "country holds the claim's city": (
        "Jean Moulin was born in Béziers.",
        "Jean Moulin was born in France in 1899.",
    ),
    "historical name of the place": (
        "The Hoorn clock was built in Delft, Netherlands.",
        "The Hoorn clock was built in Delft, Dutch Republic, in 1650.",
    ),
    "region of a continent": (
        "The Tagus basin lies in Western Europe.",
        "The Tagus basin lies in Europe.",
    ),
    "state and city": (
        "The Getty Center is located in California.",
        "The Getty Center is located in Los Angeles.",
    ),
    "initials of the country": (
        "Grace Kelly was born in the U.S.",
        "Grace Kelly was born in the United States in 1929.",
    ),
    # 2. Noisy subjects: page chrome glued on, a description before the name.
    "chrome before the subject": (
        "Amelia Earhart was the first woman to fly solo across the Atlantic Ocean.",
        "Sign in | Newsletters | On this day: Amelia Earhart was the first woman to fly solo "
        "across the Atlantic Ocean.",
    ),
    "a description before the name": (
        "Usain Bolt is the only sprinter to win the 100 metres at three Olympic Games.",
        "Jamaican sprinter Usain Bolt is the only sprinter to win the 100 metres at three "
        "Olympic Games.",
    ),
    "a comment's byline": (
        "The Harwick bakery chain was first established in 1975.",
        "Reply Tom Baker says: July 9, 2021 at 12:20 am James Harwick started in 1939 with his "
        "first shop in Leeds.",
    ),
    "a place in the subject is not the subject": (
        "The Kessel Dam on the Oder was completed in 1972.",
        "The Oder bridge at Kessel, opened in 2003, is the only road bridge on the river.",
    ),
    # 3. The value belongs to another noun.
    "another office": (
        "Abraham Lincoln was the 16th president of the United States.",
        "Abraham Lincoln was the 3rd chancellor of the Illinois State University.",
    ),
    "another degree": (
        "Grace Hopper earned her bachelor's degree in 1928.",
        "Grace Hopper earned her doctorate in 1934.",
    ),
    "another version": (
        "The first version of Python was released in 1991.",
        "Python version 2.0 was released in 2000.",
    ),
    "another court": (
        "Sonia Sotomayor was appointed to the Supreme Court by President Barack Obama in 2009.",
        "Sotomayor was appointed to the Court of Appeals for the Second Circuit by President "
        "Bill Clinton in 1998.",
    ),
    "another appointment, same title word": (
        "Ruth Bader Ginsburg was appointed to the Supreme Court by President Bill Clinton in 1993.",
        "Ginsburg was appointed to the United States Court of Appeals for the District of "
        "Columbia Circuit in 1980 by President Jimmy Carter.",
    ),
    # 4. Ranges, repeated events, several values.
    "the start of a range": (
        "John Hale served as mayor of Dunmore from 1902 to 1910.",
        "John Hale was elected mayor of Dunmore in 1902.",
    ),
    "a title won more than once": (
        "The Rovers won the national championship in 1994.",
        "The Rovers won their second national title, after winning the championship in 1970.",
    ),
    "married twice": (
        "Elizabeth Taylor married Richard Burton in 1964.",
        "Elizabeth Taylor married Richard Burton for the second time in 1975.",
    ),
    "a list holding the value": (
        "Argentina won the World Cup in 1986.",
        "Argentina won the World Cup in 1978, 1986 and 2022.",
    ),
    # 5. Different measures.
    "another time base": (
        "A full-time employee in the US works about 2,080 hours a year.",
        "A full-time employee in the US works about 40 hours a week.",
    ),
    "another measured thing": (
        "The smoking rate among adults in Norway is 18%.",
        "In Norway, 45% of adults have ever smoked.",
    ),
    "another population": (
        "The smoking rate among teenagers in Norway was 6% in 2019.",
        "The smoking rate among adults in Norway was 14% in 2019.",
    ),
    # 6. Facts that change with time.
    "a dated count against an undated one": (
        "Hamburg has 2,500 bridges.",
        "As of 2022, Hamburg had 2,496 bridges.",
    ),
    "a record broken later": (
        "The Card Players is the most expensive painting ever sold.",
        "In 2017, Salvator Mundi became the most expensive painting ever sold.",
    ),
    "a running total": (
        "Dr. Ana Ruiz has now treated 699 patients with the new therapy.",
        "Ana Ruiz said she had treated 350 patients with the new therapy.",
    ),
    # 7. Superlatives with another scope or another quality.
    "another scope": (
        "The Rhine is the longest river in Western Europe.",
        "The Volga is the longest river in Europe.",
    ),
    "another quality": (
        "Victoria Falls is the largest waterfall in the world.",
        "Iguazu Falls is the most beautiful waterfall in the world.",
    ),
    "one of several": (
        "Victoria Falls is the largest waterfall in Africa.",
        "Kalambo Falls is one of the largest waterfalls in Africa.",
    ),
    # more of what web pages say (WiCE's cited pages, Climate-FEVER)
    "a day of the claim's month": (
        "Filming of The Long Road began in February 2018.",
        "The shooting of The Long Road commenced on February 11 and is progressing fast.",
    ),
    "weeks and a month": (
        "Lisa Bender gave birth three weeks before election day.",
        "Lisa Bender gave birth one month before election day.",
    ),
    "the last century": (
        "Global sea level rose about 8 inches in the last century.",
        "Global sea level rose 19.5 cm in the 20th century.",
    ),
    "a direction that qualifies a noun": (
        "The Greenland ice sheet has decreased in mass.",
        "The Greenland ice sheet shows increasing rates of mass loss.",
    ),
    "a span of years": (
        "The Predynastic period of Egypt began around 3700 BC.",
        "The Predynastic period of Egypt began in 3800-3700 BC.",
    ),
    "a menu run together": (
        "Jordan Fox was named to the 2018 Forbes 30 Under 30 list.",
        "Jordan Fox BankWorkdayListsAll ListsAdvisorAll AdvisorThe Best Credit Cards Of 2015.",
    ),
    "a county and a bay area": (
        "Ken Behring died in Contra Costa County, California.",
        "Ken Behring died in the San Francisco Bay Area.",
    ),
    "a snippet cut inside a name": (
        "Ken Behring died in Contra Costa County in 2019.",
        "Ken Behring died on Tuesday in 2019 in the San",
    ),
    "another signing": (
        "Kevin Blanchard signed with the practice squad of the Colts in 2015.",
        "Kevin Blanchard signed with the active roster of the Colts in 2009.",
    ),
    "a count on one day": (
        "195 countries signed the 2015 Paris Agreement.",
        "On 22 April 2016, 174 countries signed the Paris Agreement in New York.",
    ),
    # what the recall rules must not take for a refutation
    "co-discoverers named alone": (
        "Radon was isolated by Otto Hahn.",
        "William Ramsay isolated radon and measured its density.",
    ),
    "a turned word that is negated": (
        "Photorespiration is more common in hot, dry conditions.",
        "Photorespiration is not more common in cool, humid conditions.",
    ),
    "another comparison": (
        "Black holes are much more massive than neutron stars.",
        "Stars that are a bit less massive than this leave neutron stars behind.",
    ),
    "a solo ascent is another first": (
        "Josef Hallinger made the first ascent of Mount Kessel in July 1932.",
        "The first ascent was made in July 1932. The first solo ascent was made in 1983 by "
        "the guide Fermín Quispe.",
    ),
}


@pytest.mark.parametrize(("claim", "evidence"), NOT_REFUTED.values(), ids=NOT_REFUTED.keys())
def test_true_claims_are_not_refuted(claim: str, evidence: str) -> None:
    decision = FrameJudge().decide(claim, [evidence])
    assert decision.label != "refuted", decision.reason


REFUTED = {
    "another city": ("Marie Curie was born in Paris.", "Marie Curie was born in Warsaw in 1867."),
    "a city of another country": (
        "Jean Moulin was born in Germany.",
        "Jean Moulin was born in Béziers, France, in 1899.",
    ),
    "another year, same noun": (
        "The first version of Python was released in 1995.",
        "The first version of Python was released in 1991.",
    ),
    "another year, same version": (
        "Python 2.0 was released in 2005.",
        "Python 2.0 was released in 2000.",
    ),
    "another person holds the office": (
        "Hillary Clinton was the 45th president of the United States.",
        "Donald Trump was the 45th president of the United States.",
    ),
    "another river, same scope": (
        "The Danube is the longest river in Europe.",
        "The Volga is the longest river in Europe.",
    ),
    "another height, same measure": (
        "The Eiffel Tower is 410 metres tall.",
        "The Eiffel Tower is 330 metres tall.",
    ),
    "another date of death": ("Marie Curie died in 1952.", "Marie Curie died on 4 July 1934."),
    # the same facts said another way (item 4 of the issue)
    "a word turned into its opposite": (
        "Photorespiration is more common in cool, humid conditions.",
        "Photorespiration is more common in hot, dry conditions.",
    ),
    "the act in the active voice": (
        "Radon was first isolated in 1910 by Otto Hahn.",
        "In 1910 William Ramsay and Robert Whytlaw-Gray isolated radon and measured its density.",
    ),
    "who did it": (
        "It was Louis Pasteur who showed that cowpox protected people against smallpox.",
        "In 1796 Edward Jenner showed that cowpox protected people against smallpox.",
    ),
    "a participle's phrase": (
        "The Hartmann company was founded in Eindhoven.",
        "The Hartmann company is a Dutch maker of sensors. Founded in Delft in 1923, it moved "
        "to Utrecht in 1968.",
    ),
    "a rank": (
        "Mount Kessel is the highest mountain in the Tatra Range.",
        "Mount Kessel is the third-highest mountain in the Tatra Range.",
    ),
    "the title as the subject": (
        "The explorer David Livingstone was the first European to map the course of the Merenga.",
        "The first European to map its course was the Portuguese officer António Ferraz.",
    ),
}


@pytest.mark.parametrize(("claim", "evidence"), REFUTED.values(), ids=REFUTED.keys())
def test_false_claims_are_still_refuted(claim: str, evidence: str) -> None:
    decision = FrameJudge().decide(claim, [evidence])
    assert decision.label == "refuted", decision.reason
    assert decision.confidence >= 0.8


def test_a_table_row_beside_the_one_that_agrees() -> None:
    """Another sentence of the evidence states the claim's value for the same relation:
    the conflicting one speaks of a neighbouring row, not of this fact."""
    decision = FrameJudge().decide(
        "The Olympic Games were held in Seoul in 1988.",
        [
            "The Olympic Games were held in Seoul in 1986. Results by year.",
            "The Olympic Games were held in Seoul in 1988, the second Summer Games in Asia.",
        ],
    )
    assert decision.label != "refuted", decision.reason


@pytest.mark.parametrize(
    ("claim", "evidence", "relation"),
    [
        ("France", "Lyon", "same"),
        ("Lyon", "France", "inside"),
        ("Warsaw", "Kraków", "apart"),
        ("Paris", "Germany", "apart"),
        ("Africa", "West Africa", "same"),
        ("U.S.", "United States", "same"),
        ("Texas", "Los Angeles", "apart"),
        ("Netherlands", "Dutch Republic", "unknown"),
        # a country's name means the country, not a town of that name elsewhere ("Usa" in
        # Japan, Mexico in Missouri); a region of the name stays a reading ("Georgia")
        ("USA", "Japan", "apart"),
        ("Mexico", "Missouri", "apart"),
        ("Georgia", "Atlanta", "same"),
    ],
)
def test_the_gazetteer(claim: str, evidence: str, relation: str) -> None:
    assert relate(claim, evidence) == relation
