from __future__ import annotations

from typing import Any

from workers.labelstudio.ratings import (
    agreement,
    agreement_text,
    our_prediction,
    rating_rows,
    report_json_url,
)

LINK = "http://verifier:8750/labelstudio/reports/0b5c6f1e-1111-2222-3333-444455556666?sig=0a1b2c"


def span(start: int, end: int, label: str, text: str = "t") -> dict[str, Any]:
    value = {"start": start, "end": end, "text": text, "labels": [label]}
    return {"from_name": "spans", "to_name": "response", "type": "labels", "value": value}


def rating(n: int) -> dict[str, Any]:
    return {"from_name": "rating", "to_name": "response", "type": "rating", "value": {"rating": n}}


def text(*lines: str) -> dict[str, Any]:
    return {"from_name": "justification", "type": "textarea", "value": {"text": list(lines)}}


def task(n: int, prediction: list[dict[str, Any]] | None, *annotations: Any) -> dict[str, Any]:
    predictions = (
        [{"id": n, "model_version": "verifier 1 config x", "result": prediction}]
        if prediction is not None
        else []
    )
    return {
        "id": n,
        "data": {"request_id": f"r{n}", "response": "..."},
        "predictions": predictions,
        "annotations": list(annotations),
    }


def annotation(n: int, result: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"id": n, "completed_by": 7, "result": result, "was_cancelled": False, **extra}


PREDICTED = [
    span(0, 10, "Claim: refuted"),
    span(5, 20, "Copied (identical)"),
    rating(3),
    text("Rated 3: ...", f"Full report: {LINK}"),
]


def test_rows_pair_each_finished_annotation_with_the_prediction() -> None:
    tasks = [
        task(
            1,
            PREDICTED,
            # kept the copy, moved the claim's end, rated one higher
            annotation(
                11, [span(5, 20, "Copied (identical)"), span(0, 12, "Claim: refuted"), rating(4)]
            ),
            annotation(12, [], was_cancelled=True),  # skipped: not a rating
        ),
        task(2, PREDICTED, annotation(21, [*PREDICTED[:2], rating(3)])),
        task(3, None, annotation(31, [rating(5)])),  # no prediction of verifier's
    ]
    rows = rating_rows(tasks, {7: "alice@example.com"})
    assert [r["annotation_id"] for r in rows] == [11, 21, 31]
    first = rows[0]
    assert first["rater"] == "alice@example.com"
    assert (first["rating"], first["suggested_rating"]) == (4, 3)
    assert [s["label"] for s in first["spans"]["kept"]] == ["Copied (identical)"]
    assert [(s["start"], s["end"]) for s in first["spans"]["removed"]] == [(0, 10)]
    assert [(s["start"], s["end"]) for s in first["spans"]["added"]] == [(0, 12)]
    assert first["report_url"] == LINK
    assert rows[2]["model_version"] is None

    figures = agreement(rows)
    assert (figures.annotations, figures.without_prediction, figures.rated) == (3, 1, 2)
    assert (figures.exact, figures.within_one, figures.rater_higher) == (1, 2, 1)
    assert figures.mean_difference == 0.5
    assert dict(figures.spans["Claim: refuted"]) == {"kept": 1, "removed": 1, "added": 1}
    assert dict(figures.spans["Copied (identical)"]) == {"kept": 2}
    table = agreement_text(figures)
    assert "exact 1/2 (50%), within one 2/2 (100%)" in table
    assert "mean difference +0.50" in table
    lines = table.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("spans by label"))
    # the columns line up under their headings
    assert len({len(line) for line in lines[header:]}) == 1


def test_the_newest_prediction_of_verifiers_counts_and_others_are_ignored() -> None:
    t = {
        "predictions": [
            {
                "id": 1,
                "model_version": "verifier 1 config a",
                "created_at": "2026-01-01",
                "result": [],
            },
            {"id": 2, "model_version": "someone else", "created_at": "2026-03-01", "result": []},
            {
                "id": 3,
                "model_version": "verifier 1 config b",
                "created_at": "2026-02-01",
                "result": [],
            },
        ]
    }
    assert our_prediction(t)["id"] == 3  # type: ignore[index]
    assert our_prediction({"predictions": []}) is None


def test_the_report_json_is_beside_the_page_with_the_same_signature() -> None:
    assert report_json_url(LINK) == LINK.replace("?sig", "/report.json?sig")
