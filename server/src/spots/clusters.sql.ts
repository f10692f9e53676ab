import type { Queryable } from '../db/db.ts';
import { type PublicSpotConditions, publicSpotWhere, sqlParams } from './spots.sql.ts';

export interface GridLevel {
  level: number;
  cell: number;
}

export interface ClusterRow {
  count: number;
  max_severity: number;
  /** How many of the cluster's spots have each severity, 1 to 5. */
  severities: number[];
  lat: number;
  lng: number;
}

type Bbox = NonNullable<PublicSpotConditions['bbox']>;

/**
 * A trigger-kept cell's cluster, its slots summed (migration 0026), for a query grouping by cell with
 * `HAVING sum(n) > 0`.
 */
export const SUMMED_CELL_COLUMNS = `sum(n)::int AS count,
            CASE WHEN sum(s5) > 0 THEN 5 WHEN sum(s4) > 0 THEN 4 WHEN sum(s3) > 0 THEN 3 WHEN sum(s2) > 0 THEN 2 ELSE 1 END AS max_severity,
            ARRAY[sum(s1)::int, sum(s2)::int, sum(s3)::int, sum(s4)::int, sum(s5)::int] AS severities,
            sum(sum_lat) / sum(n) AS lat, sum(sum_lng) / sum(n) AS lng`;

/**
 * The finest grid level whose cells are at least `minCell` degrees and of which at most `maxCells`
 * cover the box; the coarsest level when none qualifies.
 */
export async function chooseGridLevel(
  db: Queryable,
  minCell: number,
  bbox: Bbox,
  maxCells: number,
): Promise<GridLevel> {
  const rows = await db.query<GridLevel>(
    `SELECT level, cell FROM (
       SELECT level, cell,
              cell >= $1 AND (floor($4 / cell) - floor($2 / cell) + 1) * (floor($5 / cell) - floor($3 / cell) + 1) <= $6 AS fits
       FROM spot_grid_levels) l
     ORDER BY fits DESC, CASE WHEN fits THEN cell ELSE -cell END
     LIMIT 1`,
    [minCell, bbox.minLng, bbox.minLat, bbox.maxLng, bbox.maxLat, maxCells],
  );
  return rows[0] as GridLevel;
}

/** Clusters of all public spots, read from the trigger-maintained grid. */
export async function readGridClusters(db: Queryable, level: GridLevel, bbox: Bbox): Promise<ClusterRow[]> {
  return db.query<ClusterRow>(
    `SELECT ${SUMMED_CELL_COLUMNS}
     FROM spot_grid
     WHERE level = $1
       AND cx BETWEEN floor($2 / $6::float8) AND floor($4 / $6::float8)
       AND cy BETWEEN floor($3 / $6::float8) AND floor($5 / $6::float8)
     GROUP BY cx, cy HAVING sum(n) > 0`,
    [level.level, bbox.minLng, bbox.minLat, bbox.maxLng, bbox.maxLat, level.cell],
  );
}

/** Clusters of the public spots matching filters, grouped live on the same grid. */
export async function aggregateClusters(
  db: Queryable,
  cell: number,
  filter: PublicSpotConditions & { bbox: Bbox },
): Promise<ClusterRow[]> {
  const { values, param } = sqlParams();
  const where = publicSpotWhere(filter, param);
  const size = param(cell);
  return db.query<ClusterRow>(
    `SELECT count(*)::int AS count, max(s.severity)::int AS max_severity,
            ARRAY[${[1, 2, 3, 4, 5].map((n) => `(count(*) FILTER (WHERE s.severity = ${n}))::int`).join(', ')}] AS severities,
            avg(s.lat) AS lat, avg(s.lng) AS lng
     FROM spots s WHERE ${where.join(' AND ')}
     GROUP BY floor(s.lng / ${size}::float8), floor(s.lat / ${size}::float8)`,
    values,
  );
}
