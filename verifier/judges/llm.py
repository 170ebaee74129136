"""The ``llm`` judge: any OpenAI-compatible chat completions endpoint.

One request per claim: the claim and its numbered evidence passages (cut to
``max_evidence_chars`` in all), asking for JSON
``{"label": "supported" | "contradicted" | "inconclusive", "evidence_index": N,
"quote": "...", "explanation": "..."}``. The answer is validated: the label must be one of
the three, and a supported or contradicted answer must cite a passage and quote words
that are really in it (found exactly, or by rapidfuzz alignment at >= 90). A malformed
or unfounded answer, a timeout, a 429 or a 5xx is retried with backoff while the claim's
deadline allows (``retries`` times); a 4xx such as 401 is not. When nothing valid comes
back, every passage is inconclusive with the reason, so a broken endpoint never changes
a verdict.

The API key is read from the environment variable named by ``api_key_env`` and sent as a
bearer token; the endpoint gets the claim and the evidence text, nothing else.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
from collections.abc import Sequence
from typing import Any

import aiohttp
from rapidfuzz import fuzz

from verifier.config import LlmJudgeSettings
from verifier.errors import ConfigError
from verifier.judges.base import Judgement, Label
from verifier.system.deadline import Deadline
from verifier.web.http_errors import Failure, map_aiohttp_errors

__all__ = ["SYSTEM_PROMPT", "LlmJudge", "parse_answer"]

SYSTEM_PROMPT = (
    "You are a careful fact-checker. You get a claim and numbered evidence passages from "
    "web pages. Decide, using only the passages, whether the claim is supported, "
    "contradicted, or whether the passages do not settle it (inconclusive). Contradicted "
    "means a passage states something incompatible with the claim about the same subject, "
    "not merely that it is not mentioned. Answer with one JSON object and nothing else: "
    '{"label": "supported" | "contradicted" | "inconclusive", "evidence_index": <number '
    'of the deciding passage, or null>, "quote": "<the deciding words, copied exactly '
    'from that passage, or null>", "explanation": "<one sentence>"}'
)
_LABELS: dict[str, Label] = {
    "supported": "supported",
    "contradicted": "refuted",
    "inconclusive": "inconclusive",
}
_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.IGNORECASE)


class InvalidAnswer(ValueError):
    """The model's answer is not a valid, founded verdict."""


def _passages(evidence: Sequence[str], budget: int) -> list[str]:
    share = max(100, budget // max(1, len(evidence)))
    return [text if len(text) <= share else text[: share - 1] + "…" for text in evidence]


def user_message(claim: str, passages: Sequence[str]) -> str:
    lines = [f"Claim: {claim}", "", "Evidence passages:"]
    lines += [f"[{i}] {text}" for i, text in enumerate(passages)]
    return "\n".join(lines)


def parse_answer(content: str, evidence: Sequence[str]) -> tuple[Label, int | None, int, int, str]:
    """``(label, evidence_index, start, end, explanation)`` from the model's text, the
    quote located in ``evidence[evidence_index]``; :class:`InvalidAnswer` otherwise."""
    text = _FENCE.sub("", content.strip())
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        msg = f"not JSON ({exc.msg})"
        raise InvalidAnswer(msg) from exc
    if not isinstance(data, dict):
        msg = "not a JSON object"
        raise InvalidAnswer(msg)
    raw = str(data.get("label", "")).strip().lower()
    if raw not in _LABELS:
        msg = f"label {data.get('label')!r} is not supported/contradicted/inconclusive"
        raise InvalidAnswer(msg)
    label = _LABELS[raw]
    explanation = str(data.get("explanation") or "")[:500]
    if label == "inconclusive":
        return label, None, 0, 0, explanation
    index, quote = data.get("evidence_index"), data.get("quote")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(evidence):
        msg = f"evidence_index {index!r} names no passage"
        raise InvalidAnswer(msg)
    if not isinstance(quote, str) or not quote.strip():
        msg = "no quote for a decided claim"
        raise InvalidAnswer(msg)
    passage = evidence[index]
    quote = quote.strip().strip('"“”')
    start = passage.find(quote)
    if start >= 0:
        return label, index, start, start + len(quote), explanation
    found = fuzz.partial_ratio_alignment(quote, passage, processor=str.casefold)
    if found is None or found.score < 90:
        msg = f"the quote is not in passage [{index}]"
        raise InvalidAnswer(msg)
    return label, index, found.dest_start, found.dest_end, explanation


class LlmJudge:
    """See the module docstring."""

    name = "llm"
    instant = False
    model_id = None  # the endpoint's model is settings.model; provenance has it in the config

    def __init__(self, settings: LlmJudgeSettings, *, api_key: str | None = None) -> None:
        self.settings = settings
        self.url = settings.base_url.rstrip("/") + "/chat/completions"
        self.api_key = api_key
        self._session: aiohttp.ClientSession | None = None

    @classmethod
    def from_settings(cls, settings: LlmJudgeSettings) -> LlmJudge:
        if not settings.base_url or not settings.model:
            msg = "the llm judge needs judges.llm.base_url and judges.llm.model (an OpenAI-compatible endpoint); set them or take llm out of judges.chain"
            raise ConfigError(msg)
        if not settings.base_url.startswith(("http://", "https://")):
            msg = (
                f"judges.llm.base_url = {settings.base_url!r}: expected an http:// or https:// URL"
            )
            raise ConfigError(msg)
        return cls(settings, api_key=os.environ.get(settings.api_key_env) or None)

    def _client(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession()
        return self._session

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()

    async def judge(
        self,
        claim: str,
        evidence: Sequence[str],
        deadline: Deadline,
        *,
        before: Sequence[str] = (),
    ) -> list[Judgement]:
        if not evidence:
            return []
        passages = _passages(evidence, self.settings.max_evidence_chars)
        body = {
            "model": self.settings.model,
            "temperature": 0,
            "response_format": {"type": "json_object"},
            "messages": [
                {"role": "system", "content": SYSTEM_PROMPT},
                {"role": "user", "content": user_message(claim, passages)},
            ],
        }
        problems: list[str] = []
        for attempt in range(self.settings.retries + 1):
            if deadline.remaining() <= 0:
                problems.append("no time left")
                break
            try:
                content = await self._ask(body, deadline)
                label, index, start, end, why = parse_answer(content, passages)
            except _Final as exc:
                problems.append(str(exc))
                break
            except (InvalidAnswer, _Retry) as exc:
                problems.append(str(exc))
                pause = self.settings.backoff_s * 2**attempt
                if attempt < self.settings.retries and deadline.remaining() > pause:
                    await asyncio.sleep(pause)
                continue
            return self._judgements(evidence, passages, label, index, start, end, why)
        reason = f"llm: no valid answer after {len(problems)} attempt(s): {'; '.join(problems)}"
        return [
            Judgement("inconclusive", 0.0, self.name, i, reason=reason)
            for i in range(len(evidence))
        ]

    def _judgements(
        self,
        evidence: Sequence[str],
        passages: Sequence[str],
        label: Label,
        index: int | None,
        start: int,
        end: int,
        why: str,
    ) -> list[Judgement]:
        out = []
        for i in range(len(evidence)):
            if i == index:
                out.append(
                    Judgement(
                        label,
                        self.settings.confidence,
                        self.name,
                        i,
                        start,
                        min(end, len(evidence[i])),
                        evidence[i][start : min(end, len(evidence[i]))],
                        reason=f"llm ({self.settings.model}): {why}".rstrip(": "),
                        score=self.settings.confidence,
                    )
                )
            else:
                note = why if label == "inconclusive" else "not the passage the model cited"
                out.append(
                    Judgement("inconclusive", 0.0, self.name, i, reason=f"llm: {note}".rstrip(": "))
                )
        return out

    async def _ask(self, body: dict[str, Any], deadline: Deadline) -> str:
        headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
        timeout = aiohttp.ClientTimeout(total=deadline.timeout(self.settings.timeout_s))

        def raise_as(failure: Failure) -> _Retry:
            if failure.kind == "timeout":
                return _Retry(f"no answer within {timeout.total:.1f} s")
            return _Retry(str(failure))

        with map_aiohttp_errors(raise_as):
            async with self._client().post(
                self.url, json=body, headers=headers, timeout=timeout
            ) as resp:
                text = await resp.text()
                if resp.status == 429 or resp.status >= 500:
                    msg = f"HTTP {resp.status}"
                    raise _Retry(msg)
                if resp.status >= 400:
                    msg = f"HTTP {resp.status}: {text[:200]}"
                    raise _Final(msg)
        try:
            data = json.loads(text)
            content = data["choices"][0]["message"]["content"]
        except (json.JSONDecodeError, KeyError, IndexError, TypeError) as exc:
            msg = "not a chat completions response"
            raise InvalidAnswer(msg) from exc
        if not isinstance(content, str):
            msg = "the message has no text content"
            raise InvalidAnswer(msg)
        return content


class _Retry(Exception):
    pass


class _Final(Exception):
    pass
