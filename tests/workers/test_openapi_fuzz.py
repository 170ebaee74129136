"""The API fuzzed against its own OpenAPI document with schemathesis.

The server is the API's app (`create_app`) on a loopback port, in a thread of its own, with
a SQLite job store, a fake search backend and a key of every role. Before the run it is
given the checks a request may name: a finished one with its report and an audit, one still
queued, one of another rater; schemathesis draws path ids from those and from its own.

For every operation schemathesis generates requests (the document's examples, its coverage
cases, then random valid and invalid ones) and each is sent once per role (rater, service,
auditor, admin, and another rater) and checked with all of schemathesis's checks: no 5xx,
a status, content type, headers and body the document gives, invalid data refused, valid
data not refused (beyond 401/403/404/409/429), a method the route lacks 405 with ``Allow``,
an operation that needs a key refusing a request without one. The examples per operation
are few enough for CI (``FUZZ_EXAMPLES``; derandomized, so a run is reproducible); the
figures are printed at the end of the session.
"""

from __future__ import annotations

import asyncio
import copy
import os
import threading
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import hypothesis.strategies as st
import pytest
import schemathesis
from aiohttp import web
from hypothesis import HealthCheck, settings

from tests import figures
from verifier.config import Settings
from verifier.errors import InputError
from verifier.runtime import Runtime
from verifier.schema import SearchHit
from verifier.snapshots import SqliteSnapshotStore
from verifier.testing import MemoryFetcher, StaticSearch
from verifier.web.extract import Extractor
from workers.api import create_app
from workers.callbacks import check_callback_url
from workers.openapi import OPERATIONS, openapi
from workers.store.jobs import JobState, Role
from workers.store.jobstore import SqliteJobStore
from workers.worker import Worker

FUZZ_EXAMPLES = int(
    os.environ.get("VERIFIER_FUZZ_EXAMPLES", "100")
)  # generated requests per operation (each sent once per role)
PAGE = b"<html><body><article><p>The Louvre in Paris opened as a museum in 1793.</p></article></body></html>"
HITS = [SearchHit("https://example.com/louvre", "Louvre", "", 1)]
ROLES = ("rater", "service", "auditor", "admin", "other", None)  # None: no key

schema = schemathesis.openapi.from_dict(copy.deepcopy(openapi()))
_ids: list[str] = []  # the seeded checks' ids, drawn as path ids
_sent: Counter[tuple[str, str]] = Counter()  # (operation, status) -> requests
_examples: Counter[str] = Counter()  # operation -> generated cases


@schema.hook
def flatmap_path_parameters(context: Any, path_parameters: dict[str, Any]) -> Any:
    if not path_parameters or "id" not in path_parameters or not _ids:
        return st.just(path_parameters)
    return st.sampled_from([path_parameters["id"], *_ids]).map(
        lambda one: {**path_parameters, "id": one}
    )


@schema.hook
def filter_body(context: Any, body: Any) -> bool:
    """The hosts a callback may go to are the server's settings and DNS, not the document's
    (a refused one is 422, naming why: tests/workers/test_callbacks.py): a request the
    document allows with a callback URL the guard refuses is not sent."""
    options = body.get("options") if isinstance(body, dict) else None
    url = options.get("callback_url") if isinstance(options, dict) else None
    if not isinstance(url, str) or not url.lower().startswith(("http://", "https://")):
        return True
    try:
        check_callback_url(url, [])
    except InputError:
        return False
    return True


@dataclass
class LiveApi:
    url: str
    tokens: dict[str, str]

    def headers(self, role: str | None) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[role]}"} if role else {}


def _settings(tmp: Path) -> Settings:
    return Settings().with_overrides(
        {
            "store.data_dir": str(tmp / "data"),
            "extract.processes": 1,
            "service.poll_s": 0.02,
            # what the fuzz tests is the API's answers, not its throttles (tested apart)
            "service.rate_limit_per_minute": 0,
            "service.auth_failures_per_minute": 0,
            "limits.max_response_chars": 2_000,
        }
    )


async def _seed(store: SqliteJobStore, runtime: Runtime, owners: dict[str, str]) -> list[str]:
    """Two finished checks (the rater's and another rater's), then one left queued."""
    done = [
        store.submit(
            {"response": "The Louvre opened as a museum in 1793.", "prompt": "", "flags": {}},
            owner=owners[role],
            options={},
        )[0].id
        for role in ("rater", "other")
    ]
    stop = asyncio.Event()
    worker = Worker(store, runtime, concurrency=2)
    running = asyncio.create_task(worker.run(stop))
    async with asyncio.timeout(60):
        while any(store.get(i).state != JobState.DONE for i in done):  # type: ignore[union-attr]
            await asyncio.sleep(0.05)
    stop.set()
    await running
    queued = store.submit(
        {"response": "Paris is in France.", "prompt": "", "flags": {}},
        owner=owners["service"],
        options={},
    )[0].id
    return [*done, queued]


@pytest.fixture(scope="module")
def live_api(tmp_path_factory: pytest.TempPathFactory, extractor: Extractor) -> Iterator[LiveApi]:
    tmp = tmp_path_factory.mktemp("fuzz")
    config = _settings(tmp)
    store = SqliteJobStore(tmp / "jobs.db")
    snapshots = SqliteSnapshotStore(tmp / "snapshots.db")
    fetcher = MemoryFetcher({"https://example.com/louvre": ("text/html", PAGE)})
    runtime = Runtime(config, [StaticSearch(default=HITS)], fetcher, extractor, snapshots)
    tokens, owners = {}, {}
    for role in Role:
        key, tokens[role.value] = store.create_key(role, role.value)
        owners[role.value] = key.id
    other, tokens["other"] = store.create_key(Role.RATER, "other rater")
    owners["other"] = other.id
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    async def start() -> tuple[web.AppRunner, int]:
        app = create_app(store, config, snapshots=snapshots, rerun_runtime=runtime)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        return runner, runner.addresses[0][1]

    runner, port = asyncio.run_coroutine_threadsafe(start(), loop).result(60)
    _ids[:] = asyncio.run_coroutine_threadsafe(_seed(store, runtime, owners), loop).result(120)
    api = LiveApi(f"http://127.0.0.1:{port}", tokens)
    # an audit of the rater's check, so that the audits' list has one to show
    audit = store.add_audit(_ids[0], "replay", {"mode": "replay", "same_decisions": True}, None)
    assert audit.id
    try:
        yield api
    finally:
        asyncio.run_coroutine_threadsafe(runner.cleanup(), loop).result(60)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()
        store.close()
        snapshots.close()
        _record_figures()


def _record_figures() -> None:
    operations = len({(op.method, op.path) for op in OPERATIONS})
    requests = sum(_sent.values())
    by_status = Counter[str]()
    for (_operation, status), n in _sent.items():
        by_status[status] += n
    statuses = ", ".join(f"{status}: {n}" for status, n in sorted(by_status.items()))
    figures.record(
        "openapi fuzz (schemathesis)",
        f"{operations} operations, {sum(_examples.values())} generated cases, "
        f"{requests} requests over {len(ROLES)} roles (incl. none); statuses {statuses}",
    )


@schema.parametrize()
@settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_answer_is_one_the_document_gives(case: Any, live_api: LiveApi) -> None:
    _examples[case.operation.label] += 1
    for role in ROLES:
        response = case.call_and_validate(base_url=live_api.url, headers=live_api.headers(role))
        _sent[(case.operation.label, str(response.status_code))] += 1


def test_the_document_covers_every_route_the_fuzz_ran() -> None:
    labels = {f"{op.method} {op.path}" for op in OPERATIONS}
    generated = {result.ok().label for result in schema.get_all_operations()}
    assert generated == labels
