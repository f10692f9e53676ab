import type { Queryable } from '../db/db.ts';
import { COUNTS_AS_DANGER } from '../spots/index.ts';

/**
 * Statistics cover public spots that count as dangers (spots/protection.ts): those the community has not disputed, and
 * protected ones (verified, or seeded with a source) whatever the votes say.
 */
const COUNTED = `s.publication = 'approved' AND ${COUNTS_AS_DANGER}`;

export async function totals(db: Queryable) {
  const rows = await db.query<{ total: number; confirmed: number; unverified: number; this_week: number }>(
    `SELECT count(*)::int AS total,
       count(*) FILTER (WHERE status = 'confirmed' OR moderator_verified)::int AS confirmed,
       count(*) FILTER (WHERE status <> 'confirmed' AND NOT moderator_verified)::int AS unverified,
       count(*) FILTER (WHERE NOT seeded AND created_at >= now() - interval '7 days')::int AS this_week
     FROM spots s WHERE ${COUNTED}`,
  );
  return rows[0] ?? { total: 0, confirmed: 0, unverified: 0, this_week: 0 };
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
