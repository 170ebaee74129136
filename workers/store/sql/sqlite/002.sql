-- 2: a finished job says whether its report is complete or incomplete
ALTER TABLE jobs ADD COLUMN report_status TEXT;
