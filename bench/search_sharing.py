"""Benchmark: what the search APIs are asked when things go wrong (issue 46, points 3-5).

Everything on loopback (``verifier.testing``'s ``brave_app``/``serper_app`` fakes, a site
of pages), nothing read from ``../shared/data``. Three figures:

1. **A shared SQLite job store, separate data dirs.** Two workers (two runtimes with their
   own ``store.data_dir``, one ``service.database = "sqlite:///.../jobs.db"``) check the
   same answers at once against a Brave plan of 2 requests/s (the fake counts requests
   past it and answers them 429): requests sent per second (mean and most in one second),
   429s, queries asked twice, pages fetched twice.
2. **A spent quota.** Brave's quota spent, ``search.backends = ["brave", "serper"]``: the
   requests Brave still gets for the queries of several reports (each one wasted).
3. **A name that does not resolve.** ``[search.brave] base_url`` on a host under
   ``.invalid`` (RFC 6761: never resolves): seconds until a report gives up, and how many
   requests were tried.

Run: ``python bench/search_sharing.py`` (about half a minute).
"""

from __future__ import annotations

import asyncio
import math
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from aiohttp import web

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from verifier.config import Settings
from verifier.pipeline import check
from verifier.runtime import open_runtime
from verifier.schema import CheckRequest
from verifier.testing import ApiLedger, brave_app, serper_app

KEY = "bench-key"
FACTS = [
    ("eiffel", "The Eiffel Tower is 330 metres tall and stands in Paris."),
    ("everest", "Mount Everest is 8849 metres high and lies in Nepal."),
    ("nile", "The Nile is about 6650 kilometres long and flows into the Mediterranean."),
    ("moon", "The Moon is about 384400 kilometres from the Earth."),
    ("danube", "The Danube flows through ten countries and into the Black Sea."),
    ("amazon", "The Amazon river carries more water than any other river on Earth."),
    ("sahara", "The Sahara is the largest hot desert and covers much of North Africa."),
    ("tokyo", "Tokyo became the capital of Japan in 1868 after the Meiji Restoration."),
]
ANSWERS = [" ".join(text for _, text in FACTS[i : i + 2]) for i in range(0, len(FACTS), 2)]


async def _serve(app: web.Application) -> tuple[web.AppRunner, str]:
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    return runner, f"http://127.0.0.1:{port}"


def _site(hits: Counter[str]) -> web.Application:
    app = web.Application()

    async def page(request: web.Request) -> web.Response:
        name = request.match_info["name"]
        hits[name] += 1
        text = dict(FACTS)[name]
        html = f"<html><head><title>{name}</title></head><body><article><p>{text}</p></article></body></html>"
        return web.Response(
            text=html, content_type="text/html", headers={"Cache-Control": "max-age=86400"}
        )

    app.router.add_get("/page/{name}", page)
    return app


def _results(site: str) -> Any:
    def results(query: str) -> list[dict[str, str]]:
        words = set(query.lower().split())
        ranked = sorted(FACTS, key=lambda f: -len(words & set(f[1].lower().split())))
        return [
            {"url": f"{site}/page/{name}", "title": name, "content": text}
            for name, text in ranked[:2]
        ]

    return results


def _settings(tmp: Path, name: str, overrides: dict[str, Any]) -> Settings:
    return Settings().with_overrides(
        {
            "fetch.allow_private_networks": True,
            "store.data_dir": str(tmp / name),
            "extract.processes": 1,
            **overrides,
        }
    )


class _Times:
    """When each request reached the fake (for requests per second)."""

    def __init__(self) -> None:
        self.at: list[float] = []

    def middleware(self) -> Any:
        @web.middleware
        async def note(request: web.Request, handler: Any) -> Any:
            self.at.append(time.time())
            return await handler(request)

        return note


async def shared_sqlite_store(tmp: Path) -> dict[str, Any]:
    hits: Counter[str] = Counter()
    site_runner, site = await _serve(_site(hits))
    ledger = ApiLedger(rate=2.0, window_s=1.0, key=KEY)
    times = _Times()
    app = brave_app(_results(site), ledger)
    app.middlewares.append(times.middleware())
    brave_runner, brave = await _serve(app)
    os.environ["BRAVE_API_KEY"] = KEY
    common = {
        "service.database": f"sqlite:///{tmp / 'shared' / 'jobs.db'}",
        "search.backends": ["brave"],
        "search.brave.base_url": f"{brave}/res/v1/web/search",
        "search.brave.requests_per_second": 2.0,
    }
    (tmp / "shared").mkdir()
    try:

        async def worker(name: str) -> None:
            async with open_runtime(_settings(tmp, name, common)) as runtime:
                for answer in ANSWERS:
                    await check(CheckRequest(answer), runtime)

        started = time.time()
        await asyncio.gather(worker("a"), worker("b"))
        took = time.time() - started
    finally:
        await brave_runner.cleanup()
        await site_runner.cleanup()
    per_second = Counter(math.floor(t) for t in times.at)
    asked = Counter(ledger.queries)
    span = max(times.at) - min(times.at) if len(times.at) > 1 else 1.0
    return {
        "requests": ledger.requests,
        "requests/s (mean over the run)": round(ledger.requests / max(span, 1.0), 2),
        "most in one second": max(per_second.values()),
        "429s": ledger.over_rate,
        "queries asked twice": sum(1 for n in asked.values() if n > 1),
        "pages fetched twice": sum(1 for n in hits.values() if n > 1),
        "seconds": round(took, 1),
    }


async def spent_quota(tmp: Path) -> dict[str, Any]:
    hits: Counter[str] = Counter()
    site_runner, site = await _serve(_site(hits))
    spent = ApiLedger(quota=1, key=KEY)
    spent.answered = 1  # the month's quota already used
    fine = ApiLedger(key=KEY)
    brave_runner, brave = await _serve(brave_app(_results(site), spent))
    serper_runner, serper = await _serve(serper_app(_results(site), fine))
    os.environ["BRAVE_API_KEY"] = KEY
    os.environ["SERPER_API_KEY"] = KEY
    overrides = {
        "search.backends": ["brave", "serper"],
        "search.brave.base_url": f"{brave}/res/v1/web/search",
        "search.serper.base_url": f"{serper}/search",
        "search.brave.requests_per_second": 20.0,
        "search.serper.requests_per_second": 20.0,
    }
    try:

        async def worker(name: str) -> None:
            async with open_runtime(_settings(tmp, name, overrides)) as runtime:
                for answer in ANSWERS:
                    await check(CheckRequest(answer), runtime)

        started = time.time()
        await asyncio.gather(worker("q1"), worker("q2"))
        took = time.time() - started
    finally:
        await brave_runner.cleanup()
        await serper_runner.cleanup()
        await site_runner.cleanup()
    return {
        "queries answered by serper": fine.answered,
        "requests to the spent brave (wasted)": spent.requests,
        "seconds": round(took, 1),
    }


async def unresolvable(tmp: Path) -> dict[str, Any]:
    os.environ["BRAVE_API_KEY"] = KEY
    overrides = {
        "search.backends": ["brave"],
        "search.brave.base_url": "https://api.brave-search.invalid/res/v1/web/search",
        "search.brave.requests_per_second": 0.9,
    }
    async with open_runtime(_settings(tmp, "dns", overrides)) as runtime:
        started = time.time()
        report = await check(CheckRequest(ANSWERS[0] + " " + ANSWERS[1]), runtime)
        took = time.time() - started
    searches = [s for c in report.claims for s in c.searches if not s.backend.startswith("corpus")]
    return {
        "report status": report.status,
        "searches recorded": len(searches),
        "seconds to give up": round(took, 2),
        "first error": searches[0].error if searches else None,
    }


def _table(title: str, row: dict[str, Any]) -> None:
    print(f"\n### {title}\n")
    print("| " + " | ".join(row) + " |")
    print("|" + "---|" * len(row))
    print("| " + " | ".join(str(v) for v in row.values()) + " |")


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        _table(
            "Shared SQLite job store, two data dirs, Brave plan 2/s",
            await shared_sqlite_store(Path(tmp)),
        )
        _table(
            "Brave's quota spent, brave > serper, 2 workers x 4 reports",
            await spent_quota(Path(tmp)),
        )
        _table(
            "Brave's host does not resolve (one report, 4 claims)", await unresolvable(Path(tmp))
        )


if __name__ == "__main__":
    asyncio.run(main())
