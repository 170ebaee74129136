"""A client for LanguageTool's HTTP API: ``POST {base_url}/v2/check``.

The request is a form (``text``, ``language``, ``level``) as LanguageTool's API
documentation gives it; the answer is its JSON: ``software`` (name, version),
``language`` (name, code), ``warnings.incompleteResults`` and ``matches[]``, each with
``offset``/``length``, ``message``, ``shortMessage``, ``replacements[].value``,
``sentence`` and ``rule`` (``id``, ``description``, ``issueType``, ``category.id``/
``name``). LanguageTool is Java: its offsets count UTF-16 code units, which differ from
Python's string indices after an emoji or any other character beyond U+FFFF; they are
converted, and checked against the match's ``context``.

A LanguageTool server is infrastructure the team runs itself (like SearXNG), so the SSRF
guard does not apply to it. Failures are read through :mod:`verifier.web.http_errors`, like
every other backend's, and raised as :class:`~verifier.errors.GrammarError` with a line
that says where and what.
"""

from __future__ import annotations

import asyncio
import json
from bisect import bisect_left
from collections.abc import Mapping
from typing import Any, TypeGuard

import aiohttp

from verifier.config import GrammarSettings
from verifier.errors import ConfigError, GrammarError
from verifier.grammar.base import Checked, LtMatch
from verifier.system.deadline import Deadline
from verifier.web.http_errors import Failure, json_session, map_aiohttp_errors

__all__ = ["LanguageToolClient", "check_url", "parse_check"]

_REPLACEMENTS = 5  # suggestions kept per match


def check_url(base_url: str) -> str:
    """``http://host:8081``, ``.../`` and ``.../v2`` all mean ``http://host:8081/v2/check``."""
    base = base_url.rstrip("/")
    base = base.removesuffix("/check").removesuffix("/v2")
    return base + "/v2/check"


class LanguageToolClient:
    name = "languagetool"

    def __init__(self, settings: GrammarSettings) -> None:
        if not settings.base_url:
            msg = 'grammar.backend is "languagetool" but grammar.base_url is empty; set it to your server, e.g. http://127.0.0.1:8081 (docs/grammar.md)'
            raise ConfigError(msg)
        self.settings = settings
        self.where = settings.base_url.rstrip("/")
        self.url = check_url(settings.base_url)
        self._session: aiohttp.ClientSession | None = None

    def _client(self) -> aiohttp.ClientSession:
        if self._session is None:
            self._session = json_session()
        return self._session

    async def check(self, text: str, *, deadline: Deadline) -> Checked:
        timeout = deadline.timeout(self.settings.timeout_s)
        where = f"{self.name} at {self.where}"
        if timeout <= 0:
            msg = f"{where}: no time left in the report's budget to ask"
            raise GrammarError(msg)
        form = {"text": text, "language": self.settings.language, "level": self.settings.level}

        def raise_as(failure: Failure) -> GrammarError:
            if failure.kind == "timeout":
                return GrammarError(f"{where}: no answer within {timeout:.1f} s")
            if failure.kind == "connect":
                return GrammarError(f"{where}: cannot connect ({failure.detail})")
            return GrammarError(f"{where}: {failure}")

        with map_aiohttp_errors(raise_as):
            async with asyncio.timeout(timeout):
                async with self._client().post(self.url, data=form) as resp:
                    body = await resp.read()
                    status = resp.status
        if status != 200:
            said = " ".join(body[:200].decode("utf-8", "replace").split())
            msg = f"{where}: HTTP {status}" + (f" ({said})" if said else "")
            raise GrammarError(msg)
        try:
            data = json.loads(body)
        except ValueError as exc:
            msg = f"{where}: the answer is not JSON ({exc})"
            raise GrammarError(msg) from exc
        return parse_check(data, text, where=self.where, asked=self.settings.language)

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None


def parse_check(data: Any, text: str, *, where: str, asked: str = "") -> Checked:
    """LanguageTool's answer for ``text`` as :class:`Checked`; GrammarError when it is not
    LanguageTool's JSON. A match whose offsets do not fall on its own context is left
    out and named in ``dropped`` (the check is then partial)."""
    what = f"languagetool at {where}"
    if not isinstance(data, dict) or not isinstance(data.get("matches"), list):
        msg = f"{what}: the answer is not LanguageTool JSON (no 'matches' list)"
        raise GrammarError(msg)
    software = _dict(data.get("software"))
    language = _dict(data.get("language"))
    units = _Utf16(text)
    matches: list[LtMatch] = []
    dropped: list[str] = []
    for n, raw in enumerate(data["matches"]):
        match = _match(raw, units)
        if match is None:
            msg = f"{what}: the answer is not LanguageTool JSON (match {n} has no offset, length or rule id)"
            raise GrammarError(msg)
        if isinstance(match, str):
            dropped.append(match)
        else:
            matches.append(match)
    return Checked(
        software=str(software.get("name") or "LanguageTool"),
        version=str(software.get("version") or ""),
        language=str(language.get("code") or asked),
        language_name=str(language.get("name") or ""),
        where=where,
        matches=tuple(matches),
        incomplete=bool(_dict(data.get("warnings")).get("incompleteResults")),
        dropped=tuple(dropped),
    )


def _dict(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, dict) else {}


def _match(raw: Any, units: _Utf16) -> LtMatch | str | None:
    """The match in Python offsets; a string saying why it cannot be placed; None when it
    is not a LanguageTool match at all."""
    if not isinstance(raw, dict):
        return None
    offset, length, rule = raw.get("offset"), raw.get("length"), _dict(raw.get("rule"))
    if not (_int(offset) and _int(length) and rule.get("id")):
        return None
    context = _dict(raw.get("context"))
    expected = None
    if isinstance(context.get("text"), str) and _int(context.get("offset")):
        c = _Utf16(context["text"])
        expected = c.slice(context["offset"], context.get("length", length))
    span = units.place(offset, length, expected)
    if span is None:
        return (
            f"{rule['id']} at offset {offset}: its offsets do not fall on its context in the text"
        )
    category = _dict(rule.get("category"))
    replacements = tuple(
        str(r["value"])
        for r in raw.get("replacements") or []
        if isinstance(r, dict) and isinstance(r.get("value"), str)
    )[:_REPLACEMENTS]
    return LtMatch(
        start=span[0],
        end=span[1],
        rule_id=str(rule["id"]),
        category=str(category.get("id") or ""),
        issue_type=str(rule.get("issueType") or ""),
        message=str(raw.get("message") or ""),
        replacements=replacements,
        short_message=str(raw.get("shortMessage") or ""),
        category_name=str(category.get("name") or ""),
        rule_description=str(rule.get("description") or ""),
        sentence=str(raw.get("sentence") or ""),
    )


def _int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


class _Utf16:
    """A text's UTF-16 positions (Java's string indices) and Python's, both ways."""

    __slots__ = ("at", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.at: list[int] | None = None
        if any(ord(c) > 0xFFFF for c in text):
            at = [0]
            for c in text:
                at.append(at[-1] + (2 if ord(c) > 0xFFFF else 1))
            self.at = at

    def index(self, unit: int) -> int | None:
        """The Python index of a UTF-16 position (None inside a surrogate pair or past
        the end)."""
        if self.at is None:
            return unit if unit <= len(self.text) else None
        i = bisect_left(self.at, unit)
        return i if i < len(self.at) and self.at[i] == unit else None

    def slice(self, offset: int, length: int) -> str | None:
        start, end = self.index(offset), self.index(offset + length)
        return None if start is None or end is None else self.text[start:end]

    def place(self, offset: int, length: int, expected: str | None) -> tuple[int, int] | None:
        """The match's span: read as UTF-16 (as LanguageTool counts); if that does not
        give its context's words, as code points (some servers' versions); else None."""
        start, end = self.index(offset), self.index(offset + length)
        if (
            start is not None
            and end is not None
            and (expected is None or _same(self.text[start:end], expected))
        ):
            return start, end
        end = offset + length
        if (
            expected is not None
            and end <= len(self.text)
            and _same(self.text[offset:end], expected)
        ):
            return offset, end
        return None


def _same(a: str, b: str) -> bool:
    """Equal but for whitespace (a context shows line breaks as spaces)."""
    return a.split() == b.split()
