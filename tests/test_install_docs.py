"""Every install line in the README, docs/ and config.toml installs this project: from the
checkout (``.`` with extras that exist) or the built wheel (``verifier-evidence``), never
the unrelated ``verifier`` on PyPI; and CI runs the README's Quick start verbatim.

The wheel itself is built and installed into a clean venv by ``.ci/wheel`` (run by
``.ci/run``), which needs the package index: tests never leave the machine."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
EXTRAS = set(PYPROJECT["project"]["optional-dependencies"])
DOCS = [ROOT / "README.md", ROOT / "config.toml", *sorted((ROOT / "docs").glob("*.md"))]
# third-party tools the docs install for a step of their own
OTHERS = {"build", "optimum"}


def _install_lines() -> list[tuple[str, str]]:
    found = []
    for path in DOCS:
        for line in path.read_text().splitlines():
            for m in re.finditer(r"pip install ([^`\n]+?)(?:`|\s+#|\s*&&|\s+\(|\)|$)", line):
                found.append((path.name, m.group(1).strip().rstrip(",;")))
    return found


def test_the_distribution_is_named_apart_from_the_command() -> None:
    project = PYPROJECT["project"]
    assert project["name"] == "verifier-evidence"
    assert project["scripts"] == {"verifier": "workers.cli:main"}
    assert "verifier-evidence[nli,postgres]" in project["optional-dependencies"]["test"]


@pytest.mark.parametrize(("where", "args"), _install_lines())
def test_each_install_line_names_this_project(where: str, args: str) -> None:
    words = [w for w in shlex.split(args) if not w.startswith("-") and w != "dist"]
    assert words, f"{where}: pip install {args}"
    for spec in words:
        name, _, extras = spec.partition("[")
        chosen = {e.strip() for e in extras.rstrip("]").split(",") if e.strip()}
        if name in (".", "verifier-evidence"):
            assert chosen <= EXTRAS, f"{where}: unknown extra in {spec!r}"
        else:
            assert name in OTHERS, f"{where}: pip install {args} names {name!r}"
        if name == "verifier-evidence":
            assert "--find-links" in args, f"{where}: not on PyPI; install the built wheel"


def test_every_doc_install_line_is_checked() -> None:
    lines = _install_lines()
    assert len(lines) >= 6
    text = "\n".join((ROOT / p).read_text() for p in ("README.md", "config.toml")) + "\n".join(
        p.read_text() for p in DOCS
    )
    assert "'verifier[" not in text
    assert '"verifier[' not in text


def _quick_start() -> list[str]:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", section, re.DOTALL)


def test_ci_runs_the_quick_start_test_command_and_the_wheel_install() -> None:
    first, second = _quick_start()
    ci = (ROOT / ".ci" / "run").read_text()
    assert second in ci.splitlines()
    assert first.startswith(second.split(" && ")[0])  # the same venv line
    assert ".ci/wheel" in ci.splitlines()
    wheel = (ROOT / ".ci" / "wheel").read_text()
    assert "--find-links dist 'verifier-evidence[postgres]'" in wheel
    assert (
        "pip install --find-links dist 'verifier-evidence[postgres]'"
        in (ROOT / "README.md").read_text()
    )
