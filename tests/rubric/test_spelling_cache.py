"""The spelling dictionary's cache: built once, reused, rebuilt when damaged, skipped when
it cannot be written, and the same answers as the dictionary built in memory."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from symspellpy import SymSpell, Verbosity

from verifier.rubric import spelling
from verifier.rubric.spelling import _cache_key, check_spelling, load_speller
from verifier.text.words import frequency_list, read_cache, write_cache

WORDS = [
    "teh",
    "recieve",
    "wrold",
    "speling",
    "acommodation",
    "internationl",
    "definately",
    "jumpd",
    "lazzy",
    "the",
    "xyzzyq",
    "a",
    "naïve",
    "hte",
    "untill",
]


def suggestions(speller: Any, word: str) -> list[tuple[str, int, int]]:
    return [(s.term, s.distance, s.count) for s in speller.lookup(word, Verbosity.CLOSEST, 1)]


@pytest.fixture(scope="module")
def real_cache(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, Any]:
    """The shipped list's cache, built once for this module, and the SymSpell built with it."""
    path = tmp_path_factory.mktemp("cache") / "spelling.bin"
    key = _cache_key(frequency_list())
    _words, built = load_speller(frequency_list(), path, key)
    assert path.is_file()
    return path, key, built


@pytest.fixture
def small_list(tmp_path: Path) -> Path:
    """A short frequency list: building it takes milliseconds."""
    path = tmp_path / "words.txt"
    path.write_text("the 1000\ncat 500\nsat 400\nmat 300\non 250\nreceive 200\nworld 100\n")
    return path


@pytest.fixture
def no_build(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> bool:
        raise AssertionError("built again instead of read from the cache")

    monkeypatch.setattr(SymSpell, "load_dictionary", refuse)


def test_the_cache_is_built_once_then_reused(
    real_cache: tuple[Path, str, Any], no_build: None
) -> None:
    path, key, built = real_cache
    before = path.stat().st_mtime_ns
    words, cached = load_speller(frequency_list(), path, key)
    assert path.stat().st_mtime_ns == before  # read, not written again
    assert type(cached._deletes).__name__ == "_PackedDeletes"
    assert words == dict(built.words)


def test_cached_answers_equal_the_dictionary_built_in_memory(
    real_cache: tuple[Path, str, Any], no_build: None
) -> None:
    path, key, built = real_cache
    words, cached = load_speller(frequency_list(), path, key)
    for word in WORDS:
        assert suggestions(cached, word) == suggestions(built, word), word
    # the ranking the common-word sets are cut from is the one the old code sorted out
    ranked = [w for w, _ in sorted(built.words.items(), key=lambda kv: -kv[1])]
    assert list(words)[:30000] == ranked[:30000]


def test_check_spelling_reads_the_same_with_the_cache(
    real_cache: tuple[Path, str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = "Teh cat sat on teh the the mat. I recieve acommodation in the wrold."
    expected = check_spelling(text)
    path, key, _built = real_cache
    cached = load_speller(frequency_list(), path, key)
    spelling.dictionary.cache_clear()
    monkeypatch.setattr(spelling, "_speller", lambda: cached)
    try:
        assert check_spelling(text) == expected
        assert [m.suggestion for m in expected if m.kind == "spelling"] == [
            "the",
            "the",
            "receive",
            "accommodation",
            "world",
        ]
    finally:
        spelling.dictionary.cache_clear()


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],  # truncated
        lambda data: data[:-10] + bytes(10),  # a changed tail: the checksum catches it
        lambda data: b"not a cache at all",
        lambda data: b"",
    ],
)
def test_a_damaged_cache_is_rebuilt(
    small_list: Path, tmp_path: Path, damage: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "cache" / "spelling.bin"
    key = _cache_key(small_list)
    _words, built = load_speller(small_list, path, key)
    path.write_bytes(damage(path.read_bytes()))
    builds = []
    real = SymSpell.load_dictionary
    monkeypatch.setattr(
        SymSpell, "load_dictionary", lambda self, *a, **k: builds.append(1) or real(self, *a, **k)
    )
    words, speller = load_speller(small_list, path, key)
    assert builds == [1]
    assert suggestions(speller, "teh") == suggestions(built, "teh") == [("the", 1, 1000)]
    assert read_cache(path, key) is not None  # written anew
    assert list(words) == ["the", "cat", "sat", "mat", "on", "receive", "world"]


def test_a_cache_written_under_another_key_is_rebuilt(small_list: Path, tmp_path: Path) -> None:
    path = tmp_path / "spelling.bin"
    load_speller(small_list, path, "another symspellpy")
    key = _cache_key(small_list)
    assert read_cache(path, key) is None
    _words, speller = load_speller(small_list, path, key)
    assert suggestions(speller, "wrold") == [("world", 1, 100)]
    assert read_cache(path, key) is not None


def test_a_cache_that_cannot_be_written_is_skipped(small_list: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    path = blocker / "verifier" / "spelling.bin"  # its parent cannot be made, even by root
    _words, speller = load_speller(small_list, path, _cache_key(small_list))
    assert suggestions(speller, "mta") == [("mat", 1, 300)]
    assert not path.exists()


@pytest.fixture
def fresh_dictionary() -> Iterator[None]:
    spelling._speller.cache_clear()
    spelling.dictionary.cache_clear()
    yield
    spelling._speller.cache_clear()
    spelling.dictionary.cache_clear()


def test_the_check_works_when_the_user_cache_is_unwritable(
    small_list: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_dictionary: None
) -> None:
    blocker = tmp_path / "cache-home"
    blocker.write_text("a file where the cache directory should be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    monkeypatch.setattr(spelling, "frequency_list", lambda: small_list)
    [typo] = check_spelling("The cat sat on the wrold.")
    assert (typo.word, typo.suggestion, typo.confidence) == ("wrold", "world", "high")
    assert blocker.read_text().startswith("a file")


def test_the_user_cache_lives_under_xdg_cache_home(
    small_list: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_dictionary: None
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(spelling, "frequency_list", lambda: small_list)
    spelling.dictionary()
    [cached] = (tmp_path / "xdg" / "verifier").glob("spelling-*.bin")
    assert read_cache(cached, _cache_key(small_list)) is not None


def test_read_and_write_cache(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "x.bin"
    value = ({"a": 1}, 7, b"\x00\x01", [1, 2])
    assert write_cache(path, "k1", value)
    assert read_cache(path, "k1") == value
    assert read_cache(path, "k2") is None
    assert read_cache(tmp_path / "missing.bin", "k1") is None
    assert not write_cache(path, "k1", object())  # not plain data: nothing written
    assert read_cache(path, "k1") == value  # the old file is whole
    assert list(path.parent.iterdir()) == [path]  # no temporary file left behind


def test_an_index_that_cannot_be_packed_is_used_uncached(
    small_list: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(_deletes: object) -> None:
        raise TypeError("another symspellpy keeps its index otherwise")

    monkeypatch.setattr(spelling._PackedDeletes, "pack", staticmethod(fail))
    path = tmp_path / "spelling.bin"
    _words, speller = load_speller(small_list, path, _cache_key(small_list))
    assert suggestions(speller, "teh") == [("the", 1, 1000)]
    assert not path.exists()
