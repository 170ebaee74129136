"""Benchmark: web evidence at a rating team's volume (issue 38).

A rating queue of real LLM answers (FacTool's and Factcheck-Bench's ChatGPT answers,
``../shared/data/claims/{factool-dev,factcheck-bench-dev}/responses_dev.jsonl``): each
answer is queued twice, the second time with its sentences in another order (a second
answer to the same prompt that states the same facts, as a queue of several answers per
prompt has), shuffled with a fixed seed: at least 300 reports.

The web is played on loopback: Brave Search's and Serper's APIs (``verifier.testing``
``brave_app``/``serper_app``: their documented answers, each enforcing its plan's rate as a
fixed one-second windows, as Brave's ``X-RateLimit-Policy: <n>;w=1`` says, and answering
429 past it, counting every request over the rate), and a site
of pages (the answers' evidence texts, one page each, ``Cache-Control: max-age=86400``)
that the fake searches point to, ranked by the words a query shares with a page.

Three workers in two processes (two in one, one in the other) check the queue with
``search.backends = ["brave", "serper"]`` on one PostgreSQL store (a fresh database at
127.0.0.1:5432, dropped afterwards): the shared rate, the evidence cache and the snapshots
all live there. A baseline run with the cache off (the same answers, the first
``--baseline`` of the queue) measures what the queue costs without sharing.

The workers keep to ``--margin`` (0.9) of each plan's rate, as docs/service.md advises:
the API counts requests in its own one-second windows as they arrive, and requests take
varying time to get there.

Printed, per backend: queries sent per report, cache hits per report, 429s received,
requests over the plan's rate (counted by the fake), and the share of the plan's rate
used; then reports per minute against what the configured rates allow (60 x the rates'
sum / queries sent per report) and against the plans' own limit, reports incomplete or with a
rate-limited search, pages fetched per report, and a one-line summary.

Run: ``python bench/search_volume.py [--reports N] [--baseline N] [--brave-rps R]
[--serper-rps R]``. Exits cleanly when the data folder or PostgreSQL is missing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing
import os
import random
import re
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "claims"
SOURCES = ("factool-dev/responses_dev.jsonl", "factcheck-bench-dev/responses_dev.jsonl")
ADMIN_URL = os.environ.get("VERIFIER_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
KEY = "bench-key"
_WORD = re.compile(r"[a-z0-9]{3,}")
_STOP = frozenset(
    "the and for are was were with that this from has have had its into than which who what when where how".split()
)


# --- the queue and the pages -----------------------------------------------------------
def _rows() -> list[dict[str, Any]]:
    rows = []
    for name in SOURCES:
        with (DATA / name).open() as fh:
            rows += [json.loads(line) for line in fh]
    return rows


def queue_of(rows: list[dict[str, Any]], count: int, seed: int = 38) -> list[dict[str, str]]:
    """Each answer twice (the second with its sentences reordered), shuffled: >= count."""
    rng = random.Random(seed)
    out = []
    for row in rows:
        response = row["response"].strip()
        out.append({"prompt": row.get("prompt") or "", "response": response})
        parts = re.split(r"(?<=[.!?])\s+", response)
        rng.shuffle(parts)
        out.append({"prompt": row.get("prompt") or "", "response": " ".join(parts)})
    while len(out) < count:
        out += out[: count - len(out)]
    rng.shuffle(out)
    return out[:count] if count else out


def pages_of(rows: list[dict[str, Any]]) -> list[str]:
    texts = dict.fromkeys(
        " ".join(str(e).split())
        for row in rows
        for e in row.get("evidence") or []
        if str(e).strip()
    )
    return [t for t in texts if len(t) > 80]


def _terms(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP}


class Site:
    """The fake web: pages, and a search that ranks them by shared words (idf-weighted)."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.index: dict[str, list[int]] = defaultdict(list)
        for n, text in enumerate(texts):
            for term in _terms(text):
                self.index[term].append(n)
        self.idf = {t: math.log(len(texts) / len(ns)) for t, ns in self.index.items()}
        self.base = ""

    def results(self, query: str) -> list[dict[str, str]]:
        scores: Counter[int] = Counter()
        for term in _terms(query.strip('"')):
            for n in self.index.get(term, ()):
                scores[n] += self.idf[term]
        top = [n for n, _ in scores.most_common(5)]
        return [
            {
                "url": f"{self.base}/p/{n}",
                "title": self.texts[n][:60],
                "content": self.texts[n][:200],
            }
            for n in top
        ]


def _site_app(site: Site, hits: Counter[str]) -> Any:
    from aiohttp import web

    app = web.Application()

    async def page(request: web.Request) -> web.Response:
        n = int(request.match_info["n"])
        hits["pages"] += 1
        text = site.texts[n]
        title = " ".join(text.split()[:8])
        html = f"<html><head><title>{title}</title></head><body><article><p>{text}</p></article></body></html>"
        return web.Response(
            text=html, content_type="text/html", headers={"Cache-Control": "public, max-age=86400"}
        )

    app.router.add_get("/p/{n}", page)
    return app


class Fakes:
    """The fake APIs and the site, served from a thread of this process."""

    def __init__(self, site: Site, brave_rps: float, serper_rps: float) -> None:
        from verifier.testing import ApiLedger

        self.site = site
        self.brave = ApiLedger(rate=brave_rps, window_s=1.0, key=KEY)
        self.serper = ApiLedger(rate=serper_rps, window_s=1.0, key=KEY)
        self.hits: Counter[str] = Counter()
        self.ports: dict[str, int] = {}
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        threading.Thread(target=self._run, daemon=True).start()
        self._ready.wait(30)

    def _run(self) -> None:
        from aiohttp import web

        from verifier.testing import brave_app, serper_app

        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            apps = {
                "brave": brave_app(self.site.results, self.brave),
                "serper": serper_app(self.site.results, self.serper),
                "site": _site_app(self.site, self.hits),
            }
            for name, app in apps.items():
                runner = web.AppRunner(app, access_log=None)
                await runner.setup()
                tcp = web.TCPSite(runner, "127.0.0.1", 0)
                await tcp.start()
                self.ports[name] = tcp._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
            self.site.base = f"http://127.0.0.1:{self.ports['site']}"
            self._ready.set()
            await asyncio.Event().wait()

        asyncio.run(main())

    def reset(self, brave_rps: float, serper_rps: float) -> None:
        from verifier.testing import ApiLedger

        for ledger, rps in ((self.brave, brave_rps), (self.serper, serper_rps)):
            fresh = ApiLedger(rate=rps, burst=max(1.0, rps), key=KEY)
            for name in (
                "rate",
                "burst",
                "requests",
                "answered",
                "over_rate",
                "quota_refused",
                "key_refused",
            ):
                setattr(ledger, name, getattr(fresh, name))
            ledger.queries.clear()
            ledger._tokens = -1.0
        self.hits.clear()


# --- the workers -------------------------------------------------------------------------
def _settings(
    database: str,
    data_dir: str,
    ports: dict[str, int],
    rps: dict[str, float],
    cache: bool,
    max_wait_s: float,
    margin: float,
) -> Any:
    from verifier.config import Settings

    return Settings().with_overrides(
        {
            "service.database": database,
            "store.data_dir": data_dir,
            "search.backends": ["brave", "serper"],
            "search.brave.base_url": f"http://127.0.0.1:{ports['brave']}/res/v1/web/search",
            "search.serper.base_url": f"http://127.0.0.1:{ports['serper']}/search",
            "search.brave.requests_per_second": rps["brave"] * margin,
            "search.serper.requests_per_second": rps["serper"] * margin,
            "search.brave.max_wait_s": max_wait_s,
            "search.cache.enabled": cache,
            "fetch.allow_private_networks": True,
            "resources.check": False,  # cited URLs are real sites: the bench stays on loopback
            "fetch.per_host_concurrency": 16,  # the whole fake web is one host
            "extract.processes": 1,
        }
    )


def _summary(report: Any) -> dict[str, Any]:
    searches = [s for c in report.claims for s in c.searches] + list(report.plagiarism.searches)
    pages = [p for c in report.claims for p in c.pages]
    answered = Counter(s.answered_by for s in searches if s.cache_age_s is None and s.answered_by)
    cached = Counter(s.answered_by for s in searches if s.cache_age_s is not None and s.answered_by)
    limited = sum(1 for s in searches if s.error and ("rate" in s.error or "no turn" in s.error))
    return {
        "status": report.status,
        "answered": dict(answered),
        "cached": dict(cached),
        "rate_errors": limited,
        "search_errors": sum(1 for s in searches if s.error),
        "pages_cached": sum(1 for p in pages if p.cache_age_s is not None),
        "incomplete": list(report.incomplete),
    }


def _worker_process(how: tuple[Any, ...], jobs: Any, results: Any, workers: int) -> None:
    from verifier.pipeline import check
    from verifier.runtime import open_runtime
    from verifier.schema import CheckRequest

    settings = _settings(*how)

    async def main() -> None:
        async with open_runtime(settings) as runtime:

            async def worker() -> None:
                while True:
                    item = await asyncio.to_thread(jobs.get)
                    if item is None:
                        return
                    n, prompt, response = item
                    try:
                        report = await check(CheckRequest(response, prompt=prompt), runtime)
                        results.put((n, _summary(report)))
                    except Exception as exc:
                        results.put(
                            (n, {"status": "failed", "error": f"{type(exc).__name__}: {exc}"})
                        )

            await asyncio.gather(*(worker() for _ in range(workers)))

    asyncio.run(main())


def run_queue(
    queue: list[dict[str, str]], how: tuple[Any, ...]
) -> tuple[list[dict[str, Any]], float]:
    ctx = multiprocessing.get_context("spawn")
    jobs, results = ctx.Queue(), ctx.Queue()
    for n, item in enumerate(queue):
        jobs.put((n, item["prompt"], item["response"]))
    split = (2, 1)  # three workers in two processes
    for _ in range(sum(split)):
        jobs.put(None)
    started = time.monotonic()
    procs = [ctx.Process(target=_worker_process, args=(how, jobs, results, w)) for w in split]
    for proc in procs:
        proc.start()
    out: list[dict[str, Any]] = []
    while len(out) < len(queue):
        out.append(results.get(timeout=1800)[1])
    elapsed = time.monotonic() - started
    for proc in procs:
        proc.join(60)
    return out, elapsed


# --- the store ---------------------------------------------------------------------------
def fresh_database() -> tuple[str, Any] | None:
    try:
        import psycopg
    except ImportError:
        return None
    try:
        admin = psycopg.connect(ADMIN_URL, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as exc:
        print(f"no PostgreSQL at {ADMIN_URL} ({str(exc).strip().splitlines()[0]}); skipped")
        return None
    name = f"verifier_bench_{uuid.uuid4().hex[:10]}"
    admin.execute(f'CREATE DATABASE "{name}"')
    url = ADMIN_URL.rsplit("/", 1)[0] + "/" + name
    from verifier.system.postgres import migrate, open_pool
    from workers.commands import pg_components

    pool = open_pool(url, 1)
    try:
        migrate(pool, pg_components())
    finally:
        pool.close()

    def drop() -> None:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()

    return url, drop


# --- the figures -------------------------------------------------------------------------
def figures(
    name: str,
    outcomes: list[dict[str, Any]],
    elapsed: float,
    fakes: Fakes,
    rps: dict[str, float],
    margin: float = 1.0,
) -> dict[str, Any]:
    """``rps``: the plans' rates; ``margin``: the share of them configured."""
    reports = len(outcomes)
    per: dict[str, dict[str, float]] = {}
    for backend, ledger in (("brave", fakes.brave), ("serper", fakes.serper)):
        cached = sum(o.get("cached", {}).get(backend, 0) for o in outcomes)
        per[backend] = {
            "sent": ledger.requests / reports,
            "cache_hits": cached / reports,
            "429s": ledger.over_rate + ledger.quota_refused,
            "over_rate": ledger.over_rate,
            "rate_used": ledger.requests / (rps[backend] * elapsed),  # of the plan
        }
    sent = sum(p["sent"] for p in per.values())
    allowed = 60 * margin * sum(rps.values()) / sent if sent else float("inf")
    plan_allows = 60 * sum(rps.values()) / sent if sent else float("inf")
    per_minute = reports / elapsed * 60
    return {
        "name": name,
        "reports": reports,
        "elapsed_s": elapsed,
        "per_backend": per,
        "sent_per_report": sent,
        "pages_per_report": fakes.hits["pages"] / reports,
        "reports_per_min": per_minute,
        "allowed_per_min": allowed,
        "ratio": per_minute / allowed if allowed else 0.0,
        "plan_ratio": per_minute / plan_allows if plan_allows else 0.0,
        "failed": sum(1 for o in outcomes if o["status"] == "failed"),
        "incomplete": sum(1 for o in outcomes if o["status"] == "incomplete"),
        "rate_errors": sum(o.get("rate_errors", 0) for o in outcomes),
        "search_errors": sum(o.get("search_errors", 0) for o in outcomes),
        "errors": [o["error"] for o in outcomes if o.get("error")][:3],
        "incomplete_why": Counter(w for o in outcomes for w in o.get("incomplete") or []),
    }


def print_run(fig: dict[str, Any]) -> None:
    print(f"\n{fig['name']}: {fig['reports']} reports in {fig['elapsed_s']:.0f} s")
    print(
        f"{'backend':8} {'sent/report':>12} {'cache hits/report':>18} {'429s':>6} {'over rate':>10} {'rate used':>10}"
    )
    for backend, p in fig["per_backend"].items():
        print(
            f"{backend:8} {p['sent']:12.2f} {p['cache_hits']:18.2f} {p['429s']:6d} {p['over_rate']:10d} {p['rate_used']:10.0%}"
        )
    print(
        f"queries sent/report {fig['sent_per_report']:.2f}, pages fetched/report {fig['pages_per_report']:.2f}; "
        f"reports/min {fig['reports_per_min']:.1f} of {fig['allowed_per_min']:.1f} the configured rates allow "
        f"({fig['ratio']:.0%}; {fig['plan_ratio']:.0%} of the plans' limit); "
        f"failed {fig['failed']}, incomplete {fig['incomplete']}, searches rate-limited {fig['rate_errors']}, "
        f"search errors {fig['search_errors']}"
    )
    for error in fig["errors"]:
        print(f"  e.g. {error}")
    for why, count in fig["incomplete_why"].most_common(3):
        print(f"  incomplete ({count}): {why}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reports", type=int, default=300, help="queue length (>= 300 by default)")
    parser.add_argument(
        "--baseline", type=int, default=100, help="reports of the no-cache baseline (0: none)"
    )
    parser.add_argument("--brave-rps", type=float, default=1.0, help="Brave's plan rate")
    parser.add_argument("--serper-rps", type=float, default=1.0, help="Serper's plan rate")
    parser.add_argument(
        "--margin",
        type=float,
        default=0.9,
        help="requests_per_second configured as this share of the plan's rate",
    )
    parser.add_argument(
        "--max-wait", type=float, default=1.0, help="search.brave.max_wait_s (overflow to serper)"
    )
    args = parser.parse_args()
    if not all((DATA / name).is_file() for name in SOURCES):
        print(f"data not found under {DATA}; skipped")
        return 0
    made = fresh_database()
    if made is None:
        return 0
    url, drop = made
    os.environ["BRAVE_API_KEY"] = KEY
    os.environ["SERPER_API_KEY"] = KEY
    rows = _rows()
    queue = queue_of(rows, args.reports)
    site = Site(pages_of(rows))
    rps = {"brave": args.brave_rps, "serper": args.serper_rps}
    fakes = Fakes(site, rps["brave"], rps["serper"])
    print(
        f"queue: {len(queue)} reports ({len(rows)} real answers, each twice); fake web: {len(site.texts)} pages; "
        f"plans: brave {rps['brave']:g}/s, serper {rps['serper']:g}/s, configured at {args.margin:.0%} of them "
        f"(brave max_wait_s {args.max_wait:g}); 3 workers in 2 processes on {url.rsplit('/', 1)[0]}/<fresh db>"
    )
    runs = []
    try:
        with tempfile.TemporaryDirectory() as data_dir:
            if args.baseline:
                fast = {k: 1000.0 for k in rps}  # the baseline only counts requests
                fakes.reset(fast["brave"], fast["serper"])
                base_url, base_drop = fresh_database() or (url, lambda: None)
                try:
                    how = (base_url, data_dir, fakes.ports, fast, False, args.max_wait, 1.0)
                    outcomes, elapsed = run_queue(queue[: args.baseline], how)
                finally:
                    base_drop()
                runs.append(
                    figures(
                        f"baseline, cache off (first {args.baseline}, rates unlimited)",
                        outcomes,
                        elapsed,
                        fakes,
                        fast,
                    )
                )
                print_run(runs[-1])
            fakes.reset(rps["brave"], rps["serper"])
            how = (url, data_dir, fakes.ports, rps, True, args.max_wait, args.margin)
            outcomes, elapsed = run_queue(queue, how)
            runs.append(
                figures("shared cache and rate", outcomes, elapsed, fakes, rps, args.margin)
            )
            print_run(runs[-1])
    finally:
        drop()
    shared = runs[-1]
    over = sum(p["over_rate"] for p in shared["per_backend"].values())
    line = (
        f"summary: {shared['reports']} reports, {shared['reports_per_min']:.1f}/min = {shared['ratio']:.0%} of what "
        f"the configured {args.margin * sum(rps.values()):g} requests/s allow ({shared['plan_ratio']:.0%} of the plans' "
        f"{sum(rps.values()):g}/s), {over} requests over a plan's rate, "
        f"{shared['failed'] + shared['incomplete']} reports failed or incomplete"
    )
    if len(runs) == 2:
        base = runs[0]
        q = 1 - shared["sent_per_report"] / base["sent_per_report"]
        p = (
            1 - shared["pages_per_report"] / base["pages_per_report"]
            if base["pages_per_report"]
            else 0.0
        )
        line += f", queries/report -{q:.0%} and pages/report -{p:.0%} against no cache"
    print("\n" + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
