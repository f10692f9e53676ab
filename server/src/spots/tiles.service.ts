import type { Tile } from '../../../common/api.ts';
import { TILE_CLUSTER_MAX_ZOOM, type TileAddress, tileBounds } from '../../../common/geo.ts';
import { region } from '../../../common/region.ts';
import type { Queryable } from '../db/db.ts';
import type { TileQuery } from './spots.schema.ts';
import type { PublicSpotConditions } from './spots.sql.ts';
import { aggregateTileCells, readTileCells, readTileMarkers, readTileVersion } from './tiles.sql.ts';

/** A street-zoom tile lists at most this many spots (the most severe); `more` says when there are more. */
export const MARKERS_PER_TILE = 1000;

const EMPTY: Tile = { version: 0, clusters: [], spots: [], more: false };

/**
 * One map tile: at zooms up to TILE_CLUSTER_MAX_ZOOM its clusters (from the cells the database
 * keeps, or grouped live when filtered), beyond it its spots as slim markers. A tile outside the
 * region is empty without asking the database.
 *
 * The version is read before the content: a write between the two leaves the answer labelled with
 * the older version (its next read is labelled anew), never an old content under a new version that
 * a cache would then keep revalidating as current.
 */
export async function readTile(db: Queryable, t: TileAddress, q: TileQuery): Promise<Tile> {
  const box = tileBounds(t.z, t.x, t.y);
  const within = region().box;
  if (box.maxLng < within.minLng || box.minLng > within.maxLng) return EMPTY;
  if (box.maxLat < within.minLat || box.minLat > within.maxLat) return EMPTY;
  const version = await readTileVersion(db, t);
  if (version === 0) return EMPTY;
  const filter: PublicSpotConditions = {
    categories: q.category ? [q.category] : undefined,
    statuses: q.status ? [q.status] : undefined,
    verifiedOnly: q.verified === '1',
  };
  const filtered = Boolean(q.category || q.status || q.verified);
  if (t.z <= TILE_CLUSTER_MAX_ZOOM) {
    const clusters = filtered ? await aggregateTileCells(db, t, filter) : await readTileCells(db, t);
    return { version, clusters, spots: [], more: false };
  }
  const rows = await readTileMarkers(db, t, filter, MARKERS_PER_TILE + 1);
  return {
    version,
    clusters: [],
    spots: rows.slice(0, MARKERS_PER_TILE),
    more: rows.length > MARKERS_PER_TILE,
  };
}

/**
 * The tile's strong ETag: its version, filters and format, so it changes only when the tile's
 * content does and the JSON and vector forms never share one.
 */
export function tileEtag(
  t: TileAddress,
  q: TileQuery,
  version: number,
  format: 'json' | 'mvt' = 'json',
): string {
  const filters = [q.category, q.status, q.verified && 'verified'].filter(Boolean).join('.');
  return `"${t.z}-${t.x}-${t.y}-v${version}${filters ? `-${filters}` : ''}${format === 'mvt' ? '.mvt' : ''}"`;
}
