from __future__ import annotations

import asyncio
import json
from pathlib import Path

from click.testing import CliRunner

from verifier.config import Settings
from verifier.pipeline import check
from verifier.report.exports import (
    LABEL_STUDIO_CONFIG,
    SPAN_LABELS,
    argilla_record,
    jsonl_row,
    label_studio_task,
    utf16_offset,
)
from verifier.runtime import Runtime
from verifier.schema import CheckRequest, SearchHit
from verifier.snapshots import MemorySnapshotStore
from verifier.testing import MemoryFetcher, StaticSearch
from verifier.web.extract import Extractor
from workers.cli import main

PAGE = b"<html><body><article><p>The Louvre in Paris opened as a museum in 1793. It holds the Mona Lisa, painted by Leonardo da Vinci in the early sixteenth century.</p></article></body></html>"
# emoji and other non-BMP characters before the spans shift JavaScript offsets
RESPONSE = "🎨😀 Fun fact 𝒜: The Louvre in Paris opened as a museum in 1793. It holds the Mona Lisa, painted by Leonardo da Vinci in the early sixteenth century."


def js_slice(text: str, start: int, end: int) -> str:
    return text.encode("utf-16-le")[2 * start : 2 * end].decode("utf-16-le")


def report(settings: Settings, extractor: Extractor, response: str = RESPONSE):  # type: ignore[no-untyped-def]
    fetcher = MemoryFetcher({"https://example.com/louvre": ("text/html", PAGE)})
    rt = Runtime(
        settings,
        [StaticSearch(default=[SearchHit("https://example.com/louvre", "Louvre", "", 1)])],
        fetcher,
        extractor,
        MemorySnapshotStore(),
    )
    return asyncio.run(check(CheckRequest(response, "Tell me about the Louvre."), rt))


def louvre_report_for_browser(settings: Settings, extractor: Extractor):  # type: ignore[no-untyped-def]
    """The same report, plus a quoted copy of the source (for the page's quote toggle)."""
    quoted = ' As the guide says, "It holds the Mona Lisa, painted by Leonardo da Vinci in the early sixteenth century."'
    return report(settings, extractor, RESPONSE + quoted)


def test_utf16_offsets() -> None:
    text = "a😀b𝒜c"
    assert [utf16_offset(text, i) for i in range(len(text) + 1)] == [0, 1, 3, 4, 6, 7]
    assert js_slice(text, utf16_offset(text, 2), utf16_offset(text, 5)) == "b𝒜c"


def test_label_studio_task(settings: Settings, extractor: Extractor) -> None:
    r = report(settings, extractor)
    task = label_studio_task(r)
    assert task["data"]["response"] == RESPONSE
    results = task["predictions"][0]["result"]
    spans = [x for x in results if x["type"] == "labels"]
    assert spans
    labels = {x["value"]["labels"][0] for x in spans}
    assert "Copied (identical)" in labels
    assert "Claim: supported" in labels
    assert labels <= set(SPAN_LABELS)
    for x in spans:  # offsets are code points, as Label Studio's screen counts
        assert RESPONSE[x["value"]["start"] : x["value"]["end"]] == x["value"]["text"]
    rating = next(x for x in results if x["type"] == "rating")
    assert rating["value"]["rating"] == r.rubric.score  # type: ignore[union-attr]  # copied: rated 3
    assert next(x for x in results if x["type"] == "textarea")["value"]["text"][0].startswith(
        "Rated 3"
    )
    for name in ('name="spans"', 'name="rating"', 'name="justification"', 'value="$response"'):
        assert name in LABEL_STUDIO_CONFIG


def test_argilla_record_and_jsonl(settings: Settings, extractor: Extractor) -> None:
    r = report(settings, extractor)
    record = argilla_record(r)
    spans = next(s for s in record["suggestions"] if s["question_name"] == "spans")["value"]
    copied = [s for s in spans if s["label"].startswith("Copied")]
    assert copied
    first = r.plagiarism.matches[0]
    assert (
        js_slice(RESPONSE, copied[0]["start"], copied[0]["end"])
        == RESPONSE[first.response_start : first.response_end]
    )
    assert record["metadata"]["copied_share"] == r.plagiarism.copied_share
    row = jsonl_row(r)
    assert (row["score"], row["plagiarism"]) == (3, "plagiarized")


def test_export_command(settings: Settings, extractor: Extractor, tmp_path: Path) -> None:
    r = report(settings, extractor)
    single = tmp_path / "one.json"
    single.write_text(json.dumps(r.to_dict()))
    batch = tmp_path / "batch.jsonl"
    batch.write_text(
        json.dumps(r.to_dict())
        + "\n"
        + json.dumps({"id": "x", "error": "bad row"})
        + "\n"
        + json.dumps(r.to_dict())
        + "\n"
    )
    runner = CliRunner()
    out = runner.invoke(main, ["export", str(single), str(batch), "--format", "label-studio"])
    assert out.exit_code == 0, out.output
    assert len(json.loads(out.stdout)) == 3
    rows = runner.invoke(main, ["export", str(batch), "--format", "jsonl"]).stdout.splitlines()
    assert len(rows) == 2
    config = runner.invoke(
        main, ["export", str(single), "--format", "label-studio", "--label-config"]
    )
    assert config.stdout == LABEL_STUDIO_CONFIG
    junk = tmp_path / "junk.json"
    junk.write_text("{nope")
    bad = runner.invoke(main, ["export", str(junk), "--format", "argilla"])
    assert bad.exit_code == 2
    assert "is not JSON" in bad.stderr


def test_edited_copies_are_labelled_by_tier(settings: Settings, extractor: Extractor) -> None:
    from tests.plagiarism.test_fuzzy import CFG, HEAVY, ONE_PARAPHRASE, SOURCE
    from verifier.plagiarism.detect import detect

    response = f"{HEAVY}\n\nAn aside. {ONE_PARAPHRASE}"
    r = report(settings, extractor, response)
    r.plagiarism = detect(response, "", [SOURCE], CFG)
    spans = [x for x in label_studio_task(r)["predictions"][0]["result"] if x["type"] == "labels"]
    labels = [
        x["value"]["labels"][0]
        for x in spans
        if x["value"]["labels"][0].startswith(("Copied", "Reworded"))
    ]
    assert labels == ["Copied (heavy revision)"] * 2 + ["Reworded (not counted)"]
    assert set(labels) <= set(SPAN_LABELS)
