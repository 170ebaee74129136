-- the version each component's schema is at (made if missing by `verifier db migrate`)
CREATE TABLE IF NOT EXISTS verifier_schema (
    component TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL
)
