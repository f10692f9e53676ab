import type { Queryable } from '../db/db.ts';
import { type PublicSpotConditions, publicSpotWhere, sqlParams } from './spots.sql.ts';

export interface ClusterRow {
  count: number;
  max_severity: number;
  /** How many of the cluster's spots have each severity, 1 to 5. */
  severities: number[];
  lat: number;
  lng: number;
}

/**
 * A trigger-kept cell's cluster, its slots summed (migration 0026), for a query grouping by cell with
 * `HAVING sum(n) > 0`.
 */
const SUMMED_CELL_COLUMNS = `sum(n)::int AS count,
            CASE WHEN sum(s5) > 0 THEN 5 WHEN sum(s4) > 0 THEN 4 WHEN sum(s3) > 0 THEN 3 WHEN sum(s2) > 0 THEN 2 ELSE 1 END AS max_severity,
            ARRAY[sum(s1)::int, sum(s2)::int, sum(s3)::int, sum(s4)::int, sum(s5)::int] AS severities,
            sum(sum_lat) / sum(n) AS lat, sum(sum_lng) / sum(n) AS lng`;

/** A tile's cells are the tiles this many zooms deeper: 8 × 8 cells in a tile (migration 0013). */
export const CELL_ZOOMS_BELOW = 3;

/**
 * Clusters of all public spots from the trigger-kept cells of zoom-`z` tiles, in a range of cells
 * (columns and rows of zoom z + 3).
 */
export async function readGridClusters(
  db: Queryable,
  z: number,
  cells: { minX: number; maxX: number; minY: number; maxY: number },
): Promise<ClusterRow[]> {
  return db.query<ClusterRow>(
    `SELECT ${SUMMED_CELL_COLUMNS}
     FROM spot_tile_cells
     WHERE z = $1 AND cx BETWEEN $2 AND $3 AND cy BETWEEN $4 AND $5
     GROUP BY cy, cx HAVING sum(n) > 0
     ORDER BY cy, cx`,
    [z, cells.minX, cells.maxX, cells.minY, cells.maxY],
  );
}

/**
 * Clusters of the public spots matching filters, grouped live on the cells of zoom-`z` tiles;
 * `within` adds conditions (a tile's exact bounds).
 */
export async function aggregateClusters(
  db: Queryable,
  z: number,
  filter: PublicSpotConditions,
  within: (param: (v: unknown) => string) => string[] = () => [],
): Promise<ClusterRow[]> {
  const { values, param } = sqlParams();
  const where = [...publicSpotWhere(filter, param), ...within(param)];
  const cellZoom = param(z + CELL_ZOOMS_BELOW);
  return db.query<ClusterRow>(
    `SELECT count(*)::int AS count, max(s.severity)::int AS max_severity,
            ARRAY[${[1, 2, 3, 4, 5].map((n) => `(count(*) FILTER (WHERE s.severity = ${n}))::int`).join(', ')}] AS severities,
            avg(s.lat) AS lat, avg(s.lng) AS lng
     FROM spots s WHERE ${where.join(' AND ')}
     GROUP BY tile_y(s.lat, ${cellZoom}::int), tile_x(s.lng, ${cellZoom}::int)
     ORDER BY tile_y(s.lat, ${cellZoom}::int), tile_x(s.lng, ${cellZoom}::int)`,
    values,
  );
}
