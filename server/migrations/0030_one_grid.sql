-- One grid for the map's counts. The country-wide clusters (GET /api/spots/clusters) are now read
-- from the tiles' cells (spot_tile_cells, 0013: eighths of a tile's side at zooms 0 to 13), so the
-- degree grid of 0004 and its triggers go: every spot write maintained both.
DROP TRIGGER spot_grid_insert ON spots;
DROP TRIGGER spot_grid_delete ON spots;
DROP TRIGGER spot_grid_update ON spots;
DROP FUNCTION spot_grid_on_insert();
DROP FUNCTION spot_grid_on_delete();
DROP FUNCTION spot_grid_on_update();
DROP FUNCTION spot_grid_add(integer, double precision[], double precision[], integer[]);
DROP TABLE spot_grid;
DROP TABLE spot_grid_levels;
