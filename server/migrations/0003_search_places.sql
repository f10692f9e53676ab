-- Spot search, in two steps that each stay fast at a million spots:
-- 1. every word of the query is matched to known words (typos: trigram similarity; typing: prefix)
--    in search_words, a small lexicon of the words spots use;
-- 2. spots containing those words are found through a full-text index (search_tsv).
-- A trigram index over whole documents was tried: GIN scores every match of a common word
-- (p50 493 ms at 100k spots), GiST nearest-neighbour crawls when nothing is close (3.2 s at 1M).
ALTER TABLE spots ADD COLUMN search_doc text GENERATED ALWAYS AS
  (lower(title || ' ' || area || ' ' || description)) STORED;
ALTER TABLE spots ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS
  (to_tsvector('simple', title || ' ' || area || ' ' || description)) STORED;
CREATE INDEX spots_public_search_tsv ON spots USING gin (search_tsv) WHERE publication = 'approved';

CREATE TABLE search_words (word text PRIMARY KEY);
CREATE INDEX search_words_trgm ON search_words USING gist (word gist_trgm_ops);
CREATE INDEX search_words_prefix ON search_words (word text_pattern_ops);

-- Words enter the lexicon when spots are written; a word no spot uses any more only costs a miss.
CREATE FUNCTION search_words_from_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows, unnest(tsvector_to_array(new_rows.search_tsv)) AS w
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER spots_search_words_insert AFTER INSERT ON spots
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_new_rows();

CREATE FUNCTION search_words_from_edit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT DISTINCT unnest(tsvector_to_array(NEW.search_tsv))
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER spots_search_words_edit AFTER UPDATE OF title, area, description ON spots
  FOR EACH ROW EXECUTE FUNCTION search_words_from_edit();

INSERT INTO search_words (word)
  SELECT DISTINCT unnest(tsvector_to_array(search_tsv)) FROM spots ON CONFLICT DO NOTHING;

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
