import type { FastifyBaseLogger } from 'fastify';
import { confidence } from '../../../common/confidence.ts';
import type { Db, Queryable } from '../db/db.ts';
import { readSiteSettings } from '../settings/index.ts';
import type { Clock } from '../util/clock.ts';
import { type ConfidenceRow, confidenceInputs, storeConfidence } from './confidence.sql.ts';

/**
 * Spots' stored confidence (common/confidence.ts has the rule): computed again for a spot at each
 * vote and moderator decision on it, and for every spot at least once a day as it ages.
 */

const DAY_MS = 86_400_000;

/** Computes and stores the confidence of these spots as of `now`; each one's by id. */
export async function refreshConfidence(
  db: Queryable,
  ids: readonly number[],
  now: Date,
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  return computeAndStore(db, await confidenceInputs(db, { ids }), now);
}

async function computeAndStore(
  db: Queryable,
  rows: ConfidenceRow[],
  now: Date,
  staleBefore?: Date,
): Promise<Map<number, number>> {
  const { halfLifeDaysSevere, halfLifeDays } = await readSiteSettings(db);
  const halfLives = { severeDays: halfLifeDaysSevere, otherDays: halfLifeDays };
  const out = new Map<number, number>();
  for (const r of rows) {
    const confirmedAt = r.confirmed_at instanceof Date ? r.confirmed_at : new Date(r.confirmed_at);
    out.set(
      r.id,
      confidence(
        {
          moderatorVerified: r.moderator_verified,
          sourced: r.sourced,
          reporterStanding: r.reporter_standing,
          support: Number(r.support),
          doubt: Number(r.doubt),
          ageDays: (now.getTime() - confirmedAt.getTime()) / DAY_MS,
          severity: r.severity,
        },
        halfLives,
      ),
    );
  }
  await storeConfidence(db, [...out.keys()], [...out.values()], now, staleBefore);
  return out;
}

/**
 * How the catch-up goes: at start, as fast as it can (the first requests wait for it anyway); in the
 * background, in small batches with a pause between, so that requests are never queued behind it (on
 * embedded storage they share its one connection). Measured with 40,000 new spots under the abuse
 * tests' flood of uncached reads (server/abuse/costly-reads.test.ts).
 */
const AT_START = { batch: 1000, pauseMs: 0 };
const IN_BACKGROUND = { batch: 200, pauseMs: 250 };

/**
 * Computes the confidence of spots last computed a day or more ago (or never), in batches, up to
 * `maxSpots`; how many it computed.
 */
export async function refreshStaleConfidence(
  db: Db,
  now: Date,
  maxSpots = Number.POSITIVE_INFINITY,
  pace: { batch: number; pauseMs: number; stopped?: () => boolean } = AT_START,
): Promise<number> {
  const staleBefore = new Date(now.getTime() - DAY_MS);
  let done = 0;
  while (done < maxSpots && !pace.stopped?.()) {
    const limit = Math.min(pace.batch, maxSpots - done);
    const rows = await confidenceInputs(db, { staleBefore, limit });
    if (rows.length === 0) break;
    await computeAndStore(db, rows, now, staleBefore);
    done += rows.length;
    if (rows.length < limit) break;
    if (pace.pauseMs > 0) await new Promise((r) => setTimeout(r, pace.pauseMs));
  }
  return done;
}

/** How often an instance looks for spots to compute again. */
const EVERY_MS = 60 * 60 * 1000;

/**
 * The hourly catch-up of every instance (idempotent: a second instance finds nothing left);
 * `changed` is told when it computed any spot again (the public caches are then stale).
 */
export class ConfidenceAgeing {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;
  private readonly changed: () => void;

  constructor(db: Db, clock: Clock, log: FastifyBaseLogger, changed: () => void) {
    this.db = db;
    this.clock = clock;
    this.log = log;
    this.changed = changed;
  }

  /** A first catch-up at once (what a start left), then every hour. */
  start(): void {
    const run = () => {
      this.running = refreshStaleConfidence(this.db, this.clock.now(), undefined, {
        ...IN_BACKGROUND,
        stopped: () => this.closed,
      }).then(
        (n) => {
          if (n === 0) return;
          this.changed();
          this.log.info({ spots: n }, 'confidence computed again as spots aged');
        },
        (err: unknown) =>
          this.log.warn({ err }, 'confidence could not be computed again; the next hour tries'),
      );
    };
    run();
    this.timer = setInterval(run, EVERY_MS).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
  }
}
