-- Confidence and time (docs/api.md, "Confidence and time"): how sure the map is of each spot, 0 to
-- 10, computed by the app from what is known (common/confidence.ts) and stored, so lists, tiles,
-- statistics and routes read it as a column. `confidence_at`: when it was last computed; it is
-- computed again at each vote and moderator decision on the spot, and at least daily as it ages
-- (null: not yet).
ALTER TABLE spots
  ADD COLUMN confidence        real NOT NULL DEFAULT 0 CHECK (confidence BETWEEN 0 AND 10),
  ADD COLUMN confidence_at     timestamptz,
  -- Whether the reporter had standing when reporting (earned trust); seeded spots have no reporter.
  ADD COLUMN reporter_standing boolean NOT NULL DEFAULT false;
CREATE INDEX spots_confidence_at_idx ON spots (confidence_at NULLS FIRST);

-- Whether the voter had standing when voting: such a voter's wide network counts double.
ALTER TABLE votes ADD COLUMN standing boolean NOT NULL DEFAULT false;

-- Half-lives of confidence, in days, by severity (moderator settings).
INSERT INTO settings (key, value) VALUES
  ('half_life_days_severe', '180'),
  ('half_life_days', '90')
ON CONFLICT (key) DO NOTHING;
