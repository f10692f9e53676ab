import type { FastifyBaseLogger } from 'fastify';
import { UpstreamError } from '../clients/http.ts';
import type { SmsGateway } from '../clients/sms-gateway.ts';
import type { Db } from '../db/db.ts';
import { purgeChannelData } from './channels.sql.ts';
import { type ClaimedMessage, claimDue, finish, retryLater } from './outbox.sql.ts';
import type { PhoneCipher } from './phone.ts';

export interface OutboxOptions {
  /** How often due messages are looked for. */
  pollMs: number;
  /** Messages taken at once; they are sent one after another. */
  batch: number;
  /** How long a taken message is this instance's; past it, another takes it (this one died). */
  leaseSeconds: number;
  /** First wait before a retry; it doubles each time, up to maxBackoffSeconds. */
  backoffSeconds: number;
  maxBackoffSeconds: number;
  /** A message not sent within this many hours is given up (an alert that old is no news). */
  giveUpHours: number;
  /** Watches without an alert this long are deleted with their numbers. */
  watchDays: number;
  purgeEveryMs: number;
}

export const OUTBOX_DEFAULTS: OutboxOptions = {
  pollMs: 1000,
  batch: 10,
  leaseSeconds: 60,
  backoffSeconds: 30,
  maxBackoffSeconds: 3600,
  giveUpHours: 24,
  watchDays: 90,
  purgeEveryMs: 10 * 60_000,
};

/**
 * Sends what sms_outbox holds (docs/channels.md, "Delivery"). Messages are written in the same
 * transaction as their cause, so a crash or restart loses none. Each is taken under a lease, sent,
 * then marked sent with its number erased; a gateway that is down or slow gets retries with
 * doubling waits and jitter, and while its circuit is open nothing is taken, so waiting messages
 * spend no attempts. Each message carries an Idempotency-Key naming it: the one case that can
 * send twice is an answer lost after the gateway took the message (a timeout, a crash mid-call),
 * and a gateway that honours the key delivers it once.
 */
export class SmsOutbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  private lastPurge = 0;

  private readonly db: Db;
  private readonly gateway: SmsGateway;
  private readonly cipher: PhoneCipher;
  private readonly log: FastifyBaseLogger;
  private readonly opts: OutboxOptions;

  constructor(
    db: Db,
    gateway: SmsGateway,
    cipher: PhoneCipher,
    log: FastifyBaseLogger,
    opts: OutboxOptions = OUTBOX_DEFAULTS,
  ) {
    this.db = db;
    this.gateway = gateway;
    this.cipher = cipher;
    this.log = log;
    this.opts = opts;
  }

  start(): void {
    this.schedule(0);
  }

  private schedule(ms: number) {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = undefined;
        this.schedule(this.opts.pollMs);
      });
    }, ms);
    this.timer.unref();
  }

  /** One round: purge if due, then send what is due while the gateway takes it. */
  async tick(): Promise<void> {
    try {
      if (Date.now() - this.lastPurge >= this.opts.purgeEveryMs) {
        this.lastPurge = Date.now();
        await purgeChannelData(this.db, this.opts.watchDays);
      }
      while (!this.closed && this.gateway.accepting) {
        const due = await claimDue(this.db, this.opts.batch, this.opts.leaseSeconds);
        for (const m of due) await this.deliver(m);
        if (due.length < this.opts.batch) break;
      }
    } catch (err) {
      this.log.warn({ err }, 'sms outbox: round failed; the next one retries');
    }
  }

  private async deliver(m: ClaimedMessage): Promise<void> {
    const age = Date.now() - new Date(m.created_at).getTime();
    let phone: string;
    try {
      phone = this.cipher.decrypt(m.phone_enc);
    } catch {
      // Sealed under another PHONE_KEY: no retry can read it.
      await finish(this.db, m.id, 'failed', 'number not readable with this PHONE_KEY');
      this.log.error(
        { message: m.id },
        'sms outbox: a number could not be decrypted (was PHONE_KEY changed?)',
      );
      return;
    }
    try {
      const outcome = await this.gateway.send(phone, m.body, `hatari-${m.send_key}`);
      await finish(
        this.db,
        m.id,
        outcome === 'sent' ? 'sent' : 'failed',
        outcome === 'sent' ? undefined : 'refused',
      );
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      if (age > this.opts.giveUpHours * 3600_000) {
        await finish(this.db, m.id, 'failed', err.reason);
        this.log.warn({ message: m.id, reason: err.reason }, 'sms outbox: given up after retries');
        return;
      }
      const wait = Math.min(this.opts.backoffSeconds * 2 ** (m.attempts - 1), this.opts.maxBackoffSeconds);
      await retryLater(this.db, m.id, wait * (0.8 + Math.random() * 0.4), err.reason);
      this.log.info({ message: m.id, attempt: m.attempts, reason: err.reason }, 'sms outbox: will retry');
    }
  }

  /** Stops taking messages and waits for the round in progress (its sends are bounded by timeouts). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
