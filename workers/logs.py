"""The log of `verifier serve` and `verifier worker`: one line per record on stderr,
``verifier: WARNING verifier.worker: ...``, warnings and up (``--debug``: everything, with
tracebacks). Without ``--debug`` a traceback never reaches the log: a record that carries
one gets its exception's one line instead. The same message from the same place is
written at most once per ``every_s`` (60 s); the next one that is written says how many
like it were held back. A database outage, however long, makes a few lines.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable

__all__ = ["RepeatFilter", "setup_logging"]

_HANDLER_NAME = "verifier-service"


class RepeatFilter(logging.Filter):
    """Lets a message (by logger and unformatted message) through at most once per
    ``every_s``; the next one through counts those held back."""

    def __init__(self, every_s: float = 60.0, clock: Callable[[], float] = time.monotonic):
        super().__init__()
        self.every_s = every_s
        self.clock = clock
        self._seen: dict[tuple[str, str], tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, str(record.msg))
        now = self.clock()
        last, held = self._seen.get(key, (float("-inf"), 0))
        if now - last < self.every_s:
            self._seen[key] = (last, held + 1)
            return False
        if len(self._seen) > 1000:
            self._seen.clear()
        self._seen[key] = (now, 0)
        if held:
            record.msg = f"{record.msg} [{held} more like this in the last {now - last:.0f} s]"
        return True


class _Formatter(logging.Formatter):
    def __init__(self, debug: bool) -> None:
        super().__init__("verifier: %(levelname)s %(name)s: %(message)s")
        self.debug = debug

    def format(self, record: logging.LogRecord) -> str:
        if self.debug or not record.exc_info:
            return super().format(record)
        exc = record.exc_info[1]
        plain = logging.makeLogRecord({**record.__dict__, "exc_info": None, "exc_text": None})
        line = super().format(plain)
        if exc is not None and type(exc).__name__ not in line:
            line += f" ({type(exc).__name__}: {str(exc).strip().splitlines()[0] if str(exc).strip() else ''})"
        return line


def setup_logging(debug: bool = False) -> None:
    """Send the process's log to stderr as the module docstring says (once per process)."""
    root = logging.getLogger()
    if any(h.get_name() == _HANDLER_NAME for h in root.handlers):
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.set_name(_HANDLER_NAME)
    handler.setFormatter(_Formatter(debug))
    if not debug:
        handler.addFilter(RepeatFilter())
    root.addHandler(handler)
    root.setLevel(logging.DEBUG if debug else logging.WARNING)
    if debug:  # the drivers' own chatter stays out even then
        for name in ("psycopg", "asyncio", "aiohttp.access"):
            logging.getLogger(name).setLevel(logging.INFO)
