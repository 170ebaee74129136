"""The retry decisions (workers/retries.py): pure, so tested without a store or a clock."""

from __future__ import annotations

import errno
import math

from hypothesis import given
from hypothesis import strategies as st

from verifier.errors import InputError, StoreUnavailable
from workers.retries import (
    URGENT_S,
    Outcome,
    RetryPolicy,
    doubling,
    gave_up,
    out_of_attempts,
    outcome_of,
    should_retry,
    urgent,
)


def test_bad_input_fails_at_once() -> None:
    assert outcome_of(InputError("too long")) == (Outcome.FAIL, None)


def test_a_fault_of_the_infrastructure_is_given_back_with_its_reason() -> None:
    assert outcome_of(OSError(errno.ENOSPC, "no space")) == (Outcome.GIVE_BACK, "disk full")
    assert outcome_of(StoreUnavailable("down", "database unavailable")) == (
        Outcome.GIVE_BACK,
        "database unavailable",
    )
    wrapped = RuntimeError("while storing")
    wrapped.__cause__ = MemoryError()
    assert outcome_of(wrapped) == (Outcome.GIVE_BACK, "out of memory")


def test_anything_else_is_a_counted_attempt_retried() -> None:
    assert outcome_of(ValueError("boom")) == (Outcome.RETRY, None)
    assert outcome_of(TimeoutError()) == (Outcome.RETRY, None)


def test_the_backoff_doubles_from_the_first_attempt() -> None:
    policy = RetryPolicy(backoff_s=5.0, lease_s=30.0)
    assert [policy.next_delay(n) for n in (0, 1, 2, 3, 4)] == [5.0, 5.0, 10.0, 20.0, 40.0]
    assert policy.retry_in(Outcome.RETRY, 2) == 10.0
    assert policy.retry_in(Outcome.FAIL, 2) is None


@given(st.integers(-3, 100), st.floats(0, 60), st.floats(0, 600))
def test_doubling_never_exceeds_its_cap(tries: int, first: float, cap: float) -> None:
    wait = doubling(tries, first, cap)
    assert 0 <= wait <= cap
    assert wait == min(cap, first * 2 ** min(max(tries - 1, 0), 32))
    assert doubling(tries, first) == first * 2 ** min(max(tries - 1, 0), 32)
    assert doubling(1, first, math.inf) == first


def test_a_failed_attempt_is_retried_while_attempts_remain() -> None:
    assert should_retry(1, 3, 5.0)
    assert should_retry(2, 3, 0.0)
    assert not should_retry(3, 3, 5.0)  # the last attempt failed
    assert not should_retry(1, 3, None)  # never retried (bad input)


def test_a_job_out_of_attempts_fails_when_next_taken() -> None:
    assert not out_of_attempts(2, 3)
    assert out_of_attempts(3, 3)
    assert gave_up(None, 3) == "gave up after 3 attempts (the worker stopped answering)"
    assert gave_up("boom", 3) == "; gave up after 3 attempts (the worker stopped answering)"


def test_what_is_owed_to_the_store_is_offered_often() -> None:
    assert urgent(8.0, owed=False) == 8.0
    assert urgent(8.0, owed=True) == URGENT_S
    assert urgent(0.25, owed=True) == 0.25


def test_the_lease_is_renewed_three_times_over_and_waited_out() -> None:
    policy = RetryPolicy(backoff_s=5.0, lease_s=30.0)
    assert policy.renew_every() == 10.0
    assert policy.lease_wait(2.0) == 2.05
    assert policy.lease_wait(100.0) == 30.0
