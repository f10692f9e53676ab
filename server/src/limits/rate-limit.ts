import type { Identity } from '../identity/identify.ts';
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
export interface PolicyHeaders {
  limit: string;
  policy: string;
  /** The draft's `RateLimit` field up to its remaining count. */
  draftPrefix: string;
}

export function policyHeaders(name: PolicyName, p: Pick<Policy, 'limit' | 'windowSeconds'>): PolicyHeaders {
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
