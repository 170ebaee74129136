"""The entry points of `verifier labelstudio init` and `verifier labelstudio
import-ratings`: what they read, run and write (the deciding is in :mod:`.project` and
:mod:`.ratings`). Exit statuses as in :mod:`workers.cli`: 1 when some rows could not be
imported, 3 when ratings were written but some reports could not be read."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

import aiohttp
import click

from verifier.config import Settings
from verifier.errors import InputError
from verifier.system.files import atomic_text
from workers.batch import read_batch
from workers.commands import EXIT_FAILED, EXIT_INCOMPLETE, load
from workers.labelstudio.client import LabelStudio
from workers.labelstudio.project import Row, init_project
from workers.labelstudio.ratings import agreement, agreement_text, rating_rows, report_json_url

__all__ = ["default_backend_url", "import_ratings", "init"]

_REPORT_FETCHES = 4  # reports read at once


def default_backend_url(settings: Settings) -> str:
    """Where Label Studio reaches verifier's ML backend unless told: the service's public
    URL, else its host and port."""
    service = settings.service
    base = service.public_url.rstrip("/") or f"http://{service.host}:{service.port}"
    return f"{base}/labelstudio"


def _say(line: str) -> None:
    click.echo(line)


def _rows(path: str, settings: Settings) -> tuple[list[Row], int]:
    rows, bad = [], 0
    for row_id, request in read_batch(path, settings.limits):
        if isinstance(request, InputError):
            click.echo(f"verifier: error: {request}; the row is not imported", err=True)
            bad += 1
        else:
            rows.append(Row(row_id, request))
    return rows, bad


def init(
    url: str,
    token: str,
    title: str,
    backend_url: str | None,
    backend_key: str,
    tasks_file: str | None,
    config: str | None,
    blind: bool | None = None,
    overlap: int | None = None,
) -> None:
    settings = load(config, None)
    rows, bad = _rows(tasks_file, settings) if tasks_file else (None, 0)
    fields = settings.labelstudio

    async def run() -> None:
        async with LabelStudio(url, token) as ls:
            await init_project(
                ls,
                title=title,
                backend_url=backend_url or default_backend_url(settings),
                backend_key=backend_key,
                rows=rows,
                source=tasks_file or "",
                fields=fields,
                predict_timeout_s=max(120.0, fields.wait_s + 60.0),
                say=_say,
                blind=blind,
                overlap=overlap,
            )

    asyncio.run(run())
    if bad:
        sys.exit(EXIT_FAILED)


async def _reports(rows: list[dict[str, Any]]) -> list[str]:
    """Fill each row's ``report`` from its prediction's link; the failures, one line each."""
    links = {row["report_url"] for row in rows if row.get("report_url")}
    found: dict[str, Any] = {}
    failed: dict[str, str] = {}
    gate = asyncio.Semaphore(_REPORT_FETCHES)
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60)) as session:

        async def fetch(link: str) -> None:
            async with gate:
                try:
                    async with session.get(report_json_url(link)) as resp:
                        if resp.status != 200:
                            failed[link] = f"HTTP {resp.status}: {(await resp.text())[:200]}"
                            return
                        found[link] = await resp.json()
                except (aiohttp.ClientError, TimeoutError, ValueError) as exc:
                    failed[link] = str(exc) or type(exc).__name__

        await asyncio.gather(*(fetch(link) for link in sorted(links)))
    for row in rows:
        link = row.get("report_url")
        row["report"] = found.get(link) if link else None
        if link in failed:
            row["report_error"] = failed[link]
    return [
        f"cannot read the report at {link.split('?')[0]}: {why}" for link, why in failed.items()
    ]


def import_ratings(
    url: str, token: str, title: str, out: str, with_reports: bool, config: str | None
) -> None:
    load(config, None)  # a bad config fails here, as in every command

    async def run() -> tuple[list[dict[str, Any]], list[str]]:
        async with LabelStudio(url, token) as ls:
            found = await ls.projects(title)
            if not found:
                msg = f'Label Studio at {ls.url} has no project named "{title}"; give --project'
                raise InputError(msg)
            tasks = await ls.tasks(int(found[0]["id"]), full=True)
            rows = rating_rows(tasks, await ls.users())
        problems = await _reports(rows) if with_reports else []
        return rows, problems

    rows, problems = asyncio.run(run())
    with atomic_text(out) as sink:
        for row in rows:
            sink.write(json.dumps(row, ensure_ascii=False) + "\n")
    click.echo(agreement_text(agreement(rows)), nl=False)
    click.echo(f"verifier: {len(rows)} rating(s) written to {out}", err=True)
    for line in problems:
        click.echo(f"verifier: warning: {line}", err=True)
    if problems:
        sys.exit(EXIT_INCOMPLETE)
