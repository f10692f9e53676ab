import type { FallbackCounters, MirroredHit } from './fallback-counters.ts';
import { KeyTable } from './key-table.ts';
import type { WindowCounts } from './sliding-window.ts';

/** How long a read's count waits here before it is settled with the shared store. */
export const SETTLE_MS = 250;
/**
 * Keys kept at most: the least recently counted of those with nothing to settle go first. A key
 * forgotten starts again from what this instance counts until its next settle tells it the
 * shared count.
 */
const MAX_KEYS = 100_000;

/** A key's fields in its table (key-table.ts): no object per key for the collector to keep. */
const WINDOW_MS = 0;
/** Its memory in the fallback (MIRRORS' index). */
const MIRROR = 1;
/** The window (by this clock) the counts are of. */
const INDEX = 2;
/** The store's count of the window at the last settle, less what was in flight or unsent at a turn of window. */
const BASE = 3;
const PREVIOUS = 4;
/** Counted here, not yet sent. */
const UNSENT = 5;
/** Sent, its answer not yet back. */
const IN_FLIGHT = 6;
const FIELDS = 7;
const MIRRORS = [undefined, 'network', 'visitor'] as const;

/**
 * Read limits counted without a round trip (docs/api.md, "Rate limits"): a read is decided from
 * what this instance counted plus the shared count it last learned, and the counts are settled with
 * the counter store in one batch every SETTLE_MS, after the answers left. One instance is as exact
 * as before; across instances a visitor may get past a limit by what other instances admitted since
 * their last settle, at most one settle interval's reads per instance. Writes stay exact: only
 * policies marked `settled` come here.
 */
export class SettledReads {
  private readonly entries: KeyTable;
  /** The keys with counts not yet sent: a settle walks these, not every key kept. */
  private unsent: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private settling: Promise<void> | undefined;
  private readonly counters: FallbackCounters;
  private readonly now: () => number;
  private readonly settleMs: number;

  constructor(
    counters: FallbackCounters,
    opts: { now?: () => number; settleMs?: number; maxKeys?: number } = {},
  ) {
    this.counters = counters;
    this.now = opts.now ?? Date.now;
    this.settleMs = opts.settleMs ?? SETTLE_MS;
    this.entries = new KeyTable(FIELDS, opts.maxKeys ?? MAX_KEYS);
  }

  /** Counts one hit here and returns the counts to decide by, at once. */
  hit(h: MirroredHit): WindowCounts {
    const nowMs = this.now();
    const windowMs = h.windowSeconds * 1000;
    const index = Math.floor(nowMs / windowMs);
    const slot = this.entries.claim(h.key, this.settled);
    const d = this.entries.data;
    const at = slot * FIELDS;
    const was = d[at + INDEX] as number;
    const counted = (d[at + BASE] as number) + (d[at + IN_FLIGHT] as number) + (d[at + UNSENT] as number);
    if (was === 0) {
      d[at + WINDOW_MS] = windowMs;
      d[at + MIRROR] = MIRRORS.indexOf(h.mirror);
      d[at + INDEX] = index;
    } else if (was < index) {
      // A new window: what was counted becomes the previous one's (if it was the last), and the
      // hits still to settle count in the window they were made in, not again in this one.
      d[at + PREVIOUS] = was === index - 1 ? Math.max(0, counted) : 0;
      d[at + BASE] = (d[at + BASE] as number) - counted;
      d[at + INDEX] = index;
    }
    if (d[at + UNSENT] === 0) this.unsent.push(h.key);
    d[at + UNSENT] = (d[at + UNSENT] as number) + 1;
    this.schedule();
    const current = (d[at + BASE] as number) + (d[at + IN_FLIGHT] as number) + (d[at + UNSENT] as number);
    return { current: Math.max(0, current), previous: d[at + PREVIOUS] as number, nowMs };
  }

  /** Whether a key has nothing to settle, so it may be forgotten. */
  private readonly settled = (slot: number): boolean => {
    const d = this.entries.data;
    return d[slot * FIELDS + UNSENT] === 0 && d[slot * FIELDS + IN_FLIGHT] === 0;
  };

  private schedule(): void {
    if (this.timer || this.settling) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.settling = this.settle().finally(() => {
        this.settling = undefined;
        if (this.unsent.length > 0) this.schedule();
      });
    }, this.settleMs);
    this.timer.unref();
  }

  /** Sends every count not yet sent, in one batch, and learns the shared counts back. */
  async settle(): Promise<void> {
    if (this.unsent.length === 0) return;
    const keys = this.unsent;
    this.unsent = [];
    const hits: MirroredHit[] = [];
    const indexes: number[] = [];
    let d = this.entries.data;
    for (const key of keys) {
      const at = this.entries.find(key) * FIELDS;
      const n = d[at + UNSENT] as number;
      d[at + IN_FLIGHT] = (d[at + IN_FLIGHT] as number) + n;
      d[at + UNSENT] = 0;
      const mirror = MIRRORS[d[at + MIRROR] as number];
      hits.push({ key, windowSeconds: (d[at + WINDOW_MS] as number) / 1000, n, ...(mirror && { mirror }) });
      indexes.push(d[at + INDEX] as number);
    }
    const counts = await this.counters.hitAll(hits);
    d = this.entries.data;
    hits.forEach(({ key, n = 0 }, i) => {
      const c = counts[i] as WindowCounts;
      const index = indexes[i] as number;
      const at = this.entries.find(key) * FIELDS;
      d[at + IN_FLIGHT] = (d[at + IN_FLIGHT] as number) - n;
      // Learned only while the window is the one the store counted in (the store's clock may differ
      // a little; a settle across a turn of window leaves the local counts as they are).
      if (d[at + INDEX] === index && Math.floor(c.nowMs / (d[at + WINDOW_MS] as number)) === index) {
        d[at + BASE] = c.current - (d[at + IN_FLIGHT] as number);
        d[at + PREVIOUS] = Math.max(d[at + PREVIOUS] as number, c.previous);
      } else d[at + BASE] = (d[at + BASE] as number) + n;
    });
    this.entries.trim(this.settled);
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
