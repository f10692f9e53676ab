import type { z } from 'zod';
import type { alarmsResponse } from '../../../common/api.ts';
import { networkName } from '../../../common/domain.ts';
import type { Queryable } from '../db/db.ts';
import {
  heldNetworks,
  heldPlaces,
  heldSummary,
  lockHeldIn,
  newcomerPublishedInHour,
} from './held-reports.sql.ts';

export type HeldReports = NonNullable<z.output<typeof alarmsResponse>['held_reports']>;

/**
 * The reports the newcomer budgets hold that still wait for a moderator, as one alarm: how many, since
 * when, which budgets, from which networks and where. Undefined when none waits.
 */
export async function heldReports(db: Queryable): Promise<HeldReports | null> {
  const summary = await heldSummary(db);
  if (!summary) return null;
  const [networks, places] = await Promise.all([heldNetworks(db), heldPlaces(db)]);
  return {
    reports: summary.reports,
    from: new Date(summary.from_at).toISOString(),
    to: new Date(summary.to_at).toISOString(),
    by: { site: summary.site, network: summary.network, place: summary.place },
    networks: networks.map((n) => ({ label: networkName(n.network), reports: n.reports })),
    places,
  };
}

/** The waiting held reports held in [from, to], locked in the caller's transaction. */
export const heldReportIds = (tx: Queryable, from: Date, to: Date) => lockHeldIn(tx, from, to);

/** Newcomers' reports published at once in the last hour (the alarm's budget line). */
export const newcomerReportsInHour = (db: Queryable, at: Date) => newcomerPublishedInHour(db, at);
