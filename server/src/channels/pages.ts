import type { PushTarget } from '../clients/push-service.ts';
import type { Queryable } from '../db/db.ts';
import { HttpError } from '../http/errors.ts';
import { enqueue } from './outbox.sql.ts';
import { keepNewestModeratorPhones, pushRecipient, upsertSubscription } from './push.sql.ts';
import { allowedEndpoint } from './push-endpoints.ts';

/**
 * Moderators' pages (docs/moderators.md, "On call"): one message to each of a moderator's phones
 * and, where the site has SMS, to their sealed number, through the outbox as alerts go, written in
 * the caller's transaction. A page counts against no watcher's daily cap nor the site's alert budget.
 */
export interface PageRecipient {
  userId: number;
  pushIds: readonly number[];
  /** The sealed number, when the moderator gave one and the site sends SMS. */
  phoneEnc?: string | undefined;
}

export async function queuePage(db: Queryable, to: PageRecipient, body: string, at: Date): Promise<number> {
  let queued = 0;
  for (const pushId of to.pushIds)
    if (await enqueue(db, { phoneHash: pushRecipient(pushId), pushId, kind: 'page', body, at })) queued++;
  if (
    to.phoneEnc &&
    (await enqueue(db, { phoneHash: `mod:${to.userId}`, phoneEnc: to.phoneEnc, kind: 'page', body, at }))
  )
    queued++;
  return queued;
}

/** Phones one moderator's pages go to: a new one past them replaces the oldest. */
const MODERATOR_PHONES = 5;

/**
 * Keeps a moderator's phone for their pages. Its endpoint must be one of the push services
 * (PUSH_SERVICES), as a watch's must.
 */
export async function keepModeratorPhone(
  db: Queryable,
  services: readonly string[],
  phone: PushTarget & { lang: string },
  moderatorId: number,
): Promise<void> {
  if (!allowedEndpoint(phone.endpoint, services))
    throw new HttpError(400, "The subscription's endpoint is not a known browser push service");
  await upsertSubscription(db, { ...phone, moderatorId });
  await keepNewestModeratorPhones(db, moderatorId, MODERATOR_PHONES);
}
