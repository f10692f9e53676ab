import {
  type HalfLives,
  MAX_HALVINGS,
  PRIOR_DOUBT,
  REPORT_WEIGHT,
  SEVERE_FROM,
  SOURCED_FLOOR,
  VERIFIED_FLOOR,
} from '../../../common/confidence.ts';
import type { Queryable } from '../db/db.ts';

/**
 * The rule of common/confidence.ts in SQL, built from its constants, over a row `i` of the inputs
 * below (`confidenceInputs`) with `age_days`, and the half-lives as the given parameters. Computed
 * where the inputs are, a spot's confidence is stored in the statement that reads them: one round
 * trip inside a vote's turn, and a day's ageing without sending a row to the server.
 * server/test/spots/confidence.test.ts checks it against the rule.
 */
export function confidenceExpression(severeDays: string, otherDays: string): string {
  const report = `CASE WHEN i.reporter_standing THEN ${REPORT_WEIGHT.standing} ELSE ${REPORT_WEIGHT.newcomer} END`;
  const support = `(${report} + greatest(0, i.support))`;
  const share = `(${support} / (${support} + greatest(0, i.doubt) + ${PRIOR_DOUBT}))`;
  const halfLife = `greatest(1, CASE WHEN i.severity >= ${SEVERE_FROM} THEN ${severeDays}::float8 ELSE ${otherDays}::float8 END)`;
  const fresh = `power(0.5::float8, least(${MAX_HALVINGS}, greatest(0, i.age_days) / ${halfLife}))`;
  const floor = `CASE WHEN i.moderator_verified THEN ${VERIFIED_FLOOR} WHEN i.sourced THEN ${SOURCED_FLOOR} ELSE 0 END`;
  return `(round((greatest(${floor}, 10 * ${share} * ${fresh}) * 10)::numeric) / 10)::real`;
}

/**
 * What a spot's confidence is computed from, as stored, for the spots `where` picks (a condition on
 * `s`): moderator_verified, sourced, reporter_standing, severity; support and doubt (wide networks
 * that confirmed or denied it, 2 where a voter of it had standing, 1 otherwise, the reporter's own
 * vote aside); and age_days, days from when it was last confirmed (a vote, or the report; a seeded
 * spot's incident before any vote) to `now`.
 */
function confidenceInputs(where: string, now: string, lastConfirmed = 's.last_confirmed_at'): string {
  return `SELECT s.id, s.moderator_verified, s.source_url IS NOT NULL AS sourced, s.reporter_standing, s.severity,
       coalesce(v.support, 0)::float8 AS support, coalesce(v.doubt, 0)::float8 AS doubt,
       extract(epoch FROM ${now}::timestamptz - CASE
         WHEN s.seeded THEN coalesce(v.confirmed_at, s.incident_date::timestamptz, s.created_at)
         ELSE coalesce(${lastConfirmed}, s.created_at) END)::float8 / 86400 AS age_days
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
     WHERE ${where}`;
}

/** Half-lives and the time of a confidence, each a parameter or variable of the caller's SQL. */
interface ConfidenceAt {
  now: string;
  severeDays: string;
  otherDays: string;
  /** The spot's last confirmation as it will be stored (a vote's function: before storing it). */
  lastConfirmed?: string;
}

/** `SELECT id, value`: the confidence of the spots `where` picks (a condition on `s`). */
export function confidenceOf(where: string, at: ConfidenceAt): string {
  return `SELECT i.id, ${confidenceExpression(at.severeDays, at.otherDays)} AS value
     FROM (${confidenceInputs(where, at.now, at.lastConfirmed)}) i`;
}

/**
 * Computes and stores the confidence of the spots `which` names, as of `now`: the given ids, or up to
 * `limit` spots whose confidence was last computed before `staleBefore` (or never), oldest first,
 * where still so when stored (a vote that computed one meanwhile is not overwritten). Each one's
 * confidence by id.
 */
export async function storeConfidence(
  db: Queryable,
  which: { ids: readonly number[] } | { staleBefore: Date; limit: number },
  now: Date,
  halfLives: HalfLives,
): Promise<Map<number, number>> {
  const byIds = 'ids' in which;
  const where = byIds
    ? 's.id = ANY($4::int[])'
    : '(s.confidence_at IS NULL OR s.confidence_at < $4) ORDER BY s.confidence_at NULLS FIRST LIMIT $5::int';
  const rows = await db.query<{ id: number; confidence: number }>(
    `UPDATE spots s SET confidence = c.value, confidence_at = $1
     FROM (${confidenceOf(where, { now: '$1', severeDays: '$2', otherDays: '$3' })}) c
     WHERE s.id = c.id ${byIds ? '' : 'AND (s.confidence_at IS NULL OR s.confidence_at < $4)'}
     RETURNING s.id, s.confidence`,
    [
      now,
      halfLives.severeDays,
      halfLives.otherDays,
      ...(byIds ? [which.ids] : [which.staleBefore, which.limit]),
    ],
  );
  return new Map(rows.map((r) => [r.id, Number(r.confidence)]));
}
