import { castVote, DisputesHeld } from '../community/index.ts';
import { type Deps, publicDataChanged } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import type { Identity } from '../identity/identify.ts';
import type { PolicyName } from '../limits/policies.ts';
import { closestToLimit, type PolicyDecision } from '../limits/rate-limit.ts';
import type { ActionResult } from './ussd-steps.ts';

/** What a phone's USSD and SMS acts share: their limits, and a vote. */

/** Counts against the policies; the refusing decision when one refuses. */
export async function refusedBy(
  deps: Deps,
  policies: PolicyName[],
  identity: Identity,
): Promise<PolicyDecision | undefined> {
  const decision = closestToLimit(await deps.limiter.consume(policies, identity));
  return decision && !decision.allowed ? decision : undefined;
}

/**
 * A vote from a phone (USSD's spot screen, SMS STILL and GONE): an ordinary vote with its limits, and
 * the phone's own status-change budget; what to tell the phone.
 */
export async function voteByPhone(
  deps: Deps,
  identity: Identity,
  spotId: number,
  value: 1 | -1,
): Promise<ActionResult> {
  const refused = await refusedBy(deps, ['vote', 'channel_vote_network'], identity);
  if (refused) return { key: 'tooMany', params: { wait: Math.ceil(refused.retryAfterSeconds / 60) } };
  try {
    const after = await castVote(deps.db, spotId, await deps.standing.act(identity), value, {
      standing: deps.standing,
      spendStatusChange: async () => {
        if (await refusedBy(deps, ['channel_status_change_network'], identity))
          throw new HttpError(429, 'status');
      },
    });
    publicDataChanged(deps);
    return { key: 'voted', params: { id: spotId, c: after.confirmations, d: after.denials } };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    if (err.status === 409) return { key: 'already', params: { id: spotId } };
    if (err.status === 404) return { key: 'noSpot', params: { id: spotId } };
    if (err instanceof DisputesHeld)
      return { key: 'disputesHeld', params: { wait: Math.ceil((err.retryAfterSeconds ?? 3600) / 60) } };
    if (err.status === 429) return { key: 'tooManyChanges' };
    throw err;
  }
}
