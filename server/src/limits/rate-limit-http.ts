import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import type { Identify, Identity } from '../identity/identify.ts';
import type { PolicyName } from './policies.ts';
import { closestToLimit, type PolicyDecision, policyHeaders, type RateLimiter } from './rate-limit.ts';

/*
 * The limits as HTTP sees them: every route's policies counted before its body is read, the
 * RateLimit headers and the 429's words (the limiter itself, and what it decides: rate-limit.ts).
 */

/**
 * The spec's headers (`RateLimit-Limit`, `-Remaining`, `-Reset` and `RateLimit-Policy: 10;w=3600`,
 * unchanged for its clients), and beside them the current IETF draft's `RateLimit` field
 * (draft-ietf-httpapi-ratelimit-headers: the policy's name, `r` what remains, `t` seconds to reset),
 * which clients written to the draft read. Its own `RateLimit-Policy` form is not sent: the spec's
 * holds that name.
 */
export function rateLimitHeaders(d: PolicyDecision): Record<string, string> {
  const fixed = d.fixed ?? policyHeaders(d.policy, d);
  return {
    'RateLimit-Limit': fixed.limit,
    'RateLimit-Remaining': String(d.remaining),
    'RateLimit-Reset': String(d.resetSeconds),
    'RateLimit-Policy': fixed.policy,
    RateLimit: `${fixed.draftPrefix}${d.remaining};t=${d.resetSeconds}`,
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
  // Whether a route's policies (or those its service counts) bind newcomers only: asked once a route.
  const bindsNewcomers = new WeakMap<object, boolean>();
  const newcomerCeilings = (config: FastifyContextConfig, policies: readonly PolicyName[]) => {
    let binds = bindsNewcomers.get(config);
    if (binds === undefined) {
      binds = [...policies, ...(config.alsoLimitedBy ?? [])].some((p) => limiter.policies[p].newcomers);
      bindsNewcomers.set(config, binds);
    }
    return binds;
  };
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    const policies = config.rateLimit;
    if (!policies?.length) return;
    const decided = (request.raw as DecidedBefore)[DECIDED_BEFORE_FASTIFY];
    if (decided) {
      request.hasStanding = decided.standing;
      request.rateLimitDecisions = decided.decisions;
      const refused = apply(reply, decided.decisions);
      if (refused) throw refused;
      return;
    }
    const identity = identify(request);
    if (newcomerCeilings(config, policies)) request.hasStanding = await standingOf(identity);
    // A revalidation is counted as one; the read's own policies wait until a full answer is due.
    const revalidation = config.revalidates && request.headers['if-none-match'];
    const counted = revalidation ? REVALIDATE : policies;
    // A read is decided here at once; a write waits for the shared store.
    request.rateLimitDecisions =
      limiter.consumeSettled(counted, identity, request.hasStanding) ??
      (await limiter.consume(counted, identity, request.hasStanding));
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

/** What a revalidation (If-None-Match) counts before its answer is known to be a 304. */
export const REVALIDATE: readonly PolicyName[] = ['revalidate', 'revalidate_network'];

/**
 * On a raw request: the limits' decisions already counted for it before Fastify (a refusal the
 * front answers hand on, http/front-answers.ts), which the route's hook applies instead of counting again.
 */
export const DECIDED_BEFORE_FASTIFY = Symbol('limits decided before Fastify');
type DecidedBefore = { [DECIDED_BEFORE_FASTIFY]?: { decisions: PolicyDecision[]; standing: boolean } };

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
