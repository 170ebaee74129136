"""The grammar check inside a report: with a LanguageTool server played on loopback,
with one that fails, and replayed from the report."""

from __future__ import annotations

import json

from verifier.config import Settings
from verifier.grammar.languagetool import LanguageToolClient
from verifier.pipeline import check
from verifier.render.html import report_html
from verifier.render.text import report_text
from verifier.replay.runtime import replay_runtime
from verifier.runtime import Runtime
from verifier.schema import CheckRequest, Grammar, Report
from verifier.snapshots import MemorySnapshotStore
from verifier.testing import MemoryFetcher, StaticSearch, languagetool_app, lt_match
from verifier.web.extract import Extractor

RESPONSE = "Sure. The results was clear, and `foo was bar` is code.\n"


def matches(text: str, language: str) -> list[dict]:
    return [
        lt_match(
            text, "was", rule_id="SINGULAR_AGREEMENT", category="GRAMMAR", replacements=["were"]
        ),
        lt_match(text, "was", rule_id="SINGULAR_AGREEMENT", category="GRAMMAR", occurrence=1),
        lt_match(text, "Sure", rule_id="SURE_STYLE", category="STYLE"),
    ]


def lt_settings(settings: Settings, base_url: str, **more: object) -> Settings:
    return settings.with_overrides(
        {"grammar.backend": "languagetool", "grammar.base_url": base_url, **more}
    )


def runtime(
    settings: Settings, extractor: Extractor, grammar=None, store: MemorySnapshotStore | None = None
) -> Runtime:
    return Runtime(
        settings,
        [StaticSearch()],
        MemoryFetcher({}),
        extractor,
        store if store is not None else MemorySnapshotStore(),
        grammar=grammar,
    )


async def test_a_grammar_error_caps_the_report_at_3(settings, extractor, aiohttp_server) -> None:
    server = await aiohttp_server(languagetool_app(matches, version="6.4"))
    settings = lt_settings(settings, str(server.make_url("/")))
    client = LanguageToolClient(settings.grammar)
    store = MemorySnapshotStore()  # the check's snapshots, which its replay reads
    report = await check(CheckRequest(RESPONSE), runtime(settings, extractor, client, store))
    await client.aclose()
    g = report.grammar
    assert g.checker.startswith("languagetool 6.4 (en-US) at http://127.0.0.1:")
    assert (g.status, g.errors, g.review, g.excluded) == ("checked", 1, 0, 2)
    assert [(m.text, m.severity) for m in g.matches] == [
        ("Sure", "excluded"),
        ("was", "error"),
        ("was", "excluded"),
    ]
    assert report.rubric is not None
    assert report.rubric.max_score == 3
    assert "grammar" not in " ".join(report.incomplete)
    assert "grammar: languagetool 6.4" in report_text(report)
    page = report_html(report)
    assert 'id="grammar-checker"' in page
    assert "SINGULAR_AGREEMENT" in page
    again = Report.from_dict(json.loads(json.dumps(report.to_dict())))
    assert again.grammar == report.grammar

    replayed = await check(CheckRequest(RESPONSE), replay_runtime(report, store, settings))
    assert replayed.grammar == report.grammar


async def test_a_server_that_is_down_leaves_grammar_not_checked(
    settings, extractor, closed_port
) -> None:
    settings = lt_settings(settings, f"http://127.0.0.1:{closed_port}")
    client = LanguageToolClient(settings.grammar)
    store = MemorySnapshotStore()  # the check's snapshots, which its replay reads
    report = await check(CheckRequest(RESPONSE), runtime(settings, extractor, client, store))
    await client.aclose()
    assert report.grammar.status == "not_checked"
    assert "cannot connect" in report.grammar.note
    assert report.status == "incomplete"
    assert any(
        line.startswith("grammar not checked: languagetool at") for line in report.incomplete
    )
    assert report.rubric is not None
    assert any(i.check == "grammar" for i in report.rubric.needs_review)
    assert "NOT CHECKED" in report_text(report)
    replayed = await check(CheckRequest(RESPONSE), replay_runtime(report, store, settings))
    assert replayed.grammar == report.grammar


async def test_a_slow_server_ends_with_the_report_budget(
    settings, extractor, aiohttp_server
) -> None:
    server = await aiohttp_server(languagetool_app(matches, hang=True))
    settings = lt_settings(settings, str(server.make_url("/")), **{"limits.report_budget_s": 0.5})
    client = LanguageToolClient(settings.grammar)
    report = await check(CheckRequest(RESPONSE), runtime(settings, extractor, client))
    await client.aclose()
    assert report.grammar.status == "not_checked"
    assert "no answer within" in report.grammar.note
    assert report.status == "incomplete"


async def test_a_configured_backend_without_a_checker_is_said(settings, extractor) -> None:
    settings = lt_settings(settings, "http://127.0.0.1:9")
    report = await check(CheckRequest(RESPONSE), runtime(settings, extractor))
    assert report.grammar.status == "not_checked"
    assert "no checker was opened" in report.grammar.note


async def test_no_backend_reports_the_built_in_check(settings, extractor) -> None:
    report = await check(CheckRequest(RESPONSE), runtime(settings, extractor))
    assert report.grammar.backend == "none"
    assert report.grammar.status == "checked"
    assert not any("grammar" in line for line in report.incomplete)


async def test_a_schema_3_report_reads_as_doubled_words_only(settings, extractor) -> None:
    report = await check(CheckRequest(RESPONSE), runtime(settings, extractor))
    data = json.loads(json.dumps(report.to_dict()))
    data["schema"] = "verifier.report/3"
    del data["grammar"]
    old = Report.from_dict(data)
    assert old.schema == "verifier.report/4"
    assert old.grammar == Grammar.builtin()
