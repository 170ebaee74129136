"""What a grammar checker answers, in the response's own offsets."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from verifier.system.deadline import Deadline

__all__ = ["Checked", "GrammarChecker", "LtMatch"]


@dataclass(frozen=True, slots=True)
class LtMatch:
    """One LanguageTool match; ``start``/``end`` are Python string indices into the text
    checked (LanguageTool counts UTF-16 code units: the client converts)."""

    start: int
    end: int
    rule_id: str
    category: str
    issue_type: str
    message: str
    replacements: tuple[str, ...] = ()
    short_message: str = ""
    category_name: str = ""
    rule_description: str = ""
    sentence: str = ""


@dataclass(frozen=True, slots=True)
class Checked:
    """A checker's answer for one text."""

    software: str  # "LanguageTool"
    version: str  # "6.4"
    language: str  # the language code it checked with ("en-US")
    language_name: str  # "English (US)"
    where: str  # the server's base URL
    matches: tuple[LtMatch, ...] = ()
    incomplete: bool = False  # the server says it stopped early (warnings.incompleteResults)
    dropped: tuple[str, ...] = field(default=())  # matches that could not be placed, and why
    label: str = ""  # what ``checker`` says, when already known (a replay)

    @property
    def checker(self) -> str:
        """In words, for the report: ``languagetool 6.4 (en-US) at http://...``."""
        if self.label:
            return self.label
        name = self.software.lower() or "languagetool"
        version = f" {self.version}" if self.version else ""
        return f"{name}{version} ({self.language or 'language unknown'}) at {self.where}"


class GrammarChecker(Protocol):
    name: str  # "languagetool"
    where: str  # where it runs (a base URL)

    async def check(self, text: str, *, deadline: Deadline) -> Checked:
        """The checker's matches for ``text``; raises GrammarError when it cannot say."""
        ...

    async def aclose(self) -> None: ...
