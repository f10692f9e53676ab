import type { Queryable } from '../db/db.ts';
import type { ReportInput } from '../spots/spots.schema.ts';
import { type Publication, SPOT_COLUMNS, type SpotRow, toSpot } from '../spots/spots.sql.ts';
import type { ModSpot, ModState } from './moderation.schema.ts';

const OPEN_FLAGS = 'f.spot_id = s.id AND f.resolved_at IS NULL';
const MOD_COLUMNS = `${SPOT_COLUMNS}, s.publication, s.auto_hidden_at IS NOT NULL AS auto_hidden,
  (SELECT count(*)::int FROM flags f WHERE ${OPEN_FLAGS}) AS flag_count,
  (SELECT coalesce(json_agg(json_build_object('reason', f.reason, 'note', f.note, 'created_at', f.created_at)
     ORDER BY f.created_at DESC), '[]'::json) FROM flags f WHERE ${OPEN_FLAGS}) AS flags`;

interface ModSpotRow extends SpotRow {
  publication: Publication;
  auto_hidden: boolean;
  flag_count: number;
  flags: Array<{ reason: string; note: string; created_at: string }>;
}

const toModSpot = (r: ModSpotRow): ModSpot => ({
  ...toSpot(r),
  publication: r.publication,
  auto_hidden: r.auto_hidden,
  flag_count: r.flag_count,
  flags: r.flags.map((f) => ({ ...f, created_at: new Date(f.created_at).toISOString() })),
});

const STATE_FILTER: Record<ModState, string> = {
  pending: `s.publication = 'pending'`,
  flagged: `s.publication <> 'rejected' AND EXISTS (SELECT 1 FROM flags f WHERE ${OPEN_FLAGS})`,
  rejected: `s.publication = 'rejected'`,
  approved: `s.publication = 'approved'`,
  all: 'true',
};

export async function findModSpots(db: Queryable, state: ModState, limit: number): Promise<ModSpot[]> {
  const rows = await db.query<ModSpotRow>(
    `SELECT ${MOD_COLUMNS} FROM spots s WHERE ${STATE_FILTER[state]} ORDER BY s.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map(toModSpot);
}

export async function findModSpot(db: Queryable, id: number): Promise<ModSpot | undefined> {
  const rows = await db.query<ModSpotRow>(`SELECT ${MOD_COLUMNS} FROM spots s WHERE s.id = $1`, [id]);
  return rows[0] && toModSpot(rows[0]);
}

export async function lockSpot(
  tx: Queryable,
  id: number,
): Promise<{ publication: Publication; auto_hidden: boolean } | undefined> {
  const rows = await tx.query<{ publication: Publication; auto_hidden: boolean }>(
    'SELECT publication, auto_hidden_at IS NOT NULL AS auto_hidden FROM spots WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0];
}

/** A moderator's decision on publication also ends any auto-hide. */
export async function setPublication(tx: Queryable, id: number, publication: Publication): Promise<void> {
  await tx.query(
    'UPDATE spots SET publication = $2, auto_hidden_at = NULL, updated_at = now() WHERE id = $1',
    [id, publication],
  );
}

export async function setVerified(tx: Queryable, id: number, verified: boolean): Promise<void> {
  await tx.query('UPDATE spots SET moderator_verified = $2, updated_at = now() WHERE id = $1', [
    id,
    verified,
  ]);
}

/** Marks the open flags as dealt with; returns how many there were. */
export async function resolveOpenFlags(tx: Queryable, id: number): Promise<number> {
  const rows = await tx.query(
    'UPDATE flags SET resolved_at = now() WHERE spot_id = $1 AND resolved_at IS NULL RETURNING id',
    [id],
  );
  return rows.length;
}

const EDITABLE = [
  'title',
  'description',
  'area',
  'lat',
  'lng',
  'category',
  'severity',
  'time_of_day',
  'incident_date',
  'source_url',
] as const satisfies ReadonlyArray<keyof ReportInput>;

export async function updateSpotFields(
  tx: Queryable,
  id: number,
  fields: Partial<ReportInput>,
): Promise<void> {
  const columns = EDITABLE.filter((c) => fields[c] !== undefined);
  if (!columns.length) return;
  const sets = columns.map((c, i) => `${c} = $${i + 2}`).join(', ');
  await tx.query(`UPDATE spots SET ${sets}, updated_at = now() WHERE id = $1`, [
    id,
    ...columns.map((c) => fields[c]),
  ]);
}

export async function deleteSpot(tx: Queryable, id: number): Promise<boolean> {
  return (await tx.query('DELETE FROM spots WHERE id = $1 RETURNING id', [id])).length === 1;
}
