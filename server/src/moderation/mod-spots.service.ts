import { type ModSpot, type ReportInput, reportInput } from '../../../common/api.ts';
import type { ModAction, ModState, WebhookEvent } from '../../../common/domain.ts';
import { queueAlerts, queueSpotEvents } from '../channels/index.ts';
import type { Db, Queryable } from '../db/db.ts';
import { HttpError, notFound, parseOr400 } from '../http/errors.ts';
import { redactReport, refreshConfidence, releaseWaitingAlerts, SHOWN_ORDER } from '../spots/index.ts';
import { moderatorAgreed, reportRejected, type Standing } from '../trust/index.ts';
import type { SessionUser } from './auth.service.ts';
import { countAlarms } from './bursts.service.ts';
import { appendLog } from './log.sql.ts';
import {
  clearReview,
  countQueues,
  deleteSpot,
  findModSpot,
  findModSpots,
  type LockedSpot,
  lockSpot,
  resolveOpenFlags,
  restoreSpot,
  setArchived,
  setPublication,
  setVerified,
  updateSpotFields,
} from './mod-spots.sql.ts';
import type { SpotPatch } from './moderation.schema.ts';

const spotNotFound = () => notFound('Spot not found');

/** A queue's spots, and how many wait in each queue that needs a moderator. */
/** A tab of the queue; `areasOf` a moderator: only spots in their areas (every spot when they have none). */
export async function moderationQueue(db: Db, state: ModState, limit: number, areasOf?: string) {
  const [spots, counts, alarms] = await Promise.all([
    findModSpots(db, state, limit, areasOf),
    countQueues(db),
    countAlarms(db),
  ]);
  return { spots, counts: { ...counts, alarms } };
}

export async function reload(db: Parameters<typeof findModSpot>[0], id: number): Promise<ModSpot> {
  const spot = await findModSpot(db, id);
  if (!spot) throw spotNotFound();
  return spot;
}

/**
 * Approve and reject decide publication and close the open flags (they have been looked at).
 * Dismissing flags says they were wrong: a spot they had hidden comes back on the map. Either way a
 * spot the flags had hidden, or whose flags were dismissed, is restored: protected from flags and
 * votes for 30 days (spots/protection.ts), so fresh networks cannot take it off again meanwhile.
 *
 * Approving or verifying is agreement with the report and its confirmations (their devices and
 * numbers move towards standing), and the second voice a newcomer's spot waited for: its alerts go.
 * Rejecting takes its reporter's standing away (trust/standing.ts).
 */
export function moderateSpot(
  db: Db,
  standing: Standing,
  actor: SessionUser,
  id: number,
  action: ModAction,
): Promise<ModSpot> {
  return db.transaction((tx) => moderateInTransaction(tx, standing, actor, id, action));
}

/** moderateSpot's work, in the caller's transaction (a held burst is decided whole in one). */
export async function moderateInTransaction(
  tx: Queryable,
  standing: Standing,
  actor: SessionUser,
  id: number,
  action: ModAction,
): Promise<ModSpot> {
  const spot = await lockSpot(tx, id);
  if (!spot) throw spotNotFound();
  const detail: Record<string, unknown> = { from: spot.publication };
  switch (action) {
    case 'approve':
    case 'reject':
      await setPublication(tx, id, action === 'approve' ? 'approved' : 'rejected');
      detail.flagsClosed = await resolveOpenFlags(tx, id, 'actioned');
      if (action === 'approve' && spot.auto_hidden) {
        await restoreSpot(tx, id);
        detail.restored = true;
      }
      break;
    case 'verify':
    case 'unverify':
      await setVerified(tx, id, action === 'verify', standing.now());
      break;
    case 'archive':
    case 'restore':
      if (!(await setArchived(tx, id, action === 'archive', standing.now())))
        throw new HttpError(
          409,
          action === 'archive' ? 'Only a spot on the map can be archived' : 'The spot is not archived',
        );
      break;
    case 'dismiss-flags':
      detail.flagsClosed = await resolveOpenFlags(tx, id, 'dismissed');
      if (spot.auto_hidden && spot.publication === 'pending') await setPublication(tx, id, 'approved');
      await restoreSpot(tx, id);
      detail.restored = true;
      break;
  }
  if (action === 'approve' || action === 'verify') await moderatorAgreed(tx, standing, id);
  if (action === 'reject') await reportRejected(tx, standing, id);
  if (action === 'verify' || action === 'unverify') await refreshConfidence(tx, [id], standing.now());
  // Whatever they decided, a moderator has looked at the spot.
  await clearReview(tx, id);
  await appendLog(tx, { actor: actor.username, action, spotId: id, detail, at: standing.now() });
  const after = await reload(tx, id);
  // A held report that goes on the map for the first time is news to the numbers watching there,
  // and so is a newcomer's spot whose alerts waited for a moderator's word.
  const waited =
    (action === 'approve' || action === 'verify') && (await releaseWaitingAlerts(tx, id)) !== undefined;
  if (waited || (action === 'approve' && spot.publication === 'pending' && !spot.auto_hidden))
    await queueAlerts(tx, after, { now: standing.now() });
  const event = webhookEvent(action, spot, after);
  if (event) await queueSpotEvents(tx, event, [after], standing.now());
  return after;
}

/** What partners' webhooks hear of a decision: a held report's first day on the map, a verification, an archiving. */
function webhookEvent(action: ModAction, before: LockedSpot, after: ModSpot): WebhookEvent | undefined {
  if (action === 'approve' && before.publication === 'pending' && !before.auto_hidden)
    return 'spot.published';
  if (action === 'verify' && after.publication === 'approved') return 'spot.verified';
  if (action === 'archive') return 'spot.archived';
  return undefined;
}

/** An edit obeys the report rules: the edited spot as a whole must still be a valid report. */
export async function editSpot(
  db: Db,
  actor: SessionUser,
  id: number,
  patch: SpotPatch,
  now: Date,
): Promise<ModSpot> {
  return db.transaction(async (tx) => {
    if (!(await lockSpot(tx, id))) throw spotNotFound();
    const current = await reload(tx, id);
    const merged: ReportInput = redactReport(parseOr400(reportInput, { ...current, ...patch }, 'edit'));
    // What the patch names, and a text it did not name that a number split with an edited one left.
    const changes = Object.fromEntries(
      Object.entries(merged).filter(
        ([k, v]) =>
          k in patch || ((SHOWN_ORDER as readonly string[]).includes(k) && v !== current[k as keyof ModSpot]),
      ),
    );
    await updateSpotFields(tx, id, changes);
    // Severity and source weigh in confidence.
    await refreshConfidence(tx, [id], now);
    await appendLog(tx, {
      actor: actor.username,
      action: 'edit',
      spotId: id,
      detail: { fields: Object.keys(patch) },
    });
    return reload(tx, id);
  });
}

export async function removeSpot(db: Db, standing: Standing, actor: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const spot = await findModSpot(tx, id);
    if (!spot) throw spotNotFound();
    // Before the spot (and its votes) go: its reporter loses standing.
    await reportRejected(tx, standing, id);
    if (!(await deleteSpot(tx, id))) throw spotNotFound();
    await appendLog(tx, {
      actor: actor.username,
      action: 'delete',
      spotId: id,
      detail: { title: spot.title },
    });
  });
}
