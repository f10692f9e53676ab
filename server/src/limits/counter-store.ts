import type { WindowCounts } from './sliding-window.ts';

export interface Hit {
  key: string;
  windowSeconds: number;
  /** Hits counted at once (settled reads: limits/settled-reads.ts); 1 when absent. */
  n?: number;
}

/**
 * Where counts live: Redis (shared by instances), the database (the embedded default: survives
 * restarts), or process memory (the fallback). Keys are `<policy>:<hash>`, never an address.
 */
export interface CounterStore {
  readonly name: 'redis' | 'database' | 'memory';
  /** Counts one hit for key in the window containing the store's now. */
  hit(key: string, windowSeconds: number): Promise<WindowCounts>;
  /** Counts each hit (n of it) for its key at once (Redis: one round trip), in order. */
  hitAll(hits: readonly Hit[]): Promise<WindowCounts[]>;
  /**
   * Claims `key` for the next intervalMs if nobody holds it: true for exactly one caller across all
   * instances sharing the store (an app-wide pace, such as one place lookup per second).
   */
  claimSlot(key: string, intervalMs: number): Promise<boolean>;
  /** Resolves once the store can take hits (Redis: connected), or after timeoutMs at the latest. */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}
