from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.errors import ConnectionFailed, HTTPStatusError
from verifier.evidence import resources
from verifier.evidence.resources import _Sentences, _Taken, assess, find_citations
from verifier.text.sentences import sentence_spans


def test_find_citations_with_spans_and_descriptions() -> None:
    response = (
        "See [the Eiffel Tower article](https://example.com/eiffel) for details. "
        "The study (doi:10.1038/nature12373) measured it. "
        "More at https://example.org/louvre-history. Again https://example.org/louvre-history."
    )
    found = find_citations(response)
    assert [(c.kind, c.ref) for c in found] == [
        ("url", "https://example.com/eiffel"),
        ("doi", "10.1038/nature12373"),
        ("url", "https://example.org/louvre-history"),
    ]
    for c in found:
        assert c.ref in response[c.start : c.end]
    assert found[0].described_as == "the Eiffel Tower article"
    assert found[1].url == "https://doi.org/10.1038/nature12373"
    assert "measured" in found[1].described_as
    assert "10.1038" not in found[1].described_as
    assert find_citations(response, limit=1) == found[:1]


def test_doi_links_are_dois() -> None:
    [c] = find_citations("[Smith 2020](https://doi.org/10.1000/xyz123)")
    assert (c.kind, c.ref, c.described_as) == ("doi", "10.1000/xyz123", "Smith 2020")


CITE = find_citations("[Eiffel Tower construction history](https://example.com/eiffel)")[0]


@pytest.mark.parametrize("status", [404, 410])
def test_missing_only_on_a_definite_answer(status: int) -> None:
    r = assess(CITE, error=HTTPStatusError("HTTP", status))
    assert (r.status, r.fake, r.http_status) == ("missing", True, status)


@pytest.mark.parametrize(
    "error",
    [
        HTTPStatusError("HTTP 403", 403),
        HTTPStatusError("HTTP 503", 503),
        ConnectionFailed("offline"),
    ],
)
def test_other_failures_get_the_benefit_of_the_doubt(error: Exception) -> None:
    r = assess(CITE, error=error)
    assert (r.status, r.fake) == ("unchecked", False)
    assert r.reason.startswith("could not be checked")


def test_title_match_and_mismatch() -> None:
    ok = assess(CITE, title="History of the Eiffel Tower", text="Construction began in 1887.")
    assert (ok.status, ok.fake) == ("ok", False)
    bad = assess(CITE, title="Best pancake recipes", text="Mix flour and eggs.", status=200)
    assert (bad.status, bad.fake) == ("mismatch", True)
    assert "pancake" in bad.reason
    vague = find_citations("See https://example.com/x.")[0]
    assert assess(vague, title="Pancakes", text="Flour.").status == "ok"  # too few words to tell


def _around_reference(text: str, start: int, end: int) -> str:
    """The sentence around a span as it was found before: the first of the text's
    sentences that holds the span's start or its end."""
    for s, e in sentence_spans(text):
        if s <= start < e or s < end <= e:
            return text[s:e]
    return ""


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list("ab. !?\nT")), max_size=120),
    st.integers(0, 130),
    st.integers(0, 40),
)
def test_the_sentence_around_a_span_is_found_as_before(text: str, start: int, size: int) -> None:
    start = min(start, len(text))
    end = min(start + size, len(text))
    assert _Sentences(text).around(start, end) == _around_reference(text, start, end)


def test_the_response_is_split_into_sentences_once_however_many_links(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 39: every link split the whole response again (its length times its links)."""
    calls: list[int] = []

    def counting(text: str) -> list[tuple[int, int]]:
        calls.append(len(text))
        return sentence_spans(text)

    monkeypatch.setattr(resources, "sentence_spans", counting)
    paragraph = "See https://example.org/page for the figures. It is new.\n\n"
    found = find_citations(paragraph * 400)
    assert len(calls) == 1
    assert found[0].described_as == "See for the figures."


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 60), st.integers(1, 12)), max_size=40))
def test_spans_are_taken_as_a_scan_of_all_would_take_them(spans: list[tuple[int, int]]) -> None:
    taken, scanned = _Taken(), []
    for start, size in spans:
        end = start + size
        free = not any(s < end and start < e for s, e in scanned)
        if free:
            scanned.append((start, end))
        assert taken.take(start, end) == free


class _Reads(list[int]):
    reads = 0

    def __getitem__(self, k: int) -> int:  # type: ignore[override]
        _Reads.reads += 1
        return super().__getitem__(k)


def test_a_span_is_tested_against_one_span_taken_not_all() -> None:
    """Issue 39: each link was tested against every link before it (thousands of links in
    a long response: their square); now one bisection and one span read per link."""
    taken = _Taken()
    taken._ends = _Reads()  # type: ignore[misc]
    _Reads.reads = 0
    for k in range(4000):
        assert taken.take(10 * k, 10 * k + 5)
    assert not taken.take(10 * 2000 + 2, 10 * 2000 + 3)
    assert _Reads.reads <= 4001


def test_only_the_citations_kept_are_described(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39: every link written was described by its sentence (here the whole
    response, one sentence of links), the response's length times its links."""
    described: list[int] = []
    real = resources._describe

    def counting(sentences: _Sentences, start: int, end: int) -> str:
        described.append(start)
        return real(sentences, start, end)

    monkeypatch.setattr(resources, "_describe", counting)
    found = find_citations(" ".join(f"https://example.org/p{k % 50} and" for k in range(2000)))
    assert len(found) == 10
    assert len(described) == 10
    assert found[0].described_as.startswith("and and")
