-- A vote rewrites its spot's row (counts, status, last confirmed). No indexed column changes, so
-- PostgreSQL can keep the new version on the same page and skip the spot's nine indexes (a HOT
-- update), but only when the page has room: full pages made every vote insert into each index,
-- the two spatial and the full-text ones included. Pages now keep 15% free. Pages written before
-- this keep their fill until rewritten (VACUUM FULL spots, at a quiet time).
ALTER TABLE spots SET (fillfactor = 85);
