import type { FastifyBaseLogger } from 'fastify';
import type { Db, HeldLock } from './db/db.ts';

/**
 * Which instance does the background work (docs/operations.md, "Roles"): sending the outbox (SMS and
 * push) and its housekeeping, paging moderators, redacting stored text again under grown rules, and
 * the spots' hourly ageing. Exactly one instance at a time, chosen by a PostgreSQL session advisory
 * lock held on a connection of its own: the instance that holds it works; the others try again every
 * `retryMs`. When the worker dies its connection closes, the lock is free, and the next instance to
 * try takes over. `ROLE=web` never tries; `worker` and `all` do. Embedded storage has one process,
 * which always works.
 */
export type Role = 'all' | 'web' | 'worker';

/** The lock's key: any constant no other advisory lock of the database uses (migrations use another). */
const WORKER_LOCK_KEY = 4_280_317;

export interface BackgroundWork {
  start(): void;
  close(): Promise<void>;
}

/** Several kinds of background work, started and stopped together. */
export const allOf = (...works: BackgroundWork[]): BackgroundWork => ({
  start: () => {
    for (const work of works) work.start();
  },
  close: async () => {
    await Promise.all(works.map((work) => work.close()));
  },
});

export class WorkerRole {
  private held: HeldLock | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly db: Db;
  private readonly role: Role;
  private readonly work: BackgroundWork;
  private readonly log: FastifyBaseLogger;
  private readonly retryMs: number;

  constructor(db: Db, role: Role, work: BackgroundWork, log: FastifyBaseLogger, retryMs = 5000) {
    this.db = db;
    this.role = role;
    this.work = work;
    this.log = log;
    this.retryMs = retryMs;
  }

  /** Whether this instance does the background work now. */
  get working(): boolean {
    return this.held !== undefined;
  }

  start(): void {
    if (this.role === 'web') return;
    void this.attempt();
  }

  private async attempt(): Promise<void> {
    if (this.closed) return;
    const held = await this.db.holdAdvisoryLock(WORKER_LOCK_KEY).catch(() => undefined);
    if (this.closed) {
      await held?.release();
      return;
    }
    if (!held) {
      this.schedule();
      return;
    }
    this.held = held;
    this.work.start();
    this.log.info('this instance does the background work (outbox, pager, redaction, ageing)');
    void held.lost.then(async () => {
      if (this.closed || this.held !== held) return;
      this.held = undefined;
      this.log.warn('the background work lock was lost; stopping it and trying again');
      await this.work.close();
      this.schedule();
    });
  }

  private schedule() {
    this.timer = setTimeout(() => void this.attempt(), this.retryMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.work.close();
    await this.held?.release();
    this.held = undefined;
  }
}
