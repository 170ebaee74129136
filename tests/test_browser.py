"""The rater's page in a real browser: Debian's Chromium driven by Playwright (never a
downloaded browser). Skipped where Chromium or Playwright is missing, except in CI
(VERIFIER_REQUIRE_SERVICES=1), where that is a failure."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.render.test_html import XSS, plain_report
from tests.report.test_exports import louvre_report_for_browser
from verifier.config import Settings
from verifier.render import report_html
from verifier.web.extract import Extractor

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
REQUIRED = os.environ.get("VERIFIER_REQUIRE_SERVICES") == "1"


def _browser_or_skip():  # type: ignore[no-untyped-def]
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if REQUIRED:
            raise
        pytest.skip("playwright is not installed (pip install -e '.[test]')")
    if CHROMIUM is None:
        if REQUIRED:
            pytest.fail("chromium is not installed: apt-get install chromium (.ci/run does)")
        pytest.skip("chromium is not installed (Debian: apt-get install chromium)")
    return sync_playwright


@pytest.fixture
def browser():  # type: ignore[no-untyped-def]
    sync_playwright = _browser_or_skip()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def open_page(browser, html: str, path: Path):  # type: ignore[no-untyped-def]
    path.write_text(html, encoding="utf-8")
    page = browser.new_page(viewport={"width": 1200, "height": 1400})
    problems: list[str] = []
    page.on(
        "console",
        lambda m: (
            problems.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None
        ),
    )
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on("dialog", lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()))
    page.goto(path.as_uri())
    return page, problems


def share(page) -> float:  # type: ignore[no-untyped-def]
    return float(page.locator("#share-now").get_attribute("data-share"))


@pytest.fixture
def louvre(settings: Settings, extractor: Extractor):  # type: ignore[no-untyped-def]
    return louvre_report_for_browser(settings, extractor)  # built before the browser starts


@pytest.fixture
def xss_html(settings: Settings, extractor: Extractor) -> str:
    return report_html(plain_report(settings, extractor, XSS))


def test_highlights_toggles_and_no_errors(louvre, browser, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    r = louvre
    page, problems = open_page(browser, report_html(r), tmp_path / "report.html")
    highlighted = page.eval_on_selector_all(
        "#response [data-match]",
        "els => new Set(els.flatMap(e => e.dataset.match.split(' '))).size",
    )
    assert highlighted == len(r.plagiarism.matches)
    claims = page.eval_on_selector_all(
        "#response [data-claim]",
        "els => new Set(els.flatMap(e => e.dataset.claim.split(' '))).size",
    )
    assert claims == sum(1 for c in r.claims if c.check_worthy and c.verdict)
    # the page computes the report's share, then the toggles recompute it
    assert share(page) == pytest.approx(r.plagiarism.copied_share, abs=1e-4)
    assert any(m.exemption == "quoted" for m in r.plagiarism.matches)
    page.check("#include-quotes")
    assert share(page) > r.plagiarism.copied_share
    page.uncheck("#include-quotes")
    page.fill("#min-words", "1000")
    assert share(page) == 0
    page.fill("#min-words", "0")
    page.uncheck(".source-toggle >> nth=0")
    assert share(page) < r.plagiarism.copied_share
    # hovering a highlight shows its source
    first = page.locator("#response [data-match]").first
    first.focus()
    assert "words" in (first.get_attribute("data-tip") or "")
    shot = tmp_path / "report.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    print(f"screenshot: {shot}")
    assert problems == []


def test_script_in_a_response_executes_nothing(xss_html: str, browser, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    page, problems = open_page(browser, xss_html, tmp_path / "xss.html")
    page.hover("#response")
    for el in page.locator("#response span").all():
        el.hover()
    page.mouse.move(10, 10)
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert page.locator("#response img").count() == 0
    assert page.locator("script").count() == 2
    assert "<script>window.__pwned = 1</script>" in page.locator("#response").inner_text()
    assert problems == []
