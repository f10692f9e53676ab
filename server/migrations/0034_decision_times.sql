-- Time to decision (GET /api/mod/alarms "decisions", /metrics) reads the reviews of bursts of the
-- last 30 days by when they were made (the held reports' decisions by mod_log_at_idx).
CREATE INDEX signal_reviews_at_idx ON signal_reviews (at);
