from __future__ import annotations

from pathlib import Path

import pytest

from verifier.text import wordnet
from verifier.text.wordnet import WordRelation, lemmas_of, relation, relatives


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("founded", "established", WordRelation.SYNONYM),
        ("large", "big", WordRelation.SYNONYM),
        ("died", "death", WordRelation.SAME),  # one relation of the stemmer's table
        ("work", "project", WordRelation.NARROWER),
        ("project", "work", WordRelation.BROADER),
        ("Japanese", "Taiwanese", WordRelation.SIBLING),
        ("city", "town", WordRelation.SIBLING),
        ("companies", "company", WordRelation.SAME),
        ("crew", "men", WordRelation.UNRELATED),
        ("qwzxv", "plkjh", WordRelation.UNKNOWN),
        ("qwzxv", "QWZXV", WordRelation.SAME),
    ],
)
def test_relations(a: str, b: str, expected: WordRelation) -> None:
    assert relation(a, b) is expected


def test_a_derived_form_of_a_synonym() -> None:
    # "ascent" is derived from "ascend", a synonym of "climb"
    assert relation("climb", "ascent") in (WordRelation.DERIVED, WordRelation.SAME)


@pytest.mark.parametrize(
    ("form", "lemma"),
    [("companies", "company"), ("founded", "found"), ("running", "run"), ("took", "take")],
)
def test_inflected_forms_read_back_to_a_lemma(form: str, lemma: str) -> None:
    assert lemma in lemmas_of(form)


def test_an_agent_noun_is_not_a_comparative() -> None:
    # "player" is a noun WordNet derives from "play", not "play" compared: so "died" (a
    # die, the cube) is no kin of it; "smaller" and "bigger" still read back
    assert "play" not in lemmas_of("player")
    assert relation("died", "player") is WordRelation.UNRELATED
    assert "small" in lemmas_of("smaller")
    assert "big" in lemmas_of("bigger")


def test_relatives_hold_synonyms_and_derived_forms() -> None:
    assert {"ascend", "ascent"} <= relatives("climb")


def test_the_data_is_cached_and_read_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    wordnet._data.cache_clear()
    try:
        built = wordnet._data()
        assert (tmp_path / "verifier" / "wordnet.bin").is_file()
        wordnet._data.cache_clear()
        assert wordnet._data() == built
    finally:
        wordnet._data.cache_clear()
