"""Benchmark: PAN 2013 text alignment (verbatim part), PAN-09 measures.

Reads ``../shared/data/plagiarism/pan13-verbatim`` (the 382 pairs whose offsets line up),
checks each suspicious document against its source with ``verifier.plagiarism.detect``
(the configured defaults; no prompt), takes the counted matches as detections, and scores
them against the truth at the character level:
precision and recall over cases, granularity, and plagdet = F1 / log2(1 + granularity),
as defined by Potthast et al. (2010). Prints a table and a one-line summary.

Run: ``python bench/plagiarism_pan.py [--data DIR] [--min-words N]``.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from verifier.config import PlagiarismSettings
from verifier.plagiarism.detect import SourceText, detect

DEFAULT_DATA = (
    Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "plagiarism" / "pan13-verbatim"
)


@dataclass(frozen=True)
class Span:
    """A case or detection: characters of the suspicious and of the source document."""

    doc: str
    susp: range
    src: range

    def size(self) -> int:
        return len(self.susp) + len(self.src)


def _overlap(a: range, b: range) -> range:
    return range(max(a.start, b.start), min(a.stop, b.stop))


def detects(r: Span, s: Span) -> bool:
    return r.doc == s.doc and len(_overlap(r.susp, s.susp)) > 0 and len(_overlap(r.src, s.src)) > 0


def _union_size(ranges: list[range]) -> int:
    total, end = 0, -1
    for rg in sorted(ranges, key=lambda x: x.start):
        if rg.stop <= end:
            continue
        total += rg.stop - max(rg.start, end)
        end = rg.stop
    return total


def pan_measures(cases: list[Span], detections: list[Span]) -> dict[str, float]:
    """Character-level macro precision and recall, granularity and plagdet (PAN-09)."""

    def covered(target: Span, others: list[Span]) -> int:
        hits = [o for o in others if detects(o, target)]
        susp = _union_size([_overlap(o.susp, target.susp) for o in hits])
        src = _union_size([_overlap(o.src, target.src) for o in hits])
        return susp + src

    by_doc: dict[str, list[Span]] = {}
    for d in detections:
        by_doc.setdefault(d.doc, []).append(d)
    cases_by_doc: dict[str, list[Span]] = {}
    for c in cases:
        cases_by_doc.setdefault(c.doc, []).append(c)
    recall = sum(covered(s, by_doc.get(s.doc, [])) / s.size() for s in cases) / len(cases)
    precision = (
        sum(covered(r, cases_by_doc.get(r.doc, [])) / r.size() for r in detections)
        / len(detections)
        if detections
        else 0.0
    )
    detected = [s for s in cases if any(detects(r, s) for r in by_doc.get(s.doc, []))]
    gran = (
        sum(sum(detects(r, s) for r in by_doc.get(s.doc, [])) for s in detected) / len(detected)
        if detected
        else 1.0
    )
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {
        "precision": precision,
        "recall": recall,
        "granularity": gran,
        "f1": f1,
        "plagdet": f1 / math.log2(1 + gran),
        "cases": len(cases),
        "detected": len(detected),
        "detections": len(detections),
    }


_FEATURE = re.compile(r"<feature\b([^>]*)/>")
_ATTR = re.compile(r'(\w+)="([^"]*)"')


def load(data: Path) -> list[tuple[str, str, list[Span]]]:
    pairs = []
    for line in (data / "consistent_pairs.txt").read_text().split():
        stem = line.removesuffix(".xml")
        xml = (data / "truth" / line).read_text(encoding="utf-8")
        susp = re.search(r'reference="([^"]+)"', xml)
        assert susp is not None
        cases = []
        src_name = ""
        for m in _FEATURE.finditer(xml):
            attrs = dict(_ATTR.findall(m.group(1)))
            if attrs.get("name") != "plagiarism":
                continue
            src_name = attrs["source_reference"]
            to, tl = int(attrs["this_offset"]), int(attrs["this_length"])
            so, sl = int(attrs["source_offset"]), int(attrs["source_length"])
            cases.append(Span(stem, range(to, to + tl), range(so, so + sl)))
        if src_name:
            pairs.append((susp.group(1), src_name, cases))
    return pairs


def measure(data: Path, settings: PlagiarismSettings) -> dict[str, float]:
    """The PAN-09 measures of ``detect``'s counted matches over the consistent pairs, with
    the pairs, the detections by kind and the seconds taken."""
    cases: list[Span] = []
    detections: list[Span] = []
    kinds: dict[str, int] = {}
    started = time.perf_counter()
    pairs = load(data)
    for susp_name, src_name, truth in pairs:
        stem = truth[0].doc if truth else f"{susp_name}-{src_name}"
        susp = (data / "susp" / susp_name).read_text(encoding="utf-8")
        src = SourceText(
            src_name, src_name, src_name, (data / "src" / src_name).read_text(encoding="utf-8")
        )
        cases.extend(truth)
        for m in detect(susp, "", [src], settings).matches:
            if not m.counted:
                continue
            kinds[m.kind] = kinds.get(m.kind, 0) + 1
            detections.append(
                Span(
                    stem,
                    range(m.response_start, m.response_end),
                    range(m.source_start, m.source_end),
                )
            )
    scores = pan_measures(cases, detections)
    return {
        **scores,
        **{f"kind {k}": v for k, v in kinds.items()},
        "pairs": len(pairs),
        "seconds": time.perf_counter() - started,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--min-words", type=int, default=PlagiarismSettings().min_match_words)
    args = parser.parse_args()
    data = args.data.resolve()
    if not (data / "consistent_pairs.txt").is_file():
        print(f"PAN data not found at {data}; nothing to measure (pass --data DIR)")
        return 0
    scores = measure(data, PlagiarismSettings(min_match_words=args.min_words))
    kinds = {k.removeprefix("kind "): int(v) for k, v in scores.items() if k.startswith("kind ")}
    print(
        "| pairs | cases | detected | detections | precision | recall | granularity | plagdet | seconds |"
    )
    print(
        "|-------|-------|----------|------------|-----------|--------|-------------|---------|---------|"
    )
    print(
        f"| {scores['pairs']:.0f} | {scores['cases']:.0f} | {scores['detected']:.0f} | "
        f"{scores['detections']:.0f} | "
        f"{scores['precision']:.4f} | {scores['recall']:.4f} | {scores['granularity']:.4f} | "
        f"{scores['plagdet']:.4f} | {scores['seconds']:.1f} |"
    )
    print(f"detections by kind: {kinds}; min match {args.min_words} words")
    ok = scores["plagdet"] >= 0.95
    print(
        f"summary: PAN13 verbatim, {scores['pairs']:.0f} pairs: plagdet {scores['plagdet']:.4f} "
        f"(target >= 0.95), precision {scores['precision']:.4f}, recall {scores['recall']:.4f}, "
        f"granularity {scores['granularity']:.4f} -> {'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
