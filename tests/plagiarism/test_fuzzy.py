"""Edited copies: sentence alignment, tiers, passages, joins and the candidate screen."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.config import PlagiarismSettings
from verifier.plagiarism.align import align, tokenize
from verifier.plagiarism.detect import SourceText, detect, worth_aligning
from verifier.plagiarism.fuzzy import FuzzySettings, aligned_sentences, with_fuzzy
from verifier.render.text import plagiarism_text

TEXT = (
    "Hadrian's Wall was a defensive fortification in the Roman province of Britannia, begun in "
    "AD 122 during the reign of the emperor Hadrian. It ran from the banks of the River Tyne "
    "near the North Sea to the Solway Firth on the Irish Sea, a distance of about 73 miles. "
    "Soldiers of three legions built the wall over roughly six years, using stone in the east "
    "and turf in the west. Small forts called milecastles were placed every Roman mile along its "
    "length, with two turrets between each pair. Larger forts housed garrisons of up to a "
    "thousand auxiliary troops drawn from across the empire. After Hadrian's death the frontier "
    "moved north to the Antonine Wall, but it returned to Hadrian's line about twenty years "
    "later. Much of the wall was later taken apart, its stones reused for farmhouses, churches "
    "and roads."
)
SOURCE = SourceText("https://example.org/hadrians-wall", "Hadrian's Wall", "sha256:hw", TEXT)
PROMPT = "Tell me about Hadrian's Wall."
CFG = PlagiarismSettings()

# restructured, reworded, every idea in the source's order
HEAVY = (
    "Construction of the wall started in AD 122, when Hadrian was emperor, as a defence for "
    "Roman Britain. Stretching roughly 73 miles, it crossed the country from the Tyne and the "
    "North Sea coast to the Solway Firth. Three legions of soldiers spent about six years "
    "building it, with stone for the eastern part and turf for the western part. Every Roman "
    "mile there was a small fort known as a milecastle, and two turrets stood between each pair "
    "of them. Garrisons of as many as a thousand auxiliaries, recruited from all over the "
    "empire, lived in the bigger forts."
)
# a few words swapped in each sentence
LIGHT = (
    "Hadrian's Wall was a defensive barrier in the Roman province of Britannia, started in AD 122 "
    "under the emperor Hadrian. It went from the banks of the River Tyne close to the North Sea "
    "to the Solway Firth on the Irish Sea, a length of about 73 miles. Troops of three legions "
    "put up the wall in roughly six years, with stone in the east and turf in the west."
)
# the same facts, told in the writer's own words and order
ORIGINAL = (
    "Hadrian's Wall is one of the best known Roman monuments in England. The emperor ordered it "
    "after visiting Britain, and work began in the 120s. It is about 117 kilometres long. Roman "
    "troops, not slaves, did the building, and there were forts, gates and watchtowers along it. "
    "Later the frontier shifted for a while to Scotland. Today you can walk a long-distance path "
    "that follows its route."
)
ONE_PARAPHRASE = (
    "Some context first. Three legions of soldiers spent about six years building it, with stone "
    "for the eastern part and turf for the western part. That is all I know about it."
)
# one sentence that keeps most of its source sentence's wording, with synonyms swapped
CLOSE_ONE = (
    "Some context first. Over roughly six years the wall was raised by the troops of three "
    "legions, who laid stone in the east and turf in the west. That is all I know about it."
)
REWORDED = (
    "Stone in the east, turf in the west: that is how soldiers from three legions raised the "
    "wall in roughly six years."
)


def check(response: str, prompt: str = PROMPT, cfg: PlagiarismSettings = CFG):  # type: ignore[no-untyped-def]
    return detect(response, prompt, [SOURCE], cfg)


def test_heavy_revision_is_one_passage_in_the_source_order_and_plagiarized() -> None:
    result = check(HEAVY)
    first, rest = result.matches
    # the second sentence is all facts (73 miles, Tyne, North Sea, Solway Firth): not
    # aligned, it is the passage's one aside, and no part of it: the passage comes as its
    # two pieces, decided together (four sentences follow the source)
    assert [(m.kind, m.counted, m.sentences) for m in (first, rest)] == [
        ("heavy_revision", True, 1),
        ("heavy_revision", True, 3),
    ]
    aside = HEAVY.index("Stretching roughly 73 miles")
    assert first.response_end < aside < rest.response_start
    assert max(first.longest_run, rest.longest_run) < CFG.min_match_words  # no long run
    wording = first.wording + rest.wording
    assert result.verdict == "plagiarized"
    assert result.reason == (
        f"4 sentences reword the source's sentences in order, sharing {wording} words of "
        f"wording beyond names, numbers and terms from Hadrian's Wall "
        f"({result.copied_share:.0%} of the response; plagiarized at 30%)"
    )
    assert 0.6 < result.copied_share < 0.9  # the aside's words are not counted


def test_light_revision_is_minor_changes_and_plagiarized() -> None:
    result = check(LIGHT)
    counted = [m for m in result.matches if m.counted]
    assert {m.kind for m in counted} == {"minor_changes"}
    assert all(m.sentences for m in counted)  # found sentence by sentence
    assert result.verdict == "plagiarized"
    assert result.copied_share > 0.9


def test_the_same_facts_in_ones_own_words_are_original() -> None:
    result = check(ORIGINAL)
    assert result.verdict == "original"
    assert not any(m.counted for m in result.matches)


def test_one_paraphrased_sentence_is_shown_not_counted() -> None:
    result = check(ONE_PARAPHRASE)
    [match] = result.matches
    assert (match.kind, match.counted, match.exemption) == ("heavy_revision", False, None)
    assert match.shortfall is not None
    assert "paraphrased sentence" in match.shortfall
    assert result.verdict == "original"


def test_reworded_content_counts_alone_but_only_for_review() -> None:
    result = check(REWORDED)
    [match] = result.matches
    assert match.counted
    assert match.content >= CFG.reworded_content
    assert match.longest_run < 8
    # one sentence is how a fact is commonly put: "possible", never a verdict on its own
    assert result.verdict == "possible"
    assert "closely worded sentences" in result.reason


def test_two_common_phrasings_of_facts_are_not_plagiarized() -> None:
    # the case: a short factual answer whose phrasings a page shares
    page = SourceText(
        "https://example.org/nobel",
        "Nobel Prize",
        "sha256:nobel",
        "The Nobel Prizes were established by the will of the Swedish chemist and inventor "
        "Alfred Nobel, who died in 1896. The first prizes were awarded in 1901 in physics, "
        "chemistry, physiology or medicine, literature and peace. Marie Curie is the only "
        "person to have been awarded Nobel Prizes in two different scientific fields, physics "
        "and chemistry.",
    )
    response = (
        "The Nobel Prizes were set up by the will of Alfred Nobel, who died in 1896. Every year "
        "the committees in Stockholm and Oslo announce the winners in October. Linus Pauling is "
        "the only person to have won Nobel Prizes in two different scientific fields, a record "
        "nobody has matched."
    )
    result = detect(response, "Tell me about the Nobel Prizes.", [page], CFG)
    assert result.verdict != "plagiarized"
    assert result.longest_run_words < CFG.min_match_words
    # every figure a rater reads agrees: the summary's longest run is the matches' longest
    counted = [m for m in result.matches if m.counted]
    assert result.longest_run_words == max((m.longest_run for m in counted), default=0)
    text = plagiarism_text(result)
    assert f"(longest exact run {result.longest_run_words} words)" in text
    for m in result.matches:
        assert f"{m.words} words (longest exact run {m.longest_run}," in text


def test_offsets_slice_both_texts_for_edited_passages() -> None:
    for response in (HEAVY, LIGHT, REWORDED, ONE_PARAPHRASE):
        for m in check(response).matches:
            assert response[m.response_start : m.response_end] == m.response_text
            assert TEXT[m.source_start : m.source_end] == m.source_text
            assert m.response_text
            assert m.source_text


def test_a_copied_sentence_and_the_revised_one_after_it_are_one_passage() -> None:
    response = (
        "Soldiers of three legions built the wall over roughly six years, using stone in the "
        "east and turf in the west. Little forts named milecastles were built each Roman "
        "mile along the length, with two towers between every pair."
    )
    [match] = check(response).matches
    # the second keeps the source's sentence, words swapped: no exact run finds it
    assert (match.kind, match.counted, match.sentences) == ("minor_changes", True, 2)
    assert match.longest_run >= CFG.min_match_words
    assert match.response_text.startswith("Soldiers of three legions")
    assert match.response_text.endswith("two towers between every pair")


def test_a_reworded_sentence_beside_a_copied_one_is_not_swallowed() -> None:
    """The copy counts; the sentence after it, reworded in its own structure, is shown
    apart and does not count (two sentences are no heavy revision), nor do its words."""
    response = (
        "Soldiers of three legions built the wall over roughly six years, using stone in the "
        "east and turf in the west. Every Roman mile there was a small fort known as a "
        "milecastle, and two turrets stood between each pair of them."
    )
    copied, reworded = check(response).matches
    assert (copied.kind, copied.counted) == ("identical", True)
    assert copied.response_text.endswith("turf in the west")
    assert (reworded.kind, reworded.counted, reworded.sentences) == ("heavy_revision", False, 1)
    assert reworded.shortfall == (
        "2 paraphrased sentence(s) (a heavy revision needs 3 in the source's order)"
    )
    assert check(response).copied_words == copied.words


def test_a_quote_is_not_joined_with_the_edited_sentence_after_it() -> None:
    response = (
        '"Soldiers of three legions built the wall over roughly six years, using stone in the '
        'east and turf in the west." Every Roman mile there was a small fort known as a '
        "milecastle, and two turrets stood between each pair of them."
    )
    matches = check(response).matches
    quoted = [m for m in matches if m.exemption == "quoted"]
    assert len(quoted) == 1
    assert quoted[0].kind == "identical"
    assert all(m.response_end <= response.index("Every") or m.exemption is None for m in matches)


# --- exemptions apply to every tier --------------------------------------------------------


def test_rewording_text_the_prompt_supplied_is_exempt() -> None:
    prompt = f"Rewrite this paragraph for a ten-year-old:\n\n{TEXT}"
    result = check(HEAVY, prompt)
    assert result.verdict == "original"
    assert [m.exemption for m in result.matches] == ["the prompt supplied this text"]


def test_requested_extraction_exempts_edited_passages() -> None:
    result = check(LIGHT, "Quote the passage about how the wall was built.")
    assert result.verdict == "original"
    assert result.copy_requested
    assert all(m.exemption and m.exemption.startswith("requested") for m in result.matches)


def test_an_attributed_edited_sentence_is_exempt_and_the_rest_counts() -> None:
    attributed = "According to example.org, soldiers from three legions constructed the wall "
    attributed += "in about six years, with stone in the east and turf in the west."
    result = check(f"{HEAVY.split('. Three')[0]}. {attributed}")
    by_text = {m.response_text: m for m in result.matches}
    [exempt] = [m for t, m in by_text.items() if "three legions" in t]
    assert exempt.exemption == "attributed"
    assert all(m.exemption is None for t, m in by_text.items() if "three legions" not in t)


def test_linking_the_source_exempts_its_edited_passages() -> None:
    result = check(f"{HEAVY} (Source: https://example.org/hadrians-wall)")
    assert result.verdict == "original"
    assert result.matches[0].exemption == "attributed (the response links to example.org)"


def test_quoted_minor_changes_are_exempt() -> None:
    result = check(f'The article puts it like this: "{LIGHT}"')
    assert result.verdict == "original"
    assert {m.exemption for m in result.matches} == {"quoted"}


def test_edited_text_inside_code_is_exempt() -> None:
    result = check(f"Here is the text as a string:\n\n```python\nTEXT = '''{LIGHT}'''\n```\n")
    assert result.verdict == "original"
    assert result.matches
    assert {m.exemption for m in result.matches} == {"code"}


def test_boilerplate_is_exempt_in_every_tier() -> None:
    licence = SourceText(
        "https://example.org/licence",
        "Licence",
        "sha256:lic",
        "Permission is hereby granted, free of charge, to any person obtaining a copy of this "
        "software and associated documentation files, to deal in the Software without "
        "restriction. The above copyright notice and this permission notice shall be included "
        "in all copies or substantial portions of the Software.",
    )
    response = (
        "Permission is hereby granted, free of charge, to anybody who obtains a copy of the "
        "software and its documentation files, to deal in the Software with no restriction."
    )
    result = detect(response, "", [licence], CFG)
    assert result.verdict == "original"
    assert {m.exemption for m in result.matches} == {"boilerplate"}


# --- the pieces --------------------------------------------------------------------------


def test_sentences_align_with_one_or_two_adjacent_source_sentences() -> None:
    merged = (
        "Small forts called milecastles stood every Roman mile with two turrets between each "
        "pair, and larger forts held up to a thousand auxiliary troops from across the empire."
    )
    [aligned] = aligned_sentences(tokenize(merged), tokenize(TEXT), set(), FuzzySettings())
    assert aligned is not None
    source = tokenize(TEXT)
    a0, a1 = source.char_span(aligned.b_first, aligned.b_last)
    assert TEXT[a0:a1].startswith("Small forts")
    assert TEXT[a0:a1].endswith("the empire")


def test_sentences_out_of_the_source_order_are_separate_passages() -> None:
    sentences = HEAVY.split(". ")
    shuffled = ". ".join([sentences[4], sentences[3], sentences[1], sentences[0]])
    r, s = tokenize(shuffled), tokenize(TEXT)
    result = with_fuzzy(align(r, s), FuzzySettings(), anchor_words=11)
    assert all(m.sentences == 1 for m in result.matches)


def test_screen_keeps_the_source_passage_of_an_edited_copy_and_drops_others() -> None:
    tokens = tokenize(HEAVY)
    first_half = TEXT[: TEXT.index("Larger forts")]
    assert worth_aligning(tokens, first_half, settings=CFG)
    assert not worth_aligning(
        tokens,
        "The committee meets in October. Prizes are announced by telephone and the winners "
        "travel to Stockholm in December for the ceremony and a banquet.",
        settings=CFG,
    )


words = st.sampled_from(
    "the wall stone turf legions soldiers Hadrian built six years east west forts mile".split()
)
sentence = st.lists(words, min_size=3, max_size=14).map(lambda w: " ".join(w) + ".")


@settings(max_examples=80, deadline=None)
@given(st.lists(sentence, min_size=1, max_size=8), st.lists(sentence, min_size=1, max_size=8))
def test_every_reported_span_slices_both_texts(response_s: list[str], source_s: list[str]) -> None:
    response, source = " ".join(response_s), " ".join(source_s)
    page = SourceText("https://example.org/x", "x", "sha256:x", source)
    result = detect(response, "", [page], CFG)
    for m in result.matches:
        assert response[m.response_start : m.response_end] == m.response_text
        assert source[m.source_start : m.source_end] == m.source_text
        assert 0 <= m.longest_run <= m.words
        assert m.copied_words <= m.words
    assert 0.0 <= result.copied_share <= 1.0


def test_an_aside_breaks_a_passage_unless_gaps_are_allowed() -> None:
    first, rest = HEAVY.split(". Every Roman", 1)
    response = f"{first}. I find that remarkable, honestly. Every Roman{rest}"
    apart = check(response, cfg=PlagiarismSettings(max_gap_sentences=0))
    assert not any(m.counted for m in apart.matches)  # no three sentences in a row
    pieces = [m for m in check(response).matches if m.sentences]  # one aside by default
    assert sum(m.sentences for m in pieces) == 4
    assert all(m.counted for m in pieces)
    # the aside is passed over, never part of a match
    assert not any("remarkable" in m.response_text for m in pieces)


# --- expression, not facts ------------------------------------------------------------

CURIE = SourceText(
    "https://example.org/curie",
    "Marie Curie",
    "sha256:curie",
    "Marie Curie was born Maria Salomea Skłodowska in Warsaw on 7 November 1867. She moved "
    "to Paris in 1891 to study physics and mathematics at the Sorbonne, where she met the "
    "physicist Pierre Curie, whom she married in 1895. Working together, Marie and Pierre "
    "Curie announced the discovery of two new chemical elements in 1898: polonium, which "
    "Marie named after her native Poland, and radium. She coined the word radioactivity to "
    "describe the rays given off by uranium and these new elements. In 1903 Marie Curie "
    "shared the Nobel Prize in Physics with Pierre Curie and Henri Becquerel for their "
    "research on radiation. She was the first woman to win a Nobel Prize. In 1911 she "
    "received a second Nobel Prize, this time in Chemistry, for the discovery of polonium "
    "and radium and for isolating pure radium.",
)
CURIE_PROMPT = "Who was Marie Curie, and what is she known for?"
# the source's facts, in the source's order, in other words: apart
SAME_FACTS = {
    "prose": (
        "Marie Curie (1867-1934), born in Warsaw, studied at the Sorbonne in Paris and "
        "married Pierre Curie in 1895. With him she found polonium and radium in 1898. She won "
        "the 1903 Nobel Prize in Physics, shared with Pierre and Henri Becquerel, and a second "
        "Nobel, for Chemistry, in 1911, and remains the only person honoured in two sciences."
    ),
    "short": (
        "Marie Curie came from Warsaw, where she was born in 1867. In 1891 she went to Paris "
        "and enrolled at the Sorbonne. She and her husband Pierre found polonium and radium in "
        "1898. She shared the 1903 physics Nobel with Pierre and Becquerel and took the "
        "chemistry prize alone in 1911."
    ),
    "list": (
        "Key dates in Marie Curie's life:\n\n- 1867: born in Warsaw\n- 1891: moves to Paris to "
        "study at the Sorbonne\n- 1895: marries Pierre Curie\n- 1898: discovers polonium and "
        "radium\n- 1903: Nobel Prize in Physics, with Pierre Curie and Henri Becquerel\n- "
        "1911: Nobel Prize in Chemistry"
    ),
}
# the source's sentences with synonyms swapped and the facts changed too: together
SAME_WORDING = (
    "Marie Curie was born Maria Salomea Skłodowska in Krakow on 9 November 1868. She went to "
    "Paris in 1892 to study physics and maths at the Sorbonne, where she got to know the "
    "physicist Pierre Curie, whom she wed in 1896. Working side by side, Marie and Pierre "
    "Curie reported the finding of two new chemical elements in 1899: polonium, which Marie "
    "called after her home country, Poland, and radium. She invented the word radioactivity "
    "to describe the rays emitted by uranium and the two new elements."
)


@pytest.mark.parametrize("kind", sorted(SAME_FACTS))
def test_the_same_facts_in_other_words_come_apart(kind: str) -> None:
    from verifier.rubric.scorer import score

    response = SAME_FACTS[kind]
    result = detect(response, CURIE_PROMPT, [CURIE], CFG)
    assert result.verdict == "original"
    assert not any(m.counted for m in result.matches)
    # what the uncounted sentences share is the facts: nothing put to the rater
    assert all(m.wording < CFG.min_match_words for m in result.matches)
    assert score(response, plagiarism=result).needs_review == []


def test_the_same_wording_with_synonyms_and_facts_changed_comes_together() -> None:
    result = detect(SAME_WORDING, CURIE_PROMPT, [CURIE], CFG)
    [match] = result.matches
    assert (match.kind, match.counted, match.sentences) == ("minor_changes", True, 4)
    assert match.longest_run < CFG.min_match_words  # no long exact run: the dates changed
    assert match.similarity >= CFG.minor_similarity  # the wording, facts masked, survives
    assert result.verdict == "plagiarized"
    assert result.reason == (
        f"4 sentences follow the source's sentences, lightly revised (longest exact run "
        f"{match.longest_run} words) from Marie Curie (100% of the response; plagiarized at "
        "20%)"
    )


def test_a_heavy_revision_counts_when_long_enough_beyond_its_facts() -> None:
    pieces = check(HEAVY).matches
    assert all(m.counted for m in pieces)
    expression, wording = sum(m.expression for m in pieces), sum(m.wording for m in pieces)
    short = PlagiarismSettings(heavy_min_words=expression + 1, heavy_min_wording=999)
    kept = check(HEAVY, cfg=short).matches
    assert not any(m.counted for m in kept)
    assert {m.shortfall for m in kept} == {
        f"{expression} words beyond names, numbers and terms, {wording} of them shared (a "
        f"heavy revision needs {expression + 1}, or 999 shared: a shorter one shares a list "
        "of facts, not their expression)"
    }
    # or when it shares enough of its wording, however short
    shared = PlagiarismSettings(heavy_min_words=999, heavy_min_wording=wording)
    assert all(m.counted for m in check(HEAVY, cfg=shared).matches)


def test_a_response_far_longer_than_what_it_rewords_adds_its_own_content() -> None:
    source = SourceText(
        "https://example.org/wall",
        "The wall",
        "sha256:wall",
        "Soldiers built the long stone wall. Small forts guarded every mile of the wall. "
        "Large forts housed the garrison troops. Traders crossed at the gates.",
    )
    response = (
        "Soldiers from many distant provinces, working through wind and rain over several "
        "hard seasons of labour, built the long stone wall. Small forts, each with a gate, a "
        "tower, a few barrack rooms and a handful of bored men, guarded every mile of the "
        "wall. Large forts, laid out on a standard plan with granaries, baths, workshops and a "
        "headquarters building, housed the garrison troops. Traders with carts of grain, "
        "wool, pottery and wine from the south crossed at the gates."
    )
    edited = [m for m in detect(response, "", [source], CFG).matches if m.sentences]
    assert sum(m.sentences for m in edited) == 4
    assert not any(m.counted for m in edited)
    assert edited[0].shortfall is not None
    assert edited[0].shortfall.startswith(
        "the source's side is 25 words, under half the response's"
    )


def test_the_items_of_a_list_do_not_follow_the_source_sentences() -> None:
    # each sentence shares its frame with its neighbours, other names and numbers in it:
    # a list of facts, not the source's sentences (however alike its frame and theirs)
    source = tokenize(
        "The second highest mountain is K2, in the Karakoram range, at 8,611 metres. "
        "Kangchenjunga, on the border between Nepal and India, is the third highest mountain "
        "at 8,586 metres. Lhotse, next to Everest, is the fourth highest mountain at 8,516 metres."
    )
    items = tokenize(
        "K2, in the Karakoram, is the second highest mountain in the world at 8,611 metres. "
        "Kangchenjunga, on the Nepal-India border, is the third highest mountain in the world at "
        "8,586 metres. Lhotse, next to Everest, is the fourth highest mountain in the world at "
        "8,516 metres."
    )
    assert aligned_sentences(items, source, [], FuzzySettings()) == [None, None, None]
    # the same sentences apart, in prose between other sentences, are aligned
    prose = tokenize(
        "Lhotse, next to Everest, is the fourth highest mountain in the world at 8,516 metres. "
        "Climbers usually attempt it from the same camp used for the highest peak."
    )
    assert aligned_sentences(prose, source, [], FuzzySettings())[0] is not None
