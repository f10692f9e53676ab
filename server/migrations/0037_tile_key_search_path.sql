-- For storage that made spot_tile_key before 0031 gave it a search path of its own: PostgreSQL 17
-- (embedded storage's) analyzes the spots' tile index with a search path of pg_catalog alone, where
-- the function's call of tile_x would not be found, and ANALYZE spots failed.
ALTER FUNCTION spot_tile_key(double precision, double precision) SET search_path FROM CURRENT;
