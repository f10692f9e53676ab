import type { Spot } from '../../../common/api.ts';
import { region } from '../../../common/region.ts';
import { queueAlerts } from '../channels/index.ts';
import type { Db, Queryable } from '../db/db.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { outageOf } from '../http/outage.ts';
import type { Identity } from '../identity/identify.ts';
import { readSiteSettings } from '../settings/index.ts';
import { findPublicSpot, getPublicSpot, redactPhoneNumbers, toSpot } from '../spots/index.ts';
import type { Actor, Standing } from '../trust/index.ts';
import { KeyedQueue, NoTurnError } from '../util/keyed-queue.ts';
import { budgetUse, budgetWait, noteRefusedDispute } from './budgets.sql.ts';
import { type FlagInput, HISTORY_DAYS, type VoteValue } from './community.schema.ts';
import {
  flaggedSpotsOfVisitor,
  releaseAlertsOnConfirmation,
  votesByDay,
  votesOfVisitor,
} from './community.sql.ts';
import { flagSpotOnce } from './flag.sql.ts';
import { castVoteOnce } from './vote.sql.ts';

const spotNotFound = () => notFound('Spot not found');

/** The 429 of a vote the site's dispute budget holds back (channels word it their own way). */
export class DisputesHeld extends HttpError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super(
      429,
      'Many spots were marked "not anymore" across the site in the last hour, so moderators now decide ' +
        `on any more. Your vote was not counted; you can try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * One vote per visitor per spot, in one statement (vote.sql.ts has the steps): the spot's row is
 * locked while it runs, so concurrent votes on a spot apply one after another, counts always equal
 * the vote rows, and the same vote sent twice at once is one success and a 409.
 *
 * A vote that moves the spot to another status (the database derives it from the counts) spends one
 * of its network's status changes. The budget is counted outside the statement (a statement holding
 * the embedded database's only connection, or a pool connection, while it waits for a counter would
 * starve the counters): the first run finds the change and stores nothing, `spendStatusChange`
 * counts it (throwing the 429 when none is left, so nothing is stored), and the vote runs again.
 *
 * A vote that moves an unprotected spot into `disputed` takes a danger off routes and statistics, so
 * it also spends one of the site's disputes for the hour (in the same statement); when none is left
 * the vote is refused with a 429 and stores nothing but a count of the attempt for the moderators. A
 * protected spot (spots/protection.ts) that becomes disputed stays a danger and waits in the
 * moderators' review queue instead.
 *
 * A vote from a device or number with standing is agreement (trust/standing.ts): the earlier like
 * votes from other wide networks earn theirs; a confirmation from another wide network than the
 * reporter's is the second voice a newcomer's spot waits for before its alerts go. That release, once
 * in a spot's life, runs after the vote in a transaction of its own (the alerts' queue is the
 * channels'); were it lost with the process, the spot's alerts would wait for the next such voice.
 */
export async function castVote(
  db: Db,
  spotId: number,
  voter: Actor,
  value: VoteValue,
  opts: { standing: Standing; spendStatusChange: () => Promise<void> },
): Promise<Spot> {
  const { identity } = voter;
  const apply = (statusChangeSpent: boolean) =>
    inTurn(spotId, () =>
      castVoteOnce(db, spotId, identity, {
        value,
        standing: voter.standing,
        at: voter.at,
        statusChangeSpent,
      }),
    );
  let vote = await apply(false);
  if (vote.outcome === 'needs_status_change') {
    await opts.spendStatusChange();
    vote = await apply(true);
  }
  switch (vote.outcome) {
    case 'not_found':
      throw spotNotFound();
    case 'same':
      throw new HttpError(
        409,
        vote.previous === 1
          ? 'You already said this spot is still dangerous'
          : 'You already said this spot is safe now',
      );
    case 'needs_status_change':
      throw new Error('a vote changed the status twice over');
    case 'disputes_spent':
      await noteRefusedDispute(db, spotId, identity.network);
      throw new DisputesHeld(budgetWait((await readSiteSettings(db)).disputeBudgetPerHour, vote.freesIn));
  }
  opts.standing.forget(vote.agreed);
  if (vote.mayRelease) {
    await db.transaction(async (tx) => {
      const released = await releaseAlertsOnConfirmation(tx, spotId, identity.wideNetwork);
      if (released) await queueAlerts(tx, toSpot(released), { now: voter.at });
    });
  }
  return toSpot(vote.spot);
}

/**
 * Votes and flags on one spot take turns in this process (util/keyed-queue.ts), so a spot whose row
 * another holds locked keeps at most one connection waiting (for lock_timeout, db/pg.ts); when that
 * one gives up, those waiting behind it are answered with it at once (503 with Retry-After), and
 * writes to every other spot go on as usual. An honest crowd on one spot (200 votes at once) waits
 * its turns: at most 1000 wait, each at most 10 s.
 */
const spotTurns = new KeyedQueue(1000, 10_000, (err) => outageOf(err) !== undefined);
async function inTurn<T>(spotId: number, write: () => Promise<T>): Promise<T> {
  try {
    return await spotTurns.run(spotId, write);
  } catch (err) {
    if (!(err instanceof NoTurnError)) throw err;
    const busy = new HttpError(
      503,
      'This spot is busy just now; nothing is wrong with your request. Try again after Retry-After seconds.',
    );
    busy.retryAfterSeconds = 5;
    throw busy;
  }
}

/** The spot a "duplicate" flag names, checked: a public spot other than the flagged one. */
async function duplicateOf(db: Queryable, spotId: number, input: FlagInput): Promise<number | null> {
  if (input.duplicate_of === undefined) return null;
  if (input.reason !== 'duplicate') throw new HttpError(400, 'duplicate_of goes with reason "duplicate"');
  if (input.duplicate_of === spotId) throw new HttpError(400, 'A spot is not a duplicate of itself');
  if ((await findPublicSpot(db, input.duplicate_of))?.archived !== false)
    throw new HttpError(400, 'duplicate_of must be a spot on the public map');
  return input.duplicate_of;
}

/**
 * A flag asks moderators to look, in one statement (flag.sql.ts has the steps). When open flags from
 * distinct wide networks reach the site's threshold the spot leaves the public map until reviewed,
 * if the site's hide budget for the hour allows; otherwise, and always for a protected spot
 * (spots/protection.ts), it stays on the map and goes to the moderators' review queue. Wide networks
 * whose flags a moderator dismissed on this spot in the last 30 days do not count again. The flag is
 * stored and answered `flagged` either way.
 */
export async function flagSpot(
  db: Db,
  spotId: number,
  identity: Identity,
  input: FlagInput,
): Promise<'flagged' | 'hidden'> {
  // Read before the spot's turn, so the turn (which holds the spot's row) runs no query it does not need.
  const duplicate = await duplicateOf(db, spotId, input);
  const outcome = await inTurn(spotId, () =>
    flagSpotOnce(db, spotId, identity, {
      reason: input.reason,
      note: redactPhoneNumbers(input.note),
      duplicateOf: duplicate,
    }),
  );
  if (outcome === 'not_found') throw spotNotFound();
  if (outcome === 'already') throw new HttpError(409, 'You already flagged this spot');
  return outcome;
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
    alertMinConfidence: settings.alertMinConfidence,
  };
}

/** How much of each site-wide budget the last hour used, and the budgets (moderators' alarms). */
/** A public spot's history: when it was reported and how its votes came in, day by day (404 otherwise). */
export async function spotHistory(db: Db, id: number) {
  const spot = await getPublicSpot(db, id);
  const days = await votesByDay(db, spot.id, region().timeZone, HISTORY_DAYS);
  const { confirmations, denials, status } = spot;
  return { spot_id: spot.id, reported_at: spot.created_at, status, confirmations, denials, days };
}

export async function siteBudgets(db: Db) {
  const [used, settings] = await Promise.all([budgetUse(db), readSiteSettings(db)]);
  return {
    hides: { used: used.hidden, per_hour: settings.autoHideBudgetPerHour },
    disputes: { used: used.disputed, per_hour: settings.disputeBudgetPerHour },
  };
}
