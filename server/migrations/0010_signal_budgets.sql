-- The community signal bounded for the whole site, whatever the number of networks
-- (docs/api.md, "Protected spots and site-wide budgets").

-- Votes and flags also keep their wide network (a salted hash of the IPv4 /24 or IPv6 /48): flags
-- are counted by it towards hiding a spot, and status changes are budgeted per wide network.
ALTER TABLE votes ADD COLUMN wide_network text;
ALTER TABLE flags ADD COLUMN wide_network text;
UPDATE votes SET wide_network = network WHERE wide_network IS NULL;
UPDATE flags SET wide_network = network WHERE wide_network IS NULL;
-- The denials of a period (a burst to look at or revert) are read by time.
CREATE INDEX votes_denials_idx ON votes (updated_at) WHERE value = -1;
CREATE INDEX flags_open_created_idx ON flags (created_at) WHERE resolved_at IS NULL;

-- A spot a moderator restored (flags dismissed, a dispute cleared, a burst reverted) is protected
-- until then: flags and votes send it to review instead of off the map, routes or statistics.
ALTER TABLE spots ADD COLUMN restored_until timestamptz;

-- Whether a spot counts as a danger now depends on the time (a restore lapses after 30 days), which
-- a generated column cannot read: the rule lives in one SQL expression in the code
-- (server/src/spots/protection.ts).
ALTER TABLE spots DROP COLUMN counts_as_danger;

-- Why a spot waits for a moderator: `disputed` (community votes disputed a protected spot),
-- `flagged` (flags reached the hide threshold on a protected spot), `held` (flags reached it while
-- the site's hide budget was spent: the spot stays on the map until a moderator decides).
ALTER TABLE spots DROP CONSTRAINT spots_review_reason_check;
ALTER TABLE spots ADD CONSTRAINT spots_review_reason_check
  CHECK (review_reason IN ('disputed', 'flagged', 'held'));

-- Actions that took a danger away, site-wide: the budgets count them over the last hour. `hidden`:
-- flags hid a spot; `disputed`: a vote moved a spot into disputed; `held`: flags would have hidden a
-- spot past the budget and it went to review instead. Few rows by construction (the budgets bound
-- the first two, one `held` per spot until a moderator decides); kept 30 days.
CREATE TABLE signal_events (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind         text NOT NULL CHECK (kind IN ('hidden', 'disputed', 'held')),
  spot_id      integer REFERENCES spots (id) ON DELETE CASCADE,
  at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signal_events_kind_at_idx ON signal_events (kind, at);

-- The ten-minute buckets refused votes are counted in and moderators' alarms look at.
CREATE FUNCTION signal_bucket(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT date_bin(interval '10 minutes', at, timestamptz '2000-01-01 00:00:00+00') $$;
CREATE FUNCTION signal_bucket_end(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT signal_bucket(at) + interval '10 minutes' $$;

-- Votes refused because the site's dispute budget was spent: nothing of the vote is stored, only how
-- many attempts each spot drew in each ten minutes, and (at most 20 of) the networks that sent them,
-- so moderators see what waits for them. One row per spot and ten minutes, whatever the networks.
CREATE TABLE signal_refusals (
  spot_id  integer NOT NULL REFERENCES spots (id) ON DELETE CASCADE,
  bucket   timestamptz NOT NULL,
  attempts integer NOT NULL,
  last_at  timestamptz NOT NULL DEFAULT now(),
  networks text[] NOT NULL,
  PRIMARY KEY (spot_id, bucket)
);
CREATE INDEX signal_refusals_bucket_idx ON signal_refusals (bucket);

-- Periods a moderator looked at and kept (or reverted): their bursts leave the alarms, unless
-- something happens in them after the review.
CREATE TABLE signal_reviews (
  id       integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  from_at  timestamptz NOT NULL,
  to_at    timestamptz NOT NULL,
  actor    text NOT NULL,
  action   text NOT NULL CHECK (action IN ('kept', 'reverted')),
  at       timestamptz NOT NULL DEFAULT now(),
  CHECK (from_at <= to_at)
);
CREATE INDEX signal_reviews_to_idx ON signal_reviews (to_at);

INSERT INTO settings (key, value) VALUES
  ('auto_hide_budget_per_hour', '5'),
  ('dispute_budget_per_hour', '20')
ON CONFLICT (key) DO NOTHING;
