"""Benchmark: evidence gathering for a 10-claim response over loopback.

A fake SearXNG answers every query after 1 s with three hits; each hit is a page on its
own loopback server (its own host:port, as search hits are spread over hosts) that
answers after 0.5 s. The real pipeline runs: fetcher, extraction pool, SQLite snapshots.

Two kinds of pages:
- settled at the first query: every page restates the query that found it, so the first
  query (the claim's own words) settles every claim and no claim asks another;
- none settled at the first query: the pages the first query finds are about something
  else (none of the claim's words), so every claim asks all its other queries (the aimed
  slot query among them), whose pages restate the claim. The critical path is two rounds
  of search + page, 3 s.

Rows, each kind before and after:
- before: the old ``[limits]`` (``max_concurrent_claims = 8``, ``max_concurrent_queries =
  3``) and ``fetch.concurrency = 16``: the claims in two waves. Each claim still asks
  its queries in two rounds, which has the critical path the old loop had here (it asked the aimed query alone and, as
  that settled the claim, never the third: 20 searches where this row makes 29; against
  pages that settle nothing the old loop took three rounds);
- after: the defaults (every claim at once; the first query, then the others together;
  64 connections: a round here wants 26 to 38 pages at once, which 16 fetched in two or
  three turns of 0.5 s).
With the full run also: a naive loop (one claim at a time, every query, fetch and
extraction in turn: the same adapters in a plain loop) and the pipeline with
``limits.max_concurrent_claims = 1``; and always: a hanging search and hanging pages
(budget 3 s), for the overrun of each claim past its deadline.

Targets: 10 claims in <= 2.0 s when the first query settles each claim and <= 3.5 s when
none does; worst overrun past a deadline < 1 s; with the full run, over 30 s one claim at
a time. Run: ``python bench/evidence.py`` (add ``--quick`` to skip the slow sequential
baselines).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from dataclasses import dataclass
from urllib.parse import quote

from aiohttp import web

from verifier.claims.extract import extract_claims
from verifier.config import Settings
from verifier.pipeline import check
from verifier.rubric.scorer import score as score_rubric
from verifier.runtime import open_runtime
from verifier.schema import CheckRequest, Report
from verifier.system.deadline import Deadline
from verifier.testing import searxng_app

SEARCH_LATENCY_S = 1.0
PAGE_LATENCY_S = 0.5
HANG_BUDGET_S = 3.0

# Claims the default judge settles on a page that restates them (three earlier ones, e.g.
# "... walked on the Moon on 20 July 1969.", stayed inconclusive even on a verbatim page,
# so they asked every query whatever the pages said).
CLAIMS = [
    "The Eiffel Tower was completed in 1889 in Paris.",
    "Marie Curie won the Nobel Prize in Physics in 1903.",
    "The Great Wall of China is about 21,000 kilometres long.",
    "Mount Everest is 8,849 metres tall according to a 2020 survey.",
    "The Amazon River flows through Brazil, Peru and Colombia.",
    "Alexander Fleming discovered penicillin in 1928 in London.",
    "The Pacific Ocean covers about 165 million square kilometres.",
    "The first Moon landing took place on 20 July 1969.",
    "The human heart has four chambers and beats about 100,000 times a day.",
    "Python was created by Guido van Rossum and first released in 1991.",
]
RESPONSE = " ".join(CLAIMS)
# Each claim's queries as the pipeline writes them (default settings): the first one, and
# the claim every query belongs to.
_DRAFTS = [d for d in extract_claims(RESPONSE) if d.check_worthy]
FIRST_QUERIES = {d.queries[0] for d in _DRAFTS}
CLAIM_OF = {q: d.claim or d.text for d in _DRAFTS for q in d.queries}
OFF_TOPIC = "Opening hours, ticket prices and directions for visitors arriving by train"


def page_html(n: int, topic: str) -> str:
    return (
        f"<html><head><title>Page {n}</title></head><body><article><h1>Page {n}</h1>"
        f"<p>{topic}. This page has further background on the subject, written for the benchmark.</p>"
        f"<p>Another paragraph with details that a reader might find useful, number {n}.</p>"
        "</article></body></html>"
    )


@dataclass
class Servers:
    runners: list[web.AppRunner]
    searx_url: str


def topic_for(query: str, *, unsettled: bool) -> str:
    """What a page found by ``query`` says: the query itself; with ``unsettled``, nothing
    about the claim for a claim's first query and the claim itself for its later ones."""
    if not unsettled or query not in CLAIM_OF:
        return query
    return OFF_TOPIC if query in FIRST_QUERIES else CLAIM_OF[query]


async def start(
    *,
    hang_search: bool = False,
    hang_pages: bool = False,
    unsettled: bool = False,
    hosts: int = 30,
) -> Servers:
    runners: list[web.AppRunner] = []
    page_bases: list[str] = []

    async def page(request: web.Request) -> web.Response:
        if hang_pages:
            await asyncio.sleep(3600)
        await asyncio.sleep(PAGE_LATENCY_S)
        html = page_html(int(request.match_info["n"]), request.query.get("q", ""))
        return web.Response(text=html, content_type="text/html")

    app = web.Application()
    app.router.add_get("/p/{n}", page)
    runner = web.AppRunner(app, shutdown_timeout=0.2, handler_cancellation=True)
    await runner.setup()
    runners.append(runner)
    for _ in range(hosts):
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        page_bases.append(f"http://127.0.0.1:{port}")

    counter = {"n": 0}

    def results(query: str) -> list[dict[str, str]]:
        out = []
        for _ in range(3):
            n = counter["n"]
            counter["n"] += 1
            topic = quote(topic_for(query, unsettled=unsettled))
            url = f"{page_bases[n % len(page_bases)]}/p/{n}?q={topic}"
            out.append({"url": url, "title": f"Page {n}"})
        return out

    searx = searxng_app(results, latency_s=SEARCH_LATENCY_S, hang=hang_search)
    searx_runner = web.AppRunner(searx, shutdown_timeout=0.2, handler_cancellation=True)
    await searx_runner.setup()
    site = web.TCPSite(searx_runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    runners.append(searx_runner)
    return Servers(runners, f"http://127.0.0.1:{port}")


def settings_for(servers: Servers, data_dir: str, **overrides: object) -> Settings:
    return Settings().with_overrides(
        {
            "search.backends": ["searxng"],
            "search.searxng.base_url": servers.searx_url,
            "fetch.allow_private_networks": True,
            "store.data_dir": data_dir,
            **overrides,
        }
    )


async def run_case(
    name: str,
    data_dir: str,
    *,
    hang_search: bool = False,
    hang_pages: bool = False,
    unsettled: bool = False,
    **overrides: object,
) -> tuple[str, Report, float]:
    servers = await start(hang_search=hang_search, hang_pages=hang_pages, unsettled=unsettled)
    try:
        settings = settings_for(servers, data_dir, **overrides)
        async with open_runtime(settings) as runtime:
            # warm the extraction pool so worker start-up is not billed to the first case
            await runtime.extractor.extract(
                page_html(0, "warm-up").encode(),
                url="http://warm/",
                content_type="text/html",
                charset=None,
                deadline=Deadline.after(30),
            )
            started = time.monotonic()
            report = await check(CheckRequest(RESPONSE), runtime)
            wall = time.monotonic() - started
    finally:
        for runner in servers.runners:
            await runner.cleanup()
    return name, report, wall


async def naive_loop(data_dir: str) -> tuple[float, int, int]:
    """The reference point: one claim at a time, each query, fetch and extraction in turn,
    with the same adapters (SearXNG client, fetcher, extraction pool) the pipeline uses."""
    from verifier.claims.extract import extract_claims

    servers = await start()
    searches = pages = 0
    try:
        settings = settings_for(servers, data_dir)
        async with open_runtime(settings) as runtime:
            backend = runtime.backends[0]
            started = time.monotonic()
            for draft in extract_claims(RESPONSE):
                deadline = Deadline.after(settings.limits.claim_budget_s)
                for query in draft.queries:
                    hits = await backend.search(query, deadline=deadline)
                    searches += 1
                    for hit in hits[: settings.fetch.pages_per_query]:  # as the pipeline does
                        page = await runtime.fetcher.fetch(hit.url, deadline)
                        await runtime.extractor.extract(
                            page.body,
                            url=page.final_url,
                            content_type=page.content_type,
                            charset=page.charset,
                            deadline=deadline,
                        )
                        pages += 1
            wall = time.monotonic() - started
    finally:
        for runner in servers.runners:
            await runner.cleanup()
    return wall, searches, pages


def row(name: str, report: Report, wall: float, budget: float | None) -> str:
    claims = [c for c in report.claims if c.check_worthy]
    searched = sum(c.searched for c in claims)
    evidence = sum(bool(c.evidence) for c in claims)
    timed_out = sum(c.timed_out for c in claims)
    overrun = max((c.elapsed_s - budget for c in claims), default=0.0) if budget else None
    over = f"{max(overrun, 0.0):.2f}" if overrun is not None else "-"
    return (
        f"| {name:<54} | {len(claims):>6} | {searched:>8} | {evidence:>8} | {timed_out:>9} | "
        f"{report.summary['searches']:>8} | {report.summary['pages']:>5} | {wall:>8.2f} | {over:>11} |"
    )


# the old [limits] and [fetch] connections: claims in waves of 8, 16 connections
BEFORE = {
    "limits.max_concurrent_claims": 8,
    "limits.max_concurrent_queries": 3,
    "fetch.concurrency": 16,
}


def warm_up() -> None:
    """One-time start-up costs (the rubric's word lists) that no report should be billed."""
    score_rubric(RESPONSE)


async def main(quick: bool) -> int:
    header = (
        f"| {'case':<54} | claims | searched | evidence | timed out | "
        "searches | pages |   wall s | overrun s * |\n"
        f"|{'-' * 56}|--------|----------|----------|-----------|"
        "----------|-------|----------|-------------|"
    )
    rows: list[str] = []
    walls: dict[str, float] = {}
    overruns: list[float] = []
    warm_up()
    with tempfile.TemporaryDirectory() as data_dir:
        for kind, unsettled, what in (
            ("settled", False, "1st query settles"),
            ("unsettled", True, "1st query settles none"),
        ):
            for when, label, overrides in (
                ("before", "before (waves of 8)", BEFORE),
                ("after", "after (defaults)", {}),
            ):
                name, report, wall = await run_case(
                    f"{what}: {label}", data_dir, unsettled=unsettled, **overrides
                )
                walls[f"{kind} {when}"] = wall
                rows.append(row(name, report, wall, None))
        if not quick:
            wall, searches, pages = await naive_loop(data_dir)
            walls["sequential"] = wall
            rows.append(
                f"| {'naive loop: one claim, one step at a time':<54} | {10:>6} | {10:>8} | {'-':>8} | {'-':>9} | "
                f"{searches:>8} | {pages:>5} | {wall:>8.2f} | {'-':>11} |"
            )
            name, report, wall = await run_case(
                "pipeline, one claim at a time", data_dir, **{"limits.max_concurrent_claims": 1}
            )
            rows.append(row(name, report, wall, None))
        for label, kwargs in (
            ("hanging search (budget 3 s)", {"hang_search": True}),
            ("hanging pages (budget 3 s)", {"hang_pages": True}),
        ):
            name, report, wall = await run_case(
                label, data_dir, **kwargs, **{"limits.claim_budget_s": HANG_BUDGET_S}
            )
            rows.append(row(name, report, wall, HANG_BUDGET_S))
            claims = [c for c in report.claims if c.check_worthy]
            overruns.append(max(c.elapsed_s - HANG_BUDGET_S for c in claims))
    print(header)
    print("\n".join(rows))
    print(
        "* overrun: the longest a claim ran past its deadline (claim elapsed - budget);"
        " all ten hanging claims run at once, so they take one budget of wall time"
    )
    worst = max(max(overruns), 0.0)
    settled, unsettled = walls["settled after"], walls["unsettled after"]
    baseline = walls.get("sequential")
    ok = (
        settled <= 2.0
        and unsettled <= 3.5
        and worst < 1.0
        and (baseline is None or baseline > 30.0)
    )
    sequential = (
        f"; {baseline / settled:.1f}x faster than the naive loop ({baseline:.1f} s, target > 30 s)"
        if baseline
        else ""
    )
    print(
        f"summary: 10 claims settled at the 1st query in {settled:.2f} s (target <= 2.0 s; "
        f"before {walls['settled before']:.2f} s, {walls['settled before'] / settled:.1f}x); "
        f"none settled at the 1st query in {unsettled:.2f} s (target <= 3.5 s; "
        f"before {walls['unsettled before']:.2f} s, {walls['unsettled before'] / unsettled:.1f}x); "
        f"worst overrun past a deadline {worst:.2f} s (target < 1 s){sequential} "
        f"-> {'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="skip the sequential baselines (about a minute)"
    )
    sys.exit(asyncio.run(main(parser.parse_args().quick)))
