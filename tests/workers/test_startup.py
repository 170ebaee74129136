"""Start-up stays light: the command line imports no library code until a command runs.

Imports only, never timings: each check runs a fresh interpreter and reads its
``sys.modules``.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = (
    "verifier.pipeline",
    "verifier.judges.registry",  # `verifier judge --judge` reads its choices when used
    "workers.commands",
    "datasketch",
    "scipy",
    "symspellpy",
)


def modules_after(code: str) -> set[str]:
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_importing_the_command_line_imports_none_of_the_library() -> None:
    loaded = modules_after("import workers.cli")
    assert "click" in loaded
    assert not {m for m in loaded if m.split(".")[0] in HEAVY or m in HEAVY}


def test_help_runs_without_the_library() -> None:
    code = (
        "import sys\nfrom workers.cli import main\nsys.argv = ['verifier', 'check', '--help']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass"
    )
    loaded = modules_after(code)
    assert not {m for m in loaded if m in HEAVY or m.split(".")[0] in HEAVY}


@pytest.mark.parametrize(
    "module", ["verifier.plagiarism.sketch", "verifier.search.corpus", "verifier.pipeline"]
)
def test_the_check_path_imports_neither_datasketch_nor_scipy(module: str) -> None:
    loaded = modules_after(f"import {module}")
    assert not {m for m in loaded if m.split(".")[0] in ("datasketch", "scipy")}


def test_a_check_without_a_terminal_or_a_page_imports_neither_rich_nor_jinja2() -> None:
    loaded = modules_after("import workers.commands")
    assert not {m for m in loaded if m.split(".")[0] in ("rich", "jinja2")}
