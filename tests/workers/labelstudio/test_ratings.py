from __future__ import annotations

from typing import Any

import pytest

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


def rated(n: int, origin: str) -> dict[str, Any]:
    return {**rating(n), "origin": origin}


def by(user: int, n: int, result: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {**annotation(n, result, **extra), "completed_by": user}


def test_agreement_with_the_suggestion_is_given_apart_for_raters_who_saw_it() -> None:
    tasks = [
        # pre-filled from the prediction and submitted as it was: agrees by construction
        task(1, PREDICTED, by(7, 11, [rated(3, "prediction")], parent_prediction=1)),
        # pre-filled, the rater changed the rating
        task(2, PREDICTED, by(7, 21, [rated(5, "prediction-changed")], parent_prediction=2)),
        # blind: nothing pre-filled, the rater's own rating
        task(3, PREDICTED, by(7, 31, [rated(4, "manual")], parent_prediction=None)),
    ]
    rows = rating_rows(tasks, {7: "alice@example.com"})
    assert [r["suggestion_shown"] for r in rows] == [True, True, False]
    assert [r["rating_origin"] for r in rows] == ["prediction", "prediction-changed", "manual"]
    figures = agreement(rows)
    assert (figures.shown.pairs, figures.shown.exact, figures.shown.within_one) == (2, 1, 1)
    assert (figures.blind.pairs, figures.blind.exact, figures.blind.within_one) == (1, 0, 1)
    assert figures.as_suggested == 1
    table = agreement_text(figures)
    assert (
        "suggestion shown (pre-filled): exact 1/2 (50%), within one 1/2 (50%); submitted as suggested 1"
        in table
    )
    assert "suggestion not shown (blind): exact 0/1 (0%), within one 1/1 (100%)" in table


def test_agreement_between_raters_each_pair_and_krippendorffs_alpha() -> None:
    users = {1: "ann@x", 2: "bob@x", 3: "cy@x"}
    ratings = {  # task -> rater -> rating
        1: {1: 3, 2: 3, 3: 4},
        2: {1: 5, 2: 6},
        3: {1: 2, 2: 2, 3: 2},
        4: {1: 7, 3: 6},
        5: {2: 1},  # one rater only: in no pair
    }
    tasks = [
        task(t, PREDICTED, *(by(u, t * 10 + u, [rating(r)]) for u, r in given.items()))
        for t, given in ratings.items()
    ]
    figures = agreement(rating_rows(tasks, users))
    pairs = {k: (p.pairs, p.exact, p.within_one) for k, p in figures.between.items()}
    assert pairs == {
        ("ann@x", "bob@x"): (3, 2, 3),
        ("ann@x", "cy@x"): (3, 1, 3),
        ("bob@x", "cy@x"): (2, 1, 2),
    }
    assert figures.raters == 3
    assert figures.alpha_tasks == 4
    # the same figure krippendorff gives for the raters x tasks matrix (ordinal)
    import krippendorff
    import numpy as np

    nan = np.nan
    matrix = [[3, 5, 2, 7], [3, 6, 2, nan], [4, nan, 2, 6]]
    expected = krippendorff.alpha(
        reliability_data=matrix, value_domain=list(range(1, 8)), level_of_measurement="ordinal"
    )
    assert figures.alpha == pytest.approx(expected)
    assert 0.5 < figures.alpha < 1  # type: ignore[operator]
    table = agreement_text(figures)
    assert f"3 raters; Krippendorff's alpha (ordinal) {expected:.2f} over 4 task(s)" in table
    assert "ann@x vs bob@x: 3 task(s), exact 2/3 (67%), within one 3/3 (100%)" in table


def test_no_pair_of_raters_is_said_and_a_raters_latest_rating_counts() -> None:
    alone = agreement(rating_rows([task(1, PREDICTED, by(1, 11, [rating(3)]))], {1: "a"}))
    assert alone.between == {}
    assert alone.alpha is None
    assert "no task rated by two raters" in agreement_text(alone)
    twice = [
        task(
            1,
            PREDICTED,
            by(1, 11, [rating(2)], updated_at="2026-01-01T00:00:00Z"),
            by(1, 12, [rating(5)], updated_at="2026-02-01T00:00:00Z"),
            by(2, 13, [rating(5)], updated_at="2026-01-15T00:00:00Z"),
        )
    ]
    figures = agreement(rating_rows(twice, {1: "a", 2: "b"}))
    assert {k: (p.pairs, p.exact) for k, p in figures.between.items()} == {("a", "b"): (1, 1)}
    assert figures.alpha is None  # every rating the same: nothing to expect, alpha undefined
