"""One meaning of "refuted" everywhere (issue 24): a claim is refuted only when its
refutation reaches ``judges.refuted_threshold``, the confidence that makes it false
information. A weaker conflict is inconclusive, shown for review, in the report, the
rater's page, the exports and ``verifier judge`` alike.

The same claim against the same page is checked twice: with the default threshold its
conflict (about 0.99) counts; with the threshold raised above it, it must be a possible
false fact on every surface and a refutation on none.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from verifier.render.html import report_html
from verifier.report.exports import argilla_record, jsonl_row, label_studio_task
from verifier.schema import Report
from workers.cli import main

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "examples" / "corpus"
CLAIM = "Marie Curie died in 1952."


def _check(tmp_path: Path, threshold: str | None, monkeypatch: pytest.MonkeyPatch) -> Report:
    if threshold is not None:
        monkeypatch.setenv("VERIFIER_JUDGES__REFUTED_THRESHOLD", threshold)
    answer = tmp_path / "answer.md"
    answer.write_text(CLAIM + "\n")
    result = CliRunner().invoke(
        main, ["check", str(answer), "--corpus", str(CORPUS), "--no-web"], catch_exceptions=False
    )
    assert result.exit_code == 0, result.stderr
    return Report.from_dict(json.loads(result.stdout))


def _judge(tmp_path: Path, threshold: str | None, monkeypatch: pytest.MonkeyPatch) -> dict:
    if threshold is not None:
        monkeypatch.setenv("VERIFIER_JUDGES__REFUTED_THRESHOLD", threshold)
    rows = tmp_path / "rows.jsonl"
    rows.write_text(
        json.dumps({"id": "1", "claim": CLAIM, "evidence": ["Marie Curie died on 4 July 1934."]})
        + "\n"
    )
    result = CliRunner().invoke(main, ["judge", "--input", str(rows)], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout.splitlines()[0])


def _labels(report: Report) -> set[str]:
    """Every claim label a rater or a labelling tool sees for the report."""
    task = label_studio_task(report)
    spans = {
        x["value"]["labels"][0] for x in task["predictions"][0]["result"] if x["type"] == "labels"
    }
    record = argilla_record(report)
    suggested = {
        s["label"]
        for q in record["suggestions"]
        if q["question_name"] == "spans"
        for s in q["value"]
    }
    return spans | suggested


def test_a_counted_refutation_is_refuted_everywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    report = _check(tmp_path, None, monkeypatch)
    claim = next(c for c in report.claims if c.check_worthy)
    assert claim.verdict is not None
    assert claim.verdict.label == "refuted"
    assert claim.verdict.confidence >= report.truthfulness.refuted_threshold
    assert report.truthfulness.false_information
    assert [r.claim_id for r in report.truthfulness.false_claims] == [claim.id]
    assert 'class="verdict v-refuted"' in report_html(report)
    assert "Claim: refuted" in _labels(report)
    assert jsonl_row(report)["refuted"] == 1
    assert _judge(tmp_path, None, monkeypatch)["label"] == "refuted"


def test_a_weaker_conflict_is_refuted_nowhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    report = _check(tmp_path, "0.999", monkeypatch)
    claim = next(c for c in report.claims if c.check_worthy)
    assert claim.verdict is not None
    # the report: inconclusive, the conflict shown, nothing counted
    assert claim.verdict.label == "inconclusive"
    assert [q.stance for q in claim.verdict.quotes][:1] == ["conflicts"]
    assert claim.verdict.quotes[0].conflicts == ["year 1952 vs 4 July 1934"]
    assert not report.truthfulness.false_information
    assert report.truthfulness.false_claims == []
    assert report.truthfulness.weak_refutations == []
    assert [r.claim_id for r in report.truthfulness.conflicts] == [claim.id]
    assert report.truthfulness.refuted == 0
    assert report.rubric is not None
    assert all(a.rule != "false_information" for a in report.rubric.applied)
    assert any(item.check == "possible_false_facts" for item in report.rubric.needs_review)
    # the rater's page: a possible false fact, no refuted verdict
    page = report_html(report)
    assert "possible false fact" in page
    assert 'class="verdict v-refuted"' not in page
    # the exports
    assert "Claim: refuted" not in _labels(report)
    assert jsonl_row(report)["refuted"] == 0
    # verifier judge: the same rule
    row = _judge(tmp_path, "0.999", monkeypatch)
    assert row["label"] == "inconclusive"
    assert row["conflicts"] == ["year 1952 vs 4 July 1934"]
