import { sql } from 'kysely';
import { moderatorPhonesSql } from '../channels/index.ts';
import type { Queryable } from '../db/db.ts';
import { qb, rowsOf } from '../db/sql-builder.ts';

/**
 * Moderators on call (docs/moderators.md, "On call"): who is on duty, their quiet hours, number,
 * phones (the channels' moderatorPhonesSql) and areas (moderator_on_call, moderator_areas), and which
 * alarms were paged (moderator_pages).
 */

export interface OnCallRow {
  id: number;
  username: string;
  on_duty: boolean;
  quiet_from: number | null;
  quiet_to: number | null;
  phone_enc: string | null;
  /** Their phones' push subscriptions, the SHA-256 of each endpoint, and the language of the newest. */
  push_ids: number[];
  phone_keys: string[];
  lang: string | null;
  areas: AreaRow[];
}

export interface AreaRow {
  id: number;
  name: string;
  west: number;
  south: number;
  east: number;
  north: number;
}

const ON_CALL = `
  SELECT u.id, u.username, coalesce(c.on_duty, false) AS on_duty, c.quiet_from, c.quiet_to, c.phone_enc,
    ${moderatorPhonesSql('u.id')},
    coalesce((SELECT json_agg(json_build_object('id', a.id, 'name', a.name, 'west', a.west, 'south', a.south,
                'east', a.east, 'north', a.north) ORDER BY a.id)
              FROM moderator_areas a WHERE a.user_id = u.id), '[]') AS areas
  FROM users u LEFT JOIN moderator_on_call c ON c.user_id = u.id`;

export async function userIdOf(db: Queryable, username: string): Promise<number | undefined> {
  const rows = await rowsOf(db, qb.selectFrom('users').select('id').where('username', '=', username));
  return rows[0]?.id;
}

/** One moderator's on-call settings. */
export async function onCallOf(db: Queryable, userId: number): Promise<OnCallRow | undefined> {
  const rows = await db.query<OnCallRow>(`${ON_CALL} WHERE u.id = $1`, [userId]);
  return rows[0];
}

/** Every moderator who can be reached: a phone subscribed, or a number. */
export function reachableModerators(db: Queryable): Promise<OnCallRow[]> {
  return db.query<OnCallRow>(
    `SELECT * FROM (${ON_CALL}) m WHERE m.phone_enc IS NOT NULL OR cardinality(m.push_ids) > 0 ORDER BY m.id`,
  );
}

export interface OnCallChange {
  onDuty?: boolean;
  /** null: no quiet hours. */
  quiet?: { from: number; to: number } | null;
  /** A sealed number, or null to forget it. */
  phoneEnc?: string | null;
}

export async function updateOnCall(db: Queryable, userId: number, c: OnCallChange): Promise<void> {
  await db.query(
    `INSERT INTO moderator_on_call (user_id, on_duty, quiet_from, quiet_to, phone_enc)
     VALUES ($1, coalesce($2, false), $4, $5, $7)
     ON CONFLICT (user_id) DO UPDATE SET
       on_duty = coalesce($2, moderator_on_call.on_duty),
       quiet_from = CASE WHEN $3 THEN $4 ELSE moderator_on_call.quiet_from END,
       quiet_to = CASE WHEN $3 THEN $5 ELSE moderator_on_call.quiet_to END,
       phone_enc = CASE WHEN $6 THEN $7 ELSE moderator_on_call.phone_enc END`,
    [
      userId,
      c.onDuty ?? null,
      c.quiet !== undefined,
      c.quiet?.from ?? null,
      c.quiet?.to ?? null,
      c.phoneEnc !== undefined,
      c.phoneEnc ?? null,
    ],
  );
}

/** Adds an area unless the moderator has `max`; its id, or undefined when full. */
export async function insertArea(
  db: Queryable,
  userId: number,
  a: Omit<AreaRow, 'id'>,
  max: number,
): Promise<number | undefined> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO moderator_areas (user_id, name, west, south, east, north)
     SELECT $1, $2, $3, $4, $5, $6 WHERE (SELECT count(*) FROM moderator_areas WHERE user_id = $1) < $7
     RETURNING id`,
    [userId, a.name, a.west, a.south, a.east, a.north, max],
  );
  return rows[0]?.id;
}

export async function deleteArea(db: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await rowsOf(
    db,
    qb.deleteFrom('moderator_areas').where('id', '=', id).where('user_id', '=', userId).returning('id'),
  );
  return rows.length > 0;
}

// The pager.

export interface HeldWaitingRow {
  id: number;
  lat: number;
  lng: number;
  area: string;
  at: Date | string;
}

/** Held reports still waiting that were held at or before `before`, oldest first. */
export function heldWaitingSince(db: Queryable, before: Date, limit: number): Promise<HeldWaitingRow[]> {
  return db.query<HeldWaitingRow>(
    `SELECT s.id, s.lat, s.lng, coalesce(s.area, '') AS area, min(e.at) AS at
     FROM report_events e JOIN spots s ON s.id = e.spot_id
     WHERE e.held_by IS NOT NULL AND e.at <= $1 AND s.publication = 'pending'
     GROUP BY s.id ORDER BY at, s.id LIMIT $2`,
    [before, limit],
  );
}

/** What was paged of these alarms. */
export function pagesOf(db: Queryable, alarms: string[]) {
  return rowsOf(
    db,
    qb
      .selectFrom('moderator_pages')
      .select(['alarm', 'stage', 'at'])
      .where('alarm', '=', (eb) => eb.fn.any(sql<string[]>`${alarms}::text[]`))
      .$narrowType<{ stage: 'first' | 'all' }>(),
  );
}

/** Records a page; false when it was already recorded (another round or instance paged it). */
export async function recordPage(
  db: Queryable,
  p: { alarm: string; stage: 'first' | 'all'; at: Date; sentTo: number },
): Promise<boolean> {
  const rows = await rowsOf(
    db,
    qb
      .insertInto('moderator_pages')
      .values({ alarm: p.alarm, stage: p.stage, at: p.at, sent_to: p.sentTo })
      .onConflict((oc) => oc.doNothing())
      .returning('alarm'),
  );
  return rows.length > 0;
}

/** Pages of alarms long over are forgotten. */
export async function purgePages(db: Queryable, before: Date): Promise<void> {
  await rowsOf(db, qb.deleteFrom('moderator_pages').where('at', '<', before));
}
