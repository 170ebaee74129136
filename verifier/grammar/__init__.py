"""The grammar check: a LanguageTool server where the user runs one, the built-in doubled
words where none runs.

- :mod:`.base`: what a checker answers (:class:`Checked`, :class:`LtMatch`) and the
  :class:`GrammarChecker` protocol.
- :mod:`.languagetool`: the client for LanguageTool's HTTP API (``POST /v2/check``).
- :mod:`.classify`: pure: which matches count (errors, minor issues, review) and which
  never do (code, URLs, names, quoted text, the prompt's words, ignored categories).
- :func:`run_grammar`: one response through the configured checker, within the report's
  deadline, never raising: a failure is the reason the check is ``not_checked``.
"""

from __future__ import annotations

from verifier.config import GrammarSettings
from verifier.errors import GrammarError
from verifier.grammar.base import Checked, GrammarChecker, LtMatch
from verifier.system.deadline import Deadline

__all__ = ["Checked", "GrammarChecker", "LtMatch", "run_grammar"]


async def run_grammar(
    checker: GrammarChecker | None,
    text: str,
    settings: GrammarSettings,
    deadline: Deadline,
) -> Checked | str | None:
    """The checker's answer for ``text``; the reason in words when it could not check it;
    None when no checker is configured (or the text is blank: nothing to ask)."""
    if settings.backend == "none" or not text.strip():
        return None
    if checker is None:
        return f"grammar.backend is {settings.backend!r} but no checker was opened for this check"
    if deadline.expired:
        return f"{checker.name} at {checker.where}: the report's time budget ran out before it was asked"
    try:
        return await checker.check(text, deadline=deadline.within(settings.timeout_s))
    except GrammarError as exc:
        return str(exc)
