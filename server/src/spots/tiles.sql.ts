import type { TileMarker } from '../../../common/api.ts';
import { type TileAddress, tileKeyRange } from '../../../common/geo.ts';
import type { Queryable } from '../db/db.ts';
import { aggregateClusters, CELL_ZOOMS_BELOW, type ClusterRow, readGridClusters } from './clusters.sql.ts';
import { type PublicSpotConditions, publicSpotWhere, sqlParams } from './spots.sql.ts';

/** The deepest zoom whose tiles have versions of their own (migration 0013). */
const VERSIONED_MAX_ZOOM = 16;

/**
 * A tile's version: raised by the triggers whenever its content changes (the sum of its slots',
 * migration 0026); 0 for a tile that never held a public spot. Beyond zoom 16 a tile takes its zoom-16 ancestor's.
 */
export async function readTileVersion(db: Queryable, t: TileAddress): Promise<number> {
  const up = Math.max(0, t.z - VERSIONED_MAX_ZOOM);
  const rows = await db.query<{ version: string }>(
    'SELECT sum(version) AS version FROM spot_tile_versions WHERE z = $1 AND x = $2 AND y = $3',
    [t.z - up, Math.floor(t.x / 2 ** up), Math.floor(t.y / 2 ** up)],
    { prepared: true },
  );
  return Number(rows[0]?.version ?? 0);
}

/** The tile's clusters from the trigger-kept cells: the 8 × 8 cells inside it. */
export function readTileCells(db: Queryable, t: TileAddress): Promise<ClusterRow[]> {
  const side = 2 ** CELL_ZOOMS_BELOW;
  return readGridClusters(db, t.z, {
    minX: t.x * side,
    maxX: t.x * side + side - 1,
    minY: t.y * side,
    maxY: t.y * side + side - 1,
  });
}

/** The spots of a tile: one range of the tile keys' index (migration 0031). */
const insideTile = (t: TileAddress) => (param: (v: unknown) => string) => {
  const keys = tileKeyRange(t);
  return [`spot_tile_key(s.lat, s.lng) BETWEEN ${param(keys.from)}::bigint AND ${param(keys.to)}::bigint`];
};

/** The tile's clusters of the spots matching filters, grouped live on the same cells. */
export function aggregateTileCells(
  db: Queryable,
  t: TileAddress,
  filter: PublicSpotConditions,
): Promise<ClusterRow[]> {
  return aggregateClusters(db, t.z, filter, insideTile(t));
}

/** A marker's columns, named and ordered as the API's TileMarker writes its fields (alias `s`). */
const MARKER_COLUMNS = `s.id, s.lat, s.lng, s.severity, s.category, s.status, s.moderator_verified AS verified,
  s.seeded, s.time_of_day, to_char(spot_confirmed_on(s.last_confirmed_at, s.created_at), 'YYYY-MM-DD') AS confirmed_on,
  s.confidence, false AS archived`;

/** The tile's spots matching filters, most severe first, at most `limit` (parameters taken in order). */
function markersOf(t: TileAddress, filter: PublicSpotConditions, limit: number) {
  const { values, param } = sqlParams();
  const where = [...publicSpotWhere(filter, param), ...insideTile(t)(param)];
  const sql = `SELECT ${MARKER_COLUMNS} FROM spots s WHERE ${where.join(' AND ')}
     ORDER BY s.severity DESC, s.id DESC LIMIT ${param(limit)}::int`;
  return { sql, values, param };
}

/**
 * The tile's spots as markers, most severe first, at most `limit`. Every column read is in the tile
 * keys' index, so the rows themselves are not read (`archived` is false: only spots on the map).
 */
export async function readTileMarkers(
  db: Queryable,
  t: TileAddress,
  filter: PublicSpotConditions,
  limit: number,
): Promise<TileMarker[]> {
  const { sql, values } = markersOf(t, filter, limit);
  // One text per combination of the three filters: eight at most.
  return db.query<TileMarker>(sql, values, { prepared: true });
}

/**
 * The same markers (at most `limit`) as the text of a JSON array, written by the database, and
 * whether the tile holds more. An uncached street tile is the read the map asks most, and its rows
 * as objects cost this process more than the rest of the answer: parsed into a row each, copied by
 * the route's schema, then written out again (bench/NOTES.md). The keys are the schema's own, in
 * its order (MARKER_COLUMNS); numbers are PostgreSQL's shortest exact text (a latitude within 11 m
 * of the equator in exponent form, 1.23e-05, where JavaScript writes 0.0000123: the same number to
 * any JSON parser).
 */
export async function readTileMarkersJson(
  db: Queryable,
  t: TileAddress,
  filter: PublicSpotConditions,
  limit: number,
): Promise<{ markers: string; more: boolean }> {
  const { sql, values, param } = markersOf(t, filter, limit + 1);
  const most = param(limit);
  // row_to_json writes a row compact, its columns in order; `m` is a marker's columns and no other.
  const [row] = await db.query<{ markers: string; more: boolean }>(
    `WITH m AS MATERIALIZED (${sql})
     SELECT '[' || coalesce((SELECT string_agg(row_to_json(k)::text, ',' ORDER BY k.severity DESC, k.id DESC)
                             FROM (SELECT * FROM m ORDER BY m.severity DESC, m.id DESC LIMIT ${most}::int) k), '') || ']'
              AS markers,
            (SELECT count(*) FROM m) > ${most}::int AS more`,
    values,
    { prepared: true },
  );
  return row as { markers: string; more: boolean };
}
