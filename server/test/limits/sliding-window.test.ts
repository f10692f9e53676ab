import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLogger } from '../../src/http/logger.ts';
import { FallbackCounters } from '../../src/limits/fallback-counters.ts';
import { MemoryStore } from '../../src/limits/memory-store.ts';
import { closestToLimit, type PolicyDecision } from '../../src/limits/rate-limit.ts';
import { decide } from '../../src/limits/sliding-window.ts';

const policy = { limit: 10, windowSeconds: 60 };
const T0 = 1_800_000_000_000 - (1_800_000_000_000 % 60_000); // a window boundary

describe('sliding window decision', () => {
  it('admits up to the limit within one window and refuses the next', () => {
    assert.equal(decide(policy, { current: 10, previous: 0, nowMs: T0 + 5_000 }).allowed, true);
    const over = decide(policy, { current: 11, previous: 0, nowMs: T0 + 5_000 });
    assert.equal(over.allowed, false);
    assert.equal(over.remaining, 0);
  });

  it('weights the previous window by the share still overlapping', () => {
    // 30 s into the window: half of the previous 10 still counts.
    const d = decide(policy, { current: 4, previous: 10, nowMs: T0 + 30_000 });
    assert.equal(d.remaining, 1); // 10 - (5 + 4)
    assert.equal(decide(policy, { current: 6, previous: 10, nowMs: T0 + 30_000 }).allowed, false); // 11 > 10
    // Just after the boundary almost all of it counts: no double burst.
    assert.equal(decide(policy, { current: 1, previous: 10, nowMs: T0 + 1 }).allowed, false);
    assert.equal(decide(policy, { current: 1, previous: 10, nowMs: T0 + 6_000 }).allowed, true); // 9 + 1
  });

  it('reports the seconds to the end of the window and a Retry-After that would really admit', () => {
    const d = decide(policy, { current: 11, previous: 0, nowMs: T0 + 15_000 });
    assert.equal(d.resetSeconds, 45);
    // The 11 of this window weigh on the next one: 11 * (1 - y/60) + 1 <= 10 => y >= 60 * 2/11 ≈ 10.9 s
    assert.equal(d.retryAfterSeconds, 45 + 11);
    // Waiting exactly that long is enough; a second less is not.
    const retryAt = T0 + 15_000 + d.retryAfterSeconds * 1000;
    assert.equal(decide(policy, { current: 1, previous: 11, nowMs: retryAt }).allowed, true);
    assert.equal(decide(policy, { current: 1, previous: 11, nowMs: retryAt - 1000 }).allowed, false);
    // Refused only because of the previous window: wait inside this one.
    const w = decide(policy, { current: 3, previous: 20, nowMs: T0 + 30_000 }); // 10 + 3 = 13
    assert.equal(w.allowed, false);
    // 20 * (1 - x/60) <= 10 - 3 - 1 = 6  =>  x >= 42 s, i.e. 12 s from now
    assert.equal(w.retryAfterSeconds, 12);
  });

  it('says "now" when one more request still fits, and after the next window when none ever can', () => {
    // Room for exactly one more (limit - current - 1 = 0) and nothing from before: no wait.
    assert.equal(decide(policy, { current: 9, previous: 0, nowMs: T0 + 15_000 }).retryAfterSeconds, 0);
    // A limit of 0 admits nothing: the answer is past the next window.
    const none = decide({ limit: 0, windowSeconds: 60 }, { current: 1, previous: 0, nowMs: T0 + 15_000 });
    assert.equal(none.allowed, false);
    assert.equal(none.retryAfterSeconds, 45 + 60);
  });

  it('shows the refusing policy, else the one closest to its limit', () => {
    const d = (
      policy: PolicyDecision['policy'],
      allowed: boolean,
      remaining: number,
      limit: number,
      retry = 0,
    ) =>
      ({
        policy,
        allowed,
        remaining,
        limit,
        retryAfterSeconds: retry,
        resetSeconds: 1,
        windowSeconds: 3600,
      }) as const;
    assert.equal(
      closestToLimit([d('report_network', true, 27, 30), d('report_visitor', true, 2, 5)])?.policy,
      'report_visitor',
    );
    assert.equal(
      closestToLimit([d('report_visitor', true, 4, 5), d('report_network', true, 3, 30)])?.policy,
      'report_network',
    );
    assert.equal(
      closestToLimit([d('report_visitor', true, 1, 5), d('report_network', false, 0, 30, 900)])?.policy,
      'report_network',
    );
  });
});

describe('memory store with an injected clock', () => {
  it('rolls windows and forgets idle keys', async () => {
    let now = T0 + 1000;
    const store = new MemoryStore(() => now);
    for (let i = 0; i < 3; i++) await store.hit('k', 60);
    assert.deepEqual(await store.hit('k', 60), { current: 4, previous: 0, nowMs: now });
    now += 60_000;
    assert.deepEqual(await store.hit('k', 60), { current: 1, previous: 4, nowMs: now });
    now += 120_000;
    assert.deepEqual(await store.hit('k', 60), { current: 1, previous: 0, nowMs: now });
    now += 180_000;
    store.sweep();
    assert.equal(store.size, 0);
    await store.close();
  });

  it('keeps at most its key budget, forgetting the least recently counted', async () => {
    const store = new MemoryStore(() => T0, 3);
    for (const k of ['a', 'b', 'c']) await store.hit(k, 60);
    await store.hit('a', 60); // a is now the most recent
    await store.hit('d', 60); // b goes
    assert.equal(store.size, 3);
    assert.equal((await store.hit('a', 60)).current, 3, 'a kept its count');
    assert.equal((await store.hit('b', 60)).current, 1, 'b starts again');
    await store.close();
  });
});

/**
 * A shared store that answers, fails or hangs as the test says, on a clock the test moves; with
 * the fallback around it over a memory store on the same clock.
 */
function storeUnderTest(visitorKeys?: number) {
  const t = {
    now: T0,
    mode: 'ok' as 'ok' | 'fail' | 'hang',
    primaryHits: 0,
    byKey: new Map<string, number>(),
  };
  const hit = async (key: string) => {
    if (t.mode === 'fail') throw new Error('connection refused');
    if (t.mode === 'hang') return new Promise<never>(() => {});
    t.primaryHits++;
    t.byKey.set(key, (t.byKey.get(key) ?? 0) + 1);
    return { current: t.byKey.get(key) as number, previous: 0, nowMs: t.now };
  };
  const primary = {
    name: 'redis' as const,
    hit,
    hitAll: (hits: readonly { key: string }[]) => Promise.all(hits.map((h) => hit(h.key))),
    claimSlot: async () => true,
    ready: async () => true,
    close: async () => {},
  };
  const memory = new MemoryStore(() => t.now);
  const visitors = new MemoryStore(() => t.now, visitorKeys);
  const counters = new FallbackCounters(
    primary,
    memory,
    createLogger('silent'),
    { timeoutMs: 20, probeEveryMs: 1000, now: () => t.now },
    visitors,
  );
  return { t, memory, visitors, counters };
}

describe('fallback to memory', () => {
  it('counts in memory while the store fails or is slow, and returns to it when it answers', async (ctx) => {
    const { t, counters } = storeUnderTest();
    await counters.hit('k', 60);
    assert.equal(counters.state, 'redis');
    t.mode = 'hang';
    ctx.mock.timers.enable({ apis: ['setTimeout'] });
    const slow = counters.hit('k', 60);
    await new Promise(setImmediate);
    ctx.mock.timers.tick(20); // the store's 20 ms are up; without that timeout the hit never ends
    assert.equal((await slow).current, 1); // memory's first count
    ctx.mock.timers.reset();
    assert.equal(counters.state, 'memory-fallback');
    t.mode = 'fail';
    t.now += 500; // before the next probe: memory without asking the store
    assert.equal((await counters.hit('k', 60)).current, 2);
    t.mode = 'ok';
    assert.equal(counters.state, 'memory-fallback');
    t.now += 1000; // probe time: the store answers again
    await counters.hit('k', 60);
    assert.equal(counters.state, 'redis');
    assert.equal(t.primaryHits, 2);
    await counters.close();
  });

  it('goes on from the counts it saw, per network and per visitor, so a slow store gives no fresh window', async () => {
    const { t, memory, visitors, counters } = storeUnderTest();
    for (let i = 0; i < 5; i++) await counters.hit('network-key', 3600, 'network');
    for (let i = 0; i < 5; i++) await counters.hit('visitor-key', 3600, 'visitor');
    await counters.hit('unmirrored', 3600);
    assert.deepEqual(
      [memory.size, visitors.size],
      [1, 1],
      'each in its own memory; a use of work in neither',
    );
    t.mode = 'hang';
    assert.equal((await counters.hit('network-key', 3600, 'network')).current, 6, 'from its own count');
    assert.equal((await counters.hit('visitor-key', 3600, 'visitor')).current, 6, 'a visitor’s too');
    t.now += 100;
    assert.equal((await counters.hit('network-key', 3600, 'network')).current, 7, 'not counted twice');
    t.mode = 'ok';
    t.now += 1000;
    // Back on the store (which missed the hits counted in memory): the higher count decides.
    assert.equal((await counters.hit('network-key', 3600, 'network')).current, 8);
    assert.equal((await counters.hit('visitor-key', 3600, 'visitor')).current, 7);
    assert.equal(t.byKey.get('network-key'), 6);
    await counters.close();
  });

  it('keeps the networks’ counts however many new visitors come', async () => {
    const { t, memory, visitors, counters } = storeUnderTest(50);
    for (let i = 0; i < 5; i++) await counters.hit('network-key', 3600, 'network');
    for (let i = 0; i < 500; i++) await counters.hit(`visitor-${i}`, 3600, 'visitor');
    assert.deepEqual([memory.size, visitors.size], [1, 50], 'the visitors’ memory is bounded on its own');
    t.mode = 'fail';
    assert.equal((await counters.hit('network-key', 3600, 'network')).current, 6);
    await counters.close();
  });
});
