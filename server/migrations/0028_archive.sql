-- Ageing out (docs/api.md, "Confidence and time"): a spot nobody confirmed for long (settings) is
-- archived: publication 'archived', off the map, tiles, clusters, route dangers, nearby answers,
-- alerts and statistics (every public query and the grid and tile counts read 'approved' only),
-- still in open data and by its link. A confirmation, or a moderator, brings it back.
ALTER TABLE spots DROP CONSTRAINT spots_publication_check;
ALTER TABLE spots ADD CONSTRAINT spots_publication_check
  CHECK (publication IN ('approved', 'pending', 'rejected', 'archived'));
ALTER TABLE spots
  -- When it was archived (null unless archived).
  ADD COLUMN archived_at timestamptz,
  -- When a moderator last kept it (verified or restored it): it ages from then, as from a confirmation.
  ADD COLUMN kept_at timestamptz;
-- A verified spot was kept when it was last updated (the best this knows of when it was verified).
UPDATE spots SET kept_at = updated_at WHERE moderator_verified;

-- Archived spots by place, for GET /api/spots?archived=1 with a bbox (the public index holds
-- approved spots only).
CREATE INDEX spots_archived_point_gix ON spots
  USING gist ((ST_SetSRID(ST_MakePoint(lng, lat), 4326))) WHERE publication = 'archived';

-- Months without a confirmation before a spot is archived, by severity (moderator settings).
INSERT INTO settings (key, value) VALUES
  ('archive_months_severe', '12'),
  ('archive_months', '6')
ON CONFLICT (key) DO NOTHING;
