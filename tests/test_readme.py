"""Every command line of the README's Usage block, run as written (in a shell, in README
order, each on the files the lines before it wrote), so the README cannot drift from the
command line.

The files it names are the bundled example's: ``answer.md`` is examples/response.md,
``docs/`` its corpus, and so on. The web is played on loopback: web search is a fake
SearXNG (``VERIFIER_SEARCH__BACKENDS=searxng``) whose hits are pages of the example served
by a fake page server, the Hugging Face hub is tests/fake_hub.py, the nli judge a tiny
model. Two substitutions only: ``serve`` gets a free port for 8750, and the PostgreSQL URL
is a database of the test's own.
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
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.fake_hub import FakeHub, read_files
from tests.judges.tiny_nli import build
from tests.loopback import Loopback
from verifier.testing import pages_app, searxng_app

# real processes, run one after another: each wait in here has its own generous bound, so
# the test's own limit (pytest's default 300 s) is raised above their sum for a loaded machine
pytestmark = pytest.mark.timeout(1800)

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples"
HUB_REPO = "cross-encoder/nli-deberta-v3-base"
LONG_RUNNING = {"serve": "verifier: serving on", "worker": "verifier: worker "}


def usage_lines() -> list[str]:
    """The command lines of the README's Usage block, comments dropped, in order."""
    readme = (ROOT / "README.md").read_text()
    block = readme.split("\n## Usage\n", 1)[1].split("```sh\n", 1)[1].split("\n```", 1)[0]
    return [re.split(r"\s+# ", line)[0].strip() for line in block.splitlines() if line.strip()]


def _as_html(path: Path) -> str:
    if path.suffix == ".html":
        return path.read_text()
    paragraphs = "".join(f"<p>{p}</p>" for p in path.read_text().split("\n\n") if p.strip())
    return f"<html><head><title>{path.stem}</title></head><body>{paragraphs}</body></html>"


@pytest.fixture
def usage(tmp_path: Path) -> Iterator[tuple[Path, dict[str, str]]]:
    """The working directory with the files the Usage block names, and the environment
    that points the commands at the loopback web."""
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(EXAMPLE / "response.md", work / "answer.md")
    shutil.copy(EXAMPLE / "prompt.txt", work / "question.txt")
    shutil.copytree(EXAMPLE / "corpus", work / "docs")
    shutil.copy(EXAMPLE / "corpus" / "marie-curie.html", work / "page.html")
    shutil.copy(EXAMPLE / "corpus" / "nobel-prize.txt", work / "notes.txt")
    response = (EXAMPLE / "response.md").read_text()
    rows = [
        {"id": "r1", "prompt": (EXAMPLE / "prompt.txt").read_text(), "response": response},
        {"id": "r2", "response": "Radium has the symbol Ra and atomic number 88."},
    ]
    (work / "rows.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    pairs = [
        {"id": "p1", "claim": "The tower opened in 1889.", "evidence": ["It opened in 1889."]},
        {"id": "p2", "claim": "The tower opened in 1793.", "evidence": ["It opened in 1889."]},
    ]
    (work / "pairs.jsonl").write_text("".join(json.dumps(p) + "\n" for p in pairs))

    pages = {p.stem: _as_html(p) for p in sorted((EXAMPLE / "corpus").iterdir())}
    servers = Loopback()
    try:
        site = servers.serve(pages_app(pages))

        def results(_query: str) -> list[dict[str, Any]]:
            return [{"url": f"{site}/page/{name}", "title": name, "content": ""} for name in pages]

        searxng = servers.serve(searxng_app(results))
        hub = FakeHub()
        hub.cdn_url = servers.serve(hub.cdn())
        endpoint = servers.serve(hub.app())
        tiny = build(tmp_path / "tiny-nli")
        hub.add(HUB_REPO, "a" * 40, read_files(tiny), "main")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("VERIFIER_", "HF_"))}
        env |= {
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
            "VERIFIER_DATA_DIR": str(tmp_path / "data"),
            "VERIFIER_SEARCH__BACKENDS": "searxng",
            "VERIFIER_SEARCH__SEARXNG__BASE_URL": searxng,
            "VERIFIER_FETCH__ALLOW_PRIVATE_NETWORKS": "true",
            "VERIFIER_EXTRACT__PROCESSES": "1",
            "VERIFIER_SERVICE__PROCESSES": "1",
            "VERIFIER_JUDGES__NLI__MODEL_DIR": str(tiny),
            "HF_ENDPOINT": endpoint,
            "HF_HOME": str(tmp_path / "hf"),
            "HF_HUB_DISABLE_TELEMETRY": "1",
        }
        yield work, env
    finally:
        servers.close()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _run(line: str, work: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", line],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def _run_until_ready(line: str, ready: str, work: Path, env: dict[str, str]) -> str:
    """Start a long-running command, wait for its ready line on stderr (and, for the
    API, an answer on /healthz), stop it with SIGTERM; it must exit 0. Returns stderr."""
    port = None
    if " --port " in line:
        port = _free_port()
        line = re.sub(r"--port \d+", f"--port {port}", line)
    log = work / "long-running.log"
    with log.open("w") as sink:
        proc = subprocess.Popen(["bash", "-c", "exec " + line], cwd=work, env=env, stderr=sink)
    try:
        end = time.monotonic() + 120
        while ready not in log.read_text():
            assert proc.poll() is None, f"{line}: exited {proc.returncode}: {log.read_text()}"
            assert time.monotonic() < end, f"{line}: not ready: {log.read_text()}"
            time.sleep(0.1)
        if port is not None:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as resp:
                assert resp.status == 200
    finally:
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=120)
    assert code == 0, f"{line}: exit {code}: {log.read_text()}"
    return log.read_text()


def _check_output(line: str, out: subprocess.CompletedProcess[str], work: Path) -> None:
    """What each kind of line must have produced, beyond exit status 0."""
    words = line.split()
    if "--out" in words:
        assert (work / words[words.index("--out") + 1]).stat().st_size > 0, line
    elif words[1] in ("check", "score", "judge", "plagiarism", "export", "audit"):
        assert out.stdout.strip(), line
    if words[1] == "judge":
        rows = [json.loads(r) for r in out.stdout.splitlines()]
        assert [r["id"] for r in rows] == ["p1", "p2"], line
        if "nli" in words:
            assert all(not r.get("error") for r in rows), out.stdout
    if words[1] == "audit":
        audit = json.loads(out.stdout)
        assert audit["same_decisions"], audit
        assert audit["config_changed"] is False, audit
        assert audit["config_diff"] == [], audit
    if "--format" in words and words[words.index("--format") + 1] == "text":
        assert out.stdout.startswith("Score"), out.stdout[:300]


@pytest.mark.slow
def test_every_usage_line_runs_as_written(usage: tuple[Path, dict[str, str]]) -> None:
    work, env = usage
    lines = [line for line in usage_lines() if "postgresql://" not in line]
    assert len(lines) >= 18
    for line in lines:
        command = line.split()[1]
        if command in LONG_RUNNING:
            _run_until_ready(line, LONG_RUNNING[command], work, env)
            continue
        out = _run(line, work, env)
        assert out.returncode == 0, f"{line}: exit {out.returncode}\n{out.stderr}"
        _check_output(line, out, work)
    assert (work / "docs.db").is_file()
    assert (
        Path(env["VERIFIER_DATA_DIR"]) / "models" / "cross-encoder--nli-deberta-v3-base"
    ).is_dir()


def test_the_usage_line_for_postgresql_runs_as_written(
    usage: tuple[Path, dict[str, str]], pg_empty: str
) -> None:
    work, env = usage
    [line] = [line for line in usage_lines() if "postgresql://" in line]
    line = re.sub(r"postgresql://\S+", pg_empty, line)
    out = _run(line, work, env)
    assert out.returncode == 0, out.stderr
    assert "jobs at version" in out.stdout
