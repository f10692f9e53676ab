-- The newcomer budgets read the reports published at once (held_by IS NULL) in the last hour, and
-- the site's baseline their count in each of the week's 168 hours, under the budgets' lock on every
-- newcomer's report. In a flood nearly every report is held, and through report_events_at_idx each
-- of those reads walked the held ones too (20,000 rows for an hour of a flood; the baseline 205 ms,
-- JIT-compiled). Indexed on what they count, they read the few published ones (0.3 ms).
CREATE INDEX report_events_published_at_idx ON report_events (at) WHERE held_by IS NULL;
