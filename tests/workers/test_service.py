"""The service's process plumbing that needs no database: how a late signal at shutdown is
reported."""

from __future__ import annotations

import sys
import types

import pytest

from workers.service import _late_signal_hook


def test_a_late_signal_at_shutdown_is_one_log_line_not_a_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Python reports a SIGTERM that arrives while the event loop hands its handlers back
    as an unraisable "Signal 15 ignored due to race condition" with a traceback: the worker
    is stopping already, so it is logged as one line; any other unraisable error goes on to
    the previous hook."""
    passed: list[object] = []
    hook = _late_signal_hook(passed.append)

    def unraisable(error: BaseException) -> sys.UnraisableHookArgs:
        args = types.SimpleNamespace(
            exc_type=type(error), exc_value=error, exc_traceback=None, err_msg=None, object=None
        )
        return args  # type: ignore[return-value]

    with caplog.at_level("INFO", logger="verifier.service"):
        hook(unraisable(OSError("Signal 15 ignored due to race condition")))
    assert passed == []
    assert "a late signal while stopping" in caplog.text
    other = unraisable(ValueError("something else"))
    hook(other)
    assert passed == [other]
