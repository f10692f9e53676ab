import type { CounterStore } from './counter-store.ts';
import type { WindowCounts } from './sliding-window.ts';

interface Entry {
  index: number;
  current: number;
  previous: number;
  windowMs: number;
}

/** Counts in this process only: the fallback when the shared store cannot be reached. */
export class MemoryStore implements CounterStore {
  readonly name = 'memory';
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    // Forget keys idle for two windows, so memory stays bounded under many visitors.
    this.sweeper = setInterval(() => this.sweep(), 60_000).unref();
  }

  async hit(key: string, windowSeconds: number): Promise<WindowCounts> {
    const nowMs = this.now();
    const windowMs = windowSeconds * 1000;
    const index = Math.floor(nowMs / windowMs);
    const e = this.entries.get(key);
    let entry: Entry;
    if (!e || e.index < index - 1) entry = { index, current: 0, previous: 0, windowMs };
    else if (e.index === index - 1) entry = { index, current: 0, previous: e.current, windowMs };
    else entry = e;
    entry.current++;
    this.entries.set(key, entry);
    return { current: entry.current, previous: entry.previous, nowMs };
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
