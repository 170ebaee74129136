-- 3: what a submission with an idempotency key asked for (a sha256), and what the
-- job process renders when it stores a report: its summary and its pages
ALTER TABLE jobs ADD COLUMN request_hash TEXT;
ALTER TABLE reports ADD COLUMN summary TEXT;
ALTER TABLE reports ADD COLUMN pages INTEGER;
CREATE TABLE report_pages (
    job_id TEXT NOT NULL REFERENCES jobs (id),
    page INTEGER NOT NULL,
    html TEXT NOT NULL,
    PRIMARY KEY (job_id, page)
);
