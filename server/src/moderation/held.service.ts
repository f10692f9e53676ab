import type { Db } from '../db/db.ts';
import { HttpError } from '../http/errors.ts';
import { heldReportIds, type Standing } from '../trust/index.ts';
import type { SessionUser } from './auth.service.ts';
import { appendLog } from './log.sql.ts';
import { moderateInTransaction } from './mod-spots.service.ts';

/**
 * A moderator decides the reports the newcomer budgets held in a period, whole, in one transaction:
 * each is approved (on the map, its alerts queued, its reporter's agreement) or rejected (its
 * reporter's standing lost), logged per spot and once for the whole.
 */
export async function decideHeldReports(
  db: Db,
  standing: Standing,
  actor: SessionUser,
  period: { from: Date; to: Date },
  action: 'approve' | 'reject',
): Promise<{ spots: number }> {
  if (period.from > period.to) throw new HttpError(400, 'from must not be after to');
  return db.transaction(async (tx) => {
    const ids = await heldReportIds(tx, period.from, period.to);
    for (const id of ids) await moderateInTransaction(tx, standing, actor, id, action);
    await appendLog(tx, {
      actor: actor.username,
      action: `${action}-held`,
      detail: { from: period.from.toISOString(), to: period.to.toISOString(), spots: ids.length },
    });
    return { spots: ids.length };
  });
}
