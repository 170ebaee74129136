from __future__ import annotations

import logging

import pytest

from workers.outage import Outage


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


def test_backoff_doubles_to_its_cap_and_the_log_is_a_few_lines(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = Clock()
    outage = Outage("the store", logging.getLogger("t"), first_s=0.5, max_s=4, clock=clock)
    assert outage.delay() == 0
    delays = []
    with caplog.at_level(logging.WARNING, "t"):
        for _ in range(2000):  # about an hour of failures, a try every few seconds
            delays.append(outage.failed("disk full", "no space"))
            clock.now += 2
        lasted = outage.ok()
        assert outage.ok() is None
    assert delays[:5] == [0.5, 1, 2, 4, 4]
    assert lasted == pytest.approx(4000)
    lines = [r.getMessage() for r in caplog.records]
    assert "is unavailable (disk full): no space" in lines[0]
    assert "answers again after" in lines[-1]
    assert len(lines) == 2 + 4000 // 300  # plus one reminder every 5 minutes
