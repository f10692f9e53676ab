import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLogger } from '../../src/http/logger.ts';
import type { Identity } from '../../src/identity/identify.ts';
import type { Hit } from '../../src/limits/counter-store.ts';
import { FallbackCounters } from '../../src/limits/fallback-counters.ts';
import { MemoryStore } from '../../src/limits/memory-store.ts';
import { POLICIES } from '../../src/limits/policies.ts';
import { RateLimiter } from '../../src/limits/rate-limit.ts';
import { SettledReads } from '../../src/limits/settled-reads.ts';

/**
 * Reads decided without a round trip, settled in batches (docs/api.md, "Rate limits"): one instance
 * as exact as before; instances sharing a store learn each other's counts at each settle, so the
 * overshoot is bounded by one settle interval's reads; writes still go to the store each time.
 */
const visitor = (n: number): Identity => ({
  visitor: `v${n}`,
  network: 'net',
  wideNetwork: 'wide',
  agent: 'a',
  site: 'site',
  device: false,
});

/** A shared store that counts its round trips; the clock is the test's. */
function sharedStore(clock: { now: number }) {
  const store = new MemoryStore(() => clock.now);
  const trips: Hit[][] = [];
  const counted = {
    name: 'redis' as const,
    hit: (key: string, w: number) => store.hit(key, w),
    hitAll: (hits: readonly Hit[]) => {
      trips.push([...hits]);
      return store.hitAll(hits);
    },
    claimSlot: () => Promise.resolve(true),
    ready: () => Promise.resolve(true),
    close: () => store.close(),
  };
  return { store, trips, counted };
}

function instance(shared: ReturnType<typeof sharedStore>, clock: { now: number }, maxKeys?: number) {
  const counters = new FallbackCounters(
    shared.counted,
    new MemoryStore(() => clock.now),
    createLogger('silent'),
    {
      timeoutMs: 1000,
      probeEveryMs: 1000,
      now: () => clock.now,
    },
  );
  // Settled by hand: the timer never fires within a test.
  const reads = new SettledReads(counters, { now: () => clock.now, settleMs: 3_600_000, maxKeys });
  return { limiter: new RateLimiter(counters, POLICIES, reads), reads };
}

describe('limits/settled-reads', () => {
  it('decides reads on one instance exactly, with no round trip until it settles', async () => {
    const clock = { now: 1_000_000 };
    const shared = sharedStore(clock);
    const { limiter, reads } = instance(shared, clock);
    const allowed: boolean[] = [];
    for (let i = 0; i < POLICIES.read.limit + 1; i++)
      allowed.push((await limiter.consume(['read', 'read_network'], visitor(1))).every((d) => d.allowed));
    assert.equal(allowed.filter(Boolean).length, POLICIES.read.limit, 'the limit, then a refusal');
    assert.equal(allowed.at(-1), false);
    assert.equal(shared.trips.length, 0, 'no round trip per read');
    await reads.settle();
    assert.equal(shared.trips.length, 1, 'one batch for all of them');
    assert.deepEqual(
      shared.trips[0]?.map((h) => [h.key, h.n]),
      [
        ['read:v1', POLICIES.read.limit + 1],
        ['read_network:net', POLICIES.read.limit + 1],
      ],
    );
    assert.equal(
      (await shared.store.hit('read:v1', 60)).current,
      POLICIES.read.limit + 2,
      'the store has them',
    );
  });

  it('keeps writes exact: each one asks the store', async () => {
    const clock = { now: 1_000_000 };
    const shared = sharedStore(clock);
    const { limiter } = instance(shared, clock);
    for (let i = 0; i < 3; i++) await limiter.consume(['vote', 'vote_network'], visitor(2));
    assert.equal(shared.trips.length, 3);
  });

  it('learns what other instances counted at each settle: the overshoot is one interval of reads', async () => {
    const clock = { now: 2_000_000 };
    const shared = sharedStore(clock);
    const a = instance(shared, clock);
    const b = instance(shared, clock);
    for (let i = 0; i < 100; i++) await a.limiter.consume(['read'], visitor(3));
    await a.reads.settle();
    // B has not settled yet: it knows nothing of A's 100 and admits its own reads.
    let admitted = 0;
    for (let i = 0; i < 30; i++) if ((await b.limiter.consume(['read'], visitor(3)))[0]?.allowed) admitted++;
    assert.equal(admitted, 30, "before its first settle, B admits one interval's reads");
    await b.reads.settle();
    // Now B knows the 130 counted in all: past the limit of 120, it refuses.
    const [after] = await b.limiter.consume(['read'], visitor(3));
    assert.equal(after?.allowed, false);
    assert.equal(after?.remaining, 0);
    // And A learns B's at its next settle.
    await a.limiter.consume(['read'], visitor(3));
    await a.reads.settle();
    assert.equal((await a.limiter.consume(['read'], visitor(3)))[0]?.allowed, false);
  });

  it('starts a new window when the clock turns, the last one counting as the previous', async () => {
    const clock = { now: 60_000 * 100 };
    const shared = sharedStore(clock);
    const { limiter, reads } = instance(shared, clock);
    for (let i = 0; i < POLICIES.read.limit; i++) await limiter.consume(['read'], visitor(4));
    await reads.settle();
    clock.now += 60_000; // the next window: the previous one's 120 weigh in full at its start
    assert.equal((await limiter.consume(['read'], visitor(4)))[0]?.allowed, false);
    clock.now += 59_000; // near its end the previous window hardly weighs
    const [late] = await limiter.consume(['read'], visitor(4));
    assert.equal(late?.allowed, true);
  });

  it('keeps at most maxKeys keys once settled, the least recently counted going first', async () => {
    const clock = { now: 3_000_000 };
    const shared = sharedStore(clock);
    const { reads } = instance(shared, clock, 50);
    for (let i = 0; i < 500; i++) reads.hit({ key: `read:v${i}`, windowSeconds: 60, mirror: 'visitor' });
    assert.equal(reads.size, 500, 'nothing unsettled is dropped');
    await reads.settle();
    assert.equal(reads.size, 50);
    await reads.close();
  });
});
