"""What the ML backend answers Label Studio, as pure functions: a task's text read from its
data, the cache key of its check, the prediction made from a report (or the one that says
the task was not checked), and the check that a project's labelling config has the tags a
prediction fills.

A prediction holds, over the response: the copied spans (counted, and reworded ones shown
for review), the claims that were refuted, disputed or left inconclusive, and the rubric's
spelling and advice findings, each with its note (figures and source, the deciding quote
and URL, the word meant or the advice's topic); the suggested 1-7 rating (the rubric's
fixed score, else its ceiling, but none when a check could not run and nothing fixed the
score); and the rubric's explanation with a link to the full report. Supported claims are
left out: a rater acts on what may cap the score, and the full report lists every claim.
Offsets are code points, as Label Studio's labelling screen counts them (the report's).

The model version names verifier's version, the settings a check runs with and the
evidence sources the server searches (its backends, and each corpus with its documents and
their content), so a new verifier, a changed config, other sources or an edited corpus
document is a new model, and Label Studio asks again.
"""

from __future__ import annotations

import hashlib
import json
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from verifier import __version__
from verifier.config import LabelStudioSettings, LimitsSettings, Settings
from verifier.errors import InvalidRequest
from verifier.report.exports import FINDING_LABELS, SPAN_LABELS, label_studio_task
from verifier.schema import CheckRequest, Report

__all__ = [
    "PREDICTED_LABELS",
    "TaskText",
    "cache_key",
    "config_labels",
    "config_problems",
    "evidence_sources",
    "model_version",
    "not_checked",
    "prediction",
    "read_task",
]

PREDICTED_LABELS = tuple(label for label in SPAN_LABELS if label != "Claim: supported")
# the labels a labelling config must have: those predictions always could fill (a project
# made before the finding labels existed still takes predictions, without those spans)
REQUIRED_LABELS = tuple(label for label in PREDICTED_LABELS if label not in FINDING_LABELS)
REPORT_LINE = "Full report: "


def evidence_sources(backends: Iterable[Any], corpora: Iterable[str] = ()) -> tuple[str, ...]:
    """What a server's checks search, in words: each backend's name and version (a corpus
    with its file, how many documents it holds and the digest of their content, so an
    edited document is another source), and the corpora it was given."""
    out = []
    for backend in backends:
        line = f"{backend.name} {backend.version}"
        path = getattr(getattr(backend, "index", None), "path", None)
        if path is not None:
            line += f" {Path(path).resolve()}"
        documents = getattr(backend, "documents", None)
        if isinstance(documents, int):
            line += f" ({documents} documents"
            content = getattr(backend, "content_digest", None)
            line += f", content {content[:16]})" if isinstance(content, str) else ")"
        out.append(line)
    out += [f"corpus {Path(c).resolve()}" for c in corpora]
    return tuple(sorted(out))


def _sources_digest(sources: Iterable[str]) -> str:
    return hashlib.sha256("\n".join(sources).encode()).hexdigest()


def model_version(settings: Settings, sources: Iterable[str] = ()) -> str:
    """The model version Label Studio files predictions under: verifier's version, the
    digest of the settings a check runs with and of the evidence sources
    (:func:`evidence_sources`), so a new version, config or source is a new model (Label
    Studio then asks for predictions again)."""
    config = settings.digest().removeprefix("sha256:")[:8]
    return f"verifier {__version__} config {config} evidence {_sources_digest(sources)[:8]}"


@dataclass(frozen=True, slots=True)
class TaskText:
    """A task as a check request, or why it cannot be checked."""

    task_id: Any
    request: dict[str, Any] | None
    problem: str | None = None


def read_task(task: object, fields: LabelStudioSettings, limits: LimitsSettings) -> TaskText:
    """The check request of a task Label Studio sent: its response and prompt from the
    data fields named in ``[labelstudio]``, within ``limits``."""
    if not isinstance(task, Mapping):
        return TaskText(None, None, "the task is not a JSON object")
    task_id = task.get("id")
    data = task.get("data")
    if not isinstance(data, Mapping):
        return TaskText(task_id, None, "the task has no data object")
    if fields.response_field not in data:
        return TaskText(
            task_id,
            None,
            f"the task's data has no field {fields.response_field!r} (labelstudio.response_field)",
        )
    prompt = data.get(fields.prompt_field)
    try:
        request = CheckRequest.from_dict(
            {"response": data[fields.response_field], "prompt": prompt},
            max_response_chars=limits.max_response_chars,
            max_prompt_chars=limits.max_prompt_chars,
        )
    except InvalidRequest as exc:
        return TaskText(task_id, None, str(exc))
    return TaskText(
        task_id, {"response": request.response, "prompt": request.prompt, "flags": request.flags}
    )


def cache_key(request: Mapping[str, Any], settings_digest: str, sources: Iterable[str] = ()) -> str:
    """The key a check of ``request`` is filed under (an idempotency key of the job store):
    the same text under the same settings and evidence sources is checked once."""
    evidence = _sources_digest(sources)
    canonical = json.dumps(
        [settings_digest, request["prompt"], request["response"], request["flags"], evidence],
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
    )
    return "labelstudio:" + hashlib.sha256(canonical.encode()).hexdigest()[:40]


def _justification(lines: list[str]) -> dict[str, Any]:
    return {
        "id": "justification",
        "from_name": "justification",
        "to_name": "response",
        "type": "textarea",
        "value": {"text": lines},
    }


def prediction(
    report: Report, version: str, report_url: str | None, labels: set[str] | None = None
) -> dict[str, Any]:
    """The prediction for a checked task (see the module docstring); with ``labels`` (the
    project's span labels), only spans of those."""
    shown = set(PREDICTED_LABELS) if labels is None else set(PREDICTED_LABELS) & labels
    results = label_studio_task(report)["predictions"][0]["result"]
    # a ceiling is no rating when a check did not run: suggesting it would be an all-clear
    unrated = report.status == "incomplete" and (
        report.rubric is None or report.rubric.score is None
    )
    kept = [
        r
        for r in results
        if r["type"] != "textarea"
        and not (r["type"] == "rating" and unrated)
        and (r["type"] != "labels" or r["value"]["labels"][0] in shown)
    ]
    lines = []
    if report.status == "incomplete":
        lines.append("Incomplete report: " + "; ".join(report.incomplete))
    if report.rubric is not None:
        lines.append(report.rubric.explanation)
    if report_url:
        lines.append(REPORT_LINE + report_url)
    if lines:
        kept.append(_justification(lines))
    return {"model_version": version, "result": kept}


def not_checked(reason: str, version: str) -> dict[str, Any]:
    """The prediction for a task verifier did not check: no spans and no rating, only why."""
    return {
        "model_version": version,
        "result": [_justification([f"verifier did not check this response: {reason}"])],
    }


def config_labels(label_config: str) -> set[str] | None:
    """The span labels of a labelling config's ``spans`` tag (None: not XML)."""
    try:  # from an authenticated Label Studio; expat refuses entity expansion bombs
        root = ET.fromstring(label_config)
    except ET.ParseError:
        return None
    return {
        str(label.get("value"))
        for e in root.iter("Labels")
        if e.get("name") == "spans"
        for label in e.iter("Label")
    }


def config_problems(label_config: str, response_field: str) -> list[str]:
    """What a labelling config lacks for verifier's predictions (empty: none): the spans
    labels over the response text (the finding labels may be missing: an older project's),
    the 1-7 rating and the justification text area."""
    try:  # from an authenticated Label Studio; expat refuses entity expansion bombs
        root = ET.fromstring(label_config)
    except ET.ParseError as exc:
        return [f"the labelling config is not XML: {exc}"]

    def tag(name: str, kind: str) -> Any:
        found = [e for e in root.iter() if e.tag == kind and e.get("name") == name]
        return found[0] if found else None

    problems = []
    text = tag("response", "Text")
    if text is None or text.get("value") != f"${response_field}":
        problems.append(f'a <Text name="response" value="${response_field}"/>')
    spans = tag("spans", "Labels")
    if spans is None or spans.get("toName") != "response":
        problems.append('a <Labels name="spans" toName="response">')
    else:
        have = {label.get("value") for label in spans.iter("Label")}
        missing = [label for label in REQUIRED_LABELS if label not in have]
        if missing:
            problems.append(f"the span labels {', '.join(missing)}")
    rating = tag("rating", "Rating")
    if rating is None or rating.get("toName") != "response" or rating.get("maxRating") != "7":
        problems.append('a <Rating name="rating" toName="response" maxRating="7"/>')
    if tag("justification", "TextArea") is None:
        problems.append('a <TextArea name="justification" toName="response"/>')
    return problems
