-- Map data as tiles (Web Mercator XYZ). Two tables, kept in step by statement-level triggers like
-- the grid of 0004:
-- * spot_tile_cells: public spots counted per cell, a cell being an eighth of a tile's side at zooms
--   0 to 13 (so tile z/x/y holds cells 8x..8x+7, 8y..8y+7 of level z, numbered as tiles of zoom
--   z + 3): a tile's clusters are exactly the cells inside it.
-- * spot_tile_versions: a counter per tile at zooms 0 to 16, raised whenever a public spot in it
--   appears, moves, changes what a marker shows, or leaves. The tile's ETag is its version, so it
--   changes only when that tile's content does (a tile beyond zoom 16 takes its zoom-16 ancestor's).

CREATE FUNCTION tile_x(lng double precision, z integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT floor((lng + 180) / 360 * (1 << z))::int
$$;

-- A latitude within 1e-9 degrees of the equator counts as 1e-9 on its own side: the tile is the
-- same (a zoom-16 tile is 0.005 degrees tall), and PostgreSQL refuses to compute radians() of a
-- subnormal number (-5e-324 is a valid latitude) with "value out of range: underflow".
CREATE FUNCTION tile_y(lat double precision, z integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT floor((1 - ln(tan(radians(l)) + 1 / cos(radians(l))) / pi()) / 2 * (1 << z))::int
  FROM (SELECT CASE WHEN lat = 0 OR abs(lat) >= 1e-9 THEN lat ELSE sign(lat) * 1e-9 END) AS t(l)
$$;

-- The day a spot was last confirmed (else reported), which a marker shows as its age: the tile
-- changes with it at most once a day, not with every vote.
CREATE FUNCTION spot_confirmed_on(last_confirmed_at timestamptz, created_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (coalesce(last_confirmed_at, created_at) AT TIME ZONE 'UTC')::date
$$;

CREATE TABLE spot_tile_cells (
  z       smallint NOT NULL,
  cx      integer NOT NULL,
  cy      integer NOT NULL,
  n       integer NOT NULL,
  s1      integer NOT NULL,
  s2      integer NOT NULL,
  s3      integer NOT NULL,
  s4      integer NOT NULL,
  s5      integer NOT NULL,
  sum_lat double precision NOT NULL,
  sum_lng double precision NOT NULL,
  PRIMARY KEY (z, cx, cy)
);

CREATE TABLE spot_tile_versions (
  z       smallint NOT NULL,
  x       integer NOT NULL,
  y       integer NOT NULL,
  version bigint NOT NULL,
  PRIMARY KEY (z, x, y)
);

-- Adds (sign 1) or removes (sign -1) points from every cluster zoom's cells. Rows are written in key
-- order, so concurrent writers lock them in the same order.
CREATE FUNCTION spot_tile_cells_add(sign integer, lats double precision[], lngs double precision[], sevs integer[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO spot_tile_cells AS c (z, cx, cy, n, s1, s2, s3, s4, s5, sum_lat, sum_lng)
  SELECT z, tile_x(p.lng, z + 3), tile_y(p.lat, z + 3),
         sign * count(*),
         sign * count(*) FILTER (WHERE p.sev = 1), sign * count(*) FILTER (WHERE p.sev = 2),
         sign * count(*) FILTER (WHERE p.sev = 3), sign * count(*) FILTER (WHERE p.sev = 4),
         sign * count(*) FILTER (WHERE p.sev = 5),
         sign * sum(p.lat), sign * sum(p.lng)
  FROM unnest(lats, lngs, sevs) AS p(lat, lng, sev) CROSS JOIN generate_series(0, 13) AS z
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (z, cx, cy) DO UPDATE SET
    n = c.n + EXCLUDED.n, s1 = c.s1 + EXCLUDED.s1, s2 = c.s2 + EXCLUDED.s2, s3 = c.s3 + EXCLUDED.s3,
    s4 = c.s4 + EXCLUDED.s4, s5 = c.s5 + EXCLUDED.s5,
    sum_lat = c.sum_lat + EXCLUDED.sum_lat, sum_lng = c.sum_lng + EXCLUDED.sum_lng
$$;

-- Raises the version of every tile (zooms 0 to 16) holding one of the points.
CREATE FUNCTION spot_tiles_touch(lats double precision[], lngs double precision[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO spot_tile_versions AS v (z, x, y, version)
  SELECT DISTINCT z, tile_x(p.lng, z), tile_y(p.lat, z), 1
  FROM unnest(lats, lngs) AS p(lat, lng) CROSS JOIN generate_series(0, 16) AS z
  ORDER BY 1, 2, 3
  ON CONFLICT (z, x, y) DO UPDATE SET version = v.version + 1
$$;

CREATE FUNCTION spot_tiles_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM spot_tile_cells_add(1, array_agg(lat), array_agg(lng), array_agg(severity::int)),
          spot_tiles_touch(array_agg(lat), array_agg(lng))
  FROM new_rows WHERE publication = 'approved' HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE FUNCTION spot_tiles_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM spot_tile_cells_add(-1, array_agg(lat), array_agg(lng), array_agg(severity::int)),
          spot_tiles_touch(array_agg(lat), array_agg(lng))
  FROM old_rows WHERE publication = 'approved' HAVING count(*) > 0;
  RETURN NULL;
END $$;

-- Votes update spots all the time; only rows whose marker or place changed touch their tiles.
CREATE FUNCTION spot_tiles_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM spot_tile_cells_add(-1, array_agg(o.lat), array_agg(o.lng), array_agg(o.severity::int))
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE o.publication = 'approved'
    AND (n.publication, n.lat, n.lng, n.severity) IS DISTINCT FROM (o.publication, o.lat, o.lng, o.severity)
  HAVING count(*) > 0;
  PERFORM spot_tile_cells_add(1, array_agg(n.lat), array_agg(n.lng), array_agg(n.severity::int))
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE n.publication = 'approved'
    AND (n.publication, n.lat, n.lng, n.severity) IS DISTINCT FROM (o.publication, o.lat, o.lng, o.severity)
  HAVING count(*) > 0;
  PERFORM spot_tiles_touch(array_agg(t.lat), array_agg(t.lng))
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL (VALUES (o.lat, o.lng), (n.lat, n.lng)) AS t(lat, lng)
  WHERE (o.publication = 'approved' OR n.publication = 'approved')
    AND (n.publication, n.lat, n.lng, n.severity, n.category, n.status, n.moderator_verified, n.seeded,
         n.time_of_day, spot_confirmed_on(n.last_confirmed_at, n.created_at))
        IS DISTINCT FROM
        (o.publication, o.lat, o.lng, o.severity, o.category, o.status, o.moderator_verified, o.seeded,
         o.time_of_day, spot_confirmed_on(o.last_confirmed_at, o.created_at))
  HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE TRIGGER spot_tiles_insert AFTER INSERT ON spots
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION spot_tiles_on_insert();
CREATE TRIGGER spot_tiles_delete AFTER DELETE ON spots
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION spot_tiles_on_delete();
CREATE TRIGGER spot_tiles_update AFTER UPDATE ON spots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION spot_tiles_on_update();

SELECT spot_tile_cells_add(1, array_agg(lat), array_agg(lng), array_agg(severity::int)),
       spot_tiles_touch(array_agg(lat), array_agg(lng))
FROM spots WHERE publication = 'approved' HAVING count(*) > 0;
