-- Spot search: one lower-cased document per spot, trigram-indexed for typo-tolerant matching.
ALTER TABLE spots ADD COLUMN search_doc text GENERATED ALWAYS AS
  (lower(title || ' ' || area || ' ' || description)) STORED;
CREATE INDEX spots_public_search_trgm ON spots USING gin (search_doc gin_trgm_ops)
  WHERE publication = 'approved';

-- Synthetic spots for benchmarks (npm run data:synthetic): never seed data, removable in one go.
ALTER TABLE spots ADD COLUMN synthetic boolean NOT NULL DEFAULT false;

-- Place lookups from the place service, by normalised query, so a repeated query never reaches it.
CREATE TABLE place_cache (
  query      text PRIMARY KEY,
  places     jsonb NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX place_cache_fetched_idx ON place_cache (fetched_at);

-- App-wide slots (one upstream place lookup per second for all instances), when Redis is not used.
CREATE UNLOGGED TABLE app_slots (
  key   text PRIMARY KEY,
  until timestamptz NOT NULL
);
