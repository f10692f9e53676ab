-- Rate-limit counters when no Redis is configured: one row per key and fixed window.
-- Keys are `<policy>:<salted hash>`, never an address. Rows expire two windows after they start.
-- UNLOGGED: a counter needs no write-ahead log flush per request (npm run bench:limits here:
-- about 2,200 -> 3,800 limited requests/s). Counts survive clean restarts; a crash of PostgreSQL
-- empties the table, which only gives every client a fresh window.
CREATE UNLOGGED TABLE rate_counters (
  key          text NOT NULL,
  window_index bigint NOT NULL,
  count        integer NOT NULL,
  expires_at   timestamptz NOT NULL,
  PRIMARY KEY (key, window_index)
);
CREATE INDEX rate_counters_expiry_idx ON rate_counters (expires_at);
