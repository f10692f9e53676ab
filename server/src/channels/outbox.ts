import type { FastifyBaseLogger } from 'fastify';
import { UpstreamError } from '../clients/http.ts';
import type { Db } from '../db/db.ts';
import { purgeChannelData } from './channels.sql.ts';
import type { Courier } from './couriers.ts';
import {
  type ClaimedMessage,
  claimDue,
  finish,
  markInFlight,
  renewLeases,
  retryLater,
} from './outbox.sql.ts';

export interface OutboxOptions {
  /** How often due messages are looked for. */
  pollMs: number;
  /** Messages taken at once; they are sent one after another. */
  batch: number;
  /**
   * How long a taken message is this instance's without a renewal; renewed every third of it while
   * the instance lives, so past it another takes it only when this one died.
   */
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
  // Renewed every third of it while the sender lives: a standby takes a dead sender's messages
  // within 10 s of its death.
  leaseSeconds: 10,
  backoffSeconds: 30,
  maxBackoffSeconds: 3600,
  giveUpHours: 24,
  watchDays: 90,
  purgeEveryMs: 10 * 60_000,
};

/**
 * Sends what the outbox holds (docs/channels.md, "Delivery"): SMS, push and partners' webhooks,
 * each way out on its own round. Messages are written in the same transaction as their cause, so a
 * crash or restart loses none. Each is taken
 * under a lease, sent, then marked sent with its recipient erased; a way out that is down or slow
 * gets retries with doubling waits and jitter, and while the SMS gateway's circuit is open no SMS is
 * taken, so waiting messages spend no attempts. A lease lasts 10 s and is renewed while the instance
 * lives: a standby takes a dead worker's messages within seconds. A message is marked in flight just
 * before it is handed over, and each SMS carries an Idempotency-Key naming it, the same on any
 * retry: the one case that can send twice is an answer lost after the gateway took the message (a
 * timeout, a crash mid-call), and a gateway that honours the key delivers it once.
 */
export class Outbox {
  /** Each way out sends on its own round: one that hangs (a partner's webhook) never holds another back. */
  private readonly timers = new Map<Courier, NodeJS.Timeout>();
  private renewal: NodeJS.Timeout | undefined;
  /** Messages this instance has taken and not yet finished: their leases are renewed. */
  private readonly held = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;
  private lastPurge = 0;

  private readonly db: Db;
  private readonly couriers: readonly Courier[];
  private readonly log: FastifyBaseLogger;
  private readonly opts: OutboxOptions;

  constructor(
    db: Db,
    couriers: readonly Courier[],
    log: FastifyBaseLogger,
    opts: OutboxOptions = OUTBOX_DEFAULTS,
  ) {
    this.db = db;
    this.couriers = couriers;
    this.log = log;
    this.opts = opts;
  }

  /** Starts sending (again, after a close: the worker role stops and restarts it). */
  start(): void {
    this.closed = false;
    for (const courier of this.couriers) this.schedule(courier, 0);
    clearInterval(this.renewal);
    this.renewal = setInterval(() => void this.renew(), (this.opts.leaseSeconds * 1000) / 3);
    this.renewal.unref();
  }

  private schedule(courier: Courier, ms: number) {
    if (this.closed) return;
    const timer = setTimeout(() => {
      const round = this.round([courier]).finally(() => {
        this.running.delete(round);
        this.schedule(courier, this.opts.pollMs);
      });
      this.running.add(round);
    }, ms);
    timer.unref();
    this.timers.set(courier, timer);
  }

  /**
   * One round of every way out at once (each also runs on its own once started), and the rounds
   * already running on their own: a message one of them took is sent when this resolves.
   */
  async tick(): Promise<void> {
    await this.round(this.couriers);
    await Promise.all(this.running);
  }

  /**
   * Purge if due, then each way out given sends what is due while it takes it, side by side, so a
   * push service that hangs (each send waits out its timeout) never holds the SMS back.
   */
  private async round(couriers: readonly Courier[]): Promise<void> {
    try {
      if (Date.now() - this.lastPurge >= this.opts.purgeEveryMs) {
        this.lastPurge = Date.now();
        await purgeChannelData(this.db, this.opts.watchDays);
      }
    } catch (err) {
      this.log.warn({ err }, 'outbox: housekeeping failed; the next round retries');
    }
    const rounds = await Promise.allSettled(couriers.map((courier) => this.drain(courier)));
    for (const round of rounds)
      if (round.status === 'rejected')
        this.log.warn({ err: round.reason }, 'outbox: round failed; the next one retries');
  }

  private async drain(courier: Courier): Promise<void> {
    while (!this.closed && courier.accepting) {
      const due = await claimDue(this.db, courier.channel, this.opts.batch, this.opts.leaseSeconds);
      for (const m of due) this.held.add(m.id);
      try {
        for (const m of due) {
          await this.deliver(courier, m);
          this.held.delete(m.id);
        }
      } finally {
        for (const m of due) this.held.delete(m.id);
      }
      if (due.length < this.opts.batch) break;
    }
  }

  /** Keeps the leases of the messages this instance holds while it lives. */
  private async renew(): Promise<void> {
    try {
      await renewLeases(this.db, [...this.held], this.opts.leaseSeconds);
    } catch (err) {
      this.log.warn({ err }, 'outbox: leases not renewed; the next renewal retries');
    }
  }

  private async deliver(courier: Courier, m: ClaimedMessage): Promise<void> {
    const age = Date.now() - new Date(m.created_at).getTime();
    if (m.in_flight_at !== null)
      // Its sender died with it in hand: it may have arrived. The same idempotency key goes with it.
      this.log.warn(
        { message: m.id, attempt: m.attempts },
        `outbox: ${courier.channel} taken over in flight; sent again under its idempotency key`,
      );
    try {
      await markInFlight(this.db, m.id);
      const outcome = await courier.deliver(m);
      await finish(this.db, m.id, outcome.state, outcome.state === 'failed' ? outcome.error : undefined);
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      if (age > this.opts.giveUpHours * 3600_000) {
        await finish(this.db, m.id, 'failed', err.reason);
        this.log.warn(
          { message: m.id, reason: err.reason },
          `outbox: ${courier.channel} given up after retries`,
        );
        return;
      }
      const wait = Math.min(this.opts.backoffSeconds * 2 ** (m.attempts - 1), this.opts.maxBackoffSeconds);
      await retryLater(this.db, m.id, wait * (0.8 + Math.random() * 0.4), err.reason);
      this.log.info(
        { message: m.id, attempt: m.attempts, reason: err.reason },
        `outbox: ${courier.channel} will retry`,
      );
    }
  }

  /** Stops taking messages and waits for the round in progress (its sends are bounded by timeouts). */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.running);
    clearInterval(this.renewal);
  }
}
