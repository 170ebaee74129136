-- 2: the evidence cache and the search rate every worker on every host shares
CREATE TABLE evidence_cache (
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    snapshot_id TEXT NOT NULL,
    stored_at DOUBLE PRECISION NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (kind, key)
);

CREATE TABLE search_rate (
    backend TEXT PRIMARY KEY,
    tat DOUBLE PRECISION NOT NULL,
    paused_until DOUBLE PRECISION NOT NULL DEFAULT 0,
    month TEXT NOT NULL DEFAULT '',
    month_requests BIGINT NOT NULL DEFAULT 0,
    requests BIGINT NOT NULL DEFAULT 0,
    limited BIGINT NOT NULL DEFAULT 0,
    waits BIGINT NOT NULL DEFAULT 0,
    waited_s DOUBLE PRECISION NOT NULL DEFAULT 0,
    refused BIGINT NOT NULL DEFAULT 0,
    quota_left BIGINT
)
