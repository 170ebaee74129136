"""Benchmark: the faults production brings, injected into the service as real processes,
and how it recovers. The scenarios are the fault tests' (tests/workers/faults.py); here
they are timed and tabled rather than asserted:

- PostgreSQL stopped while `verifier worker` processes run, for each ``--outages`` length
  (a throwaway cluster on a port of its own, never the shared server), then started;
- the data dir's disk filled under `verifier serve` on SQLite (a 20 MB tmpfs; root only);
- a job process of `serve` SIGKILLed, on SQLite and on PostgreSQL;
- SIGTERM to `serve` while jobs run.

For each: jobs submitted, done, failed and lost, the most attempts a job took, and how
long after the fault was cleared the API accepted work again and every job was done.

Run: ``python bench/faults.py [--outages 5,75] [--only outage,disk,kill,sigterm]``.
Targets: nothing lost, nothing failed, no person needed (every row); the API accepts
work within a few seconds of the fault clearing.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.workers import faults  # noqa: E402


def _row(o: faults.Outcome) -> str:
    def s(value: float | None) -> str:
        return "–" if value is None else f"{value:.1f} s"

    notes = {k: v for k, v in o.notes.items() if k != "logs"}
    extra = []
    if "during" in notes:
        extra.append(f"during: {notes['during'][0]} {notes['during'][1]}")
    if "healthz_s" in notes:
        extra.append(f"/healthz {notes['healthz_s']:.2f} s")
    if "stopped_s" in notes:
        extra.append(f"stopped in {notes['stopped_s']} s (exit {notes['exit_status']})")
    if "restarts" in notes:
        extra.append(f"restarts {notes['restarts']:.0f}")
    if "alive_after" in notes:
        extra.append(f"processes alive {sum(notes['alive_after'])}/{len(notes['alive_after'])}")
    return (
        f"| {o.store} | {o.fault} | {o.submitted} | {o.done} | {o.failed} | {o.lost} | "
        f"{o.max_attempts} | {s(o.recover_s)} | {s(o.drain_s)} | {'; '.join(extra)} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--outages", default="5,75", help="database outage lengths, seconds")
    parser.add_argument("--only", default="outage,disk,kill,sigterm")
    args = parser.parse_args()
    only = set(args.only.split(","))
    rows: list[faults.Outcome] = []
    skipped: list[str] = []

    def run(name: str, scenario, **kwargs) -> None:  # type: ignore[no-untyped-def]
        with tempfile.TemporaryDirectory(prefix="verifier-faults-") as tmp:
            began = time.monotonic()
            outcome = scenario(Path(tmp), **kwargs)
            outcome.notes["took_s"] = round(time.monotonic() - began, 1)
            rows.append(outcome)
            print(_row(outcome), flush=True)

    reason = faults.cluster_unavailable()
    if "outage" in only:
        if reason:
            skipped.append(f"database outage: {reason}")
        else:
            for outage in (float(x) for x in args.outages.split(",")):
                run("outage", faults.database_outage, outage_s=outage)
    if "disk" in only:
        why = faults.tmpfs_unavailable()
        if why:
            skipped.append(f"disk full: {why}")
        else:
            run("disk", faults.disk_full)
    if "kill" in only:
        run("kill", faults.job_process_killed)
        if not reason:
            with faults.cluster() as pg:
                run("kill", _killed_on, pg=pg)
    if "sigterm" in only:
        run("sigterm", faults.sigterm_under_load)
    print()
    print(
        "| store | fault | jobs submitted | done | failed | lost | most attempts | API accepts again after | all done after | notes |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for o in rows:
        print(_row(o))
    for line in skipped:
        print(f"skipped: {line}")
    bad = [o for o in rows if o.lost or o.failed or o.done != o.submitted]
    print(
        f"\nsummary: {len(rows)} fault scenario(s); {sum(o.submitted for o in rows)} jobs submitted, "
        f"{sum(o.done for o in rows)} done, {sum(o.failed for o in rows)} failed, "
        f"{sum(o.lost for o in rows)} lost; "
        + (
            "every scenario recovered without a person"
            if not bad
            else f"{len(bad)} did not recover"
        )
    )


def _killed_on(tmp: Path, pg: faults.Cluster) -> faults.Outcome:
    url = pg.create_database(f"verifier_{int(time.time() * 1000)}")
    from verifier.system.postgres import migrate, open_pool
    from workers.commands import pg_components

    pool = open_pool(url, 1)
    try:
        migrate(pool, pg_components())
    finally:
        pool.close()
    return faults.job_process_killed(tmp, database=url)


if __name__ == "__main__":
    main()
