import { answer, client } from './api.ts';
import { describeFailure } from './failures.ts';
import { t } from './i18n.ts';
import type { Spot } from './types.ts';

/** What a vote came to, for the page: counted (with the spot as it is now), already cast, or failed. */
export type VoteOutcome =
  | { kind: 'ok'; spot: Spot; text: string }
  | { kind: 'info'; text: string }
  | { kind: 'error'; text: string };

/** Sends a "still dangerous" (1) or "not anymore" (-1) vote, as the sheet and "Still there?" do. */
export async function sendVote(id: number, value: 1 | -1): Promise<VoteOutcome> {
  const res = await answer(
    client.POST('/api/spots/{id}/vote', { params: { path: { id: String(id) } }, body: { value } }),
  );
  if (res.ok) return { kind: 'ok', spot: res.data.spot, text: t('detail.voteThanks') };
  if (res.status === 409) return { kind: 'info', text: t('detail.alreadyVoted') };
  return { kind: 'error', text: describeFailure(res) };
}
