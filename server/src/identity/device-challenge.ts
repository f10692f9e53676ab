import type { FallbackCounters } from '../limits/fallback-counters.ts';
import { estimate } from '../limits/sliding-window.ts';
import { CHALLENGE_SECONDS, type ProofOfWork, type Redeemed } from '../util/proof-of-work.ts';

/**
 * The work a new device credential costs (docs/api.md, "Earned trust"): a challenge solved by the page
 * in a Web Worker while the map loads (util/proof-of-work.ts). Its size (`maxnumber`; the page tries
 * half of it on average) follows the site-wide rate of challenges asked for in the last ten minutes:
 * about half a second on a mid-range phone normally, doubling with each doubling of the rate past
 * NORMAL_PER_WINDOW, up to MAX_FACTOR times.
 */
const NORMAL_PER_WINDOW = 300;
const MAX_FACTOR = 32;
const SCOPE = 'device';

/** How many times the base work a challenge costs when `recent` were asked for in the window. */
function difficultyFactor(recent: number): number {
  if (recent <= NORMAL_PER_WINDOW) return 1;
  return Math.min(MAX_FACTOR, 2 ** Math.floor(Math.log2(recent / NORMAL_PER_WINDOW) + 1));
}

export class DeviceChallenges {
  private readonly pow: ProofOfWork;
  private readonly counters: FallbackCounters;
  /** The site-wide count's key (under the site's salted key: sites sharing a Redis count apart). */
  private readonly countKey: string;
  /** The work of a challenge at the normal rate. */
  private readonly baseMaxNumber: number;

  constructor(pow: ProofOfWork, counters: FallbackCounters, site: string, baseMaxNumber: number) {
    this.pow = pow;
    this.counters = counters;
    this.countKey = `device_challenge:${site}`;
    this.baseMaxNumber = baseMaxNumber;
  }

  /** A new challenge, its work set by how many were asked for across the site lately. */
  async issue() {
    const [counts] = await this.counters.hitAll([{ key: this.countKey, windowSeconds: CHALLENGE_SECONDS }]);
    const recent = counts ? estimate(counts, CHALLENGE_SECONDS) : 0;
    return this.pow.issue(this.baseMaxNumber * difficultyFactor(recent), SCOPE);
  }

  redeem(payload: string | undefined): Promise<Redeemed> {
    return this.pow.redeem(payload, SCOPE);
  }
}
