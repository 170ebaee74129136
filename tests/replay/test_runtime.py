from __future__ import annotations

from pathlib import Path
from typing import Any

from verifier.config import Settings
from verifier.errors import SearchUnavailable
from verifier.pipeline import check
from verifier.replay.runtime import replay_runtime
from verifier.runtime import Runtime
from verifier.schema import CheckRequest, Report, SearchHit
from verifier.search.corpus import CorpusBackend, build_index
from verifier.snapshots import SqliteSnapshotStore
from verifier.testing import MemoryFetcher, StaticSearch
from verifier.web.extract import Extractor

PAGE = b"<html><body><article><p>The Louvre in Paris opened as a museum in 1793.</p></article></body></html>"
RESPONSE = (
    "The Louvre opened as a museum in 1793. The Eiffel Tower was completed in 1889. "
    "Sources: [the Louvre museum in Paris](https://example.com/louvre), "
    "[the tower's paint records](https://example.com/paint)."
)


def decisions(report: Report) -> list[dict[str, Any]]:
    """Everything about the claims and the copy check that does not depend on timing."""
    data = report.to_dict()
    out = []
    for claim in data["claims"]:
        claim.pop("elapsed_s")
        claim.pop("timed_out")
        for search in claim["searches"]:
            search.pop("took_s")
        out.append(claim)
    for search in data["plagiarism"]["searches"]:
        search.pop("took_s")
    out.append(data["plagiarism"])
    out.append(data["truthfulness"])
    return out


class Offline(StaticSearch):
    async def search(self, query, *, deadline):
        raise SearchUnavailable("search unavailable: no network")


async def test_replay_rebuilds_the_same_evidence_without_the_network(
    settings: Settings, extractor: Extractor, tmp_path: Path
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "eiffel.txt").write_text("The Eiffel Tower was completed in 1889 in Paris.")
    await build_index(docs, tmp_path / "i.db", extractor=extractor)
    corpus = CorpusBackend(tmp_path / "i.db", name="docs")
    hits = [
        SearchHit("https://example.com/louvre", "Louvre", "", 1),
        SearchHit("https://example.com/gone", "Gone", "", 2),
    ]
    web = StaticSearch(default=hits, name="web")
    fetcher = MemoryFetcher({"https://example.com/louvre": ("text/html", PAGE)})
    store = SqliteSnapshotStore(tmp_path / "snapshots.db")
    original = await check(
        CheckRequest(RESPONSE),
        Runtime(settings, [corpus, web, Offline(name="down")], fetcher, extractor, store),
    )
    await corpus.aclose()

    replay = replay_runtime(original, store, settings)
    again = await check(CheckRequest(RESPONSE), replay)

    for a, b in zip(decisions(again), decisions(original), strict=True):
        for key in a:
            assert a[key] == b[key], key
    assert again.provenance["snapshot_ids"] == original.provenance["snapshot_ids"]
    assert [(b.name, b.status, b.local) for b in again.search] == [
        ("corpus:docs", "ok", True),
        ("web", "ok", False),
        ("down", "unavailable", False),
    ]
    louvre = again.claims[0]
    assert louvre.evidence[0].url == "https://example.com/louvre"
    assert louvre.verdict is not None
    assert louvre.verdict.label == "supported"
    assert [r.status for r in again.truthfulness.resources] == ["ok", "missing"]
    assert any("404" in (p.error or "") for p in louvre.pages)
    store.close()
