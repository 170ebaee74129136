"""English word statistics: symspellpy's frequency list (82,765 words with their counts in
a large English corpus, shipped inside the package) and how telling a word is; the user
cache where what is derived from shipped data is kept between processes; and sorted
strings packed into bytes, which load from that cache in milliseconds."""

from __future__ import annotations

import marshal
import math
import os
import tempfile
import unicodedata
import zlib
from array import array
from collections.abc import Iterable, Iterator, Sequence
from functools import cache, lru_cache
from importlib.resources import files
from itertools import accumulate
from pathlib import Path
from typing import Any, overload

from verifier.system.notice import notice

__all__ = [
    "SortedKeys",
    "cache_dir",
    "frequencies",
    "frequency_list",
    "rarity",
    "read_cache",
    "without_accents",
    "write_cache",
]

_MAGIC = b"verifier-cache/1\n"


@cache
def frequency_list() -> Path:
    """The list's file (finding it imports symspellpy, so only on first use)."""
    return Path(str(files("symspellpy") / "frequency_dictionary_en_82_765.txt"))


@cache
def frequencies() -> tuple[dict[str, int], float]:
    """Each listed word's count, and the sum of all counts (loaded once, about 50 ms)."""
    counts: dict[str, int] = {}
    for line in frequency_list().read_text(encoding="utf-8").splitlines():
        word, _, count = line.partition(" ")
        counts[word] = int(count)
    return counts, float(sum(counts.values()))


@lru_cache(maxsize=1 << 16)
def rarity(word: str) -> float:
    """How telling a word is: -log of its smoothed English frequency, capped at 12 (rare
    and unlisted words score high: "tectonic" says more than "large")."""
    counts, total = frequencies()
    return min(12.0, -math.log((counts.get(word, 0) + 1000) / total))


@lru_cache(maxsize=8192)
def without_accents(text: str) -> str:
    """The text with its accents taken off, letters otherwise kept ("Noël" -> "Noel",
    whether the "ë" is one character or "e" and a combining mark; "Øresund" stays)."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def cache_dir() -> Path | None:
    """``$XDG_CACHE_HOME/verifier`` (default ``~/.cache/verifier``; None without a home):
    files derived from shipped data, safe to delete (rebuilt when missing or unreadable)."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(base):
        return Path(base) / "verifier"
    try:
        return Path.home() / ".cache" / "verifier"
    except RuntimeError:  # no $HOME and no password entry
        return None


_building: list[Path] = []  # the caches this process found missing (said once)


def _missing(path: Path) -> None:
    """The caller builds the cache at ``path`` now (a few seconds; the first run on a
    machine builds each of them): said once a process, so that the wait is explained."""
    if not _building:
        notice(
            f"building verifier's word and place caches in {path.parent} (once on this "
            "machine, a few seconds; later runs read them) ..."
        )
    _building.append(path)


def read_cache(path: Path, key: str) -> object | None:
    """What :func:`write_cache` stored at ``path`` under ``key``; None when the file is
    missing, unreadable, damaged (a checksum guards it) or written under another key
    (then the caller builds it: said once, :mod:`verifier.system.notice`)."""
    value = _read_cache(path, key)
    if value is None:
        _missing(path)
    return value


def _read_cache(path: Path, key: str) -> object | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    head = len(_MAGIC)
    if len(data) < head + 4 or not data.startswith(_MAGIC):
        return None
    body = memoryview(data)[head + 4 :]
    if zlib.crc32(body) != int.from_bytes(data[head : head + 4], "little"):
        return None
    try:
        stored_key, value = marshal.loads(body)
    except (EOFError, ValueError, TypeError):
        return None
    return value if stored_key == key else None


def write_cache(path: Path, key: str, value: Any) -> bool:
    """Store ``value`` (plain data: what :mod:`marshal` takes) at ``path`` under ``key``,
    atomically (readers see the old file or the whole new one). False, and nothing
    raised, when it cannot be written: a cache is never worth failing for."""
    try:
        body = marshal.dumps((key, value))
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(_MAGIC + zlib.crc32(body).to_bytes(4, "little") + body)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except (OSError, ValueError):
        return False
    return True


class SortedKeys(Sequence[str]):
    """Strings sorted by their UTF-8 bytes, packed into one byte string and its offsets and
    found by binary search: a cached word list loads as two byte strings (milliseconds),
    where a set of 300,000 strings takes a tenth of a second to unmarshal."""

    __slots__ = ("_at", "_keys")

    def __init__(self, keys: bytes, key_at: bytes) -> None:
        self._keys = keys
        self._at = memoryview(key_at).cast("I")
        if (self._at[-1] if len(self._at) else -1) != len(keys):
            msg = "the offsets do not match the data"
            raise ValueError(msg)

    @staticmethod
    def pack(keys: Iterable[bytes]) -> tuple[bytes, bytes]:
        """The data and offsets of ``keys`` (UTF-8, already sorted and distinct)."""
        keys = list(keys)
        return b"".join(keys), array("I", accumulate(map(len, keys), initial=0)).tobytes()

    def find(self, key: object) -> int:
        """Where ``key`` is (its rank), or -1 when it is not one of the keys."""
        if not isinstance(key, str):
            return -1
        wanted = key.encode()
        keys, at = self._keys, self._at
        lo, hi = 0, len(at) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if keys[at[mid] : at[mid + 1]] < wanted:
                lo = mid + 1
            else:
                hi = mid
        if lo < len(at) - 1 and keys[at[lo] : at[lo + 1]] == wanted:
            return lo
        return -1

    def __contains__(self, key: object) -> bool:
        return self.find(key) >= 0

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...
    def __getitem__(self, i: int | slice) -> str | list[str]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        i %= len(self)
        return self._keys[self._at[i] : self._at[i + 1]].decode()

    def __iter__(self) -> Iterator[str]:
        return (self[i] for i in range(len(self)))

    def __len__(self) -> int:
        return max(0, len(self._at) - 1)
