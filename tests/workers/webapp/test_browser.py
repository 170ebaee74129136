"""The web app in a real browser: Debian's Chromium driven by Playwright (never a
downloaded browser), against the app on a loopback port in the test's event loop. Every
page is checked with axe-core (no serious or critical violations) and photographed into
``tests/artifacts/webapp/`` (or ``$VERIFIER_ARTIFACTS_DIR/webapp``). Skipped where
Chromium, Playwright or axe-core is missing, except in CI (VERIFIER_REQUIRE_SERVICES=1),
where that is a failure."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from tests.workers.webapp.conftest import HELD, RESPONSE, Web
from workers.store.jobs import JobState

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
REQUIRED = os.environ.get("VERIFIER_REQUIRE_SERVICES") == "1"
ARTIFACTS = (
    Path(os.environ["VERIFIER_ARTIFACTS_DIR"])
    if os.environ.get("VERIFIER_ARTIFACTS_DIR")
    else Path(__file__).resolve().parents[2] / "artifacts"
) / "webapp"
HOSTILE_BITS = (
    ' <script>window.__pwned = 1</script> <img src=x onerror="window.__pwned = 1">'
    ' "><svg onload="window.__pwned = 1">'
)
WAIT_MS = 60_000  # generous: the machine is shared; nothing here waits on a clock


def _unavailable(what: str) -> None:
    if REQUIRED:
        pytest.fail(what)
    pytest.skip(what)


def _axe_source() -> str:
    try:
        return (files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        _unavailable("axe-core is not installed (pip install -e '.[test]' brings it)")
        raise


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install -e '.[test]')")
    if CHROMIUM is None:
        _unavailable("chromium is not installed (Debian: apt-get install chromium)")
    async with async_playwright() as p:
        b = await p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        await b.close()


class Tab:
    """A page in its own context (its own cookies), with the checks every page gets."""

    def __init__(self, page: Any, web: Web) -> None:
        self.page = page
        self.web = web
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("dialog", lambda d: self.errors.append(f"dialog: {d.message}"))
        page.set_default_timeout(WAIT_MS)

    async def goto(self, path: str) -> Any:
        return await self.page.goto(self.web.url + path)

    async def sign_in(self, role: str) -> None:
        await self.goto("/app/sign-in")
        await self.page.fill("#key", self.web.keys[role][1])
        await self.page.press("#key", "Enter")  # the keyboard submits the form
        await self.page.wait_for_url("**/app/checks")

    async def inert(self) -> None:
        """Nothing a response says ran, in this page or its frames."""
        for frame in self.page.frames:
            assert await frame.evaluate("typeof window.__pwned") == "undefined", frame.url
        assert self.errors == []

    async def axe(self, name: str) -> None:
        await self.page.add_script_tag(content=_axe_source())
        result = await self.page.evaluate(
            "() => axe.run(document, {iframes: false, resultTypes: ['violations']})"
        )
        bad = [
            (v["id"], v["impact"], v["help"], [n["target"] for n in v["nodes"]][:3])
            for v in result["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        assert bad == [], f"{name}: accessibility violations {bad}"

    async def shot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / name
        await self.page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 5_000
        print(f"screenshot: {path}")
        return path


async def _tab(browser: Any, web: Web) -> Tab:
    # axe is injected as a script: the pages' policy would refuse it, so the test context
    # bypasses the policy, which leaves escaping alone to keep hostile text inert
    context = await browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})
    return Tab(await context.new_page(), web)


async def test_a_rater_signs_in_submits_watches_it_run_reads_the_report_and_signs_out(
    web_app: Web, browser: Any
) -> None:
    web_app.gate.clear()  # the Eiffel Tower's searches wait: the check stays running
    tab = await _tab(browser, web_app)
    page = tab.page
    await tab.goto("/app/checks")
    await page.wait_for_url("**/app/sign-in?next=*")
    await tab.axe("sign in")
    await tab.shot("01-sign-in.png")
    await page.fill("#key", web_app.keys["rater"][1])
    await page.press("#key", "Enter")
    await page.wait_for_url("**/app/checks")
    assert "No checks yet" in await page.inner_text("main")

    # the keyboard reaches the form: skip link first, then the navigation
    await page.keyboard.press("Tab")
    assert await page.evaluate("document.activeElement.textContent") == "Skip to content"
    await page.click("text=New check")
    await page.click("button:has-text('Submit check')")  # nothing pasted
    assert await page.inner_text("#response-error") == "missing: response"
    assert await page.get_attribute("#response", "aria-invalid") == "true"
    await tab.axe("new check with an error")
    await tab.shot("02-new-check-error.png")

    await page.fill("#prompt", "When did these open? <b>bold</b>")
    await page.fill("#response", HELD + HOSTILE_BITS)
    await page.check("input[name=flags][value=minor_grammar_error]")
    await page.click("button:has-text('Submit check')")
    await page.wait_for_url("**/app/checks/*")
    job_id = page.url.rsplit("/", 1)[1]
    # one claim is done, the other waits for its search: the page shows it as it happens
    await page.wait_for_function(
        "() => Number(document.getElementById('claims-done').textContent) >= 1"
        " && Number(document.getElementById('claims-total').textContent) >"
        " Number(document.getElementById('claims-done').textContent)",
        timeout=WAIT_MS,
    )
    assert "searches" in await page.inner_text("#progress")
    await page.click("text=What was submitted")
    assert "<script>window.__pwned = 1</script>" in await page.inner_text("#submitted-response")
    await tab.inert()
    await tab.axe("running check")
    await tab.shot("03-running-check.png")

    web_app.gate.set()
    await page.wait_for_selector("#report-frame")  # the page reloaded itself when done
    frame = page.frame_locator("#report-frame")
    await frame.locator("h1").wait_for()
    assert await frame.locator("h1").inner_text() == "Verification report"
    report_text = await frame.locator("#response").inner_text()
    assert "<script>window.__pwned = 1</script>" in report_text
    assert await frame.locator("#response img").count() == 0
    assert "Rated" in await page.inner_text(".cards") or "At most" in await page.inner_text(
        ".cards"
    )
    await tab.inert()
    await tab.axe("report in place")
    await tab.shot("04-report-in-place.png")

    await page.click("nav >> text=My checks")
    await page.wait_for_url("**/app/checks")
    row = page.locator(f"tr:has(a[href='/app/checks/{job_id}'])")
    assert "done" in await row.inner_text()
    assert "<script>" in await row.locator("td.snippet").inner_text()  # shown, as text
    await tab.inert()
    await tab.axe("my checks")
    await tab.shot("05-my-checks.png")

    await page.click("button:has-text('Sign out')")
    await page.wait_for_url("**/app/sign-in?signed_out=1")
    assert "You are signed out" in await page.inner_text("main")
    await tab.goto(f"/app/checks/{job_id}")
    await page.wait_for_url("**/app/sign-in?next=*")


async def test_a_second_rater_cannot_open_the_first_ones_check(web_app: Web, browser: Any) -> None:
    job, _ = web_app.store.submit(
        {"response": RESPONSE, "prompt": "", "flags": {}},
        owner=web_app.keys["rater"][0],
        options={},
    )
    tab = await _tab(browser, web_app)
    await tab.sign_in("other")
    for path in (f"/app/checks/{job.id}", f"/app/checks/{job.id}/report"):
        response = await tab.goto(path)
        assert response.status == 403
        assert "belongs to another key" in await tab.page.inner_text("main")
    await tab.goto("/app/checks")
    assert job.id[:8] not in await tab.page.inner_text("main")


async def test_an_auditor_replays_a_check_and_an_admin_makes_a_key(
    web_app: Web, browser: Any
) -> None:
    job, _ = web_app.store.submit(
        {"response": RESPONSE + HOSTILE_BITS, "prompt": "", "flags": {}},
        owner=web_app.keys["rater"][0],
        options={},
    )
    await web_app.wait_state(job.id, JobState.DONE)
    tab = await _tab(browser, web_app)
    page = tab.page
    await tab.sign_in("auditor")
    assert "rater one" in await page.inner_text("main")  # every key's checks
    await page.click(f"a[href='/app/checks/{job.id}']")
    await page.click("button:has-text('Replay')")
    await page.wait_for_url(f"**/app/checks/{job.id}/audits*")
    await page.wait_for_selector("text=same decisions")  # the page refreshes until stored
    assert "No verdict changed" in await page.inner_text("main")
    await tab.inert()
    await tab.axe("audits")
    await tab.shot("06-auditor-replay.png")
    await page.click("button:has-text('Sign out')")

    await tab.sign_in("admin")
    await page.click("nav >> text=Keys")
    await page.select_option("#role", "rater")
    await page.fill("#name", 'dana <img src=x onerror="window.__pwned = 1">')
    await page.click("button:has-text('Create key')")
    token = await page.input_value("#new-token")
    assert token.startswith("vk_")
    assert "shown once" in await page.inner_text("#new-key")
    await tab.inert()
    await tab.axe("admin keys")
    await tab.shot("07-admin-new-key.png")
    await tab.goto("/app/keys")
    assert await page.locator("#new-key").count() == 0
    assert token not in await page.content()
    made = web_app.store.find_key(token)
    assert made is not None
    await page.click("button[aria-label^='Revoke key dana']")
    await page.wait_for_url("**/app/keys")
    assert web_app.store.find_key(token) is None


async def test_a_form_without_its_csrf_token_is_refused(web_app: Web, browser: Any) -> None:
    tab = await _tab(browser, web_app)
    page = tab.page
    await tab.sign_in("rater")
    await tab.goto("/app/checks/new")
    await page.fill("#response", RESPONSE)
    await page.evaluate("document.querySelector('form.stack input[name=csrf]').remove()")
    async with page.expect_navigation() as nav:
        await page.click("button:has-text('Submit check')")
    assert (await nav.value).status == 403
    assert "Form refused" in await page.inner_text("h1")
    assert web_app.store.counts()["queued"] + web_app.store.counts()["running"] == 0
    assert sum(web_app.store.counts().values()) == 0
