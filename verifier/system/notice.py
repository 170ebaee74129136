"""One-time work a person would otherwise wait on unexplained: a new corpus indexed before
its first check, verifier's word and place caches built on a machine's first run. Said
with :func:`notice` (the ``verifier.notice`` logger, at INFO); the command line shows it on
stderr when stderr is a terminal (:func:`workers.terminal.show_notices`); the service, the
tests and a script reading stderr see nothing of it."""

from __future__ import annotations

import logging

__all__ = ["LOGGER", "notice"]

LOGGER = "verifier.notice"

_log = logging.getLogger(LOGGER)


def notice(message: str) -> None:
    """Say ``message`` (what is happening, and why it takes a moment) where it is shown."""
    _log.info(message)
