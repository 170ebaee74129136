"""Where retries are decided: what a failed attempt becomes, how long to wait before the
next, when a job is out of attempts, and how a lease is kept.

Pure decisions; the worker (:mod:`workers.worker`), the job stores (:mod:`workers.store.jobstore`,
:mod:`workers.store.pgstore`), the queue (:mod:`workers.store.queue`) and the outage backoff
(:mod:`workers.outage`) carry them out. Three kinds of failure (docs/service.md, "Faults"):

- bad input (:class:`~verifier.errors.InputError`) is the job's fault: it fails at once
  (:attr:`Outcome.FAIL`);
- a fault of the infrastructure (:func:`~verifier.system.faults.infrastructure_fault`: a
  full disk, the database down, memory out) is nobody's: the job is given back to the
  queue, its attempt uncounted, after the outage's backoff (:attr:`Outcome.GIVE_BACK`);
- anything else is a failed attempt: counted, and retried after
  :meth:`RetryPolicy.next_delay` while the job has attempts left (:attr:`Outcome.RETRY`,
  :func:`should_retry`).

An attempt is counted when a job is leased; a job whose workers kept dying (leased
``max_attempts`` times, never finished) fails when it is next taken
(:func:`out_of_attempts`, :func:`gave_up`). A lease is renewed every
:meth:`RetryPolicy.renew_every` seconds; a job whose lease expired is leased again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from verifier.errors import InputError
from verifier.system.faults import infrastructure_fault

if TYPE_CHECKING:
    from verifier.config import ServiceSettings

__all__ = [
    "URGENT_S",
    "Outcome",
    "RetryPolicy",
    "doubling",
    "gave_up",
    "out_of_attempts",
    "outcome_of",
    "should_retry",
    "urgent",
]

# How often what the store must still be told (a finished report, a job given back) is
# offered to a store that is down: often, so that it is told before the lease runs out.
URGENT_S = 1.0
# A lease is renewed this many times per its length: two renewals may fail before it
# runs out.
RENEWALS_PER_LEASE = 3
# After a live lease's expiry, a little more before taking its job over.
_AFTER_LEASE_S = 0.05


class Outcome(StrEnum):
    """What a failed attempt becomes (see the module docstring)."""

    FAIL = "fail"
    RETRY = "retry"
    GIVE_BACK = "give_back"


def outcome_of(exc: BaseException) -> tuple[Outcome, str | None]:
    """What an attempt that raised ``exc`` becomes, and for :attr:`Outcome.GIVE_BACK`
    the infrastructure fault's plain reason."""
    if isinstance(exc, InputError):
        return Outcome.FAIL, None
    reason = infrastructure_fault(exc)
    if reason is not None:
        return Outcome.GIVE_BACK, reason
    return Outcome.RETRY, None


def doubling(tries: int, first_s: float, max_s: float = math.inf) -> float:
    """The wait after the ``tries``-th failed try: ``first_s``, then twice as long each
    time, at most ``max_s`` (``tries`` below 1 counts as 1)."""
    return min(max_s, first_s * 2 ** min(max(tries - 1, 0), 32))


def should_retry(attempts: int, max_attempts: int, retry_in: float | None) -> bool:
    """A failed attempt is retried when it may be (``retry_in`` is not None) and the job
    has attempts left; else the job fails with the attempt's error."""
    return retry_in is not None and attempts < max_attempts


def out_of_attempts(attempts: int, max_attempts: int) -> bool:
    """A job about to be leased has had all its attempts (its workers kept dying): it
    fails instead of running again."""
    return attempts >= max_attempts


def gave_up(error: str | None, attempts: int) -> str:
    """What is added to the error of a job that :func:`out_of_attempts` fails."""
    return (
        f"{'; ' if error else ''}gave up after {attempts} attempts (the worker stopped answering)"
    )


def urgent(wait: float, owed: bool) -> float:
    """How long to wait before trying the store again: ``wait`` (the outage's backoff),
    but at most :data:`URGENT_S` while something is ``owed`` to it."""
    return min(wait, URGENT_S) if owed else wait


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """The service's retry settings (``service.retry_backoff_s``, ``service.lease_s``)
    and what follows from them."""

    backoff_s: float
    lease_s: float

    @classmethod
    def from_settings(cls, service: ServiceSettings) -> RetryPolicy:
        return cls(backoff_s=service.retry_backoff_s, lease_s=service.lease_s)

    def next_delay(self, attempts: int) -> float:
        """The wait before retrying a job whose ``attempts``-th attempt failed:
        ``retry_backoff_s * 2^(attempts - 1)``."""
        return doubling(attempts, self.backoff_s)

    def retry_in(self, outcome: Outcome, attempts: int) -> float | None:
        """When a counted failed attempt is retried: after :meth:`next_delay` for
        :attr:`Outcome.RETRY`, never (None) for :attr:`Outcome.FAIL`."""
        return self.next_delay(attempts) if outcome is Outcome.RETRY else None

    def renew_every(self) -> float:
        """How often a running job's lease is renewed."""
        return self.lease_s / RENEWALS_PER_LEASE

    def lease_wait(self, left: float) -> float:
        """How long to wait for a job leased to another worker (``left`` seconds of its
        lease remain) before trying to take it over."""
        return min(left + _AFTER_LEASE_S, self.lease_s)
