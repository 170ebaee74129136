"""Callbacks: when a job with a ``callback_url`` completes, POST its signals to the scorer.

The body is JSON: ``{"job_id", "state", "report_status", "incomplete", "report_url",
"signals": {"truthfulness", "plagiarism"}, "rubric"}``; ``report_status`` is
``incomplete`` when a check could not run in full, and ``incomplete`` says which and why. It is signed with HMAC-SHA256 under the submitting key's
callback secret (shown when the key is created): header ``X-Verifier-Signature:
sha256=<hex of HMAC(secret, raw body)>``, plus ``X-Verifier-Job``. Delivery is retried
with backoff (``service.callback_retries``, ``callback_backoff_s``) on connection errors,
timeouts, 429 and 5xx; every attempt is logged in the store. The same SSRF guard as
page fetching (:mod:`verifier.web.ssrf`) applies at submission, before every attempt and
after DNS resolution, except for hosts listed in ``service.callback_allow_hosts``;
redirects are not followed (a 3xx ends delivery with the reason).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
from typing import Any, Protocol

import aiohttp
from yarl import URL

from verifier.config import ServiceSettings
from verifier.errors import BlockedURL, FetchError, InputError, VerifierError
from verifier.schema import Report
from verifier.web.http_errors import failure_of
from verifier.web.ssrf import GuardedResolver, check_resolved, check_url
from workers.store.jobs import Job
from workers.store.jobstore import CallbackStore, KeyStore, OutboxItem

__all__ = [
    "SIGNATURE_HEADER",
    "CallbackSender",
    "CallbackSenderStore",
    "check_callback_url",
    "sign",
]

SIGNATURE_HEADER = "X-Verifier-Signature"
log = logging.getLogger("verifier.callbacks")


class CallbackSenderStore(KeyStore, CallbackStore, Protocol):
    """What the callback sender needs of the store: the job and its report, the job
    owner's key (its secret signs the callback), the outbox and the log of attempts."""

    def get(self, job_id: str) -> Job | None: ...
    def report(self, job_id: str) -> dict[str, Any] | None: ...


def sign(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def _allowed(url: str, allow_hosts: list[str]) -> bool:
    try:
        parts = URL(url)
        host, port = (parts.host or "").lower(), parts.port
    except (ValueError, TypeError):
        return False
    return host in allow_hosts or f"{host}:{port}" in allow_hosts


def check_callback_url(url: str, allow_hosts: list[str]) -> None:
    """InputError for a URL the SSRF guard refuses from the URL alone (at submission and
    before every delivery attempt; addresses are checked after DNS resolution too)."""
    try:
        check_url(url, allow_private=_allowed(url, allow_hosts))
    except BlockedURL as exc:
        msg = f"callback_url: {exc}; internal scorer hosts must be listed in service.callback_allow_hosts"
        raise InputError(msg) from exc


class CallbackSender:
    def __init__(
        self, store: CallbackSenderStore, settings: ServiceSettings, report_base: str
    ) -> None:
        self.store = store
        self.settings = settings
        self.report_base = report_base.rstrip("/")
        self._guarded: aiohttp.ClientSession | None = None
        self._open: aiohttp.ClientSession | None = None

    def _session(self, url: str) -> aiohttp.ClientSession:
        if _allowed(url, self.settings.callback_allow_hosts):
            if self._open is None or self._open.closed:
                self._open = aiohttp.ClientSession()
            return self._open
        if self._guarded is None or self._guarded.closed:
            self._guarded = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(resolver=GuardedResolver())
            )
        return self._guarded

    async def aclose(self) -> None:
        for session in (self._guarded, self._open):
            if session is not None:
                await session.close()

    def payload(self, job: Job, report: Report) -> dict[str, Any]:
        return {
            "job_id": job.id,
            "state": "done",
            "report_status": report.status,
            "incomplete": list(report.incomplete),
            "report_url": f"{self.report_base}/v1/checks/{job.id}",
            "signals": {
                "truthfulness": report.truthfulness.to_dict(),
                "plagiarism": report.plagiarism.to_dict(),
            },
            "rubric": report.rubric.to_dict() if report.rubric else None,
        }

    async def _signed(
        self, job: Job, payload: dict[str, Any]
    ) -> tuple[bytes, dict[str, str]] | str:
        """The body and headers of a job's callback, or why it cannot be signed."""
        key = await asyncio.to_thread(self.store.key, job.owner) if job.owner else None
        secret = self.store.open_secret(key) if key is not None else ""
        if key is not None and not secret:  # never send it unsigned
            return (
                "cannot sign the callback: this worker cannot open the key's callback secret "
                "(give it the API's service.secrets_key_file or service.session_secret)"
            )
        body = json.dumps(payload, ensure_ascii=False).encode()
        headers = {"Content-Type": "application/json", "X-Verifier-Job": job.id}
        if key is not None:
            headers[SIGNATURE_HEADER] = sign(secret, body)
        return body, headers

    async def _post(
        self, url: str, body: bytes, headers: dict[str, str]
    ) -> tuple[int | None, str | None, bool]:
        """One try: (status, error, final); error None when it was accepted (2xx), final
        when trying again cannot help."""
        timeout = aiohttp.ClientTimeout(total=self.settings.callback_timeout_s)
        status: int | None = None
        try:
            check_callback_url(url, self.settings.callback_allow_hosts)
            if not _allowed(url, self.settings.callback_allow_hosts):
                host, port = check_url(url)
                await check_resolved(url, host, port)  # and again in the connector
            async with self._session(url).post(
                url, data=body, headers=headers, timeout=timeout, allow_redirects=False
            ) as resp:
                status = resp.status
                if 200 <= resp.status < 300:
                    return status, None, True
                error = f"HTTP {resp.status}"
                final = 400 <= resp.status < 500 and resp.status != 429
                if 300 <= resp.status < 400:
                    error += ": callbacks do not follow redirects (SSRF guard); give the final URL"
                    final = True
                return status, error, final
        except InputError as exc:
            return status, str(exc), True
        except BlockedURL as exc:
            return status, f"callback_url: {exc}", True
        except FetchError as exc:  # the name does not resolve (now): try again later
            return status, f"callback_url: {exc}", False
        except (aiohttp.ClientError, OSError, TimeoutError) as exc:
            failure = failure_of(exc)
            timed_out = failure.kind == "timeout"
            error = f"no answer within {timeout.total:.1f} s" if timed_out else str(failure)
            return status, error, False

    def retry_in(self, attempt: int) -> float:
        """The wait after the ``attempt``-th failed try."""
        return self.settings.callback_backoff_s * 2 ** (attempt - 1)

    async def deliver(self, job: Job, report: Report) -> bool:
        """POST the payload until it is accepted (2xx) or the retries run out, in this
        call (the outbox's :meth:`run` is how the service sends: this is for one job at
        hand)."""
        url = job.options.get("callback_url")
        if not url:
            return False
        signed = await self._signed(job, self.payload(job, report) if report else {})
        if isinstance(signed, str):
            await asyncio.to_thread(self.store.log_callback, job.id, 1, None, signed)
            log.error("callback for job %s: %s", job.id, signed)
            return False
        body, headers = signed
        for attempt in range(1, self.settings.callback_retries + 2):
            status, error, final = await self._post(url, body, headers)
            await asyncio.to_thread(self.store.log_callback, job.id, attempt, status, error)
            if error is None:
                return True
            log.warning("callback for job %s, attempt %d: %s", job.id, attempt, error)
            if final or attempt > self.settings.callback_retries:
                break
            await asyncio.sleep(self.retry_in(attempt))
        log.error("callback for job %s: gave up after %d attempt(s)", job.id, attempt)
        return False

    # --- the outbox ---------------------------------------------------------------------
    def claim_s(self) -> float:
        """How long a claimed callback is the claimer's: twice a try's time and a second
        (a sender killed mid-try has its callback sent again after this)."""
        return 2 * self.settings.callback_timeout_s + 1.0

    async def send(self, item: OutboxItem, sender: str) -> bool:
        """One try of an outbox callback (``item.attempt`` counts the tries, a try cut
        short by a crash included), logged before and after, then settled: sent, due
        again after the backoff, or given up (a final refusal, or out of tries)."""
        store = self.store
        job = await asyncio.to_thread(store.get, item.job_id)
        data = await asyncio.to_thread(store.report, item.job_id)
        signed: tuple[bytes, dict[str, str]] | str = "the job or its report is gone"
        if job is not None and data is not None:
            try:
                payload = self.payload(job, Report.from_dict(data))
            except (ValueError, KeyError, TypeError) as exc:
                signed = f"the stored report cannot be read: {exc}"
            else:
                signed = await self._signed(job, payload)
        status: int | None
        error: str | None
        if isinstance(signed, str):
            status, error, final = None, signed, True
            log.error("callback for job %s: %s", item.job_id, signed)
        else:
            # a try that is cut short (the process killed) shows in the log as such
            await asyncio.to_thread(
                store.log_callback, item.job_id, item.attempt, None, "cut short (not settled)"
            )
            status, error, final = await self._post(item.url, *signed)
        await asyncio.to_thread(store.log_callback, item.job_id, item.attempt, status, error)
        sent = error is None
        last = final or item.attempt > self.settings.callback_retries
        if not sent:
            log.warning("callback for job %s, attempt %d: %s", item.job_id, item.attempt, error)
            if last:
                log.error(
                    "callback for job %s: gave up after %d attempt(s)", item.job_id, item.attempt
                )
        await asyncio.to_thread(
            store.settle_callback,
            item.job_id,
            sender,
            sent=sent,
            retry_in=None if sent or last else self.retry_in(item.attempt),
            error=error,
        )
        return sent

    async def run(
        self,
        stop: asyncio.Event,
        sender: str,
        *,
        wake: asyncio.Event | None = None,
        at_once: int = 4,
        poll_s: float = 1.0,
    ) -> None:
        """Send the outbox's due callbacks, ``at_once`` at a time, until ``stop``: in its
        own task, holding no job slot. ``wake`` (set when a job is done) sends at once
        instead of at the next poll. A store that does not answer is waited for."""
        tries = 0
        while not stop.is_set():
            try:
                items = await asyncio.to_thread(
                    self.store.claim_callbacks, sender, self.claim_s(), at_once
                )
                tries = 0
            except VerifierError as exc:
                tries += 1
                log.debug("callback outbox: the store did not answer (%s)", exc)
                items = []
            if items:
                outcomes = await asyncio.gather(
                    *(self.send(item, sender) for item in items), return_exceptions=True
                )
                for item, outcome in zip(items, outcomes, strict=True):
                    if isinstance(outcome, BaseException):
                        log.warning("callback for job %s: %s", item.job_id, outcome)
                continue
            wait = min(poll_s * 2 ** min(tries, 4), 10.0)
            waiters = [asyncio.ensure_future(stop.wait())]
            if wake is not None:
                waiters.append(asyncio.ensure_future(wake.wait()))
            _done, pending = await asyncio.wait(
                waiters, timeout=wait, return_when=asyncio.FIRST_COMPLETED
            )
            for waiter in pending:
                waiter.cancel()
            if wake is not None:
                wake.clear()
