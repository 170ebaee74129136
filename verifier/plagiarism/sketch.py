"""MinHash sketches of passages, and containment lookups that find copy candidates in a
large corpus without scanning it.

Each passage is sketched (datasketch ``MinHash``, scheme ``affine32``, 64 permutations)
over its word 5-shingles, leaving out shingles made only of stopwords. The index keeps, for
every permutation, the passages' minimum hash values in sorted order: LSH with bands of
one row. A response is looked up by hashing each of its shingles under every permutation:
passage P is a candidate once one of its minima is among them, and the share of its minima
found estimates the containment of P in the response, |P ∩ R| / |P|. Containment, not
Jaccard: a response is usually far longer than one passage, and Jaccard would fall as the
response grows, while the containment of a copied passage stays near 1 (and a copied
sentence of a passage still scores its share of it). Each candidate is then confirmed by
the aligner.

The sketch parameters are stored with the index (datasketch 2.0 changed the default hash
scheme, so sketches made under another scheme are never mixed with these).

The hashing is datasketch's, bit for bit (SHA-1's first 32 bits, the MurmurHash3 pre-mix,
``a * h + b mod 2**32`` with ``a`` and ``b`` drawn from ``numpy.random.RandomState(seed)``),
written out here with numpy because importing any part of datasketch imports its whole
package, and with it scipy: half a second of every check's start-up. A test holds these
values equal to ``datasketch.MinHash.bulk``'s.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib.metadata import version
from typing import TypedDict

import numpy as np

from verifier.plagiarism.align import normalized_words
from verifier.text.spans import STOPWORDS

__all__ = ["SKETCH_PARAMS", "SketchIndex", "shingles", "sketch_many"]


class SketchParams(TypedDict):
    """How a sketch is made (stored beside the sketches; a change means rebuilding them)."""

    scheme: str
    num_perm: int
    seed: int
    shingle_words: int


SKETCH_PARAMS: SketchParams = {"scheme": "affine32", "num_perm": 64, "seed": 1, "shingle_words": 5}
_EMPTY = np.iinfo(np.uint32).max  # the sketch of an empty shingle set: matches nothing


def params_json() -> str:
    return json.dumps({**SKETCH_PARAMS, "datasketch": version("datasketch")}, sort_keys=True)


def shingles(text: str, k: int = SKETCH_PARAMS["shingle_words"]) -> list[bytes]:
    """Distinct word k-shingles of the normalised text, without all-stopword ones."""
    words = normalized_words(text)
    # next_content[i]: the first index >= i of a word that is not a stopword
    next_content = [len(words)] * (len(words) + 1)
    for i in range(len(words) - 1, -1, -1):
        next_content[i] = i if words[i] not in STOPWORDS else next_content[i + 1]
    seen: dict[bytes, None] = {}
    for i in range(len(words) - k + 1):
        if next_content[i] < i + k:
            seen.setdefault(" ".join(words[i : i + k]).encode(), None)
    return list(seen)


def _minhash_kwargs() -> dict[str, object]:
    """The arguments of the equivalent ``datasketch.MinHash`` (for tests and tools)."""
    return {
        "num_perm": SKETCH_PARAMS["num_perm"],
        "seed": SKETCH_PARAMS["seed"],
        "scheme": SKETCH_PARAMS["scheme"],
    }


@cache
def _permutations() -> tuple[np.ndarray, np.ndarray]:
    """The affine32 permutations ``h -> a * h + b mod 2**32`` (``a`` odd), drawn as
    ``datasketch.MinHash(num_perm, seed, scheme="affine32").permutations`` draws them."""
    gen = np.random.RandomState(SKETCH_PARAMS["seed"])
    num_perm = SKETCH_PARAMS["num_perm"]
    a = gen.randint(0, 1 << 31, num_perm, dtype=np.uint32) * np.uint32(2) + np.uint32(1)
    b = gen.randint(0, 1 << 32, num_perm, dtype=np.uint32)
    return a, b


def _fmix32(hv: np.ndarray) -> np.ndarray:
    """The MurmurHash3 32-bit finalizer (datasketch's pre-mix of each input hash)."""
    hv = hv ^ (hv >> np.uint32(16))
    hv = hv * np.uint32(0x85EBCA6B)
    hv = hv ^ (hv >> np.uint32(13))
    hv = hv * np.uint32(0xC2B2AE35)
    return hv ^ (hv >> np.uint32(16))


def _hashes(grams: Sequence[bytes]) -> np.ndarray:
    """Each shingle hashed under every permutation: shape (shingles, num_perm)."""
    # datasketch.hashfunc.sha1_hash32: the first four bytes of SHA-1, little-endian
    hv = np.array(
        [int.from_bytes(hashlib.sha1(g).digest()[:4], "little") for g in grams],
        dtype=np.uint32,
    ).reshape(-1, 1)
    a, b = _permutations()
    return (_fmix32(hv) * a + b).astype(np.uint32)


def sketch_many(texts: Sequence[str]) -> np.ndarray:
    """One row of ``num_perm`` uint32 minima per text (all ``_EMPTY`` for no shingles)."""
    out = np.full((len(texts), SKETCH_PARAMS["num_perm"]), _EMPTY, dtype=np.uint32)
    for i, text in enumerate(texts):
        grams = shingles(text)
        if grams:
            out[i] = _hashes(grams).min(axis=0)
    return out


def shingle_hashes(text: str) -> np.ndarray:
    """Every shingle of ``text`` hashed under every permutation: shape (shingles, num_perm).

    The same values ``MinHash.bulk([[shingle] for shingle in ...])`` gives (a test holds
    them equal), computed in one vectorised step: datasketch's hash of each shingle, its
    avalanche pre-mix, then the scheme's affine permutations.
    """
    grams = shingles(text)
    if not grams:
        return np.empty((0, SKETCH_PARAMS["num_perm"]), dtype=np.uint32)
    return _hashes(grams)


@dataclass(frozen=True, slots=True)
class Candidate:
    passage_id: int
    hits: int  # of num_perm minima found in the response
    containment: float  # hits / num_perm: the estimated share of the passage in the response


class SketchIndex:
    """Sorted per-permutation minima of many passages, for containment lookups."""

    def __init__(self, passage_ids: np.ndarray, sketches: np.ndarray) -> None:
        # rows: permutations; columns: passages sorted by that permutation's minimum (the
        # order among equal minima is free: a lookup takes every passage of a run of them)
        by_perm = np.ascontiguousarray(sketches.T)
        order = np.argsort(by_perm, axis=1)
        self.values = np.ascontiguousarray(np.take_along_axis(by_perm, order, axis=1))
        self.ids = np.ascontiguousarray(passage_ids[order])

    def __len__(self) -> int:
        return int(self.values.shape[1])

    def query(self, text: str, *, min_hits: int = 1, limit: int = 50) -> list[Candidate]:
        """Passages with at least ``min_hits`` minima among the shingles of ``text``."""
        hashes = shingle_hashes(text)
        if not len(self) or not len(hashes):
            return []
        found: list[np.ndarray] = []
        for perm in range(self.values.shape[0]):
            column = self.values[perm]
            wanted = np.unique(hashes[:, perm])
            lo = np.searchsorted(column, wanted, side="left")
            hi = np.searchsorted(column, wanted, side="right")
            hit = hi > lo
            lo, sizes = lo[hit], (hi - lo)[hit]
            if not len(lo):
                continue
            # every position of every run of equal minima, in one step: a long response
            # hits thousands of runs
            offsets = np.repeat(lo - np.cumsum(sizes) + sizes, sizes)
            positions = np.arange(int(sizes.sum())) + offsets
            # each passage counts once per permutation, however many shingles hit it
            found.append(np.unique(self.ids[perm, positions]))
        if not found:
            return []
        ids, hits = np.unique(np.concatenate(found), return_counts=True)
        keep = hits >= min_hits
        ranked = sorted(
            zip(ids[keep].tolist(), hits[keep].tolist(), strict=True), key=lambda p: (-p[1], p[0])
        )
        num_perm = self.values.shape[0]
        return [Candidate(pid, h, round(h / num_perm, 4)) for pid, h in ranked[:limit]]
