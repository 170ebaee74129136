"""The versions of verifier's own dependencies, as a report's provenance records them and
`verifier version` prints them (package metadata only: importing this is cheap)."""

from __future__ import annotations

import platform
from functools import cache
from importlib.metadata import PackageNotFoundError, version

__all__ = ["library_versions"]

_LIBRARIES = (
    "ddgs",
    "trafilatura",
    "aiohttp",
    "rapidfuzz",
    "datasketch",
    "pebble",
    "pydantic",
    "symspellpy",
    "wordfreq",
)


@cache
def _versions() -> tuple[tuple[str, str], ...]:
    out = [("python", platform.python_version())]
    for name in _LIBRARIES:
        try:
            out.append((name, version(name)))
        except PackageNotFoundError:
            out.append((name, "not installed"))
    return tuple(out)


def library_versions() -> dict[str, str]:
    """Python's and each dependency's version ("not installed" when it is missing); read
    once per process."""
    return dict(_versions())
