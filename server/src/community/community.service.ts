import type { Db } from '../db/db.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { Identity } from '../http/visitor.ts';
import { readSiteSettings } from '../settings/settings.sql.ts';
import { redactPhoneNumbers } from '../spots/redact.ts';
import type { Spot } from '../spots/spots.schema.ts';
import { MAX_SPOT_ID } from '../spots/spots.service.ts';
import { toSpot } from '../spots/spots.sql.ts';
import type { FlagInput, VoteValue } from './community.schema.ts';
import {
  changeCounts,
  countOpenFlagNetworks,
  findVote,
  flaggedSpotsOfVisitor,
  hideForReview,
  insertFlag,
  lockPublicSpot,
  upsertVote,
  votesOfVisitor,
} from './community.sql.ts';

const spotNotFound = () => notFound('Spot not found');
const one = (v: VoteValue, side: VoteValue) => (v === side ? 1 : 0);

/**
 * One vote per visitor per spot. The spot row is locked for the transaction, so concurrent votes on
 * a spot apply one after another: counts always equal the vote rows, and the same vote sent twice at
 * once is one success and a 409.
 */
export async function castVote(db: Db, spotId: number, visitor: string, value: VoteValue): Promise<Spot> {
  if (spotId > MAX_SPOT_ID) throw spotNotFound();
  return db.transaction(async (tx) => {
    if (!(await lockPublicSpot(tx, spotId))) throw spotNotFound();
    const current = await findVote(tx, spotId, visitor);
    if (current === value) {
      throw new HttpError(
        409,
        value === 1
          ? 'You already said this spot is still dangerous'
          : 'You already said this spot is safe now',
      );
    }
    await upsertVote(tx, spotId, visitor, value);
    const row = await changeCounts(tx, spotId, {
      confirmations: one(value, 1) - (current === undefined ? 0 : one(current, 1)),
      denials: one(value, -1) - (current === undefined ? 0 : one(current, -1)),
      confirmedNow: value === 1,
    });
    return toSpot(row);
  });
}

/**
 * A flag asks moderators to look. When open flags from distinct networks reach the site's threshold
 * the spot leaves the public map until reviewed; spots verified by moderators never do.
 */
export async function flagSpot(
  db: Db,
  spotId: number,
  identity: Identity,
  input: FlagInput,
): Promise<'flagged' | 'hidden'> {
  if (spotId > MAX_SPOT_ID) throw spotNotFound();
  return db.transaction(async (tx) => {
    const spot = await lockPublicSpot(tx, spotId);
    if (!spot) throw spotNotFound();
    const inserted = await insertFlag(tx, {
      spotId,
      visitor: identity.visitor,
      network: identity.network,
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
