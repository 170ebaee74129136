from __future__ import annotations

import io

from rich.console import Console

from verifier.schema import Claim
from workers.progress import TerminalProgress


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, force_terminal=True, width=120, color_system=None), out


def claim(n: int) -> Claim:
    return Claim(f"c{n}", "paragraph", 0, 5, f"Claim number {n} about Paris.", True, "names Paris")


def test_counts_move_as_claims_finish() -> None:
    con, out = console()
    with TerminalProgress(con) as progress:
        task = progress.progress.tasks[-1]
        assert task.total is None  # nothing queued yet: not a finished 0/0 bar
        assert not task.finished
        for n in range(3):
            progress("claim_queued", claim(n))
        assert task.total == 3
        progress("claim_done", claim(0))
        progress.progress.refresh()
        assert "1/3" in out.getvalue()
        progress("claim_done", claim(1))
        progress.progress.refresh()
        assert "2/3" in out.getvalue()
        assert "Claim number 1" in out.getvalue()
        progress("claim_done", claim(2))
        progress("copy_check", None)
        progress.progress.refresh()
        assert "copy check and scoring" in out.getvalue()


def test_elapsed_runs_after_the_last_claim() -> None:
    con, out = console()
    with TerminalProgress(con) as progress:
        progress.started -= 75  # as if the check began 75 s ago
        progress("claim_queued", claim(0))
        progress("claim_done", claim(0))
        progress.progress.refresh()
        assert "0:01:15" in out.getvalue()


def test_batch_rows_have_their_own_bar() -> None:
    con, out = console()
    with TerminalProgress(con, rows=2) as progress:
        progress("row_done")
        progress.progress.refresh()
        assert "reports" in out.getvalue()
        assert "1/2" in out.getvalue()
