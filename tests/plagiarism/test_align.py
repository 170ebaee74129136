from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.plagiarism.align import align, exact_runs, tokenize

SOURCE = (
    "The Bell Rock Lighthouse stands on a reef eleven miles off the coast of Angus in Scotland. "
    "Built between 1807 and 1810 by Robert Stevenson, it is the oldest surviving sea-washed "
    "lighthouse in the world."
)


def spans(response: str, source: str = SOURCE, **kw: int) -> list[tuple[str, str, str]]:
    r, s = tokenize(response), tokenize(source)
    out = []
    for m in align(r, s, **kw).matches:
        a0, a1 = r.char_span(m.a_first, m.a_last)
        b0, b1 = s.char_span(m.b_first, m.b_last)
        out.append((m.kind, response[a0:a1], source[b0:b1]))
    return out


def test_verbatim_splice_is_one_identical_match() -> None:
    response = "Some intro. Built between 1807 and 1810 by Robert Stevenson, it is the oldest surviving sea-washed lighthouse. Outro."
    assert spans(response) == [
        (
            "identical",
            "Built between 1807 and 1810 by Robert Stevenson, it is the oldest surviving sea-washed lighthouse",
            "Built between 1807 and 1810 by Robert Stevenson, it is the oldest surviving sea-washed lighthouse",
        )
    ]


def test_small_edits_merge_into_minor_changes() -> None:
    response = "Constructed between 1807 and 1810 by Robert Stevenson, it is really the oldest remaining sea-washed lighthouse in the world."
    [(kind, text, source_text)] = spans(response, seed=3)
    assert kind == "minor_changes"
    assert text.startswith("between 1807")
    assert text.endswith("in the world")
    assert source_text.startswith("between 1807")
    assert source_text.endswith("in the world")


def test_case_punctuation_and_apostrophes_are_normalised() -> None:
    source = "It is the world’s OLDEST sea-washed lighthouse, built by Stevenson in 1810."
    response = "it is the World's oldest sea washed lighthouse built by stevenson in 1810"
    [(kind, text, _)] = spans(response, source)
    assert kind == "identical"
    assert text == response


def test_offsets_are_exact_on_emoji_accents_and_crlf() -> None:
    source = "Café 😀 crème brûlée,\r\nserved at the Sorbonne in Paris since 1891 😀 by Zoë."
    response = (
        "Intro 🎉.\r\nCrème brûlée,\r\nserved at the Sorbonne in Paris since 1891 😀 by Zoë. Done."
    )
    [(kind, text, source_text)] = spans(response, source, seed=3)
    assert kind == "identical"
    assert text == "Crème brûlée,\r\nserved at the Sorbonne in Paris since 1891 😀 by Zoë"
    assert source_text == "crème brûlée,\r\nserved at the Sorbonne in Paris since 1891 😀 by Zoë"


def test_short_runs_are_dropped_below_min_words() -> None:
    assert spans("the oldest surviving sea-washed lighthouse", min_words=7) == []  # 6 words


def test_reordered_clauses_leave_no_exact_run_for_this_stage() -> None:
    source = "The granite blocks were cut and fitted together on shore before being shipped out to the rock."
    response = "Before being shipped to the rock, the granite blocks were fitted and cut together on the shore."
    assert spans(response, source, seed=8) == []  # the sentence stage's work (test_fuzzy)


def test_tokens_are_the_same_for_ascii_and_non_ascii_text() -> None:
    ascii_text = "It's the World's OLDEST lighthouse, built in 1810."
    assert tokenize(ascii_text).norm == (
        "it's",
        "the",
        "world's",
        "oldest",
        "lighthouse",
        "built",
        "in",
        "1810",
    )
    accented = "It’s the Wörld’s OLDEST lighthouse."
    assert tokenize(accented).norm == ("it's", "the", "wörld's", "oldest", "lighthouse")


def test_frequent_seeds_are_skipped_not_quadratic() -> None:
    source = tokenize("a b c d e " * 2000)
    response = tokenize("a b c d e " * 50)
    assert exact_runs(response, source, seed=5, max_seed_hits=64) == []


words = st.sampled_from(
    ["the", "tower", "Café", "😀", "1810", "stone", "reef", "Zoë", "sea", "and"]
)
separators = st.sampled_from([" ", "  ", ", ", ".\r\n", "\n", " — "])


@st.composite
def texts(draw: st.DrawFn) -> str:
    parts = draw(st.lists(st.tuples(words, separators), min_size=0, max_size=60))
    return "".join(w + s for w, s in parts)


@settings(max_examples=200, deadline=None)
@given(texts(), texts(), st.integers(2, 6), st.integers(0, 5))
def test_matches_never_overlap_and_slice_exactly(
    response: str, source: str, seed: int, gap: int
) -> None:
    r, s = tokenize(response), tokenize(source)
    result = align(r, s, seed=seed, max_gap=gap, min_words=1)
    last = -1
    for m in result.matches:
        assert m.a_first > last  # response spans never overlap
        last = m.a_last
        assert 0 <= m.b_first <= m.b_last < len(s)
        a0, a1 = r.char_span(m.a_first, m.a_last)
        assert response[a0:a1].strip() == response[a0:a1]
        assert m.copied_words <= m.words
        if m.kind == "identical":
            assert r.norm[m.a_first : m.a_last + 1] == s.norm[m.b_first : m.b_last + 1]
