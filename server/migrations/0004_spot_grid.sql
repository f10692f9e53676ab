-- Country-wide clusters. Public spots are counted per grid cell at a few fixed cell sizes, kept in
-- step by statement-level triggers (one grouped upsert per statement, so a bulk load costs one
-- aggregation, not a million upserts). A whole-country view then reads a few hundred rows instead of
-- aggregating every spot. Counts per severity (not just the maximum) survive deletions.

CREATE TABLE spot_grid_levels (
  level smallint PRIMARY KEY,
  cell  double precision NOT NULL   -- cell size in degrees
);
INSERT INTO spot_grid_levels (level, cell) VALUES (0, 0.5), (1, 0.2), (2, 0.1), (3, 0.05), (4, 0.02), (5, 0.01);

CREATE TABLE spot_grid (
  level   smallint NOT NULL,
  cx      integer NOT NULL,          -- floor(lng / cell)
  cy      integer NOT NULL,          -- floor(lat / cell)
  n       integer NOT NULL,
  s1      integer NOT NULL,
  s2      integer NOT NULL,
  s3      integer NOT NULL,
  s4      integer NOT NULL,
  s5      integer NOT NULL,
  sum_lat double precision NOT NULL,
  sum_lng double precision NOT NULL,
  PRIMARY KEY (level, cx, cy)
);

-- Adds (sign 1) or removes (sign -1) points from every level's cells.
CREATE FUNCTION spot_grid_add(sign integer, lats double precision[], lngs double precision[], sevs integer[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO spot_grid AS g (level, cx, cy, n, s1, s2, s3, s4, s5, sum_lat, sum_lng)
  SELECT l.level, floor(p.lng / l.cell)::int, floor(p.lat / l.cell)::int,
         sign * count(*),
         sign * count(*) FILTER (WHERE p.sev = 1), sign * count(*) FILTER (WHERE p.sev = 2),
         sign * count(*) FILTER (WHERE p.sev = 3), sign * count(*) FILTER (WHERE p.sev = 4),
         sign * count(*) FILTER (WHERE p.sev = 5),
         sign * sum(p.lat), sign * sum(p.lng)
  FROM unnest(lats, lngs, sevs) AS p(lat, lng, sev) CROSS JOIN spot_grid_levels l
  GROUP BY 1, 2, 3
  ON CONFLICT (level, cx, cy) DO UPDATE SET
    n = g.n + EXCLUDED.n, s1 = g.s1 + EXCLUDED.s1, s2 = g.s2 + EXCLUDED.s2, s3 = g.s3 + EXCLUDED.s3,
    s4 = g.s4 + EXCLUDED.s4, s5 = g.s5 + EXCLUDED.s5,
    sum_lat = g.sum_lat + EXCLUDED.sum_lat, sum_lng = g.sum_lng + EXCLUDED.sum_lng
$$;

CREATE FUNCTION spot_grid_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM spot_grid_add(1, array_agg(lat), array_agg(lng), array_agg(severity::int))
  FROM new_rows WHERE publication = 'approved' HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE FUNCTION spot_grid_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM spot_grid_add(-1, array_agg(lat), array_agg(lng), array_agg(severity::int))
  FROM old_rows WHERE publication = 'approved' HAVING count(*) > 0;
  RETURN NULL;
END $$;

-- Votes update spots all the time; only rows whose publication, place or severity changed move.
CREATE FUNCTION spot_grid_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM spot_grid_add(-1, array_agg(o.lat), array_agg(o.lng), array_agg(o.severity::int))
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE o.publication = 'approved'
    AND (n.publication, n.lat, n.lng, n.severity) IS DISTINCT FROM (o.publication, o.lat, o.lng, o.severity)
  HAVING count(*) > 0;
  PERFORM spot_grid_add(1, array_agg(n.lat), array_agg(n.lng), array_agg(n.severity::int))
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE n.publication = 'approved'
    AND (n.publication, n.lat, n.lng, n.severity) IS DISTINCT FROM (o.publication, o.lat, o.lng, o.severity)
  HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE TRIGGER spot_grid_insert AFTER INSERT ON spots
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION spot_grid_on_insert();
CREATE TRIGGER spot_grid_delete AFTER DELETE ON spots
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION spot_grid_on_delete();
CREATE TRIGGER spot_grid_update AFTER UPDATE ON spots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION spot_grid_on_update();

SELECT spot_grid_add(1, array_agg(lat), array_agg(lng), array_agg(severity::int))
FROM spots WHERE publication = 'approved' HAVING count(*) > 0;
