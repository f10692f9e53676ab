import type { PushTarget } from '../clients/push-service.ts';
import type { Queryable } from '../db/db.ts';

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
  const rows = await db.query<{ id: number }>(
    `INSERT INTO push_subscriptions (endpoint, p256dh, auth, lang, moderator_id) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, lang = EXCLUDED.lang,
       moderator_id = coalesce(EXCLUDED.moderator_id, push_subscriptions.moderator_id)
     RETURNING id`,
    [s.endpoint, s.keys.p256dh, s.keys.auth, s.lang, s.moderatorId ?? null],
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
  const dropped = await db.query<{ id: number }>(
    `UPDATE push_subscriptions SET moderator_id = NULL WHERE moderator_id = $1 AND id NOT IN (
       SELECT id FROM push_subscriptions WHERE moderator_id = $1 ORDER BY id DESC LIMIT $2)
     RETURNING id`,
    [moderatorId, max],
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
  const rows = await db.query(
    `UPDATE push_subscriptions SET moderator_id = NULL WHERE endpoint = $1 AND moderator_id = $2 RETURNING id`,
    [endpoint, moderatorId],
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
  const [named, value] =
    'ids' in which
      ? ['s.id = ANY($1::int[])', which.ids]
      : 'endpoint' in which
        ? ['s.endpoint = $1', which.endpoint]
        : ['s.created_at < now() - make_interval(days => $1)', which.olderThanDays];
  await db.query(
    `DELETE FROM push_subscriptions s WHERE ${named} AND s.moderator_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM watches w WHERE w.push_id = s.id)`,
    [value],
  );
}

export async function subscriptionId(db: Queryable, endpoint: string): Promise<number | undefined> {
  const rows = await db.query<{ id: number }>('SELECT id FROM push_subscriptions WHERE endpoint = $1', [
    endpoint,
  ]);
  return rows[0]?.id;
}

export async function pushTarget(db: Queryable, id: number): Promise<PushTarget | undefined> {
  const rows = await db.query<{ endpoint: string; p256dh: string; auth: string }>(
    'SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE id = $1',
    [id],
  );
  const r = rows[0];
  return r && { endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } };
}

/** The subscription, its watches and its messages not yet sent (they cascade). */
export async function forgetSubscription(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM push_subscriptions WHERE id = $1', [id]);
}

export interface PushWatchRow {
  id: number;
  place: string;
  lat: number;
  lng: number;
  radius_m: number;
  from_hour: number | null;
  to_hour: number | null;
  trip: boolean;
}

export async function pushWatches(db: Queryable, pushId: number): Promise<PushWatchRow[]> {
  return db.query<PushWatchRow>(
    `SELECT id, place, lat, lng, radius_m, from_hour, to_hour, route IS NOT NULL AS trip
     FROM watches WHERE push_id = $1 ORDER BY id`,
    [pushId],
  );
}

/** Deletes one of the subscription's watches, and the subscription with its last (unless a moderator's). */
export async function dropPushWatch(db: Queryable, pushId: number, watchId: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM watches WHERE id = $1 AND push_id = $2 RETURNING id', [
    watchId,
    pushId,
  ]);
  await dropIdleSubscriptions(db, { ids: [pushId] });
  return rows.length > 0;
}
