"""The text report never cuts inside a word, counts the claims really checked, and names
the rules in words."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.render.test_html import plain_report
from tests.report.test_exports import report as louvre_report
from verifier.config import Settings
from verifier.render import report_text
from verifier.render.text import claim_counts, shorten
from verifier.rubric.rules import RULES, rule_words
from verifier.web.extract import Extractor


def test_a_cut_falls_between_words() -> None:
    said = "53% of the response copied (longest exact run 39 words) from marie-curie.html"
    assert shorten(said, 70) == "53% of the response copied (longest exact run 39 words) from…"
    assert shorten("kind: minor changes", 16) == "kind: minor…"
    assert shorten("file:///very/long/path/marie-curie.html and more", 10) == (
        "file:///very/long/path/marie-curie.html…"
    )
    assert shorten("short", 10) == "short"
    assert shorten("a  b\n c", 10) == "a b c"


words = st.lists(
    st.text(st.characters(blacklist_categories=["Zs", "Cc", "Zl", "Zp"]), min_size=1, max_size=12),
    min_size=1,
    max_size=20,
)


@given(words, st.integers(min_value=2, max_value=80))
def test_shortened_text_is_whole_words_of_the_text(parts: list[str], width: int) -> None:
    text = " ".join(parts)
    out = shorten(text, width)
    kept = out.removesuffix("…")
    if out == text:
        return
    assert out.endswith("…")
    assert len(out) <= width or " " not in kept  # over only for a first word too long
    kept_words = kept.split()
    assert kept_words  # something is always said
    # every kept word is whole: the words of the text, in order, from the first
    assert parts[: len(kept_words) - 1] == kept_words[:-1]
    assert parts[len(kept_words) - 1].startswith(kept_words[-1].rstrip(",;:"))
    assert kept_words[-1].rstrip(",;:") == parts[len(kept_words) - 1].rstrip(",;:")


UNSEARCHED = (
    "Hello there! Marie Curie was born in Warsaw in 1867. She moved to Paris in 1891. "
    "The wrold is round."
)


def test_the_claim_count_says_how_many_were_really_checked(
    settings: Settings, extractor: Extractor
) -> None:
    """With no search backend nothing is checked: the count says so, never "5 checked"."""
    report = plain_report(settings, extractor, UNSEARCHED)
    worthy = [c for c in report.claims if c.check_worthy]
    assert worthy
    assert all(c.verdict and c.verdict.label == "unchecked" for c in worthy)
    counts = claim_counts(report)
    assert counts.startswith(
        f"{len(report.claims)} statements, {len(worthy)} check-worthy, 0 checked, "
        f"{len(worthy)} unchecked ("
    )
    assert counts.endswith(
        "unchecked (no search backend (web search off and no corpus with documents))"
    )
    out = report_text(report)
    assert "Claims: " + counts[:40] in out
    assert " checked of " not in out


def test_a_checked_claim_is_counted_as_checked(settings: Settings, extractor: Extractor) -> None:
    report = louvre_report(settings, extractor)
    worthy = [c for c in report.claims if c.check_worthy]
    assert claim_counts(report) == (
        f"{len(report.claims)} statements, {len(worthy)} check-worthy, {len(worthy)} checked, "
        "0 unchecked"
    )


def test_the_score_line_names_rules_in_words(settings: Settings, extractor: Extractor) -> None:
    report = plain_report(settings, extractor, UNSEARCHED)
    assert report.rubric is not None
    assert report.rubric.max_score == 3
    line = report_text(report).splitlines()[0]
    assert line.startswith("Score: at most 3 (spelling or grammar error)"), line
    assert "spelling grammar" not in line


def test_every_rule_has_its_words() -> None:
    for r in RULES:
        assert r.words
        assert "_" not in r.words
        assert rule_words(r.id) == r.words
    assert rule_words("from_a_later_version") == "from a later version"
