import { LRUCache } from 'lru-cache';
import { utcOffsetMs } from '../../../common/region.ts';
import type { Db, Queryable } from '../db/db.ts';
import type { Identity } from '../identity/identify.ts';
import { readSiteSettings, type SiteSettings } from '../settings/index.ts';
import type { Clock } from '../util/clock.ts';
import {
  agreeWithVotes,
  findStanding,
  loseStanding,
  recordSeen,
  reporterOf,
  type StandingRow,
} from './standing.sql.ts';

/**
 * Standing (docs/api.md, "Earned trust"): a device credential or a channel number earns it by being
 * seen over days (by default first seen 3 days ago or more, on 2 days or more) and by a report or
 * vote that others later agreed with (a like vote from another wide network by a device with
 * standing, or a moderator's approval or verification). It is lost when a moderator rejects or
 * deletes its report or reverts a burst it took part in, and then earned anew. Visitors known only
 * by address and user agent never have it: they are not one device.
 */

/** The region's calendar day of `at`, YYYY-MM-DD. */
export function regionDay(at: Date): string {
  return new Date(at.getTime() + utcOffsetMs(at)).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/** Whether a standing row meets the settings on `today` (a pure rule, tested on its own). */
export function meetsStanding(
  row: StandingRow | undefined,
  today: string,
  s: Pick<SiteSettings, 'standingDays' | 'standingActiveDays'>,
): boolean {
  if (!row?.agreed) return false;
  const spanDays = (Date.parse(today) - Date.parse(row.first_seen)) / DAY_MS + 1;
  return spanDays >= s.standingDays && row.days_seen >= s.standingActiveDays;
}

/** Who acts, as publication, limits and alerts weigh it. */
export interface Actor {
  identity: Identity;
  /** Whether the device or number has standing (asked before any transaction of the act). */
  standing: boolean;
  /** Now, from the app's clock. */
  at: Date;
}

/** Whether an identity can hold standing at all: a device credential or a phone number. */
const canHoldStanding = (who: Identity) => who.device || who.phone === true;

/**
 * Standing as the routes and limits ask for it, remembered for a short while: the rate limits ask on
 * every request of a device, and standing changes over days. Built once in deps.
 */
export class Standing {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly remembered: LRUCache<string, boolean>;
  /** Visitors already noted as seen today (key: visitor and day). */
  private readonly seenToday: LRUCache<string, true>;

  constructor(db: Db, clock: Clock, opts: { ttlMs: number; max: number } = { ttlMs: 60_000, max: 50_000 }) {
    this.db = db;
    this.clock = clock;
    const perf = { now: () => clock.now().getTime() };
    this.remembered = new LRUCache({ max: opts.max, ttl: opts.ttlMs, perf });
    this.seenToday = new LRUCache({ max: opts.max, ttl: DAY_MS, perf });
  }

  now(): Date {
    return this.clock.now();
  }

  /** Notes that this device or number acted today (once a day each, whatever it does). */
  async seen(who: Identity): Promise<void> {
    if (!canHoldStanding(who)) return;
    const day = regionDay(this.clock.now());
    const key = `${who.visitor}\n${day}`;
    if (this.seenToday.has(key)) return;
    await recordSeen(this.db, who.visitor, day);
    this.seenToday.set(key, true);
  }

  /** Whether the identity has standing, when that is known without asking the database. */
  known(who: Identity): boolean | undefined {
    return canHoldStanding(who) ? this.remembered.get(who.visitor) : false;
  }

  /** Whether the identity has standing now. */
  async has(who: Identity): Promise<boolean> {
    const known = this.known(who);
    if (known !== undefined) return known;
    const [row, settings] = await Promise.all([
      findStanding(this.db, who.visitor),
      readSiteSettings(this.db),
    ]);
    const has = meetsStanding(row, regionDay(this.clock.now()), settings);
    this.remembered.set(who.visitor, has);
    return has;
  }

  /** Notes that the identity acts now, and says how its act weighs. */
  async act(identity: Identity): Promise<Actor> {
    await this.seen(identity);
    return { identity, standing: await this.has(identity), at: this.clock.now() };
  }

  /** Forget what was remembered of these visitors (their standing just changed on this instance). */
  forget(visitors: readonly string[]): void {
    for (const v of visitors) this.remembered.delete(v);
  }
}

/** A moderator approved or verified a spot: its reporter and everyone who confirmed it have agreement. */
export async function moderatorAgreed(tx: Queryable, standing: Standing, spotId: number): Promise<void> {
  standing.forget(await agreeWithVotes(tx, spotId, 1, undefined, standing.now()));
}

/** A moderator rejected or deleted a spot: its reporter loses standing. */
export async function reportRejected(tx: Queryable, standing: Standing, spotId: number): Promise<void> {
  const reporter = await reporterOf(tx, spotId);
  if (reporter) await visitorsLoseStanding(tx, standing, [reporter]);
}

/** These visitors lose standing (a moderator reverted a burst they took part in). */
export async function visitorsLoseStanding(
  tx: Queryable,
  standing: Standing,
  visitors: string[],
): Promise<void> {
  const now = standing.now();
  await loseStanding(tx, visitors, regionDay(now), now);
  standing.forget(visitors);
}
