import type { Queryable } from '../db/db.ts';

/**
 * The site-wide budgets of actions that take a danger off the map (docs/api.md, "Protected spots
 * and site-wide budgets"): every such action that took effect is a row of signal_events, and a
 * budget is the number of its rows in the last hour. Each budget is spent under its own
 * transaction-scoped advisory lock, so concurrent spenders on any number of instances take turns and
 * the count is exact: no hour, sliding, ever holds more than the budget.
 */
export type BudgetKind = 'hidden' | 'disputed';

/** Advisory lock keys (any constants shared by every instance; migrations use 4_201_001). */
const LOCK: Record<BudgetKind, number> = { hidden: 4_201_101, disputed: 4_201_102 };
/** How long the events are kept (the moderators' alarms look back 7 days). */
const KEEP_DAYS = 30;

/**
 * Spends one of the hour's `perHour` actions of `kind` on `spot` (each a parameter or variable of
 * the caller's SQL), as PL/pgSQL inside a database function (vote.sql.ts, flag.sql.ts), which
 * declares `v_budget_used integer` and `v_budget_frees double precision`. When none is left it
 * records nothing and runs `whenSpent`, with `v_budget_frees` the seconds until one frees (null:
 * none is spent in the hour); `whenSpent` must leave the function (RETURN or RAISE).
 */
export function spendBudget(kind: BudgetKind, perHour: string, spot: string, whenSpent: string): string {
  return `PERFORM pg_advisory_xact_lock(${LOCK[kind]});
    WITH recent AS (
      SELECT at FROM signal_events WHERE kind = '${kind}' AND at > now() - interval '1 hour'
    )
    SELECT (SELECT count(*)::int FROM recent),
      (SELECT extract(epoch FROM at + interval '1 hour' - now())::float8 FROM recent
       ORDER BY at OFFSET greatest((SELECT count(*) FROM recent) - ${perHour}, 0) LIMIT 1)
    INTO v_budget_used, v_budget_frees;
    IF v_budget_used >= ${perHour} THEN
      ${whenSpent}
    END IF;
    WITH old AS (DELETE FROM signal_events WHERE kind = '${kind}' AND at < now() - make_interval(days => ${KEEP_DAYS}))
    INSERT INTO signal_events (kind, spot_id) VALUES ('${kind}', ${spot})`;
}

/** Whole seconds until a spent budget has one action again (an hour when it allows none). */
export function budgetWait(perHour: number, freesIn: number | null): number {
  const wait = perHour === 0 || freesIn == null ? 3600 : freesIn;
  return Math.max(1, Math.ceil(wait));
}

/** How much of each budget the last hour used. */
export async function budgetUse(db: Queryable): Promise<Record<BudgetKind, number>> {
  const rows = await db.query<{ kind: BudgetKind; used: number }>(
    `SELECT kind, count(*)::int AS used FROM signal_events
     WHERE kind IN ('hidden', 'disputed') AND at > now() - interval '1 hour' GROUP BY kind`,
  );
  const used = { hidden: 0, disputed: 0 };
  for (const r of rows) used[r.kind] = r.used;
  return used;
}

/** Networks kept per spot and bucket: enough to show moderators a crowd, bounded whatever comes. */
const NETWORKS_KEPT = 20;
const REFUSALS_KEPT_DAYS = 7;

/**
 * Counts a vote refused because the dispute budget was spent: one row per spot and ten minutes,
 * with at most NETWORKS_KEPT of the (hashed) networks that sent such votes. Nothing of the vote.
 */
export async function noteRefusedDispute(db: Queryable, spotId: number, network: string): Promise<void> {
  await db.query(
    `WITH old AS (DELETE FROM signal_refusals WHERE bucket < now() - make_interval(days => $4))
     INSERT INTO signal_refusals AS r (spot_id, bucket, attempts, networks)
     VALUES ($1, signal_bucket(now()), 1, ARRAY[$2::text])
     ON CONFLICT (spot_id, bucket) DO UPDATE SET attempts = r.attempts + 1, last_at = now(),
       networks = CASE WHEN $2 = ANY (r.networks) OR cardinality(r.networks) >= $3 THEN r.networks
                       ELSE r.networks || $2::text END`,
    [spotId, network, NETWORKS_KEPT, REFUSALS_KEPT_DAYS],
  );
}
