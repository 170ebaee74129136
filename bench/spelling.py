"""Benchmark: the spelling check on English as it is written (real prose, spelling
variants, real misspellings).

1. False hits on real prose, per 1,000 words, by source and by variety: the 47 ChatGPT
   answers of Factcheck-Bench (checked with their prompts) and human-written text from the
   data sets: MultiNLI premises (fiction, government, Slate, telephone, travel), FEVER
   premises and WiCE claims (Wikipedia), Climate-FEVER claims and evidence (web claims,
   Wikipedia), HealthVer evidence (abstracts). A text's variety is read from its spellings
   (codespell's British/American pairs): American, British, or unmarked when it uses
   neither (or both). Every capping hit is listed with its context; one on a word
   codespell lists as a misspelling, or on one of the typos found in these texts by
   reading every capping hit in context (``TYPOS_IN_THE_DATA``, below: "topurnament",
   "waerming"), is a real typo and counted apart; every other capping hit counts as false.
   Target: <= 0.05 false capping hits per 1,000 words.
2. Spelling variants: both forms of each pair of codespell's British -> American list
   (535 pairs: "colour"/"color", "analyse"/"analyze", "travelled"/"traveled"), each in a
   sentence of its own. Target: zero caps (review items are counted beside).
3. Recall on real misspellings: pairs of codespell's list of common misspellings (derived
   from Wikipedia's "Lists of common misspellings") planted, one per sentence, into
   sentences of the same real prose that hold the correct word and no listed misspelling.
   Recall of the cap (a high-confidence hit on the planted word) and of cap or review,
   and how often the suggestion is the word that was meant.
   Targets: recall >= 0.60 in the cap, >= 0.80 in cap or review.

codespell (GPL-2.0; its word lists CC BY-SA 3.0) is a test dependency used here only:
nothing of it ships. The data sets are read from ``../shared/data``; the bench says so and
exits cleanly when they are missing.

Run: ``python bench/spelling.py [--plants 600] [--seed 26] [--show]``. Prints tables and a
summary line.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path

from verifier.rubric.spelling import check_spelling
from verifier.text.spans import segments

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
TARGET_FALSE_CAPS = 0.05
# Capped words of these texts that are typos, found by reading each capping hit in its
# context (codespell does not list them): the data's own slips, not false hits.
TYPOS_IN_THE_DATA = frozenset(
    """
    topurnament croseover aagency ceter proserous melodio notworthy severy waerming
    resultign perservation casuality tauted
    """.split()
)
TARGET_CAP_RECALL = 0.60
TARGET_ANY_RECALL = 0.80


def lines(path: Path) -> Iterator[dict]:
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def distinct(texts: Iterator[str]) -> list[str]:
    return list(dict.fromkeys(t for t in texts if t and t.strip()))


def human_sources() -> dict[str, list[str]]:
    """Human-written text of the data sets, by source (each text once)."""
    claims, nli = DATA / "claims", DATA / "nli"
    climate = list(lines(claims / "climate-fever" / "climate-fever.jsonl"))
    with (claims / "healthver" / "healthver_dev.csv").open(encoding="utf-8") as f:
        healthver = [row["evidence"] for row in csv.DictReader(f)]
    return {
        "MultiNLI premises": distinct(
            r["premise"] for r in lines(nli / "mnli_devm_hans" / "mnli_dev_matched.jsonl")
        ),
        "FEVER premises": distinct(
            r["premise"]
            for name in ("fever_symmetric_dev.jsonl", "fever_symmetric_test.jsonl")
            for r in lines(nli / "fever_symmetric" / name)
        ),
        "WiCE claims": distinct(
            r["claim"]
            for name in ("claim_dev.jsonl", "claim_test.jsonl")
            for r in lines(claims / "wice" / name)
        ),
        "Climate-FEVER": distinct(
            [r["claim"] for r in climate] + [e["evidence"] for r in climate for e in r["evidences"]]
        ),
        "HealthVer evidence": distinct(iter(healthver)),
    }


def codespell_lists() -> tuple[dict[str, str], list[tuple[str, str]]]:
    """codespell's misspellings (wrong -> the single right word) and its British ->
    American pairs."""
    data = files("codespell_lib") / "data"
    wrong: dict[str, str] = {}
    for line in (data / "dictionary.txt").read_text(encoding="utf-8").splitlines():
        bad, _, right = line.partition("->")
        right = right.strip().rstrip(",")
        if bad and right and "," not in right:
            wrong[bad] = right
    pairs = []
    for line in (data / "dictionary_en-GB_to_en-US.txt").read_text(encoding="utf-8").splitlines():
        gb, _, us = line.partition("->")
        if gb and us:
            pairs.append((gb.strip(), us.strip().rstrip(",")))
    return wrong, pairs


def variety(text: str, british: frozenset[str], american: frozenset[str]) -> str:
    words = [w.lower() for w in WORD.findall(text)]
    gb = sum(w in british for w in words)
    us = sum(w in american for w in words)
    return "British" if gb > us else "American" if us > gb else "unmarked"


@dataclass
class Tally:
    texts: int = 0
    words: int = 0
    caps: int = 0
    real_typos: int = 0  # caps on a word codespell lists as a misspelling
    review: int = 0
    shown: list[str] = field(default_factory=list)

    def add(self, text: str, prompt: str, misspelled: dict[str, str]) -> None:
        self.texts += 1
        self.words += len(text.split())
        for hit in check_spelling(text, prompt):
            if hit.kind != "spelling":
                continue
            if hit.confidence == "low":
                self.review += 1
                continue
            self.caps += 1
            typo = hit.word.lower() in misspelled or hit.word.lower() in TYPOS_IN_THE_DATA
            self.real_typos += typo
            around = text[max(0, hit.start - 40) : hit.end + 40].replace("\n", " ")
            self.shown.append(
                f"{'typo' if typo else 'FALSE?'} {hit.word!r} -> {hit.suggestion!r}: …{around}…"
            )

    def row(self, name: str) -> str:
        false = self.caps - self.real_typos
        per = 1000 / self.words if self.words else 0.0
        return (
            f"| {name} | {self.texts:,} | {self.words:,} | {self.caps} | {self.real_typos} | "
            f"{false} | {false * per:.3f} | {self.review * per:.2f} |"
        )


def real_prose(
    misspelled: dict[str, str], pairs: list[tuple[str, str]], show: bool
) -> tuple[float, dict[str, list[str]]]:
    british = frozenset(gb for gb, _ in pairs)
    american = frozenset(us for _, us in pairs)
    answers = list(lines(DATA / "claims" / "factcheck-bench-dev" / "responses_dev.jsonl"))
    sources = {"ChatGPT answers (Factcheck-Bench)": [r["response"] for r in answers]}
    prompts = {r["response"]: r["prompt"] for r in answers}
    sources.update(human_sources())
    print("1. real prose: spelling hits per 1,000 words")
    print(
        "| source / variety | texts | words | capping hits | of them real typos | "
        "false caps | false caps per 1,000 words | review per 1,000 words |"
    )
    print("|---|---|---|---|---|---|---|---|")
    everything, by_variety = Tally(), {v: Tally() for v in ("American", "British", "unmarked")}
    for name, texts in sources.items():
        tally = Tally()
        for text in texts:
            for t in (tally, by_variety[variety(text, british, american)], everything):
                t.add(text, prompts.get(text, ""), misspelled)
        print(tally.row(name))
    for v, tally in by_variety.items():
        print(tally.row(f"all: {v}"))
    print(everything.row("all real prose"))
    false = everything.caps - everything.real_typos
    rate = 1000 * false / everything.words
    for line in everything.shown if show else [s for s in everything.shown if "FALSE?" in s]:
        print("  " + line)
    return rate, sources


def variants(pairs: list[tuple[str, str]]) -> int:
    print(f"\n2. spelling variants: {len(pairs)} British/American pairs, each form in a sentence")
    print("| form | words | caps | review |")
    print("|---|---|---|---|")
    capped_total = 0
    for column, label in ((0, "British (codespell's en-GB)"), (1, "American (en-US)")):
        caps, review = [], 0
        for pair in pairs:
            form = pair[column]
            for hit in check_spelling(f"The report used the word {form} twice in one place."):
                if hit.kind == "spelling" and hit.word == form:
                    if hit.confidence == "high":
                        caps.append(f"{form} -> {hit.suggestion}")
                    else:
                        review += 1
        capped_total += len(caps)
        print(f"| {label} | {len(pairs)} | {len(caps)} | {review} |")
        if caps:
            print("  capped: " + ", ".join(caps[:40]))
    return capped_total


@dataclass(frozen=True)
class Plant:
    sentence: str
    start: int
    wrong: str
    right: str


def plants(
    sources: dict[str, list[str]], misspelled: dict[str, str], count: int, seed: int
) -> list[Plant]:
    """``count`` misspellings of codespell's list planted into real sentences that hold
    the right word (lower case, or capitalised opening the sentence) and no listed
    misspelling; one per sentence, pairs drawn at random."""
    rng = random.Random(seed)
    sentences = distinct(
        seg.text
        for texts in sources.values()
        for text in texts
        for seg in segments(text)
        if seg.kind in ("paragraph", "list_item") and 6 <= len(seg.text.split()) <= 60
    )
    where: dict[str, list[tuple[int, int]]] = {}
    for n, sentence in enumerate(sentences):
        found = list(WORD.finditer(sentence))
        if any(m.group().lower() in misspelled for m in found):
            continue
        for m in found:
            w = m.group()
            if w.islower() or (m.start() == 0 and w[1:].islower()):
                where.setdefault(w.lower(), []).append((n, m.start()))
    usable = sorted(
        (bad, right)
        for bad, right in misspelled.items()
        if bad.isalpha() and bad.islower() and right in where
    )
    out = []
    for bad, right in rng.sample(usable, min(count, len(usable))):
        n, at = rng.choice(where[right])
        sentence = sentences[n]
        wrong = bad.capitalize() if sentence[at].isupper() else bad
        out.append(Plant(sentence[:at] + wrong + sentence[at + len(right) :], at, wrong, right))
    return out


def recall(made: list[Plant], show: bool) -> tuple[float, float]:
    caught = review = right = 0
    missed, reviewed = [], []
    for p in made:
        hit = next(
            (h for h in check_spelling(p.sentence) if h.start == p.start and h.kind == "spelling"),
            None,
        )
        if hit is None:
            missed.append(f"{p.right}->{p.wrong}")
        elif hit.confidence == "high":
            caught += 1
            right += hit.suggestion == p.right.lower()
        else:
            review += 1
            reviewed.append(f"{p.right}->{p.wrong}")
    n = len(made)
    cap, either = caught / n, (caught + review) / n
    print(
        f"\n3. real misspellings planted into real sentences ({n}, codespell's list of common "
        "misspellings)"
    )
    print(
        "| planted | capped | review | missed | recall (cap) | recall (cap or review) | suggestion right (of capped) |"
    )
    print("|---|---|---|---|---|---|---|")
    print(
        f"| {n} | {caught} | {review} | {len(missed)} | {cap:.3f} | {either:.3f} | "
        f"{right / caught if caught else 0:.3f} |"
    )
    print("missed: " + ", ".join(missed[: 60 if show else 25]))
    if show:
        print("review: " + ", ".join(reviewed[:80]))
    return cap, either


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plants", type=int, default=600, help="misspellings to plant")
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--show", action="store_true", help="list every capping hit and review")
    args = parser.parse_args()
    if not DATA.is_dir():
        print(f"bench/spelling.py: {DATA} not found; nothing to measure")
        return 0
    try:
        misspelled, pairs = codespell_lists()
    except ModuleNotFoundError:
        print("bench/spelling.py: codespell is not installed (pip install -e '.[test]')")
        return 0
    started = time.perf_counter()
    check_spelling("warm up")  # the dictionaries load outside the timings below
    rate, sources = real_prose(misspelled, pairs, args.show)
    capped = variants(pairs)
    cap, either = recall(plants(sources, misspelled, args.plants, args.seed), args.show)
    ok = (
        rate <= TARGET_FALSE_CAPS
        and capped == 0
        and cap >= TARGET_CAP_RECALL
        and either >= TARGET_ANY_RECALL
    )
    print(
        f"\nsummary: {rate:.3f} false capping hits per 1,000 words of real prose (target <= "
        f"{TARGET_FALSE_CAPS}); {capped} caps on {2 * len(pairs)} British/American forms "
        f"(target 0); recall of planted misspellings {cap:.3f} in the cap (target >= "
        f"{TARGET_CAP_RECALL}), {either:.3f} in cap or review (target >= {TARGET_ANY_RECALL}); "
        f"{time.perf_counter() - started:.0f} s -> {'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
