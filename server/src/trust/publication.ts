import type { Queryable } from '../db/db.ts';
import type { Identity } from '../identity/identify.ts';
import type { SiteSettings } from '../settings/index.ts';
import { type HeldBy, insertReportEvent, lockAndReadHour, medianHour } from './report-budgets.sql.ts';

/** The site-wide budget follows the site: at least this many times its median hour of the last week. */
const BASELINE_TIMES = 3;

type Budgets = Pick<
  SiteSettings,
  'reportBudgetPerHour' | 'reportBudgetPerNetworkPerHour' | 'reportBudgetPerPlacePerHour'
>;

/**
 * Whether a newcomer's report is held for a moderator (docs/api.md, "Earned trust"), and by which
 * budget: near a place that already had its newcomer reports this hour, from a wide network that had
 * its own, or past the site's. Called in the report's transaction, under the budgets' lock, so
 * concurrent reports on any instance take turns. A phone's network is its operator, shared by
 * millions: numbers are held by the site and place budgets only. Undefined: published at once.
 */
export async function newcomerHold(
  tx: Queryable,
  budgets: Budgets,
  who: Identity,
  point: { lat: number; lng: number },
  at: Date,
): Promise<HeldBy | undefined> {
  const { reportBudgetPerHour: site, reportBudgetPerNetworkPerHour: network } = budgets;
  const place = budgets.reportBudgetPerPlacePerHour;
  if (!site && !network && !place) return undefined;
  const used = await lockAndReadHour(tx, at, who.wideNetwork, point);
  if (place && used.place >= place) return 'place';
  if (network && !who.phone && used.network >= network) return 'network';
  if (site && used.site >= site && used.site >= (await siteReportBudget(tx, site, at))) return 'site';
  return undefined;
}

/** The site-wide budget in force at `at`: the setting, or three times the week's median hour if larger. */
export async function siteReportBudget(db: Queryable, perHour: number, at: Date): Promise<number> {
  return perHour ? Math.max(perHour, BASELINE_TIMES * (await medianHour(db, at))) : 0;
}

/** Records a report's publication, for the budgets and the moderators' alarm. */
export async function recordReport(
  tx: Queryable,
  e: {
    spotId: number;
    at: Date;
    newcomer: boolean;
    heldBy: HeldBy | undefined;
    who: Identity;
    point: { lat: number; lng: number };
  },
): Promise<void> {
  await insertReportEvent(tx, {
    spotId: e.spotId,
    at: e.at,
    newcomer: e.newcomer,
    heldBy: e.heldBy,
    wideNetwork: e.who.wideNetwork,
    lat: e.point.lat,
    lng: e.point.lng,
  });
}
