"""`verifier labelstudio init`: a Label Studio project fed by verifier, set up idempotently.

Each step finds what is there before it adds anything, so running it again changes
nothing (or only what is missing): the project (by title; one with another labelling
interface is an error, never overwritten; verifier's own made before the spelling and
advice labels existed gets them added), whether raters see verifier's suggestion
(pre-filled) or rate blind (``--blind``: Label Studio's "show predictions to annotator"
off, so agreement is measured without anchoring), how many raters each task goes to
(``--overlap N``, Label Studio's maximum annotations per task; a blind project at least
two, so raters' agreement with each other can be measured), verifier's ML backend on it (connected, or its
credentials renewed), the webhook Label Studio adds for every backend removed (verifier
needs no project events, and this way none are sent), the rows of a JSONL file imported
(a row whose id, or whose prompt and response, the project already has is skipped), and
Label Studio asked to retrieve predictions, which starts verifier's checks of the tasks
that have none.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from verifier.config import LabelStudioSettings
from verifier.errors import InputError
from verifier.report.exports import FINDING_LABELS, label_studio_config
from verifier.schema import CheckRequest
from workers.labelstudio.client import LabelStudio, LabelStudioError
from workers.labelstudio.predictions import config_labels, config_problems

__all__ = ["BLIND_OVERLAP", "InitResult", "Row", "init_project", "row_key", "task_data"]

BACKEND_USER = "verifier"
# raters each task of a blind project goes to, unless --overlap says otherwise: agreement
# between raters needs tasks rated twice (Label Studio's default is one rater per task)
BLIND_OVERLAP = 2
_PRIVATE_HINT = (
    "; Label Studio refuses backends on private or loopback addresses unless it runs with "
    "ML_BLOCK_LOCAL_IP=false and SSRF_PROTECTION_ENABLED=false (docs/label-studio.md)"
)


@dataclass(frozen=True, slots=True)
class Row:
    """A row to import: its id (None when it has none) and its check request."""

    id: str | None
    request: CheckRequest


@dataclass
class InitResult:
    project_id: int
    imported: int = 0
    skipped: int = 0
    tasks: int = 0
    predicted: int = 0


def task_data(row: Row, fields: LabelStudioSettings) -> dict[str, Any]:
    data: dict[str, Any] = {
        fields.prompt_field: row.request.prompt,
        fields.response_field: row.request.response,
    }
    if row.id is not None:
        data["request_id"] = row.id
    return data


def row_key(data: dict[str, Any], fields: LabelStudioSettings) -> str:
    """What makes a task the same row: its ``request_id``, else its prompt and response."""
    if data.get("request_id") is not None:
        return f"id:{data['request_id']}"
    text = json.dumps(
        [data.get(fields.prompt_field) or "", data.get(fields.response_field)], ensure_ascii=False
    )
    return "text:" + hashlib.sha256(text.encode()).hexdigest()


def with_labels(label_config: str, labels: list[str]) -> str:
    """``label_config`` with ``labels`` added to its ``spans`` tag (verifier's colours), the
    rest of it as it was."""
    colours = dict(
        re.findall(r'<Label value="([^"]+)" background="([^"]+)"/>', label_studio_config())
    )
    added = "".join(
        f'    <Label value="{label}" background="{colours[label]}"/>\n' for label in labels
    )
    spans = re.search(r'<Labels\b[^>]*\bname="spans"[^>]*>', label_config)
    if spans is None:
        return label_config
    close = label_config.index("</Labels>", spans.end())
    line = label_config.rfind("\n", spans.end(), close) + 1 or close  # the closing tag's line
    return label_config[:line] + added + label_config[line:]


async def _upgraded(ls: LabelStudio, project: dict[str, Any], say: Callable[[str], None]) -> None:
    """A verifier project made before the finding labels existed gets them."""
    have = config_labels(project["label_config"]) or set()
    missing = [label for label in FINDING_LABELS if label not in have]
    if missing:
        config = with_labels(project["label_config"], missing)
        await ls.update_project(int(project["id"]), label_config=config)
        say(f"labelling interface: added the span labels {', '.join(missing)}")


async def _blindness(
    ls: LabelStudio, project: dict[str, Any], blind: bool | None, say: Callable[[str], None]
) -> None:
    """Show raters verifier's suggestion (pre-filled) or not (blind), as asked; say which."""
    shown = bool(project.get("show_collab_predictions", True))
    if blind is not None and shown == blind:
        await ls.update_project(int(project["id"]), show_collab_predictions=not blind)
        shown = not blind
    say(
        "suggestions: shown to raters, pre-filled (--blind hides them)"
        if shown
        else "suggestions: hidden from raters (blind: ratings are given without verifier's; --show-suggestions shows them)"
    )


def _overlap_wanted(current: int, overlap: int | None, blind: bool | None) -> int | None:
    """The raters per task to set: ``overlap`` as given; for ``--blind`` without it, at
    least :data:`BLIND_OVERLAP` (a project given more by hand keeps them); else None
    (leave it)."""
    if overlap is not None:
        return overlap
    if blind:
        return max(current, BLIND_OVERLAP)
    return None


async def _overlap(
    ls: LabelStudio,
    project: dict[str, Any],
    overlap: int | None,
    blind: bool | None,
    say: Callable[[str], None],
) -> None:
    """How many raters each task goes to: Label Studio's maximum annotations per task
    (``maximum_annotations``), for every task (``overlap_cohort_percentage`` 100); say it
    when it is more than one, or asked for, or the project is blind."""
    current = int(project.get("maximum_annotations") or 1)
    cohort = project.get("overlap_cohort_percentage")
    cohort = 100 if cohort is None else int(cohort)
    wanted = _overlap_wanted(current, overlap, blind)
    if wanted is not None and (wanted != current or (wanted > 1 and cohort != 100)):
        await ls.update_project(
            int(project["id"]), maximum_annotations=wanted, overlap_cohort_percentage=100
        )
        current, cohort = wanted, 100
    shown = not blind if blind is not None else bool(project.get("show_collab_predictions", True))
    if overlap is None and current == 1 and shown:
        return
    if current == 1:
        say(
            "overlap: each task goes to one rater (--overlap 2 or more gives each task to that "
            "many, so import-ratings can measure agreement between raters)"
        )
    elif cohort < 100:
        say(
            f"overlap: {cohort}% of the tasks go to {current} raters each, the others to one "
            "(Label Studio's overlap settings; --overlap N gives every task to N)"
        )
    else:
        say(
            f"overlap: each task goes to {current} raters (Label Studio's maximum annotations "
            "per task; --overlap N), so import-ratings measures agreement between raters"
        )


async def _project(
    ls: LabelStudio,
    title: str,
    fields: LabelStudioSettings,
    say: Callable[[str], None],
    blind: bool | None,
    overlap: int | None = None,
) -> int:
    found = await ls.projects(title)
    fitting = [p for p in found if not config_problems(p["label_config"], fields.response_field)]
    if fitting:
        project = fitting[0]
        say(
            f'project "{title}" (id {project["id"]}): already there, with verifier\'s labelling interface'
        )
        await _upgraded(ls, project, say)
        await _blindness(ls, project, blind, say)
        await _overlap(ls, project, overlap, blind, say)
        return int(project["id"])
    if found:
        problems = config_problems(found[0]["label_config"], fields.response_field)
        ids = ", ".join(str(p["id"]) for p in found)
        msg = f'a project named "{title}" (id {ids}) exists with another labelling interface (it lacks {"; ".join(problems)}); give --project another name'
        raise InputError(msg)
    raters = _overlap_wanted(1, overlap, blind)
    project = await ls.create_project(
        title=title,
        description="Responses with verifier's evidence: copied spans, disputed claims, a suggested rating (docs/label-studio.md).",
        label_config=label_studio_config(fields.prompt_field, fields.response_field),
        show_collab_predictions=not blind,
        evaluate_predictions_automatically=not blind,
        **({"maximum_annotations": raters, "overlap_cohort_percentage": 100} if raters else {}),
    )
    say(f'project "{title}" (id {project["id"]}): created with verifier\'s labelling interface')
    await _blindness(ls, project, blind, say)
    await _overlap(ls, project, overlap, blind, say)
    return int(project["id"])


async def _backend(
    ls: LabelStudio, project: int, url: str, key: str, say: Callable[[str], None]
) -> str:
    """Connect verifier's backend; the model version it answers with."""
    backends = await ls.ml_backends(project)
    ours = [b for b in backends if str(b.get("url", "")).rstrip("/") == url.rstrip("/")]
    try:
        backend = await ls.connect_backend(
            project, url, BACKEND_USER, key, backend=int(ours[0]["id"]) if ours else None
        )
    except LabelStudioError as exc:
        hint = _PRIVATE_HINT if "reserved network address" in exc.detail else ""
        msg = f"Label Studio cannot use verifier's ML backend at {url}: {exc.detail}{hint}"
        raise LabelStudioError(msg) from exc
    if backend.get("state") != "CO":
        why = backend.get("error_message") or "no reason given"
        msg = f"Label Studio reports verifier's ML backend at {url} {backend.get('readable_state', backend.get('state'))}: {why}"
        raise LabelStudioError(msg)
    how = "already connected, credentials renewed" if ours else "connected"
    say(f"ML backend {url}: {how} (model {backend.get('model_version')})")
    for other in backends:
        if other not in ours:
            say(
                f"note: the project has another ML backend too ({other.get('url')}); Label Studio asks the first one it has"
            )
    hook = url.rstrip("/") + "/webhook"
    for webhook in await ls.webhooks(project):
        if str(webhook.get("url", "")).rstrip("/") == hook:
            await ls.delete_webhook(int(webhook["id"]))
            say(
                "removed the webhook Label Studio adds for a backend: verifier needs no project events, so none are sent"
            )
    return str(backend.get("model_version") or "")


async def init_project(
    ls: LabelStudio,
    *,
    title: str,
    backend_url: str,
    backend_key: str,
    rows: list[Row] | None,
    source: str,
    fields: LabelStudioSettings,
    predict_timeout_s: float,
    say: Callable[[str], None],
    blind: bool | None = None,
    overlap: int | None = None,
) -> InitResult:
    """Set the project up (see the module docstring); ``say`` gets one line per step.
    ``blind``: hide verifier's suggestions from raters (True), show them (False), or leave
    an existing project as it is (None; a new one shows them). ``overlap``: the raters each
    task goes to (Label Studio's maximum annotations per task); None: a blind project gets
    at least :data:`BLIND_OVERLAP`, any other is left as it is (a new one: one rater)."""
    release = await ls.version()
    me = await ls.whoami()
    say(f"Label Studio {release} at {ls.url}, signed in as {me.get('email') or me.get('username')}")
    result = InitResult(await _project(ls, title, fields, say, blind, overlap))
    version = await _backend(ls, result.project_id, backend_url, backend_key, say)
    if rows is not None:
        have = {row_key(t["data"], fields) for t in await ls.tasks(result.project_id)}
        new, seen = [], set(have)
        for row in rows:
            data = task_data(row, fields)
            key = row_key(data, fields)
            if key in seen:
                result.skipped += 1
                continue
            seen.add(key)
            new.append({"data": data})
        result.imported = await ls.import_tasks(result.project_id, new) if new else 0
        say(
            f"tasks: {result.imported} imported from {source}, {result.skipped} already in the project"
        )
    tasks = await ls.tasks(result.project_id)
    result.tasks = len(tasks)
    if tasks:
        await ls.retrieve_predictions(result.project_id, timeout_s=predict_timeout_s)
        tasks = await ls.tasks(result.project_id, full=True)
        result.predicted = sum(
            1 for t in tasks if any(p.get("model_version") == version for p in t["predictions"])
        )
        waiting = result.tasks - result.predicted
        say(
            f"predictions: {result.predicted} of {result.tasks} tasks have verifier's ({version})"
            + (
                f"; {waiting} being checked (Label Studio asks again when a rater opens one, or on Retrieve predictions)"
                if waiting
                else ""
            )
        )
    return result
