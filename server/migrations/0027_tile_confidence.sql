-- Tiles carry each spot's confidence (docs/api.md, "Confidence and time"), so a change of it changes
-- the tile: its version rises. Confidence is stored with one decimal's precision in mind, and the
-- daily ageing changes it at most once a day per spot, so tiles' versions rise at most daily for it.
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
  PERFORM spot_tiles_touch(array_agg(t.lat), array_agg(t.lng))
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL (VALUES (o.lat, o.lng), (n.lat, n.lng)) AS t(lat, lng)
  WHERE (o.publication = 'approved' OR n.publication = 'approved')
    AND (n.publication, n.lat, n.lng, n.severity, n.category, n.status, n.moderator_verified, n.seeded,
         n.time_of_day, spot_confirmed_on(n.last_confirmed_at, n.created_at), n.confidence)
        IS DISTINCT FROM
        (o.publication, o.lat, o.lng, o.severity, o.category, o.status, o.moderator_verified, o.seeded,
         o.time_of_day, spot_confirmed_on(o.last_confirmed_at, o.created_at), o.confidence)
  HAVING count(*) > 0;
  RETURN NULL;
END $$;
