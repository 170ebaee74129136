"""Benchmark: the claims extracted from real answers against the claims annotators wrote.

Factcheck-Bench (``../shared/data/claims/factcheck-bench-dev/responses_dev.jsonl``, the
shared half: 47 ChatGPT answers) has each answer's sentences split by human annotators into
atomic, self-contained claims (``sentences[].claims``: the ones they found worth checking).
Each answer goes through :func:`verifier.claims.extract.extract_claims` with its prompt, as
the pipeline calls it, and is measured:

- coverage: the annotators' claims covered by one extracted check-worthy claim (its
  ``claim``, what is searched and judged, holds >= 80% of the annotator's content words,
  stemmed, and is at most twice as long in words); also by any extracted claim;
- extracted check-worthy claims per annotators' claim (the target is 0.8 to 1.4);
- bare-pronoun share: extracted check-worthy claims that open with a pronoun standing for
  something named elsewhere ("He was born ...", "It opened ...", "This is because ...");
- speed: extraction p50 and p90 (ms) over answers of about 300 words (consecutive answers
  of the set joined), each text extracted once, cold (nothing of it parsed before), and the
  time for one 2,000,000-character input (the largest response the limits admit: the
  set's answers repeated), which must stay bounded;
- the misses: each annotators' claim not covered, with the extracted claim nearest to it.

Run: ``python bench/claims.py [--misses N] [--no-large]``. Exits cleanly when the data is
missing.
"""

from __future__ import annotations

import argparse
import inspect
import json
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from verifier.claims.extract import ClaimDraft, extract_claims  # noqa: E402
from verifier.text.spans import content_terms  # noqa: E402
from verifier.text.stem import stem  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "claims" / "factcheck-bench-dev" / "responses_dev.jsonl"
BARE = re.compile(
    r"^(?:he|she|it|they|him|them|his|her|its|their|"
    r"(?:this|that|these|those)(?=\s+(?:is|are|was|were|has|have|had|can|may|will|would|"
    r"means|makes|made|allows|shows|suggests|includes|led|leads|causes|caused)\b))\b",
    re.IGNORECASE,
)


def extract(response: str, prompt: str | None = None) -> list[ClaimDraft]:
    """The pipeline's call (with the prompt, where extract_claims reads it)."""
    if "prompt" in inspect.signature(extract_claims).parameters:
        return extract_claims(response, prompt=prompt)
    return extract_claims(response)


def content(text: str) -> set[str]:
    return {stem(w) for w in content_terms(text)}


def n_words(text: str) -> int:
    return len(re.findall(r"\w+", text))


def covers(extracted: str, gold: str) -> bool:
    """``extracted`` holds >= 80% of ``gold``'s content words and is at most twice as long."""
    theirs = content(gold)
    if not theirs or n_words(extracted) > 2 * n_words(gold):
        return False
    return len(theirs & content(extracted)) >= 0.8 * len(theirs)


def nearest(claims: list[ClaimDraft], gold: str) -> str:
    theirs = content(gold)
    best = max(claims, key=lambda d: len(theirs & content(d.claim or d.text)), default=None)
    return (best.claim or best.text) if best else ""


def measure(rows: list[dict[str, Any]], show: int) -> dict[str, Any]:
    gold_total = covered = covered_any = worthy = bare = 0
    misses: list[tuple[str, str]] = []
    bare_examples: list[str] = []
    for row in rows:
        drafts = extract(row["response"], row["prompt"])
        checked = [d for d in drafts if d.check_worthy]
        worthy += len(checked)
        for d in checked:
            if BARE.match(d.claim or d.text):
                bare += 1
                bare_examples.append(d.claim or d.text)
        for sentence in row["sentences"]:
            for gold in sentence["claims"]:
                gold_total += 1
                hit = any(covers(d.claim or d.text, gold) for d in checked)
                covered += hit
                covered_any += hit or any(covers(d.claim or d.text, gold) for d in drafts)
                if not hit:
                    misses.append((gold, nearest(drafts, gold)))
    print(f"\nmisses ({len(misses)}; first {min(show, len(misses))}):")
    for gold, near in misses[:show]:
        print(f"  - gold: {gold}\n    near: {near}")
    print(f"\nbare-pronoun claims ({len(bare_examples)}):")
    for claim in bare_examples[:show]:
        print(f"  - {claim}")
    return {
        "gold": gold_total,
        "covered": covered,
        "covered_any": covered_any,
        "worthy": worthy,
        "bare": bare,
    }


def answers_of(rows: list[dict[str, Any]], words: int = 300) -> list[tuple[str, str]]:
    """(prompt, response) pairs of about ``words`` words: consecutive answers joined."""
    out: list[tuple[str, str]] = []
    parts: list[str] = []
    for row in rows:
        parts.append(row["response"])
        if n_words("\n\n".join(parts)) >= words:
            out.append((row["prompt"], "\n\n".join(parts)))
            parts = []
    return out


def timings(rows: list[dict[str, Any]]) -> tuple[float, float, float, float]:
    """p50 and p90 wall ms, p50 CPU ms (the machine is shared: CPU time is the steadier
    figure), mean words."""
    extract("Warm-up: the parser loads once, here, not in the timed calls.")
    took, cpu = [], []
    for prompt, response in answers_of(rows):
        began, began_cpu = time.perf_counter(), time.process_time()
        extract(response + " ", prompt)  # a text no earlier call parsed
        took.append((time.perf_counter() - began) * 1000)
        cpu.append((time.process_time() - began_cpu) * 1000)
    took.sort()
    words = statistics.mean(n_words(r) for _p, r in answers_of(rows))
    return statistics.median(took), took[int(0.9 * (len(took) - 1))], statistics.median(cpu), words


def large(rows: list[dict[str, Any]], chars: int = 2_000_000) -> tuple[float, float, int]:
    text = "\n\n".join(r["response"] for r in rows)
    text = (text + "\n\n") * (chars // (len(text) + 2) + 1)
    text = text[:chars]
    began, began_cpu = time.perf_counter(), time.process_time()
    drafts = extract(text)
    return time.perf_counter() - began, time.process_time() - began_cpu, len(drafts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--misses", type=int, default=40, help="misses printed")
    parser.add_argument("--no-large", action="store_true", help="skip the 2,000,000-char input")
    args = parser.parse_args()
    if not DATA.exists():
        print(f"no data at {DATA}: nothing to measure")
        return
    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line]
    m = measure(rows, args.misses)
    p50, p90, cpu, words = timings(rows)
    print("\n| measure | value |\n|---|---|")
    print(f"| answers | {len(rows)} |")
    g = m["gold"]
    print(
        f"| annotators' claims covered (check-worthy claims) | {m['covered']} of {g} "
        f"({m['covered'] / g:.0%}) |"
    )
    print(
        f"| annotators' claims covered (any claim) | {m['covered_any']} of {g} "
        f"({m['covered_any'] / g:.0%}) |"
    )
    print(
        f"| extracted check-worthy claims per annotators' claim | {m['worthy'] / g:.2f} "
        f"({m['worthy']} / {g}) |"
    )
    print(
        f"| bare-pronoun claims | {m['bare']} of {m['worthy']} "
        f"({m['bare'] / max(1, m['worthy']):.1%}) |"
    )
    print(
        f"| extraction p50 / p90, ~{words:.0f}-word answers | {p50:.1f} ms / {p90:.1f} ms "
        f"(CPU p50 {cpu:.1f} ms) |"
    )
    if not args.no_large:
        took, cpu, n = large(rows)
        print(
            f"| extraction of one 2,000,000-character input | {took:.1f} s, CPU {cpu:.1f} s "
            f"({n} claims) |"
        )


if __name__ == "__main__":
    main()
