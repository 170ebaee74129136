"""One-time work is said while it happens: a new corpus indexed before its first check,
the word and place caches built on a machine's first run (docs/report.md#first-run)."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import pytest

from verifier.config import Settings
from verifier.runtime import resolve_corpus
from verifier.system.notice import LOGGER, notice
from verifier.text import words
from verifier.web.extract import Extractor
from workers.terminal import show_notices

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "corpus"


def said(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == LOGGER]


async def test_a_new_corpus_is_said_to_be_indexed_once(
    settings: Settings, extractor: Extractor, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=LOGGER)
    documents = len([p for p in EXAMPLES.iterdir() if p.suffix in (".txt", ".md", ".html")])
    await resolve_corpus(EXAMPLES, settings, extractor)
    assert said(caplog) == [f"indexing corpus {EXAMPLES} ({documents} documents) ..."]
    caplog.clear()
    await resolve_corpus(EXAMPLES, settings, extractor)  # indexed: nothing to say
    assert said(caplog) == []


def test_a_missing_cache_is_said_once_a_process(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.INFO, logger=LOGGER)
    monkeypatch.setattr(words, "_building", [])
    assert words.read_cache(tmp_path / "places.bin", "k") is None
    assert words.read_cache(tmp_path / "wordnet.bin", "k") is None
    [line] = said(caplog)
    assert line.startswith(f"building verifier's word and place caches in {tmp_path} (once")
    caplog.clear()
    assert words.write_cache(tmp_path / "places.bin", "k", [1])
    assert words.read_cache(tmp_path / "places.bin", "k") == [1]
    assert said(caplog) == []


def test_notices_reach_a_terminal_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False, raising=False)
    with show_notices():
        notice("indexing corpus docs (3 documents) ...")
    assert capsys.readouterr().err == ""  # a script reading stderr sees nothing of it
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    with show_notices():
        notice("indexing corpus docs (3 documents) ...")
    assert capsys.readouterr().err == "verifier: indexing corpus docs (3 documents) ...\n"
    notice("after the command")
    assert capsys.readouterr().err == ""
