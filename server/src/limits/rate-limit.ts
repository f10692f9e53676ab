import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import type { Identify, Identity } from '../identity/identify.ts';
import type { FallbackCounters, MirroredHit } from './fallback-counters.ts';
import { POLICIES, type Policy, type PolicyName } from './policies.ts';
import { SettledReads } from './settled-reads.ts';
import { type Decision, decide, type WindowCounts } from './sliding-window.ts';

export interface PolicyDecision extends Decision {
  policy: PolicyName;
}

export type PolicyTable = Record<
  PolicyName,
  Pick<Policy, 'limit' | 'windowSeconds' | 'per' | 'newcomers' | 'settled'>
>;

/** Whose hash a policy's counter is keyed by (a site-wide policy: the site's, one counter). */
const SUBJECT = {
  visitor: 'visitor',
  network: 'network',
  wide_network: 'wideNetwork',
  site: 'site',
} as const;

export class RateLimiter {
  readonly counters: FallbackCounters;
  readonly policies: PolicyTable;
  /** The counts of `settled` policies (reads), kept here and settled in batches. */
  readonly reads: SettledReads;

  constructor(
    counters: FallbackCounters,
    policies: PolicyTable = POLICIES,
    reads: SettledReads = new SettledReads(counters),
  ) {
    this.counters = counters;
    this.policies = policies;
    this.reads = reads;
  }

  /**
   * Counts one request against each policy, keyed by policy and the visitor's or network's hash: the
   * exact ones in one round trip to the shared store, the settled ones (reads) here at once. A
   * visitor with standing is not counted against the policies that bind newcomers only.
   */
  async consume(all: readonly PolicyName[], identity: Identity, standing = false): Promise<PolicyDecision[]> {
    const policies = standing ? all.filter((p) => !this.policies[p].newcomers) : all;
    const hits = policies.map((policy): MirroredHit => {
      const p = this.policies[policy];
      const subject = identity[SUBJECT[p.per]];
      return {
        key: `${policy}:${subject}`,
        windowSeconds: p.windowSeconds,
        mirror: p.per === 'visitor' ? 'visitor' : 'network',
      };
    });
    const exact = hits.filter((_, i) => !this.policies[policies[i] as PolicyName].settled);
    const counted = exact.length ? await this.counters.hitAll(exact) : [];
    let next = 0;
    return policies.map((policy, i) => {
      const p = this.policies[policy];
      const counts = p.settled ? this.reads.hit(hits[i] as MirroredHit) : (counted[next++] as WindowCounts);
      return { policy, ...decide(p, counts) };
    });
  }

  /** Settles the reads counted here (at shutdown). */
  close(): Promise<void> {
    return this.reads.close();
  }
}

/** The policy the headers describe: a rejecting one, else the one closest to its limit. */
export function closestToLimit(decisions: PolicyDecision[]): PolicyDecision | undefined {
  const pressure = (d: PolicyDecision) => (d.allowed ? d.remaining / d.limit : -d.retryAfterSeconds);
  return [...decisions].sort((a, b) => pressure(a) - pressure(b))[0];
}

/**
 * The spec's headers (`RateLimit-Limit`, `-Remaining`, `-Reset` and `RateLimit-Policy: 10;w=3600`,
 * unchanged for its clients), and beside them the current IETF draft's `RateLimit` field
 * (draft-ietf-httpapi-ratelimit-headers: the policy's name, `r` what remains, `t` seconds to reset),
 * which clients written to the draft read. Its own `RateLimit-Policy` form is not sent: the spec's
 * holds that name.
 */
export function rateLimitHeaders(d: PolicyDecision): Record<string, string> {
  return {
    'RateLimit-Limit': String(d.limit),
    'RateLimit-Remaining': String(d.remaining),
    'RateLimit-Reset': String(d.resetSeconds),
    'RateLimit-Policy': `${d.limit};w=${d.windowSeconds}`,
    RateLimit: `"${d.policy}";r=${d.remaining};t=${d.resetSeconds}`,
  };
}

export function tooManyMessage(d: PolicyDecision): string {
  const wait = d.retryAfterSeconds;
  const when = wait >= 90 ? `${Math.ceil(wait / 60)} minutes` : `${wait} seconds`;
  switch (d.policy) {
    case 'report_visitor':
    case 'report_network':
      return 'Too many spots were reported recently. Please try again in an hour.';
    case 'status_change_network':
      return `Too many spots changed status from your network in the last hour. Please try again in ${when}.`;
    case 'vote':
      return `You voted ${d.limit} times in the last hour, the most one phone may. Please try again in ${when}.`;
    case 'vote_network':
      return `Very many votes came from your network (a shared connection) in the last hour. Please try again in ${when}.`;
    case 'flag':
      return `You flagged ${d.limit} spots in the last hour, the most one phone may. Please try again in ${when}.`;
    case 'flag_network':
      return `Very many flags came from your network (a shared connection) in the last hour. Please try again in ${when}.`;
    case 'sign_in':
    case 'sign_in_wide':
      return `Too many sign-in attempts. Please wait ${when} and try again.`;
    default:
      return `Too many requests. Please wait ${when} and try again.`;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What the limits decided for this request so far (a service may count more, e.g. a status change). */
    rateLimitDecisions?: PolicyDecision[];
    /** Whether the visitor has standing, when a newcomers' ceiling made the limits ask. */
    hasStanding?: boolean;
    /**
     * A revalidation's route policies, not yet counted: called before a full answer goes out (it
     * throws the 429 when one refuses), never for a 304. Counts once however often it is called.
     */
    chargeFullAnswer?: () => Promise<void>;
  }
}

/** Whether an identity has standing (docs/api.md, "Earned trust"); asked only where it matters. */
export type StandingOf = (identity: Identity) => Promise<boolean>;

/** Sets the headers of the policy closest to its limit; a 429 with Retry-After when one refuses. */
function apply(reply: FastifyReply, decisions: PolicyDecision[]): HttpError | undefined {
  const shown = closestToLimit(decisions);
  if (!shown) return undefined;
  reply.headers(rateLimitHeaders(shown));
  if (shown.allowed) return undefined;
  const error = new HttpError(429, tooManyMessage(shown));
  error.retryAfterSeconds = Math.max(1, shown.retryAfterSeconds);
  return error;
}

/**
 * Every route names its policies in config.rateLimit. Counting happens before the body is read, and
 * the RateLimit-* headers are set then, so they travel with whatever status the route answers.
 */
export function registerRateLimits(
  app: FastifyInstance,
  limiter: RateLimiter,
  identify: Identify,
  standingOf: StandingOf,
): void {
  app.addHook('onRequest', async (request, reply) => {
    const policies = request.routeOptions.config.rateLimit;
    if (!policies?.length) return;
    const identity = identify(request);
    const newcomerCeilings = [...policies, ...(request.routeOptions.config.alsoLimitedBy ?? [])].some(
      (p) => limiter.policies[p].newcomers,
    );
    if (newcomerCeilings) request.hasStanding = await standingOf(identity);
    // A revalidation is counted as one; the read's own policies wait until a full answer is due.
    const revalidation = request.routeOptions.config.revalidates && request.headers['if-none-match'];
    request.rateLimitDecisions = await limiter.consume(
      revalidation ? REVALIDATE : policies,
      identity,
      request.hasStanding,
    );
    const refused = apply(reply, request.rateLimitDecisions);
    if (refused) throw refused;
    if (revalidation) {
      let charged: Promise<void> | undefined;
      request.chargeFullAnswer = () => {
        charged ??= consumeDuringRequest(limiter, request, reply, policies, identity);
        return charged;
      };
    }
  });
  // A full answer no path charged (none should): counted after the fact, so a later one is refused.
  app.addHook('onSend', async (request, reply) => {
    if (request.chargeFullAnswer && reply.statusCode !== 304)
      await request.chargeFullAnswer().catch(() => undefined);
  });
}

const REVALIDATE: PolicyName[] = ['revalidate', 'revalidate_network'];

/**
 * Counts one more thing against `policies` during a request (a vote that changes a spot's status),
 * with the same headers rule as the route's own policies; throws the 429 when one refuses.
 */
export async function consumeDuringRequest(
  limiter: RateLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
  policies: readonly PolicyName[],
  identity: Identity,
): Promise<void> {
  const decisions = [
    ...(request.rateLimitDecisions ?? []),
    ...(await limiter.consume(policies, identity, request.hasStanding)),
  ];
  request.rateLimitDecisions = decisions;
  const refused = apply(reply, decisions);
  if (refused) throw refused;
}
