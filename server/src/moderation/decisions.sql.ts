import type { Alarms } from '../../../common/api.ts';
import type { Queryable } from '../db/db.ts';

/** How long moderators took to decide, over the decisions made since a time (seconds). */
type DecisionTimes = Alarms['decisions']['alarms'];

const QUANTILES = `count(*)::int AS decided,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY took) AS median_seconds,
  percentile_cont(0.9) WITHIN GROUP (ORDER BY took) AS p90_seconds`;

async function quantiles(db: Queryable, sql: string, since: Date): Promise<DecisionTimes> {
  const [row] = await db.query<DecisionTimes>(sql, [since]);
  return row ?? { decided: 0, median_seconds: null, p90_seconds: null };
}

/**
 * Reports the newcomer budgets held and a moderator approved or rejected since `since`: from the
 * hold to the first decision (one by one or as a held period, each is logged per spot).
 */
export function heldDecisionTimes(db: Queryable, since: Date): Promise<DecisionTimes> {
  return quantiles(
    db,
    `SELECT ${QUANTILES} FROM (
       SELECT extract(epoch FROM min(l.at) - min(e.at))::float8 AS took
       FROM mod_log l JOIN report_events e ON e.spot_id = l.spot_id AND e.held_by IS NOT NULL
       WHERE l.at >= $1 AND l.action IN ('approve', 'reject') AND l.at >= e.at
       GROUP BY l.spot_id
     ) d`,
    since,
  );
}

/**
 * Bursts across networks a moderator kept or reverted since `since`: from the end of the burst's
 * period (its last act counted) to the review; 0 when reviewed before the period closed.
 */
export function alarmActionTimes(db: Queryable, since: Date): Promise<DecisionTimes> {
  return quantiles(
    db,
    `SELECT ${QUANTILES} FROM (
       SELECT greatest(0, extract(epoch FROM at - to_at))::float8 AS took
       FROM signal_reviews WHERE at >= $1
     ) d`,
    since,
  );
}
