from __future__ import annotations

import pytest
from aiohttp import web

from verifier.config import SearxngSettings
from verifier.errors import SearchError, SearchTimeout, SearchUnavailable
from verifier.search.searxng import SearxngBackend
from verifier.system.deadline import Deadline
from verifier.testing import QUERIES, searxng_app


def results(query: str) -> list[dict[str, str]]:
    return [
        {"url": f"https://example.com/{i}", "title": f"Result {i}", "content": f"about {query}"}
        for i in range(12)
    ]


async def backend_for(server, **settings: object) -> SearxngBackend:
    return SearxngBackend(SearxngSettings(base_url=str(server.make_url("/")), **settings))


async def test_results(aiohttp_server) -> None:
    server = await aiohttp_server(searxng_app(results))
    b = await backend_for(server, max_results=5)
    hits = await b.search("marie curie", deadline=Deadline.after(5))
    assert [h.rank for h in hits] == [1, 2, 3, 4, 5]
    assert hits[0].url == "https://example.com/0"
    assert hits[0].snippet == "about marie curie"
    assert server.app[QUERIES] == ["marie curie"]
    await b.aclose()


async def test_hanging_instance_times_out_at_the_deadline(aiohttp_server) -> None:
    server = await aiohttp_server(searxng_app(results, hang=True))
    b = await backend_for(server)
    # the instance never answers: only the deadline ends the search (else pytest's limit)
    with pytest.raises(SearchTimeout):
        await b.search("q", deadline=Deadline.after(0.5))
    await b.aclose()


@pytest.mark.parametrize(
    ("status", "match"), [(500, "HTTP 500"), (403, "enable the json format"), (429, "HTTP 429")]
)
async def test_error_statuses(aiohttp_server, status: int, match: str) -> None:
    server = await aiohttp_server(searxng_app(results, status=status))
    b = await backend_for(server)
    with pytest.raises(SearchError, match=match):
        await b.search("q", deadline=Deadline.after(5))
    await b.aclose()


@pytest.mark.parametrize(
    ("body", "match"),
    [
        ("not json", "not JSON"),
        ('{"answers": []}', "no 'results' list"),
        ("[1, 2]", "no 'results' list"),
    ],
)
async def test_garbage_answers(aiohttp_server, body: str, match: str) -> None:
    async def handler(request: web.Request) -> web.Response:
        return web.Response(text=body, content_type="application/json")

    app = web.Application()
    app.router.add_get("/search", handler)
    server = await aiohttp_server(app)
    b = await backend_for(server)
    with pytest.raises(SearchError, match=match):
        await b.search("q", deadline=Deadline.after(5))
    await b.aclose()


async def test_unreachable_instance_is_unavailable(closed_port: int) -> None:
    b = SearxngBackend(SearxngSettings(base_url=f"http://127.0.0.1:{closed_port}"))
    with pytest.raises(SearchUnavailable, match="cannot connect to SearXNG"):
        await b.search("q", deadline=Deadline.after(5))
    await b.aclose()


def test_base_url_is_required() -> None:
    with pytest.raises(SearchError, match="base_url is empty"):
        SearxngBackend(SearxngSettings())
