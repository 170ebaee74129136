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
from verifier.errors import BlockedURL, FetchError, InputError
from verifier.schema import Report
from verifier.web.http_errors import failure_of
from verifier.web.ssrf import GuardedResolver, check_resolved, check_url
from workers.store.jobs import Job
from workers.store.jobstore import CallbackStore, KeyStore

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
    """What the callback sender needs of the store: the job owner's key (its secret
    signs the callback) and the log of attempts."""


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

    async def deliver(self, job: Job, report: Report) -> bool:
        """POST the payload until it is accepted (2xx) or the retries run out."""
        url = job.options.get("callback_url")
        if not url:
            return False
        key = await asyncio.to_thread(self.store.key, job.owner) if job.owner else None
        secret = self.store.open_secret(key) if key is not None else ""
        if key is not None and not secret:  # never send it unsigned
            unsigned = (
                "cannot sign the callback: this worker cannot open the key's callback secret "
                "(give it the API's service.secrets_key_file or service.session_secret)"
            )
            await asyncio.to_thread(self.store.log_callback, job.id, 1, None, unsigned)
            log.error("callback for job %s: %s", job.id, unsigned)
            return False
        body = json.dumps(self.payload(job, report), ensure_ascii=False).encode()
        headers = {"Content-Type": "application/json", "X-Verifier-Job": job.id}
        if key is not None:
            headers[SIGNATURE_HEADER] = sign(secret, body)
        timeout = aiohttp.ClientTimeout(total=self.settings.callback_timeout_s)
        for attempt in range(1, self.settings.callback_retries + 2):
            status: int | None = None
            error: str | None = None
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
                        await asyncio.to_thread(
                            self.store.log_callback, job.id, attempt, status, None
                        )
                        return True
                    error = f"HTTP {resp.status}"
                    final = 400 <= resp.status < 500 and resp.status != 429
                    if 300 <= resp.status < 400:
                        error += (
                            ": callbacks do not follow redirects (SSRF guard); give the final URL"
                        )
                        final = True
            except InputError as exc:
                error, final = str(exc), True
            except BlockedURL as exc:
                error, final = f"callback_url: {exc}", True
            except FetchError as exc:  # the name does not resolve (now): try again later
                error, final = f"callback_url: {exc}", False
            except (aiohttp.ClientError, OSError, TimeoutError) as exc:
                failure = failure_of(exc)
                timed_out = failure.kind == "timeout"
                error = f"no answer within {timeout.total:.1f} s" if timed_out else str(failure)
                final = False
            await asyncio.to_thread(self.store.log_callback, job.id, attempt, status, error)
            log.warning("callback for job %s, attempt %d: %s", job.id, attempt, error)
            if final or attempt > self.settings.callback_retries:
                break
            await asyncio.sleep(self.settings.callback_backoff_s * 2 ** (attempt - 1))
        log.error("callback for job %s: gave up after %d attempt(s)", job.id, attempt)
        return False
