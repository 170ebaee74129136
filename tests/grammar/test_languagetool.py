"""The LanguageTool client against a loopback server answering in LanguageTool's JSON."""

from __future__ import annotations

import pytest
from aiohttp import web

from tests.grammar.recorded import ARTICLE_RULE, SPELLING_EXAMPLE, SPELLING_TEXT
from verifier.config import GrammarSettings
from verifier.errors import ConfigError, GrammarError
from verifier.grammar.languagetool import LanguageToolClient, check_url, parse_check
from verifier.system.deadline import Deadline
from verifier.testing import LT_REQUESTS, languagetool_app, lt_match


def client_for(server, **settings: object) -> LanguageToolClient:
    return LanguageToolClient(
        GrammarSettings(backend="languagetool", base_url=str(server.make_url("/")), **settings)
    )


def raw_app(body: str, status: int = 200) -> web.Application:
    async def handler(request: web.Request) -> web.Response:
        return web.Response(text=body, status=status, content_type="application/json")

    app = web.Application()
    app.router.add_post("/v2/check", handler)
    return app


def test_the_recorded_answer_is_read_field_by_field() -> None:
    checked = parse_check(SPELLING_EXAMPLE, SPELLING_TEXT, where="http://lt:8081")
    assert (checked.software, checked.version, checked.language) == ("LanguageTool", "5.5", "en-US")
    assert checked.checker == "languagetool 5.5 (en-US) at http://lt:8081"
    assert [SPELLING_TEXT[m.start : m.end] for m in checked.matches] == ["Extensin", "onee", "shud"]
    first = checked.matches[0]
    assert (first.rule_id, first.category, first.issue_type) == (
        "MORFOLOGIK_RULE_EN_US",
        "TYPOS",
        "misspelling",
    )
    assert first.replacements == ("Extension",)
    assert (first.message, first.short_message) == (
        "Possible spelling mistake found.",
        "Spelling mistake",
    )
    assert first.category_name == "Possible Typo"
    assert first.sentence == SPELLING_TEXT
    assert not checked.incomplete
    assert not checked.dropped


async def test_the_form_and_the_answer(aiohttp_server) -> None:
    text = "This is a apple."

    def matches(text: str, language: str) -> list[dict]:
        m = lt_match(text, "a", rule_id="EN_A_VS_AN", category="MISC", replacements=["an"])
        return [{**m, "rule": ARTICLE_RULE}]

    server = await aiohttp_server(languagetool_app(matches, version="6.4"))
    client = client_for(server, language="en-GB", level="picky")
    checked = await client.check(text, deadline=Deadline.after(30))
    await client.aclose()
    assert server.app[LT_REQUESTS] == [{"text": text, "language": "en-GB", "level": "picky"}]
    (m,) = checked.matches
    assert (text[m.start : m.end], m.rule_id, m.category, m.replacements) == (
        "a",
        "EN_A_VS_AN",
        "MISC",
        ("an",),
    )
    assert checked.checker.startswith("languagetool 6.4 (en-GB) at http://127.0.0.1:")


async def test_offsets_after_an_emoji_are_utf16_units_converted(aiohttp_server) -> None:
    text = "Great job 🎉🎉! He go to school every day."

    def matches(text: str, language: str) -> list[dict]:
        return [
            lt_match(text, "go", rule_id="HE_VERB_AGR", category="GRAMMAR", replacements=["goes"])
        ]

    assert matches(text, "en-US")[0]["offset"] == text.index("go") + 2  # two surrogate pairs
    server = await aiohttp_server(languagetool_app(matches))
    client = client_for(server)
    checked = await client.check(text, deadline=Deadline.after(30))
    await client.aclose()
    (m,) = checked.matches
    assert text[m.start : m.end] == "go"


def test_a_match_off_its_context_is_dropped_and_said() -> None:
    text = "He go to school."
    bad = lt_match(text, "go", rule_id="HE_VERB_AGR", category="GRAMMAR")
    bad["offset"] = 10  # points at "ho", not the context's "go"
    checked = parse_check({"matches": [bad]}, text, where="x")
    assert checked.matches == ()
    assert "HE_VERB_AGR at offset 10" in checked.dropped[0]


def test_base_url_forms() -> None:
    for base in ("http://lt:8081", "http://lt:8081/", "http://lt:8081/v2", "http://lt:8081/v2/"):
        assert check_url(base) == "http://lt:8081/v2/check"


def test_an_empty_base_url_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match=r"grammar\.base_url is empty"):
        LanguageToolClient(GrammarSettings(backend="languagetool"))


async def test_a_slow_server_ends_at_the_deadline(aiohttp_server) -> None:
    server = await aiohttp_server(languagetool_app(lambda t, lang: [], hang=True))
    client = client_for(server, timeout_s=600)
    with pytest.raises(GrammarError, match="no answer within"):
        await client.check("Some text.", deadline=Deadline.after(0.3))
    await client.aclose()


async def test_no_time_left_asks_nothing(aiohttp_server) -> None:
    server = await aiohttp_server(languagetool_app(lambda t, lang: []))
    client = client_for(server)
    clock = iter([0.0, 100.0, 100.0, 100.0]).__next__
    with pytest.raises(GrammarError, match="no time left"):
        await client.check("Some text.", deadline=Deadline.after(5, clock=clock))
    await client.aclose()
    assert server.app[LT_REQUESTS] == []


async def test_a_500_is_an_error_with_the_server_s_words(aiohttp_server) -> None:
    server = await aiohttp_server(languagetool_app(lambda t, lang: [], status=500))
    client = client_for(server)
    with pytest.raises(GrammarError, match=r"HTTP 500 \(Error: Internal Error: fake failure\)"):
        await client.check("Some text.", deadline=Deadline.after(30))
    await client.aclose()


@pytest.mark.parametrize(
    ("body", "match"),
    [
        ("<html>not json</html>", "not JSON"),
        ('{"software": {"name": "LanguageTool"}}', "no 'matches' list"),
        ("[1, 2]", "no 'matches' list"),
        ('{"matches": [{"offset": 1}]}', "match 0 has no offset, length or rule id"),
        ('{"matches": [{"offset": "1", "length": 2, "rule": {"id": "X"}}]}', "match 0"),
    ],
)
async def test_malformed_answers(aiohttp_server, body: str, match: str) -> None:
    server = await aiohttp_server(raw_app(body))
    client = client_for(server)
    with pytest.raises(GrammarError, match=match):
        await client.check("Some text.", deadline=Deadline.after(30))
    await client.aclose()


async def test_a_server_that_is_down(closed_port: int) -> None:
    client = LanguageToolClient(
        GrammarSettings(backend="languagetool", base_url=f"http://127.0.0.1:{closed_port}")
    )
    with pytest.raises(GrammarError, match=r"languagetool at http://127.0.0.1:\d+: cannot connect"):
        await client.check("Some text.", deadline=Deadline.after(30))
    await client.aclose()


async def test_incomplete_results_are_said(aiohttp_server) -> None:
    server = await aiohttp_server(languagetool_app(lambda t, lang: [], incomplete=True))
    client = client_for(server)
    checked = await client.check("Some text.", deadline=Deadline.after(30))
    await client.aclose()
    assert checked.incomplete
