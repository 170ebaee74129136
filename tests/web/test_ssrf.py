"""The SSRF guard shared by page fetching and callbacks (verifier/web/ssrf.py)."""

from __future__ import annotations

import ipaddress

import pytest

from verifier.config import FetchSettings
from verifier.errors import BlockedURL, InputError
from verifier.system.deadline import Deadline
from verifier.web.fetch import Fetcher
from verifier.web.ssrf import check_url, host_refusal, parse_ipv4_literal
from workers.callbacks import check_callback_url

# every spelling of a loopback, private, link-local or metadata host
REFUSED = [
    "http://127.0.0.1/",
    "http://2130706433/",  # decimal
    "http://0x7f000001:9999/",  # hex
    "http://0x7F.0.0.1/",  # hex part
    "http://0177.0.0.1/",  # octal
    "http://0177.1/",  # octal, shortened
    "http://127.1/",  # shortened
    "http://127.0.1/",
    "http://0/",
    "http://0.0.0.0:8080/",
    "http://[::]/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",  # IPv4-mapped IPv6
    "http://[::ffff:7f00:1]/",
    "http://[::ffff:a9fe:a9fe]/",  # mapped 169.254.169.254
    "http://[64:ff9b::a9fe:a9fe]/",  # NAT64 of the metadata address
    "http://[2002:7f00:1::]/",  # 6to4 of loopback
    "http://169.254.169.254/latest/meta-data/",
    "http://2852039166/",  # 169.254.169.254 in decimal
    "http://0xa9fea9fe/",
    "http://10.1.2.3/",
    "http://012.1.2.3/",  # 10.1.2.3 in octal
    "http://172.16.0.1/",
    "http://192.168.1.1/",
    "http://100.100.100.200/",  # Alibaba metadata
    "http://[fd00:ec2::254]/",  # AWS IPv6 metadata
    "http://[fe80::1%25eth0]/",
    "http://localhost/",
    "http://LOCALHOST./",
    "http://api.localhost/",
    "http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/",  # folds to localhost
    "http://１２７.０.０.１/",  # full-width digits fold to 127.0.0.1
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://metadata.google.internal./",
    "http://metadata/",
    "http://instance-data/latest/",
    "http://printer.local/",
    "http://user:pw@127.0.0.1/",
    "file:///etc/passwd",
    "gopher://example.com/",
    "http://evil.example\\@127.0.0.1/",  # a parser confusion: refused as malformed
]


@pytest.mark.parametrize("url", REFUSED)
def test_every_spelling_is_refused(url: str) -> None:
    with pytest.raises(BlockedURL):
        check_url(url)


@pytest.mark.parametrize("url", REFUSED)
def test_callbacks_refuse_them_at_submission(url: str) -> None:
    with pytest.raises(InputError, match="callback_url"):
        check_callback_url(url, [])


@pytest.mark.parametrize("url", REFUSED[:20])
async def test_the_fetcher_refuses_them_through_the_same_code(url: str) -> None:
    fetcher = Fetcher(FetchSettings())
    with pytest.raises(BlockedURL):
        await fetcher.fetch(url, Deadline.after(5))
    await fetcher.aclose()


@pytest.mark.parametrize(
    "url",
    [
        "http://example.com/",
        "https://93.184.216.34/",
        "http://1.1.1.1/",
        "http://16843009/",  # 1.1.1.1 in decimal is public
        "https://[2606:4700::1111]/",
        "http://0x.example.com/",  # a name that merely looks numeric
        "http://127.0.0.1.example.com/",
    ],
)
def test_public_hosts_pass(url: str) -> None:
    check_url(url)


def test_allowed_hosts_skip_the_literal_check() -> None:
    check_callback_url("http://127.0.0.1:9000/hook", ["127.0.0.1"])
    with pytest.raises(InputError):
        check_callback_url("http://127.0.0.1:9000/hook", ["127.0.0.2"])


@pytest.mark.parametrize(
    ("host", "address"),
    [
        ("2130706433", "127.0.0.1"),
        ("0x7f000001", "127.0.0.1"),
        ("0177.0.0.1", "127.0.0.1"),
        ("127.1", "127.0.0.1"),
        ("10.1", "10.0.0.1"),
        ("192.168.257", "192.168.1.1"),
        ("0", "0.0.0.0"),
        ("1.2.3.4", "1.2.3.4"),
    ],
)
def test_inet_aton_forms(host: str, address: str) -> None:
    assert parse_ipv4_literal(host) == ipaddress.IPv4Address(address)


@pytest.mark.parametrize("host", ["example.com", "1.2.3.4.5", "256.1.1.1", "08.1.1.1", ""])
def test_not_ipv4_literals(host: str) -> None:
    assert parse_ipv4_literal(host) is None


def test_host_refusal_reasons() -> None:
    assert (
        host_refusal("metadata.google.internal") == "a name for this machine or its local network"
    )
    assert host_refusal("metadata") == "a cloud metadata host name"
    assert "inside an IPv6 address" in (host_refusal("::ffff:7f00:1") or "")
    assert host_refusal("example.org") is None


async def test_callback_delivery_checks_dns_answers(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """A name that passes at submission but resolves to a private address is refused at
    delivery, once, with the reason logged."""
    import asyncio
    import socket

    from verifier.config import ServiceSettings
    from workers.callbacks import CallbackSender
    from workers.store.jobstore import SqliteJobStore

    loop = asyncio.get_running_loop()

    async def getaddrinfo(host: str, port: int, **kw: object) -> list:
        assert host == "scorer.example.com"
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.0.0.5", port))]

    monkeypatch.setattr(loop, "getaddrinfo", getaddrinfo)
    store = SqliteJobStore(tmp_path / "jobs.db")
    url = "http://scorer.example.com/hook"
    check_callback_url(url, [])  # nothing to refuse from the URL alone
    job, _ = store.submit({"response": "x"}, owner=None, options={"callback_url": url})
    sender = CallbackSender(store, ServiceSettings(callback_retries=2), "http://v.test")

    monkeypatch.setattr(sender, "payload", lambda job, report: {"job_id": job.id})
    assert not await sender.deliver(job, None)  # type: ignore[arg-type]
    log = store.callback_log(job.id)
    assert len(log) == 1  # refused for good, not retried
    assert "resolves to 10.0.0.5, a private-network address" in log[0]["error"]
    await sender.aclose()
    store.close()


async def test_callback_to_a_name_that_does_not_resolve_is_logged_and_retried(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    import asyncio

    from verifier.config import ServiceSettings
    from workers.callbacks import CallbackSender
    from workers.store.jobstore import SqliteJobStore

    async def getaddrinfo(host: str, port: int, **kw: object) -> list:
        raise OSError(-2, "Name or service not known")

    monkeypatch.setattr(asyncio.get_running_loop(), "getaddrinfo", getaddrinfo)
    store = SqliteJobStore(tmp_path / "jobs.db")
    url = "http://scorer.example.com/hook"
    job, _ = store.submit({"response": "x"}, owner=None, options={"callback_url": url})
    settings = ServiceSettings(callback_retries=1, callback_backoff_s=0)
    sender = CallbackSender(store, settings, "http://v.test")
    monkeypatch.setattr(sender, "payload", lambda job, report: {"job_id": job.id})
    assert not await sender.deliver(job, None)  # type: ignore[arg-type]
    log = store.callback_log(job.id)
    assert len(log) == 2  # logged, and tried again
    assert "cannot resolve scorer.example.com" in log[0]["error"]
    await sender.aclose()
    store.close()
