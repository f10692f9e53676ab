import type { Alarms } from '../../../common/api.ts';
import type { Queryable } from '../db/db.ts';

/** How long moderators took to decide, over the decisions made since a time (seconds). */
type DecisionTimes = Alarms['decisions']['alarms'];

const QUANTILES = `count(*)::int AS decided,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY took) AS median_seconds,
  percentile_cont(0.9) WITHIN GROUP (ORDER BY took) AS p90_seconds`;

async function quantiles(db: Queryable, sql: string, param: Date | number): Promise<DecisionTimes> {
  const [row] = await db.query<DecisionTimes>(sql, [param]);
  return row ?? { decided: 0, median_seconds: null, p90_seconds: null };
}

/**
 * Reports held for review (by the newcomer budgets, or while the site holds every report) that a
 * moderator approved or rejected since `since`: from the report to the first decision on it while it
 * was pending (one by one or as a held period, each is logged per spot, its time by the app's clock
 * as the report's is).
 */
export function heldDecisionTimes(db: Queryable, since: Date): Promise<DecisionTimes> {
  return quantiles(
    db,
    `SELECT ${QUANTILES} FROM (
       SELECT extract(epoch FROM min(l.at) - min(s.created_at))::float8 AS took
       FROM mod_log l JOIN spots s ON s.id = l.spot_id
       WHERE l.at >= $1 AND l.action IN ('approve', 'reject') AND l.detail->>'from' = 'pending'
       GROUP BY l.spot_id
     ) d`,
    since,
  );
}

/**
 * Bursts across networks a moderator kept or reverted in the last `days`: from the end of the burst's
 * period (its last act counted) to the review; 0 when reviewed before the period closed. By the
 * database's clock, as the bursts themselves are (bursts.sql.ts).
 */
export function alarmActionTimes(db: Queryable, days: number): Promise<DecisionTimes> {
  return quantiles(
    db,
    `SELECT ${QUANTILES} FROM (
       SELECT greatest(0, extract(epoch FROM at - to_at))::float8 AS took
       FROM signal_reviews WHERE at >= now() - make_interval(days => $1)
     ) d`,
    days,
  );
}
