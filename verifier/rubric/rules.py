"""The raters' 1-7 rubric as data: one row per rule, with a stable id, the rubric sentence
it comes from, what triggers it and its effect.

Effects, in order of precedence (:data:`PRECEDENCE`): ``score = 1`` beats ``score = 3``
beats the caps (``cap <= 3``, ``cap <= 4``: the lowest applies), then ``lower`` (one step,
``rubric.repetition_step``, below the ceiling, and below a fixed 3, so a repeated answer
always ranks below the same answer given once; a 1 stays a 1); ``review`` and ``none``
never change a score. Adding a violation never raises the ceiling.
"""

from __future__ import annotations

from dataclasses import dataclass

from verifier.schema import Effect

__all__ = ["PRECEDENCE", "RULES", "RULES_VERSION", "Effect", "Rule", "rule", "rule_words"]

RULES_VERSION = "rubric/1"

PRECEDENCE: tuple[Effect, ...] = (
    "score = 1",
    "score = 3",
    "cap <= 3",
    "cap <= 4",
    "lower",
    "review",
    "none",
)


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    effect: Effect
    rubric: str  # the rubric sentence this rule encodes
    trigger: str  # the signal that triggers it
    words: str  # the rule in a few plain words, for a score line a rater reads


RULES: tuple[Rule, ...] = (
    Rule(
        "empty_response",
        "score = 1",
        "Empty responses are rated 1 (Terrible).",
        "the response is empty or whitespace only",
        "empty response",
    ),
    Rule(
        "harmful",
        "score = 1",
        "Harmful responses are rated 1 (Terrible); this trumps everything.",
        "the caller's flag harmful: true (the built-in harm screen only asks for review)",
        "harmful response",
    ),
    Rule(
        "nonsensical",
        "score = 1",
        "Nonsensical responses are rated 1; repeating a nonsensical response does not help.",
        "the caller's flag nonsensical: true",
        "nonsensical response",
    ),
    Rule(
        "plagiarized",
        "score = 3",
        "A response that contains plagiarized content, where the prompt did not ask for "
        "something copied or extracted, is rated a 3.",
        "plagiarism.verdict is plagiarized and the prompt did not request copying",
        "plagiarized",
    ),
    Rule(
        "false_information",
        "cap <= 3",
        "False information makes a response at most a 3.",
        "truthfulness.false_information (a claim refuted with confidence >= judges.refuted_threshold)",
        "false information",
    ),
    Rule(
        "fake_resource",
        "cap <= 3",
        "A fake, incorrect or discredited resource makes a response at most a 3.",
        "truthfulness.fake_resources (a cited URL or DOI missing or mismatched)",
        "fake or incorrect resource",
    ),
    Rule(
        "spelling_grammar",
        "cap <= 3",
        "Any spelling or grammar error caps a response at 3: a 7 and a 5 contain zero "
        "spelling, grammar or punctuation errors.",
        "a high-confidence spelling error, a doubled word, or a grammar checker's match "
        "that counts as an error (grammar.error_categories / error_rules)",
        "spelling or grammar error",
    ),
    Rule(
        "minor_grammar",
        "cap <= 4",
        "A 4 may contain a minor grammar or style error.",
        "the caller's flag minor_grammar_error: true, or a grammar checker's match that "
        "counts as a minor issue (grammar.minor_categories / minor_rules)",
        "minor grammar or style error",
    ),
    Rule(
        "advice_without_disclaimer",
        "cap <= 3",
        "Advice needs a disclaimer, a warning or a recommendation to consult an expert.",
        "advice on health, law, finance or safety and no disclaimer or referral anywhere",
        "advice without a disclaimer",
    ),
    Rule(
        "repetition",
        "lower",
        "Responses that repeat the same answer rank lower than ones that do not.",
        "a repeated paragraph, or many repeated sentences and 4-grams",
        "repeated content",
    ),
    Rule(
        "off_topic",
        "review",
        "The response must answer the prompt.",
        "the caller's flag off_topic: true (the rubric text gives no fixed score)",
        "off topic",
    ),
    Rule(
        "inconclusive_facts",
        "none",
        "If a fact cannot be settled by a simple web search, assume it is correct "
        "(benefit of the doubt).",
        "claims inconclusive, disputed, timed out or not searched",
        "facts that could not be settled",
    ),
)
_BY_ID = {r.id: r for r in RULES}


def rule(rule_id: str) -> Rule:
    return _BY_ID[rule_id]


def rule_words(rule_id: str) -> str:
    """The rule in plain words ("spelling or grammar error"); an id this version does not
    know (a report from another version) with its underscores as spaces."""
    known = _BY_ID.get(rule_id)
    return known.words if known else rule_id.replace("_", " ")
