import { sql, type Updateable } from 'kysely';
import type { z } from 'zod';
import type { ModSpot, modQueueResponse, ReportInput } from '../../../common/api.ts';
import { type FlagReason, type ModState, QUEUE_COUNT_CAP, REPORT_FIELDS } from '../../../common/domain.ts';
import type { Queryable } from '../db/db.ts';
import type { Spots } from '../db/schema.gen.ts';
import { qb, rowsOf } from '../db/sql-builder.ts';
import { PROTECTED, type Publication, RESTORE, SPOT_COLUMNS, type SpotRow, toSpot } from '../spots/index.ts';
import { BURSTS_OF_SPOT, SPOTS_WITH_BURSTS } from './networks.sql.ts';

const OPEN_FLAGS = 'f.spot_id = s.id AND f.resolved_at IS NULL';
const MOD_COLUMNS = `${SPOT_COLUMNS}, s.publication, s.auto_hidden_at IS NOT NULL AS auto_hidden,
  s.review_reason, ${PROTECTED} AS protected,
  CASE WHEN s.restored_until > now() THEN s.restored_until END AS restored_until, EXISTS (${BURSTS_OF_SPOT}) AS burst,
  (SELECT count(*)::int FROM flags f WHERE ${OPEN_FLAGS}) AS flag_count,
  (SELECT coalesce(json_agg(json_build_object('reason', f.reason, 'note', f.note, 'created_at', f.created_at,
       'duplicate_of', CASE WHEN d.id IS NOT NULL THEN json_build_object('id', d.id, 'title', d.title, 'lat', d.lat, 'lng', d.lng) END)
     ORDER BY f.created_at DESC), '[]'::json)
   FROM flags f LEFT JOIN spots d ON d.id = f.duplicate_of WHERE ${OPEN_FLAGS}) AS flags`;

interface ModSpotRow extends SpotRow {
  publication: Publication;
  auto_hidden: boolean;
  review_reason: ModSpot['review_reason'];
  protected: boolean;
  restored_until: Date | string | null;
  burst: boolean;
  flag_count: number;
  flags: Array<{
    reason: FlagReason;
    note: string;
    created_at: string;
    duplicate_of: { id: number; title: string; lat: number; lng: number } | null;
  }>;
}

const toModSpot = (r: ModSpotRow): ModSpot => ({
  ...toSpot(r),
  publication: r.publication,
  auto_hidden: r.auto_hidden,
  review_reason: r.review_reason,
  protected: r.protected,
  restored_until: r.restored_until === null ? null : new Date(r.restored_until).toISOString(),
  burst: r.burst,
  flag_count: r.flag_count,
  flags: r.flags.map((f) => ({ ...f, created_at: new Date(f.created_at).toISOString() })),
});

const STATE_FILTER: Record<ModState, string> = {
  pending: `s.publication = 'pending'`,
  flagged: `s.publication <> 'rejected' AND EXISTS (SELECT 1 FROM flags f WHERE ${OPEN_FLAGS})`,
  rejected: `s.publication = 'rejected'`,
  approved: `s.publication = 'approved'`,
  archived: `s.publication = 'archived'`,
  review: `s.review_reason IS NOT NULL`,
  bursts: `s.publication <> 'rejected' AND s.id IN (${SPOTS_WITH_BURSTS})`,
  all: 'true',
};

/** A moderator's areas hold the spot, or the moderator ($2, a username) has none. */
const IN_AREAS_OF = `NOT EXISTS (SELECT 1 FROM moderator_areas a JOIN users u ON u.id = a.user_id
    WHERE u.username = $2)
  OR EXISTS (SELECT 1 FROM moderator_areas a JOIN users u ON u.id = a.user_id
    WHERE u.username = $2 AND s.lat BETWEEN a.south AND a.north AND s.lng BETWEEN a.west AND a.east)`;

export async function findModSpots(
  db: Queryable,
  state: ModState,
  limit: number,
  areasOf?: string,
): Promise<ModSpot[]> {
  const rows = await db.query<ModSpotRow>(
    `SELECT ${MOD_COLUMNS} FROM spots s WHERE ${STATE_FILTER[state]}
       AND ($2::text IS NULL OR ${IN_AREAS_OF}) ORDER BY s.id DESC LIMIT $1`,
    [limit, areasOf ?? null],
  );
  return rows.map(toModSpot);
}

type QueueCounts = Omit<z.output<typeof modQueueResponse>['counts'], 'alarms'>;

/**
 * How many spots each tab lists, each counted up to QUEUE_COUNT_CAP + 1 (reading at most that many
 * rows: the approved and all tabs hold every spot of the map).
 */
export async function countQueues(db: Queryable): Promise<QueueCounts> {
  const states = Object.keys(STATE_FILTER) as ModState[];
  const [row] = await db.query<QueueCounts>(
    `SELECT ${states
      .map(
        (state) =>
          `(SELECT count(*)::int FROM (SELECT 1 FROM spots s WHERE ${STATE_FILTER[state]} LIMIT $1) capped) AS ${state}`,
      )
      .join(', ')}`,
    [QUEUE_COUNT_CAP + 1],
  );
  if (!row) throw new Error('no counts');
  return row;
}

export async function findModSpot(db: Queryable, id: number): Promise<ModSpot | undefined> {
  const rows = await db.query<ModSpotRow>(`SELECT ${MOD_COLUMNS} FROM spots s WHERE s.id = $1`, [id]);
  return rows[0] && toModSpot(rows[0]);
}

export type LockedSpot = NonNullable<Awaited<ReturnType<typeof lockSpot>>>;

export async function lockSpot(tx: Queryable, id: number) {
  const rows = await rowsOf(
    tx,
    qb
      .selectFrom('spots')
      .select((eb) => [
        'publication',
        eb('auto_hidden_at', 'is not', null).$castTo<boolean>().as('auto_hidden'),
        'status',
      ])
      .where('id', '=', id)
      .forUpdate()
      .$narrowType<{ publication: Publication; status: SpotRow['status'] }>(),
  );
  return rows[0];
}

/** A moderator's decision on publication also ends any auto-hide. */
export async function setPublication(tx: Queryable, id: number, publication: Publication): Promise<void> {
  await rowsOf(
    tx,
    qb
      .updateTable('spots')
      .set({ publication, auto_hidden_at: null, updated_at: sql`now()` })
      .where('id', '=', id),
  );
}

/**
 * A moderator restored the spot (dismissed its flags, cleared a dispute, reverted a burst): flags and
 * votes cannot take it off the map for the next 30 days (spots/protection.ts).
 */
export async function restoreSpot(tx: Queryable, id: number): Promise<void> {
  await tx.query(`UPDATE spots SET ${RESTORE} WHERE id = $1`, [id]);
}

/** Puts back on the map those of the spots that flags had hid; returns their ids. */
export async function showHiddenAgain(tx: Queryable, ids: number[]): Promise<number[]> {
  const rows = await rowsOf(
    tx,
    qb
      .updateTable('spots')
      .set({ publication: 'approved' satisfies Publication, auto_hidden_at: null, updated_at: sql`now()` })
      .where('id', '=', (eb) => eb.fn.any(sql<number[]>`${ids}::int[]`))
      .where('publication', '=', 'pending' satisfies Publication)
      .where('auto_hidden_at', 'is not', null)
      .returning('id'),
  );
  return rows.map((r) => r.id);
}

/** Restores those of the spots that were disputed and no longer are (a moderator cleared it). */
export async function restoreClearedDisputes(tx: Queryable, disputedBefore: number[]): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `UPDATE spots SET ${RESTORE} WHERE id = ANY ($1::int[]) AND status <> 'disputed' RETURNING id`,
    [disputedBefore],
  );
  return rows.map((r) => r.id);
}

/** A moderator has looked at the spot: it leaves the review queue. */
export async function clearReview(tx: Queryable, id: number): Promise<void> {
  await rowsOf(
    tx,
    qb.updateTable('spots').set({ review_reason: null, review_since: null }).where('id', '=', id),
  );
}

/** Verifying keeps the spot: it ages from now, as from a confirmation. */
export async function setVerified(tx: Queryable, id: number, verified: boolean, now: Date): Promise<void> {
  await rowsOf(
    tx,
    qb
      .updateTable('spots')
      .set((eb) => ({
        moderator_verified: verified,
        kept_at: verified ? now : eb.ref('kept_at'),
        updated_at: sql`now()`,
      }))
      .where('id', '=', id),
  );
}

/**
 * A moderator archives a public spot, or restores an archived one (it ages from now, as from a
 * confirmation, or the next ageing would archive it again); false when it was not so.
 */
export async function setArchived(tx: Queryable, id: number, archived: boolean, now: Date): Promise<boolean> {
  const [from, to]: [Publication, Publication] = archived
    ? ['approved', 'archived']
    : ['archived', 'approved'];
  const rows = await rowsOf(
    tx,
    qb
      .updateTable('spots')
      .set(
        archived
          ? { publication: to, archived_at: now, updated_at: sql`now()` }
          : { publication: to, archived_at: null, kept_at: now, updated_at: sql`now()` },
      )
      .where('id', '=', id)
      .where('publication', '=', from)
      .returning('id'),
  );
  return rows.length === 1;
}

export type FlagResolution = 'actioned' | 'dismissed' | 'voided';

/** Marks the open flags (of one network, when given) as dealt with; returns how many there were. */
export async function resolveOpenFlags(
  tx: Queryable,
  id: number,
  resolution: FlagResolution,
  network?: string,
): Promise<number> {
  let statement = qb
    .updateTable('flags')
    .set({ resolved_at: sql`now()`, resolution })
    .where('spot_id', '=', id)
    .where('resolved_at', 'is', null);
  if (network !== undefined) statement = statement.where('network', '=', network);
  const rows = await rowsOf(tx, statement.returning('id'));
  return rows.length;
}

/** A report's fields, each a column of spots a moderator may edit (the type check holds them so). */
type Editable = Pick<Updateable<Spots>, (typeof REPORT_FIELDS)[number]>;

export async function updateSpotFields(
  tx: Queryable,
  id: number,
  fields: Partial<ReportInput>,
): Promise<void> {
  const columns = REPORT_FIELDS.filter((c) => fields[c] !== undefined);
  if (!columns.length) return;
  const edited = Object.fromEntries(columns.map((c) => [c, fields[c]])) as Editable;
  await rowsOf(
    tx,
    qb
      .updateTable('spots')
      .set({ ...edited, updated_at: sql`now()` })
      .where('id', '=', id),
  );
}

export async function deleteSpot(tx: Queryable, id: number): Promise<boolean> {
  return (await rowsOf(tx, qb.deleteFrom('spots').where('id', '=', id).returning('id'))).length === 1;
}
