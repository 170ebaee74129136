-- 1: jobs (with the queue's task id), reports, audits, keys, callback attempts
CREATE TABLE jobs (
    id TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    owner TEXT,
    request TEXT NOT NULL,
    options TEXT NOT NULL,
    idempotency_key TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    lease_owner TEXT,
    lease_until DOUBLE PRECISION,
    next_run_at DOUBLE PRECISION NOT NULL,
    error TEXT,
    created_at DOUBLE PRECISION NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    finished_at DOUBLE PRECISION,
    report_status TEXT,
    done_by TEXT,
    queue_job_id BIGINT
);
CREATE UNIQUE INDEX jobs_idempotency ON jobs (owner, idempotency_key)
    WHERE idempotency_key IS NOT NULL;
CREATE INDEX jobs_ready ON jobs (state, next_run_at);
CREATE INDEX jobs_owner ON jobs (owner, created_at);
CREATE TABLE reports (
    job_id TEXT PRIMARY KEY REFERENCES jobs (id),
    report TEXT NOT NULL,
    stored_at DOUBLE PRECISION NOT NULL
);
CREATE TABLE audits (
    id TEXT PRIMARY KEY,
    job_id TEXT NOT NULL REFERENCES jobs (id),
    mode TEXT NOT NULL,
    requested_by TEXT,
    result TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX audits_job ON audits (job_id);
CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    hash TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL,
    name TEXT NOT NULL,
    callback_secret TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    revoked_at DOUBLE PRECISION
);
CREATE TABLE callback_attempts (
    job_id TEXT NOT NULL REFERENCES jobs (id),
    attempt INTEGER NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    status INTEGER,
    error TEXT,
    PRIMARY KEY (job_id, attempt)
);
