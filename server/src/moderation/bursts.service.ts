import type { Alarms, Burst } from '../../../common/api.ts';
import { networkName } from '../../../common/domain.ts';
import { alertsInHour } from '../channels/index.ts';
import { siteBudgets } from '../community/index.ts';
import type { Db, Queryable } from '../db/db.ts';
import { HttpError } from '../http/errors.ts';
import { readSiteSettings } from '../settings/index.ts';
import { refreshConfidence } from '../spots/index.ts';
import {
  heldReports,
  newcomerReportsInHour,
  type Standing,
  siteReportBudget,
  visitorsLoseStanding,
} from '../trust/index.ts';
import type { SessionUser } from './auth.service.ts';
import {
  type BurstRow,
  burstNetworks,
  burstSpots,
  burstVisitors,
  dismissFlagsIn,
  findBursts,
  lockBurstSpots,
  recordReview,
  voidDenials,
} from './bursts.sql.ts';
import { alarmActionTimes, heldDecisionTimes } from './decisions.sql.ts';
import { appendLog } from './log.sql.ts';
import { clearReview, restoreSpot, showHiddenAgain } from './mod-spots.sql.ts';

export { ALARM } from './bursts.sql.ts';

/** What one alarm lists: the busiest networks and spots of its period. */
const LISTED = { networks: 50, spots: 100 } as const;
const iso = (v: Date | string) => new Date(v).toISOString();

async function describe(db: Queryable, row: BurstRow): Promise<Burst> {
  const from = new Date(row.from_at);
  const to = new Date(row.to_at);
  const [networks, spots] = await Promise.all([
    burstNetworks(db, from, to, LISTED.networks),
    burstSpots(db, from, to, LISTED.spots),
  ]);
  return {
    from: iso(from),
    to: iso(to),
    denials: row.denials,
    flags: row.flags,
    refused: row.refused,
    hidden: row.hidden,
    held: row.held,
    disputed: row.disputed,
    budget_spent: row.budget_spent,
    networks: networks.map((n) => ({
      key: n.network,
      label: networkName(n.network),
      denials: n.denials,
      flags: n.flags,
      refused_spots: n.refused_spots,
    })),
    spots: spots.map((s) => ({
      ...s,
      status: s.status as Burst['spots'][number]['status'],
    })) as Burst['spots'],
  };
}

/** Time to decision is read over this many days. */
const DECISION_DAYS = 30;

/** How soon moderators decided over the last DECISION_DAYS: held reports, and bursts. */
export async function decisionTimes(db: Db, at: Date): Promise<Alarms['decisions']> {
  const since = new Date(at.getTime() - DECISION_DAYS * 86_400_000);
  const [held_reports, alarms] = await Promise.all([
    heldDecisionTimes(db, since),
    alarmActionTimes(db, DECISION_DAYS),
  ]);
  return { days: DECISION_DAYS, held_reports, alarms };
}

/**
 * The site budgets' use (hides, disputes, newcomers' reports, alerts), the bursts across networks not
 * yet reviewed, newest first, the reports the newcomer budgets hold, and how soon moderators decide.
 */
export async function signalAlarms(db: Db, at: Date): Promise<Alarms> {
  const [signal, settings, reportsUsed, alertsUsed, held, decisions] = await Promise.all([
    siteBudgets(db),
    readSiteSettings(db),
    newcomerReportsInHour(db, at),
    alertsInHour(db, at),
    heldReports(db),
    decisionTimes(db, at),
  ]);
  const rows = await findBursts(db, { hide: signal.hides.per_hour, dispute: signal.disputes.per_hour });
  const bursts: Burst[] = [];
  for (const row of rows) bursts.push(await describe(db, row));
  const budgets = {
    ...signal,
    reports: { used: reportsUsed, per_hour: await siteReportBudget(db, settings.reportBudgetPerHour, at) },
    alerts: { used: alertsUsed, per_hour: settings.alertBudgetPerHour },
  };
  return { budgets, bursts, held_reports: held, decisions };
}

/** How many alarms wait for a moderator (the count on the console's Alarms tab): bursts, and held reports. */
export async function countAlarms(db: Db): Promise<number> {
  const [budgets, held] = await Promise.all([siteBudgets(db), heldReports(db)]);
  const bursts = await findBursts(db, { hide: budgets.hides.per_hour, dispute: budgets.disputes.per_hour });
  return bursts.length + (held ? 1 : 0);
}

export interface Period {
  from: Date;
  to: Date;
  /** Only these networks' acts; every network's when absent. */
  networks?: string[];
}

function checkPeriod(p: Period) {
  if (p.from > p.to) throw new HttpError(400, 'from must not be after to');
}

/**
 * Reverts a burst in one transaction: the period's "not anymore" votes are voided (counts and
 * status follow), its open flags dismissed, the spots they hid shown again, and every spot it
 * touched restored (protected for 30 days) and taken out of review; one log entry per spot and one
 * for the whole, and the period leaves the alarms.
 */
export async function revertBurst(db: Db, standing: Standing, actor: SessionUser, period: Period) {
  checkPeriod(period);
  const { from, to } = period;
  const networks = period.networks?.length ? period.networks : null;
  return db.transaction(async (tx) => {
    const ids = await lockBurstSpots(tx, from, to, networks);
    // Those who took part lose their standing (trust/standing.ts).
    await visitorsLoseStanding(tx, standing, await burstVisitors(tx, from, to, networks));
    const votes = new Map((await voidDenials(tx, from, to, networks)).map((r) => [r.spot_id, r.down]));
    const flags = new Map((await dismissFlagsIn(tx, from, to, networks)).map((r) => [r.spot_id, r.flags]));
    const shown = new Set(await showHiddenAgain(tx, ids));
    // The denials taken weigh no more.
    await refreshConfidence(tx, [...votes.keys()], standing.now());
    const window = { from: iso(from), to: iso(to) };
    for (const id of ids) {
      await restoreSpot(tx, id);
      await clearReview(tx, id);
      await appendLog(tx, {
        actor: actor.username,
        action: 'revert-burst',
        spotId: id,
        detail: {
          ...window,
          votes: votes.get(id) ?? 0,
          flags: flags.get(id) ?? 0,
          shownAgain: shown.has(id),
        },
      });
    }
    const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    const result = { spots: ids.length, votes: sum(votes), flags: sum(flags), shown_again: shown.size };
    await appendLog(tx, {
      actor: actor.username,
      action: 'revert-burst',
      detail: { ...window, ...result, networks: networks?.length ?? 'all' },
    });
    await recordReview(tx, from, to, actor.username, 'reverted');
    return result;
  });
}

/** A moderator looked at a burst and keeps what it did: the period leaves the alarms. */
export async function keepBurst(db: Db, actor: SessionUser, period: Period): Promise<void> {
  checkPeriod(period);
  await db.transaction(async (tx) => {
    await recordReview(tx, period.from, period.to, actor.username, 'kept');
    await appendLog(tx, {
      actor: actor.username,
      action: 'keep-burst',
      detail: { from: iso(period.from), to: iso(period.to) },
    });
  });
}
