import type { FallbackCounters, MirroredHit } from './fallback-counters.ts';
import type { WindowCounts } from './sliding-window.ts';

/** How long a read's count waits here before it is settled with the shared store. */
export const SETTLE_MS = 250;
/**
 * Keys kept at most: the least recently counted of those with nothing to settle go first. A key
 * forgotten starts again from what this instance counts until its next settle tells it the
 * shared count.
 */
const MAX_KEYS = 100_000;

interface Entry {
  windowMs: number;
  mirror: MirroredHit['mirror'];
  /** The window (by this clock) the counts are of. */
  index: number;
  /** The shared store's count of the window at the last settle, less what was in flight or unsent at a turn of window. */
  base: number;
  previous: number;
  /** Counted here, not yet sent. */
  unsent: number;
  /** Sent, its answer not yet back. */
  inFlight: number;
}

/**
 * Read limits counted without a round trip (docs/api.md, "Rate limits"): a read is decided from
 * what this instance counted plus the shared count it last learned, and the counts are settled with
 * the counter store in one batch every SETTLE_MS, after the answers left. One instance is as exact
 * as before; across instances a visitor may get past a limit by what other instances admitted since
 * their last settle, at most one settle interval's reads per instance. Writes stay exact: only
 * policies marked `settled` come here.
 */
export class SettledReads {
  private readonly entries = new Map<string, Entry>();
  /** The entries with counts not yet sent: a settle walks these, not every key kept. */
  private readonly unsent = new Map<string, Entry>();
  private timer: NodeJS.Timeout | undefined;
  private settling: Promise<void> | undefined;
  private readonly counters: FallbackCounters;
  private readonly now: () => number;
  private readonly settleMs: number;
  private readonly maxKeys: number;

  constructor(
    counters: FallbackCounters,
    opts: { now?: () => number; settleMs?: number; maxKeys?: number } = {},
  ) {
    this.counters = counters;
    this.now = opts.now ?? Date.now;
    this.settleMs = opts.settleMs ?? SETTLE_MS;
    this.maxKeys = opts.maxKeys ?? MAX_KEYS;
  }

  /** Counts one hit here and returns the counts to decide by, at once. */
  hit(h: MirroredHit): WindowCounts {
    const nowMs = this.now();
    const windowMs = h.windowSeconds * 1000;
    const index = Math.floor(nowMs / windowMs);
    let e = this.entries.get(h.key);
    if (e) this.entries.delete(h.key);
    else e = { windowMs, mirror: h.mirror, index, base: 0, previous: 0, unsent: 0, inFlight: 0 };
    if (e.index < index) {
      // A new window: what was counted becomes the previous one's (if it was the last), and the
      // hits still to settle count in the window they were made in, not again in this one.
      e.previous = e.index === index - 1 ? Math.max(0, e.base + e.inFlight + e.unsent) : 0;
      e.base = -(e.inFlight + e.unsent);
      e.index = index;
    }
    e.unsent++;
    // Re-inserted: the map's order is least recently counted first.
    this.entries.set(h.key, e);
    this.unsent.set(h.key, e);
    this.schedule();
    return { current: Math.max(0, e.base + e.inFlight + e.unsent), previous: e.previous, nowMs };
  }

  private schedule(): void {
    if (this.timer || this.settling) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.settling = this.settle().finally(() => {
        this.settling = undefined;
        if (this.unsent.size > 0) this.schedule();
      });
    }, this.settleMs);
    this.timer.unref();
  }

  /** Sends every count not yet sent, in one batch, and learns the shared counts back. */
  async settle(): Promise<void> {
    if (this.unsent.size === 0) return;
    const batch = [...this.unsent];
    this.unsent.clear();
    const sent = batch.map(([key, e]) => {
      const n = e.unsent;
      e.inFlight += n;
      e.unsent = 0;
      return { key, e, n, index: e.index };
    });
    const counts = await this.counters.hitAll(
      sent.map(({ key, e, n }) => ({ key, windowSeconds: e.windowMs / 1000, n, mirror: e.mirror })),
    );
    sent.forEach(({ e, n, index }, i) => {
      const c = counts[i] as WindowCounts;
      e.inFlight -= n;
      // Learned only while the window is the one the store counted in (the store's clock may differ
      // a little; a settle across a turn of window leaves the local counts as they are).
      if (e.index === index && Math.floor(c.nowMs / e.windowMs) === index) {
        e.base = c.current - e.inFlight;
        e.previous = Math.max(e.previous, c.previous);
      } else e.base += n;
    });
    this.evict();
  }

  private evict(): void {
    if (this.entries.size <= this.maxKeys) return;
    for (const [key, e] of this.entries) {
      if (this.entries.size <= this.maxKeys) break;
      if (e.unsent === 0 && e.inFlight === 0) this.entries.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** Settles what is left (a closing instance's counts are not lost). */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.settling;
    await this.settle();
  }
}
