"""The versions of verifier's own dependencies, as a report's provenance records them and
`verifier version` prints them (package metadata only: importing this is cheap)."""

from __future__ import annotations

import platform
from functools import cache
from importlib.metadata import PackageNotFoundError, version

__all__ = ["DISTRIBUTION", "extra_versions", "library_versions"]

# The distribution's name on package indexes (the import packages are verifier and workers).
DISTRIBUTION = "verifier-evidence"

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

# The libraries of each optional extra, printed by `verifier version` (a report records
# only what its checks ran with: the judges' models are named in provenance.judges).
EXTRAS = {
    "postgres": ("psycopg", "psycopg-pool", "procrastinate"),
    "nli": ("onnxruntime", "tokenizers", "huggingface_hub"),
}

NOT_INSTALLED = "not installed"


def _version(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return NOT_INSTALLED


@cache
def _versions() -> tuple[tuple[str, str], ...]:
    return (("python", platform.python_version()), *((n, _version(n)) for n in _LIBRARIES))


def library_versions() -> dict[str, str]:
    """Python's and each dependency's version ("not installed" when it is missing); read
    once per process."""
    return dict(_versions())


def extra_versions() -> dict[str, dict[str, str]]:
    """Each optional extra's libraries with their versions ("not installed" when missing)."""
    return {extra: {n: _version(n) for n in names} for extra, names in EXTRAS.items()}
