"""Reasons as people read them: short and plain, with the full text left to the log.

A library's error can be a page of debug output (ddgs passes on its HTTP client's Rust
``Debug`` dump: ``DNSError: DNSError('error sending request for url (...) > error
resolving DNS > ... Query { name: Name(...``). What reaches a report, a terminal, the
rater's page or the web app is :func:`network_reason`'s plain words for a network failure
("DNS lookup failed"), else :func:`plain`'s first line of the message with URLs cut to
their host and Python's and Rust's object dumps dropped, at most ``limit`` characters.
The caller logs the full text (logger ``verifier.*`` at DEBUG: ``--debug`` shows it).
"""

from __future__ import annotations

import re

__all__ = ["network_reason", "plain"]

# (markers in the lowercased text, what they mean), most specific first
_NETWORK = (
    (
        (
            "dns",
            "name or service not known",
            "temporary failure in name resolution",
            "nodename nor servname",
            "no address associated",
            "getaddrinfo",
            "cannot resolve",
        ),
        "DNS lookup failed",
    ),
    (("certificate", "ssl", "tls"), "TLS handshake failed"),
    (
        ("connection refused", "errno 111", "os error 111", "connectionrefused"),
        "connection refused",
    ),
    (
        ("network is unreachable", "no route to host", "errno 101", "os error 101"),
        "network unreachable",
    ),
    (("connection reset", "broken pipe", "connection aborted"), "connection broken"),
    (("timed out", "timeout"), "timed out"),
    (("connecterror", "error sending request", "connect call failed"), "cannot connect"),
)

_URL = re.compile(r"https?://([^/\s)>'\"]+)[^\s)>'\"]*")
# a Rust or Python object dump: Name { ... }, Name(...) with nested text, <object at 0x..>
_DUMP = re.compile(r"\s*(?:\{.*|<[^>]*\bat 0x[0-9a-f]+>)")
_REPEATED_CLASS = re.compile(r"^(\w+(?:Error|Exception)): \1\((['\"])(.*?)\2?\)?$")


def network_reason(text: str) -> str | None:
    """What a network failure's text means, in a few plain words; None when the text is
    not a network failure's."""
    low = text.lower()
    for markers, meaning in _NETWORK:
        if any(marker in low for marker in markers):
            return meaning
    return None


def plain(text: str, limit: int = 120) -> str:
    """One short line of an error's text: its first line, a doubled ``XError:
    XError('...')`` read once, URLs cut to their host, object dumps dropped, and cut to
    ``limit`` characters."""
    line = next((x.strip() for x in str(text).splitlines() if x.strip()), "")
    if m := _REPEATED_CLASS.match(line):
        line = f"{m.group(1)}: {m.group(3)}"
    line = _URL.sub(r"\1", line)
    line = _DUMP.sub("", line)
    line = " ".join(line.split()) or "unknown error"
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"
