"""A service with the web app for the web app's tests: the API's app with the web app's
routes, an in-process worker, a key per role (and a second rater), and a search that
holds queries about the Eiffel Tower until a test lets them through (so a test can see a
check running)."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from tests.helpers import WAIT_S
from verifier.config import Settings
from verifier.runtime import Runtime
from verifier.schema import SearchHit
from verifier.search.corpus import CorpusBackend, build_index
from verifier.snapshots import SqliteSnapshotStore
from verifier.system.deadline import Deadline
from verifier.testing import MemoryFetcher
from verifier.web.extract import Extractor
from workers.api import Metrics, create_app
from workers.store.jobs import Role
from workers.store.jobstore import SqliteJobStore
from workers.webapp import add_web_app
from workers.worker import Worker

PAGE = b"<html><body><article><p>The Louvre in Paris opened as a museum in 1793.</p></article></body></html>"
EIFFEL = b"<html><body><article><p>The Eiffel Tower in Paris was finished in 1889.</p></article></body></html>"
RESPONSE = "The Louvre opened as a museum in 1793."
HELD = "The Louvre opened as a museum in 1793. The Eiffel Tower was finished in 1889."
HOSTILE = (
    "The Louvre opened as a museum in 1793. <script>window.__pwned = 1</script>"
    ' <img src=x onerror="window.__pwned = 1"> "><svg onload="window.__pwned = 1">'
)
SECRET = b"s" * 48


@dataclass
class HeldSearch:
    """Answers at once, except queries naming the Eiffel Tower, which wait for ``gate``."""

    gate: asyncio.Event
    name: str = "static"
    version: str = "held 1"
    local: bool = False
    calls: list[str] = field(default_factory=list)

    async def search(self, query: str, *, deadline: Deadline) -> list[SearchHit]:
        self.calls.append(query)
        if "eiffel" in query.lower():
            async with asyncio.timeout(deadline.remaining()):
                await self.gate.wait()
            return [SearchHit("https://example.com/eiffel", "Eiffel Tower", "", 1)]
        return [SearchHit("https://example.com/louvre", "Louvre", "", 1)]

    async def aclose(self) -> None:
        pass


class Web:
    """The running app, its store, the keys by role (id, token) and the search gate."""

    def __init__(
        self,
        client: Any,
        store: SqliteJobStore,
        keys: dict[str, tuple[str, str]],
        gate: asyncio.Event,
    ) -> None:
        self.client = client
        self.store = store
        self.keys = keys
        self.gate = gate

    @property
    def url(self) -> str:
        return str(self.client.make_url("/")).rstrip("/")

    async def csrf(self, path: str) -> str:
        page = await self.client.get(path)
        assert page.status == 200, await page.text()
        found = re.search(r'name="csrf" value="([^"]+)"', await page.text())
        assert found, "no CSRF token in the page"
        return found.group(1)

    async def sign_in(self, role: str) -> None:
        self.client.session.cookie_jar.clear()
        token = await self.csrf("/app/sign-in")
        resp = await self.client.post(
            "/app/sign-in", data={"csrf": token, "key": self.keys[role][1]}, allow_redirects=False
        )
        assert resp.status == 303, await resp.text()

    def bearer(self, role: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.keys[role][1]}"}

    async def wait_state(self, job_id: str, *states: str, timeout: float = WAIT_S) -> None:
        async with asyncio.timeout(timeout):
            while (job := self.store.get(job_id)) is None or job.state not in states:
                await asyncio.sleep(0.05)


@pytest.fixture
def web_settings(settings: Settings) -> Settings:
    return settings.with_overrides(
        {
            "service.poll_s": 0.02,
            "service.lease_s": 3.0,
            "service.rate_limit_per_minute": 0,
            "limits.max_response_chars": 2000,
        }
    )


def build_app(
    store: SqliteJobStore,
    snapshots: SqliteSnapshotStore,
    settings: Settings,
    extractor: Extractor,
    gate: asyncio.Event,
    corpus: CorpusBackend,
) -> web.Application:
    fetcher = MemoryFetcher(
        {
            "https://example.com/louvre": ("text/html", PAGE),
            "https://example.com/eiffel": ("text/html", EIFFEL),
        }
    )
    runtime = Runtime(settings, [HeldSearch(gate), corpus], fetcher, extractor, snapshots)
    app = create_app(
        store, settings, snapshots=snapshots, rerun_runtime=runtime, metrics_=Metrics(store)
    )
    add_web_app(app, secret=SECRET)
    worker = Worker(store, runtime, concurrency=2)
    stop = asyncio.Event()
    running: list[asyncio.Task[None]] = []

    async def start(app: web.Application) -> None:
        running.append(asyncio.create_task(worker.run(stop)))

    async def finish(app: web.Application) -> None:
        gate.set()
        stop.set()
        await asyncio.gather(*running)

    app.on_startup.append(start)
    app.on_cleanup.append(finish)
    return app


def make_keys(store: SqliteJobStore) -> dict[str, tuple[str, str]]:
    keys = {}
    for role in Role:
        key, token = store.create_key(role, f"{role} one")
        keys[str(role)] = (key.id, token)
    other, token = store.create_key("rater", "rater two")
    keys["other"] = (other.id, token)
    return keys


@pytest.fixture
async def web_app(aiohttp_client, web_settings: Settings, extractor: Extractor, tmp_path: Path):  # type: ignore[no-untyped-def]
    store = SqliteJobStore(tmp_path / "jobs.db")
    snapshots = SqliteSnapshotStore(tmp_path / "snapshots.db")
    gate = asyncio.Event()
    gate.set()  # the unit tests need no held check; the browser tests make their own
    keys = make_keys(store)
    docs = tmp_path / "handbook"
    docs.mkdir()
    (docs / "louvre.txt").write_text(
        "The Louvre in Paris opened as a public museum in 1793, in a former royal palace."
    )
    await build_index(docs, tmp_path / "handbook.db", extractor=extractor)
    corpus = CorpusBackend(tmp_path / "handbook.db", name="handbook")
    client = await aiohttp_client(
        build_app(store, snapshots, web_settings, extractor, gate, corpus)
    )
    yield Web(client, store, keys, gate)
    await client.close()
    await corpus.aclose()
    store.close()
    snapshots.close()
