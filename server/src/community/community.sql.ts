import type { SpotStatus } from '../../../common/api.ts';
import type { ReviewReason } from '../../../common/domain.ts';
import type { Queryable } from '../db/db.ts';
import type { Identity } from '../identity/identify.ts';
import { PROTECTED, SPOT_COLUMNS, type SpotRow } from '../spots/index.ts';
import type { VoteValue } from './community.schema.ts';

export interface LockedSpot {
  id: number;
  moderator_verified: boolean;
  status: SpotStatus;
  /** Verified, seeded with a source, or lately restored (spots/protection.ts). */
  protected: boolean;
  /** Why it already waits for a moderator, if it does. */
  review_reason: ReviewReason | null;
}

/**
 * Locks a public spot (on the map or archived: a confirmation brings an archived one back) for the
 * rest of the transaction, so its counts change one vote at a time.
 */
export async function lockPublicSpot(tx: Queryable, id: number): Promise<LockedSpot | undefined> {
  const rows = await tx.query<LockedSpot>(
    `SELECT s.id, s.moderator_verified, s.status, ${PROTECTED} AS protected, s.review_reason
     FROM spots s WHERE s.id = $1 AND s.publication IN ('approved', 'archived') FOR UPDATE`,
    [id],
  );
  return rows[0];
}

/**
 * A confirmation by a device or number with standing from another wide network than the reporter's is
 * the second voice a newcomer's spot waits for: its alerts may go. Returns the spot when they may.
 */
export async function releaseAlertsOnConfirmation(
  tx: Queryable,
  id: number,
  wideNetwork: string,
): Promise<SpotRow | undefined> {
  const rows = await tx.query<SpotRow>(
    `UPDATE spots s SET alerts_wait = false
     WHERE s.id = $1 AND s.alerts_wait AND NOT EXISTS (
       SELECT 1 FROM votes v WHERE v.spot_id = s.id AND v.by_reporter AND v.wide_network = $2)
     RETURNING ${SPOT_COLUMNS}`,
    [id, wideNetwork],
  );
  return rows[0];
}

/** Puts a spot in the moderators' review queue (kept since the first reason until they decide). */
export async function markForReview(tx: Queryable, id: number, reason: ReviewReason): Promise<void> {
  await tx.query(reviewMark('$1', '$2'), [id, reason]);
}

/** markForReview's statement, over parameters or variables of the caller's SQL (vote.sql.ts). */
export const reviewMark = (id: string, reason: string) =>
  `UPDATE spots SET review_reason = ${reason}, review_since = coalesce(review_since, now()) WHERE id = ${id}`;

/** Inserts a flag unless this visitor already flagged the spot; true when inserted. */
export async function insertFlag(
  tx: Queryable,
  spotId: number,
  who: Identity,
  f: { reason: string; note: string; duplicateOf: number | null },
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO flags (spot_id, visitor, network, wide_network, agent, device, reason, note, duplicate_of)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (spot_id, visitor) DO NOTHING RETURNING id`,
    [
      spotId,
      who.visitor,
      who.network,
      who.wideNetwork,
      who.agent,
      who.device,
      f.reason,
      f.note,
      f.duplicateOf,
    ],
  );
  return rows.length === 1;
}

/** How long a network whose flags a moderator dismissed on a spot does not count towards hiding it. */
const DISMISSED_NETWORK_DAYS = 30;

/**
 * Open flags counted by wide network (IPv4 /24, IPv6 /48): one phone rotating user agents, or one
 * subscriber rotating through its prefix, is still one, and wide networks whose flags on this spot
 * were dismissed lately do not count at all.
 */
export async function countOpenFlagNetworks(tx: Queryable, spotId: number): Promise<number> {
  const rows = await tx.query<{ n: number }>(
    `SELECT count(DISTINCT f.wide_network)::int AS n FROM flags f
     WHERE f.spot_id = $1 AND f.resolved_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM flags d WHERE d.spot_id = f.spot_id AND d.wide_network = f.wide_network
         AND d.resolution = 'dismissed' AND d.resolved_at > now() - make_interval(days => $2))`,
    [spotId, DISMISSED_NETWORK_DAYS],
  );
  return rows[0]?.n ?? 0;
}

/** Takes a spot off the public map until a moderator decides (it waits among pending spots). */
export async function hideForReview(tx: Queryable, spotId: number): Promise<void> {
  await tx.query(
    `UPDATE spots SET publication = 'pending', auto_hidden_at = now(), updated_at = now(),
       review_reason = NULL, review_since = NULL
     WHERE id = $1`,
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

/** A spot's votes as they stand, counted by the day (in `timeZone`) each was cast or last changed. */
export function votesByDay(db: Queryable, spotId: number, timeZone: string, days: number) {
  return db.query<{ day: string; confirmations: number; denials: number }>(
    `SELECT to_char((updated_at AT TIME ZONE $2)::date, 'YYYY-MM-DD') AS day,
            count(*) FILTER (WHERE value = 1)::int AS confirmations,
            count(*) FILTER (WHERE value = -1)::int AS denials
     FROM votes WHERE spot_id = $1
     GROUP BY 1 ORDER BY 1 DESC LIMIT $3`,
    [spotId, timeZone, days],
  );
}
