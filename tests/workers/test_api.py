from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import threading
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from tests.helpers import WAIT_S
from verifier.config import Settings
from verifier.errors import StoreUnavailable
from verifier.runtime import Runtime
from verifier.schema import SearchHit
from verifier.snapshots import SqliteSnapshotStore
from verifier.testing import MemoryFetcher, StaticSearch
from verifier.web.extract import Extractor
from workers.api import Metrics, create_app
from workers.callbacks import SIGNATURE_HEADER, CallbackSender
from workers.store.jobs import JobState, Role
from workers.store.jobstore import SqliteJobStore
from workers.worker import Worker

PAGE = b"<html><body><article><p>The Louvre in Paris opened as a museum in 1793.</p></article></body></html>"
HITS = [SearchHit("https://example.com/louvre", "Louvre", "", 1)]
RESPONSE = "The Louvre opened as a museum in 1793."


@pytest.fixture
def svc_settings(settings: Settings) -> Settings:
    return settings.with_overrides(
        {
            "service.poll_s": 0.02,
            "service.lease_s": 30.0,  # no lease runs out on a loaded machine: a job runs once
            "service.rate_limit_per_minute": 5,
            "limits.max_response_chars": 200,
            "service.callback_backoff_s": 0.01,
            "service.callback_retries": 2,
            "service.callback_allow_hosts": ["127.0.0.1"],
        }
    )


class Service:
    def __init__(
        self,
        client: Any,
        store: SqliteJobStore,
        keys: dict[str, tuple[str, str]],
        search: StaticSearch,
    ) -> None:
        self.client = client
        self.store = store
        self.keys = keys  # role -> (key id, token)
        self.search = search  # the workers' search backend (a test may take it down)

    def auth(self, role: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.keys[role][1]}"}

    async def submit(self, role: str = "rater", **body: Any) -> Any:
        return await self.client.post(
            "/v1/checks", json={"response": RESPONSE, **body}, headers=self.auth(role)
        )

    async def wait_done(self, job_id: str, role: str = "admin") -> dict[str, Any]:
        async with asyncio.timeout(WAIT_S):
            while True:
                resp = await self.client.get(f"/v1/checks/{job_id}", headers=self.auth(role))
                body = await resp.json()
                if body["state"] in (JobState.DONE, JobState.FAILED, JobState.CANCELLED):
                    return body
                await asyncio.sleep(0.05)


@pytest.fixture
async def service(aiohttp_client, svc_settings: Settings, extractor: Extractor, tmp_path: Path):  # type: ignore[no-untyped-def]
    store = SqliteJobStore(tmp_path / "jobs.db")
    snapshots = SqliteSnapshotStore(tmp_path / "snapshots.db")
    fetcher = MemoryFetcher({"https://example.com/louvre": ("text/html", PAGE)})
    search = StaticSearch(default=HITS)
    runtime = Runtime(svc_settings, [search], fetcher, extractor, snapshots)
    metrics = Metrics(store)
    app = create_app(
        store, svc_settings, snapshots=snapshots, rerun_runtime=runtime, metrics_=metrics
    )
    sender = CallbackSender(store, svc_settings.service, "http://verifier.test")

    wake = asyncio.Event()

    async def done(job, report) -> None:  # type: ignore[no-untyped-def]
        metrics.observe(job, report)
        wake.set()

    worker = Worker(store, runtime, concurrency=2, on_done=done)
    stop = asyncio.Event()

    running: list[asyncio.Task[None]] = []

    async def start(app: web.Application) -> None:
        running.append(asyncio.create_task(worker.run(stop)))
        running.append(asyncio.create_task(sender.run(stop, worker.id, wake=wake, poll_s=0.05)))

    async def finish(app: web.Application) -> None:
        stop.set()
        await asyncio.gather(*running)
        await sender.aclose()

    app.on_startup.append(start)
    app.on_cleanup.append(finish)
    keys = {}
    for role in Role:
        key, token = store.create_key(role, role)
        keys[role] = (key.id, token)
    other, token = store.create_key("rater", "other rater")
    keys["other"] = (other.id, token)
    client = await aiohttp_client(app)
    yield Service(client, store, keys, search)
    await client.close()
    store.close()
    snapshots.close()


async def test_submit_run_read(service: Service) -> None:
    resp = await service.submit("rater", flags={"off_topic": True})
    assert resp.status == 202
    body = await resp.json()
    assert resp.headers["Location"] == f"/v1/checks/{body['id']}"
    assert service.store.get(body["id"]) is not None  # persisted before the answer
    done = await service.wait_done(body["id"], "rater")
    assert done["state"] == "done"
    report = done["report"]
    assert report["claims"][0]["verdict"]["label"] == "supported"
    assert report["request"]["flags"] == {"off_topic": True}
    assert done["report_status"] == "complete"
    metrics = await (await service.client.get("/metrics")).text()
    assert 'verifier_jobs{state="done"} 1.0' in metrics
    assert "verifier_job_seconds_count 1.0" in metrics
    assert 'verifier_reports{status="complete"} 1.0' in metrics
    health = await (await service.client.get("/healthz")).json()
    assert health["jobs"]["done"] == 1


async def test_idempotency_key_returns_the_same_job(service: Service) -> None:
    headers = {**service.auth("service"), "Idempotency-Key": "abc"}
    first = await (
        await service.client.post("/v1/checks", json={"response": RESPONSE}, headers=headers)
    ).json()
    again = await (
        await service.client.post("/v1/checks", json={"response": RESPONSE}, headers=headers)
    ).json()
    assert first["id"] == again["id"]
    assert (first["created"], again["created"]) == (True, False)


@pytest.mark.parametrize(
    ("role", "submit", "read_own", "read_other", "audit", "keys"),
    [
        ("rater", 202, 200, 403, 403, 403),
        ("service", 202, 200, 403, 403, 403),
        ("auditor", 403, None, 200, 409, 403),
        ("admin", 202, 200, 200, 409, 200),
    ],
)
async def test_role_matrix(
    service: Service,
    role: str,
    submit: int,
    read_own: int | None,
    read_other: int,
    audit: int,
    keys: int,
) -> None:
    resp = await service.submit(role)
    assert resp.status == submit
    if read_own is not None:
        own = (await resp.json())["id"]
        assert (
            await service.client.get(f"/v1/checks/{own}", headers=service.auth(role))
        ).status == read_own
    theirs = (await (await service.submit("other")).json())["id"]
    assert (
        await service.client.get(f"/v1/checks/{theirs}", headers=service.auth(role))
    ).status == read_other
    # audits need a finished check (409) once the role may audit at all
    status = (
        await service.client.post(
            f"/v1/checks/{theirs}/audit", json={"mode": "replay"}, headers=service.auth(role)
        )
    ).status
    assert status in ((audit,) if audit != 409 else (409, 202))
    assert (await service.client.get("/v1/keys", headers=service.auth(role))).status == keys


async def test_no_key_or_a_revoked_key_is_401(service: Service) -> None:
    assert (await service.client.post("/v1/checks", json={"response": RESPONSE})).status == 401
    bad = await service.client.get("/v1/keys", headers={"Authorization": "Bearer nope"})
    assert bad.status == 401
    assert (await bad.json())["error"] == "unauthorized"
    service.store.revoke_key(service.keys["rater"][0])
    assert (await service.submit("rater")).status == 401


async def test_owner_cancels_others_cannot(service: Service) -> None:
    job = (await (await service.submit("rater", response="x " * 5)).json())["id"]
    assert (
        await service.client.delete(f"/v1/checks/{job}", headers=service.auth("other"))
    ).status == 403
    resp = await service.client.delete(f"/v1/checks/{job}", headers=service.auth("rater"))
    assert resp.status in (200, 409)  # it may already have finished


async def test_input_errors_are_clear_json(service: Service) -> None:
    auth = service.auth("rater")
    bad = await service.client.post(
        "/v1/checks", data=b"{not json", headers={**auth, "Content-Type": "application/json"}
    )
    assert bad.status == 400
    assert (await bad.json())["error"] == "malformed_json"
    missing = await service.client.post("/v1/checks", json={"prompt": "p"}, headers=auth)
    assert missing.status == 422
    assert (await missing.json())["fields"] == ["response"]
    wrong = await service.client.post("/v1/checks", json={"response": 5}, headers=auth)
    assert wrong.status == 422
    flags = await service.client.post(
        "/v1/checks", json={"response": "x", "flags": {"evil": True}}, headers=auth
    )
    assert "unknown flag 'evil'" in (await flags.json())["detail"]
    big = await service.client.post("/v1/checks", json={"response": "x" * 500}, headers=auth)
    assert big.status == 413
    huge = await service.client.post("/v1/checks", data=b"x" * 5_000_000, headers=auth)
    assert huge.status == 413
    ssrf = await service.client.post(
        "/v1/checks",
        json={"response": "x", "options": {"callback_url": "http://10.0.0.1/hook"}},
        headers=auth,
    )
    assert ssrf.status == 422
    assert "callback_allow_hosts" in (await ssrf.json())["detail"]


@pytest.mark.parametrize(
    "url",
    [
        "http://2130706433/",
        "http://0x7f000001:9999/",
        "http://metadata.google.internal/",
        "http://127.1/",
        "http://0.0.0.0/",
        "http://[::ffff:127.0.0.1]/",
        "http://0177.0.0.1/",
    ],
)
async def test_callback_urls_in_any_spelling_are_refused_at_submission(
    service: Service, url: str
) -> None:
    resp = await service.client.post(
        "/v1/checks",
        json={"response": "x", "options": {"callback_url": url}},
        headers=service.auth("service"),
    )
    assert resp.status == 422
    assert "refused" in (await resp.json())["detail"]


async def test_rate_limit_is_429_with_retry_after(service: Service) -> None:
    statuses = [(await service.submit("service", response=f"x {i}")).status for i in range(6)]
    assert statuses[:5] == [202] * 5
    limited = await service.submit("service", response="x 6")
    assert limited.status == 429
    assert int(limited.headers["Retry-After"]) >= 1


async def test_callbacks_are_signed_and_retried(service: Service, aiohttp_server) -> None:  # type: ignore[no-untyped-def]
    received: list[tuple[bytes, dict[str, str]]] = []
    answers = [500, 200]

    async def hook(request: web.Request) -> web.Response:
        received.append((await request.read(), dict(request.headers)))
        return web.Response(status=answers.pop(0) if answers else 200)

    app = web.Application()
    app.router.add_post("/hook", hook)
    scorer = await aiohttp_server(app)
    url = str(scorer.make_url("/hook"))
    job = (await (await service.submit("service", options={"callback_url": url})).json())["id"]
    await service.wait_done(job)
    async with asyncio.timeout(WAIT_S):
        while len(received) < 2:
            await asyncio.sleep(0.02)
    body, headers = received[-1]
    secret = service.store.key(service.keys["service"][0]).callback_secret  # type: ignore[union-attr]
    assert (
        headers[SIGNATURE_HEADER]
        == "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    )
    payload = json.loads(body)
    assert payload["job_id"] == job
    assert payload["report_url"] == f"http://verifier.test/v1/checks/{job}"
    assert set(payload["signals"]) == {"truthfulness", "plagiarism"}
    assert payload["rubric"]["max_score"] == 7
    log = service.store.callback_log(job)
    assert [(a["attempt"], a["status"]) for a in log] == [(1, 500), (2, 200)]


async def test_an_outage_is_an_incomplete_report_everywhere(
    service: Service,
    aiohttp_server,  # type: ignore[no-untyped-def]
) -> None:
    received: list[dict[str, Any]] = []

    async def hook(request: web.Request) -> web.Response:
        received.append(await request.json())
        return web.Response(status=204)

    app = web.Application()
    app.router.add_post("/hook", hook)
    scorer = await aiohttp_server(app)
    service.search.unavailable = "cannot reach the web (DNS error)"
    url = str(scorer.make_url("/hook"))
    long = "The Louvre in Paris opened as a public museum in 1793 after the French Revolution."
    resp = await service.submit("service", response=long, options={"callback_url": url})
    job = (await resp.json())["id"]
    done = await service.wait_done(job)
    assert done["state"] == "done"  # the report is stored ...
    assert done["report_status"] == "incomplete"  # ... and the job says it is incomplete
    assert done["report"]["status"] == "incomplete"
    assert done["report"]["plagiarism"]["verdict"] is None
    async with asyncio.timeout(WAIT_S):
        while not received:
            await asyncio.sleep(0.02)
    payload = received[0]
    assert payload["report_status"] == "incomplete"
    assert [line.split(":")[0] for line in payload["incomplete"]] == [
        "facts not checked",
        "copy check not run",
    ]
    assert payload["signals"]["truthfulness"]["status"] == "not_checked"
    metrics = await (await service.client.get("/metrics")).text()
    assert 'verifier_reports{status="incomplete"} 1.0' in metrics


async def test_a_dead_callback_target_is_retried_then_given_up(
    service: Service, closed_port: int
) -> None:
    url = f"http://127.0.0.1:{closed_port}/hook"
    job = (await (await service.submit("service", options={"callback_url": url})).json())["id"]
    await service.wait_done(job)
    async with asyncio.timeout(WAIT_S):
        while len(service.store.callback_log(job)) < 3:
            await asyncio.sleep(0.02)
    log = service.store.callback_log(job)
    assert [a["attempt"] for a in log] == [1, 2, 3]  # 1 + callback_retries
    assert all(a["error"] for a in log)
    assert service.store.get(job).state == "done"  # type: ignore[union-attr]  # the report stays


async def test_audits_replay_same_decisions_and_rerun_diff(service: Service) -> None:
    job = (await (await service.submit("rater")).json())["id"]
    await service.wait_done(job)
    auth = service.auth("auditor")
    for mode in ("replay", "rerun"):
        resp = await service.client.post(
            f"/v1/checks/{job}/audit", json={"mode": mode}, headers=auth
        )
        assert resp.status == 202
    async with asyncio.timeout(WAIT_S):
        while True:
            audits = (
                await (await service.client.get(f"/v1/checks/{job}/audits", headers=auth)).json()
            )["audits"]
            if len(audits) == 2:
                break
            await asyncio.sleep(0.05)
    by_mode = {a["mode"]: a for a in audits}
    assert by_mode["replay"]["same_decisions"], by_mode["replay"]
    assert by_mode["replay"]["digest_before"] == by_mode["replay"]["digest_after"]
    assert by_mode["rerun"]["verdicts_changed"] == []
    assert by_mode["rerun"]["sources_added"] == []
    bad = await service.client.post(f"/v1/checks/{job}/audit", json={"mode": "guess"}, headers=auth)
    assert bad.status == 422


async def test_openapi_matches_the_routes(service: Service) -> None:
    spec = await (await service.client.get("/openapi.json")).json()
    documented = {(method.upper(), path) for path, ops in spec["paths"].items() for method in ops}
    app = service.client.app
    served = {
        (route.method, route.resource.canonical)
        for route in app.router.routes()
        if route.method != "HEAD"
    }
    assert documented == served


async def test_the_report_page_is_served_to_readers(service: Service) -> None:
    job = (await (await service.submit("rater")).json())["id"]
    early = await service.client.get(f"/v1/checks/{job}/report.html", headers=service.auth("rater"))
    assert early.status in (200, 409)
    await service.wait_done(job)
    page = await service.client.get(f"/v1/checks/{job}/report.html", headers=service.auth("rater"))
    assert page.status == 200
    assert page.headers["Content-Type"].startswith("text/html")
    assert "Verification report" in await page.text()
    other = await service.client.get(f"/v1/checks/{job}/report.html", headers=service.auth("other"))
    assert other.status == 403


# --- faults and hostile input (issue: survive the faults that production brings) ---------------


async def test_nested_json_and_lone_surrogates_are_400_json(service: Service) -> None:
    auth = {**service.auth("rater"), "Content-Type": "application/json"}
    for depth in (40, 1200, 100_000):
        deep = b'{"response": "x", "a": ' + b"[" * depth + b"]" * depth + b"}"
        resp = await service.client.post("/v1/checks", data=deep, headers=auth)
        assert resp.status == 400, depth
        body = await resp.json()
        assert body["error"] == "malformed_json"
        assert "nests deeper than 32" in body["detail"]
    lone = b'{"response": "caf\\ud800 x"}'
    resp = await service.client.post("/v1/checks", data=lone, headers=auth)
    assert resp.status == 400
    assert "lone surrogate" in (await resp.json())["detail"]


async def test_an_empty_or_blank_response_is_scored_1_as_by_the_command_line(
    service: Service,
) -> None:
    # the rubric's "empty response" rule, as `verifier check` and a batch row apply it: a
    # scorer forwarding what a model answered gets the 1, never an error
    for text in ("", "   \n\t "):
        resp = await service.submit("service", response=text)
        assert resp.status == 202, repr(text)
        done = await service.wait_done((await resp.json())["id"])
        rubric = done["report"]["rubric"]
        assert rubric["score"] == 1
        assert rubric["applied"][0]["rule"] == "empty_response"


async def test_an_idempotency_key_with_another_body_is_409(service: Service) -> None:
    headers = {**service.auth("service"), "Idempotency-Key": "k-1"}
    first = await service.client.post("/v1/checks", json={"response": RESPONSE}, headers=headers)
    again = await service.client.post("/v1/checks", json={"response": RESPONSE}, headers=headers)
    assert again.headers["Idempotent-Replayed"] == "true"
    changed = await service.client.post(
        "/v1/checks", json={"response": RESPONSE + " Changed."}, headers=headers
    )
    assert changed.status == 409
    body = await changed.json()
    assert body["error"] == "idempotency_conflict"
    assert body["id"] == (await first.json())["id"]
    assert "different request" in body["detail"]
    assert "SELECT" not in body["detail"]


async def test_concurrent_submissions_with_one_key_make_one_job(service: Service) -> None:
    headers = {**service.auth("admin"), "Idempotency-Key": "race"}
    answers = await asyncio.gather(
        *(
            service.client.post("/v1/checks", json={"response": RESPONSE}, headers=headers)
            for _ in range(5)  # the fixture's rate limit
        )
    )
    assert {a.status for a in answers} == {202}
    bodies = [await a.json() for a in answers]
    assert len({b["id"] for b in bodies}) == 1
    assert sum(b["created"] for b in bodies) == 1


async def test_a_store_that_is_down_is_503_json_with_retry_after_and_no_sql(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*args: Any, **kwargs: Any) -> Any:
        raise StoreUnavailable(
            "cannot write to the job store /x/jobs.db: INSERT INTO jobs failed: database or disk is full",
            "disk full",
        )

    monkeypatch.setattr(service.store, "submit", full)
    resp = await service.submit("rater")
    assert resp.status == 503
    assert resp.content_type == "application/json"
    assert resp.headers["Retry-After"] == "30"
    body = await resp.json()
    assert body == {
        "error": "unavailable",
        "detail": "the job store is unavailable (disk full); try again in 30 s",
    }
    # the fault shows in the health at once
    health = await (await service.client.get("/healthz")).json()
    assert health["status"] == "degraded"
    assert "disk" in health["down"]

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(service.store, "submit", broken)
    resp = await service.submit("rater")
    assert resp.status == 500
    assert (await resp.json())["error"] == "internal"


async def test_health_says_what_is_down_within_a_second(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    ok = await service.client.get("/healthz")
    body = await ok.json()
    assert (ok.status, body["status"], body["ready"]) == (200, "ok", True)
    assert body["checks"]["database"]["ok"]
    assert body["checks"]["disk"]["free_bytes"] > 0
    assert (await service.client.get("/readyz")).status == 200
    hang = threading.Event()

    def hanging() -> dict[str, int]:
        hang.wait(3600)  # until the test ends: an answer can only be the probe's own
        return {}

    monkeypatch.setattr(service.store, "counts", hanging)
    try:
        async with asyncio.timeout(WAIT_S):  # the probe gives up (after 0.8 s), the store never
            slow = await service.client.get("/healthz")
            ready = await service.client.get("/readyz")
    finally:
        hang.set()
    body = await slow.json()
    assert slow.status == 200
    assert body["down"] == ["database"]
    assert "no answer within" in body["checks"]["database"]["detail"]
    assert ready.status == 503
    assert ready.headers["Retry-After"] == "5"


async def test_wrong_keys_are_throttled_per_client_and_per_key(service: Service) -> None:
    statuses = []
    for i in range(12):
        resp = await service.client.get("/v1/keys", headers={"Authorization": f"Bearer bad{i}"})
        statuses.append(resp.status)
    assert statuses[:10] == [401] * 10
    assert statuses[10:] == [429, 429]
    assert int(resp.headers["Retry-After"]) >= 1
    # a valid key from the same address is never locked out by these failures
    assert (await service.client.get("/v1/keys", headers=service.auth("admin"))).status == 200
    assert (
        await service.client.get("/v1/keys", headers={"Authorization": "Bearer bad0"})
    ).status == 429


async def test_forwarded_headers_count_only_from_trusted_proxies(
    aiohttp_client, svc_settings: Settings, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    store = SqliteJobStore(tmp_path / "jobs.db")
    _, token = store.create_key("admin")
    headers = {
        "X-Forwarded-Proto": "https",
        "X-Forwarded-For": "203.0.113.9",
        "Authorization": f"Bearer {token}",
    }
    for proxies, secure in (([], False), (["127.0.0.0/8"], True)):
        settings = svc_settings.with_overrides({"service.trusted_proxies": proxies})
        client = await aiohttp_client(create_app(store, settings))
        resp = await client.get("/v1/keys", headers=headers)
        assert resp.status == 200
        assert ("Strict-Transport-Security" in resp.headers) is secure
        # throttling counts the client the proxy names, not the proxy
        for _ in range(11):
            await client.get("/v1/keys", headers={**headers, "Authorization": "Bearer x"})
        elsewhere = {**headers, "X-Forwarded-For": "198.51.100.1", "Authorization": "Bearer y"}
        other = await client.get("/v1/keys", headers=elsewhere)
        assert other.status == (401 if secure else 429)
        # a valid key is let in whatever others failed
        assert (await client.get("/v1/keys", headers=headers)).status == 200
        await client.close()
    store.close()


async def test_report_pages_have_a_csp_and_bad_page_numbers_are_refused(service: Service) -> None:
    job = (await (await service.submit("rater")).json())["id"]
    await service.wait_done(job)
    auth = service.auth("rater")
    page = await service.client.get(f"/v1/checks/{job}/report.html", headers=auth)
    assert page.status == 200
    assert "script-src 'sha256-" in page.headers["Content-Security-Policy"]
    for bad, status in (("abc", 400), ("0", 400), ("99999999999999999999999", 400), ("2", 404)):
        resp = await service.client.get(f"/v1/checks/{job}/report.html?page={bad}", headers=auth)
        assert resp.status == status, bad
        assert resp.content_type == "application/json"


async def test_the_report_schema_is_served_without_a_key(service: Service) -> None:
    from verifier.report.json_schema import report_json_schema

    resp = await service.client.get("/schemas/report.json")
    assert resp.status == 200
    assert resp.headers["Content-Type"].startswith("application/schema+json")
    assert await resp.json(content_type=None) == report_json_schema()


async def test_times_are_iso_8601_and_a_report_is_there_or_null(service: Service) -> None:
    job = (await (await service.submit("rater")).json())["id"]
    first = await (
        await service.client.get(f"/v1/checks/{job}", headers=service.auth("rater"))
    ).json()
    assert "report" in first  # null until done
    done = await service.wait_done(job)
    for field in ("created_at", "updated_at", "finished_at"):
        assert datetime.fromisoformat(done[field]).tzinfo is not None, field
    assert done["report"]["created_at"][:4] == done["created_at"][:4]
    keys = await (await service.client.get("/v1/keys", headers=service.auth("admin"))).json()
    assert all(datetime.fromisoformat(k["created_at"]) for k in keys["keys"])


async def test_a_report_an_older_verifier_stored_is_sent_as_the_current_schema(
    service: Service,
) -> None:
    from workers.api import current_report_text

    job = (await (await service.submit("rater")).json())["id"]
    done = await service.wait_done(job)
    older = {**done["report"], "schema": "verifier.report/3"}
    older.pop("grammar")
    again = json.loads(current_report_text(json.dumps(older)))
    assert again["schema"] == "verifier.report/4"
    assert again["grammar"]["backend"] == "none"
    stored = service.store.report_text(job)
    assert stored is not None
    assert current_report_text(stored) is stored


async def test_a_page_number_in_other_digits_is_400(service: Service) -> None:
    job = (await (await service.submit("rater")).json())["id"]
    await service.wait_done(job)
    for page in ("²", "١", "0", "abc"):
        resp = await service.client.get(
            f"/v1/checks/{job}/report.html", params={"page": page}, headers=service.auth("rater")
        )
        assert resp.status == 400, page


async def test_a_query_parameter_the_operation_does_not_take_is_refused(service: Service) -> None:
    job = (await (await service.submit("rater")).json())["id"]
    await service.wait_done(job)
    auth = service.auth("rater")
    for query in ("pgae=2", "=null", "page=1&extra=1"):
        resp = await service.client.get(f"/v1/checks/{job}/report.html?{query}", headers=auth)
        assert resp.status == 400, query
        body = await resp.json()
        assert body["error"] == "unknown_query_parameter"
        assert "takes: page" in body["detail"]
    assert (
        await service.client.get(f"/v1/checks/{job}/report.html?page=1", headers=auth)
    ).status == 200
    resp = await service.client.get(f"/v1/checks/{job}?page=1", headers=auth)
    assert resp.status == 400  # this operation takes no query parameter
    assert "takes: none" in (await resp.json())["detail"]
