"""Benchmark: judges on the labelled claim sets in ``../shared/data/claims`` and ``bench/data``.

For each data set (Climate-FEVER claim-evidence pairs, HealthVer, SciFact-RTE, COVID-Fact,
FEVER-Symmetric, WiCE with the whole cited page and its oracle chunks, Factcheck-Bench and
FacTool's claims from real ChatGPT answers with the web results a checker saw, and the
project's claims_dev: paraphrased claims against clean encyclopaedia pages) the default judge
(``frames``), the old one (``heuristic``) and two baselines (always-inconclusive; word
overlap) label every claim. For a page (WiCE, claims_dev) the judges read the page's five
best passages for the claim, ranked as the pipeline ranks them. Printed per data set:
per-class precision and recall, macro-F1, the refuted class's precision and recall, and
claim-passage pairs per second on one core; then the speed on whole pages (every passage
of a WiCE page: claim-page pairs per second).

Gold labels map to supported / refuted / inconclusive. SciFact-RTE's ``not_entailment`` and
WiCE's ``not_supported`` do not say whether the claim is false or only unsupported, so they
are scored as "not supported": a refuted or inconclusive prediction is right there, and
refuted precision is not measured on them. WiCE's ``partially_supported`` is scored as
inconclusive. Targets for the default judge (issue 34): refuted precision >= 0.85 wherever
it says refuted >= 5 times, no refutation on Factcheck-Bench's support, partial and
irrelevant pairs, refuted recall on claims_dev and COVID-Fact at least what it was before
(39 of 108, 19 of 2,790), supported recall at precision >= 0.9 (the most confident supports first)
of 0.40 on claims_dev, 0.30 on Factcheck-Bench's pairs, 0.25 on factool-dev and 0.20 on
WiCE, and >= 500 claim-page pairs per CPU-second on whole pages (WiCE pages are cut into the
product's 400-character passages to count them; the other sets are one passage per pair,
FacTool's one per snippet). Then: the frames judge's false refutations, which guards spoke
for true and false claims, and the reliability of its probabilities. ``--nli-model DIR``
adds the nli judge on a model you have (see docs/judges.md); ``--llm`` adds the llm judge as
configured in ``[judges.llm]``.

Run: ``python bench/judges.py [--limit N] [--nli-model DIR] [--llm]``.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from verifier.config import NliJudgeSettings, load_settings
from verifier.evidence.passages import passage_spans, rank_passages
from verifier.judges import Decision, Judgement, aggregate
from verifier.judges.frames.frame import frame_of
from verifier.judges.frames.guards import GUARDS
from verifier.judges.frames.judge import FrameJudge
from verifier.judges.frames.reader import clear_record_cache
from verifier.judges.frames.slots import values_in
from verifier.judges.heuristic import HeuristicJudge, terms_of
from verifier.schema import Evidence
from verifier.system.deadline import Deadline
from verifier.text.sentences import clear_sentence_cache

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "claims"
NLI = DATA.parent / "nli"
OWN = Path(__file__).resolve().parent / "data"
LABELS = ("supported", "refuted", "inconclusive")
Pair = tuple[str, list[str], str]  # claim, evidence texts, gold label


def climate_fever(root: Path) -> Iterator[Pair]:
    gold = {"SUPPORTS": "supported", "REFUTES": "refuted", "NOT_ENOUGH_INFO": "inconclusive"}
    for line in (
        (root / "climate-fever" / "climate-fever.jsonl").read_text(encoding="utf-8").splitlines()
    ):
        row = json.loads(line)
        for ev in row["evidences"]:
            yield row["claim"], [ev["evidence"]], gold[ev["evidence_label"]]


def healthver(root: Path) -> Iterator[Pair]:
    gold = {"Supports": "supported", "Refutes": "refuted", "Neutral": "inconclusive"}
    for name in ("healthver_dev.csv", "healthver_test.csv"):
        with (root / "healthver" / name).open(encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                yield row["claim"], [row["evidence"]], gold[row["label"]]


def scifact(root: Path) -> Iterator[Pair]:
    for name in ("train.tsv", "dev.tsv"):
        with (root / "scifact-rte" / name).open(encoding="utf-8") as fh:
            for row in csv.DictReader(fh, delimiter="\t"):
                label = "supported" if row["entailment"] == "entailment" else "not_supported"
                yield row["sentence2"], [row["sentence1"]], label


def wice(root: Path) -> Iterator[Pair]:
    gold = {
        "supported": "supported",
        "partially_supported": "inconclusive",
        "not_supported": "not_supported",
    }
    for name in ("claim_dev.jsonl", "claim_test.jsonl"):
        for line in (root / "wice" / name).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            yield (
                row["claim"],
                top_passages(row["claim"], " ".join(row["evidence"])),
                gold[row["label"]],
            )


def wice_pages(root: Path) -> Iterator[tuple[str, list[str]]]:
    """WiCE claims with every passage of their cited page (for the speed on whole pages)."""
    for name in ("claim_dev.jsonl", "claim_test.jsonl"):
        for line in (root / "wice" / name).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            page = " ".join(row["evidence"])
            yield row["claim"], [page[a:b] for a, b in passage_spans(page)]


def wice_chunks(root: Path) -> Iterator[Pair]:
    """WiCE oracle chunks: the gold sentences among distractors, a few hundred words: the
    size of the passages the product judges."""
    gold = {
        "supported": "supported",
        "partially_supported": "inconclusive",
        "not_supported": "not_supported",
    }
    for name in ("oracle_chunks_claim_dev.jsonl", "oracle_chunks_claim_test.jsonl"):
        for line in (root / "wice" / name).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            yield row["claim"], [" ".join(row["evidence"])], gold[row["label"]]


class Passage(str):
    """A passage of a page, with the page text before it (as the pipeline gives judges)."""

    before: str = ""


def passage(text: str, before: str) -> Passage:
    out = Passage(text)
    out.before = before
    return out


def befores(evidence: Sequence[str]) -> list[str]:
    return [getattr(e, "before", "") for e in evidence]


def top_passages(claim: str, page: str, k: int = 5) -> list[str]:
    """The ``k`` passages of ``page`` the pipeline would judge for ``claim``, each with
    the 1,200 characters of the page before it (as the pipeline gives judges)."""
    candidates = [
        Evidence(page[a:b], "page", "", "sha256:page", a, b, 0.0, claim, "bench", None)
        for a, b in passage_spans(page)
    ]
    return [
        passage(e.quote, page[max(0, e.start - 1200) : e.start])
        for e in rank_passages(claim, candidates, k)
    ] or [passage(page[:400], "")]


def covidfact(root: Path) -> Iterator[Pair]:
    gold = {"SUPPORTED": "supported", "REFUTED": "refuted"}
    for line in (root / "covidfact" / "COVIDFACT_dataset.jsonl").read_text().splitlines():
        row = json.loads(line)
        yield row["claim"], [" ".join(row["evidence"])], gold[row["label"]]


def fever_symmetric(root: Path) -> Iterator[Pair]:
    gold = {"entailment": "supported", "contradiction": "refuted"}
    for name in ("fever_symmetric_dev.jsonl", "fever_symmetric_test.jsonl"):
        for line in (NLI / "fever_symmetric" / name).read_text().splitlines():
            row = json.loads(line)
            premise = row["premise"].replace("-LRB-", "(").replace("-RRB-", ")")
            yield row["hypothesis"], [premise], gold[row["label"]]


def claims_dev(root: Path) -> Iterator[Pair]:
    """Paraphrased single claims against clean pages (bench/data/claims_dev)."""
    pages = {
        row["id"]: row["text"]
        for row in map(json.loads, (OWN / "claims_dev" / "pages.jsonl").read_text().splitlines())
    }
    for row in map(json.loads, (OWN / "claims_dev" / "claims.jsonl").read_text().splitlines()):
        yield row["claim"], top_passages(row["claim"], pages[row["page"]]), row["label"]


TEXTBOOK_FILES = {
    "textbook": "textbook_pairs.jsonl",
    "textbook-heldout": "textbook_pairs_heldout.jsonl",
    "textbook-blind": "textbook_pairs_blind.jsonl",
    "textbook-traps": "textbook_pairs_traps.jsonl",
    "textbook-heldout2": "textbook_pairs_heldout2.jsonl",
    "textbook-heldout3": "textbook_pairs_heldout3.jsonl",
    "textbook-heldout4": "textbook_pairs_heldout4.jsonl",
    "textbook-heldout5": "textbook_pairs_heldout5.jsonl",
    "textbook-heldout6": "textbook_pairs_heldout6.jsonl",
    "textbook-heldout7": "textbook_pairs_heldout7.jsonl",
    "textbook-heldout8": "textbook_pairs_heldout8.jsonl",
    "textbook-heldout9": "textbook_pairs_heldout9.jsonl",
    "textbook-heldout10": "textbook_pairs_heldout10.jsonl",
    "textbook-heldout11": "textbook_pairs_heldout11.jsonl",
    "textbook-heldout12": "textbook_pairs_heldout12.jsonl",
    "textbook-heldout13": "textbook_pairs_heldout13.jsonl",
    "textbook-heldout14": "textbook_pairs_heldout14.jsonl",
    "textbook-heldout15": "textbook_pairs_heldout15.jsonl",
    "textbook-heldout16": "textbook_pairs_heldout16.jsonl",
    "textbook-heldout17": "textbook_pairs_heldout17.jsonl",
    "textbook-traps2": "textbook_pairs_traps2.jsonl",
    "textbook-traps3": "textbook_pairs_traps3.jsonl",
    "textbook-snippets": "textbook_pairs_snippets.jsonl",
    "textbook-traps4": "textbook_pairs_traps4.jsonl",
    "textbook-snippets2": "textbook_pairs_snippets2.jsonl",
    "textbook-traps5": "textbook_pairs_traps5.jsonl",
    "textbook-heldout18": "textbook_pairs_heldout18.jsonl",
    "textbook-traps6": "textbook_pairs_traps6.jsonl",
    "textbook-heldout19": "textbook_pairs_heldout19.jsonl",
    "textbook-figures": "textbook_pairs_figures.jsonl",
    "textbook-heldout20": "textbook_pairs_heldout20.jsonl",
    "textbook-constructions": "textbook_pairs_constructions.jsonl",
    "textbook-ranks": "textbook_pairs_ranks.jsonl",
}


def _textbook_rows(name: str = "textbook") -> list[dict[str, str]]:
    path = OWN / TEXTBOOK_FILES[name]
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def textbook(root: Path) -> Iterator[Pair]:
    """Hand-written textbook pairs (bench/data/textbook_pairs.jsonl, written blind by
    another hand before the reader was built; never trained on): plain contradictions,
    plain paraphrases and traps (another person's role, another building's date, a menu
    line)."""
    for row in _textbook_rows():
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout(root: Path) -> Iterator[Pair]:
    """A second set of 80 textbook pairs (bench/data/textbook_pairs_heldout.jsonl), written
    blind by another hand after the reader was first built and kept out of sight of whoever
    tunes the reader: the held-out figure for the textbook targets. The ninth session
    (2026-11-30) read its wrong calls (only those) and fixed their causes: its wrong-call
    figure is no longer held-out evidence."""
    for row in _textbook_rows("textbook-heldout"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_blind(root: Path) -> Iterator[Pair]:
    """A third set of 90 textbook pairs (bench/data/textbook_pairs_blind.jsonl: 35
    contradictions, 35 paraphrases, 20 traps), written blind to the code and to the other
    sets by a helper at the stop of 2026-11-29, in varied encyclopedic prose (appositions,
    possessives, demonyms, passives, dates in several forms). That stop measured it before
    and after its changes and looked at its failures while building: a dev set since."""
    for row in _textbook_rows("textbook-blind"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_traps(root: Path) -> Iterator[Pair]:
    """A fourth set of 80 pairs (bench/data/textbook_pairs_traps.jsonl: 50 hard traps, 15
    contradictions, 15 paraphrases), written blind to the code by a helper at the stop of
    2026-11-29 (second session) to test precision: another occasion of something that
    recurs, a co-maker named alone, two things of one name, a superlative of another scope,
    the same verb with another object, a part for the whole, a plan's date for the deed's,
    a bound for a value. That stop read its failures while building: a dev set."""
    for row in _textbook_rows("textbook-traps"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout2(root: Path) -> Iterator[Pair]:
    """A fifth set of 90 pairs (bench/data/textbook_pairs_heldout2.jsonl: 35
    contradictions, 35 paraphrases, 20 traps), written blind to the code and the other sets
    by a helper at the stop of 2026-11-29 (second session), in varied prose and domains
    away from the usual examples. Only its figures were read (and which judge made its
    wrong calls): held out. The ninth session (2026-11-30) read its wrong calls
    (only those) and fixed their causes: its wrong-call figure is no longer held-out
    evidence."""
    for row in _textbook_rows("textbook-heldout2"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout3(root: Path) -> Iterator[Pair]:
    """A sixth set of 90 pairs (bench/data/textbook_pairs_heldout3.jsonl: 35
    contradictions, 35 paraphrases, 20 traps), written blind to the code and the other sets
    by a helper at the stop of 2026-11-29 (third session), away from the most common
    textbook examples. Only its figures were read: held out. The ninth session
    (2026-11-30) read its wrong calls (only those) and fixed their causes: its wrong-call
    figure is no longer held-out evidence."""
    for row in _textbook_rows("textbook-heldout3"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout4(root: Path) -> Iterator[Pair]:
    """A seventh set of 90 pairs (bench/data/textbook_pairs_heldout4.jsonl: 30
    contradictions, 30 paraphrases, 30 traps), written blind to the code by a helper at the
    stop of 2026-11-29 (fourth session), with comparisons whose two values the evidence
    gives, centuries, superlatives said several ways and traps of scope and occasion. Only
    its figures were read: held out. The ninth session (2026-11-30) read its wrong calls
    (only those) and fixed their causes: its wrong-call figure is no longer held-out
    evidence."""
    for row in _textbook_rows("textbook-heldout4"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout5(root: Path) -> Iterator[Pair]:
    """An eighth set of 90 pairs (bench/data/textbook_pairs_heldout5.jsonl: 30
    contradictions, 30 paraphrases, 30 traps), written blind to the code and the other sets
    by a helper at the start of the fifth session of 2026-11-29, away from the overused
    examples, with varied grammar (appositions, opening participles, pronouns). Only its
    figures were read: held out. The ninth session (2026-11-30) read its wrong calls
    (only those) and fixed their causes: its wrong-call figure is no longer held-out
    evidence."""
    for row in _textbook_rows("textbook-heldout5"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout6(root: Path) -> Iterator[Pair]:
    """A ninth set of 90 pairs (bench/data/textbook_pairs_heldout6.jsonl: 30
    contradictions, 30 paraphrases, 30 traps), written blind to the code and the other sets
    by a helper early in the eighth session of 2026-11-29, away from the overused examples,
    with varied grammar (appositions, agent nouns, participial openings, years in
    brackets). The ninth session (2026-11-30) read its wrong calls and missed
    contradictions while building: a dev set since."""
    for row in _textbook_rows("textbook-heldout6"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout7(root: Path) -> Iterator[Pair]:
    """A tenth set of 90 pairs (bench/data/textbook_pairs_heldout7.jsonl: 30
    contradictions, 30 paraphrases, 30 traps), written blind to the code and the other sets
    by a helper late in the eighth session of 2026-11-29: real names in snippet-like prose
    across many domains. Only its figures were read: held out. The ninth session
    (2026-11-30) read its wrong calls (only those) and fixed their causes: its wrong-call
    figure is no longer held-out evidence."""
    for row in _textbook_rows("textbook-heldout7"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout8(root: Path) -> Iterator[Pair]:
    """An eleventh set of 90 pairs (bench/data/textbook_pairs_heldout8.jsonl: 30
    contradictions, 30 paraphrases, 30 traps), written blind to the code and the other sets
    by a helper at the start of the ninth session (2026-11-30), away from the overused
    examples, with varied grammar. Only its figures were read: held out."""
    for row in _textbook_rows("textbook-heldout8"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout9(root: Path) -> Iterator[Pair]:
    """A twelfth set of 90 pairs (bench/data/textbook_pairs_heldout9.jsonl: 30
    contradictions, 30 paraphrases, 30 traps), written blind to the code and the other sets
    by a helper in the eleventh session (2026-11-30), 47 of them about rankings and places
    in a series (notes beginning "ranking:"): superlatives, ordinals, another measure,
    scope or time. That session read its 47 ranking pairs while building the readings of
    ranks (a dev set for rankings since); its 43 other pairs were not read."""
    for row in _textbook_rows("textbook-heldout9"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout10(root: Path) -> Iterator[Pair]:
    """A thirteenth set of 90 pairs (bench/data/textbook_pairs_heldout10.jsonl: 30
    contradictions, 30 paraphrases, 30 traps), written blind to the code and the other sets
    by a helper in the eleventh session (2026-11-30), 60 of them about rankings said many
    ways ("ranks second among", "only Y is larger", "the world's fourth-biggest"). Only
    its figures were read, and the one pair whose verdict a change of that session moved
    (it was mended): held out."""
    for row in _textbook_rows("textbook-heldout10"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout11(root: Path) -> Iterator[Pair]:
    """A fourteenth set of 90 pairs (bench/data/textbook_pairs_heldout11.jsonl: 36
    contradictions, 30 paraphrases, 24 traps), written blind to the code and the other sets
    by a helper in the twelfth session (2026-11-30): claims as chatbot answers say them,
    often with a second fact in an apposition or a clause. Measured blind twice (3 / 3 / 1
    before the session and after its first commit); then read, and three readings of that
    session come from it (the namesake guard, "The city" as the town named before, the
    largest natural satellite): a dev set since."""
    for row in _textbook_rows("textbook-heldout11"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout12(root: Path) -> Iterator[Pair]:
    """A fifteenth set of 90 pairs (bench/data/textbook_pairs_heldout12.jsonl: 36
    contradictions, 30 paraphrases, 24 traps), written blind to the code and the other sets
    by a helper in the twelfth session (2026-11-30), kinds spread evenly over the errors
    chatbot answers make. Measured once, at the session's end, before and after; only the
    pair whose verdict moved was read; read as a dev set from the thirteenth session on."""
    for row in _textbook_rows("textbook-heldout12"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout13(root: Path) -> Iterator[Pair]:
    """A sixteenth set of 90 pairs (bench/data/textbook_pairs_heldout13.jsonl: 36
    contradictions, 30 paraphrases, 24 traps), written blind to the code and the other sets
    by a helper in the thirteenth session (2026-11-30): claims as chatbots say them, the
    evidence in other words (a pronoun, the subject named another way). Measured at the
    session's start and end; only the ids of the pairs whose verdict moved, or that were
    wrong, were read; read as a dev set from the fourteenth session on."""
    for row in _textbook_rows("textbook-heldout13"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout14(root: Path) -> Iterator[Pair]:
    """A seventeenth set of 90 pairs (bench/data/textbook_pairs_heldout14.jsonl: 36
    contradictions, 30 paraphrases, 24 traps), written blind to the code and the other sets
    by a helper in the fourteenth session (2026-11-30), on less common subjects (bridges,
    lakes, composers, chemists, treaties, clubs). Measured at the session's start and end;
    only the ids of the pairs whose verdict moved, or that were wrong, were read: held
    out."""
    for row in _textbook_rows("textbook-heldout14"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout15(root: Path) -> Iterator[Pair]:
    """An eighteenth set of 90 pairs (bench/data/textbook_pairs_heldout15.jsonl: 36
    contradictions, 30 paraphrases, 24 traps), written blind by a helper agent in the
    fifteenth session of 2026-11-30 from its own knowledge, without the code or the other
    sets, asked for claims as an LLM answer states them and evidence as a search snippet or
    an encyclopedia names its subject: held out (only its counts are read)."""
    for row in _textbook_rows("textbook-heldout15"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout16(root: Path) -> Iterator[Pair]:
    """A nineteenth set of 90 pairs (bench/data/textbook_pairs_heldout16.jsonl: 36
    contradictions, 30 paraphrases, 24 traps), written blind by a helper agent in the
    fifteenth session of 2026-11-30 as heldout15 was, on less over-used topics; measured
    untouched first (8 of 36 / 4 of 30 / 1 wrong before the session's work, 8 / 5 / 1 after
    its first readings), then read as a dev set: its later figures are no held-out
    evidence."""
    for row in _textbook_rows("textbook-heldout16"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout17(root: Path) -> Iterator[Pair]:
    """A twentieth set of 90 pairs (bench/data/textbook_pairs_heldout17.jsonl: 36
    contradictions, 30 paraphrases, 24 traps), written blind by a helper agent in the
    sixteenth session of 2026-11-30 as heldout15 was, away from the usual examples. Measured
    untouched first (23 of 36 / 10 of 30 / 3 wrong); then its three wrong calls (only
    those) were read and their causes mended: its wrong-call figure is no held-out evidence
    since, its contradiction and paraphrase figures still are."""
    for row in _textbook_rows("textbook-heldout17"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_traps2(root: Path) -> Iterator[Pair]:
    """A twenty-first set of 90 pairs (bench/data/textbook_pairs_traps2.jsonl: 60 traps, 15
    contradictions, 15 paraphrases), written blind by a helper agent in the sixteenth
    session of 2026-11-30 to test precision (another edition of a recurring event, a
    nomination, a vice or deputy role, a co-founder named alone, a part, a bound, a plan).
    Measured untouched first (5 of 15 / 4 of 15 / 8 wrong); then its wrong calls were read
    and their causes mended: a dev set since."""
    for row in _textbook_rows("textbook-traps2"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_traps3(root: Path) -> Iterator[Pair]:
    """A twenty-second set of 90 pairs (bench/data/textbook_pairs_traps3.jsonl: 60 traps, 15
    contradictions, 15 paraphrases), written blind by a helper agent in the sixteenth
    session of 2026-11-30 to test precision with numbers of another scope, namesakes,
    adaptations, announcements and records of another category. Measured untouched first
    (6 of 15 / 8 of 15 / 5 wrong); then its wrong calls were read and their causes mended:
    a dev set since."""
    for row in _textbook_rows("textbook-traps3"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_snippets(root: Path) -> Iterator[Pair]:
    """A twenty-third set of 90 pairs (bench/data/textbook_pairs_snippets.jsonl: 30
    contradictions, 30 paraphrases, 30 traps), written blind by a helper agent in the
    sixteenth session of 2026-11-30 with evidence as a search engine shows it (a date and a
    dash first, ellipses, a cut-off end, two fragments joined). Measured untouched first (4
    of 30 / 2 of 30 / 2 wrong); then its wrong calls were read and their causes mended: its
    wrong-call figure is no held-out evidence since, the others still are."""
    for row in _textbook_rows("textbook-snippets"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_traps4(root: Path) -> Iterator[Pair]:
    """A twenty-fourth set of 90 pairs (bench/data/textbook_pairs_traps4.jsonl: 60 traps, 15
    contradictions, 15 paraphrases), written blind by a helper agent in the sixteenth
    session of 2026-11-30 to test precision (one of several, a loose figure, a season for a
    year, a parent company, an island for its country, a teacher for a student, a range's
    bound, founded and incorporated). Measured untouched first (7 of 15 / 7 of 15 / 13
    wrong); then its wrong calls were read and their causes mended: a dev set since."""
    for row in _textbook_rows("textbook-traps4"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_snippets2(root: Path) -> Iterator[Pair]:
    """A twenty-fifth set of 90 pairs (bench/data/textbook_pairs_snippets2.jsonl: 60 traps,
    15 contradictions, 15 paraphrases), written blind by a helper agent in the sixteenth
    session of 2026-11-30, the evidence as a search engine shows it (knowledge-panel fields,
    dates before a dash, ellipses). Measured untouched first (0 of 15 / 2 of 15 / 0 wrong);
    its contradictions were then read (most were knowledge-panel fields, which the reader
    reads since): a dev set."""
    for row in _textbook_rows("textbook-snippets2"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_traps5(root: Path) -> Iterator[Pair]:
    """A twenty-sixth set of 90 pairs (bench/data/textbook_pairs_traps5.jsonl: 60 traps, 15
    contradictions, 15 paraphrases) on science, medicine, technology and law, written blind
    by a helper agent in the sixteenth session of 2026-11-30 to test precision. Measured
    untouched first (8 of 15 / 3 of 15 / 4 wrong, the same on the tree before the session);
    then its wrong calls were read and their causes mended: a dev set since."""
    for row in _textbook_rows("textbook-traps5"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout18(root: Path) -> Iterator[Pair]:
    """A twenty-seventh set of 90 pairs (bench/data/textbook_pairs_heldout18.jsonl: 36
    contradictions, 30 paraphrases, 24 traps), written blind by a helper agent at the end
    of the sixteenth session of 2026-11-30 as heldout15 was: held out (only its counts are
    read). On the tree before that session (7275902): 18 of 36 / 13 of 30 / 3 wrong; after
    it: 18 / 13 / 2."""
    for row in _textbook_rows("textbook-heldout18"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout19(root: Path) -> Iterator[Pair]:
    """A twenty-ninth set of 45 pairs (bench/data/textbook_pairs_heldout19.jsonl: 18
    contradictions, 15 paraphrases, 12 traps) on makers and dates, comparisons with decimal
    commas, rankings by another measure or region, counts and places, written blind by a
    helper agent during the seventeenth session of 2026-11-30: held out (only its counts are
    read). On the tree before that session (1e917d6): 9 of 18 / 9 of 15 / 2 wrong; after
    it: 10 / 10 / 2."""
    for row in _textbook_rows("textbook-heldout19"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_figures(root: Path) -> Iterator[Pair]:
    """A thirtieth set of 45 pairs (bench/data/textbook_pairs_figures.jsonl: 15
    contradictions, 17 paraphrases, 13 traps) on figures as chatbots state them (round
    numbers, counts, estimates, heights with and without antennas), written blind by a
    helper agent during the seventeenth session of 2026-11-30; two traps relabelled
    supported after writing, as their writer flagged (a height and a distance in other
    units, which the numbers convert). Its wrong calls were read (a dev set). Measured
    untouched on the tree before that session (1e917d6): 4 of 15 / 8 of 17 / 2 wrong."""
    for row in _textbook_rows("textbook-figures"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_heldout20(root: Path) -> Iterator[Pair]:
    """Another set of 90 pairs (bench/data/textbook_pairs_heldout20.jsonl: 36
    contradictions, 36 paraphrases, 18 traps) across geography, history, science, sport
    and the arts, in varied constructions, written blind by a helper agent during the
    eighteenth session of 2026-12-01: held out (only its counts are read). On the tree
    before that session (10b6826) and after it: 8 of 36 / 7 of 36 / 0 wrong, the same."""
    for row in _textbook_rows("textbook-heldout20"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_traps6(root: Path) -> Iterator[Pair]:
    """A twenty-eighth set of 90 pairs (bench/data/textbook_pairs_traps6.jsonl: 60 traps, 15
    contradictions, 15 paraphrases) on history, people, sport and film, written blind by a
    helper agent in the sixteenth session of 2026-11-30 to test precision ("respectively",
    "the former", a character and its actor, reported speech, a condition, a namesake).
    Measured untouched first (6 of 15 / 4 of 15 / 11 wrong; 6 / 5 / 13 on the tree before
    the session); then its wrong calls were read and their causes mended: a dev set."""
    for row in _textbook_rows("textbook-traps6"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_ranks(root: Path) -> Iterator[Pair]:
    """42 pairs about ranks, rankings and places (bench/data/textbook_pairs_ranks.jsonl: 14
    contradictions, 7 paraphrases, 21 traps: another measure, scope, time, occasion,
    ranking or chart; a doer's finish; a first place said after another; one of several),
    written by the eleventh session of 2026-11-30 while building the readings of ranks: a
    dev set, its figures no held-out evidence (the wrong calls it records, 16 before, were
    found by probing the rules and the records with them)."""
    for row in _textbook_rows("textbook-ranks"):
        yield row["claim"], [row["evidence"]], row["expected"]


def textbook_constructions(root: Path) -> Iterator[Pair]:
    """258 pairs of common constructions of encyclopedic prose, most with invented names
    (bench/data/textbook_pairs_constructions.jsonl: 115 contradictions, 98 paraphrases, 45
    traps): agent nouns, a life's years in brackets, headcounts, a former role, a span of
    years, ownership, month-first dates, acts named by nouns, another thing of the name, an
    aim's date. Written by the eighth session of 2026-11-29 while building the readings it
    measures: a dev set, its figures no held-out evidence."""
    for row in _textbook_rows("textbook-constructions"):
        yield row["claim"], [row["evidence"]], row["expected"]


def print_textbook(frames: FrameJudge, name: str = "textbook") -> str:
    """Contradictions refuted, paraphrases supported, wrong calls (a refutation or a
    support where another answer was expected)."""
    rows = _textbook_rows(name)
    said = [frames.decide(r["claim"], [r["evidence"]]).label for r in rows]
    by_kind: dict[str, list[bool]] = {}
    wrong = 0
    for r, label in zip(rows, said, strict=True):
        want = {"contradiction": "refuted", "paraphrase": "supported"}.get(r["kind"])
        if want:
            by_kind.setdefault(r["kind"], []).append(label == want)
        if label != "inconclusive" and label != r["expected"]:
            wrong += 1
    c, p = by_kind.get("contradiction", []), by_kind.get("paraphrase", [])
    text = (
        f"{name} pairs: {sum(c)} of {len(c)} contradictions refuted "
        f"({sum(c) / max(1, len(c)):.0%}), {sum(p)} of {len(p)} paraphrases supported "
        f"({sum(p) / max(1, len(p)):.0%}), {wrong} wrong calls"
    )
    print(f"\n{text}")
    return text


FCB_STANCE = {
    "completely-support": "supported",
    "partially-support": "partial",  # part of the claim: inconclusive is right, refuted a false alarm
    "refute": "refuted",
    "irrelevant": "inconclusive",
}


def _fcb_rows(root: Path) -> list[dict[str, object]]:
    path = root / "factcheck-bench-dev" / "stance_dev.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def factcheck_bench(root: Path) -> Iterator[Pair]:
    """Factcheck-Bench (dev half): a claim from a ChatGPT answer against one Google result
    as the checker saw it (page text, menus and all)."""
    for row in _fcb_rows(root):
        yield str(row["claim"]), [str(row["evidence"])], FCB_STANCE[str(row["stance"])]


def factcheck_bench_claims(root: Path) -> Iterator[Pair]:
    """Factcheck-Bench claims with all their Google results at once, as the pipeline judges a
    claim: refuted when a result refutes it and none supports it completely, supported when
    one supports it completely and none refutes it, else inconclusive."""
    by_claim: dict[str, list[dict[str, object]]] = {}
    for row in _fcb_rows(root):
        by_claim.setdefault(str(row["claim"]), []).append(row)
    for claim, rows in by_claim.items():
        stances = {str(r["stance"]) for r in rows}
        refute, support = "refute" in stances, "completely-support" in stances
        gold = (
            "refuted"
            if refute and not support
            else "supported"
            if support and not refute
            else "partial"
            if "partially-support" in stances or (refute and support)
            else "inconclusive"
        )
        yield claim, [str(r["evidence"]) for r in rows], gold


def factool(root: Path) -> Iterator[Pair]:
    """FacTool / FELM (dev half): claims from real ChatGPT answers, labelled true or false by
    people, each against the Google (Serper) snippets FacTool's checker gathered for it (one
    evidence text per snippet). A true claim is scored as supported, a false one as refuted;
    inconclusive is always allowed (most snippets settle neither way)."""
    path = root / "factool-dev" / "responses_dev.jsonl"
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        for claim in row["claims"]:
            snippets = [s for s in claim["snippets"] if s.strip()]
            yield claim["claim"], snippets, "supported" if claim["label"] else "refuted"


def conflict_probability(decision: Decision) -> float | None:
    """The judge's probability that the claim is false, when it saw a conflict: the
    refutation's confidence, or an inconclusive claim's strongest conflict."""
    if decision.label == "refuted":
        return decision.confidence
    lead = decision.lead
    if decision.label == "inconclusive" and not decision.disputed and lead and lead.conflicts:
        return lead.confidence
    return None


_DATED = re.compile(
    r"\b(?:as of|since|by|in|until|currently|today|now|this year|last year|latest)\b[^.]{0,30}\b(?:1[89]|20)\d\d\b"
    r"|\b(?:1[89]|20)\d\d\b[^.]{0,12}\b(?:figures?|census|estimates?|data)\b",
    re.IGNORECASE,
)
_CHROME = re.compile(
    r"\||\b(?:sign in|log in|subscribe|newsletter|menu|share|cookie|advertisement)\b", re.I
)


def alarm_kind(claim: str, decision: Decision) -> str:
    """Which of the issue's seven kinds a false refutation looks like (a rough guess from
    the conflict's label and the sentence, for reading the table; "other" when none fits)."""
    lead = decision.lead
    conflict = lead.conflicts[0] if lead and lead.conflicts else ""
    sentence = (lead.sentence or "") if lead else ""
    mine, _, theirs = conflict.partition(" vs ")
    if conflict.startswith("name "):
        if theirs.casefold() in claim.casefold() or mine[5:].casefold() in sentence.casefold():
            return "1 value in the claim / contained"
        return "1 place or name (other)"
    if ":" in mine:  # "first: X vs Y": an exclusive claim's subject
        return "2 noisy subject" if _CHROME.search(sentence) else "7 superlative scope"
    if _DATED.search(sentence) and not re.search(r"\b(?:1[89]|20)\d\d\b", claim):
        return "6 changes with time"
    if conflict.startswith(("year ", "date ")):
        years = re.findall(r"\b(?:1[5-9]|20)\d\d\b", sentence)
        return "4 several values" if len(set(years)) > 1 else "3 another noun"
    if (conflict and conflict[0].isdigit()) or "%" in conflict:
        return "5 another measure"
    return "other"


def print_alarms(alarms: list[tuple[str, str, str, Decision]]) -> None:
    print(
        f"\nfalse alarms of the frames judge: {len(alarms)} refuted calls on gold supported, "
        "partly supported or irrelevant rows (kind: a rough guess from the conflict)"
    )
    print("| set | gold | kind | p | claim | conflict | evidence sentence |")
    print("|---|---|---|---|---|---|---|")
    for name, gold, claim, d in alarms:
        lead = d.lead
        sentence = " ".join(((lead.sentence or "") if lead else "").split())
        conflict = "; ".join(lead.conflicts) if lead else ""
        print(
            f"| {name} | {gold} | {alarm_kind(claim, d)} | {d.confidence:.2f} | {claim[:90]} | "
            f"{conflict} | {sentence[:160]} |"
        )


def print_reliability(reliability: dict[str, list[tuple[float, bool]]]) -> None:
    """Predicted vs observed precision of the frames judge's conflicts, per confidence bin:
    every claim where it saw a conflict (refuted or not), and whether the claim is false."""
    bins = ((0.0, 0.5), (0.5, 0.6), (0.6, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 1.01))
    print("\nreliability: conflicts by the judge's probability that the claim is false")
    print("| set | " + " | ".join(f"{a:.1f}-{min(b, 1):.1f}" for a, b in bins) + " | p >= 0.8 |")
    print("|---|" + "---|" * (len(bins) + 1))
    for name, rows in reliability.items():
        cells = []
        for a, b in [*bins, (0.8, 1.01)]:
            inside = [y for p, y in rows if a <= p < b]
            mean = sum(p for p, _y in rows if a <= p < b) / len(inside) if inside else 0.0
            cells.append(
                f"{sum(inside)}/{len(inside)} = {sum(inside) / len(inside):.2f} (p {mean:.2f})"
                if inside
                else "-"
            )
        print(f"| {name} | " + " | ".join(cells) + " |")


def guards_of(judgements: Sequence[Judgement], decision: Decision) -> set[str]:
    """The guards that spoke for one claim: in any text's judgement or in the verdict."""
    return {j.guard.guard for j in judgements if j.guard} | (
        {decision.guard.guard} if decision.guard else set()
    )


def print_guards(fired: dict[str, Counter[str]]) -> None:
    """Per guard, the claims it spoke for, by gold label: on true claims a guard keeps a
    conflict from capping a correct answer; on false ones it may cost a refutation."""
    print(
        "\nguards of the frames judge: claims a guard spoke for (dismissed, kept for review or "
        "disputed a conflict), by gold label; 'decided' where it led the verdict"
    )
    print(
        "| guard | stage | action | on true claims | on false claims | on other | decided (true / false) |"
    )
    print("|---|---|---|---|---|---|---|")
    for guard in GUARDS:
        c = fired.get(guard.name, Counter())
        print(
            f"| {guard.name} | {guard.stage} | {guard.action} | {c['supported']} | "
            f"{c['refuted']} | {c['other']} | {c['decided supported']} / {c['decided refuted']} |"
        )


def run_frames(
    frames: FrameJudge, pairs: list[Pair], fired: dict[str, Counter[str]]
) -> list[Decision]:
    """The frames judge's decisions, counting in ``fired`` the guards that spoke."""
    judged = [frames.judge_all(c, e, befores(e)) for c, e, _g in pairs]
    decisions = [aggregate(j, frames.refuted_threshold) for j in judged]
    for js, d, (_c, _e, g) in zip(judged, decisions, pairs, strict=True):
        kind = g if g in ("supported", "refuted") else "other"
        for name in guards_of(js, d):
            fired.setdefault(name, Counter())[kind] += 1
        if d.guard is not None and kind != "other":
            fired.setdefault(d.guard.guard, Counter())[f"decided {kind}"] += 1
    return decisions


def always_inconclusive(claim: str, evidence: Sequence[str]) -> str:
    return "inconclusive"


def word_overlap(claim: str, evidence: Sequence[str]) -> str:
    terms = terms_of(claim)
    best = max((len(terms & terms_of(e)) / len(terms) for e in evidence), default=0) if terms else 0
    return "supported" if best >= 0.6 else "inconclusive"


def scores(gold: list[str], pred: list[str]) -> dict[str, float]:
    out: dict[str, float] = {}
    f1s = []
    for label in LABELS:
        said = sum(p == label for p in pred)
        truth = sum(g == label for g in gold)
        right = sum(p == g == label for p, g in zip(pred, gold, strict=True))
        also = 0
        if label != "supported" and "not_supported" in gold:
            # "not supported": refuted and inconclusive predictions are both right there
            also = sum(p == label and g == "not_supported" for p, g in zip(pred, gold, strict=True))
        if label == "inconclusive":
            # a partly supported claim: inconclusive is right there (supported is not)
            also += sum(p == label and g == "partial" for p, g in zip(pred, gold, strict=True))
        precision = (right + also) / said if said else float("nan")
        recall = right / truth if truth else float("nan")
        out[f"{label}_p"], out[f"{label}_r"], out[f"{label}_n"] = precision, recall, said
        if truth:
            f1s.append(
                0
                if not precision or not recall or precision != precision
                else 2 * precision * recall / (precision + recall)
            )
    out["macro_f1"] = sum(f1s) / len(f1s) if f1s else float("nan")
    return out


def fmt(x: float) -> str:
    return "  -  " if x != x else f"{x:.3f}"


SETS: dict[str, Callable[[Path], Iterator[Pair]]] = {
    "factcheck-bench": factcheck_bench,
    "factcheck-bench-claims": factcheck_bench_claims,
    "factool-dev": factool,
    "claims-dev": claims_dev,
    "covid-fact": covidfact,
    "fever-symmetric": fever_symmetric,
    "climate-fever": climate_fever,
    "healthver": healthver,
    "scifact-rte": scifact,
    "wice": wice,
    "wice-chunks": wice_chunks,
    "textbook": textbook,
    "textbook-heldout": textbook_heldout,
    "textbook-blind": textbook_blind,
    "textbook-traps": textbook_traps,
    "textbook-heldout2": textbook_heldout2,
    "textbook-heldout3": textbook_heldout3,
    "textbook-heldout4": textbook_heldout4,
    "textbook-heldout5": textbook_heldout5,
    "textbook-heldout6": textbook_heldout6,
    "textbook-heldout7": textbook_heldout7,
    "textbook-heldout8": textbook_heldout8,
    "textbook-heldout9": textbook_heldout9,
    "textbook-heldout10": textbook_heldout10,
    "textbook-heldout11": textbook_heldout11,
    "textbook-heldout12": textbook_heldout12,
    "textbook-heldout13": textbook_heldout13,
    "textbook-heldout14": textbook_heldout14,
    "textbook-heldout15": textbook_heldout15,
    "textbook-heldout16": textbook_heldout16,
    "textbook-heldout17": textbook_heldout17,
    "textbook-traps2": textbook_traps2,
    "textbook-traps3": textbook_traps3,
    "textbook-snippets": textbook_snippets,
    "textbook-traps4": textbook_traps4,
    "textbook-snippets2": textbook_snippets2,
    "textbook-traps5": textbook_traps5,
    "textbook-heldout18": textbook_heldout18,
    "textbook-traps6": textbook_traps6,
    "textbook-heldout19": textbook_heldout19,
    "textbook-figures": textbook_figures,
    "textbook-heldout20": textbook_heldout20,
    "textbook-constructions": textbook_constructions,
    "textbook-ranks": textbook_ranks,
}


def _judges(
    frames: FrameJudge, args: argparse.Namespace
) -> dict[str, Callable[[str, Sequence[str]], str]]:
    """The judges compared: frames, the old heuristic, two baselines, and nli or llm when
    asked for."""
    heuristic = HeuristicJudge()
    judges: dict[str, Callable[[str, Sequence[str]], str]] = {
        "frames": lambda c, e: frames.decide(c, e, befores(e)).label,
    }
    if not args.frames_only:
        judges["heuristic (old)"] = lambda c, e: heuristic.decide(c, e).label
        judges["always-inconclusive"] = always_inconclusive
        judges["word-overlap"] = word_overlap
    if args.nli_model:
        from verifier.judges.nli import NliJudge

        nli = NliJudge(args.nli_model, NliJudgeSettings(model_dir=args.nli_model))
        judges["nli"] = lambda c, e: aggregate(nli.judge_all(c, e)).label
    if args.llm:
        import asyncio

        from verifier.judges.llm import LlmJudge

        llm = LlmJudge.from_settings(load_settings().judges.llm)

        def ask(c: str, e: Sequence[str]) -> str:
            found = asyncio.run(llm.judge(c, e, Deadline.after(llm.settings.timeout_s * 3)))
            return aggregate(found).label

        judges["llm"] = ask
    return judges


# Supported recall wanted at precision >= 0.9 (issue 34), per set
SUPPORT_TARGETS = {"claims-dev": 0.40, "factcheck-bench": 0.30, "factool-dev": 0.25, "wice": 0.20}
# Refuted recall the judge had before issue 34 (keep at least this, at precision >= 0.85)
REFUTED_FLOOR = {"claims-dev": 39 / 108, "covid-fact": 19 / 2790}


def recall_at(decisions: Sequence[Decision], gold: Sequence[str], precision: float = 0.9) -> float:
    """Supported recall at the most confident cut-off where supported precision is at least
    ``precision`` (0 when no cut-off reaches it)."""
    total = sum(g == "supported" for g in gold)
    said = sorted(
        (
            (d.confidence, g == "supported")
            for d, g in zip(decisions, gold, strict=True)
            if d.label == "supported"
        ),
        key=lambda x: -x[0],
    )
    best = right = 0
    for n, (_c, ok) in enumerate(said, 1):
        right += ok
        if right / n >= precision:
            best = max(best, right)
    return best / total if total else float("nan")


def whole_page_rate(frames: FrameJudge, root: Path) -> tuple[float, list[float]]:
    """Claim-page pairs per CPU-second on WiCE's whole pages, sentence caches cleared (a
    worker's word caches are warm after its first pages, its sentence caches are not:
    every page is new); the median of three runs."""
    pages = list(wice_pages(root))
    for claim, passages_ in pages:
        frames.decide(claim, passages_)
    rates = []
    for _run in range(3):
        frame_of.cache_clear()
        values_in.cache_clear()
        clear_sentence_cache()
        clear_record_cache()
        started = time.process_time()
        for claim, passages_ in pages:
            frames.decide(claim, passages_)
        rates.append(len(pages) / (time.process_time() - started))
    return sorted(rates)[1], rates


@dataclass
class Tally:
    """What the summary reads: per set, the frames judge's figures."""

    refuted: dict[str, tuple[float, int, float]] = field(default_factory=dict)  # P, n, R
    support: dict[str, tuple[float, float, float, int]] = field(default_factory=dict)
    alarms: list[tuple[str, str, str, Decision]] = field(default_factory=list)
    reliability: dict[str, list[tuple[float, bool]]] = field(default_factory=dict)
    fired: dict[str, Counter[str]] = field(default_factory=dict)

    def add(self, name: str, pairs: list[Pair], decisions: list[Decision]) -> None:
        gold = [g for _c, _e, g in pairs]
        s = scores(gold, [d.label for d in decisions])
        if "not_supported" not in gold and "refuted" in gold:
            self.refuted[name] = (s["refuted_p"], int(s["refuted_n"]), s["refuted_r"])
        if "supported" in gold:
            self.support[name] = (
                s["supported_p"],
                s["supported_r"],
                recall_at(decisions, gold),
                int(s["supported_n"]),
            )
        if "not_supported" not in gold:
            self.reliability[name] = [
                (p, g == "refuted")
                for d, g in zip(decisions, gold, strict=True)
                if (p := conflict_probability(d)) is not None
            ]
        self.alarms += [
            (name, g, c, d)
            for (c, _e, g), d in zip(pairs, decisions, strict=True)
            if d.label == "refuted" and g not in ("refuted", "not_supported")
        ]


def run_set(
    name: str,
    pairs: list[Pair],
    judges: dict[str, Callable[[str, Sequence[str]], str]],
    frames: FrameJudge,
    tally: Tally,
) -> None:
    gold = [g for _c, _e, g in pairs]
    passages = sum(len(e) for _c, e, _g in pairs)
    print(
        f"\n{name}: {len(pairs)} claims ({passages:,} claim-passage pairs), gold {dict(Counter(gold))}"
    )
    print(
        "| judge | sup P | sup R | sup R at P>=0.9 | ref P | ref R | inc P | inc R | macro-F1 | "
        "said refuted | claim-passage pairs/s |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for judge_name, judge in judges.items():
        started = time.perf_counter()
        decisions: list[Decision] = []
        if judge_name == "frames":
            decisions = run_frames(frames, pairs, tally.fired)
            pred: list[str] = [d.label for d in decisions]
        else:
            pred = [judge(c, e) for c, e, _g in pairs]
        took = time.perf_counter() - started
        s = scores(gold, pred)
        ref_p = s["refuted_p"] if "not_supported" not in gold else float("nan")
        at = fmt(recall_at(decisions, gold)) if decisions else "  -  "
        print(
            f"| {judge_name} | {fmt(s['supported_p'])} | {fmt(s['supported_r'])} | {at} | "
            f"{fmt(ref_p)} | {fmt(s['refuted_r'])} | {fmt(s['inconclusive_p'])} | "
            f"{fmt(s['inconclusive_r'])} | {fmt(s['macro_f1'])} | {int(s['refuted_n'])} | "
            f"{passages / took:,.0f} |"
        )
        if judge_name == "frames":
            tally.add(name, pairs, decisions)


def summary(tally: Tally, page_rate: float) -> tuple[str, bool]:
    """The issue's targets, each with its figure."""
    checks: list[tuple[str, bool]] = []
    for name, (p, n, _r) in tally.refuted.items():
        if n >= 5:
            checks.append((f"refuted precision {name} {p:.2f} of {n} (>= 0.85)", p >= 0.85))
    for name, floor in REFUTED_FLOOR.items():
        if name in tally.refuted:
            _p, _n, r = tally.refuted[name]
            checks.append((f"refuted recall {name} {r:.3f} (>= {floor})", r >= floor - 1e-9))
    fcb = sum(1 for set_, g, _c, _d in tally.alarms if set_ == "factcheck-bench")
    if "factcheck-bench" in tally.support:
        checks.append(
            (f"factcheck-bench refuted on support/irrelevant/partial {fcb} (0)", fcb == 0)
        )
    for name, want in SUPPORT_TARGETS.items():
        if name in tally.support:
            _p, _r, at, _n = tally.support[name]
            checks.append((f"supported recall at P>=0.9 {name} {at:.3f} (>= {want})", at >= want))
    checks.append((f"{page_rate:,.0f} claim-page pairs per CPU-second (>= 500)", page_rate >= 500))
    ok = all(c for _t, c in checks)
    text = "; ".join(f"{t} {'ok' if c else 'MISSED'}" for t, c in checks)
    return text, ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=0, help="pairs per data set (0: all)")
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated data sets")
    parser.add_argument("--show", type=int, default=0, help="print N false refutations per set")
    parser.add_argument("--nli-model", help="add the nli judge with this model directory")
    parser.add_argument("--llm", action="store_true", help="add the llm judge ([judges.llm])")
    parser.add_argument(
        "--no-records", action="store_true", help="the frames judge without the parse's records"
    )
    parser.add_argument(
        "--frames-only", action="store_true", help="only the frames judge (no baselines)"
    )
    args = parser.parse_args()
    root = DATA.resolve()
    if not root.is_dir():
        print(f"claims data not found at {root}; nothing to measure")
        return 0
    frames = FrameJudge(records=not args.no_records)
    judges = _judges(frames, args)
    tally = Tally()
    for name in args.sets.split(","):
        pairs = list(SETS[name](root))
        run_set(name, pairs[: args.limit] if args.limit else pairs, judges, frames, tally)
    for name in TEXTBOOK_FILES:
        if name in args.sets.split(","):
            print_textbook(frames, name)
    print_alarms(tally.alarms)
    print_guards(tally.fired)
    print_reliability(tally.reliability)
    page_rate, rates = whole_page_rate(frames, root)
    print(
        f"\nwhole pages: frames judged WiCE claims against every passage of their page "
        f"(sentence caches cleared): {page_rate:,.0f} claim-page pairs per CPU-second (median of "
        f"3; runs {', '.join(f'{r:,.0f}' for r in rates)})"
    )
    text, ok = summary(tally, page_rate)
    print(f"\nsummary: frames judge: {text} -> {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
