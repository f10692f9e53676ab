import type { CounterStore, Hit } from './counter-store.ts';
import type { WindowCounts } from './sliding-window.ts';

interface Entry {
  index: number;
  current: number;
  previous: number;
  windowMs: number;
}

/**
 * Keys kept at most (about 40 MB): the least recently counted go first. Every request from a new
 * address is a new network key, so without a cap a crowd of addresses would grow memory without
 * end; a forgotten key only starts its window again.
 */
const MEMORY_STORE_MAX_KEYS = 200_000;

/** Counts in this process only: the fallback when the shared store cannot be reached. */
export class MemoryStore implements CounterStore {
  readonly name = 'memory';
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  private readonly now: () => number;
  private readonly maxKeys: number;

  constructor(now: () => number = Date.now, maxKeys = MEMORY_STORE_MAX_KEYS) {
    this.now = now;
    this.maxKeys = maxKeys;
    // Forget keys idle for two windows, so memory stays bounded under many visitors.
    this.sweeper = setInterval(() => this.sweep(), 60_000).unref();
  }

  async hit(key: string, windowSeconds: number, n = 1): Promise<WindowCounts> {
    const nowMs = this.now();
    const windowMs = windowSeconds * 1000;
    const index = Math.floor(nowMs / windowMs);
    const e = this.entries.get(key);
    let entry: Entry;
    if (!e || e.index < index - 1) entry = { index, current: 0, previous: 0, windowMs };
    else if (e.index === index - 1) entry = { index, current: 0, previous: e.current, windowMs };
    else entry = e;
    entry.current += n;
    // Re-inserted, so the map's order is least recently counted first.
    this.entries.delete(key);
    if (this.entries.size >= this.maxKeys) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, entry);
    return { current: entry.current, previous: entry.previous, nowMs };
  }

  hitAll(hits: readonly Hit[]): Promise<WindowCounts[]> {
    return Promise.all(hits.map((h) => this.hit(h.key, h.windowSeconds, h.n)));
  }

  private readonly slots = new Map<string, number>();

  async claimSlot(key: string, intervalMs: number): Promise<boolean> {
    const now = this.now();
    if ((this.slots.get(key) ?? 0) > now) return false;
    this.slots.set(key, now + intervalMs);
    return true;
  }

  async ready(): Promise<boolean> {
    return true;
  }

  sweep(): void {
    const nowMs = this.now();
    for (const [key, e] of this.entries) {
      if (Math.floor(nowMs / e.windowMs) > e.index + 1) this.entries.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}
