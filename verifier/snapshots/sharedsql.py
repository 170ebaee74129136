"""The evidence cache and the shared search rate on a DB-API connection (SQLite or
PostgreSQL: the same statements, ``?`` placeholders turned into ``%s`` for psycopg).

Each function runs inside the caller's transaction; :func:`rate_take` must run in one
that holds the backend's row exclusively (SQLite ``BEGIN IMMEDIATE``; PostgreSQL
``SELECT ... FOR UPDATE``), so that no two workers are promised the same turn."""

from __future__ import annotations

from typing import Any

from verifier.snapshots.shared import RateRow, RateStats, Turn, take_turn

__all__ = [
    "cache_claim",
    "cache_get",
    "cache_put",
    "cache_release",
    "rate_hold",
    "rate_note",
    "rate_stats",
    "rate_take",
]

# the snapshot id of a key some worker is asking the web for right now (until expires_at)
PENDING = ""


def _sql(conn: Any, statement: str) -> str:
    return statement if _is_sqlite(conn) else statement.replace("?", "%s")


def _is_sqlite(conn: Any) -> bool:
    return type(conn).__module__.startswith("sqlite3")


def cache_get(conn: Any, kind: str, key: str, now: float) -> tuple[str, float] | None:
    row = conn.execute(
        _sql(
            conn,
            "SELECT snapshot_id, stored_at FROM evidence_cache"
            " WHERE kind = ? AND key = ? AND expires_at > ? AND snapshot_id <> ?",
        ),
        (kind, key, now, PENDING),
    ).fetchone()
    return (str(row[0]), float(row[1])) if row else None


def cache_claim(conn: Any, kind: str, key: str, now: float, flight_s: float) -> bool:
    """Whether this worker may ask the web for ``key``: true when no fresh answer and no
    other worker's flight holds it (the flight is then this worker's for ``flight_s``)."""
    inserted = conn.execute(
        _sql(
            conn,
            "INSERT INTO evidence_cache (kind, key, snapshot_id, stored_at, expires_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (kind, key) DO NOTHING",
        ),
        (kind, key, PENDING, now, now + flight_s),
    )
    if inserted.rowcount == 1:
        return True
    select = "SELECT expires_at FROM evidence_cache WHERE kind = ? AND key = ?"
    if not _is_sqlite(conn):
        select += " FOR UPDATE"
    row = conn.execute(_sql(conn, select), (kind, key)).fetchone()
    if row is not None and float(row[0]) > now:
        return False
    conn.execute(
        _sql(
            conn,
            "UPDATE evidence_cache SET snapshot_id = ?, stored_at = ?, expires_at = ?"
            " WHERE kind = ? AND key = ?",
        ),
        (PENDING, now, now + flight_s, kind, key),
    )
    return True


def cache_release(conn: Any, kind: str, key: str) -> None:
    """This worker's flight for ``key`` ended without an answer to keep."""
    conn.execute(
        _sql(conn, "DELETE FROM evidence_cache WHERE kind = ? AND key = ? AND snapshot_id = ?"),
        (kind, key, PENDING),
    )


def cache_put(
    conn: Any, kind: str, key: str, snapshot_id: str, stored_at: float, expires_at: float
) -> None:
    conn.execute(
        _sql(
            conn,
            "INSERT INTO evidence_cache (kind, key, snapshot_id, stored_at, expires_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (kind, key) DO UPDATE SET"
            " snapshot_id = excluded.snapshot_id, stored_at = excluded.stored_at,"
            " expires_at = excluded.expires_at",
        ),
        (kind, key, snapshot_id, stored_at, expires_at),
    )


def _row(conn: Any, backend: str, lock: bool, holder: str = "") -> RateRow:
    conn.execute(
        _sql(conn, "INSERT INTO search_rate (backend, tat) VALUES (?, 0) ON CONFLICT DO NOTHING"),
        (backend,),
    )
    select = "SELECT tat, paused_until, month, month_requests FROM search_rate WHERE backend = ?"
    if lock and not _is_sqlite(conn):
        select += " FOR UPDATE"
    tat, paused, month, used = conn.execute(_sql(conn, select), (backend,)).fetchone()
    held = conn.execute(
        _sql(
            conn,
            "SELECT held_until, reason, said FROM search_hold WHERE backend = ? AND holder = ?",
        ),
        (backend, holder),
    ).fetchone()
    until, reason, said = held if held else (0.0, "", "")
    return RateRow(float(tat), float(paused), str(month), int(used), float(until), reason, said)


def rate_take(
    conn: Any,
    backend: str,
    now: float,
    *,
    rate: float,
    latest: float,
    monthly_quota: int,
    holder: str = "",
) -> Turn:
    """The backend's next turn (:func:`take_turn`), refused while it is held for
    ``holder`` (the key the worker asks with: :func:`rate_hold`)."""
    turn = take_turn(
        _row(conn, backend, lock=True, holder=holder),
        now,
        rate=rate,
        latest=latest,
        monthly_quota=monthly_quota,
    )
    r = turn.row
    granted = not turn.refused
    conn.execute(
        _sql(
            conn,
            "UPDATE search_rate SET tat = ?, month = ?, month_requests = ?,"
            " requests = requests + ?, waits = waits + ?, waited_s = waited_s + ?,"
            " refused = refused + ? WHERE backend = ?",
        ),
        (
            r.tat,
            r.month,
            r.month_requests,
            int(granted),
            int(granted and turn.wait_s > 0),
            turn.wait_s if granted else 0.0,
            int(not granted),
            backend,
        ),
    )
    return turn


def rate_note(
    conn: Any,
    backend: str,
    now: float,
    *,
    limited: bool,
    retry_after_s: float | None,
    quota_left: int | None,
) -> None:
    """A 429 pauses every worker's turns until ``now + retry_after_s`` (1 s when unsaid);
    the quota the API says is left is kept for /metrics."""
    row = _row(conn, backend, lock=True)
    paused = row.paused_until
    tat = row.tat
    if limited:
        paused = max(paused, now + (1.0 if retry_after_s is None else retry_after_s))
        tat = max(tat, paused)
    conn.execute(
        _sql(
            conn,
            "UPDATE search_rate SET paused_until = ?, tat = ?, limited = limited + ?,"
            " quota_left = COALESCE(?, quota_left) WHERE backend = ?",
        ),
        (paused, tat, int(limited), quota_left, backend),
    )


def rate_hold(
    conn: Any, backend: str, *, until: float, reason: str, said: str, holder: str = ""
) -> None:
    """Every worker asking with the key ``holder`` names passes ``backend`` over until
    ``until`` (epoch seconds): its quota is spent (``reason`` "quota") or its key refused
    ("key"); ``said`` is the API's answer as one line. Another key (a fixed one) is not
    held."""
    conn.execute(
        _sql(
            conn,
            "INSERT INTO search_hold (backend, holder, held_until, reason, said)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (backend, holder) DO UPDATE SET"
            " held_until = excluded.held_until, reason = excluded.reason, said = excluded.said",
        ),
        (backend, holder, until, reason, said),
    )


def rate_stats(conn: Any, quotas: dict[str, int]) -> list[RateStats]:
    rows = conn.execute(
        "SELECT backend, requests, limited, waits, waited_s, refused, month_requests, quota_left"
        " FROM search_rate ORDER BY backend"
    ).fetchall()
    out = []
    for backend, requests, limited, waits, waited, refused, used, left in rows:
        quota = quotas.get(str(backend), 0)
        if quota:
            mine = quota - int(used)
            left = mine if left is None else min(int(left), mine)
        out.append(
            RateStats(
                str(backend),
                int(requests),
                int(limited),
                int(waits),
                float(waited),
                int(refused),
                int(used),
                None if left is None else max(0, int(left)),
            )
        )
    return out
