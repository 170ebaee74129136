from __future__ import annotations

import asyncio
from pathlib import Path

from verifier.config import LabelStudioSettings, LimitsSettings, Settings
from verifier.pipeline import check
from verifier.report.exports import FINDING_LABELS, LABEL_STUDIO_CONFIG, label_studio_config
from verifier.runtime import Runtime
from verifier.schema import CheckRequest
from verifier.snapshots import MemorySnapshotStore
from verifier.testing import MemoryFetcher, StaticSearch
from verifier.web.extract import Extractor
from workers.labelstudio.predictions import (
    cache_key,
    config_labels,
    config_problems,
    evidence_sources,
    model_version,
    not_checked,
    prediction,
    read_task,
)

FIELDS = LabelStudioSettings()
LIMITS = LimitsSettings(max_response_chars=100)


def test_a_task_is_read_from_the_fields_named_in_config() -> None:
    fields = LabelStudioSettings(response_field="answer", prompt_field="question")
    read = read_task({"id": 4, "data": {"answer": "It is 4.", "question": "2+2?"}}, fields, LIMITS)
    assert read.task_id == 4
    assert read.request == {"response": "It is 4.", "prompt": "2+2?", "flags": {}}
    missing = read_task({"id": 5, "data": {"response": "x"}}, fields, LIMITS)
    assert missing.request is None
    assert "no field 'answer' (labelstudio.response_field)" in (missing.problem or "")
    assert "must be a string" in (
        read_task({"data": {"response": 3}}, FIELDS, LIMITS).problem or ""
    )
    assert "over limits" in (
        read_task({"data": {"response": "x" * 101}}, FIELDS, LIMITS).problem or ""
    )
    assert read_task([], FIELDS, LIMITS).problem == "the task is not a JSON object"


def test_the_cache_key_is_the_text_and_the_settings() -> None:
    a = {"response": "r", "prompt": "p", "flags": {}}
    assert cache_key(a, "sha256:1") == cache_key(dict(a), "sha256:1")
    assert cache_key(a, "sha256:1") != cache_key(a, "sha256:2")
    assert cache_key(a, "sha256:1") != cache_key({**a, "prompt": "q"}, "sha256:1")
    version = model_version(Settings())
    assert version.startswith("verifier ")
    assert version != model_version(Settings().with_overrides({"judges.refuted_threshold": 0.99}))
    assert version == model_version(Settings().with_overrides({"labelstudio.wait_s": 1}))


def test_verifiers_config_fits_for_any_field_names_and_others_are_named_at_fault() -> None:
    assert config_problems(LABEL_STUDIO_CONFIG, "response") == []
    assert config_problems(label_studio_config("q", "answer"), "answer") == []
    assert config_problems(LABEL_STUDIO_CONFIG, "answer") == [
        'a <Text name="response" value="$answer"/>'
    ]
    problems = config_problems('<View><Text name="response" value="$response"/></View>', "response")
    assert len(problems) == 3


def test_a_report_with_a_check_that_did_not_run_suggests_no_rating(
    settings: Settings, extractor: Extractor
) -> None:
    runtime = Runtime(
        settings,
        [StaticSearch(unavailable="connection refused")],
        MemoryFetcher({}),
        extractor,
        MemorySnapshotStore(),
    )
    report = asyncio.run(check(CheckRequest("The Louvre opened as a museum in 1793."), runtime))
    assert report.status == "incomplete"
    made = prediction(report, "v", "http://x/labelstudio/reports/j?sig=s")
    assert [r["type"] for r in made["result"] if r["type"] == "rating"] == []
    lines = next(r for r in made["result"] if r["type"] == "textarea")["value"]["text"]
    assert lines[0].startswith("Incomplete report: ")
    assert lines[-1] == "Full report: http://x/labelstudio/reports/j?sig=s"
    assert not_checked("why", "v") == {
        "model_version": "v",
        "result": [
            {
                "id": "justification",
                "from_name": "justification",
                "to_name": "response",
                "type": "textarea",
                "value": {"text": ["verifier did not check this response: why"]},
            }
        ],
    }


def test_the_model_version_changes_with_the_evidence_sources(tmp_path: Path) -> None:
    from verifier.search.corpus import CorpusBackend, CorpusIndex

    settings = Settings()
    web = evidence_sources([StaticSearch(name="ddgs", version="ddgs 9")])
    CorpusIndex(tmp_path / "x.db", create=True).close()
    corpus = CorpusBackend(tmp_path / "x.db")
    local = evidence_sources([corpus])
    corpus.index.close()
    empty = corpus.content_digest[:16]
    assert local == (
        f"corpus:x {corpus.version} {(tmp_path / 'x.db').resolve()} (0 documents, content {empty})",
    )
    versions = {model_version(settings, s) for s in ((), web, local, (*web, *local))}
    assert len(versions) == 4  # --no-web with a corpus is another model than web search
    assert model_version(settings, web) == model_version(settings, list(web))
    request = {"response": "r", "prompt": "", "flags": {}}
    assert cache_key(request, "sha256:1", web) != cache_key(request, "sha256:1", local)


def test_findings_are_predicted_as_spans_when_the_project_has_their_labels(
    settings: Settings, extractor: Extractor
) -> None:
    advice = "Take 800 mg of ibuprofen every four hours for the knee pain."
    runtime = Runtime(settings, [], MemoryFetcher({}), extractor, MemorySnapshotStore())
    report = asyncio.run(check(CheckRequest(f"🦵 Sorry to hear that. {advice}"), runtime))
    made = prediction(report, "v", None)
    spans = [r["value"] for r in made["result"] if r["type"] == "labels"]
    found = [s for s in spans if s["labels"] == ["Advice without disclaimer"]]
    assert [s["text"] for s in found] == [advice]
    response = report.request["response"]
    assert response[found[0]["start"] : found[0]["end"]] == advice  # code points
    older = config_labels(LABEL_STUDIO_CONFIG) - set(FINDING_LABELS)  # a project made before
    kept = prediction(report, "v", None, older)
    assert not any(
        r["value"]["labels"][0] in FINDING_LABELS for r in kept["result"] if r["type"] == "labels"
    )
    assert (
        config_problems(LABEL_STUDIO_CONFIG.replace('"Spelling (check)"', '"x"'), "response") == []
    )
