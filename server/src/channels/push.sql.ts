import { sql } from 'kysely';
import type { PushTarget } from '../clients/push-service.ts';
import type { Queryable } from '../db/db.ts';
import { qb, rowsOf } from '../db/sql-builder.ts';

/** Browsers' push subscriptions (push_subscriptions) and their watches. */

/** A subscription's recipient key in watches and the outbox. */
export const pushRecipient = (id: number) => `push:${id}`;

/**
 * Keeps a subscription (its keys and language renewed when it is already known); returns its id. A
 * moderator's phone (`moderatorId`) is kept for that moderator's pages, with or without watches.
 */
export async function upsertSubscription(
  db: Queryable,
  s: PushTarget & { lang: string; moderatorId?: number },
): Promise<number> {
  const rows = await rowsOf(
    db,
    qb
      .insertInto('push_subscriptions')
      .values({
        endpoint: s.endpoint,
        p256dh: s.keys.p256dh,
        auth: s.keys.auth,
        lang: s.lang,
        moderator_id: s.moderatorId ?? null,
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet((eb) => ({
          p256dh: eb.ref('excluded.p256dh'),
          auth: eb.ref('excluded.auth'),
          lang: eb.ref('excluded.lang'),
          moderator_id: eb.fn.coalesce('excluded.moderator_id', 'push_subscriptions.moderator_id'),
        })),
      )
      .returning('id'),
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('push subscription not stored');
  return id;
}

/**
 * A moderator's phones past the newest `max` stop getting pages (a lost phone is replaced, never
 * piles up); those with no watches are deleted.
 */
export async function keepNewestModeratorPhones(
  db: Queryable,
  moderatorId: number,
  max: number,
): Promise<void> {
  const dropped = await rowsOf(
    db,
    qb
      .updateTable('push_subscriptions')
      .set({ moderator_id: null })
      .where('moderator_id', '=', moderatorId)
      .where('id', 'not in', (eb) =>
        eb
          .selectFrom('push_subscriptions')
          .select('id')
          .where('moderator_id', '=', moderatorId)
          .orderBy('id', 'desc')
          .limit(max),
      )
      .returning('id'),
  );
  if (dropped.length) await dropIdleSubscriptions(db, { ids: dropped.map((r) => r.id) });
}

/** Forgets one of a moderator's phones; false when it was not theirs. */
export async function dropModeratorPhone(
  db: Queryable,
  moderatorId: number,
  endpoint: string,
): Promise<boolean> {
  // A phone that also watches places keeps its watches, as an ordinary subscription.
  const rows = await rowsOf(
    db,
    qb
      .updateTable('push_subscriptions')
      .set({ moderator_id: null })
      .where('endpoint', '=', endpoint)
      .where('moderator_id', '=', moderatorId)
      .returning('id'),
  );
  await dropIdleSubscriptions(db, { endpoint });
  return rows.length > 0;
}

/**
 * SQL of the moderator `userId` (a column)'s phones, for a select list: `push_ids` and `phone_keys`
 * (the SHA-256 of each endpoint, in hex), oldest first, and `lang`, the language of the newest.
 */
export const moderatorPhonesSql = (userId: string) => `
  coalesce((SELECT array_agg(p.id ORDER BY p.id) FROM push_subscriptions p WHERE p.moderator_id = ${userId}),
           '{}') AS push_ids,
  coalesce((SELECT array_agg(encode(sha256(convert_to(p.endpoint, 'UTF8')), 'hex') ORDER BY p.id)
            FROM push_subscriptions p WHERE p.moderator_id = ${userId}), '{}') AS phone_keys,
  (SELECT p.lang FROM push_subscriptions p WHERE p.moderator_id = ${userId} ORDER BY p.id DESC LIMIT 1) AS lang`;

/**
 * Deletes, among the subscriptions named, those nobody needs: no watches left, and no moderator's
 * phone. `olderThanDays` names every one made that long ago (a subscription is given a day to get
 * its first watch).
 */
export async function dropIdleSubscriptions(
  db: Queryable,
  which: { ids: readonly number[] } | { endpoint: string } | { olderThanDays: number },
): Promise<void> {
  const named =
    'ids' in which
      ? sql<boolean>`s.id = ANY(${which.ids}::int[])`
      : 'endpoint' in which
        ? sql<boolean>`s.endpoint = ${which.endpoint}`
        : sql<boolean>`s.created_at < now() - make_interval(days => ${which.olderThanDays})`;
  await rowsOf(
    db,
    qb
      .deleteFrom('push_subscriptions as s')
      .where(named)
      .where('s.moderator_id', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('watches as w').select('w.id').whereRef('w.push_id', '=', 's.id'))),
      ),
  );
}

export async function subscriptionId(db: Queryable, endpoint: string): Promise<number | undefined> {
  const rows = await rowsOf(
    db,
    qb.selectFrom('push_subscriptions').select('id').where('endpoint', '=', endpoint),
  );
  return rows[0]?.id;
}

export async function pushTarget(db: Queryable, id: number): Promise<PushTarget | undefined> {
  const rows = await rowsOf(
    db,
    qb.selectFrom('push_subscriptions').select(['endpoint', 'p256dh', 'auth']).where('id', '=', id),
  );
  const r = rows[0];
  return r && { endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } };
}

/** The subscription, its watches and its messages not yet sent (they cascade). */
export async function forgetSubscription(db: Queryable, id: number): Promise<void> {
  await rowsOf(db, qb.deleteFrom('push_subscriptions').where('id', '=', id));
}

export type PushWatchRow = Awaited<ReturnType<typeof pushWatches>>[number];

export function pushWatches(db: Queryable, pushId: number) {
  return rowsOf(
    db,
    qb
      .selectFrom('watches')
      .select((eb) => [
        'id',
        'place',
        'lat',
        'lng',
        'radius_m',
        'from_hour',
        'to_hour',
        eb('route', 'is not', null).$castTo<boolean>().as('trip'),
      ])
      .where('push_id', '=', pushId)
      .orderBy('id'),
  );
}

/** Deletes one of the subscription's watches, and the subscription with its last (unless a moderator's). */
export async function dropPushWatch(db: Queryable, pushId: number, watchId: number): Promise<boolean> {
  const rows = await rowsOf(
    db,
    qb.deleteFrom('watches').where('id', '=', watchId).where('push_id', '=', pushId).returning('id'),
  );
  await dropIdleSubscriptions(db, { ids: [pushId] });
  return rows.length > 0;
}
