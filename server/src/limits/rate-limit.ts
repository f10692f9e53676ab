import type { FastifyInstance } from 'fastify';
import type { Identify, Identity } from '../http/visitor.ts';
import type { FallbackCounters } from './fallback-counters.ts';
import { POLICIES, type Policy, type PolicyName } from './policies.ts';
import { type Decision, decide } from './sliding-window.ts';

export interface PolicyDecision extends Decision {
  policy: PolicyName;
}

export type PolicyTable = Record<PolicyName, Pick<Policy, 'limit' | 'windowSeconds' | 'per'>>;

export class RateLimiter {
  constructor(
    readonly counters: FallbackCounters,
    readonly policies: PolicyTable = POLICIES,
  ) {}

  /** Counts one request against each policy, keyed by policy and the visitor's or network's hash. */
  consume(policies: readonly PolicyName[], identity: Identity): Promise<PolicyDecision[]> {
    return Promise.all(
      policies.map(async (policy) => {
        const p = this.policies[policy];
        const subject = p.per === 'visitor' ? identity.visitor : identity.network;
        return { policy, ...decide(p, await this.counters.hit(`${policy}:${subject}`, p.windowSeconds)) };
      }),
    );
  }
}

/** The policy the headers describe: a rejecting one, else the one closest to its limit. */
export function closestToLimit(decisions: PolicyDecision[]): PolicyDecision | undefined {
  const pressure = (d: PolicyDecision) => (d.allowed ? d.remaining / d.limit : -d.retryAfterSeconds);
  return [...decisions].sort((a, b) => pressure(a) - pressure(b))[0];
}

export function rateLimitHeaders(d: Decision): Record<string, string> {
  return {
    'RateLimit-Limit': String(d.limit),
    'RateLimit-Remaining': String(d.remaining),
    'RateLimit-Reset': String(d.resetSeconds),
    'RateLimit-Policy': `${d.limit};w=${d.windowSeconds}`,
  };
}

export function tooManyMessage(d: PolicyDecision): string {
  const wait = d.retryAfterSeconds;
  const when = wait >= 90 ? `${Math.ceil(wait / 60)} minutes` : `${wait} seconds`;
  switch (d.policy) {
    case 'report_visitor':
    case 'report_network':
      return 'Too many spots were reported recently. Please try again in an hour.';
    case 'sign_in':
      return `Too many sign-in attempts. Please wait ${when} and try again.`;
    default:
      return `Too many requests. Please wait ${when} and try again.`;
  }
}

/**
 * Every route names its policies in config.rateLimit. Counting happens before the body is read, and
 * the RateLimit-* headers are set then, so they travel with whatever status the route answers.
 */
export function registerRateLimits(app: FastifyInstance, limiter: RateLimiter, identify: Identify): void {
  app.addHook('onRequest', async (request, reply) => {
    const policies = request.routeOptions.config.rateLimit;
    if (!policies?.length) return;
    const decisions = await limiter.consume(policies, identify(request));
    const shown = closestToLimit(decisions);
    if (!shown) return;
    reply.headers(rateLimitHeaders(shown));
    if (shown.allowed) return;
    return reply
      .code(429)
      .header('Retry-After', String(Math.max(1, shown.retryAfterSeconds)))
      .send({ error: tooManyMessage(shown) });
  });
}
