import type { Tile } from '../../../common/api.ts';
import { TILE_CLUSTER_MAX_ZOOM, type TileAddress, tileBounds } from '../../../common/geo.ts';
import { region } from '../../../common/region.ts';
import type { Queryable } from '../db/db.ts';
import type { TileQuery } from './spots.schema.ts';
import type { PublicSpotConditions } from './spots.sql.ts';
import {
  aggregateTileCells,
  readTileCells,
  readTileMarkers,
  readTileMarkersJson,
  readTileVersion,
} from './tiles.sql.ts';

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
  const read = await readVersioned(db, t, q);
  if ('tile' in read) return read.tile;
  const rows = await readTileMarkers(db, t, read.filter, MARKERS_PER_TILE + 1);
  return {
    version: read.version,
    clusters: [],
    spots: rows.slice(0, MARKERS_PER_TILE),
    more: rows.length > MARKERS_PER_TILE,
  };
}

/** A street tile's whole JSON answer as text, as the database wrote its markers (tiles.sql.ts). */
export interface TileText {
  version: number;
  text: string;
}

/**
 * The tile as readTile reads it, but a street tile as the text of its JSON answer: the same fields
 * and order as the route's schema writes, without making an object of each marker.
 */
export async function readTileForJson(db: Queryable, t: TileAddress, q: TileQuery): Promise<Tile | TileText> {
  const read = await readVersioned(db, t, q);
  if ('tile' in read) return read.tile;
  const { markers, more } = await readTileMarkersJson(db, t, read.filter, MARKERS_PER_TILE);
  return {
    version: read.version,
    text: `{"version":${read.version},"clusters":[],"spots":${markers},"more":${more}}`,
  };
}

/** The tile's answer when it needs no markers (empty, or clusters), else its version and filter. */
async function readVersioned(
  db: Queryable,
  t: TileAddress,
  q: TileQuery,
): Promise<{ tile: Tile } | { version: number; filter: PublicSpotConditions }> {
  const box = tileBounds(t.z, t.x, t.y);
  const within = region().box;
  if (box.maxLng < within.minLng || box.minLng > within.maxLng) return { tile: EMPTY };
  if (box.maxLat < within.minLat || box.minLat > within.maxLat) return { tile: EMPTY };
  const version = await readTileVersion(db, t);
  if (version === 0) return { tile: EMPTY };
  const filter: PublicSpotConditions = {
    categories: q.category ? [q.category] : undefined,
    statuses: q.status ? [q.status] : undefined,
    verifiedOnly: q.verified === '1',
  };
  if (t.z > TILE_CLUSTER_MAX_ZOOM) return { version, filter };
  const filtered = Boolean(q.category || q.status || q.verified);
  const clusters = filtered ? await aggregateTileCells(db, t, filter) : await readTileCells(db, t);
  return { tile: { version, clusters, spots: [], more: false } };
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
