"""The ML backend against Label Studio's protocol, with an in-process worker and a loopback
web (the real Label Studio drives it in test_real_label_studio.py)."""

from __future__ import annotations

import asyncio
import base64
import re
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from verifier.config import Settings
from verifier.report.exports import LABEL_STUDIO_CONFIG
from verifier.runtime import Runtime
from verifier.schema import SearchHit
from verifier.snapshots import SqliteSnapshotStore
from verifier.testing import MemoryFetcher, StaticSearch
from verifier.web.extract import Extractor
from workers.api import create_app
from workers.labelstudio.backend import RERUNS, _cached_job, add_label_studio_backend
from workers.labelstudio.predictions import cache_key
from workers.store.jobs import JobState, Role
from workers.store.jobstore import SqliteJobStore
from workers.worker import Worker

PAGE = b"<html><body><article><p>The Louvre in Paris opened as a museum in 1793. It holds the Mona Lisa, painted by Leonardo da Vinci in the early sixteenth century.</p></article></body></html>"
# an emoji first: Label Studio's screen counts offsets in code points, as Python does
RESPONSE = "😀 The Louvre opened as a museum in 1850. It holds the Mona Lisa, painted by Leonardo da Vinci in the early sixteenth century."
SECRET = b"l" * 48


def basic(user: str, password: str) -> dict[str, str]:
    """The header Label Studio sends for a backend connected with Basic auth."""
    return {"Authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()}


class Backend:
    def __init__(self, client: Any, store: SqliteJobStore, keys: dict[str, tuple[str, str]]):
        self.client = client
        self.store = store
        self.keys = keys

    def basic(self, role: str = "rater") -> dict[str, str]:
        return basic("label-studio", self.keys[role][1])

    async def predict(self, *tasks: dict[str, Any], role: str = "rater") -> Any:
        body = {
            "tasks": list(tasks),
            "project": "1.1700000000",
            "label_config": LABEL_STUDIO_CONFIG,
        }
        resp = await self.client.post("/labelstudio/predict", json=body, headers=self.basic(role))
        assert resp.status == 200, await resp.text()
        return await resp.json()


def task(n: int, response: str = RESPONSE, **data: Any) -> dict[str, Any]:
    return {"id": n, "data": {"prompt": "Tell me about the Louvre.", "response": response, **data}}


async def _backend(
    aiohttp_client: Any, settings: Settings, extractor: Extractor, tmp_path: Path
) -> Any:
    store = SqliteJobStore(tmp_path / "jobs.db")
    snapshots = SqliteSnapshotStore(tmp_path / "snapshots.db")
    fetcher = MemoryFetcher({"https://example.com/louvre": ("text/html", PAGE)})
    search = StaticSearch(default=[SearchHit("https://example.com/louvre", "Louvre", "", 1)])
    runtime = Runtime(settings, [search], fetcher, extractor, snapshots)
    app = add_label_studio_backend(create_app(store, settings), secret=SECRET)
    worker = Worker(store, runtime, concurrency=2)
    stop = asyncio.Event()
    running: list[asyncio.Task[None]] = []

    async def start(app: web.Application) -> None:
        running.append(asyncio.create_task(worker.run(stop)))

    async def finish(app: web.Application) -> None:
        stop.set()
        await asyncio.gather(*running)

    app.on_startup.append(start)
    app.on_cleanup.append(finish)
    keys = {}
    for role in Role:
        key, token = store.create_key(role, role)
        keys[str(role)] = (key.id, token)
    client = await aiohttp_client(app)
    return client, store, snapshots, keys


@pytest.fixture
def ls_settings(settings: Settings) -> Settings:
    return settings.with_overrides(
        {
            "service.poll_s": 0.02,
            "service.lease_s": 3.0,
            "limits.max_response_chars": 400,
            "labelstudio.wait_s": 60.0,  # generous: the answer comes when the checks end
        }
    )


@pytest.fixture
async def backend(aiohttp_client, ls_settings: Settings, extractor: Extractor, tmp_path: Path):  # type: ignore[no-untyped-def]
    client, store, snapshots, keys = await _backend(
        aiohttp_client, ls_settings, extractor, tmp_path
    )
    yield Backend(client, store, keys)
    await client.close()
    store.close()
    snapshots.close()


async def test_every_route_needs_a_key_of_a_role_that_submits(backend: Backend) -> None:
    resp = await backend.client.get("/labelstudio/health")
    assert resp.status == 401
    assert resp.headers["WWW-Authenticate"].startswith("Basic")
    assert (await resp.json())["error"] == "unauthorized"
    resp = await backend.client.get("/labelstudio/health", headers=basic("x", "vk_wrong"))
    assert resp.status == 401
    resp = await backend.client.post("/labelstudio/predict", json={"tasks": [task(1)]})
    assert resp.status == 401
    resp = await backend.client.get("/labelstudio/health", headers=backend.basic("auditor"))
    assert resp.status == 403
    assert "rater, service or admin" in (await resp.json())["detail"]
    for role in ("rater", "service", "admin"):
        resp = await backend.client.get("/labelstudio/health", headers=backend.basic(role))
        assert resp.status == 200
        assert (await resp.json())["status"] == "UP"
    bearer = {"Authorization": f"Bearer {backend.keys['rater'][1]}"}
    assert (await backend.client.get("/labelstudio/", headers=bearer)).status == 200


async def test_setup_accepts_verifiers_labelling_config_and_names_what_another_lacks(
    backend: Backend,
) -> None:
    resp = await backend.client.post(
        "/labelstudio/setup",
        json={"project": "1.1", "schema": LABEL_STUDIO_CONFIG, "hostname": "http://ls"},
        headers=backend.basic(),
    )
    assert resp.status == 200
    version = (await resp.json())["model_version"]
    assert version.startswith("verifier ")
    versions = await backend.client.get("/labelstudio/versions", headers=backend.basic())
    assert (await versions.json())["versions"] == [version]

    other = re.sub(
        r'<Label value="Claim: refuted"[^>]*/>',
        "",
        LABEL_STUDIO_CONFIG.replace('maxRating="7"', 'maxRating="5"'),
    )
    resp = await backend.client.post(
        "/labelstudio/setup", json={"project": "1.1", "schema": other}, headers=backend.basic()
    )
    assert resp.status == 422
    detail = (await resp.json())["detail"]
    assert "Claim: refuted" in detail
    assert 'maxRating="7"' in detail
    resp = await backend.client.post(
        "/labelstudio/setup", json={"schema": "<View"}, headers=backend.basic()
    )
    assert resp.status == 422
    assert "not XML" in (await resp.json())["detail"]


async def test_predict_answers_each_task_in_order_with_spans_on_the_right_characters(
    backend: Backend,
) -> None:
    body = await backend.predict(
        task(1),
        {"id": 2, "data": {"text": "no response field"}},
        task(3, response="x" * 500),
    )
    first, missing, too_long = body["results"]
    assert body["model_version"] == first["model_version"]
    spans = [r for r in first["result"] if r["type"] == "labels"]
    labels = {r["value"]["labels"][0] for r in spans}
    assert "Claim: refuted" in labels
    assert any(label.startswith("Copied") for label in labels)
    assert "Claim: supported" not in labels  # the full report lists those
    for span in spans:
        value = span["value"]
        assert RESPONSE[value["start"] : value["end"]] == value["text"]  # code points
        assert span["meta"]["text"][0]  # the note: figures and source, or the quote
    rating = next(r for r in first["result"] if r["type"] == "rating")
    assert rating["value"]["rating"] == 3  # copied
    lines = next(r for r in first["result"] if r["type"] == "textarea")["value"]["text"]
    assert lines[0].startswith("Rated 3")
    assert lines[-1].startswith("Full report: http://127.0.0.1:")
    # the tasks verifier did not check say why, with no rating
    for answer, why in ((missing, "no field 'response'"), (too_long, "over limits.max_response")):
        assert [r["type"] for r in answer["result"]] == ["textarea"]
        assert why in answer["result"][0]["value"]["text"][0]


async def test_a_task_checked_before_gets_its_stored_report_without_a_new_check(
    backend: Backend,
) -> None:
    first = await backend.predict(task(1))
    jobs, total = backend.store.list_jobs(owner=None, state=None, limit=10, offset=0)
    assert total == 1
    again = await backend.predict(task(7))  # the same text in another task
    assert again["results"] == first["results"]
    assert backend.store.list_jobs(owner=None, state=None, limit=10, offset=0)[1] == 1
    assert jobs[0].state == JobState.DONE


async def test_the_report_link_opens_the_page_and_the_json_and_nothing_unsigned(
    backend: Backend,
) -> None:
    body = await backend.predict(task(1))
    lines = next(r for r in body["results"][0]["result"] if r["type"] == "textarea")
    link = lines["value"]["text"][-1].removeprefix("Full report: ")
    path = link.split("://", 1)[1].split("/", 1)[1]
    page = await backend.client.get("/" + path)  # no key: the signature is the capability
    assert page.status == 200
    assert page.headers["Content-Type"].startswith("text/html")
    assert "sandbox" in page.headers["Content-Security-Policy"]
    assert "The Louvre opened as a museum in 1850" in await page.text()
    job_id = re.search(r"/reports/([^?]+)\?", link).group(1)  # type: ignore[union-attr]
    report = await (await backend.client.get("/" + path.replace("?", "/report.json?"))).json()
    assert report == backend.store.report(job_id)
    tampered = "/" + path[:-1] + ("0" if path[-1] != "0" else "1")
    assert (await backend.client.get(tampered)).status == 404
    assert (await backend.client.get(f"/labelstudio/reports/{job_id}")).status == 404


async def test_pending_checks_get_no_prediction_so_label_studio_asks_again(
    aiohttp_client, ls_settings: Settings, extractor: Extractor, tmp_path: Path
) -> None:
    settings = ls_settings.with_overrides({"labelstudio.wait_s": 0})
    client, store, snapshots, keys = await _backend(aiohttp_client, settings, extractor, tmp_path)
    auth = basic("ls", keys["rater"][1])
    try:
        resp = await client.post("/labelstudio/predict", json={"tasks": [task(1)]}, headers=auth)
        assert (await resp.json())["results"] == [[]]  # no prediction yet: one entry per task
        job = store.list_jobs(owner=None, state=None, limit=1, offset=0)[0][0]
        async with asyncio.timeout(60):
            while store.get(job.id).state != JobState.DONE:  # type: ignore[union-attr]
                await asyncio.sleep(0.05)
        resp = await client.post("/labelstudio/predict", json={"tasks": [task(1)]}, headers=auth)
        assert (await resp.json())["results"][0]["result"]
        assert store.list_jobs(owner=None, state=None, limit=10, offset=0)[1] == 1
    finally:
        await client.close()
        store.close()
        snapshots.close()


async def test_a_cancelled_check_is_run_again_when_label_studio_asks_again(
    backend: Backend, ls_settings: Settings
) -> None:
    owner = backend.keys["rater"][0]
    request = {"response": RESPONSE, "prompt": "Tell me about the Louvre.", "flags": {}}
    key = cache_key(request, ls_settings.digest())
    job, _ = backend.store.submit(request, owner=owner, options={}, idempotency_key=key)
    backend.store.cancel(job.id)
    body = await backend.predict(task(1))
    assert any(r["type"] == "rating" for r in body["results"][0]["result"])
    assert backend.store.list_jobs(owner=None, state=None, limit=10, offset=0)[1] == 2


def test_a_check_that_keeps_failing_is_run_again_a_few_times_then_reported(
    tmp_path: Path,
) -> None:
    store = SqliteJobStore(tmp_path / "jobs.db")
    request = {"response": "r", "prompt": "", "flags": {}}
    jobs = []
    for _ in range(RERUNS + 2):
        job = _cached_job(store, "k_1", request, "labelstudio:abc", 1)
        jobs.append(job.id)
        if job.state == JobState.FAILED:
            break
        assert store.lease_job("w", 30) is not None
        store.fail(job.id, "w", "the search backend is down", None)
    assert len(set(jobs)) == RERUNS + 1  # the first check and its reruns, then no more
    assert store.get(jobs[-1]).error == "the search backend is down"  # type: ignore[union-attr]
    store.close()


async def test_the_model_version_names_the_servers_evidence_sources(
    aiohttp_client: Any, ls_settings: Settings, extractor: Extractor, tmp_path: Path
) -> None:
    versions = []
    for n, backends in enumerate(([StaticSearch(name="ddgs")], [StaticSearch(name="corpus:x")])):
        store = SqliteJobStore(tmp_path / f"jobs{n}.db")
        runtime = Runtime(ls_settings, backends, MemoryFetcher({}), extractor, None)  # type: ignore[arg-type]
        app = create_app(store, ls_settings, rerun_runtime=runtime)
        client = await aiohttp_client(add_label_studio_backend(app, secret=SECRET))
        key = store.create_key(Role.RATER, "ls")[1]
        health = await (await client.get("/labelstudio/health", headers=basic("ls", key))).json()
        setup = await client.post(
            "/labelstudio/setup", json={"schema": LABEL_STUDIO_CONFIG}, headers=basic("ls", key)
        )
        assert (await setup.json())["model_version"] == health["model_version"]
        versions.append(health["model_version"])
        await client.close()
        store.close()
    assert versions[0] != versions[1]  # web search, or a corpus alone: Label Studio asks again
    assert all(" evidence " in v for v in versions)


COPIED = (
    "The Louvre in Paris opened as a museum in 1793. It holds the Mona Lisa, painted by"
    " Leonardo da Vinci in the early sixteenth century."
)


async def test_a_corpus_page_edited_in_place_is_a_new_model_and_a_fresh_report(
    aiohttp_client: Any, ls_settings: Settings, tmp_path: Path
) -> None:
    """Issue 46: the page the response copies is edited in place (same path, same number
    of documents): the model version changes, and predict answers from a fresh check
    (no copy left), not the stored report."""
    from verifier.runtime import open_runtime

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    page = corpus / "louvre.md"
    page.write_text(f"# Louvre\n\n{COPIED}\n", encoding="utf-8")
    (corpus / "other.md").write_text("# Other\n\nThe Seine flows through Paris.\n")
    settings = ls_settings.with_overrides({"search.corpus.paths": [str(corpus)]})
    store = SqliteJobStore(tmp_path / "jobs.db")
    async with open_runtime(settings, web=False) as runtime:
        app = add_label_studio_backend(
            create_app(store, settings, rerun_runtime=runtime), secret=SECRET
        )
        worker = Worker(store, runtime, concurrency=1)
        stop = asyncio.Event()
        running = asyncio.create_task(worker.run(stop))
        client = await aiohttp_client(app)
        ls = Backend(client, store, {"rater": ("", store.create_key(Role.RATER, "ls")[1])})
        try:
            copied_task = task(1, response=COPIED)
            before = await ls.predict(copied_task)
            (answer,) = before["results"]
            labels = {r["value"]["labels"][0] for r in answer["result"] if r["type"] == "labels"}
            assert "Copied (identical)" in labels
            again = await ls.predict(copied_task)
            assert again["model_version"] == before["model_version"]  # nothing changed
            # the same path, the same number of documents, another text
            page.write_text(
                "# Louvre\n\nThe Louvre is a palace on the right bank of the Seine.\n",
                encoding="utf-8",
            )
            # as Label Studio does: setup names the model version, then only the tasks
            # without a prediction of that version are sent to predict (a setup that named
            # the version from before the edit would leave every task as it was)
            setup = await client.post(
                "/labelstudio/setup", json={"schema": LABEL_STUDIO_CONFIG}, headers=ls.basic()
            )
            assert setup.status == 200, await setup.text()
            named = (await setup.json())["model_version"]
            after = await ls.predict(copied_task)
        finally:
            await client.close()
            stop.set()
            await running
    assert named != before["model_version"]
    assert after["model_version"] == named  # the predictions are filed under setup's version
    (fresh,) = after["results"]
    assert fresh["model_version"] == after["model_version"]
    labels = {r["value"]["labels"][0] for r in fresh["result"] if r["type"] == "labels"}
    assert not any(label.startswith("Copied") for label in labels)
    assert store.counts().get("done", 0) == 2  # a second check, not the stored report
    store.close()


async def test_setup_waits_a_bounded_time_for_a_corpus_refresh_that_then_goes_on(
    aiohttp_client: Any,
    ls_settings: Settings,
    extractor: Extractor,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Label Studio allows setup 3 s: a re-index that takes longer is not waited for (setup
    answers in time); it goes on to its end."""
    from workers.labelstudio import backend as module

    started: list[int] = []
    ended: list[int] = []
    release = asyncio.Event()

    async def slow_refresh(backends: Any) -> None:
        started.append(1)
        await release.wait()
        ended.append(1)

    store = SqliteJobStore(tmp_path / "jobs.db")
    no_snapshots: Any = None
    runtime = Runtime(
        ls_settings, [StaticSearch(name="corpus:x")], MemoryFetcher({}), extractor, no_snapshots
    )
    app = add_label_studio_backend(
        create_app(store, ls_settings, rerun_runtime=runtime), secret=SECRET
    )
    client = await aiohttp_client(app)
    headers = basic("ls", store.create_key(Role.RATER, "ls")[1])
    monkeypatch.setattr(module, "refresh_corpora", slow_refresh)
    monkeypatch.setattr(module, "SETUP_REFRESH_S", 0.05)
    try:
        setup = await client.post(
            "/labelstudio/setup", json={"schema": LABEL_STUDIO_CONFIG}, headers=headers
        )
        assert setup.status == 200, await setup.text()
        assert "model_version" in await setup.json()
        assert started == [1]
        assert not ended  # not cancelled when setup stopped waiting
        release.set()
        while not ended:
            await asyncio.sleep(0.01)
    finally:
        release.set()
        await client.close()
        store.close()
