from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from aiohttp.test_utils import TestServer

from tests.helpers import WAIT_S
from verifier.config import LlmJudgeSettings, Settings
from verifier.errors import ConfigError
from verifier.judges import aggregate
from verifier.judges.llm import LlmJudge, parse_answer
from verifier.judges.registry import build_judges
from verifier.system.deadline import Deadline
from verifier.testing import CHAT_REQUESTS, chat_app

CLAIM = "The Eiffel Tower was completed in 1899."
EVIDENCE = ["Paris has many bridges.", "The Eiffel Tower was completed in 1889 for the fair."]


def answer(label: str, index: int | None = 1, quote: str | None = "completed in 1889") -> str:
    return json.dumps(
        {"label": label, "evidence_index": index, "quote": quote, "explanation": "it says 1889"}
    )


Server = Callable[..., Any]


@pytest.fixture
async def endpoint(aiohttp_server: Server):  # type: ignore[no-untyped-def]
    async def start(*script: Any) -> tuple[TestServer, LlmJudge]:
        server = await aiohttp_server(chat_app(script))
        settings = LlmJudgeSettings(
            base_url=str(server.make_url("/v1")), model="fake-1", backoff_s=0.01, timeout_s=30.0
        )
        return server, LlmJudge(settings, api_key="sk-test")

    return start


async def test_contradicted_answer_is_validated_and_located(endpoint) -> None:  # type: ignore[no-untyped-def]
    server, judge = await endpoint(answer("contradicted"))
    found = await judge.judge(CLAIM, EVIDENCE, Deadline.after(WAIT_S))
    await judge.aclose()
    assert [j.label for j in found] == ["inconclusive", "refuted"]
    assert EVIDENCE[1][found[1].start : found[1].end] == "completed in 1889"  # type: ignore[misc]
    assert found[1].confidence == 0.85
    assert "fake-1" in found[1].reason
    [request] = server.app[CHAT_REQUESTS]
    assert request["authorization"] == "Bearer sk-test"
    assert request["body"]["model"] == "fake-1"
    assert "[1] The Eiffel Tower was completed in 1889" in request["body"]["messages"][1]["content"]
    assert aggregate(found).label == "refuted"


async def test_malformed_and_unfounded_answers_are_retried(endpoint) -> None:  # type: ignore[no-untyped-def]
    server, judge = await endpoint(
        "Sure! The claim is false.",
        answer("supported", quote="built by aliens"),
        ("raw", '{"unexpected": true}'),
        "```json\n" + answer("supported", quote="The Eiffel Tower was completed in 1889") + "\n```",
    )
    judge.settings = judge.settings.model_copy(update={"retries": 3})
    found = await judge.judge(CLAIM, EVIDENCE, Deadline.after(WAIT_S))
    await judge.aclose()
    assert found[1].label == "supported"
    assert len(server.app[CHAT_REQUESTS]) == 4


async def test_a_broken_endpoint_never_decides(endpoint) -> None:  # type: ignore[no-untyped-def]
    server, judge = await endpoint(500, 503, answer("maybe"))
    found = await judge.judge(CLAIM, EVIDENCE, Deadline.after(WAIT_S))
    await judge.aclose()
    assert {j.label for j in found} == {"inconclusive"}
    assert "HTTP 500; HTTP 503; label 'maybe'" in found[0].reason
    assert len(server.app[CHAT_REQUESTS]) == 3  # retries = 2


async def test_authentication_failures_are_not_retried(endpoint) -> None:  # type: ignore[no-untyped-def]
    server, judge = await endpoint(401)
    found = await judge.judge(CLAIM, EVIDENCE, Deadline.after(WAIT_S))
    await judge.aclose()
    assert "HTTP 401" in found[0].reason
    assert len(server.app[CHAT_REQUESTS]) == 1


async def test_slow_and_hanging_answers_end_at_the_deadline(endpoint) -> None:  # type: ignore[no-untyped-def]
    # the answers take an hour or never come: that the judge answers at all (within the
    # test's limit) is the deadline's doing
    _server, judge = await endpoint(("slow", 3600.0, answer("supported")), "hang")
    found = await judge.judge(CLAIM, EVIDENCE, Deadline.after(1.5))
    await judge.aclose()
    assert {j.label for j in found} == {"inconclusive"}
    assert "no answer within" in found[0].reason


async def test_inconclusive_answer(endpoint) -> None:  # type: ignore[no-untyped-def]
    _server, judge = await endpoint(answer("inconclusive", None, None))
    found = await judge.judge(CLAIM, EVIDENCE, Deadline.after(WAIT_S))
    await judge.aclose()
    assert {j.label for j in found} == {"inconclusive"}
    assert found[0].reason == "llm: it says 1889"


def test_parse_answer_rules() -> None:
    assert parse_answer(answer("supported", 1, "completed in 1889"), EVIDENCE)[:2] == (
        "supported",
        1,
    )
    # small differences in the quote are located by alignment
    _label, _index, start, end, _ = parse_answer(
        answer("contradicted", 1, "Completed  in 1889"), EVIDENCE
    )
    assert "1889" in EVIDENCE[1][start:end]
    for bad, why in [
        ("[]", "not a JSON object"),
        (answer("supported", 7), "names no passage"),
        (answer("supported", True), "names no passage"),
        (answer("supported", 1, ""), "no quote"),
    ]:
        with pytest.raises(ValueError, match=why):
            parse_answer(bad, EVIDENCE)


def test_configuration(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ConfigError, match=r"needs judges\.llm\.base_url and judges\.llm\.model"):
        LlmJudge.from_settings(LlmJudgeSettings())
    with pytest.raises(ConfigError, match="expected an http"):
        LlmJudge.from_settings(LlmJudgeSettings(base_url="ftp://x", model="m"))
    monkeypatch.setenv("MY_KEY", "sk-from-env")
    settings = Settings().with_overrides(
        {
            "judges.chain": ["llm"],
            "judges.llm.base_url": "http://127.0.0.1:9/v1",
            "judges.llm.model": "m",
            "judges.llm.api_key_env": "MY_KEY",
        }
    )
    [judge] = build_judges(settings)
    assert isinstance(judge, LlmJudge)
    assert judge.api_key == "sk-from-env"
