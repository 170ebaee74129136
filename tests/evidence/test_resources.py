from __future__ import annotations

import pytest

from verifier.errors import ConnectionFailed, HTTPStatusError
from verifier.evidence.resources import assess, find_citations


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
