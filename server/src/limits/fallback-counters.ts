import type { FastifyBaseLogger } from 'fastify';
import { withTimeout } from '../util/timeout.ts';
import type { CounterStore, Hit } from './counter-store.ts';
import type { MemoryStore } from './memory-store.ts';
import type { WindowCounts } from './sliding-window.ts';

export type CounterState = 'redis' | 'database' | 'memory-fallback';

/**
 * The shared store with a bounded wait. When it fails or is slow, this instance counts in memory with
 * the same limits and keeps serving (docs/api.md, "Rate limits": the API stays available); it tries the shared store
 * again every probe interval and returns to it by itself once it answers.
 */
export class FallbackCounters {
  private degradedUntil = 0;
  private degraded = false;

  private readonly primary: CounterStore;
  private readonly memory: MemoryStore;
  private readonly log: FastifyBaseLogger;
  private readonly opts: { timeoutMs: number; probeEveryMs: number; now?: () => number };

  constructor(
    primary: CounterStore,
    memory: MemoryStore,
    log: FastifyBaseLogger,
    opts: { timeoutMs: number; probeEveryMs: number; now?: () => number },
  ) {
    this.primary = primary;
    this.memory = memory;
    this.log = log;
    this.opts = opts;
  }

  get state(): CounterState {
    return this.degraded ? 'memory-fallback' : (this.primary.name as 'redis' | 'database');
  }

  /**
   * Counts one hit. With `shadow`, memory counts it too while the shared store answers, and the
   * higher of the two counts decides: a fallback goes on from this instance's own count instead of
   * an empty window, and what it admitted while the store was away still counts when the store is
   * back. A network cannot make the store slow and find its ceilings fresh. Only network keys are
   * shadowed (their number is bounded by the networks seen in two windows, not by visitors).
   */
  async hit(key: string, windowSeconds: number, shadow = false): Promise<WindowCounts> {
    return (await this.hitAll([{ key, windowSeconds, shadow }]))[0] as WindowCounts;
  }

  /** Counts one hit for each key, in one round trip to the shared store; `shadow` as in hit. */
  async hitAll(hits: ReadonlyArray<Hit & { shadow?: boolean }>): Promise<WindowCounts[]> {
    const wasDegraded = this.degraded && (this.opts.now ?? Date.now)() < this.degradedUntil;
    const counts = await this.withFallback((store) => store.hitAll(hits));
    if (wasDegraded || this.degraded) return counts;
    return Promise.all(
      counts.map(async (c, i) => {
        const h = hits[i] as Hit & { shadow?: boolean };
        if (!h.shadow) return c;
        const mine = await this.memory.hit(h.key, h.windowSeconds);
        return {
          ...c,
          current: Math.max(c.current, mine.current),
          previous: Math.max(c.previous, mine.previous),
        };
      }),
    );
  }

  claimSlot(key: string, intervalMs: number): Promise<boolean> {
    return this.withFallback((store) => store.claimSlot(key, intervalMs));
  }

  private async withFallback<T>(op: (store: CounterStore) => Promise<T>): Promise<T> {
    const now = this.opts.now ?? Date.now;
    if (this.degraded && now() < this.degradedUntil) return op(this.memory);
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
      return op(this.memory);
    }
  }

  /** Waits (bounded) for the shared store at start, so the first requests do not count in memory. */
  async ready(timeoutMs: number): Promise<void> {
    if (!(await this.primary.ready(timeoutMs))) {
      this.log.warn({ store: this.primary.name }, 'rate limits: counter store not reachable at start');
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.primary.close(), this.memory.close()]);
  }
}
