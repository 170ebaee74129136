-- 3: a search API every worker passes over until held_until (epoch seconds): its quota
-- spent (reason "quota") or its key refused ("key") for the workers asking with one key
-- (holder: a fingerprint of it, never the key), said: the API's answer as one line
CREATE TABLE search_hold (
    backend TEXT NOT NULL,
    holder TEXT NOT NULL DEFAULT '',
    held_until DOUBLE PRECISION NOT NULL,
    reason TEXT NOT NULL,
    said TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (backend, holder)
)
