import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Listening } from '../db/db.ts';

const CHANNEL = 'hatari_public_data';

/**
 * Public data changed on some instance: every other instance empties its read cache and marks its
 * open-data snapshots stale at once, instead of serving what it cached for up to its lifetime
 * (docs/operations.md, "Roles"). PostgreSQL LISTEN/NOTIFY carries the word, so no other service is
 * needed; embedded storage runs one instance and hears nothing. Announcements are coalesced: one
 * NOTIFY in flight at a time, and one more after it when writes came meanwhile.
 */
export class SharedChanges {
  private readonly id = randomUUID();
  private sending: Promise<void> | undefined;
  private again = false;
  private listening: Listening | undefined;
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;

  constructor(db: Db, log: FastifyBaseLogger) {
    this.db = db;
    this.log = log;
  }

  /** Calls `onChange` when another instance announces a change (or when one may have been missed). */
  async listen(onChange: () => void): Promise<void> {
    this.listening = await this.db.listen(CHANNEL, (from) => {
      if (from !== this.id) onChange();
    });
  }

  /** Tells the other instances. */
  announce(): void {
    if (this.sending) {
      this.again = true;
      return;
    }
    const listening = this.listening;
    if (!listening) return;
    this.sending = listening
      .notify(this.id)
      .catch((err) => this.log.warn({ err }, 'could not tell other instances of a change'))
      .finally(() => {
        this.sending = undefined;
        if (this.again) {
          this.again = false;
          this.announce();
        }
      });
  }

  async close(): Promise<void> {
    await this.listening?.close();
    await this.sending;
  }
}
