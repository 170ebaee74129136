from __future__ import annotations

from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.plagiarism.align import (
    LONG_MATCH_CHARS,
    MAX_SENTENCE_WORDS,
    Run,
    Tokens,
    align,
    choose_runs,
    exact_runs,
    sentences,
    tokenize,
)

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


# --- the exact-run stage: the same runs as the plain algorithm, in linear work ----------


def reference_runs(a: Tokens, b: Tokens, seed: int, max_seed_hits: int = 64) -> list[Run]:
    """The plain algorithm the exact-run stage must agree with: every response position,
    every seed hit in the source, each run extended a token at a time."""
    if len(a) < seed or len(b) < seed:
        return []
    index: dict[tuple[str, ...], list[int]] = defaultdict(list)
    for i in range(len(b) - seed + 1):
        index[b.norm[i : i + seed]].append(i)
    runs: list[Run] = []
    reach: dict[int, int] = {}
    for j in range(len(a) - seed + 1):
        hits = index.get(a.norm[j : j + seed])
        if not hits or len(hits) > max_seed_hits:
            continue
        for i in hits:
            if reach.get(i - j, -1) > j:
                continue
            length = seed
            while (
                j + length < len(a)
                and i + length < len(b)
                and a.norm[j + length] == b.norm[i + length]
            ):
                length += 1
            runs.append(Run(j, i, length))
            reach[i - j] = j + length
    return runs


def reference_choose(runs: list[Run]) -> list[Run]:
    """Longest runs first, each trimmed to the response tokens no longer run took."""
    taken = [False] * (max((r.a + r.length for r in runs), default=0))
    chosen: list[Run] = []
    for run in sorted(runs, key=lambda r: (-r.length, r.a, r.b)):
        start, end = run.a, run.a + run.length
        while start < end and taken[start]:
            start += 1
        while end > start and taken[end - 1]:
            end -= 1
        if end - start < 1 or any(taken[start:end]):
            continue
        chosen.append(Run(start, run.b + start - run.a, end - start))
        for k in range(start, end):
            taken[k] = True
    return sorted(chosen, key=lambda r: r.a)


few = st.lists(st.sampled_from(["a", "b", "c", "the"]), max_size=200).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(few, few.map(lambda t: " ".join(t.split()[:60])), st.integers(2, 5))
def test_exact_runs_choose_what_the_plain_algorithm_chooses(
    response: str, source: str, seed: int
) -> None:
    """Repetitive texts over four words: every kind of overlap, nested and tied runs. (A
    source of at most 60 words: the cap on runs per token, 64, is never reached, as on
    any text that does not repeat one passage dozens of times.)"""
    a, b = tokenize(response), tokenize(source)
    assert choose_runs(exact_runs(a, b, seed)) == reference_choose(reference_runs(a, b, seed))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 300), st.integers(0, 300), st.integers(1, 40))))
def test_choosing_runs_agrees_with_marking_tokens(triples: list[tuple[int, int, int]]) -> None:
    runs = [Run(a, b, n) for a, b, n in triples]
    assert choose_runs(runs) == reference_choose(runs)


class Counted(tuple[str, ...]):
    """A token sequence that counts the tokens read from it (one per item, a slice's
    length per slice): the work of the exact-run stage, measured without a clock."""

    reads = 0

    def __getitem__(self, key):  # type: ignore[no-untyped-def,override]
        got = super().__getitem__(key)
        Counted.reads += len(got) if isinstance(key, slice) else 1
        return got


def counted(text: str) -> Tokens:
    plain = tokenize(text)
    return Tokens(plain.text, Counted(plain.norm), plain.spans, plain.starts)


def reads(response: str, source: str) -> int:
    a, b = counted(response), counted(source)
    Counted.reads = 0
    exact_runs(a, b, 5)
    return Counted.reads


def test_exact_runs_read_each_token_a_bounded_number_of_times() -> None:
    """The work grows with the length, not its square, however repetitive the texts: a
    response that repeats one paragraph against a source that holds it 60 times (every
    seed has 60 hits, every response token lies in dozens of runs) and a long copy (one
    run as long as the texts)."""
    paragraph = "the quick brown fox jumps over the lazy dog near the river bank today "
    source = paragraph * 60
    small, large = reads(paragraph * 100, source), reads(paragraph * 400, source)
    assert large <= 4.5 * small
    tokens = len(tokenize(paragraph * 400)) + len(tokenize(source))
    assert large <= 2 * 64 * tokens  # at most 64 runs over any token, each read twice
    text = " ".join(f"w{k}" for k in range(40_000))
    # each token read by a few seed slices (5 tokens each) and the one extension
    assert reads(text, text) <= 25 * len(tokenize(text))


def test_no_more_runs_cover_a_token_than_a_seed_may_have_hits() -> None:
    a, b = tokenize("a b c d e f " * 300), tokenize("a b c d e f " * 60 + "z")
    runs = exact_runs(a, b, 5, max_seed_hits=64)
    cover = [0] * len(a)
    for run in runs:
        for k in range(run.a, run.a + run.length):
            cover[k] += 1
    assert 0 < max(cover) <= 64


def test_a_long_edited_copy_is_compared_piece_by_piece() -> None:
    """A copy longer than ``LONG_MATCH_CHARS`` with a word changed every 20 is one
    match, its similarity from the edits between the runs (what the whole-string ratio
    would give, without its time in the product of the lengths)."""
    words = [f"word{k}" for k in range(12_000)]
    edited = [("changed" if k % 20 == 10 else w) for k, w in enumerate(words)]
    source, response = tokenize(" ".join(words)), tokenize(" ".join(edited))
    assert len(source.text) > LONG_MATCH_CHARS
    [match] = align(response, source, seed=5, max_gap=4).matches
    assert match.kind == "minor_changes"
    assert match.words == len(words)
    from rapidfuzz import fuzz

    assert abs(match.similarity - fuzz.ratio(response.text, source.text)) < 0.5


def test_a_sentence_longer_than_the_cap_is_cut_into_pieces() -> None:
    words = 5 * MAX_SENTENCE_WORDS + 6  # and 'then'
    tokens = tokenize("Short one. Then " + " ".join(f"w{k}" for k in range(words)) + ". End here.")
    found = sentences(tokens)
    assert found[0] == (0, 1)
    assert found[-1] == (len(tokens) - 2, len(tokens) - 1)
    middle = found[1:-1]
    assert len(middle) == 6
    assert all(last - first + 1 <= MAX_SENTENCE_WORDS for first, last in found)
    assert [f for f, _ in middle[1:]] == [last + 1 for _, last in middle[:-1]]
    assert middle[0][0] == 2
    assert middle[-1][1] == len(tokens) - 3
