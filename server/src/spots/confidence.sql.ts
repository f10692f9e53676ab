import type { Queryable } from '../db/db.ts';

/** What a spot's confidence is computed from (common/confidence.ts), as stored. */
export interface ConfidenceRow {
  id: number;
  moderator_verified: boolean;
  sourced: boolean;
  reporter_standing: boolean;
  severity: number;
  /** Wide networks that confirmed it (2 with a voter of standing, 1 otherwise), the reporter's own vote aside. */
  support: number;
  doubt: number;
  /** When it was last confirmed: a vote, or the report; a seeded spot's incident before any vote. */
  confirmed_at: Date | string;
}

/**
 * The inputs of the given spots, or (without ids) of up to `limit` spots whose confidence was last
 * computed before `staleBefore` (or never), oldest first.
 */
export function confidenceInputs(
  db: Queryable,
  which: { ids: readonly number[] } | { staleBefore: Date; limit: number },
): Promise<ConfidenceRow[]> {
  const byIds = 'ids' in which;
  return db.query<ConfidenceRow>(
    `SELECT s.id, s.moderator_verified, s.source_url IS NOT NULL AS sourced, s.reporter_standing, s.severity,
       coalesce(v.support, 0)::float8 AS support, coalesce(v.doubt, 0)::float8 AS doubt,
       CASE WHEN s.seeded THEN coalesce(v.confirmed_at, s.incident_date::timestamptz, s.created_at)
            ELSE coalesce(s.last_confirmed_at, s.created_at) END AS confirmed_at
     FROM spots s
     LEFT JOIN LATERAL (
       SELECT sum(n.weight) FILTER (WHERE n.value = 1) AS support,
              sum(n.weight) FILTER (WHERE n.value = -1) AS doubt,
              max(n.at) FILTER (WHERE n.value = 1 AND NOT n.seed) AS confirmed_at
       FROM (
         SELECT value, CASE WHEN bool_or(standing) THEN 2 ELSE 1 END AS weight, max(updated_at) AS at,
                bool_and(visitor LIKE 'seed-%') AS seed
         FROM votes
         WHERE spot_id = s.id AND NOT by_reporter
         GROUP BY coalesce(wide_network, network, visitor), value
       ) n
     ) v ON true
     WHERE ${byIds ? 's.id = ANY($1::int[])' : '(s.confidence_at IS NULL OR s.confidence_at < $1) ORDER BY s.confidence_at NULLS FIRST LIMIT $2::int'}`,
    byIds ? [which.ids] : [which.staleBefore, which.limit],
  );
}

/**
 * Stores computed confidences, as of `at`. With `staleBefore`, only where it is still stale: a vote
 * that computed a spot's confidence meanwhile is not overwritten by an older reading.
 */
export async function storeConfidence(
  db: Queryable,
  ids: readonly number[],
  values: readonly number[],
  at: Date,
  staleBefore?: Date,
): Promise<void> {
  await db.query(
    `UPDATE spots s SET confidence = u.confidence, confidence_at = $3
     FROM unnest($1::int[], $2::real[]) AS u(id, confidence)
     WHERE s.id = u.id AND ($4::timestamptz IS NULL OR s.confidence_at IS NULL OR s.confidence_at < $4)`,
    [ids, values, at, staleBefore ?? null],
  );
}
