import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import type { Identify, Identity } from '../identity/identify.ts';
import type { FallbackCounters, MirroredHit } from './fallback-counters.ts';
import { POLICIES, type Policy, type PolicyName } from './policies.ts';
import { SettledReads } from './settled-reads.ts';
import { type Decision, decide, type WindowCounts } from './sliding-window.ts';

export interface PolicyDecision extends Decision {
  policy: PolicyName;
  /** Its header values that depend on the policy alone, made once by the limiter. */
  fixed?: PolicyHeaders;
}

/** The RateLimit header values that depend on the policy alone, not on its count. */
interface PolicyHeaders {
  limit: string;
  policy: string;
  /** The draft's `RateLimit` field up to its remaining count. */
  draftPrefix: string;
}

function policyHeaders(name: PolicyName, p: Pick<Policy, 'limit' | 'windowSeconds'>): PolicyHeaders {
  return { limit: String(p.limit), policy: `${p.limit};w=${p.windowSeconds}`, draftPrefix: `"${name}";r=` };
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

/**
 * What a policy needs on every request, made once: its counter key's prefix, its memory, and the
 * header values that depend on the policy alone. A cached read then pays for its counts and little
 * else (bench/NOTES.md, "The limits' per-request work on a cached read").
 */
interface PreparedPolicy {
  name: PolicyName;
  policy: PolicyTable[PolicyName];
  keyPrefix: string;
  subject: (typeof SUBJECT)[keyof typeof SUBJECT];
  mirror: MirroredHit['mirror'];
  headers: PolicyHeaders;
}

function prepare(policies: PolicyTable): Record<PolicyName, PreparedPolicy> {
  const prepared = {} as Record<PolicyName, PreparedPolicy>;
  for (const name of Object.keys(policies) as PolicyName[]) {
    const policy = policies[name];
    prepared[name] = {
      name,
      policy,
      keyPrefix: `${name}:`,
      subject: SUBJECT[policy.per],
      mirror: policy.per === 'visitor' ? 'visitor' : 'network',
      headers: policyHeaders(name, policy),
    };
  }
  return prepared;
}

export class RateLimiter {
  readonly counters: FallbackCounters;
  readonly policies: PolicyTable;
  /** The counts of `settled` policies (reads), kept here and settled in batches. */
  readonly reads: SettledReads;
  private readonly prepared: Record<PolicyName, PreparedPolicy>;

  constructor(
    counters: FallbackCounters,
    policies: PolicyTable = POLICIES,
    reads: SettledReads = new SettledReads(counters),
  ) {
    this.counters = counters;
    this.policies = policies;
    this.reads = reads;
    this.prepared = prepare(policies);
  }

  private hitOf(p: PreparedPolicy, identity: Identity): MirroredHit {
    return {
      key: p.keyPrefix + identity[p.subject],
      windowSeconds: p.policy.windowSeconds,
      mirror: p.mirror,
    };
  }

  private decision(p: PreparedPolicy, counts: WindowCounts): PolicyDecision {
    const d = decide(p.policy, counts) as PolicyDecision;
    d.policy = p.name;
    d.fixed = p.headers;
    return d;
  }

  /**
   * Counts one request against each policy, keyed by policy and the visitor's or network's hash: the
   * exact ones in one round trip to the shared store, the settled ones (reads) here at once. A
   * visitor with standing is not counted against the policies that bind newcomers only.
   */
  async consume(all: readonly PolicyName[], identity: Identity, standing = false): Promise<PolicyDecision[]> {
    return this.consumeSettled(all, identity, standing) ?? this.consumeExact(all, identity, standing);
  }

  /**
   * The decisions at once, without waiting, when every policy counted is a settled one (a read);
   * undefined when one must be counted in the shared store.
   */
  consumeSettled(
    all: readonly PolicyName[],
    identity: Identity,
    standing = false,
  ): PolicyDecision[] | undefined {
    for (const name of all) if (!this.policies[name].settled) return undefined;
    const decisions: PolicyDecision[] = [];
    for (const name of all) {
      const p = this.prepared[name];
      if (standing && p.policy.newcomers) continue;
      decisions.push(this.decision(p, this.reads.hit(this.hitOf(p, identity))));
    }
    return decisions;
  }

  private async consumeExact(
    all: readonly PolicyName[],
    identity: Identity,
    standing: boolean,
  ): Promise<PolicyDecision[]> {
    const prepared = all.map((name) => this.prepared[name]).filter((p) => !(standing && p.policy.newcomers));
    const exact = prepared.filter((p) => !p.policy.settled).map((p) => this.hitOf(p, identity));
    const counted = exact.length ? await this.counters.hitAll(exact) : [];
    let next = 0;
    return prepared.map((p) =>
      this.decision(
        p,
        p.policy.settled ? this.reads.hit(this.hitOf(p, identity)) : (counted[next++] as WindowCounts),
      ),
    );
  }

  /** Settles the reads counted here (at shutdown). */
  close(): Promise<void> {
    return this.reads.close();
  }
}

/** The policy the headers describe: a rejecting one, else the one closest to its limit. */
export function closestToLimit(decisions: readonly PolicyDecision[]): PolicyDecision | undefined {
  let shown: PolicyDecision | undefined;
  let least = Number.POSITIVE_INFINITY;
  for (const d of decisions) {
    const pressure = d.allowed ? d.remaining / d.limit : -d.retryAfterSeconds;
    if (pressure < least) {
      least = pressure;
      shown = d;
    }
  }
  return shown;
}

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
