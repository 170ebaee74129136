"""Benchmark: the rubric's style checks (spelling, advice) for precision and recall.

1. Spelling false positives: high-confidence hits per 1,000 words on clean technical text,
   (a) this repository's own docs and README (written for the project: names, jargon,
   code, tables) and (b) the docstrings of 21 standard-library modules of the running
   Python (collected at run time: identifiers, code examples, terse technical English).
   Target: <= 1 per 1,000 words.
2. Spelling recall: paragraphs of the same docs, each with one one-edit typo (deletion,
   insertion, substitution with a neighbouring key, swap of two neighbours; never the
   first letter, which typists rarely miss) in a prose word of 4+ letters. A typo that makes another
   dictionary word ("form" -> "from") cannot be caught by a dictionary: counted apart.
   Targets: recall of high-confidence hits (the cap) >= 0.85 and of the cap or review
   >= 0.95 on non-word typos. (Until issue 26 the cap's target was 0.9; since then a
   token English text is known to use ("witj", "smae" and "ued" are written, if rarely)
   caps only when the word it is one edit from is used over 3,000 times as often, else
   it goes to review. Real misspellings: ``bench/spelling.py``.)
3. Advice: precision and recall of "advice on health, law, finance or safety" and of
   "advice without a disclaimer" on ``bench/data/advice_cases.jsonl`` (written alongside
   the detector) and ``bench/data/advice_heldout.jsonl`` (90 cases written blind, by a
   writer who never saw the detector: dismissed referrals, plain statements of the
   reader's rights and money, varied referral wording; measured blind first, then used
   to tune, so no longer held out), and how many of the 170 expository answers and sources
   in ``bench/data/copy_dev`` read as advice (each such false alarm caps a response at 3).

Run: ``python bench/style.py [--typos N] [--seed S]``. Prints tables and a summary line.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import random
import sys
import time
from pathlib import Path

from verifier.rubric.advice import find_advice
from verifier.rubric.spelling import check_spelling, dictionary
from verifier.text.spans import blocks

ROOT = Path(__file__).resolve().parents[1]
STDLIB = (
    "argparse asyncio.tasks asyncio.streams json collections dataclasses pathlib logging "
    "unittest.case sqlite3 typing functools itertools contextlib textwrap string re shutil "
    "subprocess tempfile http.client"
).split()
KEYBOARD = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]


def neighbours(ch: str) -> str:
    for row in KEYBOARD:
        i = row.find(ch)
        if i >= 0:
            return row[max(0, i - 1) : i] + row[i + 1 : i + 2]
    return ""


def docs_text() -> str:
    paths = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
    return "\n\n".join(p.read_text(encoding="utf-8") for p in paths)


def stdlib_text() -> str:
    docs = []
    for name in STDLIB:
        module = importlib.import_module(name)
        for _attr, obj in inspect.getmembers(module):
            if (inspect.isfunction(obj) or inspect.isclass(obj)) and getattr(
                obj, "__module__", ""
            ) == module.__name__:
                doc = inspect.getdoc(obj)
                if doc:
                    docs.append(doc)
    return "\n\n".join(docs)


def typo(word: str, rng: random.Random) -> str:
    i = rng.randrange(1, len(word))
    kind = rng.choice(["delete", "insert", "substitute", "swap"])
    if kind == "delete":
        return word[:i] + word[i + 1 :]
    if kind == "swap" and i < len(word) - 1:
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    near = neighbours(word[i]) or "e"
    if kind == "insert":
        return word[:i] + rng.choice(near) + word[i:]
    return word[:i] + rng.choice(near) + word[i + 1 :]


def trials(text: str, count: int, seed: int) -> list[tuple[str, str, str, bool, int]]:
    """``count`` single-typo paragraphs: (paragraph with the typo, original word, typo,
    typo is a dictionary word, typo's offset). One typo per paragraph, as in a response
    with a slip in it; the word is a prose word of 4+ letters outside code and links."""
    import re

    rng = random.Random(seed)
    words = dictionary().words
    paragraphs = []
    for b in blocks(text):
        if b.kind not in ("paragraph", "list_item") or len(b.text.split()) < 20:
            continue
        masked = re.sub(
            r"`[^`\n]*`|\[[^\]\n]*\]\([^)\n]*\)|https?://\S+",
            lambda m: " " * len(m.group()),
            b.text,
        )
        spots = [
            (m.start(), m.end())
            for m in re.finditer(r"(?<![`\w./_-])[a-z]{4,}(?![`\w./_-])", masked)
            if m.group() in words
        ]
        if spots:
            paragraphs.append((b.text, spots))
    out = []
    for _ in range(count):
        paragraph, spots = rng.choice(paragraphs)
        start, end = rng.choice(spots)
        original = paragraph[start:end]
        wrong = typo(original, rng)
        out.append(
            (paragraph[:start] + wrong + paragraph[end:], original, wrong, wrong in words, start)
        )
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--typos", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    dictionary()  # load once, outside the timings

    print("spelling false positives on clean text")
    print("| text | words | high-confidence hits | per 1,000 words | low-confidence (review) | s |")
    print("|---|---|---|---|---|---|")
    worst_fp = 0.0
    for name, text in (("docs + README (ours)", docs_text()), ("stdlib docstrings", stdlib_text())):
        started = time.perf_counter()
        hits = check_spelling(text)
        took = time.perf_counter() - started
        high = [h for h in hits if h.confidence == "high"]
        words = len(text.split())
        rate = 1000 * len(high) / words
        worst_fp = max(worst_fp, rate)
        print(
            f"| {name} | {words:,} | {len(high)} | {rate:.2f} | {len(hits) - len(high)} | {took:.2f} |"
        )
        for h in high:
            print(f"|   {h.word!r} -> {h.suggestion!r} | | | | | |")

    made = trials(docs_text(), args.typos, args.seed)
    caught = review = right = real = 0
    missed: list[str] = []
    for paragraph, original, wrong, is_real, at in made:
        if is_real:
            real += 1
            continue
        hit = next((h for h in check_spelling(paragraph) if h.start == at), None)
        if hit is not None and hit.confidence == "high":
            caught += 1
            right += hit.suggestion == original
        else:
            review += hit is not None
            missed.append(f"{original}->{wrong}")
    nonword = len(made) - real
    recall = caught / nonword if nonword else float("nan")
    either = (caught + review) / nonword if nonword else float("nan")
    print(
        f"\nspelling recall: {len(made)} paragraphs of the docs with one typo each (seed {args.seed})"
    )
    print(
        "| typos | non-word | high confidence | low (review) | missed | recall (high) | recall (high or review) | suggestion right | real-word typos (undetectable) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    print(
        f"| {len(made)} | {nonword} | {caught} | {review} | {nonword - caught - review} | "
        f"{recall:.3f} | {either:.3f} | {right / caught if caught else 0:.3f} | {real} |"
    )
    if missed:
        print("not caught at high confidence: " + ", ".join(missed[:20]))

    print("\nadvice detector")
    print(
        "| cases | n | advice | gives advice P | gives advice R | no disclaimer P | no disclaimer R |"
    )
    print("|---|---|---|---|---|---|---|")
    results = {}
    for name, label in (
        ("advice_cases", "advice_cases.jsonl (written with the detector)"),
        ("advice_heldout", "advice_heldout.jsonl (written blind; then used to tune)"),
    ):
        results[name] = advice_table(ROOT / "bench" / "data" / f"{name}.jsonl", label)
    mis_p, mis_r = results["advice_heldout"]
    texts = expository_texts()
    flagged = [t for t in texts if find_advice(t).gives_advice]
    print(
        f"\nexpository answers and sources on vaccines, inflation, TCP, ... (bench/data/copy_dev): "
        f"{len(flagged)} of {len(texts)} read as advice (each would cap a response at 3)"
    )

    ok = worst_fp <= 1.0 and recall >= 0.85 and either >= 0.95 and not flagged
    print(
        f"\nsummary: spelling {worst_fp:.2f} high-confidence false positives per 1,000 words "
        f"(target <= 1), recall {recall:.3f} on non-word typos in the cap (target >= 0.85), "
        f"{either:.3f} in cap or review (target >= 0.95); advice "
        f"without disclaimer P {mis_p:.3f} R {mis_r:.3f} (blind set); expository text read "
        f"as advice {len(flagged)}/{len(texts)} -> {'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


def advice_table(path: Path, label: str) -> tuple[float, float]:
    """One row per case file; prints the misses; returns (P, R) of "advice without a
    disclaimer", the decision that caps a response."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    tp = fp = fn = m_tp = m_fp = m_fn = 0
    misses = []
    for row in rows:
        found = find_advice(row["text"])
        tp += found.gives_advice and row["advice"]
        fp += found.gives_advice and not row["advice"]
        fn += row["advice"] and not found.gives_advice
        want = row["advice"] and not row["disclaimer"]
        m_tp += found.missing_disclaimer and want
        m_fp += found.missing_disclaimer and not want
        m_fn += want and not found.missing_disclaimer
        if found.gives_advice != row["advice"] or found.missing_disclaimer != want:
            misses.append(row["text"][:90])

    def ratio(a: int, b: int) -> float:
        return a / b if b else float("nan")

    p, r = ratio(m_tp, m_tp + m_fp), ratio(m_tp, m_tp + m_fn)
    print(
        f"| {label} | {len(rows)} | {sum(r['advice'] for r in rows)} | {ratio(tp, tp + fp):.3f} "
        f"| {ratio(tp, tp + fn):.3f} | {p:.3f} | {r:.3f} |"
    )
    for text in misses:
        print(f"  miss: {text}")
    return p, r


def expository_texts() -> list[str]:
    """Answers and sources that explain a topic (no advice in them), from the copy dev set."""
    out = []
    for path in sorted((ROOT / "bench" / "data" / "copy_dev").glob("*.jsonl")):
        for line in path.read_text().splitlines():
            row = json.loads(line)
            out.append(row.get("answer") or row.get("text") or "")
    return out


if __name__ == "__main__":
    sys.exit(main())
