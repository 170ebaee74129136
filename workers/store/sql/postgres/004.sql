-- 4: the callback outbox: a finished job's callback, recorded with its report in the
-- transaction that marks it done, sent (and retried with backoff) by a sender that holds
-- no job slot. A claim (claimed_by, claimed_until) that its sender did not settle (it
-- was killed) runs out and the callback is sent again: at least once
CREATE TABLE callback_outbox (
    job_id TEXT PRIMARY KEY REFERENCES jobs (id),
    url TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    due_at DOUBLE PRECISION NOT NULL,
    tries INTEGER NOT NULL DEFAULT 0,
    claimed_by TEXT,
    claimed_until DOUBLE PRECISION,
    sent_at DOUBLE PRECISION,
    gave_up_at DOUBLE PRECISION,
    error TEXT
);
CREATE INDEX callback_outbox_due ON callback_outbox (due_at) WHERE sent_at IS NULL AND gave_up_at IS NULL;
