"""What the terminal shows while a command runs: progress, and one warning line per check
that could not run in full."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from verifier.schema import Report
from verifier.system.notice import LOGGER

if TYPE_CHECKING:  # imported when shown: rich costs start-up when stderr is no terminal
    from workers.progress import TerminalProgress

__all__ = ["show_notices", "terminal_progress", "warn_incomplete"]


class _Notices(logging.Handler):
    """Each notice (:mod:`verifier.system.notice`) as a line on stderr, looked up when
    said (through the progress display when one runs)."""

    def emit(self, record: logging.LogRecord) -> None:
        click.echo(f"verifier: {record.getMessage()}", err=True)


@contextmanager
def show_notices() -> Iterator[None]:
    """While a command runs, one-time work (a new corpus indexed, the word caches built on
    a first run) is said on stderr when it is a terminal, as the progress display is."""
    if not sys.stderr.isatty():
        yield
        return
    log = logging.getLogger(LOGGER)
    handler = _Notices(logging.INFO)
    level = log.level
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    try:
        yield
    finally:
        log.removeHandler(handler)
        log.setLevel(level)


@contextmanager
def terminal_progress(
    rows: int | None = None, *, enabled: bool = True
) -> Iterator[TerminalProgress | None]:
    """The progress display on stderr when it is a terminal; None otherwise."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    from workers.progress import TerminalProgress

    with TerminalProgress(rows=rows) as progress:
        yield progress


def warn_incomplete(report: Report, label: str = "") -> None:
    """One warning line per check that could not run in full."""
    for line in report.incomplete:
        click.echo(f"verifier: warning: {label}{line}", err=True)
