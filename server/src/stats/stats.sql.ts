import { BAND_FROM } from '../../../common/confidence.ts';
import type { Queryable } from '../db/db.ts';
import { COUNTS_AS_DANGER } from '../spots/index.ts';

/**
 * Statistics cover public spots that count as dangers (spots/protection.ts): those the community has not disputed, and
 * protected ones (verified, or seeded with a source) whatever the votes say.
 */
const COUNTED = `s.publication = 'approved' AND ${COUNTS_AS_DANGER}`;

/** The counted spots' totals and their counts by confidence band (common/confidence.ts), in one scan. */
export async function totals(db: Queryable) {
  const rows = await db.query<{
    total: number;
    confirmed: number;
    unverified: number;
    this_week: number;
    likely: number;
    possible: number;
    unconfirmed: number;
  }>(
    `SELECT count(*)::int AS total,
       count(*) FILTER (WHERE status = 'confirmed' OR moderator_verified)::int AS confirmed,
       count(*) FILTER (WHERE status <> 'confirmed' AND NOT moderator_verified)::int AS unverified,
       count(*) FILTER (WHERE NOT seeded AND created_at >= now() - interval '7 days')::int AS this_week,
       count(*) FILTER (WHERE confidence >= $1)::int AS likely,
       count(*) FILTER (WHERE confidence >= $2 AND confidence < $1)::int AS possible,
       count(*) FILTER (WHERE confidence < $2)::int AS unconfirmed
     FROM spots s WHERE ${COUNTED}`,
    [BAND_FROM.likely, BAND_FROM.possible],
  );
  const { likely = 0, possible = 0, unconfirmed = 0, ...seed } = rows[0] ?? {};
  return {
    totals: { total: 0, confirmed: 0, unverified: 0, this_week: 0, ...seed },
    byConfidence: { likely, possible, unconfirmed },
  };
}

export function countsByCategory(db: Queryable) {
  return db.query<{ category: string; count: number }>(
    `SELECT category, count(*)::int AS count FROM spots s WHERE ${COUNTED}
     GROUP BY category ORDER BY count DESC, category`,
  );
}

export function topAreas(db: Queryable, limit: number) {
  return db.query<{ area: string; count: number; max_severity: number }>(
    `SELECT area, count(*)::int AS count, max(severity)::int AS max_severity FROM spots s
     WHERE ${COUNTED} AND area <> '' GROUP BY area
     ORDER BY count DESC, max_severity DESC, area LIMIT $1`,
    [limit],
  );
}
