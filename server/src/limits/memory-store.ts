import type { CounterStore, Hit } from './counter-store.ts';
import { KeyTable } from './key-table.ts';
import type { WindowCounts } from './sliding-window.ts';

/** A key's fields in the table. */
const INDEX = 0;
const CURRENT = 1;
const PREVIOUS = 2;
const WINDOW_MS = 3;
const FIELDS = 4;

/**
 * Keys kept at most (17 MB in typed arrays, key-table.ts): the least recently counted go first.
 * Every request from a new address is a new network key, so without a cap a crowd of addresses would
 * grow memory without end; a forgotten key only starts its window again.
 */
const MEMORY_STORE_MAX_KEYS = 200_000;

/** Counts in this process only: the fallback when the shared store cannot be reached. */
export class MemoryStore implements CounterStore {
  readonly name = 'memory';
  private readonly entries: KeyTable;
  private readonly sweeper: NodeJS.Timeout;

  private readonly now: () => number;

  constructor(now: () => number = Date.now, maxKeys = MEMORY_STORE_MAX_KEYS) {
    this.now = now;
    this.entries = new KeyTable(FIELDS, maxKeys);
    // Forget keys idle for two windows, so memory stays bounded under many visitors.
    this.sweeper = setInterval(() => this.sweep(), 60_000).unref();
  }

  async hit(key: string, windowSeconds: number, n = 1): Promise<WindowCounts> {
    const nowMs = this.now();
    const windowMs = windowSeconds * 1000;
    const index = Math.floor(nowMs / windowMs);
    const slot = this.entries.claim(key);
    const d = this.entries.data;
    const at = slot * FIELDS;
    const was = d[at + INDEX] as number;
    if (was < index) {
      // A new window (a new key's fields are zero): the last one's count becomes the previous.
      d[at + PREVIOUS] = was === index - 1 ? (d[at + CURRENT] as number) : 0;
      d[at + CURRENT] = 0;
      d[at + INDEX] = index;
      d[at + WINDOW_MS] = windowMs;
    }
    const current = (d[at + CURRENT] as number) + n;
    d[at + CURRENT] = current;
    return { current, previous: d[at + PREVIOUS] as number, nowMs };
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
    const d = this.entries.data;
    this.entries.sweep(
      (slot) =>
        Math.floor(nowMs / (d[slot * FIELDS + WINDOW_MS] as number)) >
        (d[slot * FIELDS + INDEX] as number) + 1,
    );
  }

  get size(): number {
    return this.entries.size;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}
