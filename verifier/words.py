"""English word statistics: symspellpy's frequency list (82,765 words with their counts in
a large English corpus, shipped inside the package) and how telling a word is."""

from __future__ import annotations

import math
from functools import cache, lru_cache
from importlib.resources import files
from pathlib import Path

__all__ = ["frequencies", "frequency_list", "rarity"]


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
