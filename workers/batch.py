"""Batch execution: many check requests through one runtime, bounded, results in order."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable

from verifier.errors import VerifierError
from verifier.model import CheckRequest, Report
from verifier.pipeline import ProgressFn, Runtime, check

__all__ = ["run_batch"]


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
