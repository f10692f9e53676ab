import type { FastifyBaseLogger } from 'fastify';
import { type Lang, localHour, withinHours } from '../../../common/region.ts';
import { en } from '../../../common/words/en.ts';
import { fill } from '../../../common/words/fill.ts';
import { lg } from '../../../common/words/lg.ts';
import { sw } from '../../../common/words/sw.ts';
import { queuePage } from '../channels/index.ts';
import { siteBudgets } from '../community/index.ts';
import type { Db } from '../db/db.ts';
import { readSiteSettings } from '../settings/index.ts';
import type { Clock } from '../util/clock.ts';
import { burstPlaces, findBursts } from './bursts.sql.ts';
import {
  heldWaitingSince,
  type OnCallRow,
  pagesOf,
  purgePages,
  reachableModerators,
  recordPage,
} from './on-call.sql.ts';

/**
 * Pages moderators where they are (docs/moderators.md, "On call"). Every few seconds, on the
 * instance that does the background work, it reads the alarms: each burst across networks (a site
 * budget spent among them) at once, and each held report once it has waited the site's
 * `heldAlertMinutes`. An alarm not yet paged goes to the on-duty moderators of its place: those whose
 * areas hold it, else those on duty who set no areas, else every one on duty. An alarm still there
 * `escalateMinutes` after that goes to every moderator who can be reached. Nobody is paged in their
 * quiet hours. Each moderator gets at most one message a round, saying what waits, on each of their
 * phones (Web Push) and, where the site has SMS, their number. The pages and their messages are
 * written in one transaction, and an alarm's page once per stage whatever the instances.
 */
export interface PagerOptions {
  pollMs: number;
  /** Bursts are read at most this often (reading them scans a week of votes and flags). */
  burstsEveryMs: number;
  /** The held reports read a round, oldest first. */
  heldRead: number;
  /** The places of a burst its covering moderators are found by. */
  burstPlaces: number;
  /** Pages older than this are forgotten, */
  keepDays: number;
  /** by a purge at most this often. */
  purgeEveryMs: number;
}

const PAGER_DEFAULTS: PagerOptions = {
  pollMs: 2000,
  burstsEveryMs: 10_000,
  heldRead: 200,
  burstPlaces: 20,
  keepDays: 14,
  purgeEveryMs: 60 * 60_000,
};

interface Place {
  lat: number;
  lng: number;
  area: string;
}

export interface Alarm {
  /** 'held:<spot id>' or 'burst:<its start>'. */
  key: string;
  kind: 'held' | 'burst';
  since: Date;
  places: Place[];
}

type Stage = 'first' | 'all';

const inArea = (m: OnCallRow, p: Place) =>
  m.areas.some((a) => p.lat >= a.south && p.lat <= a.north && p.lng >= a.west && p.lng <= a.east);

/** Outside the moderator's quiet hours. */
const awake = (m: Pick<OnCallRow, 'quiet_from' | 'quiet_to'>, at: Date): boolean =>
  m.quiet_from === null ||
  m.quiet_to === null ||
  !withinHours(localHour(at), { from: m.quiet_from, to: m.quiet_to });

/** Who an alarm's first page goes to, of the on-duty moderators awake. */
function firstRecipients(onDuty: readonly OnCallRow[], alarm: Alarm): OnCallRow[] {
  const ofPlace = onDuty.filter((m) => alarm.places.some((p) => inArea(m, p)));
  if (ofPlace.length) return ofPlace;
  const everywhere = onDuty.filter((m) => m.areas.length === 0);
  return everywhere.length ? everywhere : [...onDuty];
}

const WORDS = { en, lg, sw } as const;
const placeName = (p: Place | undefined) => (p ? p.area || `${p.lat.toFixed(3)}, ${p.lng.toFixed(3)}` : '');
const BODY_CHARS = 480;

/** What a moderator's page says: how long nobody acted (an escalation), the held reports, the bursts. */
function pageText(
  lang: string | null,
  share: { first: Alarm[]; all: Alarm[] },
  at: Date,
  escalateMinutes: number,
): string {
  const words = WORDS[(lang ?? 'en') as Lang] ?? en;
  const alarms = [...share.first, ...share.all];
  const held = alarms.filter((a) => a.kind === 'held').sort((a, b) => +a.since - +b.since);
  const bursts = alarms.filter((a) => a.kind === 'burst');
  const parts: string[] = [];
  if (share.all.length) parts.push(fill(words['mod.page.escalated'], { minutes: escalateMinutes }));
  if (held[0])
    parts.push(
      fill(words['mod.page.held'], {
        n: held.length,
        minutes: Math.floor((at.getTime() - held[0].since.getTime()) / 60_000),
        place: placeName(held[0].places[0]),
      }),
    );
  if (bursts[0])
    parts.push(fill(words['mod.page.bursts'], { n: bursts.length, place: placeName(bursts[0].places[0]) }));
  parts.push(words['mod.page.open']);
  return parts.join(' ').slice(0, BODY_CHARS);
}

export class Pager {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  /** The bursts last read, and when (by the machine's time: a pace, not a rule). */
  private bursts: { read: number; alarms: Alarm[] } = { read: Number.NEGATIVE_INFINITY, alarms: [] };
  /** When pages were last purged (the machine's time, as for the bursts). */
  private purged = Number.NEGATIVE_INFINITY;
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;
  /** Whether pages go by SMS too (the site has an SMS gateway and PHONE_KEY). */
  private readonly sms: boolean;
  private readonly opts: PagerOptions;

  constructor(db: Db, clock: Clock, log: FastifyBaseLogger, sms: boolean, opts: Partial<PagerOptions> = {}) {
    this.db = db;
    this.clock = clock;
    this.log = log;
    this.sms = sms;
    this.opts = { ...PAGER_DEFAULTS, ...opts };
  }

  start(): void {
    this.closed = false;
    clearInterval(this.timer);
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.round().finally(() => {
        this.running = undefined;
      });
    }, this.opts.pollMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async round(): Promise<void> {
    try {
      await this.tick();
    } catch (err) {
      this.log.warn({ err }, 'pager: round failed; the next one retries');
    }
  }

  /** The alarms now: held reports that waited long enough, and bursts not yet reviewed. */
  private async alarms(at: Date, heldMinutes: number): Promise<Alarm[]> {
    const held = await heldWaitingSince(
      this.db,
      new Date(at.getTime() - heldMinutes * 60_000),
      this.opts.heldRead,
    );
    const alarms: Alarm[] = held.map((h) => ({
      key: `held:${h.id}`,
      kind: 'held',
      since: new Date(h.at),
      places: [{ lat: h.lat, lng: h.lng, area: h.area }],
    }));
    return [...alarms, ...(await this.recentBursts())];
  }

  private async recentBursts(): Promise<Alarm[]> {
    // How often a costly read runs is the machine's pace, not a rule's time: not the app's clock.
    const now = Date.now();
    if (now - this.bursts.read < this.opts.burstsEveryMs) return this.bursts.alarms;
    const budgets = await siteBudgets(this.db);
    const rows = await findBursts(this.db, {
      hide: budgets.hides.per_hour,
      dispute: budgets.disputes.per_hour,
    });
    const alarms: Alarm[] = [];
    for (const b of rows) {
      const from = new Date(b.from_at);
      alarms.push({
        key: `burst:${from.toISOString()}`,
        kind: 'burst',
        since: from,
        places: await burstPlaces(this.db, from, new Date(b.to_at), this.opts.burstPlaces),
      });
    }
    this.bursts = { read: now, alarms };
    return alarms;
  }

  /** One round: pages what is due. Returns how many moderators were paged. */
  async tick(): Promise<number> {
    if (this.closed) return 0;
    const at = this.clock.now();
    if (Date.now() - this.purged >= this.opts.purgeEveryMs) {
      this.purged = Date.now();
      await purgePages(this.db, new Date(at.getTime() - this.opts.keepDays * 86_400_000));
    }
    // Nobody can be paged: no alarm is read (its first page waits for a moderator who can be).
    // A number counts only where the site sends SMS (it may have been turned off since).
    const reachable = (await reachableModerators(this.db)).filter(
      (m) => (m.push_ids.length > 0 || (this.sms && m.phone_enc !== null)) && awake(m, at),
    );
    if (!reachable.length) return 0;
    const settings = await readSiteSettings(this.db);
    const alarms = await this.alarms(at, settings.heldAlertMinutes);
    if (!alarms.length) return 0;
    const paged = new Map<string, Partial<Record<Stage, Date>>>();
    for (const p of await pagesOf(
      this.db,
      alarms.map((a) => a.key),
    ))
      paged.set(p.alarm, { ...paged.get(p.alarm), [p.stage]: new Date(p.at) });
    const due: Array<{ alarm: Alarm; stage: Stage }> = [];
    for (const alarm of alarms) {
      const p = paged.get(alarm.key);
      if (!p?.first) due.push({ alarm, stage: 'first' });
      else if (!p.all && at.getTime() - p.first.getTime() >= settings.escalateMinutes * 60_000)
        due.push({ alarm, stage: 'all' });
    }
    if (!due.length) return 0;
    const onDuty = reachable.filter((m) => m.on_duty);
    const shares = new Map<number, { to: OnCallRow; first: Alarm[]; all: Alarm[] }>();
    await this.db.transaction(async (tx) => {
      for (const { alarm, stage } of due) {
        const to = stage === 'first' ? firstRecipients(onDuty, alarm) : reachable;
        if (!(await recordPage(tx, { alarm: alarm.key, stage, at, sentTo: to.length }))) continue;
        for (const m of to) {
          const share = shares.get(m.id) ?? { to: m, first: [], all: [] };
          share[stage].push(alarm);
          shares.set(m.id, share);
        }
      }
      for (const { to, ...share } of shares.values()) {
        const body = pageText(to.lang, share, at, settings.escalateMinutes);
        await queuePage(
          tx,
          {
            userId: to.id,
            pushIds: to.push_ids,
            phoneEnc: this.sms ? (to.phone_enc ?? undefined) : undefined,
          },
          body,
          at,
        );
      }
    });
    if (shares.size)
      this.log.info({ alarms: due.length, moderators: shares.size }, 'pager: moderators paged');
    return shares.size;
  }
}
