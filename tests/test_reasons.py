"""Reasons shown to people are short and plain; the full text goes to the log.

Offline, ddgs passes on its HTTP client's Rust debug dump. The report (its incomplete
lines, warnings, notes, verdict reasons, search errors, rubric explanation: everything the
web app shows), the text output and the rater's HTML page say "web search unreachable:
DNS lookup failed" instead; the dump is logged at DEBUG, which ``--debug`` shows."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from click.testing import CliRunner

from verifier.config import DdgsSettings, Settings
from verifier.pipeline import check
from verifier.reasons import network_reason, plain
from verifier.render import report_html, report_json, report_text
from verifier.runtime import Runtime
from verifier.schema import CheckRequest
from verifier.search.ddgs import DdgsBackend
from verifier.snapshots import MemorySnapshotStore
from verifier.testing import MemoryFetcher
from verifier.web.extract import Extractor

# what ddgs raised offline (as the issue saw it), a Rust reqwest error's Debug output
RAW = (
    "DNSError: DNSError('error sending request for url (https://search.yahoo.com/search"
    ";_ylt=Aw?p=marie+curie) > error resolving DNS > DNS error: no records found for "
    'Query { name: Name("search.yahoo.com."), query_type: AAAA, query_class: IN }\')'
)
RAW_MARKERS = ("Query {", "DNSError(", "query_type", "_ylt", "error sending request")


class DDGSException(Exception):
    pass


class Offline:
    def __init__(self, timeout: float) -> None:
        pass

    def text(self, query: str, **kwargs: Any) -> list[dict[str, Any]]:
        raise DDGSException(RAW)


@pytest.mark.parametrize(
    ("raw", "meaning"),
    [
        (RAW, "DNS lookup failed"),
        ("[Errno -2] Name or service not known", "DNS lookup failed"),
        ("ConnectError: Connection refused (os error 111)", "connection refused"),
        ("OSError: [Errno 101] Network is unreachable", "network unreachable"),
        ("certificate verify failed: unable to get local issuer", "TLS handshake failed"),
        ("operation timed out", "timed out"),
        ("No results found.", None),
    ],
)
def test_network_failures_in_plain_words(raw: str, meaning: str | None) -> None:
    assert network_reason(raw) == meaning


def test_plain_is_one_short_line_without_dumps() -> None:
    line = plain(RAW)
    assert len(line) <= 120
    assert "Query {" not in line
    assert "search.yahoo.com" in line
    assert "_ylt" not in line  # URLs cut to their host
    assert plain("ValueError: ValueError('bad')") == "ValueError: bad"
    assert plain("first line\n  Traceback ...") == "first line"
    assert plain("x" * 500).endswith("…")
    assert plain("") == "unknown error"


def _strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


async def test_an_offline_check_says_it_plainly_everywhere(
    settings: Settings, extractor: Extractor, caplog: pytest.LogCaptureFixture
) -> None:
    ddgs = DdgsBackend(DdgsSettings(min_interval_s=0, jitter_s=0), factory=Offline)
    runtime = Runtime(settings, [ddgs], MemoryFetcher({}), extractor, MemorySnapshotStore())
    response = "Marie Curie was born in Warsaw in 1867. She won the Nobel Prize in Physics in 1903."
    with caplog.at_level(logging.DEBUG, logger="verifier"):
        report = await check(CheckRequest(response), runtime)
    await ddgs.aclose()
    assert report.status == "incomplete"
    data = json.loads(report_json(report))
    shown = [
        *data["incomplete"],
        *data["warnings"],
        data["truthfulness"]["note"],
        data["plagiarism"]["note"],
        *(i["why"] for i in data["rubric"]["needs_review"]),
        *(c["verdict"]["reason"] for c in data["claims"] if c["check_worthy"]),
        *(s["error"] for c in data["claims"] for s in c["searches"]),
        *(b["last_error"] for b in data["search"]),
    ]
    assert data["incomplete"][0] == (
        "facts not checked: 2 of 2 check-worthy claims unchecked (no search answered: "
        "web search unreachable: DNS lookup failed)"
    )
    assert data["warnings"] == [
        "search unavailable: ddgs (web search unreachable: DNS lookup failed)"
    ]
    for where, text in [
        ("report", "\n".join(_strings(data))),
        ("text", report_text(report)),
        ("text --verbose", report_text(report, details=True)),
        ("html", report_html(report)),
    ]:
        assert not [m for m in RAW_MARKERS if m in text], where
    assert all(len(s) < 200 for s in shown), [s for s in shown if len(s) >= 200]
    # the full text is in the log
    assert any("Query { name" in r.getMessage() for r in caplog.records)


def test_debug_shows_the_full_text_on_stderr(monkeypatch: pytest.MonkeyPatch) -> None:
    from workers import cli

    seen: list[str] = []

    def fake_check(*args: Any, **kwargs: Any) -> None:
        logging.getLogger("verifier.search.ddgs").debug("ddgs, query 'q': %s", RAW)
        seen.append("ran")

    monkeypatch.setattr("workers.commands.check", fake_check)
    log = logging.getLogger("verifier")
    handlers, level = list(log.handlers), log.level
    try:
        result = CliRunner().invoke(cli.main, ["--debug", "check", "-"], input="x")
        assert seen == ["ran"]
        assert result.exit_code == 0
        assert "verifier: debug: verifier.search.ddgs: ddgs, query 'q': DNSError" in result.stderr
        assert "Query { name" in result.stderr  # the full text, on stderr
    finally:
        for handler in log.handlers[:]:
            if handler not in handlers:
                log.removeHandler(handler)
        log.setLevel(level)
    quiet = CliRunner().invoke(cli.main, ["check", "-"], input="x")
    assert quiet.exit_code == 0
    assert quiet.stderr == ""
