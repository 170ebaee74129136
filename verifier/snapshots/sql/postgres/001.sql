-- 1: content-addressed snapshots
CREATE TABLE snapshots (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    stored_at DOUBLE PRECISION NOT NULL,
    body BYTEA NOT NULL
)
