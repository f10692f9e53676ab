/** The watches alerts go to (SMS and push): SQL of its own, so that alerts.ts (which spots calls) imports no feature. */
import type { Queryable } from '../db/db.ts';

/** The local hours a watch matters (common/region.ts). */
export type { Hours as WatchHours } from '../../../common/region.ts';

export interface WatchNear {
  id: number;
  /** The number's salted hash, or 'push:<subscription id>'. */
  phone_hash: string;
  /** One of the two: the sealed number, or the push subscription. */
  phone_enc: string | null;
  push_id: number | null;
  place: string;
  /** The number's or the subscription's language, if it chose one. */
  lang: string | null;
  distance_m: number;
  /** Alerts queued or sent to this number in the last 24 hours. */
  alerts_today: number;
  /** The local hours the watch matters (null: all day, quiet at night). */
  from_hour: number | null;
  to_hour: number | null;
}

/** A place's watch `w` near point `g` (within its own distance, at most `max` metres), over the caller's SQL. */
const nearPlace = (g: string, max: string) =>
  `w.route IS NULL AND ST_DWithin(w.geog, ${g}, ${max}) AND ST_DWithin(w.geog, ${g}, w.radius_m)`;
/** A trip's watch `w` whose way passes near point `g`, likewise. */
const nearTrip = (g: string, max: string) =>
  `w.route IS NOT NULL AND ST_DWithin(w.route, ${g}, ${max}) AND ST_DWithin(w.route, ${g}, w.radius_m)`;

/**
 * Whether a confirmed watch of a place or a trip is near the point, over the caller's SQL (a report's
 * database function asks before any alert work): each arm through its own index.
 */
export function watchedNear(lat: string, lng: string, max: string): string {
  const g = `ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326)::geography`;
  return `(EXISTS (SELECT 1 FROM watches w WHERE w.confirmed_at IS NOT NULL AND ${nearPlace(g, max)})
    OR EXISTS (SELECT 1 FROM watches w WHERE w.confirmed_at IS NOT NULL AND ${nearTrip(g, max)}))`;
}

/**
 * For each number watching the point (within each watch's own distance, at most maxRadiusM), its
 * nearest watch.
 */
export async function watchesNear(
  db: Queryable,
  at: { lat: number; lng: number },
  maxRadiusM: number,
  /** Now, by the app's clock: the day the per-number cap counts back from. */
  now: Date,
): Promise<WatchNear[]> {
  return db.query<WatchNear>(
    `WITH p AS (SELECT ST_SetSRID(ST_MakePoint($2, $1), 4326)::geography AS g),
     -- A place's watches by their point, a trip's by its way: each through its own index.
     near AS (
       SELECT w.*, ST_Distance(w.geog, p.g) AS d FROM watches w, p WHERE ${nearPlace('p.g', '$3')}
       UNION ALL
       SELECT w.*, ST_Distance(w.route, p.g) AS d FROM watches w, p WHERE ${nearTrip('p.g', '$3')}
     )
     SELECT DISTINCT ON (w.phone_hash) w.id, w.phone_hash, w.phone_enc, w.push_id, w.place, w.from_hour,
       w.to_hour,
       coalesce((SELECT n.lang FROM channel_numbers n WHERE n.phone_hash = w.phone_hash),
                (SELECT s.lang FROM push_subscriptions s WHERE s.id = w.push_id)) AS lang,
       round(w.d)::float8 AS distance_m,
       (SELECT count(*)::int FROM outbox o
        WHERE o.phone_hash = w.phone_hash AND o.kind = 'alert' AND o.created_at > $4::timestamptz - interval '1 day')
         AS alerts_today
     FROM near w
     WHERE w.confirmed_at IS NOT NULL
     ORDER BY w.phone_hash, distance_m`,
    [at.lat, at.lng, maxRadiusM, now],
  );
}

export async function markWatchesAlerted(db: Queryable, ids: number[], now: Date): Promise<void> {
  if (ids.length)
    await db.query('UPDATE watches SET last_alert_at = $2 WHERE id = ANY($1::int[])', [ids, now]);
}

/** Advisory lock of the site-wide alert budget (any constant shared by every instance). */
const ALERT_LOCK = 4_201_104;

/**
 * Takes the alert budget's lock for the caller's transaction (spots made public on any instance take
 * turns) and counts the alerts queued in the last hour, site-wide.
 */
export async function lockAndCountAlertsInHour(tx: Queryable, now: Date): Promise<number> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [ALERT_LOCK]);
  return alertsInHour(tx, now);
}

/** SMS and push alerts queued in the hour before `now` (the app's clock), site-wide. */
export async function alertsInHour(db: Queryable, now: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox
     WHERE kind = 'alert' AND created_at > $1::timestamptz - interval '1 hour'`,
    [now],
  );
  return row?.n ?? 0;
}
