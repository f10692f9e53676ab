-- A change a cluster does not show touches the marker tiles only. Tiles to zoom 13 count spots per
-- cell by place, severity, category, status and verification (TILE_CLUSTER_MAX_ZOOM in
-- common/geo.ts); a spot's confidence, confirmation day, time of day and seeding show only in the
-- marker tiles of zooms 14 to 16. A vote changes the confidence and often the confirmation day, so it
-- raised 17 tiles' versions; now 3, and a vote's function takes about 40 % less of PostgreSQL's time
-- at a million spots (bench/NOTES.md, "A vote's tiles").

-- Raises the version of every tile holding one of the points, from each point's `min_zoom` to 16, in
-- one statement in tile order (so concurrent touches take the rows' locks in the same order).
CREATE FUNCTION spot_tiles_touch(lats double precision[], lngs double precision[], min_zooms integer[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO spot_tile_versions AS v (z, x, y, slot, version)
  SELECT DISTINCT z, tile_x(p.lng, z), tile_y(p.lat, z), counter_slot(), 1
  FROM unnest(lats, lngs, min_zooms) AS p(lat, lng, min_zoom)
  CROSS JOIN LATERAL generate_series(p.min_zoom, 16) AS z
  ORDER BY 1, 2, 3
  ON CONFLICT (z, x, y, slot) DO UPDATE SET version = v.version + 1
$$;

CREATE OR REPLACE FUNCTION spot_tiles_touch(lats double precision[], lngs double precision[])
RETURNS void LANGUAGE sql AS $$
  SELECT spot_tiles_touch(lats, lngs, array_fill(0, ARRAY[cardinality(lats)]))
$$;

CREATE OR REPLACE FUNCTION spot_tiles_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM spot_tiles_touch(array_agg(t.lat), array_agg(t.lng), array_agg(t.min_zoom))
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL (
    SELECT CASE
      WHEN (n.publication, n.lat, n.lng, n.severity, n.category, n.status, n.moderator_verified)
           IS DISTINCT FROM
           (o.publication, o.lat, o.lng, o.severity, o.category, o.status, o.moderator_verified)
      THEN 0 ELSE 14 END
  ) AS c(min_zoom)
  CROSS JOIN LATERAL (VALUES (o.lat, o.lng, c.min_zoom), (n.lat, n.lng, c.min_zoom)) AS t(lat, lng, min_zoom)
  WHERE (o.publication = 'approved' OR n.publication = 'approved')
    AND (n.publication, n.lat, n.lng, n.severity, n.category, n.status, n.moderator_verified, n.seeded,
         n.time_of_day, spot_confirmed_on(n.last_confirmed_at, n.created_at), n.confidence)
        IS DISTINCT FROM
        (o.publication, o.lat, o.lng, o.severity, o.category, o.status, o.moderator_verified, o.seeded,
         o.time_of_day, spot_confirmed_on(o.last_confirmed_at, o.created_at), o.confidence)
  HAVING count(*) > 0;
  RETURN NULL;
END $$;
