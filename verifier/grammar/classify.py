"""Which grammar matches count, and how: pure, from the response, the prompt, the
checker's answer and ``[grammar]`` settings.

A match is **excluded** (listed, never counted) when

- its rule is in ``ignore_rules`` (by default: ``PUNCTUATION_PARAGRAPH_END``, which fires
  on every list item and heading without a full stop, and ``ENGLISH_WORD_REPEAT_RULE``,
  doubled words being the spelling check's, with its exceptions);
- it comes from LanguageTool's speller (``MORFOLOGIK_RULE_*``, ``HUNSPELL_*``): spelling
  is the spelling check's, which knows names, jargon and the prompt's words;
- it falls where the spelling check does not look: code (blocks and inline), URLs, e-mail
  addresses, paths and identifiers, markup and LaTeX commands; or in a heading or table
  row (not sentences);
- it falls inside quotation marks or a block quote (quoted text is not the response's own
  wording: a quoted typo is faithful);
- the word it flags is a name (capitalised inside a sentence), an acronym or an
  identifier, or the prompt's own words;
- its category is in ``ignore_categories`` (style, redundancy, typography, ...).

Otherwise it is an **error** (caps the score at 3) when its rule is in ``error_rules`` or
its category in ``error_categories``, **minor** (caps at 4) by ``minor_rules`` /
``minor_categories``, and **review** (listed for the rater) for anything else. A rule named
by id wins over its category.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verifier.config import GrammarSettings
from verifier.grammar.base import Checked, LtMatch
from verifier.plagiarism.exemptions import quoted_spans
from verifier.rubric.spelling import is_name, skipped_spans
from verifier.schema import Grammar, GrammarMatch, Severity
from verifier.text.spans import blocks

__all__ = ["classify", "grammar_of", "is_speller"]

_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['’-](?=[^\W\d_]))*")
_SPELLERS = ("MORFOLOGIK_RULE", "HUNSPELL")


def is_speller(rule_id: str) -> bool:
    """A match of LanguageTool's spell checker (not of a grammar rule)."""
    return rule_id.startswith(_SPELLERS)


class _Places:
    """The places of one response that a match may fall in, found once."""

    def __init__(self, response: str, prompt: str) -> None:
        self.response = response
        self.skipped = skipped_spans(response)
        self.quoted = quoted_spans(response)
        self.not_sentences = [
            (b.start, b.end, "a heading" if b.kind == "heading" else "a table row")
            for b in blocks(response)
            if b.kind in ("heading", "table_row")
        ]
        self.prompt_words = {w.lower() for w in _WORD.findall(prompt)}
        self.prompt = " ".join(prompt.lower().split())

    def why_excluded(self, start: int, end: int) -> str | None:
        for s, e, kind in self.skipped:
            if s < max(end, start + 1) and start < e:
                return f"in {kind}" if kind == "code" else f"in {kind} (not prose)"
        for s, e, kind in self.not_sentences:
            if s <= start < e:
                return f"in {kind} (not a sentence)"
        for s, e in self.quoted:
            if s <= start and end <= e:
                return "inside quotation marks (quoted text, not the response's wording)"
        flagged = self.response[start:end]
        words = _WORD.findall(flagged)
        if len(words) == 1:
            word = words[0]
            at = start + flagged.index(word)
            before = self.response[max(0, at - 2) : at]
            if is_name(word, before if at > 0 else ""):
                return f"{word!r} is a name, an acronym or an identifier"
            if word.lower() in self.prompt_words:
                return f"{word!r} is the prompt's word"
        elif words and " ".join(flagged.lower().split()) in self.prompt:
            return "the prompt's own wording"
        return None


def _severity(match: LtMatch, places: _Places, s: GrammarSettings) -> tuple[Severity, str]:
    rule, category = match.rule_id, match.category
    if rule in s.ignore_rules:
        return "excluded", f"rule {rule} never counts (grammar.ignore_rules)"
    if is_speller(rule):
        return "excluded", "a misspelling: spelling is counted by the spelling check"
    where = places.why_excluded(match.start, match.end)
    if where is not None:
        return "excluded", where
    if rule in s.error_rules:
        return "error", f"rule {rule} counts as an error (grammar.error_rules)"
    if rule in s.minor_rules:
        return "minor", f"rule {rule} counts as a minor issue (grammar.minor_rules)"
    if category in s.ignore_categories:
        return "excluded", f"category {category} never counts (grammar.ignore_categories)"
    if category in s.error_categories:
        return "error", f"category {category} counts as an error (grammar.error_categories)"
    if category in s.minor_categories:
        return "minor", f"category {category} counts as a minor issue (grammar.minor_categories)"
    return "review", f"category {category or 'unknown'}: for the rater to judge"


def classify(
    response: str, prompt: str, matches: Sequence[LtMatch], settings: GrammarSettings
) -> list[GrammarMatch]:
    """Every match, placed in the response, with its severity and the reason for it."""
    places = _Places(response, prompt)
    out = []
    for m in sorted(matches, key=lambda m: (m.start, m.end, m.rule_id)):
        severity, reason = _severity(m, places, settings)
        out.append(
            GrammarMatch(
                start=m.start,
                end=m.end,
                text=response[m.start : m.end],
                rule_id=m.rule_id,
                category=m.category,
                issue_type=m.issue_type,
                message=m.message,
                replacements=list(m.replacements),
                severity=severity,
                reason=reason,
                short_message=m.short_message,
                category_name=m.category_name,
                rule_description=m.rule_description,
                sentence=m.sentence,
            )
        )
    return out


def _categories(s: GrammarSettings) -> dict[str, list[str]]:
    return {
        "error_categories": list(s.error_categories),
        "error_rules": list(s.error_rules),
        "minor_categories": list(s.minor_categories),
        "minor_rules": list(s.minor_rules),
        "ignore_categories": list(s.ignore_categories),
        "ignore_rules": list(s.ignore_rules),
    }


def grammar_of(
    response: str,
    prompt: str,
    outcome: Checked | str | None,
    settings: GrammarSettings,
) -> Grammar:
    """The report's grammar check from :func:`verifier.grammar.run_grammar`'s outcome:
    the checker's answer, the reason it could not check, or None (none configured)."""
    if settings.backend == "none":
        return Grammar.builtin()
    where = settings.base_url.rstrip("/")
    if outcome is None:  # a blank response: nothing to ask
        return Grammar(
            settings.backend,
            f"{settings.backend} at {where} (not asked: the response is empty)",
            "checked",
            language=settings.language,
            categories=_categories(settings),
        )
    if isinstance(outcome, str):
        return Grammar(
            settings.backend,
            f"{settings.backend} at {where} (no answer; doubled words only)",
            "not_checked",
            language=settings.language,
            note=outcome,
            categories=_categories(settings),
        )
    matches = classify(response, prompt, outcome.matches, settings)
    notes = []
    if outcome.incomplete:
        notes.append(
            "the checker says its results are incomplete (warnings.incompleteResults): "
            "part of the text may not have been checked"
        )
    if outcome.dropped:
        notes.append(
            f"{len(outcome.dropped)} match(es) could not be placed in the text: {outcome.dropped[0]}"
        )
    count = {k: sum(m.severity == k for m in matches) for k in ("error", "minor", "review")}
    return Grammar(
        settings.backend,
        outcome.checker,
        "partial" if notes else "checked",
        language=outcome.language,
        note="; ".join(notes),
        errors=count["error"],
        minor=count["minor"],
        review=count["review"],
        excluded=sum(m.severity == "excluded" for m in matches),
        matches=matches,
        categories=_categories(settings),
    )
