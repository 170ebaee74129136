-- content-addressed snapshots (made if missing: the schema has never changed)
CREATE TABLE IF NOT EXISTS snapshots (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    stored_at REAL NOT NULL,
    body BLOB NOT NULL
);
