"""The rubric's caps from the grammar check: errors at 3, one minor issue at 4, the rest
for review, a check that could not run said plainly."""

from __future__ import annotations

from verifier.rubric.scorer import score
from verifier.schema import Grammar, GrammarMatch

TEXT = "The results was clear and the method is sound."


def finding(severity: str, fragment: str = "was", category: str = "GRAMMAR") -> GrammarMatch:
    at = TEXT.index(fragment)
    return GrammarMatch(
        at,
        at + len(fragment),
        fragment,
        "RULE_X",
        category,
        "grammar",
        "message",
        ["were"],
        severity,  # type: ignore[arg-type]
        "why",
    )


def grammar(*matches: GrammarMatch, status: str = "checked", note: str = "") -> Grammar:
    return Grammar(
        "languagetool",
        "languagetool 6.4 (en-US) at http://lt:8081",
        status,  # type: ignore[arg-type]
        note=note,
        errors=sum(m.severity == "error" for m in matches),
        minor=sum(m.severity == "minor" for m in matches),
        review=sum(m.severity == "review" for m in matches),
        matches=list(matches),
    )


def rules(r) -> dict[str, str]:
    return {a.rule: a.why for a in r.applied}


def test_a_grammar_error_caps_at_3_with_its_evidence() -> None:
    r = score(TEXT, grammar=grammar(finding("error")))
    assert r.max_score == 3
    assert "spelling_grammar" in rules(r)
    assert "1 grammar error(s): 'was' (RULE_X: 'were')" in rules(r)["spelling_grammar"]
    (ev,) = next(a for a in r.applied if a.rule == "spelling_grammar").evidence
    assert (ev["start"], ev["end"], ev["text"], ev["rule_id"], ev["suggestion"]) == (
        12,
        15,
        "was",
        "RULE_X",
        "were",
    )
    assert r.checks["grammar"]["errors"] == 1
    assert "Grammar was checked by languagetool 6.4" in r.explanation


def test_one_minor_issue_caps_at_4() -> None:
    r = score(TEXT, grammar=grammar(finding("minor", "sound", "STYLE")))
    assert r.max_score == 4
    assert "1 minor issue(s)" in rules(r)["minor_grammar"]
    assert not [i for i in r.needs_review if i.check == "grammar"]


def test_more_than_one_minor_issue_stays_at_4_and_asks_the_rater() -> None:
    r = score(
        TEXT,
        grammar=grammar(finding("minor", "sound", "STYLE"), finding("minor", "clear", "STYLE")),
    )
    assert r.max_score == 4
    (item,) = [i for i in r.needs_review if i.check == "grammar"]
    assert "a 4 allows one" in item.why


def test_an_error_beats_a_minor_issue() -> None:
    r = score(TEXT, grammar=grammar(finding("error"), finding("minor", "sound", "STYLE")))
    assert r.max_score == 3


def test_review_and_excluded_matches_do_not_cap() -> None:
    r = score(
        TEXT, grammar=grammar(finding("review", "clear", "SEMANTICS"), finding("excluded", "sound"))
    )
    assert r.max_score == 7
    (item,) = [i for i in r.needs_review if i.check == "grammar"]
    assert "1 possible grammar or usage issue(s)" in item.why
    assert "SEMANTICS" in item.why
    assert item.evidence[0]["text"] == "clear"


def test_a_checker_that_could_not_run_is_never_clean() -> None:
    g = grammar(
        status="not_checked", note="languagetool at http://lt:8081: cannot connect (refused)"
    )
    r = score(TEXT, grammar=g)
    assert r.max_score == 7  # nothing found, but nothing could be looked for either
    (item,) = [i for i in r.needs_review if i.check == "grammar"]
    assert item.why.startswith("grammar check not run: languagetool at http://lt:8081")
    assert r.explanation.startswith("Incomplete: not everything could be checked")
    assert "grammar: languagetool at http://lt:8081: cannot connect" in r.explanation
    assert "grammar beyond doubled words are the rater's" in r.explanation


def test_without_a_checker_grammar_is_doubled_words_only() -> None:
    r = score(TEXT)
    assert r.checks["grammar"]["checker"].startswith("none: doubled words only")
    assert r.checks["spelling"]["grammar"] == "doubled words only; other grammar is for the rater"
    assert r.explanation.endswith("grammar beyond doubled words are the rater's to judge.")


def test_the_caller_s_minor_flag_and_a_minor_finding_apply_once() -> None:
    r = score(
        TEXT,
        flags={"minor_grammar_error": True},
        grammar=grammar(finding("minor", "sound", "STYLE")),
    )
    assert [a.rule for a in r.applied].count("minor_grammar") == 1
    assert r.max_score == 4


def test_spelling_and_grammar_errors_share_one_rule() -> None:
    text = "The results was clear and the wrold is round."
    at = text.index("was")
    g = grammar(GrammarMatch(at, at + 3, "was", "R", "GRAMMAR", "grammar", "m", [], "error", "why"))
    r = score(text, grammar=g)
    applied = [a for a in r.applied if a.rule == "spelling_grammar"]
    assert len(applied) == 1
    assert {e["text"] for e in applied[0].evidence} == {"wrold", "was"}
