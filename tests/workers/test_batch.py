"""The batch runner (workers/batch.py): rows in, one line out per row, in input order,
in one process or several."""

from __future__ import annotations

import asyncio
import io
import json
import os
from pathlib import Path

from verifier.config import Settings
from workers.batch import check_batch, read_batch
from workers.store.jobs import default_processes

ROOT = Path(__file__).resolve().parents[2]
CORPUS = str(ROOT / "examples" / "corpus")
RESPONSES = [
    "Marie Curie won the Nobel Prize in Physics in 1903.",
    "Radium was discovered in 1898 by Marie and Pierre Curie.",
    "Marie Curie died in 1934 at a sanatorium in France.",
    "Polonium was named after Poland, Marie Curie's native country.",
]


def _batch(tmp_path: Path) -> Path:
    lines = [json.dumps({"id": f"r{n}", "response": r}) for n, r in enumerate(RESPONSES)]
    lines.insert(2, '{"id": "bad", "response": 5}')
    path = tmp_path / "rows.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def _run(tmp_path: Path, processes: int) -> tuple[tuple[int, int], list[dict]]:
    settings = Settings().with_overrides({"store.data_dir": str(tmp_path / "data")})
    rows = read_batch(str(_batch(tmp_path)), settings.limits)
    sink = io.StringIO()
    counts = asyncio.run(
        check_batch(rows, settings, (CORPUS,), False, 2, sink, processes=processes)
    )
    return counts, [json.loads(line) for line in sink.getvalue().splitlines()]


def _signals(line: dict) -> tuple:
    if "error" in line:
        return (line["id"], line["error"])
    return (
        line["request"]["id"],
        [(c["text"], c["verdict"]["label"] if c["verdict"] else None) for c in line["claims"]],
        line["plagiarism"]["verdict"],
    )


def test_rows_checked_in_processes_come_out_in_order_as_in_one_process(tmp_path: Path) -> None:
    one_counts, one = _run(tmp_path, processes=1)
    two_counts, two = _run(tmp_path, processes=2)
    assert one_counts == two_counts == (1, 0)
    assert [_signals(line) for line in two] == [_signals(line) for line in one]
    assert [line["request"]["id"] if "request" in line else line["id"] for line in two] == [
        "r0",
        "r1",
        "bad",
        "r2",
        "r3",
    ]


def test_one_process_by_default_with_the_public_web_search() -> None:
    settings = Settings()
    assert default_processes(settings, web=True) == 1  # ddgs is paced per process
    assert default_processes(settings, web=False) >= 1
    searxng = settings.with_overrides(
        {"search.backends": ["searxng"], "search.searxng.base_url": "http://127.0.0.1:8888"}
    )
    assert default_processes(searxng, web=True) == (os.cpu_count() or 1)
