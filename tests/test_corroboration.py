"""Corroboration before a cap, end to end (issue 34): a claim one page contradicts and
another states is disputed (both quotes, shown for review, no cap); the same claim with
only the contradicting page is false information; a dismissed conflict names its guard;
with an untrusted corpus and two sources required, one page only asks for review."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from verifier.schema import Report
from workers.cli import main

CLAIM = "The Vossberg company was founded in 1894 in Delft."
AGAINST = "The Vossberg company was founded in 1874 in Delft by two brothers.\n"
FOR = "Founded in 1894, Vossberg is a Dutch maker of sensors and instruments.\n"


def _check(tmp_path: Path, pages: dict[str, str], *options: str) -> Report:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name, text in pages.items():
        (corpus / name).write_text(text)
    answer = tmp_path / "answer.md"
    answer.write_text(CLAIM + "\n")
    result = CliRunner().invoke(
        main,
        ["check", str(answer), "--corpus", str(corpus), "--no-web", *options],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.stderr
    return Report.from_dict(json.loads(result.stdout))


def _claim(report: Report):  # type: ignore[no-untyped-def]
    return next(c for c in report.claims if c.verdict is not None and c.verdict.passages)


def test_a_contradicted_claim_alone_is_false_information(tmp_path: Path) -> None:
    report = _check(tmp_path, {"history.txt": AGAINST})
    verdict = _claim(report).verdict
    assert verdict.label == "refuted"
    assert verdict.guard is None
    assert report.truthfulness.false_information
    assert report.rubric is not None
    assert report.rubric.max_score == 3


def test_a_claim_another_page_states_is_disputed_not_capped(tmp_path: Path) -> None:
    report = _check(tmp_path, {"history.txt": AGAINST, "profile.txt": FOR})
    verdict = _claim(report).verdict
    assert (verdict.label, verdict.disputed, verdict.guard) == (
        "inconclusive",
        True,
        "corroborated",
    )
    stances = {q.stance: q.sentence for q in verdict.quotes}
    assert stances["supports"].startswith("Founded in 1894")
    assert stances["refutes"].startswith("The Vossberg company was founded in 1874")
    assert not report.truthfulness.false_information
    assert report.rubric is not None
    assert "false_information" not in {rule.rule for rule in report.rubric.applied}
    assert any(item.check == "disputed" for item in report.rubric.needs_review)


def test_one_untrusted_source_asks_for_review_when_two_are_needed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VERIFIER_JUDGES__REFUTE_SOURCES", "2")
    monkeypatch.setenv("VERIFIER_SEARCH__CORPUS__TRUSTED", "false")
    report = _check(tmp_path, {"history.txt": AGAINST})
    verdict = _claim(report).verdict
    assert (verdict.label, verdict.guard) == ("inconclusive", "single_source")
    assert not report.truthfulness.false_information
    assert [q.stance for q in verdict.quotes] == ["conflicts"]


def test_a_trusted_corpus_settles_alone_when_two_are_needed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VERIFIER_JUDGES__REFUTE_SOURCES", "2")
    report = _check(tmp_path, {"history.txt": AGAINST})
    assert _claim(report).verdict.label == "refuted"
