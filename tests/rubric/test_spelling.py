"""The spelling check: English as it is written is no error; a real slip still caps; what
is uncertain goes to review; tokens that are not words are never checked."""

from __future__ import annotations

import pytest

from verifier.rubric.spelling import Misspelling, check_spelling


def high(text: str, prompt: str = "") -> list[str]:
    return [m.word for m in check_spelling(text, prompt) if m.confidence == "high"]


def hits(text: str, prompt: str = "") -> list[str]:
    return [m.word for m in check_spelling(text, prompt)]


def only(text: str) -> Misspelling:
    [m] = check_spelling(text)
    return m


def verdicts(text: str, word: str) -> list[tuple[str, str | None]]:
    """(confidence, suggestion) of each hit on ``word``."""
    return [(m.confidence, m.suggestion) for m in check_spelling(text) if m.word == word]


@pytest.mark.parametrize(
    ("text", "errors"),
    [
        ("We flew around the wrold in a week.", ["wrold"]),
        ("They won the topurnament in 1986.", ["topurnament"]),
        ("The speling of the report is poor.", ["speling"]),
        ("Wrold leaders met in Paris.", ["Wrold"]),  # opening a sentence, a slip on "world"
        ("Ibuprofen is an over-the-couter drug.", ["couter"]),  # the part, not the compound
        ("A well-known, state-of-the-art cul-de-sac for Jean-Paul.", []),
        # written somewhere, but "when" is written over 3,000 times as often
        ("I will call you whem I arrive.", ["whem"]),
        ("It was the the best day.", ["the the"]),
        ("I had had enough of it.", []),
        ('Doubled words ("the the") are caught.', []),  # quoted as an example
        ("One rule beats `score = 3` beats the caps.", []),  # code between them
        # names, acronyms, identifiers, code, URLs, e-mail, units, accents
        ("Marie Skłodowska met Pierre in the Sorbonne.", []),
        ("The NASA and UNESCO reports agree.", []),
        ("Call `fooo_bar()` or parse_json, then myVariable and __iter__.", []),
        ("See https://exmaple.com/pth or write to jdoe@exmaple.org.", []),
        ("Take 400 mg every 6 hrs.", []),
        ("The naïve café owner smiled.", []),
        ("We use async code, json files, a repo and a runtime on localhost.", []),
        ("```\ndef fnuction():\n    retrun 1\n```", []),
    ],
)
def test_real_slips_cap(text: str, errors: list[str]) -> None:
    assert high(text) == errors


@pytest.mark.parametrize(
    "text",
    [
        # American and British (Canadian, Australian) forms, and mixing them
        "The colours of the centre were grey; we analysed the organisation's programme.",
        "The colors of the center were gray; we analyzed the organization's program.",
        "She travelled 40 kilometres and practised her defence; he traveled 40 kilometers "
        "and practiced his defense.",
        "The paediatric ward and the pediatric ward; the catalogue and the catalog.",
        "Her judgement was sound, and so was his judgment about the aluminium and aluminum.",
        "They modelled the storey and the tyre; we modeled the story and the tire.",
        "The plough and the plow; the mould and the mold; sceptics and skeptics.",
        "The flavored water and the flavoured water came in many colors.",
        "The sales were forecasted to rise, and they did the math and the maths.",
        "He labelled the jewellery and fulfilled the enrolment; she labeled the jewelry.",
        # inflections
        "The rainfall was modeled carefully, practiced daily and traveling slowly.",
        "It parallelizes the work and decentralizes the decisions.",
        "Several aircrafts were lost, and the walls were grayed.",
        # loanwords and phrases
        "Cook the pasta al dente; the rule per se is fine, and vice versa.",
        "The à la carte menu offers patatas bravas, a de facto rule made ad hoc.",
        "It was déjà vu: a faux pas, a fait accompli, the status quo.",
        # name particles and names opening a sentence
        "The machine was designed by John von Neumann and painted by Vincent van Gogh.",
        "Charles de Gaulle met Mohammed bin Salman and Bashar al-Assad.",
        "Wole Soyinka won the Nobel Prize in 1986.",
        "Modie's brother, Arthur, was a lawyer.",
        # tokens that are not words
        "In the 1960s and the 1970s, and in the 1900s, the '90s and the mid-1990s.",
        "The 3rd edition, the 21st century, an x86 chip, H2O and COVID-19.",
        # written English the old frequency list lacked
        "Chatbots and epigenetic studies use overfitting models.",
        "uh i don't know, oh well, um maybe",
    ],
)
def test_english_as_written_is_no_error(text: str) -> None:
    assert hits(text) == []


def test_a_lone_letter_and_an_ordinal_suffix_are_not_words() -> None:
    # the old check put "s" -> "so" in review twice here
    assert check_spelling("In the 1960s and the 1970s, the 3rd and the 2nd, option b.") == []


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("The lava was mafic and the virial theorem holds.", "mafic"),  # written, but rare
        ("The lava was mafic and the virial theorem holds.", "virial"),
        ("The team was drubbed at home.", "drubbed"),
        ("She retied the knot.", "retied"),  # "retired" is common, but so is re-tying
        ("The editor rewords the title.", "rewords"),  # "re" + "words", or "records"?
        ("She said the wrold was round.", None),  # the control: this one caps
        ('He called it "wrold", and smiled.', "wrold"),  # quoted: the quote's spelling
        ("Cabbin results were clear.", "Cabbin"),  # opening a sentence: a name or a slip
        ("The pasta was dente.", "dente"),  # no "al": a rare word near "dense"
    ],
)
def test_uncertain_words_go_to_review_never_the_cap(text: str, word: str | None) -> None:
    found = {m.word: m for m in check_spelling(text)}
    if word is None:
        assert [m.confidence for m in found.values()] == ["high"]
        return
    assert found[word].confidence == "low"
    assert found[word].reason


def test_written_words_near_far_commoner_ones_go_to_review() -> None:
    """Web text attests rare words and slips alike ("mafic" beside "magic"): one that no
    list of misspellings gives is listed for the rater, with the word meant, never capped."""
    m = only("The lava was mafic.")
    assert (m.word, m.confidence, m.suggestion) == ("mafic", "low", "magic")
    assert "far more common" in m.reason


@pytest.mark.parametrize(
    ("text", "word", "suggestion"),
    [
        ("They discoverd the answer.", "discoverd", "discovered"),
        ("He jumpd over the fence.", "jumpd", "jumped"),
        ("The dogs were runing fast.", "runing", "running"),
    ],
)
def test_the_suggestion_fits_the_word_s_form(text: str, word: str, suggestion: str) -> None:
    m = only(text)
    assert (m.word, m.suggestion) == (word, suggestion)


def test_a_slip_names_its_word_and_suggestion() -> None:
    m = only("Intro. Then the wrold ends.")
    text = "Intro. Then the wrold ends."
    assert text[m.start : m.end] == "wrold"
    assert (m.suggestion, m.confidence) == ("world", "high")
    assert "'world'" in m.reason


def test_repeats_are_jargon_and_the_prompt_s_words_are_its_own() -> None:
    found = check_spelling("The frobnicator frobnicates. The frobnicator is fast.")
    assert {m.confidence for m in found} == {"low"}
    # a word used in two sentences is deliberate (jargon), not a slip
    assert high("The tokan is here. Pass the tokan along.") == []
    assert high("Explain the tokan.", prompt="What is a tokan?") == []


@pytest.mark.parametrize(
    "text",
    [
        "Simón Bolívar -LSB- siˈmon boˈliβar -RSB- was born in 1783.",  # IPA
        "The O'odham name is Alĭ ṣonak.",  # letters beyond the Latin alphabet's accents
        "Coal-fired elec\u00adtricity needs standby power.",  # a soft hyphen inside a word
        "The p??riph??rique ringroad runs around the city.",  # text garbled into "?"
        "The formula {\\displaystyle {\\sqrt {\\frac {2}{\\pi m}}}} holds.",  # LaTeX
    ],
)
def test_what_is_not_english_prose_never_caps(text: str) -> None:
    assert high(text) == []


def test_each_word_is_judged_once_in_its_context(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long response repeats its words: each is judged once in the same context, and
    every use is still reported in its place."""
    from verifier.rubric import spelling

    calls: list[str] = []
    judge = spelling._judge

    def counting(word: str, *args: object) -> object:
        calls.append(word)
        return judge(word, *args)

    monkeypatch.setattr(spelling, "_judge", counting)
    text = "We flew around the wrold.\n\n" * 40
    found = check_spelling(text)
    assert [m.word for m in found] == ["wrold"] * 40
    assert [text[m.start : m.end] for m in found] == ["wrold"] * 40
    assert calls.count("wrold") == 1


def test_a_run_without_spaces_is_no_prose() -> None:
    """A blob, a hash or garbled text hundreds of characters long is not read for words
    (nor by the patterns that find code and URLs), and is listed as skipped."""
    from verifier.rubric.spelling import skipped_spans

    blob = "qzxv" * 100
    text = f"The file held {blob} and the wrold."
    assert high(text) == ["wrold"]
    assert (text.index(blob), text.index(blob) + len(blob), "a run of text without spaces") in (
        skipped_spans(text)
    )
    assert high("x_" * 5000) == []


def test_a_response_of_unknown_words_is_judged_in_full_up_to_a_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past a bound of distinct misspellings (no English prose has so many) the further
    unknown words are listed for review without a search for the word meant."""
    from verifier.rubric import spelling

    monkeypatch.setattr(spelling, "_FULL_JUDGEMENTS", 2)
    found = check_spelling("The wrold and the speling and the tokan and the colour.")
    assert [(m.word, m.confidence) for m in found[:2]] == [("wrold", "high"), ("speling", "high")]
    assert [(m.word, m.confidence, m.suggestion) for m in found[2:]] == [("tokan", "low", None)]
    assert "not judged further" in found[2].reason


@pytest.mark.parametrize(
    ("text", "word", "suggestion"),
    [
        # the commonest misspellings, written on the web often enough to be attested
        ("Her notes on definately were filed.", "definately", "definitely"),
        ("We keep the seperate files.", "seperate", "separate"),
        ("Wait untill noon.", "untill", "until"),
        ("We will recieve the package tomorrow.", "recieve", "receive"),
        ("It bit its tounge.", "tounge", "tongue"),
        ("It was finaly over.", "finaly", "finally"),  # the list gives "finally, finale"
        ("Definately not.", "Definately", "definitely"),  # opening a sentence
        ("The probelm-solving skills matter.", "probelm", "problem"),  # part of a compound
        ("They ran rigourous tests.", "rigourous", "rigorous"),  # no British "rigorous"
        ("It costs alot.", "alot", "a lot"),  # the word meant is two words
        ("They were lookin at it.", "lookin", "looking"),  # not "look in"
        ("I think youre right.", "youre", "you're"),  # an apostrophe left out
    ],
)
def test_known_misspellings_cap_with_the_word_meant(text: str, word: str, suggestion: str) -> None:
    assert verdicts(text, word) == [("high", suggestion)]
    assert all("misspelling" in m.reason for m in check_spelling(text) if m.word == word)


def test_a_known_misspelling_used_twice_is_still_one() -> None:
    """Repeating a word makes a slip a term; a listed misspelling stays a misspelling."""
    assert high("I definately agree. It is definately so.") == ["definately", "definately"]


@pytest.mark.parametrize(
    "text",
    [
        "The ser served the king.",  # a listed "misspelling" that is a dictionary word
        "The colour of the centre.",  # British spellings are not on the list
        "Several aircrafts were lost.",  # a regular form of the word meant
    ],
)
def test_listed_words_that_are_words_never_cap(text: str) -> None:
    assert high(text) == []


def test_a_quoted_known_misspelling_goes_to_review() -> None:
    m = only('The sign said "definately closed".')
    assert (m.word, m.confidence, m.suggestion) == ("definately", "low", "definitely")


def test_a_rare_word_that_is_mostly_a_slip_goes_to_review() -> None:
    """ "calender" is a word (a machine that presses cloth), far rarer than the
    "calendar" it is mostly written for: listed for the rater, never capped."""
    m = only("Her notes on calender were filed.")
    assert (m.word, m.confidence, m.suggestion) == ("calender", "low", "calendar")
    assert high("We ate brunch and whet our appetite at the trough.") == []


@pytest.mark.parametrize(
    ("text", "word", "suggestion"),
    [
        ("The goverement met today.", "goverement", "government"),  # on no list
        ("The new enviromnent is calm.", "enviromnent", "environment"),
        ("The nesessity of it.", "nesessity", "necessity"),
    ],
)
def test_non_words_two_slips_from_a_common_word_cap(text: str, word: str, suggestion: str) -> None:
    assert verdicts(text, word) == [("high", suggestion)]


@pytest.mark.parametrize(
    "text",
    [
        "The pollees disapproved.",  # "poll" with an ending: a coinage
        "He abstains from showbizzy campaigning.",
        "The kwatha is a city.",  # foreign words near nothing common
    ],
)
def test_coinages_and_foreign_words_never_cap(text: str) -> None:
    assert high(text) == []


@pytest.mark.parametrize(
    ("word", "suggestion"),
    [
        ("tounge", "tongue"),  # not "lounge": the first letter is rarely wrong
        ("finaly", "finally"),  # a dropped double letter, not "final"
        ("realy", "really"),
        ("peice", "piece"),  # a swap, not "price"
        ("wich", "which"),  # a silent h
        ("accidentaly", "accidentally"),
        ("beleive", "believe"),
    ],
)
def test_suggestions_are_the_words_people_meant(word: str, suggestion: str) -> None:
    [m] = [m for m in check_spelling(f"They saw {word} there.") if m.word == word]
    assert m.suggestion == suggestion


@pytest.mark.parametrize(
    "text",
    [
        "The Mau Mau rebellion began in 1952.",
        "We flew to Bora Bora and then to Pago Pago.",
        "Baden-Baden is a spa town; Walla Walla is in Washington.",
    ],
)
def test_doubled_names_are_names(text: str) -> None:
    assert check_spelling(text) == []


def test_a_doubled_lower_case_word_is_still_doubled() -> None:
    assert high("We saw the the Mau Mau museum.") == ["the the"]


@pytest.mark.parametrize(
    ("text", "word", "suggestion"),
    [
        ("They tooked the bus.", "tooked", "took"),
        ("It becomed clear.", "becomed", "became"),
        ("I knowed it.", "knowed", "knew"),
    ],
)
def test_a_regular_past_of_an_irregular_verb_caps(text: str, word: str, suggestion: str) -> None:
    assert verdicts(text, word) == [("high", suggestion)]
    # a form of that shape that is a word of its own is known
    assert high("They founded it, bored and felled by the ringed sawed bit.") == []
