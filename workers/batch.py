"""Batch execution: many check requests through one runtime, bounded, results in order;
the rows of a batch file, and `verifier check --batch`."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import multiprocessing.process
import multiprocessing.queues
import os
import queue
from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import click

from verifier.config import LimitsSettings, Settings
from verifier.errors import InputError, InvalidRequest, VerifierError
from verifier.pipeline import ProgressFn, check
from verifier.render import report_json
from verifier.runtime import Runtime, open_runtime
from verifier.schema import CheckRequest, Report
from verifier.system.lifetime import die_with_parent
from workers.terminal import terminal_progress

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
    *,
    processes: int = 1,
) -> tuple[int, int]:
    """Check every row, one line out per row in order; (rows failed, reports incomplete).

    With ``processes`` > 1 the rows are checked in that many child processes (each with
    its own runtime and ``jobs`` checks at once), which take the next row as they finish
    one; the lines still come out in input order."""
    requests = [request for _row_id, request in rows]
    with terminal_progress(rows=len(rows)) as progress:
        if processes > 1 and len(rows) > 1:
            # opened and closed here first: corpus indexes are built once, and a bad corpus
            # or config fails before any child starts
            async with open_runtime(settings, corpora=corpora, web=web):
                pass
            results = _in_processes(requests, settings, corpora, web, jobs, processes)
            return await _write(rows, results, sink, progress)
        async with open_runtime(settings, corpora=corpora, web=web) as runtime:
            checked = run_batch(requests, runtime, concurrency=jobs, progress=progress)
            return await _write(rows, _as_lines(checked), sink, progress)


async def _write(
    rows: list[tuple[str | None, CheckRequest | InputError]],
    results: AsyncIterator[_Done | VerifierError],
    sink: IO[str],
    progress: ProgressFn | None,
) -> tuple[int, int]:
    """One line per row, in order, as the results come; (rows failed, reports incomplete)."""
    failures = incomplete = 0
    index = 0
    async for result in results:
        row_id = rows[index][0]
        index += 1
        if isinstance(result, _Done):
            sink.write(result.line + "\n")
            if result.incomplete:
                incomplete += 1
                for line in result.incomplete:
                    click.echo(f"verifier: warning: row {row_id or index}: {line}", err=True)
        else:
            failures += 1
            click.echo(f"verifier: {result}", err=True)
            sink.write(json.dumps({"id": row_id, "error": str(result)}, ensure_ascii=False) + "\n")
        sink.flush()
        if progress is not None:
            progress("row_done", None)
    return failures, incomplete


@dataclass(frozen=True, slots=True)
class _Done:
    """A finished report as its output line, with its incomplete lines (for stderr)."""

    line: str
    incomplete: tuple[str, ...]

    @classmethod
    def of(cls, report: Report) -> _Done:
        return cls(report_json(report, indent=None), tuple(report.incomplete))


async def _as_lines(
    results: AsyncIterator[Report | VerifierError],
) -> AsyncIterator[_Done | VerifierError]:
    async for result in results:
        yield _Done.of(result) if isinstance(result, Report) else result


async def _in_processes(
    requests: list[CheckRequest | InputError],
    settings: Settings,
    corpora: tuple[str, ...],
    web: bool,
    jobs: int,
    processes: int,
) -> AsyncIterator[_Done | VerifierError]:
    """The results of ``requests`` checked in child processes, in input order."""
    context = multiprocessing.get_context("spawn")
    todo, done = context.Queue(), context.Queue()
    children = [
        context.Process(target=_child, args=(os.getpid(), settings, corpora, web, jobs, todo, done))
        for _ in range(min(processes, len(requests)))
    ]
    for child in children:
        child.start()
    waiting: dict[int, _Done | VerifierError] = {}
    for index, request in enumerate(requests):
        if isinstance(request, VerifierError):
            waiting[index] = request
        else:
            todo.put((index, request))
    for _ in range(len(children) * jobs):
        todo.put(None)  # one stop per taker
    loop = asyncio.get_running_loop()
    try:
        for index in range(len(requests)):
            while index not in waiting:
                got, result = await loop.run_in_executor(None, _next, done, children)
                waiting[got] = result
            yield waiting.pop(index)
    finally:
        for child in children:
            if child.is_alive():
                child.terminate()
            child.join(timeout=5)


def _next(
    done: multiprocessing.queues.Queue[tuple[int, _Done | VerifierError]],
    children: Sequence[multiprocessing.process.BaseProcess],
) -> tuple[int, _Done | VerifierError]:
    """The next finished row; VerifierError when every child has died with rows left."""
    while True:
        try:
            return done.get(timeout=1.0)
        except queue.Empty:
            if not any(child.is_alive() for child in children):
                msg = "the batch's child processes ended before every row was checked"
                raise VerifierError(msg) from None


def _child(
    parent_pid: int,
    settings: Settings,
    corpora: tuple[str, ...],
    web: bool,
    jobs: int,
    todo: multiprocessing.queues.Queue[tuple[int, CheckRequest] | None],
    done: multiprocessing.queues.Queue[tuple[int, _Done | VerifierError]],
) -> None:
    """A child process: its own runtime (with an extraction pool of its own, so it is not
    a daemon process), ``jobs`` checks at once, rows taken as it goes; it dies with the
    batch's process."""
    die_with_parent(parent_pid)

    async def main() -> None:
        loop = asyncio.get_running_loop()
        async with open_runtime(settings, corpora=corpora, web=web) as runtime:

            async def take() -> None:
                while (item := await loop.run_in_executor(None, todo.get)) is not None:
                    index, request = item
                    try:
                        result: _Done | VerifierError = _Done.of(await check(request, runtime))
                    except VerifierError as exc:
                        result = VerifierError(str(exc))
                    done.put((index, result))

            await asyncio.gather(*(take() for _ in range(jobs)))

    asyncio.run(main())
