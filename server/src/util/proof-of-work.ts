import { createHash } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import type { FallbackCounters } from '../limits/fallback-counters.ts';
import type { Clock } from './clock.ts';

/**
 * Work a client pays before the server acts (docs/api.md, "Earned trust"): an ALTCHA challenge in
 * altcha-lib's v1 format (find `number` in 0..maxnumber with SHA-256(salt + number) = challenge),
 * signed with the server's key and kept nowhere. A challenge names its `scope` (what it may be spent
 * on) and expires in ten minutes on the app's clock; a solution is taken once, remembered by its
 * signature in the counter store (shared by every instance) while its challenge lives.
 */
export const CHALLENGE_SECONDS = 600;

export type Redeemed = 'ok' | 'invalid' | 'expired' | 'reused';

export class ProofOfWork {
  private readonly key: string;
  private readonly counters: FallbackCounters;
  private readonly clock: Clock;

  constructor(key: string, counters: FallbackCounters, clock: Clock) {
    this.key = key;
    this.counters = counters;
    this.clock = clock;
  }

  async issue(maxnumber: number, scope: string): Promise<Challenge & { maxnumber: number }> {
    const challenge = await createChallenge({
      hmacKey: this.key,
      maxnumber,
      expires: new Date(this.clock.now().getTime() + CHALLENGE_SECONDS * 1000),
      params: { scope },
    });
    return { ...challenge, maxnumber };
  }

  /** Checks a solution (base64 JSON, as the page sends it) for `scope`, and takes it, once. */
  async redeem(payload: string | undefined, scope: string): Promise<Redeemed> {
    if (!payload || payload.length > 2048) return 'invalid';
    let signature: unknown;
    try {
      signature = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'))?.signature;
    } catch {
      return 'invalid';
    }
    if (typeof signature !== 'string') return 'invalid';
    // Expiry is read on the app's clock (the library would read the system's).
    if (!(await verifySolution(payload, this.key, false).catch(() => false))) return 'invalid';
    const params = extractParams(payload);
    if (params.scope !== scope) return 'invalid';
    const expires = Number(params.expires);
    if (!Number.isFinite(expires) || expires * 1000 < this.clock.now().getTime()) return 'expired';
    // Keyed as every counter is, by a hash (docs/api.md, "Rate limits").
    const key = `pow_used:${createHash('sha256').update(signature).digest('base64url')}`;
    const [used] = await this.counters.hitAll([{ key, windowSeconds: CHALLENGE_SECONDS * 2 }]);
    return used && used.current + used.previous > 1 ? 'reused' : 'ok';
  }
}
