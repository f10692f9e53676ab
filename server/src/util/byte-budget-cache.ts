import { LRUCache } from 'lru-cache';

/**
 * An in-process cache bounded in bytes, not entries (lru-cache with `maxSize`): every entry states
 * its size, and the least recently used go first when a new one would pass the budget. Entries
 * expire after the TTL; a timer purges expired ones, so an idle process frees them too. An entry
 * larger than a quarter of the budget is not kept (one answer must not empty the cache for
 * everyone else).
 */
export class ByteBudgetCache<V extends {}> extends LRUCache<string, V> {
  private readonly sweeper: NodeJS.Timeout;

  constructor(opts: { maxBytes: number; ttlMs: number; sizeOf: (value: V) => number; now?: () => number }) {
    super({
      maxSize: opts.maxBytes,
      maxEntrySize: opts.maxBytes / 4,
      sizeCalculation: (value) => Math.max(1, opts.sizeOf(value)),
      ttl: opts.ttlMs,
      // The clock is read on every check (no 1 ms cache of it), so an injected clock is exact. (An
      // injected clock must not read 0: lru-cache takes a start time of 0 for "no TTL".)
      ttlResolution: 0,
      ...(opts.now ? { perf: { now: opts.now } } : {}),
    });
    this.sweeper = setInterval(() => this.purgeStale(), Math.max(1000, opts.ttlMs)).unref();
  }

  /** Bytes held now (as the entries stated them). */
  get bytes(): number {
    return this.calculatedSize;
  }

  close(): void {
    clearInterval(this.sweeper);
    this.clear();
  }
}

/** Bytes a JavaScript string takes in memory (V8 keeps one- or two-byte strings; count two). */
export const stringBytes = (s: string) => 2 * s.length;
