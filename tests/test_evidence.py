from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.evidence import passage_spans, rank_passages
from verifier.model import Evidence


def cand(quote: str, url: str = "http://a", start: int = 0) -> Evidence:
    return Evidence(
        quote, url, "T", "sha256:x" + url, start, start + len(quote), 0.0, "q", "b", None
    )


def test_passages_pack_sentences_within_a_paragraph() -> None:
    text = "One two. Three four.\nFive six seven. Eight.\n\n" + "Long sentence " * 50 + "end."
    spans = passage_spans(text, max_chars=120)
    assert [text[s:e] for s, e in spans[:2]] == ["One two. Three four.", "Five six seven. Eight."]
    assert all(e - s <= 120 for s, e in spans)
    assert text[spans[-1][0] : spans[-1][1]].endswith("end.")


@settings(max_examples=200, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list("ab .!?\n\r😀é")), max_size=400), st.integers(100, 300)
)
def test_passages_slice_in_order_without_overlap(text: str, max_chars: int) -> None:
    last = 0
    for start, end in passage_spans(text, max_chars):
        assert last <= start < end <= len(text)
        assert end - start <= max_chars
        assert "\n" not in text[start:end]
        assert "\r" not in text[start:end]
        last = end


def test_ranking_prefers_the_passage_that_states_the_claim() -> None:
    claim = "The Eiffel Tower was completed in 1889 in Paris."
    best = cand(
        "The Eiffel Tower in Paris was completed in 1889 for the World's Fair.", "http://good"
    )
    other = cand("The Louvre is a museum in Paris with many paintings.", "http://other")
    unrelated = cand("Bananas are rich in potassium.", "http://no")
    ranked = rank_passages(claim, [other, unrelated, best], k=5)
    assert [e.url for e in ranked] == ["http://good", "http://other"]
    assert 0 < ranked[1].score < ranked[0].score <= 1


def test_ranking_dedupes_and_limits() -> None:
    same = cand("Paris is the capital of France.")
    ranked = rank_passages(
        "Paris is the capital of France", [same, same, cand("France and Paris.", start=50)], k=1
    )
    assert len(ranked) == 1


def test_ranking_without_content_words() -> None:
    assert rank_passages("It is what it is.", [cand("Anything here.")]) == []
    assert rank_passages("Paris", []) == []
