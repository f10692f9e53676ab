-- Time to decision (GET /api/mod/alarms "decisions", /metrics): a held report's hold is found by its
-- spot when a moderator's decision on it is read, and the reviews of bursts by when they were made.
CREATE INDEX report_events_held_spot_idx ON report_events (spot_id) WHERE held_by IS NOT NULL;
CREATE INDEX signal_reviews_at_idx ON signal_reviews (at);
