import { sql } from 'kysely';
import type { Category, TimeOfDay } from '../../../common/domain.ts';
import type { Queryable } from '../db/db.ts';
import { escapeLike } from '../db/like.ts';
import { qb, rowsOf } from '../db/sql-builder.ts';
import { COUNTS_AS_DANGER, LAST_WORD } from '../spots/index.ts';
import type { WatchHours } from './alerts.sql.ts';
import { dropIdleSubscriptions } from './push.sql.ts';

/** A place a phone user can mean: a spot area, or a place from the place search. */
export interface NamedPoint {
  name: string;
  detail: string;
  lat: number;
  lng: number;
}

/** Areas the lexicon offers for one typed name, before those without public spots are dropped. */
const AREA_CANDIDATES = 50;
/** An area's centre is the mean of its newest public spots, at most this many. */
const AREA_SAMPLE = 1000;

/**
 * Areas of public spots containing the words, each at the centre of its spots; exact names first,
 * then the areas with the most spots (counted up to AREA_SAMPLE). Reads the spot_areas lexicon
 * and, per area, its spots through an index, never every spot.
 */
export async function matchingAreas(db: Queryable, q: string, limit: number): Promise<NamedPoint[]> {
  return db.query<NamedPoint>(
    `SELECT a.name, '' AS detail, c.lat, c.lng
     FROM (
       SELECT key, name FROM spot_areas WHERE key LIKE lower($1)
       ORDER BY key = lower($2) DESC, length(key), key
       LIMIT ${AREA_CANDIDATES}
     ) a
     CROSS JOIN LATERAL (
       SELECT avg(lat)::float8 AS lat, avg(lng)::float8 AS lng, count(*)::int AS n
       FROM (
         SELECT lat, lng FROM spots
         WHERE publication = 'approved' AND lower(area) = a.key
         ORDER BY id DESC
         LIMIT ${AREA_SAMPLE}
       ) s
     ) c
     WHERE c.n > 0
     ORDER BY a.key = lower($2) DESC, c.n DESC, a.key
     LIMIT $3`,
    [`%${escapeLike(q)}%`, q, limit],
  );
}

export interface NearDanger {
  id: number;
  title: string;
  category: Category;
  severity: number;
  time_of_day: TimeOfDay;
  distance_m: number;
  /** When it was last confirmed, else reported (LAST_WORD). */
  last_word: Date;
}

/**
 * Public spots that count as dangers within radiusM of a point, nearest first: read nearest first
 * from the spatial index, so a point in a dense city costs `limit` spots, not every spot in reach.
 * The index orders by distance alone: with a tie-breaker such as the id, PostgreSQL reads and sorts
 * every spot in reach (0.5 s for central Kampala at a million spots, against 7 ms).
 */
export async function nearestDangers(
  db: Queryable,
  at: { lat: number; lng: number },
  radiusM: number,
  limit: number,
): Promise<NearDanger[]> {
  // The nearest first from the index, then those within the radius: with ST_DWithin in the inner
  // query the planner read every spot within 3 km of central Kampala (446,378 of a million) and
  // sorted them, 1.2 s; walking the index nearest first stops at the limit (10-18 ms).
  return db.query<NearDanger>(
    `SELECT id, title, category, severity, time_of_day, round(d)::float8 AS distance_m, last_word
     FROM (SELECT ST_SetSRID(ST_MakePoint($2, $1), 4326)::geography AS g) p
     CROSS JOIN LATERAL (
       SELECT s.id, s.title, s.category, s.severity, s.time_of_day, ST_Distance(s.geog, p.g) AS d,
         ${LAST_WORD} AS last_word
       FROM spots s
       WHERE s.publication = 'approved' AND ${COUNTS_AS_DANGER}
       ORDER BY s.geog <-> p.g
       LIMIT $4
     ) s
     WHERE d <= $3
     ORDER BY distance_m, id`,
    [at.lat, at.lng, radiusM, limit],
  );
}

// Watches (alerts a number or a browser asked for).

/**
 * Adds a watch, or renews the recipient and point of a place already watched; a new place is
 * refused ('full') when the recipient watches `max` others. A number that confirmed a watch before
 * has this one confirmed at once, as has a push watch (the browser asked for it itself); otherwise
 * it waits for the number's YES (`confirmed` false).
 */
export async function upsertWatch(
  db: Queryable,
  w: {
    /** The number's salted hash, or 'push:<subscription id>'. */
    phoneHash: string;
    /** Exactly one of the two. */
    phoneEnc?: string | undefined;
    pushId?: number | undefined;
    place: string;
    lat: number;
    lng: number;
    radiusM: number;
    hours: WatchHours | undefined;
    /** A trip's way, as GeoJSON. */
    route?: string | undefined;
  },
  max: number,
): Promise<{ result: 'added' | 'renewed'; confirmed: boolean; id: number } | { result: 'full' }> {
  const rows = await db.query<{ inserted: boolean; confirmed: boolean; id: number }>(
    `INSERT INTO watches
       (phone_hash, phone_enc, push_id, place, lat, lng, radius_m, from_hour, to_hour, route, confirmed_at)
     SELECT $1, $2, $11, $3, $4, $5, $7, $8, $9, ST_GeomFromGeoJSON($10)::geography,
       CASE WHEN $11::int IS NOT NULL
              OR EXISTS (SELECT 1 FROM watches WHERE phone_hash = $1 AND confirmed_at IS NOT NULL)
            THEN now() END
     WHERE (SELECT count(*) FROM watches WHERE phone_hash = $1 AND place <> $3) < $6
     ON CONFLICT (phone_hash, place) DO UPDATE
       SET phone_enc = EXCLUDED.phone_enc, lat = EXCLUDED.lat, lng = EXCLUDED.lng,
         radius_m = EXCLUDED.radius_m, from_hour = EXCLUDED.from_hour, to_hour = EXCLUDED.to_hour,
         route = EXCLUDED.route,
         created_at = now()
     RETURNING (xmax = 0) AS inserted, confirmed_at IS NOT NULL AS confirmed, id`,
    [
      w.phoneHash,
      w.phoneEnc ?? null,
      w.place,
      w.lat,
      w.lng,
      max,
      w.radiusM,
      w.hours?.from ?? null,
      w.hours?.to ?? null,
      w.route ?? null,
      w.pushId ?? null,
    ],
  );
  const row = rows[0];
  return row
    ? { result: row.inserted ? 'added' : 'renewed', confirmed: row.confirmed, id: row.id }
    : { result: 'full' };
}

/** YES: the number's watches waiting for it are confirmed; returns their places and hours. */
export async function confirmWatchesOf(
  db: Queryable,
  phoneHash: string,
): Promise<{ place: string; hours: WatchHours | undefined }[]> {
  const rows = await rowsOf(
    db,
    qb
      .updateTable('watches')
      .set({ confirmed_at: sql`now()` })
      .where('phone_hash', '=', phoneHash)
      .where('confirmed_at', 'is', null)
      .returning(['place', 'from_hour', 'to_hour']),
  );
  return rows.map((r) => ({
    place: r.place,
    hours: r.from_hour === null || r.to_hour === null ? undefined : { from: r.from_hour, to: r.to_hour },
  }));
}

/**
 * STOP: everything kept for the number (its watches, its language, its place in a list) and every
 * message not yet sent to it. True when something was kept.
 */
export async function forgetNumber(db: Queryable, phoneHash: string): Promise<boolean> {
  const watches = await rowsOf(
    db,
    qb.deleteFrom('watches').where('phone_hash', '=', phoneHash).returning('id'),
  );
  const kept = await rowsOf(
    db,
    qb.deleteFrom('channel_numbers').where('phone_hash', '=', phoneHash).returning('phone_hash'),
  );
  await rowsOf(
    db,
    qb.deleteFrom('outbox').where('phone_hash', '=', phoneHash).where('state', 'in', ['queued', 'sending']),
  );
  return watches.length + kept.length > 0;
}

/**
 * Old receipts, finished messages, watches without an alert for `watchDays`, watches their number
 * never confirmed within a day, and push subscriptions left without watches.
 */
export async function purgeChannelData(db: Queryable, watchDays: number): Promise<void> {
  await db.query(`DELETE FROM channel_receipts WHERE created_at < now() - interval '2 days'`);
  await db.query(
    `DELETE FROM outbox WHERE state IN ('sent', 'failed') AND created_at < now() - interval '2 days'`,
  );
  await db.query(
    `DELETE FROM watches WHERE coalesce(last_alert_at, created_at) < now() - make_interval(days => $1)`,
    [watchDays],
  );
  await db.query(`DELETE FROM watches WHERE confirmed_at IS NULL AND created_at < now() - interval '1 day'`);
  await dropIdleSubscriptions(db, { olderThanDays: 1 });
  await db.query(`DELETE FROM channel_numbers WHERE updated_at < now() - interval '180 days'`);
}
