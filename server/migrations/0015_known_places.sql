-- Places the place service has named, each once, with a spatial index: what the report sheet and a
-- kept offline area are named by ("near Wandegeya") without asking the public geocoder on a tap.
-- Filled from place_cache as lookups are cached; the places' JSON there has no index of its own.
CREATE TABLE known_places (
  name   text NOT NULL,
  detail text NOT NULL DEFAULT '',
  lat    double precision NOT NULL,
  lng    double precision NOT NULL,
  geog   geography(Point, 4326) GENERATED ALWAYS AS
           (ST_SetSRID(ST_MakePoint(lng, lat), 4326)::geography) STORED,
  PRIMARY KEY (name, lat, lng)
);
CREATE INDEX known_places_geog ON known_places USING gist (geog);

CREATE FUNCTION known_places_from_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO known_places (name, detail, lat, lng)
    SELECT DISTINCT ON (p->>'name', (p->>'lat')::float8, (p->>'lng')::float8)
           p->>'name', coalesce(p->>'detail', ''), (p->>'lat')::float8, (p->>'lng')::float8
    FROM jsonb_array_elements(NEW.places) AS p
    WHERE coalesce(p->>'name', '') <> '' AND jsonb_typeof(p->'lat') = 'number' AND jsonb_typeof(p->'lng') = 'number'
  ON CONFLICT (name, lat, lng) DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER place_cache_known_places AFTER INSERT OR UPDATE OF places ON place_cache
  FOR EACH ROW EXECUTE FUNCTION known_places_from_cache();

INSERT INTO known_places (name, detail, lat, lng)
  SELECT DISTINCT ON (p->>'name', (p->>'lat')::float8, (p->>'lng')::float8)
         p->>'name', coalesce(p->>'detail', ''), (p->>'lat')::float8, (p->>'lng')::float8
  FROM place_cache, jsonb_array_elements(places) AS p
  WHERE coalesce(p->>'name', '') <> '' AND jsonb_typeof(p->'lat') = 'number' AND jsonb_typeof(p->'lng') = 'number'
ON CONFLICT (name, lat, lng) DO NOTHING;
