from __future__ import annotations

from pathlib import Path

import pytest

from verifier.config import ServiceSettings
from workers.callbacks import CallbackSender
from workers.store.jobstore import SqliteJobStore
from workers.store.secretbox import SecretBox


async def test_a_secret_this_worker_cannot_open_is_never_sent_unsigned(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    api_host = SqliteJobStore(tmp_path / "jobs.db", secret_box=SecretBox(b"a" * 40))
    key, _ = api_host.create_key("service")
    job, _ = api_host.submit(
        {"response": "x"}, owner=key.id, options={"callback_url": "http://scorer.test/hook"}
    )
    api_host.close()
    worker_host = SqliteJobStore(tmp_path / "jobs.db", secret_box=SecretBox(b"b" * 40))
    sender = CallbackSender(worker_host, ServiceSettings(), "http://verifier.test")
    assert not await sender.deliver(worker_host.get(job.id), None)  # type: ignore[arg-type]
    [attempt] = worker_host.callback_log(job.id)
    assert attempt["status"] is None
    assert "cannot sign the callback" in attempt["error"]
    assert "sealed under another key" in caplog.text
    await sender.aclose()
    worker_host.close()
