"""Callbacks: when a job with a ``callback_url`` completes, POST its signals to the scorer.

The body is JSON: ``{"job_id", "state", "report_url", "signals": {"truthfulness",
"plagiarism"}, "rubric"}``. It is signed with HMAC-SHA256 under the submitting key's
callback secret (shown when the key is created): header ``X-Verifier-Signature:
sha256=<hex of HMAC(secret, raw body)>``, plus ``X-Verifier-Job``. Delivery is retried
with backoff (``service.callback_retries``, ``callback_backoff_s``) on connection errors,
timeouts, 429 and 5xx; every attempt is logged in the store. The same SSRF guard as
page fetching applies, except for hosts listed in ``service.callback_allow_hosts``.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
from typing import Any
from urllib.parse import urlsplit

import aiohttp

from ..config import ServiceSettings
from ..errors import BlockedURL, InputError
from ..fetch import GuardedResolver, check_host_literal, check_url
from ..model import Report
from .store import Job, SqliteJobStore

__all__ = ["SIGNATURE_HEADER", "CallbackSender", "check_callback_url", "sign"]

SIGNATURE_HEADER = "X-Verifier-Signature"
log = logging.getLogger("verifier.callbacks")


def sign(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def _allowed(url: str, allow_hosts: list[str]) -> bool:
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return host in allow_hosts or f"{host}:{port}" in allow_hosts


def check_callback_url(url: str, allow_hosts: list[str]) -> None:
    """InputError for a URL the guard refuses (checked again, with DNS, on delivery)."""
    try:
        host, _port = check_url(url)
        if not _allowed(url, allow_hosts):
            check_host_literal(url, host)
    except BlockedURL as exc:
        msg = f"callback_url: {exc}; internal scorer hosts must be listed in service.callback_allow_hosts"
        raise InputError(msg) from exc


class CallbackSender:
    def __init__(self, store: SqliteJobStore, settings: ServiceSettings, report_base: str) -> None:
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
        body = json.dumps(self.payload(job, report), ensure_ascii=False).encode()
        headers = {"Content-Type": "application/json", "X-Verifier-Job": job.id}
        if key is not None:
            headers[SIGNATURE_HEADER] = sign(key.callback_secret, body)
        timeout = aiohttp.ClientTimeout(total=self.settings.callback_timeout_s)
        for attempt in range(1, self.settings.callback_retries + 2):
            status: int | None = None
            error: str | None = None
            try:
                check_callback_url(url, self.settings.callback_allow_hosts)
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
            except InputError as exc:
                error, final = str(exc), True
            except (aiohttp.ClientError, OSError, TimeoutError) as exc:
                error, final = f"{type(exc).__name__}: {exc}", False
            await asyncio.to_thread(self.store.log_callback, job.id, attempt, status, error)
            log.warning("callback for job %s, attempt %d: %s", job.id, attempt, error)
            if final or attempt > self.settings.callback_retries:
                break
            await asyncio.sleep(self.settings.callback_backoff_s * 2 ** (attempt - 1))
        log.error("callback for job %s: gave up after %d attempt(s)", job.id, attempt)
        return False
