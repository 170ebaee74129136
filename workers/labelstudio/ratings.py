"""The round trip: raters' finished annotations read back from Label Studio, each paired
with verifier's prediction for its task (and, by the prediction's report link, the full
report), and the agreement between the two. Pure functions; the command is in
:mod:`.commands`.

A span is the same span when its start, end and label are: a prediction's span the rater
left in place is *kept*, one the rater deleted, moved or relabelled is *removed*, and a
span in the annotation that the prediction did not have is *added* (a moved or relabelled
span counts once as removed and once as added). A rating agrees *exactly* when the rater's
1-7 rating equals the suggested one, *within one* when it is off by at most one.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

__all__ = [
    "Agreement",
    "agreement",
    "agreement_text",
    "our_prediction",
    "rating_rows",
    "report_json_url",
]

_LINK = re.compile(r"https?://\S+/labelstudio/reports/[0-9A-Za-z-]+\?sig=[0-9a-f]+")
SpanKey = tuple[int, int, str]


def our_prediction(task: Mapping[str, Any]) -> dict[str, Any] | None:
    """The task's newest prediction made by verifier (its model version says so)."""
    ours = [
        p
        for p in task.get("predictions") or []
        if str(p.get("model_version", "")).startswith("verifier ")
    ]
    return max(ours, key=lambda p: (str(p.get("created_at", "")), p.get("id", 0))) if ours else None


def _spans(result: Iterable[Mapping[str, Any]]) -> dict[SpanKey, str]:
    out = {}
    for item in result:
        value = item.get("value") or {}
        if item.get("type") != "labels" or "start" not in value:
            continue
        for label in value.get("labels") or []:
            out[(int(value["start"]), int(value["end"]), str(label))] = str(value.get("text", ""))
    return out


def _rating(result: Iterable[Mapping[str, Any]]) -> int | None:
    for item in result:
        if item.get("type") == "rating" and "rating" in (item.get("value") or {}):
            return int(item["value"]["rating"])
    return None


def _texts(result: Iterable[Mapping[str, Any]]) -> list[str]:
    return [
        str(text)
        for item in result
        if item.get("type") == "textarea"
        for text in (item.get("value") or {}).get("text") or []
    ]


def _listed(spans: dict[SpanKey, str], keys: Iterable[SpanKey]) -> list[dict[str, Any]]:
    return [
        {"start": k[0], "end": k[1], "label": k[2], "text": spans[k]}
        for k in sorted(keys, key=lambda k: (k[0], k[1], k[2]))
    ]


def rating_rows(
    tasks: Iterable[Mapping[str, Any]], users: Mapping[int, str]
) -> list[dict[str, Any]]:
    """One row per finished (not skipped) annotation, paired with verifier's prediction."""
    rows = []
    for task in tasks:
        prediction = our_prediction(task)
        predicted = _spans(prediction["result"]) if prediction else {}
        texts = _texts(prediction["result"]) if prediction else []
        link = next((m.group(0) for t in texts for m in [_LINK.search(t)] if m), None)
        data = task.get("data") or {}
        for annotation in task.get("annotations") or []:
            if annotation.get("was_cancelled"):
                continue
            result = annotation.get("result") or []
            given = _spans(result)
            rater = annotation.get("completed_by")
            rows.append(
                {
                    "task_id": task.get("id"),
                    "request_id": data.get("request_id"),
                    "annotation_id": annotation.get("id"),
                    "rater": users.get(rater, rater) if isinstance(rater, int) else rater,
                    "rating": _rating(result),
                    "suggested_rating": _rating(prediction["result"]) if prediction else None,
                    "spans": {
                        "kept": _listed(given, given.keys() & predicted.keys()),
                        "removed": _listed(predicted, predicted.keys() - given.keys()),
                        "added": _listed(given, given.keys() - predicted.keys()),
                    },
                    "justification": _texts(result),
                    "model_version": prediction.get("model_version") if prediction else None,
                    "report_url": link,
                    "updated_at": annotation.get("updated_at"),
                }
            )
    return rows


def report_json_url(link: str) -> str:
    """The report (JSON) behind a prediction's link to the rater's page."""
    parts = urlsplit(link)
    return urlunsplit(parts._replace(path=parts.path.rstrip("/") + "/report.json"))


@dataclass
class Agreement:
    annotations: int = 0
    without_prediction: int = 0
    rated: int = 0  # both a rater's and a suggested rating
    exact: int = 0
    within_one: int = 0
    rater_higher: int = 0
    rater_lower: int = 0
    difference_sum: int = 0
    spans: dict[str, Counter[str]] = field(default_factory=dict)

    @property
    def mean_difference(self) -> float | None:
        return self.difference_sum / self.rated if self.rated else None


def agreement(rows: Iterable[Mapping[str, Any]]) -> Agreement:
    figures = Agreement()
    for row in rows:
        figures.annotations += 1
        if row.get("model_version") is None:
            figures.without_prediction += 1
            continue
        rating, suggested = row.get("rating"), row.get("suggested_rating")
        if rating is not None and suggested is not None:
            figures.rated += 1
            difference = int(rating) - int(suggested)
            figures.difference_sum += difference
            figures.exact += difference == 0
            figures.within_one += abs(difference) <= 1
            figures.rater_higher += difference > 0
            figures.rater_lower += difference < 0
        for kind in ("kept", "removed", "added"):
            for span in row["spans"][kind]:
                figures.spans.setdefault(span["label"], Counter())[kind] += 1
    return figures


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f}%)" if whole else "-"


def agreement_text(figures: Agreement) -> str:
    """The figures as a short table for the terminal."""
    lines = [
        f"annotations: {figures.annotations} ({figures.without_prediction} on tasks without verifier's prediction)",
        f"rating, rater vs suggested: exact {_share(figures.exact, figures.rated)}, within one {_share(figures.within_one, figures.rated)}",
    ]
    if figures.rated:
        lines.append(
            f"  rater higher {figures.rater_higher}, lower {figures.rater_lower}, mean difference {figures.mean_difference:+.2f}"
        )
    if figures.spans:
        width = max(len(label) for label in figures.spans)
        lines.append(
            f"{'spans by label':<{width + 2}}  suggested  kept  removed  added  kept share"
        )
        for label in sorted(figures.spans):
            c = figures.spans[label]
            suggested = c["kept"] + c["removed"]
            share = f"{100 * c['kept'] / suggested:.0f}%" if suggested else "-"
            lines.append(
                f"  {label:<{width}}  {suggested:>9}  {c['kept']:>4}  {c['removed']:>7}  {c['added']:>5}  {share:>10}"
            )
    return "\n".join(lines) + "\n"
