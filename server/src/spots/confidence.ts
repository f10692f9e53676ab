import type { FastifyBaseLogger } from 'fastify';
import { confidence, type HalfLives } from '../../../common/confidence.ts';
import { queueSpotEvents } from '../channels/index.ts';
import type { Db, Queryable } from '../db/db.ts';
import { readSiteSettings, type SiteSettings } from '../settings/index.ts';
import type { Clock } from '../util/clock.ts';
import { archiveAged } from './archive.sql.ts';
import { storeConfidence } from './confidence.sql.ts';
import { toSpot } from './spot-row.ts';

/**
 * Spots' stored confidence (common/confidence.ts has the rule): computed again for a spot at each
 * vote and moderator decision on it, and for every spot at least once a day as it ages.
 */

const DAY_MS = 86_400_000;

type HalfLifeSettings = Pick<SiteSettings, 'halfLifeDaysSevere' | 'halfLifeDays'>;

async function halfLives(db: Queryable, settings?: HalfLifeSettings): Promise<HalfLives> {
  const { halfLifeDaysSevere, halfLifeDays } = settings ?? (await readSiteSettings(db));
  return { severeDays: halfLifeDaysSevere, otherDays: halfLifeDays };
}

/** Computes and stores the confidence of these spots as of `now` (in one statement); each one's by id. */
export async function refreshConfidence(
  db: Queryable,
  ids: readonly number[],
  now: Date,
  /** The site's settings, where the caller read them already (a vote reads them before its turn). */
  settings?: HalfLifeSettings,
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  return storeConfidence(db, { ids }, now, await halfLives(db, settings));
}

/**
 * The confidence of a spot as it is reported: no vote yet, confirmed now. Computed before the spot
 * is stored, so a report's transaction runs no query for it.
 */
export function reportedConfidence(
  report: { source_url: string | null; severity: number },
  reporterStanding: boolean,
): number {
  return confidence({
    moderatorVerified: false,
    sourced: report.source_url !== null,
    reporterStanding,
    support: 0,
    doubt: 0,
    ageDays: 0,
    severity: report.severity,
  });
}

/**
 * How the catch-up goes: at start, as fast as it can (the first requests wait for it anyway); in the
 * background, in small batches with a pause between, so that requests are never queued behind it (on
 * embedded storage they share its one connection). Measured with 40,000 new spots under the abuse
 * tests' flood of uncached reads (server/abuse/costly-reads.test.ts).
 */
interface Pace {
  batch: number;
  pauseMs: number;
  stopped?: () => boolean;
}
const AT_START: Pace = { batch: 1000, pauseMs: 0 };
const IN_BACKGROUND: Pace = { batch: 200, pauseMs: 250 };

/**
 * Computes the confidence of spots last computed a day or more ago (or never), in batches, up to
 * `maxSpots`; how many it computed.
 */
export async function refreshStaleConfidence(
  db: Db,
  now: Date,
  maxSpots = Number.POSITIVE_INFINITY,
  pace: Pace = AT_START,
): Promise<number> {
  const staleBefore = new Date(now.getTime() - DAY_MS);
  const lives = await halfLives(db);
  let done = 0;
  while (done < maxSpots && !pace.stopped?.()) {
    const limit = Math.min(pace.batch, maxSpots - done);
    const computed = (await storeConfidence(db, { staleBefore, limit }, now, lives)).size;
    done += computed;
    if (computed < limit) break;
    if (pace.pauseMs > 0) await new Promise((r) => setTimeout(r, pace.pauseMs));
  }
  return done;
}

/**
 * Archives the spots on the map nobody confirmed (and no moderator kept) for the site's months
 * (archiveMonthsSevere, archiveMonths), a batch at a time; how many. A confirmation brings one back
 * (community.sql.ts), as a moderator can.
 */
export async function archiveAgedSpots(db: Db, now: Date, pace: Pace = AT_START): Promise<number> {
  const { archiveMonthsSevere, archiveMonths } = await readSiteSettings(db);
  const months = { severe: archiveMonthsSevere, other: archiveMonths };
  let done = 0;
  while (!pace.stopped?.()) {
    // Partners' webhooks hear of each batch in its own transaction.
    const archived = await db.transaction(async (tx) => {
      const spots = (await archiveAged(tx, now, months, pace.batch)).map(toSpot);
      await queueSpotEvents(tx, 'spot.archived', spots, now);
      return spots.length;
    });
    done += archived;
    if (archived < pace.batch) break;
    if (pace.pauseMs > 0) await new Promise((r) => setTimeout(r, pace.pauseMs));
  }
  return done;
}

/** How often an instance looks for spots to compute again. */
const EVERY_MS = 60 * 60 * 1000;

/**
 * The hourly catch-up, background work of the worker instance (worker-role.ts; idempotent, so a
 * worker that takes over finds only what is left): aged spots' confidence computed again, and those
 * nobody confirmed for long archived; `changed` is told when it changed any spot (the public caches
 * are then stale). Started again after a stop when the worker's lock comes back.
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
    this.closed = false;
    const run = () => {
      const pace = { ...IN_BACKGROUND, stopped: () => this.closed };
      const now = this.clock.now();
      this.running = (async () => {
        const computed = await refreshStaleConfidence(this.db, now, undefined, pace);
        const archived = await archiveAgedSpots(this.db, now, pace);
        if (computed + archived === 0) return;
        this.changed();
        this.log.info({ spots: computed, archived }, 'spots aged: confidence computed again, some archived');
      })().catch((err: unknown) =>
        this.log.warn({ err }, 'spots could not be aged (confidence, archive); the next hour tries'),
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
