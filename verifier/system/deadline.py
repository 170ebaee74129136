"""Monotonic deadlines: one per claim and one per report, passed down to every step.

Each step takes ``deadline.timeout(its_own_timeout)``, that is the smaller of its own
timeout and the time left, so no step can outlive the claim it works for.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["Deadline"]


@dataclass(frozen=True, slots=True)
class Deadline:
    """A point on the monotonic clock; ``Deadline.after(5)`` is five seconds from now."""

    at: float
    clock: Callable[[], float] = field(default=time.monotonic, compare=False, repr=False)

    @classmethod
    def after(cls, seconds: float, clock: Callable[[], float] = time.monotonic) -> Deadline:
        return cls(clock() + seconds, clock)

    def remaining(self) -> float:
        return max(0.0, self.at - self.clock())

    @property
    def expired(self) -> bool:
        return self.clock() >= self.at

    def timeout(self, own: float | None = None) -> float:
        """``min(own, time left)``; the time left when ``own`` is None."""
        left = self.remaining()
        return left if own is None else min(own, left)

    def within(self, seconds: float) -> Deadline:
        """A child deadline: ``seconds`` from now, but never later than this one."""
        return Deadline(min(self.at, self.clock() + seconds), self.clock)
