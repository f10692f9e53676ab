import { daysSince, STILL_THERE_AFTER_DAYS } from '../../../common/confidence.ts';
import { clockHoursText } from '../../../common/region.ts';
import { SMS_COMMANDS, type SmsCommand } from '../../../common/words/channels.ts';
import type { WatchHours } from './alerts.sql.ts';
import { ALERT_RULES } from './alerts.ts';
import type { NearDanger } from './channels.sql.ts';
import { type ChannelLang, categoryName, distance, SMS_CHARS, say, timeName, type WordKey } from './words.ts';

/**
 * The SMS channel's words and commands, as pure functions (docs/channels.md, "SMS"): which command a
 * message is, what WATCH asks for, and answers that fit one SMS. channels.service.ts does the rest.
 */
/** A place as an SMS names it. */
export const PLACE_CHARS = 30;
/** Dangers MORE goes through, at most. */
export const NEAR_LISTED = 30;

export const short = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 2)}..` : text;

/** The command an SMS starts with, and the language of its word (English words set none). */
export function commandOf(word: string): { command: SmsCommand; lang: ChannelLang | undefined } | undefined {
  for (const [command, byLang] of Object.entries(SMS_COMMANDS) as [
    SmsCommand,
    Record<ChannelLang, readonly string[]>,
  ][])
    for (const [lang, words] of Object.entries(byLang) as [ChannelLang, readonly string[]][])
      if (words.includes(word))
        return { command, lang: lang !== 'en' || command === 'lang' ? lang : undefined };
  return undefined;
}

/**
 * A message from the dictionary, in one SMS: when the text is too long, `shrink`'s value gives way
 * (a list of places); the test fills every template with the longest values to prove it fits.
 */
export function smsText(
  lang: ChannelLang,
  key: WordKey,
  params: Record<string, string | number> = {},
  shrink?: string,
): string {
  const text = say(lang, key, params);
  if (text.length <= SMS_CHARS || !shrink) return text;
  const value = String(params[shrink]);
  return say(lang, key, { ...params, [shrink]: short(value, value.length - (text.length - SMS_CHARS)) });
}

/**
 * The dangers of a list from `from` on, as many as fit one SMS with MORE when some are left; the
 * answer and how many it shows. When one of them nobody confirmed for STILL_THERE_AFTER_DAYS (at
 * `now`), the answer asks whether the first such is still there (STILL or GONE and its number), as
 * the page and USSD ask.
 */
export function nearList(lang: ChannelLang, place: string, dangers: NearDanger[], from: number, now: Date) {
  // Short enough for three in one SMS where their words allow: "day and night" says nothing a
  // danger's other hours would not, and "350m" keeps its unit without the space.
  const line = (d: NearDanger) =>
    [
      `#${d.id}`,
      categoryName(lang, d.category),
      `${d.severity}/5`,
      d.time_of_day === 'any' ? '' : timeName(lang, d.time_of_day),
      distance(d.distance_m, ''),
    ]
      .filter(Boolean)
      .join(' ');
  const old = (d: NearDanger) => daysSince(d.last_word, now.getTime()) >= STILL_THERE_AFTER_DAYS;
  const text = (n: number, asking = true) => {
    const shown = dangers.slice(from, from + n);
    const list = shown.map(line).join('; ');
    const more = from + n < dangers.length ? `. ${say(lang, 'smsMore')}` : '';
    const ask = asking && shown.find(old);
    const question = ask ? `. ${say(lang, 'smsStillThere', { id: ask.id })}` : '';
    return say(lang, 'smsNear', { place, list: `${list}${more}${question}` });
  };
  let n = 1;
  while (from + n < dangers.length && text(n + 1).length <= SMS_CHARS) n++;
  // A question that does not fit with even one danger gives way to it.
  const answer = text(n).length <= SMS_CHARS ? text(n) : text(n, false);
  return { text: answer.slice(0, SMS_CHARS), shown: n };
}

/** A watched place with its hours when it has some, "Kalerwe (18:00-23:00)", as YES repeats it. */
export const placeWithHours = (place: string, hours: WatchHours | undefined) =>
  hours ? `${place} (${clockHoursText(hours)})` : place;

/**
 * What follows WATCH: the place, then maybe its distance and the hours it matters, "Kalerwe 500m
 * 18-23" (local hours, from 18:00 up to 23:00; "22-6" runs across midnight). A distance is kept
 * within ALERT_RULES' bounds; hours that say nothing (from = to) mean all day.
 */
export function watchRequest(rest: string): {
  place: string;
  /** A trip's end: WATCH Kalerwe TO Old Taxi Park. */
  to: string | undefined;
  radiusM: number;
  hours: WatchHours | undefined;
} {
  const m = /^(.*?)(?:\s+(\d+(?:\.\d+)?)\s*(m|km))?(?:\s+(\d{1,2})\s*-\s*(\d{1,2}))?\s*$/i.exec(rest);
  const places = m?.[1]?.trim() || rest;
  const [place = places, to] = places.split(TRIP_WORD, 2).map((p) => p.trim());
  const amount = Number(m?.[2]);
  const metres = m?.[3]?.toLowerCase() === 'km' ? amount * 1000 : amount;
  const radiusM = Number.isFinite(metres)
    ? Math.round(Math.min(ALERT_RULES.maxRadiusM, Math.max(ALERT_RULES.minRadiusM, metres)))
    : to
      ? ALERT_RULES.tripRadiusM
      : ALERT_RULES.radiusM;
  const from = Number(m?.[4]);
  const until = Number(m?.[5]);
  const hours = from <= 23 && until <= 23 && from !== until ? { from, to: until } : undefined;
  return { place, to: to || undefined, radiusM, hours };
}

/** The word between a trip's two places, in any language. */
const TRIP_WORD = new RegExp(`\\s+(?:${Object.values(SMS_COMMANDS.to).flat().join('|')})\\s+`, 'i');
