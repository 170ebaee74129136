"""The text report never cuts inside a word."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from verifier.render.text import shorten


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
