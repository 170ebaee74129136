"""Shared by the copy-detection benches over written dev sets: sources indexed as a corpus
and answers checked through the product's path (``verifier check --corpus DIR --no-web``),
and the plain n-gram rule they are compared with."""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import Any

from verifier.config import Settings
from verifier.pipeline import check
from verifier.plagiarism.align import normalized_words
from verifier.runtime import open_runtime
from verifier.schema import CheckRequest, Report


def read_jsonl(paths: Iterable[Path]) -> list[dict[str, Any]]:
    return [json.loads(line) for p in paths for line in p.read_text().splitlines() if line]


async def checked(
    sources: list[dict[str, Any]], answers: list[dict[str, Any]]
) -> AsyncIterator[tuple[dict[str, Any], Report]]:
    """Each answer with its report: the sources (``id``, ``title``, ``text``) indexed as
    one corpus, the answer checked with its ``question`` as the prompt."""
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus"
        corpus.mkdir()
        for s in sources:
            (corpus / f"{s['id']}.txt").write_text(f"{s['title']}\n\n{s['text']}\n")
        settings = Settings().with_overrides({"store.data_dir": str(Path(tmp) / "data")})
        async with open_runtime(settings, corpora=[str(corpus)], web=False) as runtime:
            for row in answers:
                yield row, await check(CheckRequest(row["answer"], row["question"]), runtime)


def verdict_table(results: dict[str, Counter[str]], extra: dict[str, str]) -> list[str]:
    """A markdown table: per kind, its answers and verdicts, then the ``extra`` counts
    (column title: counter key)."""
    lines = [
        "| kind | answers | plagiarized | possible | original | " + " | ".join(extra) + " |",
        "|---|---|---|---|---|" + "---|" * len(extra),
    ]
    for kind, r in results.items():
        n = sum(r[v] for v in ("plagiarized", "possible", "original", "not_checked"))
        cells = [r["plagiarized"], r["possible"], r["original"], *(r[k] for k in extra.values())]
        lines.append(f"| {kind} | {n} | " + " | ".join(map(str, cells)) + " |")
    return lines


def ngrams(text: str, n: int) -> set[tuple[str, ...]]:
    words = normalized_words(text)
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def ngram_rule(answer: str, sources: list[str], n: int, share: float = 0.1) -> bool:
    """The plain rule: at least ``share`` of the answer's word n-grams occur in a source."""
    mine = ngrams(answer, n)
    if not mine:
        return False
    return any(len(mine & ngrams(s, n)) / len(mine) >= share for s in sources)
