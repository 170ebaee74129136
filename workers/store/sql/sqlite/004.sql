-- 4: the web app: a running job's progress, lists of checks newest first (by owner),
-- and the web sessions that were signed out before they expired
ALTER TABLE jobs ADD COLUMN progress TEXT;
CREATE INDEX jobs_owner_created ON jobs (owner, created_at);
CREATE INDEX jobs_created ON jobs (created_at);
CREATE TABLE web_sessions_ended (
    id TEXT PRIMARY KEY,
    until REAL NOT NULL
);
