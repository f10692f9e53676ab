import type { Clock } from '../util/clock.ts';

/**
 * When the storage cannot serve (docs/operations.md, "Outages"): which errors mean that, and what
 * this instance has seen of them lately, for /api/health to tell a load balancer the truth.
 *
 * An outage is not a bug in the request: it is answered 503 with Retry-After (POST /api/spots keeps
 * the spec's plain-text 500 and gains Retry-After), and a client may send the same request again.
 */

/** What kind of outage an error shows. */
export type OutageKind = 'pool' | 'writes' | 'database';

/** SQLSTATEs of a database that cannot serve now, by what they say about it. */
const WRITE_CODES = new Set([
  '53100', // disk_full
  '25006', // read_only_sql_transaction (a standby, or default_transaction_read_only)
]);
const DATABASE_CODES = new Set([
  '55P03', // lock_not_available: lock_timeout passed (db/pg.ts)
  '57014', // query_canceled: statement_timeout passed
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53200', // out_of_memory
  '53300', // too_many_connections
  '40P01', // deadlock_detected
  '40001', // serialization_failure
]);
const WRITE_ERRNOS = new Set(['ENOSPC', 'EROFS', 'EDQUOT']);
const DATABASE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** What pg and its pool say when a connection cannot be had or is lost. */
const POOL_MESSAGE = /timeout exceeded when trying to connect/i;
const LOST_MESSAGE =
  /Connection terminated|Client has encountered a connection error|connection (?:was )?(?:closed|lost)/i;

/** The outage an error (or one of its causes) shows, if it shows one. */
export function outageOf(err: unknown): OutageKind | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = String((e as { code?: unknown }).code ?? '');
    if (WRITE_CODES.has(code) || WRITE_ERRNOS.has(code)) return 'writes';
    if (POOL_MESSAGE.test(e.message)) return 'pool';
    if (DATABASE_CODES.has(code) || code.startsWith('08') || DATABASE_ERRNOS.has(code)) return 'database';
    if (LOST_MESSAGE.test(e.message)) return 'database';
  }
  return undefined;
}

/** Seconds a client is told to wait before sending the request again. */
export const OUTAGE_RETRY_AFTER_S = 5;
export const OUTAGE_MESSAGE =
  'The service cannot reach its storage just now; nothing is wrong with your request. Try again after Retry-After seconds.';

/** How far back health looks: what happened longer ago says nothing about now. */
const WINDOW_MS = 10_000;
/** Requests answered in the window before their failed share counts. */
const MIN_REQUESTS = 10;
/** The share of 5xx answers that makes the instance unhealthy. */
const FAILED_SHARE = 0.5;

/** What health reports of the recent past, each only when it is wrong. */
export interface RecentTrouble {
  pool?: 'exhausted';
  writes?: 'failing';
  requests?: 'failing';
}

/**
 * The recent outages and answers of this instance. Writes that failed for the disk or a read-only
 * database count until a write succeeds again (no write may come for a while: the failure stands
 * until one does, or the window passes).
 */
export class RecentOutages {
  private poolTimeoutAt = -Infinity;
  private writeFailedAt = -Infinity;
  /** One slot per second of the window: [requests, failed]. */
  private readonly seconds = new Map<number, [number, number]>();
  private readonly clock: Clock;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  private now = () => this.clock.now().getTime();

  /** An error a request ended with. */
  failed(kind: OutageKind): void {
    if (kind === 'pool') this.poolTimeoutAt = this.now();
    if (kind === 'writes') this.writeFailedAt = this.now();
  }

  /**
   * A request answered (health and liveness checks are not counted): whether it failed, and whether
   * it wrote and succeeded. Failed means a server error or an outage: a 503 that sheds load (reads
   * queued too long, a route check with no place, a spot's turns full) is the instance protecting
   * itself, not failing, and a load balancer must not take it out for it.
   */
  answered(outcome: { failed: boolean; wrote: boolean }): void {
    const now = this.now();
    const second = Math.floor(now / 1000);
    const slot = this.seconds.get(second) ?? [0, 0];
    slot[0]++;
    if (outcome.failed) slot[1]++;
    this.seconds.set(second, slot);
    for (const s of this.seconds.keys()) if (s <= second - WINDOW_MS / 1000) this.seconds.delete(s);
    if (outcome.wrote && !outcome.failed) this.writeFailedAt = -Infinity;
  }

  /** What is wrong now, judged from the window. */
  trouble(): RecentTrouble {
    const now = this.now();
    const since = Math.floor((now - WINDOW_MS) / 1000);
    let requests = 0;
    let failed = 0;
    for (const [second, [n, f]] of this.seconds)
      if (second > since) {
        requests += n;
        failed += f;
      }
    return {
      ...(now - this.poolTimeoutAt < WINDOW_MS && { pool: 'exhausted' as const }),
      ...(now - this.writeFailedAt < WINDOW_MS * 3 && { writes: 'failing' as const }),
      ...(requests >= MIN_REQUESTS && failed / requests >= FAILED_SHARE && { requests: 'failing' as const }),
    };
  }
}
