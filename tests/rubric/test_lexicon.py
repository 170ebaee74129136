"""The spelling check's lexicon: its two lists, variety spellings, inflections, phrases,
and its cache (built once, reused, rebuilt when damaged, skipped when unwritable)."""

from __future__ import annotations

from pathlib import Path

import pytest

from verifier.rubric import lexicon as lexicon_module
from verifier.rubric.lexicon import (
    build_lexicon,
    fold,
    inflection_stems,
    lexicon,
    load_lexicon,
    overregularized,
    phrases_with,
    variants,
)
from verifier.text.words import SortedKeys, read_cache


@pytest.mark.parametrize(
    ("word", "american"),
    [
        ("colours", "colors"),
        ("favourite", "favorite"),
        ("centre", "center"),
        ("centred", "centered"),
        ("theatres", "theaters"),
        ("organisation", "organization"),
        ("organisational", "organizational"),
        ("realised", "realized"),
        ("analysing", "analyzing"),
        ("travelled", "traveled"),
        ("counsellor", "counselor"),
        ("fulfilment", "fulfillment"),
        ("paediatric", "pediatric"),
        ("foetus", "fetus"),
        ("manoeuvre", "maneuver"),
        ("defence", "defense"),
        ("licence", "license"),
        ("catalogue", "catalog"),
        ("judgement", "judgment"),
        ("programmes", "programs"),
        ("sulphur", "sulfur"),
        ("ploughing", "plowing"),
        ("moulded", "molded"),
        ("tyres", "tires"),
    ],
)
def test_variety_spellings_are_read_as_each_other(word: str, american: str) -> None:
    assert american in variants(word)


def test_american_forms_rarer_than_the_british_are_read_back() -> None:
    assert "ochre" in variants("ocher")
    assert "mitres" in variants("miters")
    assert "plough" in variants("plow")


@pytest.mark.parametrize(
    ("word", "stem", "ending"),
    [
        ("aircrafts", "aircraft", "s"),
        ("decentralizes", "decentralize", "s"),
        ("studied", "study", "ied"),
        ("running", "run", "ing"),
        ("stopped", "stop", "ed"),
        ("making", "make", "ing"),
        ("forecasted", "forecast", "ed"),
        ("travels", "travel", "s"),
        ("happily", "happy", "ily"),
        ("churches", "church", "es"),
    ],
)
def test_inflections_by_the_rules(word: str, stem: str, ending: str) -> None:
    assert (stem, ending) in inflection_stems(word)


@pytest.mark.parametrize(
    ("word", "not_stem"),
    [
        ("runing", "run"),  # a short word doubles its last consonant
        ("stoped", "stop"),
        ("studyed", "study"),  # y turns to ie
        ("churchs", "church"),  # a sibilant takes -es
        ("makeing", "make"),  # the e drops
    ],
)
def test_misspelled_inflections_are_none(word: str, not_stem: str) -> None:
    assert not_stem not in [s for s, _ in inflection_stems(word)]


def test_phrases_and_folding() -> None:
    assert ("al", "dente") in phrases_with("dente")
    assert ("a", "la", "carte") in phrases_with("carte")
    assert ("coup", "d'etat") in phrases_with("d'etat")
    assert fold("Naïve’s") == "naive's"
    assert fold("À") == "a"


def test_the_shipped_lexicon_knows_both_lists() -> None:
    lex = lexicon()
    assert lex.zipf("the") > 7
    assert lex.curated("colour")
    assert lex.curated("color")
    assert not lex.curated("kilometers")
    assert lex.zipf("kilometers") > 3
    assert lex.zipf("math") > 4
    assert lex.zipf("forecasted") > 2
    assert lex.zipf("xqzvw") == 0
    assert "xqzvw" not in lex
    assert lex.zipf("recieve") > 0  # web text attests common misspellings too
    assert lex.zipf("receive") - lex.zipf("recieve") >= 1


def test_build_folds_flags_and_skips_tokens_with_digits() -> None:
    packed = build_lexicon(
        {"colour": 900, "the": 100_000}, {"colour": 4.2, "Café": 3.0, "3rd": 5.0, "math": 4.4}
    )
    lex = lexicon_module.Lexicon(SortedKeys(packed[0], packed[1]), packed[2])
    assert list(lex.keys) == ["cafe", "colour", "math", "the"]
    assert lex.curated("colour")
    assert lex.curated("the")
    assert not lex.curated("math")
    assert lex.zipf("colour") == 4.2
    assert lex.zipf("cafe") == 3.0
    assert lex.zipf("the") > 8  # from its count: most of the curated counts


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> tuple[Path, list[int]]:
    """A short curated list and attested list: building takes milliseconds; ``builds``
    counts how often the attested list was read."""
    source = tmp_path / "words.txt"
    source.write_text("the 1000\ncolour 500\nworld 100\n")
    builds: list[int] = []

    def attested() -> dict[str, float]:
        builds.append(1)
        return {"the": 7.7, "color": 4.5, "math": 4.4}

    monkeypatch.setattr(lexicon_module, "_attested", attested)
    return source, builds


def test_the_cache_is_built_once_then_reused(small: tuple[Path, list[int]], tmp_path: Path) -> None:
    source, builds = small
    path = tmp_path / "cache" / "lexicon.bin"
    first = load_lexicon(source, path, "k1")
    again = load_lexicon(source, path, "k1")
    assert builds == [1]
    assert list(again.keys) == list(first.keys) == ["color", "colour", "math", "the", "world"]
    assert again.codes == first.codes
    assert read_cache(path, "k1") is not None


def test_a_damaged_or_stale_cache_is_rebuilt(small: tuple[Path, list[int]], tmp_path: Path) -> None:
    source, builds = small
    path = tmp_path / "lexicon.bin"
    load_lexicon(source, path, "k1")
    path.write_bytes(path.read_bytes()[:-10] + bytes(10))
    assert load_lexicon(source, path, "k1").curated("colour")
    load_lexicon(source, path, "another wordfreq")
    assert builds == [1, 1, 1]


def test_a_cache_that_cannot_be_written_is_skipped(
    small: tuple[Path, list[int]], tmp_path: Path
) -> None:
    source, _builds = small
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    lex = load_lexicon(source, blocker / "verifier" / "lexicon.bin", "k1")
    assert lex.curated("world")
    assert lex.zipf("math") == 4.4
    assert blocker.read_text() == "not a directory"


@pytest.mark.parametrize(
    ("word", "irregular"),
    [
        ("tooked", ("took", "took")),
        ("becomed", ("become", "became")),
        ("haved", ("have", "had")),
        ("hitted", ("hit", "hit")),
        ("swimmed", ("swim", "swam")),
        ("goed", ("go", "went")),
        ("needed", None),
        ("pleased", None),
    ],
)
def test_the_regular_past_of_an_irregular_verb(word: str, irregular: object) -> None:
    assert overregularized(word) == irregular


@pytest.mark.parametrize(("word", "not_stem"), [("becomed", "become"), ("becaused", "because")])
def test_no_regular_inflection_of_an_irregular_verb_or_a_function_word(
    word: str, not_stem: str
) -> None:
    assert not_stem not in [s for s, _ in inflection_stems(word)]
