-- The map's trigger-kept counts (spot_grid, spot_tile_cells) and tile versions (spot_tile_versions)
-- in 8 slots per cell or tile. The coarse cells and low-zoom tiles hold the whole region, so every
-- report and every marker change updated the same few rows, and each transaction held them until it
-- committed: reports from every instance took turns there, their connections waiting on one another
-- (the soak: 200 phones on two instances, writes failing for want of a connection).
--
-- A transaction now adds to the slot of its connection (pg_backend_pid() % 8), so transactions on
-- different connections mostly touch different rows; readers sum a cell's or tile's slots. A tile's
-- version is the sum of its slots' versions: every change raises one slot by one, so the sum still
-- rises with every change. A connection keeps one slot for all its statements, so a transaction
-- locks rows of one slot only, in the same order as before: no deadlock that one row per cell
-- could not have had.

ALTER TABLE spot_grid ADD COLUMN slot smallint NOT NULL DEFAULT 0;
ALTER TABLE spot_grid DROP CONSTRAINT spot_grid_pkey, ADD PRIMARY KEY (level, cx, cy, slot);
ALTER TABLE spot_tile_cells ADD COLUMN slot smallint NOT NULL DEFAULT 0;
ALTER TABLE spot_tile_cells DROP CONSTRAINT spot_tile_cells_pkey, ADD PRIMARY KEY (z, cx, cy, slot);
ALTER TABLE spot_tile_versions ADD COLUMN slot smallint NOT NULL DEFAULT 0;
ALTER TABLE spot_tile_versions DROP CONSTRAINT spot_tile_versions_pkey, ADD PRIMARY KEY (z, x, y, slot);

CREATE FUNCTION counter_slot() RETURNS smallint LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (pg_backend_pid() % 8)::smallint
$$;

CREATE OR REPLACE FUNCTION spot_grid_add(sign integer, lats double precision[], lngs double precision[], sevs integer[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO spot_grid AS g (level, cx, cy, slot, n, s1, s2, s3, s4, s5, sum_lat, sum_lng)
  SELECT l.level, floor(p.lng / l.cell)::int, floor(p.lat / l.cell)::int, counter_slot(),
         sign * count(*),
         sign * count(*) FILTER (WHERE p.sev = 1), sign * count(*) FILTER (WHERE p.sev = 2),
         sign * count(*) FILTER (WHERE p.sev = 3), sign * count(*) FILTER (WHERE p.sev = 4),
         sign * count(*) FILTER (WHERE p.sev = 5),
         sign * sum(p.lat), sign * sum(p.lng)
  FROM unnest(lats, lngs, sevs) AS p(lat, lng, sev) CROSS JOIN spot_grid_levels l
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (level, cx, cy, slot) DO UPDATE SET
    n = g.n + EXCLUDED.n, s1 = g.s1 + EXCLUDED.s1, s2 = g.s2 + EXCLUDED.s2, s3 = g.s3 + EXCLUDED.s3,
    s4 = g.s4 + EXCLUDED.s4, s5 = g.s5 + EXCLUDED.s5,
    sum_lat = g.sum_lat + EXCLUDED.sum_lat, sum_lng = g.sum_lng + EXCLUDED.sum_lng
$$;

CREATE OR REPLACE FUNCTION spot_tile_cells_add(sign integer, lats double precision[], lngs double precision[], sevs integer[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO spot_tile_cells AS c (z, cx, cy, slot, n, s1, s2, s3, s4, s5, sum_lat, sum_lng)
  SELECT z, tile_x(p.lng, z + 3), tile_y(p.lat, z + 3), counter_slot(),
         sign * count(*),
         sign * count(*) FILTER (WHERE p.sev = 1), sign * count(*) FILTER (WHERE p.sev = 2),
         sign * count(*) FILTER (WHERE p.sev = 3), sign * count(*) FILTER (WHERE p.sev = 4),
         sign * count(*) FILTER (WHERE p.sev = 5),
         sign * sum(p.lat), sign * sum(p.lng)
  FROM unnest(lats, lngs, sevs) AS p(lat, lng, sev) CROSS JOIN generate_series(0, 13) AS z
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (z, cx, cy, slot) DO UPDATE SET
    n = c.n + EXCLUDED.n, s1 = c.s1 + EXCLUDED.s1, s2 = c.s2 + EXCLUDED.s2, s3 = c.s3 + EXCLUDED.s3,
    s4 = c.s4 + EXCLUDED.s4, s5 = c.s5 + EXCLUDED.s5,
    sum_lat = c.sum_lat + EXCLUDED.sum_lat, sum_lng = c.sum_lng + EXCLUDED.sum_lng
$$;

CREATE OR REPLACE FUNCTION spot_tiles_touch(lats double precision[], lngs double precision[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO spot_tile_versions AS v (z, x, y, slot, version)
  SELECT DISTINCT z, tile_x(p.lng, z), tile_y(p.lat, z), counter_slot(), 1
  FROM unnest(lats, lngs) AS p(lat, lng) CROSS JOIN generate_series(0, 16) AS z
  ORDER BY 1, 2, 3
  ON CONFLICT (z, x, y, slot) DO UPDATE SET version = v.version + 1
$$;
