"""Build ``verifier/rubric/misspellings.txt``: misspellings people make and the words they
meant, from codespell's dictionaries (codespell 2.x, ``codespell_lib/data``).

codespell's code is GPL-2.0; its ``dictionary*.txt`` files are derivative works of English
Wikipedia ("Lists of common misspellings") released under CC BY-SA 3.0, and so is the
file made here (its header says so, with the source's version and digest). Only the data
ships, never codespell's code; codespell is a test dependency, needed only to run this.

Kept, from ``dictionary.txt`` (misspellings) and ``dictionary_rare.txt`` (rare words that
are most often a misspelling, "calender" for "calendar"; marked ``rare``): entries whose
misspelling is three or more lower-case ASCII letters (an apostrophe allowed) and whose
corrections are lower-case English words (an apostrophe, a hyphen or a space allowed: "a
lot"). Left out: British -> American pairs, informal words, names, code, usage.

One entry a line: the misspelling, a tab, its corrections separated by commas (several
when codespell lists several: "finaly" -> "finally,finale"), and for rare words a tab and
``rare``. The spelling check reads it on first use (:mod:`verifier.rubric.misspellings`).

Run: ``python bench/make_misspellings.py`` (after ``pip install -e '.[test]'``).
"""

from __future__ import annotations

import hashlib
import re
import sys
from importlib.metadata import version
from importlib.resources import files
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "verifier" / "rubric" / "misspellings.txt"
MISSPELLING = re.compile(r"[a-z]{2,}(?:'[a-z]+)?|[a-z]'[a-z]{2,}")
CORRECTION = re.compile(r"[a-z]+(?:['’ -][a-z]+)*'?")
SOURCES = (("dictionary.txt", ""), ("dictionary_rare.txt", "rare"))


def entries(text: str) -> dict[str, list[str]]:
    """misspelling -> corrections, of one codespell dictionary (``wrong->right`` or
    ``wrong->right1, right2,``; an entry with one correction and a reason is disabled in
    codespell and left out)."""
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        wrong, arrow, rest = line.partition("->")
        if not arrow or not MISSPELLING.fullmatch(wrong) or len(wrong) < 3:
            continue
        parts = [p.strip() for p in rest.split(",")]
        if len(parts) == 2 and parts[1]:
            continue  # "right, reason": disabled in codespell
        rights = [p for p in parts if p]
        if rights and all(CORRECTION.fullmatch(r) and r != wrong for r in rights):
            out[wrong] = rights
    return out


def main() -> int:
    try:
        data = files("codespell_lib") / "data"
    except ModuleNotFoundError:
        print("bench/make_misspellings.py: codespell is not installed (pip install -e '.[test]')")
        return 1
    lines, digests = [], []
    for name, mark in SOURCES:
        text = (data / name).read_text(encoding="utf-8")
        digests.append(f"{name} sha256 {hashlib.sha256(text.encode()).hexdigest()}")
        for wrong, rights in sorted(entries(text).items()):
            lines.append("\t".join([wrong, ",".join(rights), *([mark] if mark else [])]))
    header = [
        "# Misspellings people make and the words they meant (bench/make_misspellings.py),",
        f"# from codespell {version('codespell')}'s dictionaries, derivative works of English",
        "# Wikipedia's \"Lists of common misspellings\" by Wikipedia's and codespell's",
        "# contributors, licensed CC BY-SA 3.0 (https://creativecommons.org/licenses/by-sa/3.0/);",
        "# this file is released under the same licence. Sources:",
        *(f"# {d}" for d in digests),
        "# Format: misspelling<TAB>corrections (comma-separated)[<TAB>rare]",
    ]
    OUT.write_text("\n".join(header + lines) + "\n", encoding="utf-8")
    print(f"{OUT.relative_to(OUT.parents[2])}: {len(lines):,} entries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
