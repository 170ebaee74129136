from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.plagiarism.test_fuzzy import HEAVY
from tests.plagiarism.test_fuzzy import SOURCE as HADRIAN
from verifier.config import PlagiarismSettings
from verifier.plagiarism import fuzzy
from verifier.plagiarism.align import Tokens
from verifier.plagiarism.detect import SourceText, detect, distinctive_phrases, what_was_copied
from verifier.plagiarism.expression import masked
from verifier.text.spans import word_range
from verifier.text.words import frequencies

SOURCE = SourceText(
    "https://example.com/bell-rock",
    "Bell Rock",
    "sha256:src",
    "The Bell Rock Lighthouse stands on a reef eleven miles off the coast of Angus in Scotland. "
    "Built between 1807 and 1810 by Robert Stevenson, it is the oldest surviving sea-washed "
    "lighthouse in the world. Workers could only build during the few hours of low tide each day.",
)
COPY = "Built between 1807 and 1810 by Robert Stevenson, it is the oldest surviving sea-washed lighthouse in the world."
CFG = PlagiarismSettings()


def test_original_text() -> None:
    result = detect(
        "Lighthouses on rocks were hard to build and are now automated.", "", [SOURCE], CFG
    )
    assert (result.verdict, result.copied_share, result.matches) == ("original", 0.0, [])
    assert result.sources_checked == 1


def test_a_copied_sentence_counts_with_both_spans_and_is_reviewed() -> None:
    response = f"Here is a short answer. {COPY} I hope this helps."
    result = detect(response, "Tell me about the Bell Rock.", [SOURCE], CFG)
    # one sentence, even word for word, is how a fact is commonly put: review, no verdict
    assert result.verdict == "possible"
    [match] = result.matches
    # the wording beyond the facts: 19 words less 1807, 1810, Robert, Stevenson and
    # lighthouse (a name in the source: "the Bell Rock Lighthouse")
    assert match.wording == 14
    assert result.reason.startswith(
        "1 passage copied word for word (longest exact run 19 words, 14 of wording beyond "
        "names, numbers and terms)"
    )
    assert match.counted
    assert match.kind == "identical"
    assert response[match.response_start : match.response_end] == match.response_text
    assert SOURCE.text[match.source_start : match.source_end] == match.source_text
    assert match.response_text == COPY.rstrip(".")
    assert result.copied_words == match.words == 19
    assert result.sources[0].url == SOURCE.url
    assert result.sources[0].share == result.copied_share


def test_copied_sentences_in_a_row_are_plagiarized() -> None:
    second = "Workers could only build during the few hours of low tide each day."
    response = f"Here is a short answer. {COPY} {second} I hope this helps."
    result = detect(response, "Tell me about the Bell Rock.", [SOURCE], CFG)
    assert result.verdict == "plagiarized"
    assert result.reason.startswith("1 passage copied word for word (longest exact run 32 words")


def test_a_match_carries_its_word_range() -> None:
    response = f"Here is a short answer. {COPY} I hope this helps."
    [match] = detect(response, "", [SOURCE], CFG).matches
    assert (match.word_start, match.word_end) == word_range(
        response, match.response_start, match.response_end
    )
    assert match.word_end - match.word_start == match.words


def test_a_short_copied_run_is_possible_not_plagiarized() -> None:
    response = (
        "Some say it is the oldest surviving sea-washed lighthouse in the world, and I agree with "
        "them, having read a lot about lighthouses and their long history. Keepers lived in "
        "cramped rooms, trimmed wicks every few hours and logged the weather for the Northern "
        "Lighthouse Board. Supplies came by boat when the sea allowed, which in winter could mean "
        "weeks of waiting, so stores of food and lamp oil were kept for emergencies."
    )
    result = detect(response, "", [SOURCE], CFG)
    assert result.verdict == "possible"
    assert 0 < result.copied_share < CFG.plagiarized_share


def test_quoted_prompt_supplied_and_requested_copies_do_not_count() -> None:
    quoted = detect(f'The reference says: "{COPY}"', "", [SOURCE], CFG)
    assert quoted.verdict == "original"
    assert quoted.matches[0].exemption == "quoted"
    supplied = detect(COPY, f"Fix the grammar: {COPY}", [SOURCE], CFG)
    assert supplied.matches[0].exemption == "the prompt supplied this text"
    requested = detect(COPY, "Quote the sentence about Stevenson verbatim.", [SOURCE], CFG)
    assert requested.copy_requested
    assert requested.matches[0].exemption.startswith("requested by the prompt")
    assert requested.verdict == "original"


def test_a_poem_the_prompt_asks_for_by_title_and_author_is_requested() -> None:
    poem = SourceText(
        "https://poems.example/ozymandias",
        "Ozymandias",
        "sha256:ozy",
        "I met a traveller from an antique land, who said: Two vast and trunkless legs of "
        "stone stand in the desert. Near them, on the sand, half sunk a shattered visage lies, "
        "whose frown, and wrinkled lip, and sneer of cold command, tell that its sculptor well "
        "those passions read.",
    )
    prompt = "Can you give me the poem by Percy Shelley called Ozymandias?"
    result = detect(f"Here it is:\n\n{poem.text}", prompt, [poem], CFG)
    assert result.copy_requested == "give me the poem by"
    assert result.matches
    assert all(
        m.exemption == "requested by the prompt ('give me the poem by')" for m in result.matches
    )
    assert result.verdict == "original"


def test_one_sentence_in_the_usual_wording_of_a_fact_is_reviewed_not_plagiarized() -> None:
    page = SourceText(
        "https://example.org/everest",
        "Mount Everest",
        "sha256:everest",
        "Mount Everest is Earth's highest mountain above sea level, located in the Mahalangur "
        "Himal sub-range of the Himalayas. Its elevation of 8,849 metres was most recently "
        "established in 2020 by the Chinese and Nepali authorities.",
    )
    response = (
        "Mount Everest is Earth's highest mountain above sea level, located in the Mahalangur "
        "Himal sub-range of the Himalayas."
    )
    result = detect(response, "What is the highest mountain in the world?", [page], CFG)
    [match] = result.matches
    assert match.counted
    assert match.longest_run == 19
    assert result.verdict == "possible"
    assert result.reason.startswith("1 passage copied word for word (longest exact run 19 words")
    assert "only within one sentence" in result.reason


def test_what_was_copied_names_sentences_runs_and_wording() -> None:
    heavy = detect(HEAVY, "", [HADRIAN], CFG)
    assert what_was_copied(heavy.matches).startswith(
        "4 sentences reword the source's sentences in order, sharing"
    )
    one = detect(f"Here is a short answer. {COPY} I hope this helps.", "", [SOURCE], CFG)
    assert what_was_copied(one.matches) == (
        "1 passage copied word for word (longest exact run 19 words, 14 of wording beyond "
        "names, numbers and terms)"
    )
    assert what_was_copied([]) == ""


def test_the_same_source_twice_is_checked_once() -> None:
    assert detect(COPY, "", [SOURCE, SOURCE], CFG).sources_checked == 1


def test_sources_rank_by_share() -> None:
    small = SourceText(
        "https://small.example/",
        "Small",
        "sha256:small",
        "eleven miles off the coast of Angus in Scotland, a reef.",
    )
    response = f"{COPY} It stands on a reef eleven miles off the coast of Angus in Scotland."
    result = detect(response, "", [small, SOURCE], CFG)
    assert next(s.url for s in result.sources) == SOURCE.url
    assert result.copied_share <= 1.0


def test_distinctive_phrases_skip_prompt_quotes_and_code() -> None:
    response = (
        "Robert Stevenson finished the Bell Rock Lighthouse in 1810 after three hard seasons. "
        '"Quoted words are not searched as phrases because they are attributed quotes."\n\n'
        "```\ncode blocks are skipped too because copying code is reported separately\n```\n\n"
        "The prompt text here is skipped as well since the user supplied it to us."
    )
    prompt = "The prompt text here is skipped as well since the user supplied it to us."
    phrases = distinctive_phrases(response, prompt, count=3, words=8)
    assert phrases
    assert all(len(p.split()) >= 8 for p in phrases)
    for phrase in phrases:
        assert "Quoted" not in phrase
        assert "code" not in phrase
        assert "prompt" not in phrase
    assert any("Stevenson" in p or "1810" in p for p in phrases)


words = st.sampled_from([*SOURCE.text.split(), "new", "words", "😀", "Zoë", "\r\n"])


@settings(max_examples=150, deadline=None)
@given(st.lists(words, max_size=80).map(" ".join))
def test_reported_spans_always_slice_to_their_text(response: str) -> None:
    result = detect(response, "", [SOURCE], PlagiarismSettings(min_match_words=3, seed_words=3))
    for m in result.matches:
        assert response[m.response_start : m.response_end] == m.response_text
        assert SOURCE.text[m.source_start : m.source_end] == m.source_text
    assert 0.0 <= result.copied_share <= 1.0
    assert result.copied_words <= result.response_words


def test_an_edited_passage_never_runs_across_a_quotation() -> None:
    """An aside a passage may skip (one sentence) is never a quotation: quoted text is
    exempt whatever the source, so a passage stops before it and its words are not
    counted as copied (the bundled example's quote comes from another source)."""
    from pathlib import Path

    from verifier.config import Settings
    from verifier.web.extract import extract_html

    root = Path(__file__).resolve().parents[2] / "examples"
    response = (root / "response.md").read_text()
    page = extract_html((root / "corpus" / "marie-curie.html").read_bytes(), "x", None)["text"]
    result = detect(
        response,
        "",
        [SourceText("https://x/curie", "Curie", "sha256:c", page)],
        Settings().plagiarism,
    )
    quote = response.index("Marie Curie is the only person")
    for m in result.matches:
        assert not (m.response_start < quote < m.response_end), (m.response_start, m.response_end)


def test_a_long_copy_is_never_compared_as_one_long_string(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The comparisons whose time grows with the product of their lengths (rapidfuzz's
    ratio, difflib's and rapidfuzz's alignments) only ever see a bounded stretch,
    however long the copy: a copied book costs its length, not its square."""
    import difflib
    import random

    from rapidfuzz import fuzz
    from rapidfuzz.distance import Indel

    from verifier.plagiarism import align, expression

    rng = random.Random(3)
    vocabulary = (
        "house water light stone river field city market people school road family money "
        "music garden window paper story friend morning winter summer letter animal country "
        "village bridge forest island kitchen doctor teacher worker farmer builder painter "
        "simple small large quiet early late happy bright heavy strong open close carry walk "
        "build write bring leave follow change answer begin travel return"
    ).split() + ["the", "of", "and", "a", "in"] * 8
    sentences_ = [" ".join(rng.choices(vocabulary, k=rng.randint(8, 30))) for _ in range(1500)]
    source = ". ".join(s.capitalize() for s in sentences_) + "."
    words = source.split(" ")
    for k in range(7, len(words), 9):  # light edits throughout: one long edited match
        words[k] = "changed"
    response = " ".join(words)
    strings: list[int] = []  # characters of the two strings of each ratio
    products: list[int] = []  # the product of the lengths of each sequence alignment
    ratio, opcodes = fuzz.ratio, Indel.opcodes

    def measured_ratio(a: str, b: str) -> float:
        strings.append(len(a) + len(b))
        return ratio(a, b)

    def measured_opcodes(a, b):  # type: ignore[no-untyped-def]
        products.append(len(a) * len(b))
        return opcodes(a, b)

    class Measured(difflib.SequenceMatcher):  # type: ignore[type-arg]
        def __init__(self, junk, a, b, autojunk=True):  # type: ignore[no-untyped-def]
            products.append(len(a) * len(b))
            super().__init__(junk, a, b, autojunk=autojunk)

    monkeypatch.setattr(fuzz, "ratio", measured_ratio)
    monkeypatch.setattr(Indel, "opcodes", measured_opcodes)
    monkeypatch.setattr(expression, "SequenceMatcher", Measured)
    result = detect(response, "", [SourceText("u", "t", "s", source)], CFG)
    assert result.verdict == "plagiarized"
    assert len(source) > 2 * align.LONG_MATCH_CHARS
    assert len(response.split()) > 20 * expression.LONG_WORDS
    assert max(strings) <= align.LONG_MATCH_CHARS
    assert max(products) <= (3 * expression.LONG_WORDS) ** 2


# --- issue 35: copied expression, not shared knowledge -------------------------------------

DIJKSTRA = SourceText(
    "https://example.org/dijkstra",
    "Dijkstra's algorithm",
    "sha256:dijkstra",
    "Dijkstra's algorithm finds the shortest paths between nodes in a weighted graph whose edge "
    "weights are never negative. At each step it selects the unvisited node with the smallest "
    "tentative distance and relaxes every edge that leaves that node. A priority queue is "
    "usually used to pick that node quickly, which gives a running time of O((V + E) log V). "
    "The algorithm was conceived by Edsger Dijkstra in 1956 and published three years later.",
)
# three sentences that follow three consecutive source sentences: the first and last with
# words swapped around the subject's terms (priority queue, node, edge), the middle
# one copied word for word
AROUND_TERMS = (
    "Here is how it works. Dijkstra's method computes the shortest routes between the nodes "
    "of a weighted network whose edge costs are never negative. At each step it selects the "
    "unvisited node with the smallest tentative distance and relaxes every edge that leaves "
    "that node. A priority queue is typically employed to choose that node fast, which yields "
    "a running time that grows with the edges and the logarithm of the nodes. It is a classic "
    "of computer science courses."
)


def test_a_light_revision_around_the_subjects_terms_is_one_revised_passage() -> None:
    """Terms of the subject count as copied words when the sentence around them is the
    source's sentence: the three sentences are one revision, the copied one among them."""
    from verifier.plagiarism.align import tokenize
    from verifier.plagiarism.detect import _fuzzy_settings
    from verifier.plagiarism.expression import topic_terms
    from verifier.plagiarism.fuzzy import aligned_sentences

    prompt = "How does Dijkstra's algorithm use a priority queue and tentative distances?"
    result = detect(AROUND_TERMS, prompt, [DIJKSTRA], CFG)
    [match] = [m for m in result.matches if m.counted]
    assert (match.kind, match.sentences) == ("minor_changes", 3)
    assert match.response_text.startswith("Dijkstra's method computes")
    assert match.response_text.endswith("which yields a running time that")  # trimmed
    assert result.verdict == "plagiarized"
    assert result.reason == (
        f"3 sentences follow the source's sentences, lightly revised (longest exact run "
        f"{match.longest_run} words) from Dijkstra's algorithm ({result.copied_share:.0%} of "
        "the response; plagiarized at 20%)"
    )
    # the revised sentences keep the source's: the structure, not the vocabulary, says so
    response, source = tokenize(AROUND_TERMS), tokenize(DIJKSTRA.text)
    terms = topic_terms(tokenize(prompt), response, [source])
    assert {"queue", "tentative"} <= terms  # the prompt's rare words: the subject's terms
    aligned = aligned_sentences(response, source, (), _fuzzy_settings(CFG), terms)
    first, last = aligned[1], aligned[3]
    assert first is not None
    assert last is not None
    assert first.minor
    assert last.minor
    assert min(first.structure, last.structure) >= CFG.structure_share
    assert last.similarity < CFG.minor_similarity  # the wording alone would not tell


APOLLO = SourceText(
    "https://example.org/apollo-11",
    "Apollo 11",
    "sha256:apollo",
    "Apollo 11 was the American spaceflight that first landed humans on the Moon. The crew "
    "were commander Neil Armstrong, command module pilot Michael Collins and lunar module pilot "
    "Buzz Aldrin. The Saturn V rocket lifted off from Kennedy Space Center on 16 July 1969. "
    "Four days later Armstrong and Aldrin landed the lunar module Eagle in the Sea of "
    "Tranquility. Armstrong became the first person to step onto the lunar surface six hours "
    "after landing. The two men spent about two and a quarter hours outside the spacecraft, "
    "collecting 21.5 kg of lunar material. Collins stayed alone in lunar orbit aboard the "
    "command module Columbia. All three astronauts returned to Earth on 24 July and splashed "
    "down in the Pacific Ocean.",
)
# written from the page: its facts in its order, in sentences of the writer's own, with the
# crew named as the page names them (names and titles: a 15-word exact run)
FROM_THE_PAGE = (
    "Apollo 11 put the first people on the Moon in July 1969. Its three astronauts were "
    "commander Neil Armstrong, command module pilot Michael Collins and lunar module pilot "
    "Buzz Aldrin. A Saturn V carried them up from Florida on 16 July. On 20 July the lander "
    "Eagle touched down in the Sea of Tranquility with Armstrong and Aldrin aboard. Armstrong "
    "was first out, a few hours later. They gathered about 21.5 kg of rock and dust in a walk "
    "of just over two hours. Meanwhile Collins circled overhead in Columbia. The crew came home "
    "on 24 July, landing in the Pacific."
)


def test_a_run_of_names_and_titles_is_facts_not_copied_wording() -> None:
    result = detect(FROM_THE_PAGE, "Tell me about Apollo 11.", [APOLLO], CFG)
    crew = next(m for m in result.matches if "Michael Collins" in m.response_text)
    assert crew.longest_run >= CFG.min_match_words  # word for word, and still facts
    assert not crew.counted
    assert crew.shortfall == "a list of names, titles and numbers (facts, not copied wording)"
    # the page's facts in the page's order, in the writer's own sentences: original
    assert result.verdict == "original"
    assert not any(m.counted for m in result.matches)


def test_a_long_run_counts_whatever_it_holds() -> None:
    names = " ".join(
        f"{first} {last},"
        for first, last in zip("ABCDEFGHIJKLMNOPQRST", "UVWXYZ" * 4, strict=False)
    )
    source = SourceText(
        "https://example.org/list", "List", "sha256:list", f"Members: {names} done."
    )
    result = detect(f"The members: {names} done.", "", [source], CFG)
    [match] = result.matches
    assert match.longest_run >= CFG.plagiarized_run_words
    assert match.counted


ASIDES = [
    "I find this part of history fascinating.",
    "My grandmother walked a stretch of it once and never stopped talking about the view.",
    "Schools in the north still take children there every spring.",
]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                *(("source", s) for s in HADRIAN.text.split(". ")),
                *(("heavy", s) for s in HEAVY.split(". ")),
                *(("aside", s) for s in ASIDES),
            ]
        ),
        min_size=1,
        max_size=12,
    )
)
def test_the_copied_share_is_the_words_inside_counted_matches(parts: list[tuple[str, str]]) -> None:
    """Recounted from the matches' character spans: the response words inside counted
    matches, each once, are the copied words and the share; and no counted match holds
    words a match of the same source says do not count."""
    response = " ".join(text.rstrip(".") + "." for _kind, text in parts)
    result = detect(response, "", [HADRIAN], CFG)
    inside: set[int] = set()
    for m in result.matches:
        if m.counted:
            inside.update(range(*word_range(response, m.response_start, m.response_end)))
    assert result.copied_words == len(inside)
    assert result.copied_share == round(len(inside) / result.response_words, 4)
    for m in result.matches:
        if not m.counted and m.exemption is None:
            words = set(range(*word_range(response, m.response_start, m.response_end)))
            assert not words & inside, (m.response_text, m.shortfall)


def test_the_reason_names_one_rule_one_bar_and_the_share_once() -> None:
    """The verdict's figure is the copied share, said once, beside the one bar that
    decided: 20% for copied or lightly revised passages, 30% for reworded ones, or a run of
    30 words whatever the share."""
    from tests.plagiarism.test_fuzzy import LIGHT

    for response, bar in ((HEAVY, "plagiarized at 30%"), (LIGHT, "plagiarized at 20%")):
        result = detect(response, "", [HADRIAN], CFG)
        assert result.verdict == "plagiarized"
        assert result.reason.count("% of the response") == 1
        assert result.reason.count("plagiarized at") == 1
        assert result.reason.endswith(
            f"from Hadrian's Wall ({result.copied_share:.0%} of the response; {bar})"
        )
    # a long copied run in a long answer of its own: the run decides, not the share
    own = (
        " ".join(ASIDES)
        + " "
        + " ".join(f"{s} Paragraph {k} ends here." for k, s in enumerate(ASIDES * 6))
    )
    copied = (
        "It ran from the banks of the River Tyne near the North Sea to the Solway Firth on the "
        "Irish Sea, a distance of about 73 miles. Soldiers of three legions built the wall over "
        "roughly six years, using stone in the east and turf in the west."
    )
    result = detect(f"{own} {copied} {own}", "", [HADRIAN], CFG)
    assert result.verdict == "plagiarized"
    assert result.copied_share < CFG.plagiarized_share
    assert result.reason.endswith(
        f"({result.copied_share:.0%} of the response; plagiarized at a run of 30)"
    )


def _masked_words(documents: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """The words the sentence stages mask (their work) when a response without sentence
    punctuation copies ``documents`` sources of 400 words each, a word in 40 changed."""
    rng = random.Random(39)
    listed = frequencies()[0]
    vocabulary = [w for w in itertools.islice(listed, 4000) if w.isalpha() and len(w) > 2]
    texts = [" ".join(rng.choice(vocabulary) for _ in range(400)) for _ in range(documents)]
    words = " ".join(texts).split()
    for k in range(0, len(words), 40):
        words[k] = "changed"
    sources = [SourceText(f"http://s/{k}", "", f"sha256:{k}", t) for k, t in enumerate(texts)]
    seen = [0]

    def counting(tokens: Tokens, first: int, last: int, facts: frozenset[str]) -> list[str]:
        out = masked(tokens, first, last, facts)
        seen[0] += len(out)
        return out

    monkeypatch.setattr(fuzzy, "masked", counting)
    result = detect(" ".join(words), "", sources, CFG)
    assert result.copied_share > 0.9
    return seen[0]


def test_text_without_sentence_punctuation_costs_its_length_not_its_square(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One "sentence" copying many sources (issue 39: 2,000,000 characters without a
    full stop kept a job busy for minutes): a sentence is cut into pieces of at most
    ``MAX_SENTENCE_WORDS`` words, so the work grows with the response, not with the
    response times the sources it copies."""
    small, large = _masked_words(3, monkeypatch), _masked_words(12, monkeypatch)
    assert large <= 5 * small


# issue 45: a verbatim passage counts on its own; revision evidence adds up; lists are facts

KEEPERS = SourceText(
    "https://example.com/keepers",
    "Lighthouse keepers",
    "sha256:keepers",
    "Lighthouse keepers tended the lamp through the night and wound the clockwork that turned "
    "the lens. On rock stations the keepers lived in cramped rooms stacked above each other, and "
    "in stormy weather they could be cut off from the shore for many weeks at a time. Supplies "
    "came by boat when the sea allowed it. Automation ended the profession in most countries by "
    "the end of the twentieth century.",
)
KEEPING = (
    "Keeping a light was a trade of patience. A keeper climbed the stairs many times each "
    "evening, trimmed wicks, polished brass and wrote the weather in a log that inspectors read "
    "closely. Families sometimes lived at shore stations, where children walked to a village "
    "school and gardens grew behind stone walls. Pay was modest, but the post came with a house "
    "and coal. Most keepers served for decades, moving between stations as the service "
    "required, and many remembered the work as lonely yet meaningful. Today the towers are run "
    "remotely, and a few are museums where visitors can climb to the lantern room. Keepers also "
    "kept fog signals going, sounding a horn or a bell at set intervals when the visibility "
    "dropped. They repaired the machinery themselves, painted the tower against salt and wind, "
    "and kept careful stocks of oil. Training was on the job: a new assistant learned from a "
    "senior keeper, and promotion came with years of service."
)
# 20 words, every one of them wording (no name, number or term among them)
CRAMPED = (
    "lived in cramped rooms stacked above each other, and in stormy weather they could be cut "
    "off from the shore"
)


def test_a_verbatim_passage_is_plagiarized_at_a_small_share() -> None:
    response = f"{KEEPING} Out on the rocks, their crews {CRAMPED}, sometimes for weeks."
    result = detect(response, "What did lighthouse keepers do?", [KEEPERS], CFG)
    [match] = result.matches
    assert (match.kind, match.longest_run, match.verbatim) == ("identical", 20, 20)
    assert match.verbatim_text == CRAMPED
    assert result.copied_share < CFG.plagiarized_share  # a small share: 11%
    assert result.verdict == "plagiarized"
    # the reason names the passage and the rule, with the one figure
    assert f'"{CRAMPED}" is copied word for word, not quoted or attributed' in result.reason
    assert result.reason.endswith(
        "(20 words beyond names, numbers and terms; 11% of the response; plagiarized at a "
        "verbatim passage of 15 such words, whatever its share)"
    )
    assert result.thresholds["verbatim_words"] == CFG.verbatim_words


def test_a_quoted_or_attributed_verbatim_passage_does_not_count() -> None:
    quoted = f'{KEEPING} Out on the rocks, their crews "{CRAMPED}", sometimes for weeks.'
    attributed = f"{KEEPING} According to the Keepers' Trust, their crews {CRAMPED}."
    for response in (quoted, attributed):
        result = detect(response, "What did lighthouse keepers do?", [KEEPERS], CFG)
        assert result.verdict == "original"
        assert all(m.exemption for m in result.matches)


def test_a_shorter_verbatim_passage_is_left_to_the_rater() -> None:
    # 14 words beyond the facts, under the bar (15): how a fact is commonly put, or copying
    response = f"Here is a short answer. {COPY} I hope this helps."
    result = detect(response, "Tell me about the Bell Rock.", [SOURCE], CFG)
    assert result.matches[0].verbatim == 14
    assert result.verdict == "possible"


TWO_REVISED = (
    "Hadrian's Wall was a defensive barrier in the Roman territory of Britannia, started in AD "
    "122 under the emperor Hadrian. It went from the banks of the River Tyne close to the North "
    "Sea over to the Solway Firth on the Irish Sea, a length of about 73 miles. Walking along "
    "it today, you pass sheep, farms and the odd museum, and the views are wide. In the "
    "centuries after the Romans left, local builders saw it differently:"
)


def test_two_revised_sentences_and_a_verbatim_run_add_up() -> None:
    alone = detect(TWO_REVISED, "Tell me about Hadrian's Wall.", [HADRIAN], CFG)
    # two lightly revised sentences (no exact run of 11): closely worded, a review
    assert alone.verdict == "possible"
    assert alone.longest_run_words < CFG.min_match_words
    run = " it was taken apart, its stones reused for farmhouses, churches and roads nearby."
    result = detect(TWO_REVISED + run, "Tell me about Hadrian's Wall.", [HADRIAN], CFG)
    # the sentence with a 10-word run, too little alone, adds up with the two before it
    assert [m.counted for m in result.matches] == [True, True]
    assert result.matches[1].longest_run == 10
    assert result.verdict == "plagiarized"
    assert result.reason.startswith(
        "3 sentences follow the source's sentences, lightly revised (longest exact run 10 words) "
        "from Hadrian's Wall"
    )


PEAKS = SourceText(
    "https://example.com/peaks",
    "Highest mountains",
    "sha256:peaks",
    "Mount Everest is the highest mountain in the world at 8,849 metres above sea level. It "
    "lies on the border between Nepal and China, in the Mahalangur Himal sub-range of the "
    "Himalayas. The second highest mountain is K2, in the Karakoram range, at 8,611 metres. "
    "Kangchenjunga, on the border between Nepal and India, is the third highest mountain at "
    "8,586 metres. Lhotse, next to Everest, is the fourth highest mountain at 8,516 metres.",
)


@pytest.mark.parametrize(
    "response",
    [
        # one sentence a fact, in the source's order, every sentence in one frame
        "Here are the five highest mountains in the world. Mount Everest, on the Nepal-China "
        "border, is the highest mountain in the world at 8,849 metres. K2, in the Karakoram, is "
        "the second highest mountain in the world at 8,611 metres. Kangchenjunga, on the "
        "Nepal-India border, is the third highest mountain in the world at 8,586 metres. Lhotse, "
        "next to Everest, is the fourth highest mountain in the world at 8,516 metres. Makalu, "
        "in Nepal, is the fifth highest mountain in the world at 8,485 metres.",
        "K2, in the Karakoram, is 8,611 metres tall. Kangchenjunga, on the Nepal-India border, "
        "is 8,586 metres tall. Lhotse, next to Everest, is 8,516 metres tall. Makalu, in Nepal, "
        "is 8,485 metres tall.",
        "- Mount Everest: 8,849 metres, on the Nepal-China border\n- K2: 8,611 metres, in the "
        "Karakoram\n- Kangchenjunga: 8,586 metres, on the Nepal-India border\n- Lhotse: 8,516 "
        "metres, next to Everest",
    ],
)
def test_a_list_of_facts_is_not_copying(response: str) -> None:
    result = detect(response, "What are the highest mountains?", [PEAKS], CFG)
    assert result.verdict == "original", result.reason


NORDIC = SourceText(
    "https://example.com/nordic",
    "Nordic countries",
    "sha256:nordic",
    "The Nordic countries are Denmark, Finland, Iceland, Norway and Sweden, along with their "
    "autonomous territories. Together they have about 27 million people.",
)


@pytest.mark.parametrize(
    "response",
    [
        "The Nordic countries are Denmark, Finland, Iceland, Norway and Sweden.",
        "The Nordic countries are Denmark, Finland, Iceland, Norway and Sweden, along with "
        "the Faroe Islands, Greenland and Åland.",
        "The Nordic countries are:\n- Denmark\n- Finland\n- Iceland\n- Norway\n- Sweden",
        "Denmark, Finland, Iceland, Norway and Sweden",
    ],
)
def test_a_list_of_names_is_not_even_possible(response: str) -> None:
    result = detect(response, "Which are the Nordic countries?", [NORDIC], CFG)
    assert result.verdict == "original", result.reason


LOUVRE = SourceText(
    "https://example.com/louvre",
    "Louvre",
    "sha256:louvre",
    "The Louvre in Paris opened as a museum in 1793. It holds the Mona Lisa, painted by "
    "Leonardo da Vinci in the early sixteenth century.",
)


def test_a_copied_sentence_quoted_again_is_no_list_item() -> None:
    """A sentence said and then quoted (the same names and numbers twice) shares its frame
    with its neighbour, but it is one statement said twice, not two items of a list: the
    unquoted copy still counts."""
    response = (
        "The Louvre in Paris opened as a museum in 1793. It holds the Mona Lisa, painted by "
        'Leonardo da Vinci in the early sixteenth century. As the guide says, "It holds the '
        'Mona Lisa, painted by Leonardo da Vinci in the early sixteenth century."'
    )
    result = detect(response, "Tell me about the Louvre.", [LOUVRE], CFG)
    assert result.verdict == "plagiarized", result.reason
