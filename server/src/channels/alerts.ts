import type { Spot } from '../../../common/api.ts';
import { countsAsDanger } from '../../../common/domain.ts';
import { localHour, region, utcOffsetMs, withinHours } from '../../../common/region.ts';
import type { Queryable } from '../db/db.ts';
import { readSiteSettings } from '../settings/index.ts';
import {
  lockAndCountAlertsInHour,
  markWatchesAlerted,
  type WatchHours,
  watchedNear,
  watchesNear,
} from './alerts.sql.ts';
import { enqueue } from './outbox.sql.ts';
import {
  type ChannelLang,
  categoryName,
  defaultChannelLang,
  distance,
  gsm,
  isChannelLang,
  SMS_CHARS,
  say,
  timeName,
} from './words.ts';

/**
 * WATCH alerts (docs/channels.md): new public dangers this severe, this close (a watch's own
 * distance, within bounds), this often.
 */
export const ALERT_RULES = {
  minSeverity: 3,
  radiusM: 1000,
  /** Either side of a trip's way. */
  tripRadiusM: 300,
  minRadiusM: 200,
  maxRadiusM: 5000,
  perNumberPerDay: 3,
} as const;

/** The next time the region's clocks show `hour`:00, after `now`. */
function nextLocal(hour: number, now: Date): Date {
  const offset = utcOffsetMs(now);
  const at = new Date(now.getTime() + offset);
  at.setUTCHours(hour, 0, 0, 0);
  if (at.getTime() - offset <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return new Date(at.getTime() - offset);
}

/**
 * When an alert may go out. For a watch with its own hours: at once inside them, else when they
 * next begin (the number chose them, night included). Otherwise at once, unless it is the region's
 * quiet hours (people asleep) and the danger is not a killing (severity 5); then when they end.
 */
export function alertSendAfter(severity: number, now: Date, hours?: WatchHours): Date | undefined {
  const hour = localHour(now);
  if (hours) return withinHours(hour, hours) ? undefined : nextLocal(hours.from, now);
  const { quietHours } = region();
  if (severity >= 5 || !withinHours(hour, quietHours)) return undefined;
  return nextLocal(quietHours.to, now);
}

/**
 * An alert in one SMS (or a push notification's text, as short), in the recipient's language: what,
 * how bad and when in its words, then as much of the spot's own title as fits.
 */
export function alertText(
  lang: ChannelLang,
  spot: Pick<Spot, 'id' | 'title' | 'category' | 'severity' | 'time_of_day'>,
  place: string,
  metres: number,
  key: 'smsAlert' | 'pushAlert' = 'smsAlert',
): string {
  const what = `${categoryName(lang, spot.category)} ${spot.severity}/5 ${timeName(lang, spot.time_of_day)}`;
  const params = { dist: distance(metres), place: gsm(place).slice(0, 30), id: spot.id };
  const bare = say(lang, key, { ...params, what });
  const room = SMS_CHARS - bare.length - 2;
  const title = gsm(spot.title);
  if (room < 12) return bare.slice(0, SMS_CHARS);
  return say(lang, key, {
    ...params,
    what: `${what}: ${title.length > room ? `${title.slice(0, room - 2)}..` : title}`,
  });
}

/** Whether anyone watches near the point (alerts could go), over the caller's SQL. */
export const watchedNearSql = (lat: string, lng: string) =>
  watchedNear(lat, lng, String(ALERT_RULES.maxRadiusM));

/**
 * Queues the alerts of a spot that has just become public (or whose alerts waited for a second
 * voice), in the caller's transaction: one per number or push subscription watching near it (its
 * nearest watch names the place), unless it already had its alerts for the day or is the reporter's
 * own number, and no more than the site's alert budget for the hour leaves room for (each SMS costs
 * money; a flood of dangers must not turn into a flood of alerts). None for a spot whose confidence
 * is below the site's `alertMinConfidence`. Returns how many were queued.
 */
export async function queueAlerts(
  tx: Queryable,
  spot: Spot,
  /** now: the app's clock (an alert at night waits for the morning unless someone was killed). */
  opts: { reporter?: string; now: Date },
): Promise<number> {
  if (spot.severity < ALERT_RULES.minSeverity || !countsAsDanger(spot)) return 0;
  const { now } = opts;
  const watches = await watchesNear(tx, spot, ALERT_RULES.maxRadiusM, now);
  if (!watches.length) return 0;
  const { alertBudgetPerHour, alertMinConfidence } = await readSiteSettings(tx);
  if (spot.confidence < alertMinConfidence) return 0;
  let room = alertBudgetPerHour - (await lockAndCountAlertsInHour(tx, now));
  const alerted: number[] = [];
  for (const w of watches) {
    if (room <= 0) break;
    const hours =
      w.from_hour !== null && w.to_hour !== null ? { from: w.from_hour, to: w.to_hour } : undefined;
    const sendAfter = alertSendAfter(spot.severity, now, hours);
    if (w.phone_hash === opts.reporter || w.alerts_today >= ALERT_RULES.perNumberPerDay) continue;
    const lang = isChannelLang(w.lang) ? w.lang : defaultChannelLang();
    const queued = await enqueue(tx, {
      phoneHash: w.phone_hash,
      phoneEnc: w.phone_enc ?? undefined,
      pushId: w.push_id ?? undefined,
      kind: 'alert',
      spotId: spot.id,
      body: alertText(lang, spot, w.place, w.distance_m, w.push_id === null ? 'smsAlert' : 'pushAlert'),
      sendAfter,
      at: now,
    });
    if (queued) {
      alerted.push(w.id);
      room--;
    }
  }
  await markWatchesAlerted(tx, alerted, now);
  return alerted.length;
}
