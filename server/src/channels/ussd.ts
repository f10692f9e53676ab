import type { Spot } from '../../../common/api.ts';
import { CATEGORIES, type Category, TIMES_OF_DAY, type TimeOfDay } from '../../../common/domain.ts';
import { LANGUAGE_NAMES, region } from '../../../common/region.ts';
import { redactPhoneNumbers } from '../spots/index.ts';
import type { WatchHours } from './alerts.sql.ts';
import type { NamedPoint, NearDanger } from './channels.sql.ts';
import { con, end, fitList, fitting, join, SCREEN_CHARS, type Screen } from './screen.ts';
import {
  type ChannelLang,
  callCost,
  categoryName,
  defaultChannelLang,
  distance,
  gsm,
  lineName,
  say,
  severityName,
  statusName,
  timeName,
  verifiedName,
  type WordKey,
} from './words.ts';

/**
 * The USSD menu (docs/channels.md). The gateway sends every answer of the session so far, joined
 * by `*`, with each request; the menu is replayed from them, so a session needs no server memory
 * and any instance can answer it. `0` goes back one screen, `00` to the main menu; an answer that
 * fits no choice shows the same screen again with a word about it, and is forgotten.
 *
 * This module decides screens only. What the menu needs from the world (places, dangers, spots)
 * and the two things it does (save a report, cast a vote) are passed in as `UssdWorld`.
 */

const DANGER_RADIUS_M = 3000;
const DANGERS_LISTED = 30;
/** Answers in one session: the longest path through the menu takes nine, the rest is for mistakes. */
const MAX_ANSWERS = 40;
/** A danger's line: three fit on a screen with its heading and choices. */
const LINE_CHARS = 44;
/** Dangers a screen lists at most, numbered 1 to 8 (9 is "More"). */
const PAGE_MAX = 8;

interface ReportDraft {
  place: NamedPoint;
  category: Category;
  severity: number;
  time: TimeOfDay;
  words: string;
}

export type ActionResult = { key: WordKey; params?: Record<string, string | number | undefined> };

export interface UssdWorld {
  findPlaces(typed: string): Promise<NamedPoint[]>;
  dangersNear(place: NamedPoint, radiusM: number, limit: number): Promise<NearDanger[]>;
  publicSpot(id: number): Promise<Spot | undefined>;
  /** Runs once per session and answer, however often the gateway repeats the callback. */
  once(run: () => Promise<ActionResult>): Promise<ActionResult | 'in progress'>;
  /** Saves a report (the draft as the API takes it, checked there by the API's own rules). */
  report(input: unknown): Promise<ActionResult>;
  vote(spot: Spot, value: 1 | -1): Promise<ActionResult>;
  /** Alerts by SMS near a place, at those hours (its first watch is confirmed by SMS, as WATCH's). */
  watch(place: NamedPoint, hours: WatchHours | undefined, lang: ChannelLang): Promise<ActionResult>;
  /** The language this number chose before (its first dial asks), and keeping a new choice. */
  knownLang: ChannelLang | undefined;
  rememberLang(lang: ChannelLang): Promise<void>;
}

/** What a place is asked for. */
type Goal = 'near' | 'report' | 'watch';

/** The hours an alert may be asked for by USSD (as WATCH's hours by SMS); undefined is any time. */
const USSD_ALERT_HOURS = [undefined, { from: 6, to: 9 }, { from: 17, to: 21 }, { from: 21, to: 6 }] as const;

type Step =
  | { at: 'lang' }
  | { at: 'main' }
  | { at: 'place'; goal: Goal }
  | { at: 'pick'; goal: Goal; options: NamedPoint[] }
  | { at: 'dangers'; place: NamedPoint; page: number }
  | { at: 'category'; place: NamedPoint }
  | { at: 'severity'; place: NamedPoint; category: Category }
  | { at: 'time'; place: NamedPoint; category: Category; severity: number }
  | { at: 'words'; place: NamedPoint; category: Category; severity: number; time: TimeOfDay }
  | { at: 'confirm'; draft: ReportDraft }
  | { at: 'send'; draft: ReportDraft }
  | { at: 'cancelled' }
  | { at: 'spot' }
  | { at: 'vote'; spot: Spot }
  | { at: 'cast'; spot: Spot; value: 1 | -1 }
  | { at: 'sos' }
  | { at: 'hours'; place: NamedPoint }
  | { at: 'watched'; place: NamedPoint; hours: (typeof USSD_ALERT_HOURS)[number] };

/** An answer that fits no choice: the screen is shown again with this said first. */
type Refusal = { refused: WordKey; params?: Record<string, string | number | undefined> };

const choice = (token: string, count: number): number | undefined => {
  if (!/^[1-9]\d?$/.test(token)) return undefined;
  const n = Number(token);
  return n <= count ? n : undefined;
};

/** The region's languages in the order the language screen lists them. */
const languageChosen = (token: string): ChannelLang | undefined => {
  const n = choice(token, region().languages.length);
  return n ? region().languages[n - 1] : undefined;
};

export async function ussdScreen(text: string, world: UssdWorld): Promise<Screen> {
  const tokens = text === '' ? [] : text.split('*').map((t) => t.trim());
  // Each answer is replayed on every step, some with a lookup: a session's cost stays bounded.
  // A number that chose its language before starts at the main menu (5 changes it).
  const known = world.knownLang;
  if (tokens.length > MAX_ANSWERS) {
    return end([say(known ?? languageChosen(tokens[0] ?? '') ?? defaultChannelLang(), 'tooLong')]);
  }
  let lang: ChannelLang = known ?? defaultChannelLang();
  let history: Step[] = known ? [{ at: 'main' }] : [{ at: 'lang' }];
  let refusal: Refusal | undefined;
  for (const [i, token] of tokens.entries()) {
    const current = history[history.length - 1] as Step;
    refusal = undefined;
    if (token === '00') {
      history = history.slice(0, history.findIndex((h) => h.at === 'main') + 1 || 1);
      continue;
    }
    if (token === '0') {
      if (history.length > 1) history.pop();
      continue;
    }
    if (current.at === 'lang') {
      const chosen = languageChosen(token);
      if (chosen) {
        lang = chosen;
        history.push({ at: 'main' });
        // Kept when chosen (this answer is the last), not at every replay of the session.
        if (i === tokens.length - 1) await world.rememberLang(chosen);
      } else refusal = { refused: 'invalid' };
      continue;
    }
    const next = await advance(current, token, world, lang);
    if ('refused' in next) refusal = next;
    else history.push(next);
  }
  return render(history[history.length - 1] as Step, lang, refusal, world);
}

async function advance(
  step: Step,
  token: string,
  world: UssdWorld,
  lang: ChannelLang,
): Promise<Step | Refusal> {
  const invalid: Refusal = { refused: 'invalid' };
  switch (step.at) {
    case 'main': {
      const n = choice(token, 6);
      if (n === 1) return { at: 'place', goal: 'near' };
      if (n === 2) return { at: 'place', goal: 'report' };
      if (n === 3) return { at: 'spot' };
      if (n === 4) return { at: 'sos' };
      if (n === 5) return { at: 'lang' };
      if (n === 6) return { at: 'place', goal: 'watch' };
      return invalid;
    }
    case 'place': {
      const options = await world.findPlaces(token);
      // What was typed is shown back: never with a phone number in it.
      if (!options.length)
        return { refused: 'notFound', params: { q: redactPhoneNumbers(token.slice(0, 30)) } };
      if (options.length === 1) return placeChosen(step.goal, options[0] as NamedPoint);
      return { at: 'pick', goal: step.goal, options };
    }
    case 'pick': {
      const n = choice(token, step.options.length);
      return n ? placeChosen(step.goal, step.options[n - 1] as NamedPoint) : invalid;
    }
    case 'dangers': {
      const pages = await dangerPages(step.place, lang, world);
      if (token === '9') return pages.length > step.page + 1 ? { ...step, page: step.page + 1 } : invalid;
      const page = pages[step.page] ?? [];
      const n = choice(token, page.length);
      if (!n) return invalid;
      const id = (page[n - 1] as DangerLine).id;
      const spot = await world.publicSpot(id);
      return spot ? { at: 'vote', spot } : { refused: 'noSpot', params: { id } };
    }
    case 'category': {
      const n = choice(token, CATEGORIES.length);
      return n ? { at: 'severity', place: step.place, category: CATEGORIES[n - 1] as Category } : invalid;
    }
    case 'severity': {
      const n = choice(token, 5);
      return n ? { at: 'time', place: step.place, category: step.category, severity: n } : invalid;
    }
    case 'time': {
      const n = choice(token, TIMES_OF_DAY.length);
      return n ? { ...step, at: 'words', time: TIMES_OF_DAY[n - 1] as TimeOfDay } : invalid;
    }
    case 'words': {
      const { place, category, severity, time } = step;
      return { at: 'confirm', draft: { place, category, severity, time, words: token === '1' ? '' : token } };
    }
    case 'confirm': {
      const n = choice(token, 2);
      if (n === 1) return { at: 'send', draft: step.draft };
      return n === 2 ? { at: 'cancelled' } : invalid;
    }
    case 'spot': {
      const id = /^#?\d{1,9}$/.test(token) ? Number(token.replace('#', '')) : 0;
      const spot = id > 0 ? await world.publicSpot(id) : undefined;
      return spot ? { at: 'vote', spot } : { refused: 'noSpot', params: { id: token.slice(0, 12) } };
    }
    case 'hours': {
      const n = choice(token, USSD_ALERT_HOURS.length);
      return n ? { at: 'watched', place: step.place, hours: USSD_ALERT_HOURS[n - 1] } : invalid;
    }
    case 'vote': {
      const n = choice(token, 2);
      return n ? { at: 'cast', spot: step.spot, value: n === 1 ? 1 : -1 } : invalid;
    }
    default:
      // A screen that ended the session takes no more answers.
      return invalid;
  }
}

const placeChosen = (goal: Goal, place: NamedPoint): Step =>
  goal === 'near'
    ? { at: 'dangers', place, page: 0 }
    : goal === 'watch'
      ? { at: 'hours', place }
      : { at: 'category', place };

const placeLabel = (p: NamedPoint) => gsm(p.detail ? `${p.name}, ${p.detail}` : p.name);

/** The draft as a report of the API, its title in the language of the session. */
function draftToReport(d: ReportDraft, lang: ChannelLang): unknown {
  const area = gsm(d.place.name).slice(0, 80);
  const title = say(lang, 'titleNear', { category: categoryName(lang, d.category), place: area });
  return {
    title: title.length > 80 ? `${title.slice(0, 77)}...` : title,
    description: d.words,
    area,
    lat: d.place.lat,
    lng: d.place.lng,
    category: d.category,
    severity: d.severity,
    time_of_day: d.time,
  };
}

async function render(
  step: Step,
  lang: ChannelLang,
  refusal: Refusal | undefined,
  world: UssdWorld,
): Promise<Screen> {
  const s = (key: WordKey, params?: Record<string, string | number | undefined>) => say(lang, key, params);
  const note = refusal ? s(refusal.refused, refusal.params) : undefined;
  /** A question and its choices; a refusal's note comes first, or instead of the question if need be. */
  const menu = (lines: string[]) => {
    const screen = [note, ...lines, s('back')];
    return con(note && join(screen).length > SCREEN_CHARS ? [note, ...lines.slice(1), s('back')] : screen);
  };
  switch (step.at) {
    case 'lang':
      return con([note, 'Hatari', ...region().languages.map((l, i) => `${i + 1} ${LANGUAGE_NAMES[l]}`)]);
    case 'main':
      return menu([s('main')]);
    case 'place':
      return menu([s('askPlace')]);
    case 'pick':
      return con(
        fitList(
          [note, s('pickPlace')],
          step.options.map((p, i) => `${i + 1} ${placeLabel(p)}`),
          [s('back')],
        ),
      );
    case 'dangers':
      return dangerPage(step, lang, note, world);
    case 'category':
      return menu([s('askCategory'), ...CATEGORIES.map((c, i) => `${i + 1} ${categoryName(lang, c)}`)]);
    case 'severity':
      return menu([s('askSeverity'), ...[1, 2, 3, 4, 5].map((n) => `${n} ${severityName(lang, n)}`)]);
    case 'time':
      return menu([s('askTime'), ...TIMES_OF_DAY.map((t, i) => `${i + 1} ${timeName(lang, t)}`)]);
    case 'words':
      return menu([s('askWords')]);
    case 'confirm': {
      const d = step.draft;
      const summary = `${categoryName(lang, d.category)}, ${d.severity}/5, ${timeName(lang, d.time)}: ${gsm(d.place.name)}`;
      const words = d.words ? `"${gsm(d.words)}"` : undefined;
      return con(
        fitList([note, s('confirm')], [summary, ...(words ? [words] : [])], [s('send'), s('back')], true),
      );
    }
    case 'hours':
      return menu([s('askHours', { place: gsm(step.place.name).slice(0, 40) })]);
    case 'send':
    case 'cast':
    case 'watched': {
      const result = await world.once(() =>
        step.at === 'send'
          ? world.report(draftToReport(step.draft, lang))
          : step.at === 'cast'
            ? world.vote(step.spot, step.value)
            : world.watch(step.place, step.hours, lang),
      );
      return end([result === 'in progress' ? s('received') : s(result.key, result.params)]);
    }
    case 'cancelled':
      return end([s('cancelled')]);
    case 'spot':
      return menu([s('askSpot')]);
    case 'vote': {
      // The spot in brief: what, how bad, when, verified or how the votes stand; then the two
      // answers right there, each with how many gave it.
      const spot = step.spot;
      const sure = spot.moderator_verified ? verifiedName(lang) : statusName(lang, spot.status);
      const facts = `${categoryName(lang, spot.category)}, ${spot.severity}/5, ${timeName(lang, spot.time_of_day)}. ${sure}`;
      const [yes, no] = s('voteChoice').split('\n');
      return con(
        fitList(
          [note],
          [`#${spot.id} ${gsm(spot.title)}`],
          [facts, `${yes} (${spot.confirmations})`, `${no} (${spot.denials})`, s('back')],
          true,
        ),
      );
    }
    case 'sos':
      return end([
        s('sos'),
        ...region().emergency.map(
          // Each says whether it is free: a mobile line costs a normal call.
          (l) => `${l.shown ?? l.number} ${lineName(lang, l.label)}, ${callCost(lang, l.free)}`,
        ),
      ]);
  }
}

/** A danger as its screen lists it: the text after its number, and the spot it opens. */
type DangerLine = { id: number; text: string };

/**
 * The dangers near a place, cut into screens: as many lines as fit with the heading (first screen
 * only), "9 More" and "0 Back", each numbered from 1 on its screen (choosing one opens it). Cut the
 * same way on every replay, so "9" and each number always mean the same.
 */
async function dangerPages(place: NamedPoint, lang: ChannelLang, world: UssdWorld): Promise<DangerLine[][]> {
  const dangers = await world.dangersNear(place, DANGER_RADIUS_M, DANGERS_LISTED);
  const lines = dangers.map((d) => {
    const facts = ` ${d.severity}/5 ${timeName(lang, d.time_of_day)} ${distance(d.distance_m)}`;
    const title = gsm(d.title);
    const room = LINE_CHARS - facts.length - 2;
    return { id: d.id, text: `${title.length > room ? `${title.slice(0, room - 2)}..` : title}${facts}` };
  });
  const head = say(lang, 'dangersNear', { place: gsm(place.name) });
  const foot = [say(lang, 'more'), say(lang, 'back')];
  const pages: DangerLine[][] = [];
  for (let start = 0; start < lines.length; ) {
    // A refusal's note takes the heading's place on the first screen: room for the longer of them.
    const top = pages.length || head.length < REFUSAL_ROOM.length ? REFUSAL_ROOM : head;
    const numbered = lines.slice(start, start + PAGE_MAX).map((l, i) => `${i + 1} ${l.text}`);
    const count = Math.max(1, fitting([top], numbered, foot));
    pages.push(lines.slice(start, start + count));
    start += count;
  }
  return pages;
}

/** Room kept on list screens for a refusal's note ("Choose a number shown:" and its like). */
const REFUSAL_ROOM = 'x'.repeat(24);

async function dangerPage(
  step: Extract<Step, { at: 'dangers' }>,
  lang: ChannelLang,
  note: string | undefined,
  world: UssdWorld,
): Promise<Screen> {
  const place = gsm(step.place.name);
  const pages = await dangerPages(step.place, lang, world);
  const lines = pages[step.page];
  if (!lines)
    return con([note, say(lang, 'noDangers', { km: DANGER_RADIUS_M / 1000, place }), say(lang, 'back')]);
  const last = step.page === pages.length - 1;
  return con([
    note ?? (step.page === 0 ? say(lang, 'dangersNear', { place }) : undefined),
    ...lines.map((l, i) => `${i + 1} ${l.text}`),
    last ? undefined : say(lang, 'more'),
    say(lang, 'back'),
  ]);
}
