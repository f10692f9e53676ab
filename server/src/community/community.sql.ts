import type { Queryable } from '../db/db.ts';
import { SPOT_COLUMNS, type SpotRow } from '../spots/spots.sql.ts';
import type { VoteValue } from './community.schema.ts';

/** Locks a public spot for the rest of the transaction, so its counts change one vote at a time. */
export async function lockPublicSpot(
  tx: Queryable,
  id: number,
): Promise<{ id: number; moderator_verified: boolean } | undefined> {
  const rows = await tx.query<{ id: number; moderator_verified: boolean }>(
    `SELECT id, moderator_verified FROM spots WHERE id = $1 AND publication = 'approved' FOR UPDATE`,
    [id],
  );
  return rows[0];
}

export async function findVote(
  tx: Queryable,
  spotId: number,
  visitor: string,
): Promise<VoteValue | undefined> {
  const rows = await tx.query<{ value: VoteValue }>(
    'SELECT value FROM votes WHERE spot_id = $1 AND visitor = $2',
    [spotId, visitor],
  );
  return rows[0]?.value;
}

/** Records a visitor's vote, or switches it to the other value. */
export async function upsertVote(
  tx: Queryable,
  spotId: number,
  visitor: string,
  value: VoteValue,
): Promise<void> {
  await tx.query(
    `INSERT INTO votes (spot_id, visitor, value) VALUES ($1, $2, $3)
     ON CONFLICT (spot_id, visitor) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [spotId, visitor, value],
  );
}

/** Moves the counts by the given deltas; a "still dangerous" vote also marks the spot confirmed now. */
export async function changeCounts(
  tx: Queryable,
  spotId: number,
  deltas: { confirmations: number; denials: number; confirmedNow: boolean },
): Promise<SpotRow> {
  const rows = await tx.query<SpotRow>(
    `UPDATE spots s SET confirmations = confirmations + $2, denials = denials + $3,
       last_confirmed_at = CASE WHEN $4 THEN now() ELSE last_confirmed_at END, updated_at = now()
     WHERE id = $1 RETURNING ${SPOT_COLUMNS}`,
    [spotId, deltas.confirmations, deltas.denials, deltas.confirmedNow],
  );
  return rows[0] as SpotRow;
}

/** Inserts a flag unless this visitor already flagged the spot; true when inserted. */
export async function insertFlag(
  tx: Queryable,
  f: { spotId: number; visitor: string; network: string; reason: string; note: string },
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO flags (spot_id, visitor, network, reason, note) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (spot_id, visitor) DO NOTHING RETURNING id`,
    [f.spotId, f.visitor, f.network, f.reason, f.note],
  );
  return rows.length === 1;
}

/** Open flags counted by network: one phone rotating user agents is still one network. */
export async function countOpenFlagNetworks(tx: Queryable, spotId: number): Promise<number> {
  const rows = await tx.query<{ n: number }>(
    'SELECT count(DISTINCT network)::int AS n FROM flags WHERE spot_id = $1 AND resolved_at IS NULL',
    [spotId],
  );
  return rows[0]?.n ?? 0;
}

export async function hideForReview(tx: Queryable, spotId: number): Promise<void> {
  await tx.query(
    `UPDATE spots SET publication = 'pending', auto_hidden_at = now(), updated_at = now() WHERE id = $1`,
    [spotId],
  );
}

export async function votesOfVisitor(
  db: Queryable,
  visitor: string,
): Promise<Array<{ spot_id: number; value: VoteValue }>> {
  return db.query(
    `SELECT v.spot_id, v.value FROM votes v JOIN spots s ON s.id = v.spot_id AND s.publication = 'approved'
     WHERE v.visitor = $1 ORDER BY v.spot_id`,
    [visitor],
  );
}

export async function flaggedSpotsOfVisitor(db: Queryable, visitor: string): Promise<number[]> {
  const rows = await db.query<{ spot_id: number }>(
    `SELECT f.spot_id FROM flags f JOIN spots s ON s.id = f.spot_id AND s.publication = 'approved'
     WHERE f.visitor = $1 ORDER BY f.spot_id`,
    [visitor],
  );
  return rows.map((r) => r.spot_id);
}
