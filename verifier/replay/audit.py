"""Audits: replay a stored report from its snapshots, or re-run it fresh, and compare.

:func:`decision_content` is what a verdict depends on (claims, spans, verdicts, signals,
the rubric result), without timings and ids; :func:`digest` hashes it, so a replay with
the same code and config reproduces the original's digest. :func:`diff` says what
changed between two reports: claims whose verdict changed, evidence sources added or
gone, the copied share and the rubric result, and each setting that differs.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from verifier.config import Settings, flatten
from verifier.pipeline import check
from verifier.replay.runtime import replay_runtime
from verifier.runtime import Runtime
from verifier.schema import CheckRequest, Report
from verifier.snapshots.base import SnapshotStore

__all__ = ["config_diff", "decision_content", "diff", "digest", "replay", "rerun"]

_NO_CONFIG = "the original report does not record its settings (made before provenance.config); compare config_digest by hand"


def decision_content(report: dict[str, Any]) -> dict[str, Any]:
    claims = [
        {
            "id": c["id"],
            "start": c["start"],
            "end": c["end"],
            "claim": c.get("claim"),
            "check_worthy": c["check_worthy"],
            "evidence": [(e["url"], e["snapshot_id"], e["start"], e["end"]) for e in c["evidence"]],
            "verdict": None
            if c.get("verdict") is None
            else {k: c["verdict"][k] for k in ("label", "confidence", "disputed", "quotes")},
        }
        for c in report["claims"]
    ]
    truth = dict(report["truthfulness"])
    plagiarism = {k: v for k, v in report["plagiarism"].items() if k not in ("searches", "pages")}
    rubric = report.get("rubric") or {}
    return {
        "claims": claims,
        "truthfulness": truth,
        "plagiarism": plagiarism,
        "rubric": {k: rubric.get(k) for k in ("score", "max_score", "applied", "needs_review")},
    }


def digest(report: dict[str, Any]) -> str:
    canonical = json.dumps(decision_content(report), sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


def _sources(report: dict[str, Any]) -> set[str]:
    return {e["url"] for c in report["claims"] for e in c["evidence"]} | {
        s["url"] for s in report["plagiarism"]["sources"]
    }


def config_diff(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]] | None:
    """Each setting the two reports ran with differently, ``{"setting", "before", "after"}``
    (a setting one of them lacks is ``None`` there), in setting order; None when a report
    does not record its settings (made before ``provenance.config``)."""
    a, b = before["provenance"].get("config"), after["provenance"].get("config")
    if a is None or b is None:
        return None
    flat_a, flat_b = flatten(a), flatten(b)
    return [
        {"setting": key, "before": flat_a.get(key), "after": flat_b.get(key)}
        for key in sorted(flat_a.keys() | flat_b.keys())
        if flat_a.get(key) != flat_b.get(key)
    ]


def diff(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What changed from ``before`` to ``after`` (claims are matched by span).

    ``config_changed`` is true when a setting differs (``config_diff`` names each, with
    both values), false when none does, and None when the original report does not record
    its settings (``config_note`` says so)."""
    old = {(c["start"], c["end"]): c for c in before["claims"]}
    changed = []
    for claim in after["claims"]:
        was = old.get((claim["start"], claim["end"]))
        a = (was or {}).get("verdict") or {}
        b = claim.get("verdict") or {}
        if a.get("label") != b.get("label"):
            changed.append(
                {
                    "claim_id": claim["id"],
                    "text": claim["text"],
                    "before": a.get("label"),
                    "after": b.get("label"),
                }
            )
    src_a, src_b = _sources(before), _sources(after)
    settings = config_diff(before, after)
    rub_a, rub_b = before.get("rubric") or {}, after.get("rubric") or {}
    return {
        "same_decisions": digest(before) == digest(after),
        "digest_before": digest(before),
        "digest_after": digest(after),
        "verdicts_changed": changed,
        "sources_added": sorted(src_b - src_a),
        "sources_gone": sorted(src_a - src_b),
        "copied_share": {
            "before": before["plagiarism"]["copied_share"],
            "after": after["plagiarism"]["copied_share"],
        },
        "rubric": {
            "before": {"score": rub_a.get("score"), "max_score": rub_a.get("max_score")},
            "after": {"score": rub_b.get("score"), "max_score": rub_b.get("max_score")},
        },
        "config_changed": None if settings is None else bool(settings),
        "config_diff": settings or [],
        **({"config_note": _NO_CONFIG} if settings is None else {}),
        "code_changed": before["provenance"]["verifier_version"]
        != after["provenance"]["verifier_version"],
    }


def _request(report: Report) -> CheckRequest:
    r = report.request
    return CheckRequest(r["response"], r.get("prompt", ""), r.get("id"), dict(r.get("flags") or {}))


async def replay(
    original: dict[str, Any], snapshots: SnapshotStore, settings: Settings
) -> dict[str, Any]:
    """Rebuild the report from its stored snapshots (no network) and compare."""
    report = Report.from_dict(original)
    again = await check(_request(report), replay_runtime(report, snapshots, settings))
    return {"mode": "replay", "report": again.to_dict(), **diff(original, again.to_dict())}


async def rerun(original: dict[str, Any], runtime: Runtime) -> dict[str, Any]:
    """Gather fresh evidence for the same request and compare."""
    report = Report.from_dict(original)
    again = await check(_request(report), runtime)
    return {"mode": "rerun", "report": again.to_dict(), **diff(original, again.to_dict())}
