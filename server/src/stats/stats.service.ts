import type { Queryable } from '../db/db.ts';
import { countsByCategory, topAreas, totals } from './stats.sql.ts';

export const TOP_AREAS = 8;

export async function siteStats(db: Queryable) {
  const [counted, byCategory, byArea] = await Promise.all([
    totals(db),
    countsByCategory(db),
    topAreas(db, TOP_AREAS),
  ]);
  return { totals: counted.totals, byCategory, byArea, byConfidence: counted.byConfidence };
}
