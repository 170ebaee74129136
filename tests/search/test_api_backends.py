"""Brave Search and Serper against loopback fakes that answer as each API documents:
their hits, their errors (key refused, 429 with Retry-After, quota spent, outage), the key
kept out of every message, and the fallback chain of search.backends."""

from __future__ import annotations

import hashlib
import json
import socket
import time
from typing import Any

import pytest
from aiohttp.abc import AbstractResolver, ResolveResult

from verifier.config import BraveSettings, SerperSettings, Settings
from verifier.errors import (
    ConfigError,
    SearchKeyRejected,
    SearchQuotaSpent,
    SearchRateLimited,
    SearchUnavailable,
)
from verifier.pipeline import check
from verifier.runtime import open_runtime
from verifier.schema import CheckRequest
from verifier.search.api import api_key, retry_after
from verifier.search.brave import BraveBackend
from verifier.search.chain import FallbackChain
from verifier.search.ratelimit import SharedRate
from verifier.search.serper import SerperBackend
from verifier.snapshots import MemorySnapshotStore, SqliteSnapshotStore
from verifier.system.deadline import Deadline
from verifier.testing import ApiLedger, brave_app, pages_app, serper_app

KEY = "test-key"
SECRET = "sk-do-not-print-0123456789"


def results(query: str) -> list[dict[str, str]]:
    return [
        {"url": "https://example.org/eiffel", "title": "Eiffel Tower", "content": "330 m"},
        {"url": "https://example.org/paris", "title": "Paris", "content": "capital"},
    ]


async def brave(aiohttp_server: Any, ledger: ApiLedger, key: str = KEY) -> BraveBackend:
    server = await aiohttp_server(brave_app(results, ledger))
    url = str(server.make_url("/res/v1/web/search"))
    return BraveBackend(BraveSettings(base_url=url, max_results=5), key=key)


async def serper(aiohttp_server: Any, ledger: ApiLedger, key: str = KEY) -> SerperBackend:
    server = await aiohttp_server(serper_app(results, ledger))
    return SerperBackend(SerperSettings(base_url=str(server.make_url("/search"))), key=key)


def brave_then_serper(
    settings: Settings, b: Any, s: Any, key: str, monkeypatch: pytest.MonkeyPatch
) -> Settings:
    """Settings that ask the fake Brave ``b`` first, then the fake Serper ``s``, both
    with ``key`` and a rate no test waits for."""
    monkeypatch.setenv("BRAVE_API_KEY", key)
    monkeypatch.setenv("SERPER_API_KEY", key)
    return settings.with_overrides(
        {
            "search.backends": ["brave", "serper"],
            "search.brave.base_url": str(b.make_url("/res/v1/web/search")),
            "search.serper.base_url": str(s.make_url("/search")),
            "search.brave.requests_per_second": 50.0,
            "search.serper.requests_per_second": 50.0,
        }
    )


@pytest.mark.parametrize("make", [brave, serper])
async def test_hits_are_read_as_the_api_documents(aiohttp_server: Any, make: Any) -> None:
    ledger = ApiLedger()
    backend = await make(aiohttp_server, ledger)
    try:
        hits = await backend.search("eiffel tower height", deadline=Deadline.after(5))
    finally:
        await backend.aclose()
    assert [(h.url, h.title, h.snippet, h.rank) for h in hits] == [
        ("https://example.org/eiffel", "Eiffel Tower", "330 m", 1),
        ("https://example.org/paris", "Paris", "capital", 2),
    ]
    assert ledger.queries == ["eiffel tower height"]


@pytest.mark.parametrize("make", [brave, serper])
async def test_a_wrong_key_is_one_line_without_the_key(aiohttp_server: Any, make: Any) -> None:
    backend = await make(aiohttp_server, ApiLedger(), key=SECRET)
    try:
        with pytest.raises(SearchKeyRejected) as caught:
            await backend.search("q", deadline=Deadline.after(5))
    finally:
        await backend.aclose()
    line = str(caught.value)
    assert "key was refused" in line
    assert "_API_KEY" in line
    assert "\n" not in line
    assert SECRET not in line
    assert SECRET not in repr(backend)


@pytest.mark.parametrize("make", [brave, serper])
async def test_429_is_rate_limited_with_retry_after(aiohttp_server: Any, make: Any) -> None:
    ledger = ApiLedger(rate=0.001, burst=1)  # one request, then 429 for a long while
    backend = await make(aiohttp_server, ledger)
    try:
        await backend.search("first", deadline=Deadline.after(5))
        with pytest.raises(SearchRateLimited) as caught:
            await backend.search("second", deadline=Deadline.after(5))
    finally:
        await backend.aclose()
    assert caught.value.retry_after_s is not None
    assert caught.value.retry_after_s > 1
    assert "rate-limited (HTTP 429" in str(caught.value)
    assert "requests_per_second" in str(caught.value)
    assert ledger.over_rate == 1


@pytest.mark.parametrize("make", [brave, serper])
async def test_a_spent_quota_says_so(aiohttp_server: Any, make: Any) -> None:
    ledger = ApiLedger(quota=1)
    backend = await make(aiohttp_server, ledger)
    try:
        await backend.search("first", deadline=Deadline.after(5))
        with pytest.raises(SearchQuotaSpent) as caught:
            await backend.search("second", deadline=Deadline.after(5))
    finally:
        await backend.aclose()
    assert "quota is spent" in str(caught.value)


@pytest.mark.parametrize("make", [brave, serper])
async def test_5xx_is_an_outage(aiohttp_server: Any, make: Any) -> None:
    backend = await make(aiohttp_server, ApiLedger(fail_with=503))
    try:
        with pytest.raises(SearchUnavailable, match=r"search unavailable: .* HTTP 503"):
            await backend.search("q", deadline=Deadline.after(5))
    finally:
        await backend.aclose()


def test_the_key_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BRAVE_API_KEY", raising=False)
    with pytest.raises(ConfigError, match=r"\$BRAVE_API_KEY is not set.*export BRAVE_API_KEY="):
        BraveBackend(BraveSettings())
    monkeypatch.setenv("SERPER_API_KEY", SECRET)
    assert api_key("serper", "SERPER_API_KEY", "https://serper.dev") == SECRET
    assert SECRET not in json.dumps(Settings().check_settings())


def test_retry_after_reads_seconds_and_dates() -> None:
    assert retry_after({"Retry-After": "3"}) == 3.0
    assert retry_after({"Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"}, now=1445412470.0) == 10.0
    assert retry_after({}) is None


async def test_the_chain_falls_back_and_says_who_answered(aiohttp_server: Any) -> None:
    first, second = ApiLedger(rate=0.001, burst=1), ApiLedger()
    chain = FallbackChain(
        [await brave(aiohttp_server, first), await serper(aiohttp_server, second)]
    )
    try:
        one = await chain.answer("one", deadline=Deadline.after(5))
        two = await chain.answer("two", deadline=Deadline.after(5))
    finally:
        await chain.aclose()
    assert one.answered_by == "brave"
    assert not one.passed_over
    assert two.answered_by == "serper"
    assert "brave: rate-limited" in two.passed_over[0]
    assert chain.name == "brave>serper"


async def test_the_chain_fails_with_every_reason(aiohttp_server: Any) -> None:
    chain = FallbackChain(
        [
            await brave(aiohttp_server, ApiLedger(quota=0), key="bad"),
            await serper(aiohttp_server, ApiLedger(fail_with=502)),
        ]
    )
    try:
        with pytest.raises(
            Exception, match=r"brave: the API key was refused.*serper answered HTTP 502"
        ):
            await chain.answer("q", deadline=Deadline.after(5))
    finally:
        await chain.aclose()


async def test_a_report_names_the_backend_that_answered(
    aiohttp_server: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = (
        "<html><head><title>Eiffel</title></head><body><article><p>The Eiffel Tower is 330 metres"
        " tall and stands in Paris, France.</p></article></body></html>"
    )
    pages = await aiohttp_server(pages_app({"eiffel": page}))
    url = str(pages.make_url("/page/eiffel"))

    def found(query: str) -> list[dict[str, str]]:
        return [{"url": url, "title": "Eiffel", "content": "330 metres"}]

    limited = ApiLedger(rate=0.001, burst=0.5, key=SECRET)  # every request: 429
    b = await aiohttp_server(brave_app(found, limited))
    s = await aiohttp_server(serper_app(found, ApiLedger(key=SECRET)))
    settings = brave_then_serper(settings, b, s, SECRET, monkeypatch)
    async with open_runtime(settings) as runtime:
        report = await check(CheckRequest("The Eiffel Tower is 330 metres tall."), runtime)
    searches = [s for c in report.claims for s in c.searches]
    assert searches
    assert {s.answered_by for s in searches} == {"serper"}
    assert {s.backend for s in searches} == {"brave>serper"}
    assert report.status == "complete"
    assert limited.over_rate >= 1
    assert SECRET not in json.dumps(report.to_dict())


class ScriptedGate:
    """A rate gate whose next turn is ``waits[backend]`` seconds away (nobody sleeps)."""

    def __init__(self, waits: dict[str, float]) -> None:
        self.waits = waits
        self.taken: list[tuple[str, float]] = []

    async def turn(
        self, backend: str, deadline: Deadline, max_wait_s: float | None = None, **_: Any
    ) -> float:
        wait = self.waits[backend]
        if max_wait_s is not None and wait > max_wait_s:
            raise SearchRateLimited(
                f"{backend}: no turn of the shared rate (next in {wait} s)", wait
            )
        self.taken.append((backend, wait))
        return wait

    async def answered(self, backend: str, **_: Any) -> None:
        pass

    async def hold(self, backend: str, **_: Any) -> None:
        pass


async def test_when_every_backend_must_wait_the_soonest_turn_is_taken(aiohttp_server: Any) -> None:
    b, s = await brave(aiohttp_server, ApiLedger()), await serper(aiohttp_server, ApiLedger())
    gate = ScriptedGate({"brave": 0.0, "serper": 0.0})
    for backend in (b, s):
        backend.gate = gate
        backend.max_wait_s = 1.0
    chain = FallbackChain([b, s])
    try:
        first = await chain.answer("a", deadline=Deadline.after(30))
        gate.waits = {"brave": 3.0, "serper": 0.0}
        overflow = await chain.answer("b", deadline=Deadline.after(30))
        gate.waits = {"brave": 3.0, "serper": 9.0}
        soonest = await chain.answer("c", deadline=Deadline.after(30))
    finally:
        await chain.aclose()
    assert [first.answered_by, overflow.answered_by, soonest.answered_by] == [
        "brave",
        "serper",
        "brave",
    ]
    assert "no turn of the shared rate" in overflow.passed_over[0]
    assert gate.taken[-1] == ("brave", 3.0)  # waited for brave's turn, not serper's


# --- issue 46: a spent quota and a refused key remembered, failing APIs not asked again,
# --- a host that does not resolve given up at once


def _shared(store: Any, backend: Any) -> Any:
    """``backend`` as a worker of the store has it: its turns of the shared rate."""
    backend.gate = SharedRate(store, {"brave": (1000.0, 0), "serper": (1000.0, 0)})
    backend.max_wait_s = 5.0
    return backend


async def test_a_spent_quota_is_passed_over_by_every_worker_until_its_hold_ends(
    aiohttp_server: Any, tmp_path: Any
) -> None:
    spent = ApiLedger(quota=1)
    spent.answered = 1  # the month's quota already used
    store = SqliteSnapshotStore(tmp_path / "snapshots.db")  # shared by both workers
    b_server = await aiohttp_server(brave_app(results, spent))
    s_server = await aiohttp_server(serper_app(results, ApiLedger()))

    def worker() -> FallbackChain:
        settings = BraveSettings(base_url=str(b_server.make_url("/res/v1/web/search")))
        return FallbackChain(
            [
                _shared(store, BraveBackend(settings, key=KEY)),
                _shared(
                    store,
                    SerperBackend(
                        SerperSettings(base_url=str(s_server.make_url("/search"))), key=KEY
                    ),
                ),
            ]
        )

    one, two = worker(), worker()
    try:
        first = await one.answer("first", deadline=Deadline.after(5))
        later = [await two.answer(f"q{n}", deadline=Deadline.after(5)) for n in range(5)]
    finally:
        await one.aclose()
        await two.aclose()
    assert spent.requests == 1  # the answer that said so; no request after it
    assert first.answered_by == "serper"
    assert "quota is spent" in first.passed_over[0]
    assert {a.answered_by for a in later} == {"serper"}
    held = later[0].passed_over[0]
    assert "quota is spent" in held
    assert "passed over by every worker" in held
    assert "search.brave.hold_s" in held
    # held until Brave's monthly reset or hold_s (900 s), the sooner, for this key's workers
    holder = hashlib.sha256(KEY.encode()).hexdigest()[:16]
    turn = store.rate_take(
        "brave", rate=1000.0, latest=time.time() + 5, monthly_quota=0, holder=holder
    )
    assert turn.refused == "held"
    assert 800 < turn.wait_s <= 900
    # a worker given another key (a new plan's) is not held: it asks
    fixed = _shared(
        store,
        BraveBackend(
            BraveSettings(base_url=str(b_server.make_url("/res/v1/web/search"))), key="new-key"
        ),
    )
    try:
        with pytest.raises(SearchKeyRejected):  # the fake knows only KEY: it was asked
            await fixed.search("q", deadline=Deadline.after(5))
    finally:
        await fixed.aclose()
    assert spent.requests == 2
    assert KEY not in json.dumps(store.rate_stats({}), default=str)
    store.close()


async def test_a_refused_key_is_held_and_hold_s_0_asks_every_time(
    aiohttp_server: Any, tmp_path: Any
) -> None:
    store = SqliteSnapshotStore(tmp_path / "snapshots.db")
    ledger = ApiLedger()
    server = await aiohttp_server(serper_app(results, ledger))
    url = str(server.make_url("/search"))
    held = _shared(store, SerperBackend(SerperSettings(base_url=url), key="wrong"))
    asked = _shared(
        MemorySnapshotStore(), SerperBackend(SerperSettings(base_url=url, hold_s=0), key="wrong")
    )
    try:
        for backend, requests in ((held, 1), (asked, 4)):
            for _ in range(3):
                with pytest.raises(SearchKeyRejected, match="API key was refused"):
                    await backend.search("q", deadline=Deadline.after(5))
            assert ledger.key_refused == requests
    finally:
        await held.aclose()
        await asked.aclose()
        store.close()


async def test_a_report_stops_asking_apis_that_failed(
    aiohttp_server: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both APIs down (502): each is asked once in the report, not at every query."""
    down_b, down_s = ApiLedger(fail_with=502), ApiLedger(fail_with=502)
    b = await aiohttp_server(brave_app(results, down_b))
    s = await aiohttp_server(serper_app(results, down_s))
    settings = brave_then_serper(settings, b, s, KEY, monkeypatch)
    text = (
        "The Eiffel Tower is 330 metres tall. Mount Everest is 8849 metres high."
        " The Nile is 6650 kilometres long. The Moon is 384400 kilometres from the Earth."
    )
    async with open_runtime(settings) as runtime:
        report = await check(CheckRequest(text), runtime)
    searches = [s for c in report.claims for s in c.searches]
    assert len(searches) >= 4
    assert (down_b.requests, down_s.requests) == (1, 1)
    assert all(s.error and s.error.startswith("search unavailable") for s in searches)
    assert sum("not asked again in this report" in (s.error or "") for s in searches) >= 3
    assert report.status == "incomplete"


class CountingResolver(AbstractResolver):
    """A resolver that counts lookups: ``addresses`` for every host, or none (the name
    does not resolve: what a DNS failure is)."""

    def __init__(self, addresses: list[str] | None = None) -> None:
        self.addresses = addresses
        self.lookups = 0

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        self.lookups += 1
        if self.addresses is None:
            raise OSError(socket.EAI_NONAME, "Name or service not known")
        return [
            ResolveResult(hostname=host, host=a, port=port, family=family, proto=0, flags=0)
            for a in self.addresses
        ]

    async def close(self) -> None:
        pass


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])  # closed when the block ends: refused


@pytest.mark.parametrize(
    ("addresses", "why"),
    [(None, "cannot resolve host"), (["127.0.0.1"], "cannot connect")],
    ids=["dns", "refused"],
)
async def test_a_host_that_does_not_resolve_or_connect_is_tried_once(
    aiohttp_server: Any, addresses: list[str] | None, why: str
) -> None:
    """The first query finds it unreachable; the next ones fail at once (no lookup, no
    turn of the rate, no retry) and the chain goes straight to the next API."""
    resolver = CountingResolver(addresses)
    url = f"http://api.brave.test:{_closed_port()}/res/v1/web/search"
    down = BraveBackend(BraveSettings(base_url=url), key=KEY, resolver=resolver)
    gate = ScriptedGate({"brave": 0.0, "serper": 0.0})
    down.gate, down.max_wait_s = gate, 5.0
    for _ in range(4):
        with pytest.raises(SearchUnavailable, match=why):
            await down.search("q", deadline=Deadline.after(5))
    assert resolver.lookups == 1
    assert gate.taken == [("brave", 0.0)]  # one turn: the others never waited for one
    fine = ApiLedger()
    chain = FallbackChain([down, await serper(aiohttp_server, fine)])
    try:
        answers = [await chain.answer(f"q{n}", deadline=Deadline.after(5)) for n in range(3)]
    finally:
        await chain.aclose()
    assert {a.answered_by for a in answers} == {"serper"}
    assert "unavailable_cooldown_s" in answers[0].passed_over[0]
    assert resolver.lookups == 1
    assert fine.answered == 3
