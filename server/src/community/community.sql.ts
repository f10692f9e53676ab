import type { ReviewReason } from '../../../common/domain.ts';
import type { Queryable } from '../db/db.ts';
import { SPOT_COLUMNS, type SpotRow } from '../spots/index.ts';
import type { VoteValue } from './community.schema.ts';

/**
 * Reads `columns` of a public spot (on the map or archived: a confirmation brings an archived one
 * back) into the variables `into`, locking its row for the rest of the statement's transaction, so
 * its votes and flags apply one at a time; in a database function (vote.sql.ts, flag.sql.ts), whose
 * statements after it see what a write committed just before it.
 */
export const lockPublicSpot = (columns: string, into: string, id: string) =>
  `SELECT ${columns} INTO ${into}
     FROM spots s WHERE s.id = ${id} AND s.publication IN ('approved', 'archived') FOR UPDATE`;

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
     WHERE s.id = $1 AND s.alerts_wait AND NOT ${reportedFrom('s.id', '$2')}
     RETURNING ${SPOT_COLUMNS}`,
    [id, wideNetwork],
  );
  return rows[0];
}

/** Whether the spot was reported from this wide network (its reporter's vote), over the caller's SQL. */
export const reportedFrom = (spot: string, wideNetwork: string) =>
  `EXISTS (SELECT 1 FROM votes v WHERE v.spot_id = ${spot} AND v.by_reporter AND v.wide_network = ${wideNetwork})`;

/** Puts a spot in the moderators' review queue (kept since the first reason until they decide), as a
 * statement over parameters or variables of the caller's SQL (vote.sql.ts, flag.sql.ts). */
export const reviewMark = (id: string, reason: `'${ReviewReason}'`) =>
  `UPDATE spots SET review_reason = ${reason}, review_since = coalesce(review_since, now()) WHERE id = ${id}`;

/** How long a network whose flags a moderator dismissed on a spot does not count towards hiding it. */
const DISMISSED_NETWORK_DAYS = 30;

/**
 * Whether the open flags on a spot come from enough wide networks to take it off the map until a
 * moderator decides (a threshold of 0 turns hiding by flags off), as a condition over parameters or
 * variables of the caller's SQL (flag.sql.ts). Open flags are counted by wide network (IPv4 /24,
 * IPv6 /48): one phone rotating user agents, or one subscriber rotating through its prefix, is still
 * one, and wide networks whose flags on this spot were dismissed lately do not count at all.
 */
export const flagsReach = (spot: string, threshold: string) =>
  `(${threshold} > 0 AND (SELECT count(DISTINCT f.wide_network) FROM flags f
     WHERE f.spot_id = ${spot} AND f.resolved_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM flags d WHERE d.spot_id = f.spot_id AND d.wide_network = f.wide_network
         AND d.resolution = 'dismissed' AND d.resolved_at > now() - make_interval(days => ${DISMISSED_NETWORK_DAYS})))
     >= ${threshold})`;

/** flagsReach, asked on its own (a moderator's dismissal checks whether the spot stays hidden). */
export async function flagsReachAutoHide(tx: Queryable, spotId: number, threshold: number): Promise<boolean> {
  const rows = await tx.query<{ reach: boolean }>(`SELECT ${flagsReach('$1', '$2::int')} AS reach`, [
    spotId,
    threshold,
  ]);
  return rows[0]?.reach === true;
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
