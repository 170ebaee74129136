"""Batch execution: many check requests through one runtime, bounded, results in order;
the rows of a batch file, and `verifier check --batch`."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import IO

import click

from verifier.config import LimitsSettings, Settings
from verifier.errors import InputError, InvalidRequest, VerifierError
from verifier.model import CheckRequest, Report
from verifier.pipeline import ProgressFn, Runtime, check
from verifier.render import report_json
from verifier.runtime import open_runtime

from .terminal import terminal_progress, warn_incomplete

__all__ = ["check_batch", "parse_batch_row", "read_batch", "run_batch"]


async def run_batch(
    requests: Iterable[CheckRequest | VerifierError],
    runtime: Runtime,
    *,
    concurrency: int = 2,
    progress: ProgressFn | None = None,
) -> AsyncIterator[Report | VerifierError]:
    """Yield one report (or the error that stopped it) per request, in input order.

    Items that are already errors (rows that failed to parse) are passed through, so the
    output keeps one line per input row. At most ``concurrency`` checks run at once.
    """
    gate = asyncio.Semaphore(concurrency)

    async def run(request: CheckRequest) -> Report | VerifierError:
        async with gate:
            try:
                return await check(request, runtime, progress=progress)
            except VerifierError as exc:
                return exc

    pending: list[asyncio.Task[Report | VerifierError] | VerifierError] = []
    for item in requests:
        pending.append(item if isinstance(item, VerifierError) else asyncio.create_task(run(item)))
    try:
        for entry in pending:
            yield entry if isinstance(entry, VerifierError) else await entry
    finally:
        for entry in pending:
            if isinstance(entry, asyncio.Task) and not entry.done():
                entry.cancel()


def parse_batch_row(
    line: str, number: int, limits: LimitsSettings
) -> tuple[str | None, CheckRequest | InputError]:
    """A batch row's id (when it has one) and its request, or the error that refuses it."""
    try:
        row = json.loads(line)
    except json.JSONDecodeError as exc:
        return None, InputError(f"batch line {number}: not JSON ({exc.msg} at column {exc.colno})")
    row_id = None if not isinstance(row, dict) or row.get("id") is None else str(row["id"])
    try:
        request = CheckRequest.from_dict(
            row,
            max_response_chars=limits.max_response_chars,
            max_prompt_chars=limits.max_prompt_chars,
        )
    except InvalidRequest as exc:
        return row_id, InputError(f"batch line {number}: {exc}")
    return row_id, request


def read_batch(
    path: str, limits: LimitsSettings
) -> list[tuple[str | None, CheckRequest | InputError]]:
    """The rows of a batch file; InputError when it cannot be read or holds no row."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        msg = f"cannot read the batch file {path}: {exc}; give a UTF-8 JSONL file"
        raise InputError(msg) from exc
    rows = [
        parse_batch_row(line, n, limits) for n, line in enumerate(lines, start=1) if line.strip()
    ]
    if not rows:
        msg = f'the batch file {path} is empty; give one JSON object per line, like {{"id": "r1", "response": "..."}}'
        raise InputError(msg)
    return rows


async def check_batch(
    rows: list[tuple[str | None, CheckRequest | InputError]],
    settings: Settings,
    corpora: tuple[str, ...],
    web: bool,
    jobs: int,
    sink: IO[str],
) -> tuple[int, int]:
    """Check every row, one line out per row in order; (rows failed, reports incomplete)."""
    failures = incomplete = 0
    async with open_runtime(settings, corpora=corpora, web=web) as runtime:
        with terminal_progress(rows=len(rows)) as progress:
            requests = [request for _row_id, request in rows]
            results = run_batch(requests, runtime, concurrency=jobs, progress=progress)
            index = 0
            async for result in results:
                row_id = rows[index][0]
                index += 1
                if isinstance(result, Report):
                    sink.write(report_json(result, indent=None) + "\n")
                    if result.status == "incomplete":
                        incomplete += 1
                        warn_incomplete(result, f"row {row_id or index}: ")
                else:
                    failures += 1
                    click.echo(f"verifier: {result}", err=True)
                    sink.write(
                        json.dumps({"id": row_id, "error": str(result)}, ensure_ascii=False) + "\n"
                    )
                sink.flush()
                if progress is not None:
                    progress("row_done")
    return failures, incomplete
