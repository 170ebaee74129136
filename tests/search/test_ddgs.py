from __future__ import annotations

import asyncio
import itertools
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from ddgs.exceptions import DDGSException, TimeoutException

from verifier.config import DdgsSettings
from verifier.errors import SearchError, SearchTimeout, SearchUnavailable
from verifier.search.ddgs import DdgsBackend, classify_ddgs_error
from verifier.system.deadline import Deadline

FAST = {"min_interval_s": 0.0, "jitter_s": 0.0, "backoff_s": 0.01}


class FakeDDGS:
    """Plays ddgs.DDGS: answers from a script of results or exceptions, records calls."""

    def __init__(self, script: list[Any], calls: list[dict[str, Any]], delay: float = 0.0) -> None:
        self.script, self.calls, self.delay = script, calls, delay

    def text(self, query: str, **kwargs: Any) -> list[dict[str, Any]]:
        self.calls.append({"query": query, **kwargs, "at": time.monotonic()})
        time.sleep(self.delay)
        step = self.script.pop(0) if self.script else []
        if isinstance(step, BaseException):
            raise step
        return step


def backend(
    script: list[Any], calls: list[dict[str, Any]], delay: float = 0.0, **settings: Any
) -> DdgsBackend:
    return DdgsBackend(
        DdgsSettings(**{**FAST, **settings}), factory=lambda timeout: FakeDDGS(script, calls, delay)
    )


RESULT = [{"title": "Eiffel Tower", "href": "https://example.com/eiffel", "body": "330 m tall"}]


async def test_results_become_hits() -> None:
    calls: list[dict[str, Any]] = []
    hits = await backend([RESULT], calls).search("eiffel tower height", deadline=Deadline.after(5))
    assert [(h.url, h.title, h.snippet, h.rank) for h in hits] == [
        ("https://example.com/eiffel", "Eiffel Tower", "330 m tall", 1)
    ]
    assert calls[0]["backend"] == "duckduckgo,brave,mojeek,yahoo"
    assert calls[0]["region"] == "us-en"


async def test_no_results_is_retried_with_rotated_engines() -> None:
    calls: list[dict[str, Any]] = []
    script = [DDGSException("No results found."), TimeoutException("timed out"), RESULT]
    hits = await backend(script, calls, engines=["brave", "mojeek", "yahoo"]).search(
        "q", deadline=Deadline.after(5)
    )
    assert len(hits) == 1
    assert [c["backend"] for c in calls] == [
        "brave,mojeek,yahoo",
        "mojeek,yahoo,brave",
        "yahoo,brave,mojeek",
    ]


async def test_gives_up_after_the_retries() -> None:
    calls: list[dict[str, Any]] = []
    script = [DDGSException("No results found.")] * 5
    with pytest.raises(SearchError, match="possibly rate-limited"):
        await backend(script, calls, retries=2).search("q", deadline=Deadline.after(5))
    assert len(calls) == 3


async def test_network_failure_is_unavailable_at_once_and_cools_down() -> None:
    calls: list[dict[str, Any]] = []
    dns = DDGSException(
        "DNSError: error sending request for url (https://html.duckduckgo.com/html/)"
    )
    b = backend([dns], calls)
    with pytest.raises(SearchUnavailable, match="search unavailable"):
        await b.search("q", deadline=Deadline.after(5))
    with pytest.raises(SearchUnavailable):
        await b.search("another", deadline=Deadline.after(5))
    assert len(calls) == 1  # no retry, and the cooldown answered the second query


async def test_other_errors_are_not_retried() -> None:
    calls: list[dict[str, Any]] = []
    with pytest.raises(SearchError, match="ValueError"):
        await backend([ValueError("bad")], calls).search("q", deadline=Deadline.after(5))
    assert len(calls) == 1


async def test_a_hanging_call_ends_at_the_deadline() -> None:
    calls: list[dict[str, Any]] = []
    # the call would answer after 20 s: a timeout, not its result, proves the deadline ended it
    b = backend([RESULT], calls, delay=20.0)
    with pytest.raises(SearchTimeout):
        await b.search("q", deadline=Deadline.after(0.5))
    await b.aclose()


async def test_calls_are_paced_and_capped() -> None:
    calls: list[dict[str, Any]] = []
    b = backend([RESULT] * 3, calls, min_interval_s=0.2, concurrency=1)
    await asyncio.gather(*(b.search(f"q{i}", deadline=Deadline.after(5)) for i in range(3)))
    starts = sorted(c["at"] for c in calls)
    assert all(later - earlier >= 0.19 for earlier, later in itertools.pairwise(starts))


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        ("DNSError: error resolving DNS", "network"),
        ("ConnectError: Connection refused (os error 111)", "network"),
        ("No results found.", "limited"),
        ("timed out", "limited"),
        ("Ratelimit", "limited"),
        ("something odd", "other"),
    ],
)
def test_classify(message: str, kind: str) -> None:
    assert classify_ddgs_error(DDGSException(message)) == kind


# --- the real ddgs library, pointed at proxies on loopback (nothing leaves the machine) ----


def _real_factory(proxy: str):
    from ddgs import DDGS

    return lambda timeout: DDGS(proxy=proxy, timeout=max(1, round(timeout)))


async def test_real_ddgs_offline_fails_fast_as_unavailable(closed_port: int) -> None:
    b = DdgsBackend(DdgsSettings(**FAST), factory=_real_factory(f"http://127.0.0.1:{closed_port}"))
    # failed at once, not retried until the deadline: an hour away (pytest's limit comes first)
    with pytest.raises(SearchUnavailable, match="search unavailable"):
        await b.search("marie curie nobel prize", deadline=Deadline.after(3600))
    await b.aclose()


@pytest.fixture
def silent_proxy() -> Iterator[int]:
    """A loopback TCP server that accepts connections and never answers."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.1)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
                held.append(conn)
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield int(server.getsockname()[1])
    stop.set()
    thread.join()
    for conn in held:
        conn.close()
    server.close()


async def test_real_ddgs_hanging_network_ends_within_the_deadline(silent_proxy: int) -> None:
    # five retries of 10 s against a silent proxy: a timeout at the deadline, not the retries'
    # last error, proves the deadline ended the search
    b = DdgsBackend(
        DdgsSettings(**FAST, retries=5), factory=_real_factory(f"http://127.0.0.1:{silent_proxy}")
    )
    with pytest.raises(SearchTimeout):
        await b.search("marie curie", deadline=Deadline.after(1.5))
    await b.aclose()


async def test_queued_queries_fail_at_once_when_the_network_is_down() -> None:
    calls: list[dict[str, Any]] = []
    dns = DDGSException("DNSError: error resolving DNS")
    # pacing all twenty an hour apart would outlast pytest's limit: they must fail at once
    b = backend([dns] * 20, calls, min_interval_s=3600.0, concurrency=1)
    outcomes = await asyncio.gather(
        *(b.search(f"q{i}", deadline=Deadline.after(30)) for i in range(20)), return_exceptions=True
    )
    assert all(isinstance(o, SearchUnavailable) for o in outcomes)
    assert len(calls) == 1
