"""The SSRF guard: which hosts verifier may connect to. Page fetching and callback delivery
use this one module, so they refuse exactly the same addresses.

Refused: anything but http(s); loopback, private, link-local, multicast, unspecified,
reserved and other non-global addresses, and cloud metadata endpoints, in every spelling
a resolver or HTTP client accepts:

- IPv4 in the legacy ``inet_aton`` forms: decimal (``2130706433``), hex (``0x7f000001``),
  octal (``0177.0.0.1``), shortened (``127.1``), mixed (``0x7f.1``), and ``0``;
- IPv6 with an IPv4 address inside (mapped ``::ffff:127.0.0.1``, translated, NAT64
  ``64:ff9b::/96``, 6to4 ``2002::/16``, Teredo), checked as that IPv4 address;
- host names that only ever mean "this machine" or "this network": ``localhost`` and
  ``*.localhost``, ``*.local``, ``*.internal``, ``*.home.arpa``, and the metadata names
  of the big clouds (``metadata.google.internal``, ``metadata``, ``instance-data``...);
- Unicode look-alikes, which the HTTP client folds to ASCII first (``ⓛⓞⓒⓐⓛⓗⓞⓢⓣ``,
  full-width digits): URLs are parsed with yarl, as aiohttp does.

:func:`check_url` decides what can be decided from the URL alone (at submission, before
each request, after each redirect); :func:`check_resolved` and :class:`GuardedResolver`
check every address a name resolves to, before connecting and again in the connector
(a name that re-resolves to a private address, DNS rebinding, is refused too).
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult
from yarl import URL

from verifier.errors import BlockedURL, FetchError

__all__ = [
    "METADATA_HOSTS",
    "GuardedResolver",
    "address_refusal",
    "check_resolved",
    "check_url",
    "host_refusal",
    "parse_ipv4_literal",
]

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

# Metadata endpoints not already covered by "not global" (the others are link-local).
_METADATA_ADDRESSES = frozenset(
    {ipaddress.ip_address("fd00:ec2::254"), ipaddress.ip_address("100.100.100.200")}
)
METADATA_HOSTS = frozenset(
    {
        "metadata",
        "metadata.google.internal",
        "metadata.goog",
        "instance-data",
        "instance-data.ec2.internal",
        "metadata.azure.internal",
        "metadata.tencentyun.com",
        "metadata.platformequinix.com",
    }
)
_LOCAL_SUFFIXES = (".localhost", ".local", ".internal", ".home.arpa", ".localdomain")
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_HINT = " (set fetch.allow_private_networks to allow)"


def parse_ipv4_literal(host: str) -> ipaddress.IPv4Address | None:
    """The IPv4 address ``host`` spells in the legacy ``inet_aton`` grammar, or None.

    One to four dot-separated parts, each decimal, ``0x`` hex or ``0`` octal; the last part
    fills the remaining bytes (``127.1`` is 127.0.0.1, ``2130706433`` is 127.0.0.1).
    """
    parts = host.split(".")
    if not 1 <= len(parts) <= 4:
        return None
    values = []
    for part in parts:
        try:
            if part.lower().startswith("0x"):
                value = int(part[2:] or "0", 16)
            elif len(part) > 1 and part.startswith("0"):
                value = int(part[1:], 8)
            else:
                if not part.isascii() or not part.isdigit():
                    return None
                value = int(part)
        except ValueError:
            return None
        values.append(value)
    *head, last = values
    if any(v > 255 for v in head) or last >= 256 ** (4 - len(head)):
        return None
    number = 0
    for v in head:
        number = number * 256 + v
    return ipaddress.IPv4Address(number * 256 ** (4 - len(head)) + last)


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip.teredo is not None:
        return ip.teredo[1]
    packed = ip.packed
    if ip in _NAT64 or packed[:12] == b"\0" * 8 + b"\xff\xff\0\0":  # NAT64, translated
        return ipaddress.IPv4Address(packed[12:])
    return None


def address_refusal(ip: IPAddress) -> str | None:
    """Why an address may not be contacted, or None when it is public."""
    inner = _embedded_ipv4(ip) if isinstance(ip, ipaddress.IPv6Address) else None
    if inner is not None and (reason := address_refusal(inner)):
        return f"{reason} inside an IPv6 address"
    if ip in _METADATA_ADDRESSES:
        return "a cloud metadata address"
    for attr, label in (
        ("is_loopback", "a loopback address"),
        ("is_link_local", "a link-local address (cloud metadata lives here)"),
        ("is_multicast", "a multicast address"),
        ("is_private", "a private-network address"),
        ("is_unspecified", "an unspecified address"),
        ("is_reserved", "a reserved address"),
    ):
        if getattr(ip, attr):
            return label
    if not ip.is_global:
        return "a non-public address"
    return None


def _literal(host: str) -> IPAddress | None:
    try:
        return ipaddress.ip_address(host.strip("[]").split("%", 1)[0])
    except ValueError:
        return parse_ipv4_literal(host)


def host_refusal(host: str) -> str | None:
    """Why a host (a name or an address literal, as yarl gives it) may not be contacted
    whatever it resolves to, or None when only DNS can tell."""
    name = host.lower().rstrip(".")
    if not name:
        return "an empty host"
    ip = _literal(name)
    if ip is not None:
        return address_refusal(ip)
    if name == "localhost" or name.endswith(_LOCAL_SUFFIXES):
        return "a name for this machine or its local network"
    if name in METADATA_HOSTS:
        return "a cloud metadata host name"
    return None


def check_url(url: str, *, allow_private: bool = False) -> tuple[str, int]:
    """Host and port of an http(s) URL, parsed as aiohttp will parse it; BlockedURL for
    another scheme, a malformed URL, or (unless ``allow_private``) a host refused by
    :func:`host_refusal`."""
    try:
        parsed = URL(url)
        host, port, scheme = parsed.host, parsed.port, parsed.scheme
    except (ValueError, TypeError) as exc:
        msg = f"refused {url!r}: not a valid URL ({exc})"
        raise BlockedURL(msg) from exc
    if scheme not in ("http", "https"):
        msg = f"refused {url!r}: only http and https URLs are allowed"
        raise BlockedURL(msg)
    if not host:
        msg = f"refused {url!r}: no host"
        raise BlockedURL(msg)
    if not allow_private and (reason := host_refusal(host)):
        msg = f"refused {url!r}: {host} is {reason}{_HINT}"
        raise BlockedURL(msg)
    return host, port or (443 if scheme == "https" else 80)


async def check_resolved(url: str, host: str, port: int) -> None:
    """Resolve ``host`` and refuse the URL if any of its addresses is not public."""
    try:
        infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        msg = f"cannot resolve {host}: {exc}"
        raise FetchError(msg) from exc
    for info in infos:
        address = str(info[4][0])
        if reason := address_refusal(ipaddress.ip_address(address.split("%", 1)[0])):
            msg = f"refused {url!r}: {host} resolves to {address}, {reason}{_HINT}"
            raise BlockedURL(msg)


class GuardedResolver(AbstractResolver):
    """Resolves with the system resolver and refuses names with non-public addresses."""

    def __init__(self) -> None:
        self._inner = aiohttp.ThreadedResolver()

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        if reason := host_refusal(host):
            msg = f"{host} is {reason}"
            raise OSError(msg)
        results = await self._inner.resolve(host, port, family)
        for result in results:
            reason = address_refusal(ipaddress.ip_address(result["host"]))
            if reason:
                msg = f"{host} resolves to {result['host']}, {reason}"
                raise OSError(msg)
        return results

    async def close(self) -> None:
        await self._inner.close()
