import type { Spot } from '../../../common/api.ts';
import type { Db } from '../db/db.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { Identity } from '../identity/identify.ts';
import { readSiteSettings } from '../settings/settings.sql.ts';
import { redactPhoneNumbers } from '../spots/redact.ts';
import { toSpot } from '../spots/spots.sql.ts';
import type { FlagInput, VoteValue } from './community.schema.ts';
import {
  countOpenFlagNetworks,
  flaggedSpotsOfVisitor,
  hideForReview,
  insertFlag,
  lockPublicSpot,
  markForReview,
  recordVote,
  votesOfVisitor,
} from './community.sql.ts';

const spotNotFound = () => notFound('Spot not found');

/** Thrown inside the vote's transaction to roll it back when the vote would change the status. */
const NEEDS_STATUS_CHANGE = Symbol('needs a status change');

/**
 * One vote per visitor per spot. The spot row is locked for the transaction, so concurrent votes on
 * a spot apply one after another: counts always equal the vote rows, and the same vote sent twice at
 * once is one success and a 409.
 *
 * A vote that moves the spot to another status (the database derives it from the counts) spends one
 * of its network's status changes. The budget is counted outside any transaction (a transaction
 * holding the embedded database's only connection, or a pool connection, while it waits for a
 * counter would starve the counters): the first pass finds the change and rolls back,
 * `spendStatusChange` counts it (throwing the 429 when none is left, so nothing is stored), and the
 * vote is applied again. A protected spot (moderator-verified, or seeded with a source) that becomes
 * disputed stays a danger and waits in the moderators' review queue.
 */
export async function castVote(
  db: Db,
  spotId: number,
  identity: Identity,
  value: VoteValue,
  spendStatusChange: () => Promise<void>,
): Promise<Spot> {
  const apply = (statusChangeSpent: boolean) =>
    db.transaction(async (tx) => {
      const spot = await lockPublicSpot(tx, spotId);
      if (!spot) throw spotNotFound();
      const { previous, spot: row } = await recordVote(tx, spotId, identity, value);
      if (!row) {
        throw new HttpError(
          409,
          previous === 1
            ? 'You already said this spot is still dangerous'
            : 'You already said this spot is safe now',
        );
      }
      if (row.status !== spot.status) {
        if (!statusChangeSpent) throw NEEDS_STATUS_CHANGE;
        if (row.status === 'disputed' && spot.protected) await markForReview(tx, spotId, 'disputed');
      }
      return toSpot(row);
    });
  try {
    return await apply(false);
  } catch (err) {
    if (err !== NEEDS_STATUS_CHANGE) throw err;
  }
  await spendStatusChange();
  return apply(true);
}

/**
 * A flag asks moderators to look. When open flags from distinct networks reach the site's threshold
 * the spot leaves the public map until reviewed; spots verified by moderators never do. Networks
 * whose flags a moderator dismissed on this spot in the last 30 days do not count again.
 */
export async function flagSpot(
  db: Db,
  spotId: number,
  identity: Identity,
  input: FlagInput,
): Promise<'flagged' | 'hidden'> {
  return db.transaction(async (tx) => {
    const spot = await lockPublicSpot(tx, spotId);
    if (!spot) throw spotNotFound();
    const inserted = await insertFlag(tx, spotId, identity, {
      reason: input.reason,
      note: redactPhoneNumbers(input.note),
    });
    if (!inserted) throw new HttpError(409, 'You already flagged this spot');
    const { autoHideFlagThreshold } = await readSiteSettings(tx);
    if (autoHideFlagThreshold === 0 || spot.moderator_verified) return 'flagged';
    if ((await countOpenFlagNetworks(tx, spotId)) < autoHideFlagThreshold) return 'flagged';
    await hideForReview(tx, spotId);
    return 'hidden';
  });
}

export async function visitorState(db: Db, visitor: string) {
  const [votes, flags, settings] = await Promise.all([
    votesOfVisitor(db, visitor),
    flaggedSpotsOfVisitor(db, visitor),
    readSiteSettings(db),
  ]);
  return {
    votes: Object.fromEntries(votes.map((v) => [String(v.spot_id), v.value])),
    requireApproval: settings.requireApproval,
    flags,
  };
}
