"""verifier against a real Label Studio (the `label-studio` package from PyPI), both on
loopback: `verifier serve` with the bundled example corpus (no web), and Label Studio
started here in a temporary data dir with an admin made from its environment variables.
`verifier labelstudio init` sets the project up; Label Studio's own SDK (run by the Python
of Label Studio's venv) reads the predictions Label Studio got from verifier and submits
annotations (of two raters); `verifier labelstudio import-ratings` reads them back with
the agreement figures; Chromium opens the labelling screen, reads each highlighted region's
text back from the page (emoji, accented and CJK text before the spans) and photographs it
(``tests/artifacts/labelstudio/``, or ``$VERIFIER_ARTIFACTS_DIR/labelstudio``); a project set
up ``--blind`` pre-fills nothing.

Label Studio runs in a venv of its own, which `.ci/label-studio` makes (in
``$VERIFIER_LABEL_STUDIO_VENV``, else ``~/.cache/verifier/label-studio-1.23``). Skipped when
it is not there, except in CI (VERIFIER_REQUIRE_SERVICES=1), where that is a failure.
Nothing leaves the machine: Label Studio's error reports, usage data and version check are
off, any other outbound call of its server meets a closed proxy, and the browser is
refused every address but loopback (the test fails if the page asks for one).

Label Studio's migrations take about a minute, so the first run keeps a migrated empty
database beside the venv (``verifier-template/``) and each run starts from a copy of it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from workers.labelstudio.predictions import PREDICTED_LABELS
from workers.labelstudio.ratings import report_json_url

ROOT = Path(__file__).resolve().parents[3]
DRIVER = Path(__file__).with_name("sdk_driver.py")
REQUIRED = os.environ.get("VERIFIER_REQUIRE_SERVICES") == "1"
VENV = Path(
    os.environ.get("VERIFIER_LABEL_STUDIO_VENV")
    or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    / "verifier"
    / "label-studio-1.23"
)
ARTIFACTS = (
    Path(os.environ["VERIFIER_ARTIFACTS_DIR"])
    if os.environ.get("VERIFIER_ARTIFACTS_DIR")
    else ROOT / "tests" / "artifacts"
) / "labelstudio"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ADMIN, PASSWORD, TOKEN = "admin@example.com", "a-long-test-password-1", "test-token-0123456789"
PROJECT = "verifier test"
BLIND = "verifier blind"
RATER = "bob@example.com"  # a second rater
START_S = 600  # bounds on waiting for a server to come up (never a margin a test relies on)
WAIT_MS = 120_000

EXAMPLE = (ROOT / "examples" / "response.md").read_text(encoding="utf-8")
PROMPT = (ROOT / "examples" / "prompt.txt").read_text(encoding="utf-8")
NOBEL = EXAMPLE.split("\n\n")[3]
ROWS = [
    {"id": "curie", "prompt": PROMPT, "response": EXAMPLE},
    # emoji before the spans (a JavaScript string counts each as two units, the screen as one)
    {"id": "emoji", "prompt": PROMPT, "response": "🏠🌊 Keepers 👍: 🔬🧪 " + NOBEL},
    # accented letters, CJK and an emoji sequence joined by ZWJ before and between the spans
    {"id": "mixed", "prompt": PROMPT, "response": "Ça alors — 東京の科学者 🧑‍🔬 résumé: " + NOBEL},
    {"id": "plain", "prompt": "Say hello.", "response": "Hello! How can I help you today?"},
]

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1200)]


def _unavailable(what: str) -> None:
    if REQUIRED:
        pytest.fail(what)
    pytest.skip(what)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_http(url: str, process: subprocess.Popen[bytes], log: Path, **headers: str) -> None:
    """Until ``url`` answers 200 (the process still running), within START_S."""
    deadline = time.monotonic() + START_S
    while True:
        if process.poll() is not None:
            pytest.fail(
                f"{url}: the server exited ({process.returncode}):\n{log.read_text()[-3000:]}"
            )
        try:
            request = urllib.request.Request(url, headers=headers)
            with urllib.request.urlopen(request, timeout=5) as resp:
                if resp.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > deadline:
            pytest.fail(f"{url} did not come up within {START_S} s:\n{log.read_text()[-3000:]}")
        time.sleep(0.5)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _offline_env(home: Path) -> dict[str, str]:
    closed = f"http://127.0.0.1:{_free_port()}"  # nothing listens: an outbound call fails at once
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "LABEL_STUDIO_BASE_DATA_DIR": str(home),
        "SENTRY_DSN": "",
        "FRONTEND_SENTRY_DSN": "",
        "COLLECT_ANALYTICS": "false",
        "LATEST_VERSION_CHECK": "false",
        "FEATURE_FLAGS_OFFLINE": "true",
        "HTTP_PROXY": closed,
        "HTTPS_PROXY": closed,
        "NO_PROXY": "127.0.0.1,localhost",
    }


def _template_database(executable: Path) -> Path:
    """A migrated, empty Label Studio database (made once, kept beside the venv)."""
    template = VENV / "verifier-template" / "label_studio.sqlite3"
    if template.is_file():
        return template
    with tempfile.TemporaryDirectory() as work:
        made = subprocess.run(
            [str(executable), "version"],
            env=_offline_env(Path(work)),
            cwd=work,
            capture_output=True,
            timeout=START_S,
            check=False,
        )
        database = Path(work) / "label_studio.sqlite3"
        if made.returncode != 0 or not database.is_file():
            pytest.fail(
                f"label-studio could not migrate a database:\n{made.stderr.decode()[-3000:]}"
            )
        template.parent.mkdir(parents=True, exist_ok=True)
        partial = template.with_suffix(".partial")
        shutil.copyfile(database, partial)
        partial.replace(template)
    return template


@dataclass
class LabelStudioServer:
    url: str
    port: int


@dataclass
class VerifierServer:
    url: str
    key: str
    data: Path


@pytest.fixture(scope="module")
def label_studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabelStudioServer]:
    executable = VENV / "bin" / "label-studio"
    if not executable.is_file():
        _unavailable(f"Label Studio is not installed in {VENV} (run .ci/label-studio)")
    data = tmp_path_factory.mktemp("label-studio")
    shutil.copyfile(_template_database(executable), data / "label_studio.sqlite3")
    port = _free_port()
    env = {
        **_offline_env(data),
        "LABEL_STUDIO_USERNAME": ADMIN,
        "LABEL_STUDIO_PASSWORD": PASSWORD,
        "LABEL_STUDIO_USER_TOKEN": TOKEN,
        "LABEL_STUDIO_ENABLE_LEGACY_API_TOKEN": "true",
        # verifier's backend is on loopback, which Label Studio refuses by default
        "ML_BLOCK_LOCAL_IP": "false",
        "SSRF_PROTECTION_ENABLED": "false",
        "ML_TIMEOUT_PREDICT": "300",
        # a backend that misses Label Studio's 1 s health check (3 s setup) is marked
        # disconnected and its predictions are hidden from the labelling screen: on a
        # machine as loaded as a test run's, that happened; production keeps the defaults
        "ML_TIMEOUT_HEALTH": "60",
        "ML_TIMEOUT_SETUP": "60",
    }
    log = data / "label-studio.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                str(executable),
                "start",
                "--no-browser",
                "--internal-host",
                "127.0.0.1",
                "--port",
                str(port),
            ],
            env=env,
            cwd=data,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        url = f"http://127.0.0.1:{port}"
        _wait_http(f"{url}/health", process, log)
        yield LabelStudioServer(url, port)
    finally:
        _stop(process)


def _verifier(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> Any:
    return subprocess.run(
        [sys.executable, "-m", "workers", *args],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )


def _env(**extra: str) -> dict[str, str]:
    clean = {
        k: v for k, v in os.environ.items() if not k.startswith(("VERIFIER_", "LABEL_STUDIO_"))
    }
    return {**clean, **extra}


@pytest.fixture(scope="module")
def verifier_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VerifierServer]:
    data = tmp_path_factory.mktemp("verifier")
    made = _verifier(
        "keys", "create", "--role", "rater", "--name", "label-studio", "--data-dir", str(data)
    )
    assert made.returncode == 0, made.stderr
    key = made.stdout.strip().splitlines()[-1]
    port = _free_port()
    log = data / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                sys.executable, "-m", "workers", "serve", "--host", "127.0.0.1", "--port", str(port),
                "--corpus", str(ROOT / "examples" / "corpus"), "--no-web", "--data-dir", str(data),
                "--processes", "1", "--concurrency", "2",
            ],
            env=_env(VERIFIER_LABELSTUDIO__WAIT_S="120", VERIFIER_SERVICE__POLL_S="0.1"),
            cwd=data,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
    try:
        url = f"http://127.0.0.1:{port}"
        _wait_http(f"{url}/healthz", process, log)
        yield VerifierServer(url, key, data)
    finally:
        _stop(process)


def _init(ls: LabelStudioServer, svc: VerifierServer, *args: str, token: str = TOKEN) -> Any:
    return _verifier(
        "labelstudio", "init", "--url", ls.url, "--project", PROJECT,
        "--backend-url", f"{svc.url}/labelstudio", *args,
        env=_env(LABEL_STUDIO_API_KEY=token, VERIFIER_LABEL_STUDIO_KEY=svc.key),
    )  # fmt: skip


def _sdk(ls: LabelStudioServer, step: str, argument: Any) -> Any:
    done = subprocess.run(
        [str(VENV / "bin" / "python"), str(DRIVER), ls.url, TOKEN, step, json.dumps(argument)],
        env=_offline_env(Path(tempfile.gettempdir())),
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def project(
    label_studio: LabelStudioServer,
    verifier_service: VerifierServer,
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, Any]:
    """The project `verifier labelstudio init` set up, with its tasks and predictions as
    Label Studio's SDK sees them."""
    rows = tmp_path_factory.mktemp("rows") / "rows.jsonl"
    rows.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in ROWS), encoding="utf-8"
    )
    first = _init(label_studio, verifier_service, "--tasks", str(rows))
    assert first.returncode == 0, first.stderr
    again = _init(label_studio, verifier_service, "--tasks", str(rows))
    assert again.returncode == 0, again.stderr
    found = _sdk(label_studio, "project", PROJECT)
    deadline = time.monotonic() + START_S
    while True:  # Label Studio asks again until every check is done
        tasks = _sdk(label_studio, "predictions", found["id"])
        if all(_ours(t) for t in tasks) or time.monotonic() > deadline:
            break
        time.sleep(2)
    return {
        "init": first.stdout,
        "again": again.stdout,
        "project": found,
        "tasks": tasks,
        "rows": rows,
    }


def _ours(task: dict[str, Any]) -> dict[str, Any] | None:
    found = [p for p in task["predictions"] if p["model_version"].startswith("verifier ")]
    return found[-1] if found else None


def _task(project: dict[str, Any], row_id: str) -> dict[str, Any]:
    return next(t for t in project["tasks"] if t["data"]["request_id"] == row_id)


def test_init_sets_up_the_project_once_and_says_what_it_did(project: dict[str, Any]) -> None:
    lines = project["init"].splitlines()
    assert lines[0].startswith("Label Studio 1.23")
    assert f'project "{PROJECT}"' in lines[1]
    assert "created with verifier's labelling interface" in lines[1]
    assert any(
        line.startswith("ML backend ") and ": connected (model verifier " in line for line in lines
    )
    assert any(line.startswith("removed the webhook") for line in lines)
    assert any(line.startswith("tasks: 4 imported") for line in lines)
    assert "suggestions: shown to raters, pre-filled (--blind hides them)" in lines
    # the second run adds nothing
    again = project["again"]
    assert "already there" in again
    assert "already connected" in again
    assert "tasks: 0 imported" in again
    assert "4 already in the project" in again
    assert "removed the webhook" not in again
    backends = project["project"]["ml_backends"]
    assert len(backends) == 1
    assert backends[0]["state"] == "CO"
    assert backends[0]["auth_method"] == "BASIC_AUTH"
    assert len(project["tasks"]) == 4
    assert project["project"]["show_collab_predictions"] is True


def test_label_studio_holds_predictions_whose_spans_are_the_reports_spans(
    project: dict[str, Any],
) -> None:
    checked_spans = 0
    for row in ROWS:
        task = _task(project, row["id"])
        prediction = _ours(task)
        assert prediction is not None, f"no prediction for {row['id']}"
        response = task["data"]["response"]
        assert response == row["response"]
        result = prediction["result"]
        link = next(
            t.removeprefix("Full report: ")
            for r in result
            if r["type"] == "textarea"
            for t in r["value"]["text"]
            if t.startswith("Full report: ")
        )
        with urllib.request.urlopen(report_json_url(link), timeout=60) as resp:
            report = json.load(resp)
        assert report["request"]["response"] == response
        # every span the report has, in code points (as the labelling screen counts), with
        # its text
        in_report = {(c["start"], c["end"], c["text"]) for c in report["claims"]} | {
            (m["response_start"], m["response_end"], m["response_text"])
            for m in report["plagiarism"]["matches"]
        }
        for r in result:
            if r["type"] != "labels":
                continue
            value = r["value"]
            assert response[value["start"] : value["end"]] == value["text"]
            if not value["labels"][0].startswith(("Spelling", "Advice")):
                assert (value["start"], value["end"], value["text"]) in in_report
            assert value["labels"][0] in PREDICTED_LABELS
            checked_spans += 1
        rubric = report["rubric"]
        rating = next(r for r in result if r["type"] == "rating")["value"]["rating"]
        assert rating == (rubric["score"] if rubric["score"] is not None else rubric["max_score"])
    emoji = _ours(_task(project, "emoji"))
    assert any(r["type"] == "labels" and r["value"]["start"] > 20 for r in emoji["result"])  # type: ignore[index]
    assert checked_spans >= 5


def test_init_failures_are_one_line_each(
    label_studio: LabelStudioServer, verifier_service: VerifierServer, project: dict[str, Any]
) -> None:
    def one_line(done: Any, status: int, *words: str) -> None:
        assert done.returncode == status, (done.stdout, done.stderr)
        errors = [line for line in done.stderr.splitlines() if line.startswith("verifier: error:")]
        assert len(errors) == 1, done.stderr
        for word in words:
            assert word in errors[0]

    one_line(_init(label_studio, verifier_service, token="not-a-token"), 2, "refused the token")
    down = LabelStudioServer(f"http://127.0.0.1:{_free_port()}", 0)
    one_line(_init(down, verifier_service), 1, "cannot reach Label Studio", "is it running")
    _sdk(label_studio, "other-project", "someone else's")
    other = _verifier(
        "labelstudio", "init", "--url", label_studio.url, "--project", "someone else's",
        "--backend-url", f"{verifier_service.url}/labelstudio",
        env=_env(LABEL_STUDIO_API_KEY=TOKEN, VERIFIER_LABEL_STUDIO_KEY=verifier_service.key),
    )  # fmt: skip
    one_line(other, 2, "exists with another labelling interface", "--project")
    wrong_key = _verifier(
        "labelstudio", "init", "--url", label_studio.url, "--project", PROJECT,
        "--backend-url", f"{verifier_service.url}/labelstudio",
        env=_env(LABEL_STUDIO_API_KEY=TOKEN, VERIFIER_LABEL_STUDIO_KEY="vk_not_a_key"),
    )  # fmt: skip
    one_line(wrong_key, 1, "cannot use verifier's ML backend", "authentication")
    # Label Studio kept the wrong key on the project's backend: init with the right one
    # renews it (as a user fixing the mistake would), so the screen tests after this one
    # open tasks of a project whose backend answers
    renewed = _init(label_studio, verifier_service)
    assert renewed.returncode == 0, renewed.stderr
    assert "already connected, credentials renewed" in renewed.stdout


@asynccontextmanager
async def _screen(ls: LabelStudioServer) -> AsyncIterator[Any]:
    """A Chromium page signed in to Label Studio, refused every address off this machine
    (the test fails if the page asked for one)."""
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install -e '.[test]')")
    if CHROMIUM is None:
        _unavailable("chromium is not installed (Debian: apt-get install chromium)")
    outside: list[str] = []
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = await browser.new_context(viewport={"width": 1400, "height": 1300})

        async def loopback_only(route: Any) -> None:
            if route.request.url.startswith(("http://127.0.0.1", "data:", "blob:")):
                await route.continue_()
            else:
                outside.append(route.request.url)
                await route.abort()

        await context.route("**/*", loopback_only)
        page = await context.new_page()
        page.set_default_timeout(WAIT_MS)
        await page.goto(f"{ls.url}/user/login")
        await page.fill("input[name=email]", ADMIN)
        await page.fill("input[name=password]", PASSWORD)
        await page.click("button[type=submit]")
        await page.wait_for_url(f"{ls.url}/**")
        try:
            yield page
        except Exception:
            # what the screen showed, for whoever reads the failure
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            await page.screenshot(path=str(ARTIFACTS / "labelling-screen-failed.png"))
            shown = await page.locator("body").inner_text()
            print(f"page {page.url} showed:\n{shown[:4000]}")
            raise
        finally:
            await browser.close()
    assert outside == [], f"the page asked for addresses off this machine: {outside}"


async def _open_task(page: Any, ls: LabelStudioServer, project_id: int, task_id: int) -> None:
    """Open a task's labelling screen as a rater does: the project's task list, then a click
    on the task's row (its first column is the task's id). Not the task's address
    (``data?task=N``) loaded directly: Label Studio 1.23's frontend then races the task with
    the task list, and when the list arrives second it replaces the task the screen is being
    built from with the list's copy, which holds no predictions, so the screen starts an
    empty annotation instead of the prediction (its console: "[mobx-state-tree] You are
    trying to read or write to an object that is no longer part of a state tree ...
    '/taskStore/list/0' ... initializeStore()"; 1 run in 6 on one machine, every run on
    another)."""
    await page.goto(f"{ls.url}/projects/{project_id}/data")
    rows = page.get_by_test_id("table-row")
    await rows.first.wait_for()
    ids = [t.split("\n", 1)[0].strip() for t in await rows.all_inner_texts()]
    assert str(task_id) in ids, f"task {task_id} is not in the project's list: {ids}"
    await rows.nth(ids.index(str(task_id))).click()
    await page.wait_for_url(re.compile(rf"[?&]task={task_id}(&|$)"))
    await page.get_by_text("Response", exact=True).first.wait_for()


# The text of each highlighted region on the labelling screen, read from the page: every
# text node under a region's highlight element counts toward that region (its class
# htx-highlight-<region id>), so nested and overlapping regions read whole.
_REGION_TEXTS = """() => {
  const out = {};
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    for (let el = node.parentElement; el; el = el.parentElement) {
      if (!el.classList || !el.classList.contains("htx-highlight")) continue;
      const region = [...el.classList].find((c) => c.startsWith("htx-highlight-"));
      out[region] = (out[region] || "") + node.data;
    }
  }
  return out;
}"""


async def _region_texts(page: Any, regions: int) -> list[str]:
    await page.wait_for_function(
        f"() => new Set([...document.querySelectorAll('.htx-highlight')].flatMap("
        f"(e) => [...e.classList].filter((c) => c.startsWith('htx-highlight-')))).size >= {regions}"
    )
    return sorted((await page.evaluate(_REGION_TEXTS)).values())


async def _prefilled(
    page: Any, ls: LabelStudioServer, project: dict[str, Any], task: dict[str, Any], shown: str
) -> None:
    """Wait until the labelling screen shows the prediction (``shown``); if it does not,
    fail with what Label Studio holds: the backend's state (a backend Label Studio marks
    disconnected has its predictions hidden from the screen) and the task's predictions."""
    try:
        await page.locator(shown).first.wait_for()
    except Exception as exc:
        found = _sdk(ls, "project", PROJECT)
        backends = [
            {k: b.get(k) for k in ("state", "model_version", "error_message")}
            for b in found["ml_backends"]
        ]
        held = _sdk(ls, "predictions", found["id"])
        predictions = [
            {
                "id": p["id"],
                "model_version": p["model_version"],
                "rating": next((r["value"] for r in p["result"] if r["type"] == "rating"), None),
            }
            for t in held
            if t["id"] == task["id"]
            for p in t["predictions"]
        ]
        msg = (
            f"the labelling screen never showed {shown!r}: ML backends {backends}, project "
            f"model version {found.get('model_version')!r}, the task's predictions {predictions}"
        )
        raise AssertionError(msg) from exc


async def test_the_labelling_screen_shows_the_prediction(
    label_studio: LabelStudioServer, project: dict[str, Any]
) -> None:
    task = _task(project, "curie")
    refuted_note = next(
        r["meta"]["text"][0]
        for r in _ours(task)["result"]  # type: ignore[index]
        if r["type"] == "labels" and r["value"]["labels"] == ["Claim: refuted"]
    )
    async with _screen(label_studio) as page:
        await _open_task(page, label_studio, project["project"]["id"], task["id"])
        # the prediction is in place: its regions listed, its rating given, its explanation shown
        await _prefilled(page, label_studio, project, task, "text=Rated 3: >> visible=true")
        await page.get_by_text("Copied (minor changes)").last.wait_for()
        stars = page.locator("[role=radiogroup] [role=radio][aria-checked=true]")
        assert await stars.count() == 3  # the suggested rating
        # a region's details hold its note: for a refuted claim, the deciding quote and URL
        await page.get_by_text("Claim: refuted").last.click()
        await page.get_by_text(refuted_note[:60]).first.wait_for()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        shot = ARTIFACTS / "labelling-screen.png"
        await page.screenshot(path=str(shot), full_page=True)
        print(f"screenshot: {shot}")
    assert shot.stat().st_size > 20_000


async def test_spans_land_on_their_words_on_the_labelling_screen(
    label_studio: LabelStudioServer, project: dict[str, Any]
) -> None:
    """What a rater sees: each predicted span's highlighted text, read back from the page,
    is the span's text, after emoji (one character each on the screen, two in a JavaScript
    string), accented letters, CJK and a ZWJ emoji sequence."""
    async with _screen(label_studio) as page:
        for row_id in ("emoji", "mixed", "curie"):
            task = _task(project, row_id)
            spans = [r["value"] for r in _ours(task)["result"] if r["type"] == "labels"]  # type: ignore[index]
            assert spans, row_id
            await _open_task(page, label_studio, project["project"]["id"], task["id"])
            shown = await _region_texts(page, len(spans))
            # the page draws a line break as an element, not a character
            assert shown == sorted(v["text"].replace("\n", "") for v in spans), row_id
            if row_id == "emoji":
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                shot = ARTIFACTS / "emoji-spans.png"
                await page.screenshot(path=str(shot), full_page=True)
                print(f"screenshot of the emoji task's spans: {shot}")


@pytest.fixture(scope="module")
def blind_project(
    label_studio: LabelStudioServer, verifier_service: VerifierServer, project: dict[str, Any]
) -> dict[str, Any]:
    """The same rows in a project set up with ``--blind``: predictions made, not shown."""
    made = _verifier(
        "labelstudio", "init", "--url", label_studio.url, "--project", BLIND, "--blind",
        "--backend-url", f"{verifier_service.url}/labelstudio", "--tasks", str(project["rows"]),
        env=_env(LABEL_STUDIO_API_KEY=TOKEN, VERIFIER_LABEL_STUDIO_KEY=verifier_service.key),
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    found = _sdk(label_studio, "project", BLIND)
    deadline = time.monotonic() + START_S
    while True:
        tasks = _sdk(label_studio, "predictions", found["id"])
        if all(_ours(t) for t in tasks) or time.monotonic() > deadline:
            break
        time.sleep(2)
    return {"init": made.stdout, "project": found, "tasks": tasks}


async def test_a_blind_project_shows_raters_nothing_of_verifiers(
    label_studio: LabelStudioServer, blind_project: dict[str, Any]
) -> None:
    """A rater's screen (Label Studio's "Label All Tasks" stream) pre-fills nothing in a blind
    project: no span, no rating, no explanation; the predictions are kept all the same."""
    assert "suggestions: hidden from raters (blind" in blind_project["init"]
    assert blind_project["project"]["show_collab_predictions"] is False
    assert blind_project["project"]["maximum_annotations"] == 2  # each task to two raters
    assert all(_ours(t) is not None for t in blind_project["tasks"])  # kept, for import-ratings
    async with _screen(label_studio) as page:
        await page.goto(
            f"{label_studio.url}/projects/{blind_project['project']['id']}/data?labeling=1"
        )
        await page.get_by_text("Response", exact=True).first.wait_for()
        await page.locator("[role=radiogroup]").first.wait_for()
        await page.get_by_role("button", name="Submit").first.wait_for()
        assert await page.locator(".htx-highlight").count() == 0
        stars = page.locator("[role=radiogroup] [role=radio][aria-checked=true]")
        assert await stars.count() == 0  # no rating pre-filled: the rater's own
        assert await page.locator("text=Rated >> visible=true").count() == 0
        assert await page.locator("text=Full report: >> visible=true").count() == 0


def test_raters_agreement_with_each_other_and_blind_with_the_suggestion(
    label_studio: LabelStudioServer, blind_project: dict[str, Any], tmp_path: Path
) -> None:
    import krippendorff

    bob = _sdk(label_studio, "user", RATER)["id"]
    given = {"curie": (3, 3), "emoji": (4, 5), "mixed": (4, 4), "plain": (7, 6)}  # admin, bob
    for task in blind_project["tasks"]:
        mine, theirs = given[task["data"]["request_id"]]
        for rater, rating in ((None, mine), (bob, theirs)):
            result = [
                {
                    "from_name": "rating",
                    "to_name": "response",
                    "type": "rating",
                    "value": {"rating": rating},
                }
            ]
            _sdk(
                label_studio,
                "annotate",
                {"task": task["id"], "result": result, "completed_by": rater},
            )
    out = tmp_path / "blind.jsonl"
    done = _verifier(
        "labelstudio", "import-ratings", "--url", label_studio.url, "--project", BLIND, "--out", str(out),
        "--no-reports", env=_env(LABEL_STUDIO_API_KEY=TOKEN),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    print(done.stdout)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 8
    assert not any(r["suggestion_shown"] for r in rows)
    assert {r["rater"] for r in rows} == {ADMIN, RATER}
    alpha = krippendorff.alpha(
        reliability_data=[[3, 4, 4, 7], [3, 5, 4, 6]],
        value_domain=list(range(1, 8)),
        level_of_measurement="ordinal",
    )
    figures = done.stdout
    assert f"2 raters; Krippendorff's alpha (ordinal) {alpha:.2f} over 4 task(s)" in figures
    assert f"{ADMIN} vs {RATER}: 4 task(s), exact 2/4 (50%), within one 4/4 (100%)" in figures
    assert "suggestion shown (pre-filled): exact -, within one -" in figures
    assert "suggestion not shown (blind): exact " in figures


def test_annotations_come_back_paired_with_the_report_and_agreement_is_printed(
    label_studio: LabelStudioServer, project: dict[str, Any], tmp_path: Path
) -> None:
    # the rater keeps the prediction of "plain" as it is, and on "emoji" drops the first
    # span, adds one of their own and rates one higher
    plain, emoji = _task(project, "plain"), _task(project, "emoji")
    kept = [r for r in _ours(plain)["result"]]  # type: ignore[index]
    _sdk(label_studio, "annotate", {"task": plain["id"], "result": kept})
    predicted = _ours(emoji)["result"]  # type: ignore[index]
    spans = [r for r in predicted if r["type"] == "labels"]
    suggested = next(r for r in predicted if r["type"] == "rating")["value"]["rating"]
    response = emoji["data"]["response"]
    tail = "she was the first woman to receive a Nobel Prize"
    start = response.index(tail)  # code points, as the screen counts
    added = {
        "id": "rater1",
        "from_name": "spans",
        "to_name": "response",
        "type": "labels",
        "value": {
            "start": start,
            "end": start + len(tail),
            "text": tail,
            "labels": ["Claim: inconclusive"],
        },
    }
    rated = [r for r in predicted if r["type"] not in ("labels", "rating")] + spans[1:] + [added]
    rated.append(
        {
            "id": "rating",
            "from_name": "rating",
            "to_name": "response",
            "type": "rating",
            "value": {"rating": suggested + 1},
        }
    )
    _sdk(label_studio, "annotate", {"task": emoji["id"], "result": rated})

    out = tmp_path / "ratings.jsonl"
    done = _verifier(
        "labelstudio", "import-ratings", "--url", label_studio.url, "--project", PROJECT, "--out", str(out),
        env=_env(LABEL_STUDIO_API_KEY=TOKEN),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    print(done.stdout)
    rows = {row["request_id"]: row for row in map(json.loads, out.read_text().splitlines())}
    assert set(rows) == {"plain", "emoji"}
    e = rows["emoji"]
    assert (e["rating"], e["suggested_rating"]) == (suggested + 1, suggested)
    removed = spans[0]["value"]
    assert [(s["start"], s["end"], s["label"]) for s in e["spans"]["removed"]] == [
        (removed["start"], removed["end"], removed["labels"][0])
    ]
    assert [(s["start"], s["label"], s["text"]) for s in e["spans"]["added"]] == [
        (start, "Claim: inconclusive", tail)
    ]
    assert len(e["spans"]["kept"]) == len(spans) - 1
    assert e["report"]["request"]["response"] == response  # paired with verifier's report
    assert e["rater"] == ADMIN
    assert rows["plain"]["rating"] == rows["plain"]["suggested_rating"]
    assert rows["plain"]["spans"]["removed"] == rows["plain"]["spans"]["added"] == []
    figures = done.stdout
    assert "annotations: 2 (0 on tasks without verifier's prediction)" in figures
    assert "exact 1/2 (50%), within one 2/2 (100%)" in figures
    assert "Claim: inconclusive" in figures
