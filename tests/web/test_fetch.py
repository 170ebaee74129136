from __future__ import annotations

import ipaddress

import pytest

from tests.helpers import WAIT_S
from verifier.config import FetchSettings
from verifier.errors import (
    BlockedURL,
    ConnectionFailed,
    FetchTimeout,
    HTTPStatusError,
    TooLarge,
    TooManyRedirects,
    UnsupportedContentType,
)
from verifier.system.deadline import Deadline
from verifier.testing import HITS, pages_app
from verifier.web.fetch import Fetcher
from verifier.web.ssrf import GuardedResolver, address_refusal

PAGES = {"a": "<html><head><title>A</title></head><body><p>Page A text.</p></body></html>"}


def fetch_settings(**overrides: object) -> FetchSettings:
    base = {
        "allow_private_networks": True,
        "timeout_s": 30.0,  # loopback answers at once, even on a loaded machine
        "backoff_s": 0.01,
        "max_bytes": 1_000_000,
    }
    return FetchSettings(**{**base, **overrides})


@pytest.fixture
async def server(aiohttp_server):
    return await aiohttp_server(pages_app(PAGES))


@pytest.fixture
async def fetcher():
    f = Fetcher(fetch_settings())
    yield f
    await f.aclose()


async def test_fetches_a_page(server, fetcher) -> None:
    page = await fetcher.fetch(str(server.make_url("/page/a")), Deadline.after(WAIT_S))
    assert page.status == 200
    assert page.content_type == "text/html"
    assert b"Page A text." in page.body
    assert page.headers["content-type"].startswith("text/html")


async def test_follows_redirects_up_to_the_limit(server, fetcher) -> None:
    page = await fetcher.fetch(str(server.make_url("/redirect/5")), Deadline.after(WAIT_S))
    assert page.final_url.endswith("/page/a")
    with pytest.raises(TooManyRedirects, match="more than 5 redirects"):
        await fetcher.fetch(str(server.make_url("/redirect/6")), Deadline.after(WAIT_S))


async def test_redirect_loop(server, fetcher) -> None:
    with pytest.raises(TooManyRedirects, match="redirect loop"):
        await fetcher.fetch(str(server.make_url("/loop")), Deadline.after(WAIT_S))


async def test_huge_body_is_cut_while_streaming(server, fetcher) -> None:
    # cut at the cap (TooLarge), not at the deadline (that would be FetchTimeout)
    with pytest.raises(TooLarge, match="over the 1000000-byte cap"):
        await fetcher.fetch(str(server.make_url("/huge")), Deadline.after(WAIT_S))


async def test_endless_body_times_out(server) -> None:
    fetcher = Fetcher(fetch_settings(timeout_s=0.5, max_bytes=50_000_000))
    # fetch.timeout_s (0.5 s) ended it, not the deadline (an hour)
    with pytest.raises(FetchTimeout, match=r"no complete answer within 0\.5 s"):
        await fetcher.fetch(str(server.make_url("/endless")), Deadline.after(3600))
    await fetcher.aclose()


async def test_slow_first_byte_is_bounded_by_the_deadline(server, fetcher) -> None:
    # the first byte comes after 60 s: the deadline's 0.4 s, not fetch.timeout_s, ended it
    with pytest.raises(FetchTimeout, match=r"no (complete answer within 0\.[0-4] s|time left)"):
        await fetcher.fetch(str(server.make_url("/slow")), Deadline.after(0.4))


async def test_wrong_content_type(server, fetcher) -> None:
    with pytest.raises(UnsupportedContentType, match="application/pdf"):
        await fetcher.fetch(str(server.make_url("/pdf")), Deadline.after(WAIT_S))


async def test_5xx_is_retried_then_given_up(server, fetcher) -> None:
    with pytest.raises(HTTPStatusError) as info:
        await fetcher.fetch(str(server.make_url("/fail")), Deadline.after(WAIT_S))
    assert info.value.status == 500
    assert server.app[HITS]["fail"] == 3  # first try + fetch.retries (2)


async def test_5xx_then_success(server, fetcher) -> None:
    page = await fetcher.fetch(str(server.make_url("/flaky")), Deadline.after(WAIT_S))
    assert b"Recovered" in page.body


async def test_4xx_is_never_retried(server, fetcher) -> None:
    with pytest.raises(HTTPStatusError):
        await fetcher.fetch(str(server.make_url("/missing")), Deadline.after(WAIT_S))
    assert server.app[HITS]["missing"] == 1


async def test_connection_refused_is_retried_then_reported(fetcher, closed_port) -> None:
    with pytest.raises(ConnectionFailed, match="cannot connect"):
        await fetcher.fetch(f"http://127.0.0.1:{closed_port}/", Deadline.after(WAIT_S))


async def test_broken_encodings_are_fetched_as_bytes(server, fetcher) -> None:
    latin = await fetcher.fetch(str(server.make_url("/latin1")), Deadline.after(WAIT_S))
    assert latin.charset == "iso-8859-1"
    bad = await fetcher.fetch(str(server.make_url("/badbytes")), Deadline.after(WAIT_S))
    assert b"\xff\xfe" in bad.body


async def test_user_agent_names_the_tool(aiohttp_server) -> None:
    from aiohttp import web

    seen: dict[str, str] = {}

    async def handler(request: web.Request) -> web.Response:
        seen["ua"] = request.headers["User-Agent"]
        return web.Response(text="ok", content_type="text/plain")

    app = web.Application()
    app.router.add_get("/", handler)
    server = await aiohttp_server(app)
    fetcher = Fetcher(fetch_settings())
    await fetcher.fetch(str(server.make_url("/")), Deadline.after(WAIT_S))
    await fetcher.aclose()
    assert seen["ua"].startswith("verifier/")


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.1",
        "169.254.169.254",
        "::1",
        "fe80::1",
        "224.0.0.1",
        "0.0.0.0",
        "100.100.100.200",
        "fd00:ec2::254",
        "::ffff:127.0.0.1",
        "100.64.0.1",
    ],
)
def test_non_public_addresses_are_refused(address: str) -> None:
    assert address_refusal(ipaddress.ip_address(address)) is not None


@pytest.mark.parametrize("address", ["93.184.216.34", "2606:4700::1111", "8.8.8.8"])
def test_public_addresses_are_allowed(address: str) -> None:
    assert address_refusal(ipaddress.ip_address(address)) is None


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "ftp://example.com/",
        "http://127.0.0.1/",
        "http://[::1]:8080/",
        "http://169.254.169.254/latest/meta-data/",
        "http://localhost:8080/",
        "gopher://x/",
    ],
)
async def test_guard_refuses_before_connecting(url: str) -> None:
    fetcher = Fetcher(FetchSettings())
    with pytest.raises(BlockedURL):
        await fetcher.fetch(url, Deadline.after(WAIT_S))
    await fetcher.aclose()


async def test_guard_rechecks_every_redirect(aiohttp_server) -> None:
    """A first hop that redirects to the metadata address is refused at the second hop.

    The test server itself is on loopback, so the guard is let through for the first hop
    only; the redirect target goes through the real check.
    """
    from aiohttp import web

    async def hop(request: web.Request) -> web.Response:
        raise web.HTTPFound("http://169.254.169.254/latest/meta-data/")

    app = web.Application()
    app.router.add_get("/hop", hop)
    server = await aiohttp_server(app)
    fetcher = Fetcher(FetchSettings())
    original = fetcher._precheck
    calls: list[str] = []

    async def first_hop_allowed(url: str) -> None:
        calls.append(url)
        if len(calls) > 1:
            await original(url)

    fetcher._precheck = first_hop_allowed  # type: ignore[method-assign]
    fetcher.settings = FetchSettings(allow_private_networks=False)
    with pytest.raises(BlockedURL, match=r"169\.254\.169\.254"):
        await fetcher.fetch(str(server.make_url("/hop")), Deadline.after(WAIT_S))
    await fetcher.aclose()
    assert len(calls) == 2


async def test_resolver_refuses_names_that_resolve_to_private_addresses() -> None:
    resolver = GuardedResolver()
    with pytest.raises(OSError, match="this machine"):
        await resolver.resolve("localhost", 80)

    class Rebinding:  # a public-looking name whose DNS answer is a private address
        async def resolve(self, host: str, port: int, family: object) -> list[dict]:
            return [
                {
                    "hostname": host,
                    "host": "10.0.0.5",
                    "port": port,
                    "family": 2,
                    "proto": 6,
                    "flags": 0,
                }
            ]

        async def close(self) -> None:
            pass

    await resolver.close()
    resolver._inner = Rebinding()  # type: ignore[assignment]
    with pytest.raises(OSError, match=r"resolves to 10\.0\.0\.5, a private-network address"):
        await resolver.resolve("rebind.example.com", 80)
