import type { Queryable } from '../db/db.ts';
import { countsByCategory, countsByConfidence, topAreas, totals } from './stats.sql.ts';

export const TOP_AREAS = 8;

export async function siteStats(db: Queryable) {
  const [t, byCategory, byArea, byConfidence] = await Promise.all([
    totals(db),
    countsByCategory(db),
    topAreas(db, TOP_AREAS),
    countsByConfidence(db),
  ]);
  return { totals: t, byCategory, byArea, byConfidence };
}
