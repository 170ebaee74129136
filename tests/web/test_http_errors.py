from __future__ import annotations

import asyncio
import inspect

import aiohttp
import pytest
from aiohttp.client_exceptions import UnixClientConnectorError
from aiohttp.client_reqrep import ConnectionKey

from verifier.config import FetchSettings, LlmJudgeSettings, SearxngSettings
from verifier.errors import ConnectionFailed, FetchError, SearchUnavailable
from verifier.judges.llm import LlmJudge
from verifier.search.searxng import SearxngBackend
from verifier.system.deadline import Deadline
from verifier.web.fetch import Fetcher
from verifier.web.http_errors import AIOHTTP_ERRORS, Failure, failure_of, map_aiohttp_errors

# Mapped to the fallback ("<ClassName>: <message>") on purpose: the root class says nothing.
DELIBERATE_FALLBACK = {aiohttp.ClientError}

KEY = ConnectionKey("example.org", 443, True, True, None, None, None, None)


def public_client_errors() -> list[type[aiohttp.ClientError]]:
    return sorted(
        {
            obj
            for name, obj in vars(aiohttp).items()
            if not name.startswith("_")
            and inspect.isclass(obj)
            and issubclass(obj, aiohttp.ClientError)
        },
        key=lambda cls: cls.__name__,
    )


def test_every_public_aiohttp_client_error_is_in_the_table() -> None:
    classes = public_client_errors()
    assert len(classes) > 25  # the walk found aiohttp's exceptions
    missing = [cls.__name__ for cls in classes if cls not in AIOHTTP_ERRORS]
    assert not missing, f"add these aiohttp exceptions to AIOHTTP_ERRORS: {missing}"
    for cls in classes:
        kind, reason = AIOHTTP_ERRORS[cls]
        if cls in DELIBERATE_FALLBACK:
            assert (kind, reason) == ("client", None)
        else:
            assert kind != "client", cls
            assert reason, cls


def test_asyncio_timeouts_are_in_the_table() -> None:
    assert asyncio.TimeoutError is TimeoutError  # what asyncio.timeout() raises
    assert failure_of(TimeoutError()).kind == "timeout"
    assert str(failure_of(TimeoutError())) == "no answer in time"


@pytest.mark.parametrize(
    ("exc", "kind"),
    [
        (aiohttp.ClientConnectorDNSError(KEY, OSError(-2, "Name or service not known")), "dns"),
        (aiohttp.ClientConnectorError(KEY, ConnectionRefusedError(111, "refused")), "connect"),
        (aiohttp.ClientConnectorCertificateError(KEY, OSError("bad cert")), "tls"),
        (aiohttp.ConnectionTimeoutError("connect"), "timeout"),  # not "network": MRO order
        (aiohttp.SocketTimeoutError("read"), "timeout"),
        (aiohttp.ServerDisconnectedError(), "disconnected"),
        (aiohttp.ClientPayloadError("truncated"), "disconnected"),
        (aiohttp.ClientOSError(104, "reset"), "network"),
        (aiohttp.InvalidUrlRedirectClientError("x:y"), "redirect"),  # before "url"
        (aiohttp.InvalidURL("x:y"), "url"),
        (UnixClientConnectorError("/sock", KEY, OSError("gone")), "connect"),  # inherited
    ],
)
def test_the_most_specific_class_wins(exc: BaseException, kind: str) -> None:
    assert failure_of(exc).kind == kind


def test_connection_failures_read_their_os_error() -> None:
    exc = aiohttp.ClientConnectorError(KEY, ConnectionRefusedError(111, "Connect call failed"))
    failure = failure_of(exc)
    assert failure.detail == "[Errno 111] Connect call failed"
    assert str(failure) == "cannot connect ([Errno 111] Connect call failed)"
    assert str(failure_of(aiohttp.ServerDisconnectedError())) == (
        "connection broke while reading (Server disconnected)"
    )


def test_unknown_exceptions_fall_back_to_their_class_name() -> None:
    assert str(failure_of(aiohttp.ClientError("odd"))) == "ClientError: odd"
    assert str(failure_of(RuntimeError("boom"))) == "RuntimeError: boom"

    class Future(aiohttp.ClientPayloadError):  # a subclass aiohttp might add one day
        pass

    assert failure_of(Future("cut")).reason == "connection broke while reading"


def test_map_raises_the_sites_own_error_chained() -> None:
    seen: list[Failure] = []

    def raise_as(failure: Failure) -> FetchError:
        seen.append(failure)
        return FetchError(f"x: {failure}")

    original = aiohttp.ClientPayloadError("truncated")
    with (
        pytest.raises(FetchError, match="x: connection broke") as info,
        map_aiohttp_errors(raise_as),
    ):
        raise original
    assert info.value.__cause__ is original
    assert seen[0].exc is original
    with (
        pytest.raises(ValueError, match="no answer in time"),
        map_aiohttp_errors(lambda f: ValueError(str(f))),
    ):
        raise TimeoutError  # a timeout is an aiohttp failure too
    with pytest.raises(KeyError), map_aiohttp_errors(raise_as):  # not aiohttp's: untouched
        raise KeyError("k")
    with pytest.raises(OSError, match="bare"), map_aiohttp_errors(raise_as):
        raise OSError("bare")
    with map_aiohttp_errors(raise_as):
        pass
    assert len(seen) == 1


async def test_a_refused_connection_reads_the_same_everywhere(closed_port: int) -> None:
    url = f"http://127.0.0.1:{closed_port}"
    fetcher = Fetcher(FetchSettings(allow_private_networks=True, retries=0))
    with pytest.raises(ConnectionFailed) as fetched:
        await fetcher.fetch(url + "/", Deadline.after(5))
    await fetcher.aclose()
    searxng = SearxngBackend(SearxngSettings(base_url=url))
    with pytest.raises(SearchUnavailable) as searched:
        await searxng.search("q", deadline=Deadline.after(5))
    await searxng.aclose()
    judge = LlmJudge(LlmJudgeSettings(base_url=url, model="m", retries=0))
    [judged] = await judge.judge("claim", ["evidence"], Deadline.after(5))
    await judge.aclose()

    detail = str(fetched.value).split("cannot connect ", 1)[1]
    assert detail.startswith("(")
    assert str(closed_port) in detail
    assert str(fetched.value) == f"{url}/: cannot connect {detail}"
    assert str(searched.value).endswith(f"cannot connect to SearXNG at {url} {detail}")
    assert judged.reason.endswith(f": cannot connect {detail}")
