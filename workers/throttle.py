"""Throttling of failed authentication: wrong API keys at the API, failed sign-ins at the
web app. Failures are counted per client address and per key tried (a sha256 of it),
over the last minute; over ``limit`` for either, the next failing attempts get 429 with
``Retry-After`` until the oldest failure leaves the window. Successes are not counted, and
a valid key is looked up before the throttle is asked: one client's failures (every user
behind one proxy shares an address) never lock out another's valid key. A guesser over
the limit gets 429 for every wrong key, as before; keys are 256-bit random, so what it may
still try is no help to it.
Kept in memory, per process (a restart forgets: the limit is against guessing, which
needs millions of tries, not against a handful).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable

__all__ = ["FailureThrottle"]

_WINDOW_S = 60.0
_MAX_KEYS = 50_000  # past this, windows that have emptied are forgotten


class FailureThrottle:
    def __init__(self, limit: int, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.clock = clock
        self._failures: dict[str, deque[float]] = {}

    def _window(self, key: str, now: float) -> deque[float]:
        window = self._failures.setdefault(key, deque())
        while window and window[0] <= now - _WINDOW_S:
            window.popleft()
        return window

    def retry_after(self, keys: Iterable[str]) -> int | None:
        """Seconds until any of ``keys`` may try again; None when none is throttled."""
        if not self.limit:
            return None
        now = self.clock()
        waits = [
            int(_WINDOW_S - (now - window[0])) + 1
            for key in keys
            if key in self._failures and len(window := self._window(key, now)) >= self.limit
        ]
        return max(waits) if waits else None

    def failed(self, keys: Iterable[str]) -> None:
        if not self.limit:
            return
        now = self.clock()
        if len(self._failures) > _MAX_KEYS:
            for key in [k for k, w in self._failures.items() if not w or w[-1] <= now - _WINDOW_S]:
                del self._failures[key]
        for key in keys:
            window = self._window(key, now)
            window.append(now)
            if len(window) > self.limit:
                window.popleft()
