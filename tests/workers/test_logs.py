from __future__ import annotations

import logging

import pytest

from workers.logs import RepeatFilter, _Formatter


def record(msg: str, *args: object, exc: BaseException | None = None) -> logging.LogRecord:
    return logging.LogRecord(
        "psycopg.pool",
        logging.WARNING,
        __file__,
        1,
        msg,
        args,
        (type(exc), exc, exc.__traceback__) if exc else None,
    )


def test_the_same_message_once_a_minute_then_a_count() -> None:
    now = [0.0]
    f = RepeatFilter(60, clock=lambda: now[0])
    passed = []
    for i in range(100):
        r = record("error connecting in %r: %s", "pool", f"refused {i}")
        if f.filter(r):
            passed.append(r.getMessage())
        now[0] += 1.5
    assert len(passed) == 3
    assert passed[1].endswith("[39 more like this in the last 60 s]")
    assert f.filter(record("another message"))


def test_no_traceback_without_debug() -> None:
    def fail() -> None:
        raise ValueError("bad thing")

    with pytest.raises(ValueError) as raised:
        fail()
    r = record("it failed", exc=raised.value)
    plain = _Formatter(debug=False).format(r)
    assert plain == "verifier: WARNING psycopg.pool: it failed (ValueError: bad thing)"
    assert "Traceback" in _Formatter(debug=True).format(r)
