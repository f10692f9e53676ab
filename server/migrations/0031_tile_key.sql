-- A street tile's spots from one stretch of one index. Each public spot gets a key: its zoom-19
-- tile's column and row with their bits interleaved (a Z-order curve), so the spots of any tile of
-- zoom 0 to 19 are exactly the keys of one range (common/geo.ts, tileKeyRange, computes it). The
-- index holds with each key what a tile's marker shows, so a tile is read from the index's leaf
-- pages for its range alone (an index-only scan), where reading each spot's row from the table took
-- about one page per spot.

-- The key: bit i of the column goes to bit 2i, bit i of the row to bit 2i + 1.
-- Its search path is the one it was made with: PostgreSQL 17 (embedded storage's) builds and
-- analyzes an index with a search path of pg_catalog alone, where tile_x would not be found.
CREATE FUNCTION spot_tile_key(lat double precision, lng double precision) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
DECLARE
  x bigint := greatest(0, least(524287, tile_x(lng, 19)));
  y bigint := greatest(0, least(524287, tile_y(lat, 19)));
  k bigint := 0;
BEGIN
  FOR i IN 0..18 LOOP
    k := k | (((x >> i) & 1) << (2 * i)) | (((y >> i) & 1) << (2 * i + 1));
  END LOOP;
  RETURN k;
END $$;

CREATE INDEX spots_public_tile_key_idx ON spots (spot_tile_key(lat, lng))
  INCLUDE (severity, id, lat, lng, category, status, moderator_verified, seeded, time_of_day,
           last_confirmed_at, created_at, confidence)
  WHERE publication = 'approved';
