import { region } from '../../../common/region.ts';
import type { Queryable } from '../db/db.ts';
import { aggregateClusters, chooseGridLevel, readGridClusters } from './clusters.sql.ts';
import type { ClustersQuery } from './spots.schema.ts';
import { filterConditions } from './spots.service.ts';

/** A cluster should cover about this many screen pixels at the asked zoom (256 px tiles). */
const CELL_PX = 48;
export const MAX_CLUSTERS = 500;

/**
 * Grid clusters of public spots in a box, for the country-wide view. Without filters they come from
 * the grid the database keeps up to date; with filters they are grouped live on the same cells.
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
  const minCell = (CELL_PX * 360) / (256 * 2 ** q.zoom);
  const level = await chooseGridLevel(db, minCell, bbox, MAX_CLUSTERS);
  const conditions = filterConditions(q);
  const filtered =
    conditions.categories || conditions.statuses || conditions.verifiedOnly || conditions.sinceDays;
  const clusters = filtered
    ? await aggregateClusters(db, level.cell, { ...conditions, bbox })
    : await readGridClusters(db, level, bbox);
  return { cell: level.cell, clusters };
}
