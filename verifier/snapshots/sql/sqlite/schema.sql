-- content-addressed snapshots (made if missing: the schema has never changed)
CREATE TABLE IF NOT EXISTS snapshots (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    stored_at REAL NOT NULL,
    body BLOB NOT NULL
);

-- the evidence cache every worker on this machine shares: a search's result list (kind
-- "search", key: backend, normalised query and settings) or a fetched page (kind "page",
-- key: its URL) -> the snapshot that holds it, until expires_at (epoch seconds)
CREATE TABLE IF NOT EXISTS evidence_cache (
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    snapshot_id TEXT NOT NULL,
    stored_at REAL NOT NULL,
    expires_at REAL NOT NULL,
    PRIMARY KEY (kind, key)
);

-- the rate every worker keeps to, per search backend: the generic cell rate algorithm's
-- theoretical arrival time (tat, epoch seconds: the next turn not yet promised), a pause
-- after a 429 (paused_until), the month's requests, and the counters /metrics shows
CREATE TABLE IF NOT EXISTS search_rate (
    backend TEXT PRIMARY KEY,
    tat REAL NOT NULL,
    paused_until REAL NOT NULL DEFAULT 0,
    month TEXT NOT NULL DEFAULT '',
    month_requests INTEGER NOT NULL DEFAULT 0,
    requests INTEGER NOT NULL DEFAULT 0,
    limited INTEGER NOT NULL DEFAULT 0,
    waits INTEGER NOT NULL DEFAULT 0,
    waited_s REAL NOT NULL DEFAULT 0,
    refused INTEGER NOT NULL DEFAULT 0,
    quota_left INTEGER
);

-- a search API every worker passes over until held_until (epoch seconds): its quota
-- spent (reason "quota") or its key refused ("key") for the workers asking with one key
-- (holder: a fingerprint of it, never the key), said: the API's answer as one line
CREATE TABLE IF NOT EXISTS search_hold (
    backend TEXT NOT NULL,
    holder TEXT NOT NULL DEFAULT '',
    held_until REAL NOT NULL,
    reason TEXT NOT NULL,
    said TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (backend, holder)
);
