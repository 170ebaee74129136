"""The progress display on a terminal: claims done of claims queued, reports done of rows
(in batch mode), the time since the start and what is being worked on.

:class:`TerminalProgress` is the callback :func:`verifier.pipeline.check` reports to
(``claim_queued``, ``claim_done``, ``copy_check``); the command line adds ``row_done``
for batch rows. The elapsed time runs until the display closes, not until the last
claim: the copy check and the scoring come after it. The command line shows it only
when stderr is a terminal.
"""

from __future__ import annotations

import time
from types import TracebackType
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TaskID,
    TextColumn,
)
from rich.text import Text

if TYPE_CHECKING:
    from verifier.schema import Claim

__all__ = ["TerminalProgress"]


class _Elapsed(ProgressColumn):
    """Time since the display opened (a finished task does not stop it)."""

    def __init__(self, owner: TerminalProgress) -> None:
        super().__init__()
        self.owner = owner

    def render(self, task: Any) -> Text:
        seconds = int(time.monotonic() - self.owner.started)
        return Text(f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}", "yellow")


class TerminalProgress:
    """A live display on ``console`` (stderr); ``rows`` gives a second bar for a batch."""

    def __init__(self, console: Console | None = None, *, rows: int | None = None) -> None:
        self.started = time.monotonic()
        self.progress = Progress(
            TextColumn("[bold]{task.fields[what]:<7}"),
            BarColumn(),
            MofNCompleteColumn(),
            _Elapsed(self),
            TextColumn("{task.description}"),
            console=console or Console(stderr=True),
            transient=True,
            refresh_per_second=8,
        )
        self.rows: TaskID | None = None
        if rows is not None:
            self.rows = self.progress.add_task("", total=rows, what="reports")
        # total stays unknown (None) until a claim is queued: a 0/0 bar would read as done
        self.claims = self.progress.add_task("starting", total=None, what="claims")

    def __enter__(self) -> TerminalProgress:
        self.progress.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.progress.stop()

    def __call__(self, event: str, claim: Claim | None = None) -> None:
        task = next(t for t in self.progress.tasks if t.id == self.claims)
        if event == "claim_queued":
            self.progress.update(self.claims, total=(task.total or 0) + 1, description="searching")
        elif event == "claim_done":
            text = " ".join(claim.text.split())[:50] if claim is not None else ""
            self.progress.update(self.claims, advance=1, description=text)
        elif event == "copy_check":
            self.progress.update(self.claims, description="copy check and scoring")
        elif event == "row_done" and self.rows is not None:
            self.progress.update(self.rows, advance=1)
