"""Honest defaults: the ddgs engines named are ones the installed ddgs has, and two
corpora with the same folder name are two corpora, each searched."""

from __future__ import annotations

from pathlib import Path

import pytest
from ddgs.engines import ENGINES

from verifier.config import DdgsSettings, Settings
from verifier.errors import ConfigError
from verifier.pipeline import check
from verifier.runtime import corpus_names, open_runtime, web_backends_of
from verifier.schema import CheckRequest


def test_default_ddgs_engines_are_engines_ddgs_has() -> None:
    assert set(DdgsSettings().engines) <= set(ENGINES["text"])


def test_an_engine_ddgs_does_not_have_is_one_config_line(settings: Settings) -> None:
    wrong = settings.with_overrides({"search.ddgs.engines": ["duckduckgo", "bing"]})
    with pytest.raises(
        ConfigError, match=r"search.ddgs.engines names 'bing', which ddgs .* does not have"
    ):
        web_backends_of(wrong)
    assert [b.name for b in web_backends_of(settings)] == ["ddgs"]


def test_corpus_names_are_keyed_by_full_path(tmp_path: Path) -> None:
    a, b, c = tmp_path / "x" / "docs", tmp_path / "y" / "docs", tmp_path / "z" / "notes"
    names = corpus_names([a, b, c])
    assert names == {
        a.resolve(): str(a.resolve()),
        b.resolve(): str(b.resolve()),
        c.resolve(): "notes",
    }


async def test_two_folders_with_one_name_are_both_searched(
    settings: Settings, tmp_path: Path
) -> None:
    first, second = tmp_path / "one" / "docs", tmp_path / "two" / "docs"
    for folder in (first, second):
        folder.mkdir(parents=True)
    (first / "eiffel.txt").write_text("The Eiffel Tower is 330 metres tall and stands in Paris.")
    (second / "curie.txt").write_text("Marie Curie won the Nobel Prize in Physics in 1903.")
    response = (
        "The Eiffel Tower is 330 metres tall. Marie Curie won the Nobel Prize in Physics in 1903."
    )
    async with open_runtime(settings, corpora=[first, second], web=False) as runtime:
        assert len(runtime.backends) == 2
        report = await check(CheckRequest(response), runtime)
    used = {e.url.rsplit("/", 1)[-1] for c in report.claims for e in c.evidence}
    assert {"eiffel.txt", "curie.txt"} <= used
    assert {b.name for b in report.search} == {
        f"corpus:{first.resolve()}",
        f"corpus:{second.resolve()}",
    }
