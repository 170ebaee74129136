from __future__ import annotations

from workers.throttle import FailureThrottle


def test_failures_per_key_in_a_sliding_minute() -> None:
    now = [0.0]
    t = FailureThrottle(3, clock=lambda: now[0])
    for _ in range(3):
        assert t.retry_after(["client:a"]) is None
        t.failed(["client:a", "key:1"])
        now[0] += 1
    assert t.retry_after(["client:a"]) == 58  # the first failure leaves the window at 60
    assert t.retry_after(["client:b", "key:1"]) == 58  # the key too, from anywhere
    assert t.retry_after(["client:b", "key:2"]) is None
    now[0] += 58
    assert t.retry_after(["client:a"]) is None  # the first failure left the window
    assert FailureThrottle(0).retry_after(["x"]) is None  # 0: off
