"""The round trip: raters' finished annotations read back from Label Studio, each paired
with verifier's prediction for its task (and, by the prediction's report link, the full
report), and the agreement between the two. Pure functions; the command is in
:mod:`.commands`.

A span is the same span when its start, end and label are: a prediction's span the rater
left in place is *kept*, one the rater deleted, moved or relabelled is *removed*, and a
span in the annotation that the prediction did not have is *added* (a moved or relabelled
span counts once as removed and once as added). A rating agrees *exactly* when the rater's
1-7 rating equals the suggested one, *within one* when it is off by at most one.

Whether the rater saw the suggestion is read from the annotation: Label Studio records the
prediction it was pre-filled from (``parent_prediction``) and where each region came from
(``origin``: ``prediction``, ``prediction-changed``, ``manual``). A rating submitted as
pre-filled agrees with the suggestion by construction, so agreement is given apart for
raters who saw it and raters who rated blind (``labelstudio init --blind``).

Agreement between raters: for each pair of raters, on the tasks both rated (a rater's
latest annotation of a task), exact and within-one agreement; over all raters,
Krippendorff's alpha for ordinal data (the ``krippendorff`` package).
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

__all__ = [
    "Agreement",
    "Paired",
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


def _rating_item(result: Iterable[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    for item in result:
        if item.get("type") == "rating" and "rating" in (item.get("value") or {}):
            return item
    return None


def _rating(result: Iterable[Mapping[str, Any]]) -> int | None:
    item = _rating_item(result)
    return int(item["value"]["rating"]) if item is not None else None


def _shown(annotation: Mapping[str, Any]) -> bool:
    """Whether the rater saw verifier's suggestion: the annotation was pre-filled from a
    prediction, or holds a region that came from one."""
    return annotation.get("parent_prediction") is not None or any(
        str(item.get("origin") or "").startswith("prediction")
        for item in annotation.get("result") or []
    )


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
            rated = _rating_item(result)
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
                    "suggestion_shown": prediction is not None and _shown(annotation),
                    # prediction: submitted as pre-filled; prediction-changed; manual
                    "rating_origin": (rated.get("origin") or "manual") if rated else None,
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
class Paired:
    """Ratings compared pairwise: how many pairs, how many equal, how many off by one at
    most, and the sum of their differences (first minus second)."""

    pairs: int = 0
    exact: int = 0
    within_one: int = 0
    difference_sum: int = 0
    absolute_sum: int = 0

    def add(self, first: int, second: int) -> None:
        difference = first - second
        self.pairs += 1
        self.exact += difference == 0
        self.within_one += abs(difference) <= 1
        self.difference_sum += difference
        self.absolute_sum += abs(difference)


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
    shown: Paired = field(default_factory=Paired)  # raters who saw the suggestion
    blind: Paired = field(default_factory=Paired)  # raters who rated without it
    as_suggested: int = 0  # ratings submitted as pre-filled, untouched
    raters: int = 0  # raters who rated a task another rater rated too
    between: dict[tuple[str, str], Paired] = field(default_factory=dict)  # each pair of raters
    alpha: float | None = None  # Krippendorff's alpha (ordinal) over every rater and task
    alpha_tasks: int = 0  # the tasks it is computed over (rated by two raters or more)
    spans: dict[str, Counter[str]] = field(default_factory=dict)

    @property
    def mean_difference(self) -> float | None:
        return self.difference_sum / self.rated if self.rated else None


def agreement(rows: Iterable[Mapping[str, Any]]) -> Agreement:
    figures = Agreement()
    rows = list(rows)
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
            (figures.shown if row.get("suggestion_shown") else figures.blind).add(
                int(rating), int(suggested)
            )
            figures.as_suggested += row.get("rating_origin") == "prediction"
        for kind in ("kept", "removed", "added"):
            for span in row["spans"][kind]:
                figures.spans.setdefault(span["label"], Counter())[kind] += 1
    _between_raters(rows, figures)
    return figures


def _latest_ratings(rows: Iterable[Mapping[str, Any]]) -> dict[str, dict[Any, int]]:
    """rater -> task -> their rating (a rater's latest annotation of a task)."""
    latest: dict[tuple[str, Any], tuple[str, int]] = {}
    for row in rows:
        if row.get("rating") is None or row.get("rater") is None:
            continue
        key = (str(row["rater"]), row.get("task_id"))
        stamp = str(row.get("updated_at") or "")
        if key not in latest or stamp >= latest[key][0]:
            latest[key] = (stamp, int(row["rating"]))
    by_rater: dict[str, dict[Any, int]] = {}
    for (rater, task), (_stamp, rating) in latest.items():
        by_rater.setdefault(rater, {})[task] = rating
    return by_rater


def _between_raters(rows: Iterable[Mapping[str, Any]], figures: Agreement) -> None:
    """Each pair of raters on the tasks both rated, and Krippendorff's alpha over all."""
    by_rater = _latest_ratings(rows)
    names = sorted(by_rater)
    for a, b in itertools.combinations(names, 2):
        common = by_rater[a].keys() & by_rater[b].keys()
        if common:
            pair = figures.between.setdefault((a, b), Paired())
            for task in common:
                pair.add(by_rater[a][task], by_rater[b][task])
    tasks = sorted(
        {t for ratings in by_rater.values() for t in ratings},
        key=str,
    )
    shared = [t for t in tasks if sum(t in by_rater[r] for r in names) >= 2]
    figures.raters = len({r for pair in figures.between for r in pair})
    figures.alpha_tasks = len(shared)
    if not shared:
        return
    import krippendorff  # numpy comes with it: loaded only for these figures
    import numpy as np

    matrix = np.array([[by_rater[r].get(t, np.nan) for t in shared] for r in names], dtype=float)
    values = {int(v) for v in matrix.flatten() if not np.isnan(v)}
    if len(values) < 2:  # every rating the same: no disagreement to expect, alpha undefined
        return
    figures.alpha = float(
        krippendorff.alpha(
            reliability_data=matrix, value_domain=list(range(1, 8)), level_of_measurement="ordinal"
        )
    )


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f}%)" if whole else "-"


def _paired(p: Paired) -> str:
    return f"exact {_share(p.exact, p.pairs)}, within one {_share(p.within_one, p.pairs)}"


def agreement_text(figures: Agreement) -> str:
    """The figures as a short table for the terminal."""
    lines = [
        f"annotations: {figures.annotations} ({figures.without_prediction} on tasks without verifier's prediction)",
        f"rating, rater vs suggested: exact {_share(figures.exact, figures.rated)}, within one {_share(figures.within_one, figures.rated)}",
    ]
    if figures.rated:
        lines += [
            f"  rater higher {figures.rater_higher}, lower {figures.rater_lower}, mean difference {figures.mean_difference:+.2f}",
            f"  suggestion shown (pre-filled): {_paired(figures.shown)}; submitted as suggested {figures.as_suggested}",
            f"  suggestion not shown (blind): {_paired(figures.blind)}",
        ]
    if figures.between:
        alpha = f"{figures.alpha:.2f}" if figures.alpha is not None else "-"
        lines.append(
            f"rating, rater vs rater: {figures.raters} raters; Krippendorff's alpha (ordinal) {alpha} over {figures.alpha_tasks} task(s) rated twice or more"
        )
        for (a, b), pair in sorted(figures.between.items()):
            mean = pair.absolute_sum / pair.pairs
            lines.append(
                f"  {a} vs {b}: {pair.pairs} task(s), {_paired(pair)}, mean |difference| {mean:.2f}"
            )
    else:
        lines.append("rating, rater vs rater: no task rated by two raters")
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
