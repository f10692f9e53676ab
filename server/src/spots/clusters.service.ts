import { TILE_CLUSTER_MAX_ZOOM, tileRange } from '../../../common/geo.ts';
import { region } from '../../../common/region.ts';
import type { Queryable } from '../db/db.ts';
import { aggregateClusters, CELL_ZOOMS_BELOW, readGridClusters } from './clusters.sql.ts';
import type { ClustersQuery } from './spots.schema.ts';
import { filterConditions } from './spots.service.ts';

/** A cluster should cover about this many screen pixels at the asked zoom (256 px tiles). */
const CELL_PX = 48;
export const MAX_CLUSTERS = 500;

/** The width in degrees of the cells of zoom-`z` tiles. */
const cellWidth = (z: number) => 360 / 2 ** (z + CELL_ZOOMS_BELOW);

/**
 * The tile zoom whose cells (an eighth of a tile's side, the grid the database keeps for tiles) are
 * the finest at least `minCell` degrees wide of which at most MAX_CLUSTERS cover the box; zoom 0
 * when none qualifies. Near the equator a cell is as tall as it is wide, within 0.3 % in Uganda.
 */
function cellZoom(minCell: number, box: Parameters<typeof tileRange>[0]): number {
  for (let z = TILE_CLUSTER_MAX_ZOOM; z > 0; z--) {
    if (cellWidth(z) >= minCell && tileRange(box, z + CELL_ZOOMS_BELOW).count <= MAX_CLUSTERS) return z;
  }
  return 0;
}

/**
 * Grid clusters of public spots in a box, for the country-wide view: the cells the tiles are made of.
 * Without filters they come from the cells the database keeps up to date; with filters they are
 * grouped live on the same cells.
 */
export async function clusterPublicSpots(db: Queryable, q: ClustersQuery) {
  const within = region().box;
  const box = q.bbox ?? within;
  const bbox = {
    minLng: Math.max(box.minLng, within.minLng),
    minLat: Math.max(box.minLat, within.minLat),
    maxLng: Math.min(box.maxLng, within.maxLng),
    maxLat: Math.min(box.maxLat, within.maxLat),
  };
  if (bbox.minLng > bbox.maxLng || bbox.minLat > bbox.maxLat) return { cell: 0, clusters: [] };
  const z = cellZoom((CELL_PX * 360) / (256 * 2 ** q.zoom), bbox);
  const conditions = filterConditions(q);
  const filtered =
    conditions.categories || conditions.statuses || conditions.verifiedOnly || conditions.sinceDays;
  const clusters = filtered
    ? await aggregateClusters(db, z, { ...conditions, bbox })
    : await readGridClusters(db, z, tileRange(bbox, z + CELL_ZOOMS_BELOW));
  return { cell: cellWidth(z), clusters };
}
