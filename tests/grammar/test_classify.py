"""Which matches count: the spelling check's exclusions, categories and rules."""

from __future__ import annotations

from verifier.config import GrammarSettings
from verifier.grammar.base import Checked, LtMatch
from verifier.grammar.classify import classify, grammar_of

LT = GrammarSettings(backend="languagetool", base_url="http://lt:8081")


def match(
    text: str, fragment: str, rule_id: str = "SOME_RULE", category: str = "GRAMMAR", n: int = 0
) -> LtMatch:
    at = -1
    for _ in range(n + 1):
        at = text.index(fragment, at + 1)
    return LtMatch(at, at + len(fragment), rule_id, category, "grammar", "msg", ("fix",))


def one(text: str, m: LtMatch, prompt: str = "", settings: GrammarSettings = LT):
    (out,) = classify(text, prompt, [m], settings)
    return out


def test_a_grammar_error_in_prose_counts() -> None:
    text = "The results was clear."
    out = one(text, match(text, "was", "SINGULAR_NOUN_VERB_AGREEMENT"))
    assert (out.severity, out.text, out.replacements) == ("error", "was", ["fix"])
    assert "GRAMMAR" in out.reason


def test_exclusions_where_the_spelling_check_does_not_look() -> None:
    text = (
        "Run `pip install foo` first, then see https://example.com/a_page and write to "
        "ops@example.com.\n\n```\nfor x in y: pass\n```\n"
    )
    cases = {
        "pip install": "in code",
        "example.com/a_page": "a URL",
        "ops@example.com": "e-mail",
        "for x in y": "in code",
    }
    for fragment, why in cases.items():
        out = one(text, match(text, fragment))
        assert out.severity == "excluded", fragment
        assert why in out.reason, (fragment, out.reason)


def test_quoted_text_and_block_quotes_are_not_the_response_s_wording() -> None:
    text = 'The sign said "we was here" in big letters.\n\n> Me and him goes there.\n'
    assert one(text, match(text, "we was")).severity == "excluded"
    assert "quotation" in one(text, match(text, "him goes")).reason


def test_names_and_the_prompt_s_words() -> None:
    text = "We met Kubernetz engineers and the gizmotron team."
    name = one(text, match(text, "Kubernetz", category="CASING"))
    assert name.severity == "excluded"
    assert "name" in name.reason
    prompt_word = one(
        text, match(text, "gizmotron", category="GRAMMAR"), prompt="Tell me about gizmotron."
    )
    assert prompt_word.severity == "excluded"
    assert "prompt" in prompt_word.reason
    assert one(text, match(text, "gizmotron", category="GRAMMAR")).severity == "error"


def test_headings_and_table_rows_are_not_sentences() -> None:
    text = "# results was good\n\n| a | b was |\n|---|---|\n| 1 | 2 |\n\nThe results was good.\n"
    assert "heading" in one(text, match(text, "was")).reason
    assert "table row" in one(text, match(text, "b was")).reason
    assert one(text, match(text, "was", n=2)).severity == "error"


def test_spelling_and_doubled_words_are_the_spelling_check_s() -> None:
    text = "This is teh the the end."
    speller = one(text, match(text, "teh", "MORFOLOGIK_RULE_EN_US", "TYPOS"))
    assert speller.severity == "excluded"
    assert "spelling check" in speller.reason
    doubled = one(text, match(text, "the the", "ENGLISH_WORD_REPEAT_RULE", "MISC"))
    assert doubled.severity == "excluded"


def test_categories_and_rules_decide_the_rest() -> None:
    text = "It is a apple, and very unique, in order to be nice."
    article = one(text, match(text, "a", "EN_A_VS_AN", "MISC", n=1))
    assert article.severity == "error"  # a rule named by id wins over its category (MISC)
    assert one(text, match(text, "in order to", "IN_ORDER_TO", "STYLE")).severity == "excluded"
    assert one(text, match(text, "very unique", "VERY_UNIQUE", "REDUNDANCY")).severity == "excluded"
    assert one(text, match(text, "nice", "NICE", "SEMANTICS")).severity == "review"
    assert one(text, match(text, ",", "COMMA_X", "PUNCTUATION")).severity == "error"
    minor = LT.model_copy(update={"minor_categories": ["STYLE"], "ignore_categories": []})
    assert (
        one(text, match(text, "in order to", "IN_ORDER_TO", "STYLE"), settings=minor).severity
        == "minor"
    )


def test_grammar_of_counts_and_names_the_checker() -> None:
    text = "The results was clear. See `x was y`."
    checked = Checked(
        "LanguageTool",
        "6.4",
        "en-US",
        "English (US)",
        "http://lt:8081",
        (match(text, "was"), match(text, "was", n=1), match(text, "clear", category="SEMANTICS")),
    )
    g = grammar_of(text, "", checked, LT)
    assert g.checker == "languagetool 6.4 (en-US) at http://lt:8081"
    assert (g.status, g.errors, g.minor, g.review, g.excluded) == ("checked", 1, 0, 1, 1)
    assert g.categories["error_rules"] == ["EN_A_VS_AN"]


def test_grammar_of_a_failure_is_not_checked_never_clean() -> None:
    g = grammar_of("Some text.", "", "languagetool at http://lt:8081: cannot connect (refused)", LT)
    assert (g.status, g.errors, g.matches) == ("not_checked", 0, [])
    assert g.note.endswith("cannot connect (refused)")
    assert "no answer" in g.checker


def test_incomplete_or_unplaced_results_are_partial() -> None:
    checked = Checked(
        "LanguageTool", "6.4", "en-US", "", "x", (), incomplete=True, dropped=("R at 3: ...",)
    )
    g = grammar_of("Some text.", "", checked, LT)
    assert g.status == "partial"
    assert "incompleteResults" in g.note
    assert "could not be placed" in g.note


def test_no_backend_is_the_built_in_check() -> None:
    g = grammar_of("Some text.", "", None, GrammarSettings())
    assert (g.backend, g.status) == ("none", "checked")
    assert g.checker.startswith("none: doubled words only")
