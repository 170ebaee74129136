-- 3: which worker stored the report
ALTER TABLE jobs ADD COLUMN done_by TEXT;
