import type { FastifyBaseLogger } from 'fastify';
import { withTimeout } from '../util/timeout.ts';
import type { CounterStore, Hit } from './counter-store.ts';
import { MemoryStore } from './memory-store.ts';
import type { WindowCounts } from './sliding-window.ts';

export type CounterState = 'redis' | 'database' | 'memory-fallback';

/** A hit, and the memory that mirrors it: a network's, or a visitor's. */
export type MirroredHit = Hit & { mirror?: 'network' | 'visitor' };

/**
 * The shared store with a bounded wait. When it fails or is slow, this instance counts in memory with
 * the same limits and keeps serving (docs/api.md, "Rate limits": the API stays available); it tries the shared store
 * again every probe interval and returns to it by itself once it answers.
 *
 * Every policy's count is mirrored in memory while the shared store answers, per network and per
 * visitor alike, and the higher of the two counts decides: a fallback goes on from this instance's
 * own counts instead of an empty window (a visitor at its limit stays at it across a Redis restart),
 * and what it admitted while the store was away still counts when the store is back. Networks and
 * visitors are mirrored in memories of their own, each bounded (memory-store.ts): a flood of new
 * visitors cannot push the networks' counts out.
 */
export class FallbackCounters {
  private degradedUntil = 0;
  private degraded = false;

  private readonly primary: CounterStore;
  private readonly memory: MemoryStore;
  private readonly visitors: MemoryStore;
  private readonly log: FastifyBaseLogger;
  private readonly opts: { timeoutMs: number; probeEveryMs: number; now?: () => number };

  constructor(
    primary: CounterStore,
    memory: MemoryStore,
    log: FastifyBaseLogger,
    opts: { timeoutMs: number; probeEveryMs: number; now?: () => number },
    visitors: MemoryStore = new MemoryStore(opts.now),
  ) {
    this.primary = primary;
    this.memory = memory;
    this.visitors = visitors;
    this.log = log;
    this.opts = opts;
  }

  get state(): CounterState {
    return this.degraded ? 'memory-fallback' : (this.primary.name as 'redis' | 'database');
  }

  /** Counts one hit; `mirror` as in hitAll. */
  async hit(key: string, windowSeconds: number, mirror?: MirroredHit['mirror']): Promise<WindowCounts> {
    return (await this.hitAll([{ key, windowSeconds, ...(mirror && { mirror }) }]))[0] as WindowCounts;
  }

  private mirrorOf = (h: MirroredHit) => (h.mirror === 'visitor' ? this.visitors : this.memory);

  /**
   * Counts one hit for each key, in one round trip to the shared store. A hit with `mirror` is counted
   * in that memory too (above); one without (a proof of work's use) counts in the networks' memory
   * only while the store is away.
   */
  async hitAll(hits: readonly MirroredHit[]): Promise<WindowCounts[]> {
    const wasDegraded = this.degraded && (this.opts.now ?? Date.now)() < this.degradedUntil;
    const inMemory = () => Promise.all(hits.map((h) => this.mirrorOf(h).hit(h.key, h.windowSeconds, h.n)));
    const counts = await this.withFallback((store) => store.hitAll(hits), inMemory);
    if (wasDegraded || this.degraded) return counts;
    return Promise.all(
      counts.map(async (c, i) => {
        const h = hits[i] as MirroredHit;
        if (!h.mirror) return c;
        const mine = await this.mirrorOf(h).hit(h.key, h.windowSeconds, h.n);
        return {
          ...c,
          current: Math.max(c.current, mine.current),
          previous: Math.max(c.previous, mine.previous),
        };
      }),
    );
  }

  claimSlot(key: string, intervalMs: number): Promise<boolean> {
    return this.withFallback(
      (store) => store.claimSlot(key, intervalMs),
      () => this.memory.claimSlot(key, intervalMs),
    );
  }

  private async withFallback<T>(
    op: (store: CounterStore) => Promise<T>,
    inMemory: () => Promise<T>,
  ): Promise<T> {
    const now = this.opts.now ?? Date.now;
    if (this.degraded && now() < this.degradedUntil) return inMemory();
    try {
      const result = await withTimeout(
        op(this.primary),
        this.opts.timeoutMs,
        `the ${this.primary.name} counter store`,
      );
      if (this.degraded) {
        this.degraded = false;
        this.log.info({ store: this.primary.name }, 'rate limits: shared counter store is back');
      }
      return result;
    } catch (err) {
      if (!this.degraded) {
        this.log.warn(
          { err, store: this.primary.name },
          'rate limits: counting in memory until the store answers',
        );
      }
      this.degraded = true;
      this.degradedUntil = now() + this.opts.probeEveryMs;
      return inMemory();
    }
  }

  /** Waits (bounded) for the shared store at start, so the first requests do not count in memory. */
  async ready(timeoutMs: number): Promise<void> {
    if (!(await this.primary.ready(timeoutMs))) {
      this.log.warn({ store: this.primary.name }, 'rate limits: counter store not reachable at start');
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.primary.close(), this.memory.close(), this.visitors.close()]);
  }
}
