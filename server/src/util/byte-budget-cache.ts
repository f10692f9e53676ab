/**
 * An in-process cache bounded in bytes, not entries: every entry states its size, and the oldest
 * entries go first when a new one would pass the budget. Every entry lives the same TTL, so the
 * insertion order is also the expiry order: expired entries are dropped from the front on each use
 * and by a timer, so an idle process frees them too. An entry larger than a quarter of the budget
 * is not kept (one answer must not empty the cache for everyone else).
 */
export class ByteBudgetCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number; expires: number }>();
  private used = 0;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly opts: {
      maxBytes: number;
      ttlMs: number;
      sizeOf: (value: V) => number;
      now?: () => number;
    },
  ) {
    this.sweeper = setInterval(() => this.dropExpired(), Math.max(1000, opts.ttlMs)).unref();
  }

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    this.dropExpired();
    return this.entries.get(key)?.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    this.dropExpired();
    const bytes = this.opts.sizeOf(value);
    if (bytes > this.opts.maxBytes / 4) return;
    while (this.used + bytes > this.opts.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    this.entries.set(key, { value, bytes, expires: this.now() + this.opts.ttlMs });
    this.used += bytes;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.expires > now) return;
      this.delete(key);
    }
  }

  close(): void {
    clearInterval(this.sweeper);
    this.clear();
  }
}

/** Bytes a JavaScript string takes in memory (V8 keeps one- or two-byte strings; count two). */
export const stringBytes = (s: string) => 2 * s.length;
