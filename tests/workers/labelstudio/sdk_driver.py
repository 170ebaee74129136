"""Drives a running Label Studio through its own SDK (label-studio-sdk), run by the Python
of Label Studio's venv (the SDK is not one of verifier's dependencies). One step per call:

    python sdk_driver.py URL TOKEN STEP [JSON ARGUMENT]

and one JSON value out on stdout. Steps: ``project`` (a project by title: its id, labelling
config and ML backends), ``predictions`` (ask Label Studio to retrieve predictions, then
every task with its data and verifier's predictions), ``annotate`` (submit an annotation:
``{"task": id, "result": [...], "completed_by": user id?}``), ``user`` (a user by email,
made once: its id), ``other-project`` (a project with another labelling interface, made
once).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from label_studio_sdk import LabelStudio


def _dump(value: Any) -> Any:
    return value.model_dump(mode="json") if hasattr(value, "model_dump") else value


def project(ls: LabelStudio, title: str) -> dict[str, Any]:
    found = [p for p in ls.projects.list(title=title) if p.title == title]
    if not found:
        return {"id": None}
    p = found[0]
    backends = [_dump(b) for b in ls.ml.list(project=p.id)]
    return {
        "id": p.id,
        "label_config": p.label_config,
        "ml_backends": backends,
        "show_collab_predictions": p.show_collab_predictions,
        "model_version": getattr(p, "model_version", None),
        "maximum_annotations": getattr(p, "maximum_annotations", None),
    }


def predictions(ls: LabelStudio, project_id: int) -> list[dict[str, Any]]:
    ls.actions.create(
        id="retrieve_tasks_predictions",
        project=project_id,
        selected_items={"all": True, "excluded": []},
    )
    tasks = []
    for task in ls.tasks.list(project=project_id, fields="all"):
        preds = [_dump(p) for p in ls.predictions.list(task=task.id)]
        tasks.append({"id": task.id, "data": task.data, "predictions": preds})
    return tasks


def annotate(
    ls: LabelStudio, task: int, result: list[dict[str, Any]], completed_by: int | None = None
) -> dict[str, Any]:
    extra = {"completed_by": completed_by} if completed_by is not None else {}
    made = ls.annotations.create(
        id=task, result=result, was_cancelled=False, lead_time=42.0, **extra
    )
    return {"id": made.id, "task": task}


def user(ls: LabelStudio, email: str) -> dict[str, Any]:
    found = [u for u in ls.users.list() if u.email == email]
    made = found[0] if found else ls.users.create(email=email, username=email)
    return {"id": made.id}


def other_project(ls: LabelStudio, title: str) -> dict[str, Any]:
    found = [p for p in ls.projects.list(title=title) if p.title == title]
    if found:
        return {"id": found[0].id}
    made = ls.projects.create(
        title=title,
        label_config='<View><Text name="text" value="$text"/><Choices name="c" toName="text"><Choice value="a"/></Choices></View>',
    )
    return {"id": made.id}


def main() -> None:
    url, token, step = sys.argv[1:4]
    argument = json.loads(sys.argv[4]) if len(sys.argv) > 4 else None
    ls = LabelStudio(base_url=url, api_key=token)
    if step == "project":
        out: Any = project(ls, argument)
    elif step == "predictions":
        out = predictions(ls, argument)
    elif step == "annotate":
        out = annotate(ls, argument["task"], argument["result"], argument.get("completed_by"))
    elif step == "user":
        out = user(ls, argument)
    elif step == "other-project":
        out = other_project(ls, argument)
    else:
        raise SystemExit(f"unknown step {step!r}")
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
