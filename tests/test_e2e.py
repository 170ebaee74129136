"""End to end over loopback: fake SearXNG, a page server with pathological pages, the real
fetcher, extraction pool and SQLite store, driven through ``open_runtime`` and the CLI."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from verifier.config import Settings
from verifier.pipeline import check
from verifier.runtime import open_runtime
from verifier.schema import CheckRequest
from verifier.testing import pages_app, searxng_app
from workers.cli import main

pytestmark = pytest.mark.slow

GOOD = {
    "curie": "<html><head><title>Curie</title></head><body><article><p>Marie Curie won the Nobel Prize "
    "in Physics in 1903 together with Pierre Curie and Henri Becquerel.</p><p>She won the Nobel "
    "Prize in Chemistry in 1911.</p></article></body></html>",
}
BAD = [
    "/huge",
    "/endless",
    "/slow",
    "/pdf",
    "/latin1",
    "/badbytes",
    "/loop",
    "/fail",
    "/garbage",
    "/missing",
]
RESPONSE = (
    "Marie Curie won the Nobel Prize in Physics in 1903. She won the Nobel Prize in Chemistry in 1911. "
    "Pierre Curie shared the 1903 prize with Henri Becquerel."
)


async def test_pathological_pages_cannot_hold_a_claim(aiohttp_server, settings: Settings) -> None:
    pages = await aiohttp_server(pages_app(GOOD))
    base = str(pages.make_url("/")).rstrip("/")

    def results(query: str) -> list[dict[str, str]]:
        return [{"url": base + "/page/curie", "title": "Curie", "content": ""}] + [
            {"url": base + path, "title": path, "content": ""} for path in BAD
        ]

    searx = await aiohttp_server(searxng_app(results))
    budget = 15.0  # the good pages fit in it on a loaded machine; /slow (60 s) never does
    settings = settings.with_overrides(
        {
            "search.backends": ["searxng"],
            "search.searxng.base_url": str(searx.make_url("/")),
            "search.searxng.max_results": 20,
            "fetch.pages_per_query": 11,
            "fetch.per_host_concurrency": 16,  # in real life these are eleven hosts
            "fetch.max_bytes": 2_000_000,
            "limits.claim_budget_s": budget,
        }
    )
    async with open_runtime(settings) as runtime:
        report = await check(CheckRequest(RESPONSE), runtime)
    worthy = [c for c in report.claims if c.check_worthy]
    assert len(worthy) == 3
    for claim in worthy:
        # /slow answers after 60 s and /endless never ends: the deadline cut the claim short
        # (how far past its deadline a claim ends is measured by bench/evidence.py, not here:
        # a loaded machine must not fail this test)
        assert claim.timed_out
        held = {p.url.rsplit("/", 1)[-1]: p.error or "" for p in claim.pages}
        assert "deadline" in held["slow"] or "no complete answer" in held["slow"]
        assert "deadline" in held["endless"] or "no complete answer" in held["endless"]
        assert claim.evidence
        assert "curie" in claim.evidence[0].url
        errors = " | ".join(p.error or "" for p in claim.pages)
        for expected in ("cap", "application/pdf", "redirect loop", "HTTP 500", "HTTP 404"):
            assert expected in errors, expected
    latin = next(p for c in worthy for p in c.pages if p.url.endswith("/latin1"))
    assert latin.snapshot_id  # a legacy charset is fetched and extracted, not an error


async def test_hanging_search_keeps_corpus_evidence(
    aiohttp_server, settings: Settings, tmp_path: Path
) -> None:
    searx = await aiohttp_server(searxng_app(lambda q: [], hang=True))
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "curie.txt").write_text("Marie Curie won the Nobel Prize in Physics in 1903.")
    settings = settings.with_overrides(
        {
            "search.backends": ["searxng"],
            "search.searxng.base_url": str(searx.make_url("/")),
            "limits.claim_budget_s": 10.0,  # the corpus answers within it, loaded or not
        }
    )
    async with open_runtime(settings, corpora=[docs]) as runtime:
        report = await check(CheckRequest(RESPONSE), runtime)
    for claim in (c for c in report.claims if c.check_worthy):
        assert claim.timed_out  # the search never answers: the deadline ended it
        assert claim.evidence[0].backend == "corpus:docs"
    statuses = {b.name: b.status for b in report.search}
    assert statuses["corpus:docs"] == "ok"


async def test_snapshots_are_stored_in_the_data_dir(aiohttp_server, settings: Settings) -> None:
    pages = await aiohttp_server(pages_app(GOOD))
    url = str(pages.make_url("/page/curie"))
    searx = await aiohttp_server(searxng_app(lambda q: [{"url": url, "title": "Curie"}]))
    settings = settings.with_overrides(
        {"search.backends": ["searxng"], "search.searxng.base_url": str(searx.make_url("/"))}
    )
    async with open_runtime(settings) as runtime:
        report = await check(CheckRequest(RESPONSE), runtime)
        for sid in report.provenance["snapshot_ids"]:
            kind, _content = runtime.snapshots.get(sid)
            assert kind in ("search", "page")
        evidence = report.claims[0].evidence[0]
        page = runtime.snapshots.get(evidence.snapshot_id)[1]
        assert page["text"][evidence.start : evidence.end] == evidence.quote
        assert page["status"] == 200
        assert page["extractor"].startswith("trafilatura")
    assert (Path(settings.store.data_dir) / "snapshots.db").is_file()


def test_cli_with_searxng_from_the_environment(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole command against loopback servers run on a background loop."""
    from aiohttp.test_utils import TestServer

    loop = asyncio.new_event_loop()
    pages = TestServer(pages_app(GOOD))
    loop.run_until_complete(pages.start_server())
    url = str(pages.make_url("/page/curie"))
    searx = TestServer(searxng_app(lambda q: [{"url": url, "title": "Curie"}]))
    loop.run_until_complete(searx.start_server())
    import threading

    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        monkeypatch.setenv("VERIFIER_SEARCH__BACKENDS", "searxng")
        monkeypatch.setenv("VERIFIER_SEARCH__SEARXNG__BASE_URL", str(searx.make_url("/")))
        monkeypatch.setenv("VERIFIER_FETCH__ALLOW_PRIVATE_NETWORKS", "true")
        result = CliRunner().invoke(main, ["check", "-", "--format", "json"], input=RESPONSE)
        assert result.exit_code == 0, result.stderr
        report = json.loads(result.stdout)
        assert report["search"][0]["name"] == "searxng"
        assert report["claims"][0]["evidence"][0]["url"] == url
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join()
        loop.run_until_complete(pages.close())
        loop.run_until_complete(searx.close())
        loop.close()
