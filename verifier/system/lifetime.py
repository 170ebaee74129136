"""Child processes that do not outlive their parent, and a supervisor that reaps orphans.

A process killed with SIGKILL (by hand, or by the kernel's OOM killer) cannot stop its
children. Two things keep them from lingering:

- :func:`die_with_parent`, run first thing in a child (the extraction pool's workers, a
  batch's and the service's child processes): on Linux the kernel sends the child SIGKILL
  when the thread that started it ends (``prctl(PR_SET_PDEATHSIG)``). Elsewhere it does
  nothing.
- :func:`become_subreaper` and :func:`reap_orphans`, for the supervisor (`verifier
  serve`): the orphans of a killed child are handed to the supervisor instead of to
  init (``prctl(PR_SET_CHILD_SUBREAPER)``), and the supervisor collects their exit status
  so none stays ``<defunct>``. A supervisor that is PID 1 in a container gets every orphan
  anyway, and must reap them the same way.

:func:`reap_orphans` leaves the children :mod:`multiprocessing` started to it (it joins
the ended ones through multiprocessing: a status taken behind its back would leave it
thinking the child alive).
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing.process
import os
import signal
import sys
from pathlib import Path

__all__ = ["become_subreaper", "children_of", "die_with_parent", "reap_orphans"]

_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36


def _prctl(option: int, value: int) -> bool:
    if sys.platform != "linux":
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(option, value, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def die_with_parent(parent_pid: int, sig: int = signal.SIGKILL) -> bool:
    """Have the kernel send ``sig`` to this process when its parent ends (Linux). If the
    parent (``parent_pid``, passed down by it) is already gone, exit now. False where the
    platform cannot do it."""
    if not _prctl(_PR_SET_PDEATHSIG, int(sig)):
        return False
    if os.getppid() != parent_pid:  # the parent ended before the request took effect
        os._exit(1)
    return True


def become_subreaper() -> bool:
    """Make this process the one that inherits the orphans of its descendants (Linux);
    False where the platform cannot."""
    return _prctl(_PR_SET_CHILD_SUBREAPER, 1)


def _stat(pid: int) -> tuple[str, int] | None:
    """A process's state letter and parent pid, from /proc (None once it is gone)."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = raw.rsplit(")", 1)[1].split()  # after "pid (comm)", which may hold spaces
    return fields[0], int(fields[1])


def children_of(pid: int) -> dict[int, str]:
    """The children of ``pid`` with their state letter (``Z`` for a zombie), from /proc;
    empty where there is no /proc."""
    found = {}
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            if entry.name.isdigit() and (stat := _stat(int(entry.name))) and stat[1] == pid:
                found[int(entry.name)] = stat[0]
    return found


def _multiprocessing_children() -> set[int]:
    # multiprocessing's own set of live children: private, so not in typeshed
    own = {p.pid for p in multiprocessing.process._children if p.pid}  # type: ignore[attr-defined]  # multiprocessing keeps its children in a private set
    from multiprocessing import resource_tracker

    tracker = getattr(resource_tracker._resource_tracker, "_pid", None)
    return own | ({tracker} if tracker else set())


def reap_orphans() -> list[int]:
    """Collect the exit status of every ended child of this process: multiprocessing's own
    through multiprocessing (their exit codes stay readable), and the others (orphans
    handed down to a subreaper or to PID 1) directly; the pids of the others."""
    multiprocessing.active_children()  # joins the ended ones
    reaped = []
    for pid, state in children_of(os.getpid()).items():
        if state != "Z" or pid in _multiprocessing_children():
            continue
        with contextlib.suppress(ChildProcessError):
            if os.waitpid(pid, os.WNOHANG)[0] == pid:
                reaped.append(pid)
    return reaped
