"""The rubric scorer: a prompt, a response, the signals and the rater's flags in; the
score the rubric fixes (if any), the ceiling it imposes, what a human must still look at,
and a paragraph a rater can paste, out. Pure: no I/O, no model.

It never pretends to judge what it cannot: helpfulness, tone, comprehensiveness and
correctness beyond the checked claims stay with the rater, so without a fixing rule
``score`` is null and only ``max_score`` is given.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from verifier.config import RubricSettings
from verifier.rubric.advice import find_advice
from verifier.rubric.harm import screen_harm
from verifier.rubric.repetition import find_repetition
from verifier.rubric.rules import PRECEDENCE, RULES_VERSION, rule
from verifier.rubric.spelling import Misspelling, check_spelling
from verifier.schema import (
    AppliedRule,
    Grammar,
    GrammarMatch,
    Plagiarism,
    ReviewItem,
    Rubric,
    Truthfulness,
)

__all__ = ["score"]


def _span(start: int, end: int, text: str, **extra: Any) -> dict[str, Any]:
    return {"start": start, "end": end, "text": text, **extra}


@dataclass
class _Findings:
    """What the rules found so far: the rules applied, what a human must look at, and the
    figures of each check, in the order the steps add them."""

    applied: list[AppliedRule] = field(default_factory=list)
    review: list[ReviewItem] = field(default_factory=list)
    checks: dict[str, Any] = field(default_factory=dict)

    def apply(self, rule_id: str, why: str, evidence: list[dict[str, Any]] | None = None) -> None:
        r = rule(rule_id)
        self.applied.append(AppliedRule(r.id, r.effect, r.rubric, why, evidence or []))


def score(
    response: str,
    prompt: str = "",
    *,
    truthfulness: Truthfulness | None = None,
    plagiarism: Plagiarism | None = None,
    flags: Mapping[str, bool] | None = None,
    settings: RubricSettings | None = None,
    grammar: Grammar | None = None,
) -> Rubric:
    """Apply the rubric (see :mod:`verifier.rubric.rules`) to one response. ``grammar`` is
    the grammar checker's finding (:func:`verifier.grammar.classify.grammar_of`); without
    one, grammar is the built-in doubled words."""
    settings = settings or RubricSettings()
    grammar = grammar or Grammar.builtin()
    flags = {k: v for k, v in (flags or {}).items() if v}
    found = _Findings()
    empty = not response.strip()
    minor = [m for m in grammar.matches if m.severity == "minor"]
    _caller_and_minor(found, flags, minor, grammar, empty=empty)
    if plagiarism is not None:
        _plagiarism(plagiarism, found.apply, found.review)
    if truthfulness is not None:
        _truthfulness(truthfulness, found.apply, found.review)
    if not empty:
        _language(found, response, prompt, grammar, minor, flags, settings)
        _advice(found, response)
        _repetition(found, response, settings)
        _harm(found, response, flags)

    applied, review = found.applied, found.review
    fixed, ceiling = _ceiling(applied, settings.repetition_step)
    return Rubric(
        score=fixed,
        max_score=ceiling,
        applied=sorted(applied, key=lambda a: PRECEDENCE.index(a.effect)),
        needs_review=review,
        explanation=_explain(
            fixed,
            ceiling,
            applied,
            review,
            _not_checked(truthfulness, plagiarism, grammar),
            grammar,
        ),
        flags=dict(flags),
        checks=found.checks,
        rules_version=RULES_VERSION,
    )


def _caller_and_minor(
    found: _Findings,
    flags: Mapping[str, bool],
    minor: list[GrammarMatch],
    grammar: Grammar,
    *,
    empty: bool,
) -> None:
    """The rules the response's shape or the caller's flags settle: empty, harmful,
    nonsensical, a minor grammar issue, off topic."""
    if empty:
        found.apply("empty_response", "the response is empty or whitespace only")
    for flag in ("harmful", "nonsensical"):
        if flags.get(flag):
            found.apply(flag, f"flagged {flag} by the caller")
    if flags.get("minor_grammar_error"):
        found.apply("minor_grammar", "flagged minor_grammar_error by the caller")
    elif minor and not empty:
        found.apply(
            "minor_grammar",
            f"{_grammar_why(minor)} ({grammar.checker})",
            [_grammar_span(m) for m in minor[:50]],
        )
    if flags.get("off_topic"):
        found.apply("off_topic", "flagged off_topic by the caller: the rubric text fixes no score")
        found.review.append(ReviewItem("off_topic", "flagged off topic: decide how much it costs"))


def _language(
    found: _Findings,
    response: str,
    prompt: str,
    grammar: Grammar,
    minor: list[GrammarMatch],
    flags: Mapping[str, bool],
    settings: RubricSettings,
) -> None:
    """Spelling and grammar: the cap on real slips and errors, the rest for review."""
    typos = check_spelling(response, prompt, common_words=settings.spelling_common_words)
    high = [t for t in typos if t.confidence == "high"]
    low = [t for t in typos if t.confidence == "low"]
    errors = [m for m in grammar.matches if m.severity == "error"]
    found.checks["spelling"] = {
        "high_confidence": len(high),
        "low_confidence": len(low),
        "grammar": "doubled words only; other grammar is for the rater"
        if grammar.backend == "none" or grammar.status == "not_checked"
        else "doubled words; other grammar: see grammar",
    }
    found.checks["grammar"] = {
        "checker": grammar.checker,
        "status": grammar.status,
        "errors": grammar.errors,
        "minor": grammar.minor,
        "review": grammar.review,
        "excluded": grammar.excluded,
    }
    if high or errors:
        whys = []
        if high:
            whys.append(f"{len(high)} error(s): {_named(high)}")
        if errors:
            whys.append(f"{_grammar_why(errors)} ({grammar.checker})")
        found.apply(
            "spelling_grammar",
            "; ".join(whys),
            [_typo_span(t) for t in high[:50]] + [_grammar_span(m) for m in errors[:50]],
        )
    if low:
        found.review.append(
            ReviewItem(
                "spelling",
                f"{len(low)} word(s) to check (names, jargon or typos?): {_named(low)}",
                [_typo_span(t) for t in low[:50]],
            )
        )
    _grammar_review(
        grammar, minor, found.review, minor_flagged=bool(flags.get("minor_grammar_error"))
    )


def _advice(found: _Findings, response: str) -> None:
    """Advice needs a disclaimer or a referral to an expert."""
    advice = find_advice(response)
    found.checks["advice"] = {
        "gives_advice": advice.gives_advice,
        "topics": advice.topics,
        "disclaimers": len(advice.disclaimers),
        "dismissed_referrals": len(advice.dismissed_referrals),
    }
    if advice.missing_disclaimer:
        dismissed = (
            f"; it tells the reader they need no expert ({len(advice.dismissed_referrals)} "
            "dismissed referral(s))"
            if advice.dismissed_referrals
            else ""
        )
        found.apply(
            "advice_without_disclaimer",
            f"advice on {', '.join(advice.topics)} with no disclaimer or referral to an expert"
            + dismissed,
            [
                _span(a.start, a.end, a.text, topic=a.topic, topic_word=a.topic_word, cue=a.cue)
                for a in advice.advice[:50]
            ],
        )


def _repetition(found: _Findings, response: str, settings: RubricSettings) -> None:
    """A response that repeats itself ranks lower."""
    repetition = find_repetition(
        response,
        sentence_share=settings.repetition_sentence_share,
        ngram_share=settings.repetition_ngram_share,
    )
    found.checks["repetition"] = {
        "repeated_sentences": repetition.repeated_sentences,
        "sentence_share": repetition.sentence_share,
        "ngram_share": repetition.ngram_share,
        "repeated_paragraph": repetition.repeated_paragraph,
    }
    if repetition.repeats:
        found.apply(
            "repetition",
            f"the response repeats itself ({repetition.repeated_sentences} repeated sentences, "
            f"{repetition.ngram_share:.0%} of 4-grams repeated"
            + (", a paragraph given twice" if repetition.repeated_paragraph else "")
            + ")",
            [_span(s, e, t) for s, e, t in repetition.passages[:50]],
        )


def _harm(found: _Findings, response: str, flags: Mapping[str, bool]) -> None:
    """Possibly harmful instructions go to the rater, who alone decides on a 1."""
    harm = screen_harm(response)
    found.checks["harm_screen"] = {"cues": len(harm)}
    if harm and not flags.get("harmful"):
        found.review.append(
            ReviewItem(
                "harm",
                "possibly harmful instructions: decide whether to flag harmful (a 1)",
                [_span(h.start, h.end, h.text, topic=h.topic, cue=h.cue) for h in harm],
            )
        )


def _typo_span(t: Misspelling) -> dict[str, Any]:
    return _span(t.start, t.end, t.word, kind=t.kind, suggestion=t.suggestion, reason=t.reason)


def _named(typos: list[Misspelling]) -> str:
    """Every word, once, with the word meant: "'wrold' -> 'world', 'chloroauric'"."""
    named = {
        (t.word, t.suggestion): f"{t.word!r} -> {t.suggestion!r}" if t.suggestion else repr(t.word)
        for t in typos
    }
    return ", ".join(named.values())


def _grammar_span(m: GrammarMatch) -> dict[str, Any]:
    return _span(
        m.start,
        m.end,
        m.text,
        kind="grammar",
        rule_id=m.rule_id,
        category=m.category,
        message=m.message,
        suggestion=m.replacements[0] if m.replacements else None,
        reason=m.reason,
    )


def _grammar_why(matches: list[GrammarMatch]) -> str:
    shown = ", ".join(
        f"{m.text!r} ({m.rule_id}" + (f": {m.replacements[0]!r}" if m.replacements else "") + ")"
        for m in matches[:5]
    )
    kind = "minor issue" if matches[0].severity == "minor" else "grammar error"
    return f"{len(matches)} {kind}(s): {shown}"


def _grammar_review(
    grammar: Grammar, minor: list[GrammarMatch], review: list[ReviewItem], *, minor_flagged: bool
) -> None:
    """What the grammar check leaves to the rater: a check that did not run in full, the
    matches of categories that neither count nor are ignored, more than one minor issue."""
    if grammar.status == "not_checked":
        review.append(ReviewItem("grammar", f"grammar check not run: {grammar.note}"))
    elif grammar.status == "partial":
        review.append(ReviewItem("grammar", f"grammar check partial: {grammar.note}"))
    possible = [m for m in grammar.matches if m.severity == "review"]
    if possible:
        review.append(
            ReviewItem(
                "grammar",
                f"{len(possible)} possible grammar or usage issue(s) the checker is not sure "
                f"enough of to count ({', '.join(sorted({m.category or '?' for m in possible}))})",
                [_grammar_span(m) for m in possible[:50]],
            )
        )
    if len(minor) > 1 and not minor_flagged:
        review.append(
            ReviewItem(
                "grammar",
                f"{len(minor)} minor issues: a 4 allows one; decide whether they make it a 3",
                [_grammar_span(m) for m in minor[:50]],
            )
        )


def _plagiarism(p: Plagiarism, apply: Any, review: list[ReviewItem]) -> None:
    matches = [
        _span(
            m.response_start, m.response_end, m.response_text, source_url=m.source_url, kind=m.kind
        )
        for m in p.matches
        if m.counted
    ]
    if p.status == "partial":
        review.append(ReviewItem("plagiarism", f"copy check partial: {p.note}"))
    if p.status == "not_checked":
        review.append(ReviewItem("plagiarism", f"copy check not run: {p.note}"))
    elif p.verdict == "plagiarized" and not p.copy_requested:
        apply(
            "plagiarized",
            f"{p.copied_share:.0%} of the response copied (longest exact run "
            f"{p.longest_run_words} words) from {', '.join(s.url for s in p.sources[:3])}: "
            f"{p.reason}",
            matches,
        )
    elif p.verdict == "possible" and not p.copy_requested:
        review.append(
            ReviewItem(
                "plagiarism",
                f"possible copying: {p.reason or f'{p.copied_share:.0%} of the response matches a source'}",
                matches,
            )
        )
    # an edited passage shown for review keeps its source's wording beyond the facts (a
    # sentence that states the facts a page states is what a correct answer does)
    shared = p.thresholds.get("min_match_words", 0)
    alike = p.thresholds.get("review_similarity", 0)
    suspects = [
        m
        for m in p.matches
        if m.sentences
        and not m.counted
        and m.exemption is None
        and m.wording >= shared
        and m.similarity >= alike
    ]
    if suspects and p.verdict != "plagiarized":
        review.append(
            ReviewItem(
                "paraphrase",
                f"{len(suspects)} passage(s) reword a source, too little evidence to count "
                "(one closely paraphrased sentence, or a loose paraphrase)",
                [
                    _span(
                        m.response_start, m.response_end, m.response_text, source_url=m.source_url
                    )
                    for m in suspects
                ],
            )
        )


def _truthfulness(t: Truthfulness, apply: Any, review: list[ReviewItem]) -> None:
    def ref(r: Any) -> dict[str, Any]:
        return _span(
            r.start,
            r.end,
            r.text,
            claim_id=r.claim_id,
            quote=r.quote,
            url=r.url,
            snapshot_id=r.snapshot_id,
            quote_start=r.quote_start,
            quote_end=r.quote_end,
            why=r.why,
        )

    if t.false_information:
        apply(
            "false_information",
            f"{len(t.false_claims)} claim(s) refuted by the evidence",
            [ref(r) for r in t.false_claims],
        )
    if t.fake_resources:
        fake = [r for r in t.resources if r.fake]
        apply(
            "fake_resource",
            f"{len(fake)} cited resource(s) missing or mismatched",
            [
                _span(r.start, r.end, r.ref, status=r.status, reason=r.reason, url=r.url)
                for r in fake
            ],
        )
    if t.benefit_of_the_doubt:
        apply(
            "inconclusive_facts",
            f"{len(t.benefit_of_the_doubt)} claim(s) could not be settled: assumed correct",
            [ref(r) for r in t.benefit_of_the_doubt],
        )
    if t.review:
        # the review list first: claims likely false, not sure enough to cap (never a cap)
        review.insert(
            0,
            ReviewItem(
                "check_this",
                f"{len(t.review)} claim(s) likely false but not sure enough to count, most "
                "likely first: check these against their quotes",
                [{**ref(r), "likelihood": round(r.confidence, 3)} for r in t.review],
            ),
        )
    possible = [*t.weak_refutations, *t.conflicts]
    if possible:
        review.append(
            ReviewItem(
                "possible_false_facts",
                f"{len(possible)} claim(s) the evidence may contradict (another value in a "
                "slot), not confidently enough to count: check them",
                [ref(r) for r in possible],
            )
        )
    disputed = [r for r in t.benefit_of_the_doubt if r.why.startswith("disputed")]
    if disputed:
        review.append(
            ReviewItem(
                "disputed", "sources disagree about these claims", [ref(r) for r in disputed]
            )
        )
    if t.unchecked_claims:
        review.append(
            ReviewItem(
                "unchecked_facts",
                f"{len(t.unchecked_claims)} claim(s) could not be checked at all (no benefit "
                "of the doubt: check them by hand)",
                [ref(r) for r in t.unchecked_claims],
            )
        )
    unchecked = [r for r in t.resources if r.status == "unchecked"]
    if unchecked:
        review.append(
            ReviewItem(
                "resources",
                f"{len(unchecked)} cited resource(s) could not be checked",
                [_span(r.start, r.end, r.ref, reason=r.reason) for r in unchecked],
            )
        )


def _ceiling(applied: list[AppliedRule], step: int) -> tuple[int | None, int]:
    """``(fixed score or None, max score)`` by precedence: 1-rules, 3-rules, caps, lower."""
    effects = {a.effect for a in applied}
    if "score = 1" in effects:
        return 1, 1
    if "score = 3" in effects:
        # a repeated answer still ranks below the same answer given once
        fixed = max(1, 3 - step) if "lower" in effects else 3
        return fixed, fixed
    ceiling = 7
    if "cap <= 3" in effects:
        ceiling = 3
    elif "cap <= 4" in effects:
        ceiling = 4
    if "lower" in effects:
        ceiling = max(1, ceiling - step)
    return None, ceiling


def _not_checked(
    t: Truthfulness | None, p: Plagiarism | None, g: Grammar | None = None
) -> list[str]:
    """What the signals say was not checked, in words for the explanation."""
    out = []
    if t is not None and t.status != "checked":
        out.append(f"facts{' (partly)' if t.status == 'partial' else ''}: {t.note}")
    if p is not None and p.status != "checked":
        out.append(f"copying{' (partly)' if p.status == 'partial' else ''}: {p.note}")
    if g is not None and g.status != "checked":
        out.append(f"grammar{' (partly)' if g.status == 'partial' else ''}: {g.note}")
    return out


def _explain(
    fixed: int | None,
    ceiling: int,
    applied: list[AppliedRule],
    review: list[ReviewItem],
    not_checked: list[str],
    grammar: Grammar | None = None,
) -> str:
    deciding = [a for a in applied if a.effect not in ("review", "none")]
    parts: list[str] = []
    if not_checked:
        parts.append(
            "Incomplete: not everything could be checked, so the result below covers only "
            "what was. Not checked: " + "; ".join(not_checked) + "."
        )
    if fixed is not None:
        lead = min(deciding, key=lambda a: PRECEDENCE.index(a.effect))
        parts.append(f"Rated {fixed}: {lead.rubric} Here, {lead.why}.")
        lower = next((a for a in deciding if a.effect == "lower"), None)
        if lower is not None and fixed > 1:
            parts.append(f"One step lower: {lower.rubric} Here, {lower.why}.")
    elif deciding:
        parts.append(f"At most {ceiling}:")
        parts += [f"{a.rubric} Here, {a.why}." for a in deciding]
    elif not_checked:
        parts.append("Nothing that was checked limits the score.")
    else:
        parts.append(
            "No rubric rule limits the score: the fact checks, copy check and style checks "
            "found nothing that caps it."
        )
    benefit = next((a for a in applied if a.rule == "inconclusive_facts"), None)
    if benefit is not None:
        parts.append(f"{benefit.why[0].upper()}{benefit.why[1:]} (benefit of the doubt).")
    # said under "Not checked" already
    told = {
        "copy check not run",
        "copy check partial",
        "grammar check not run",
        "grammar check partial",
    }
    rest = [r for r in review if not any(r.why.startswith(t) for t in told)]
    if rest:
        parts.append("For the rater: " + "; ".join(r.why.rstrip("?.") for r in rest) + ".")
    if grammar is None or grammar.backend == "none" or grammar.status == "not_checked":
        parts.append(
            "Helpfulness, tone, completeness and grammar beyond doubled words are the rater's "
            "to judge."
        )
    else:
        parts.append(
            f"Grammar was checked by {grammar.checker}; helpfulness, tone, completeness and "
            "style are the rater's to judge."
        )
    return " ".join(parts)
