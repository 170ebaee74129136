from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")

from tests.judges.tiny_nli import build
from verifier.config import NliJudgeSettings, Settings
from verifier.errors import ConfigError
from verifier.judges import aggregate
from verifier.judges.nli import NliJudge
from verifier.judges.registry import build_judges
from verifier.system.deadline import Deadline

CLAIM = "The tower opened in 1889."


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("nli"))


def judge(model_dir: Path, **kw: object) -> NliJudge:
    return NliJudge(model_dir, NliJudgeSettings(model_dir=str(model_dir), **kw))  # type: ignore[arg-type]


def test_labels_from_the_model(model_dir: Path) -> None:
    found = judge(model_dir).judge_all(
        CLAIM,
        [
            "It is true: the tower opened in 1889.",
            "That is false.",
            "The tower opened in Paris.",
            "",
        ],
    )
    assert [j.label for j in found] == ["supported", "refuted", "inconclusive", "inconclusive"]
    assert [j.evidence_index for j in found] == [0, 1, 2, 3]
    assert found[0].confidence > 0.99
    assert found[0].sentence == "It is true: the tower opened in 1889."
    assert "P(support)=0.33" in found[2].reason


def test_long_evidence_is_windowed_and_the_deciding_window_quoted(model_dir: Path) -> None:
    text = " ".join(["filler"] * 300) + " this is true"
    [result] = judge(model_dir, max_tokens=32, stride_tokens=8).judge_all(CLAIM, [text])
    assert result.label == "supported"
    assert result.sentence is not None
    assert "true" in result.sentence
    assert text[result.start : result.end] == result.sentence  # type: ignore[misc]
    assert result.start > 1000  # the window near the end, not the first one


def test_batching_does_not_change_the_answers(model_dir: Path) -> None:
    texts = ["true", "false", "filler word", "the tower is true", "false claim"] * 3
    one = judge(model_dir, batch_size=1).judge_all(CLAIM, texts)
    many = judge(model_dir, batch_size=4).judge_all(CLAIM, texts)
    assert [(j.label, j.confidence) for j in one] == [(j.label, j.confidence) for j in many]


def test_a_two_class_checker_never_refutes(tmp_path: Path) -> None:
    directory = build(tmp_path / "minicheck", labels=("unsupported", "supported"))
    found = judge(directory).judge_all(CLAIM, ["true", "false"])
    assert [j.label for j in found] == ["supported", "inconclusive"]


async def test_async_judge_and_chain(model_dir: Path) -> None:
    settings = Settings().with_overrides(
        {"judges.chain": ["heuristic", "nli"], "judges.nli.model_dir": str(model_dir)}
    )
    _heuristic, nli = build_judges(settings)
    assert nli.name == "nli"
    found = await nli.judge(CLAIM, ["this is true"], Deadline.after(10))
    assert aggregate(found).label == "supported"


def test_configuration_errors(tmp_path: Path, model_dir: Path) -> None:
    with pytest.raises(ConfigError, match="has no model"):
        NliJudge.from_settings(NliJudgeSettings())
    with pytest.raises(ConfigError, match=r"lacks model\.onnx, tokenizer\.json, config\.json"):
        NliJudge(tmp_path / "nothing")
    bad = tmp_path / "bad"
    build(bad)
    (bad / "config.json").write_text('{"id2label": {"0": "neutral", "1": "contradiction"}}')
    with pytest.raises(ConfigError, match="means entailment or support"):
        NliJudge(bad)
    (bad / "config.json").write_text('{"labels": []}')
    with pytest.raises(ConfigError, match="needs an id2label"):
        NliJudge(bad)
    broken = tmp_path / "broken"
    build(broken)
    (broken / "model.onnx").write_bytes(b"not a model")
    with pytest.raises(ConfigError, match="cannot load the model"):
        NliJudge(broken)
