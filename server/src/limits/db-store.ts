import type { Queryable } from '../db/db.ts';
import type { CounterStore, Hit } from './counter-store.ts';
import { claimSlot, deleteExpiredCounters, hitCounters } from './counters.sql.ts';
import type { WindowCounts } from './sliding-window.ts';

const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Counters in the database (the default without Redis): shared by every instance on the database and
 * kept across restarts. One statement per request's hits (or a settle's batch); time from the database clock.
 */
export class DatabaseStore implements CounterStore {
  readonly name = 'database';
  private readonly sweeper: NodeJS.Timeout;

  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
    this.sweeper = setInterval(() => {
      deleteExpiredCounters(this.db).catch(() => {});
    }, SWEEP_EVERY_MS).unref();
  }

  async hit(key: string, windowSeconds: number): Promise<WindowCounts> {
    return (await hitCounters(this.db, [{ key, windowSeconds }]))[0] as WindowCounts;
  }

  hitAll(hits: readonly Hit[]): Promise<WindowCounts[]> {
    return hitCounters(this.db, hits);
  }

  claimSlot(key: string, intervalMs: number): Promise<boolean> {
    return claimSlot(this.db, key, intervalMs);
  }

  async ready(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}
