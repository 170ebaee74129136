"""What the terminal shows while a command runs: progress, and one warning line per check
that could not run in full."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from verifier.schema import Report

if TYPE_CHECKING:  # imported when shown: rich costs start-up when stderr is no terminal
    from workers.progress import TerminalProgress

__all__ = ["terminal_progress", "warn_incomplete"]


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
