"""The evidence cache every worker sharing a store reuses: a search or page asked again
comes from the cache (no request; the same snapshot; its age in the report), an expired or
uncacheable one is asked again, identical claims at once are searched once, and a report
made from the cache replays."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from pathlib import Path
from typing import Any

from verifier.config import Settings
from verifier.pipeline import check
from verifier.replay.runtime import replay_runtime
from verifier.runtime import Runtime
from verifier.schema import CheckRequest, Report, SearchHit
from verifier.snapshots import SqliteSnapshotStore
from verifier.snapshots.cache import EvidenceCache
from verifier.snapshots.shared import page_expiry
from verifier.system.deadline import Deadline
from verifier.testing import MemoryFetcher, StaticSearch
from verifier.web.extract import Extractor
from verifier.web.fetch import FetchedPage

URL = "https://example.com/louvre"
PAGE = b"<html><body><article><p>The Louvre in Paris opened as a museum in 1793.</p></article></body></html>"
RESPONSE = "The Louvre in Paris opened as a museum in 1793."


class HeaderFetcher(MemoryFetcher):
    """A fetcher whose pages carry ``headers`` (Cache-Control, Expires)."""

    def __init__(self, headers: dict[str, str]) -> None:
        super().__init__({URL: ("text/html", PAGE)})
        self.extra = headers

    async def fetch(self, url: str, deadline: Deadline) -> FetchedPage:
        page = await super().fetch(url, deadline)
        return dataclasses.replace(page, headers={**page.headers, **self.extra})


def runtime(
    settings: Settings,
    extractor: Extractor,
    store: SqliteSnapshotStore,
    fetcher: MemoryFetcher,
    web: StaticSearch,
) -> Runtime:
    return Runtime(settings, [web], fetcher, extractor, store, cache=EvidenceCache(store))


def traces(report: Report) -> tuple[list[float | None], list[float | None]]:
    searches = [s.cache_age_s for c in report.claims for s in c.searches]
    pages = [p.cache_age_s for c in report.claims for p in c.pages]
    return searches, pages


async def test_a_second_report_reuses_searches_and_pages(
    settings: Settings, extractor: Extractor, tmp_path: Path
) -> None:
    store = SqliteSnapshotStore(tmp_path / "snapshots.db")
    web = StaticSearch(default=[SearchHit(URL, "Louvre", "", 1)], name="web")
    fetcher = MemoryFetcher({URL: ("text/html", PAGE)})
    first = await check(CheckRequest(RESPONSE), runtime(settings, extractor, store, fetcher, web))
    asked, fetched = len(web.calls), len(fetcher.calls)
    assert asked >= 1
    assert fetched == 1
    # another worker (another runtime, same store) checks the same answer
    other = runtime(settings, extractor, store, MemoryFetcher({}), StaticSearch(name="web"))
    second = await check(CheckRequest(RESPONSE), other)
    assert other.fetcher.calls == []  # type: ignore[attr-defined]
    assert other.backends[0].calls == []  # type: ignore[attr-defined]
    searches, pages = traces(second)
    assert all(age is not None and age >= 0 for age in searches + pages)
    assert traces(first)[0] == [None] * len(searches)
    assert second.claims[0].evidence == first.claims[0].evidence
    assert second.provenance["snapshot_ids"] == first.provenance["snapshot_ids"]
    # and a report made from the cache replays from its snapshots
    again = await check(CheckRequest(RESPONSE), replay_runtime(second, store, settings))
    assert again.claims[0].evidence == second.claims[0].evidence


async def test_expired_and_uncacheable_evidence_is_asked_again(
    settings: Settings, extractor: Extractor, tmp_path: Path
) -> None:
    store = SqliteSnapshotStore(tmp_path / "snapshots.db")
    settings = settings.with_overrides({"search.cache.search_max_age_s": 0.0})
    web = StaticSearch(default=[SearchHit(URL, "Louvre", "", 1)], name="web")
    fetcher = HeaderFetcher({"cache-control": "no-store"})
    rt = runtime(settings, extractor, store, fetcher, web)
    await check(CheckRequest(RESPONSE), rt)
    asked = len(web.calls)
    second = await check(CheckRequest(RESPONSE), rt)
    assert len(web.calls) == 2 * asked
    assert len(fetcher.calls) == 2
    searches, pages = traces(second)
    assert searches
    assert set(searches) == {None}
    assert pages == [None]


async def test_identical_claims_at_once_are_searched_once(
    settings: Settings, extractor: Extractor, tmp_path: Path
) -> None:
    store = SqliteSnapshotStore(tmp_path / "snapshots.db")
    web = StaticSearch(default=[SearchHit(URL, "Louvre", "", 1)], name="web", latency_s=0.2)
    fetcher = MemoryFetcher({URL: ("text/html", PAGE)}, latency_s=0.1)
    rt = runtime(settings, extractor, store, fetcher, web)
    reports = await asyncio.gather(*(check(CheckRequest(RESPONSE), rt) for _ in range(3)))
    assert len(web.calls) == len(set(web.calls))
    assert len(fetcher.calls) == 1
    assert all(r.claims[0].evidence == reports[0].claims[0].evidence for r in reports)


def test_page_expiry_honours_cache_control_and_expires() -> None:
    now = 1_700_000_000.0
    day = 86400.0
    assert page_expiry({}, now, day) == now + day
    assert page_expiry({"Cache-Control": "public, max-age=600"}, now, day) == now + 600
    assert page_expiry({"cache-control": "s-maxage=60, max-age=600"}, now, day) == now + 60
    assert page_expiry({"Cache-Control": "max-age=999999"}, now, day) == now + day
    assert page_expiry({"Cache-Control": "no-store"}, now, day) is None
    assert page_expiry({"Cache-Control": "no-cache"}, now, day) is None
    assert page_expiry({"Cache-Control": "max-age=0"}, now, day) is None
    assert page_expiry({"Expires": "Tue, 14 Nov 2023 22:23:20 GMT"}, now, day) == now + 600
    assert page_expiry({"Expires": "0"}, now, day) is None
    assert page_expiry({}, now, 0.0) is None


async def test_workers_sharing_a_store_ask_once_for_one_key(tmp_path: Path) -> None:
    """Two workers (two caches, two connections to one store, as two processes have) asking
    the same key at once: one asks the web, the other waits for its answer."""
    stores = [SqliteSnapshotStore(tmp_path / "snapshots.db") for _ in range(2)]
    caches = [EvidenceCache(store, poll_s=0.02) for store in stores]
    asked: list[int] = []

    def produce(n: int) -> Any:
        async def run() -> tuple[str, str | None, float | None]:
            asked.append(n)
            await asyncio.sleep(0.2)
            sid = stores[n].put("search", {"answer": 42})
            return "answer", sid, time.time() + 60

        return run

    got = await asyncio.gather(
        *(c.shared("search", "k", produce(n), lambda sid: "answer") for n, c in enumerate(caches))
    )
    assert len(asked) == 1
    assert [g.value for g in got] == ["answer", "answer"]
    assert sorted(g.age_s is None for g in got) == [False, True]  # one asked, one reused
    # a claim that ends without an answer to keep lets the next worker ask
    assert stores[0].cache_claim("page", "u", 60)
    assert not stores[1].cache_claim("page", "u", 60)
    stores[0].cache_release("page", "u")
    assert stores[1].cache_claim("page", "u", 60)
    for store in stores:
        store.close()


async def test_a_page_not_to_keep_is_still_shared_by_reports_at_once(
    settings: Settings, extractor: Extractor, tmp_path: Path
) -> None:
    store = SqliteSnapshotStore(tmp_path / "snapshots.db")
    web = StaticSearch(default=[SearchHit(URL, "Louvre", "", 1)], name="web")
    fetcher = HeaderFetcher({"cache-control": "no-store"})
    fetcher.latency_s = 0.1
    rt = runtime(settings, extractor, store, fetcher, web)
    reports = await asyncio.gather(*(check(CheckRequest(RESPONSE), rt) for _ in range(3)))
    for report in reports:
        pages = [p for c in report.claims for p in c.pages]
        assert pages
        assert all(p.error is None and p.snapshot_id and p.cache_age_s is None for p in pages)
