import { daysWithoutWord, STILL_THERE_AFTER_DAYS } from '../../../common/confidence.ts';
import { CATEGORIES, TIMES_OF_DAY } from '../../../common/domain.ts';
import {
  hoursText,
  LANGUAGE_NAMES,
  region,
  WATCH_CHOICES,
  watchChoiceHours,
} from '../../../common/region.ts';
import type { NamedPoint } from './channels.sql.ts';
import { con, end, fitList, fitting, join, SCREEN_CHARS, type Screen } from './screen.ts';
import type { Refusal, ReportDraft, Step, UssdWorld } from './ussd-steps.ts';
import {
  type ChannelLang,
  callCost,
  categoryName,
  distance,
  gsm,
  lineName,
  say,
  severityName,
  statusName,
  timeName,
  verifiedName,
  voteName,
  type WordKey,
} from './words.ts';

/**
 * The USSD menu's screens (ussd.ts): what each step shows, in the session's language, fitted to a
 * phone's screen; and the dangers near a place cut into screens, as the menu numbers them.
 */

const DANGER_RADIUS_M = 3000;
const DANGERS_LISTED = 30;
/** A danger's line: three fit on a screen with its heading and choices. */
const LINE_CHARS = 44;
/** Dangers a screen lists at most, numbered 1 to 8 (9 is "More"). */
const PAGE_MAX = 8;

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

export async function render(
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
      return menu([
        s('askHours', {
          place: gsm(step.place.name).slice(0, 40),
          ...Object.fromEntries(
            WATCH_CHOICES.flatMap((c) => {
              const hours = watchChoiceHours(c);
              return hours ? [[c, hoursText(hours, '-')]] : [];
            }),
          ),
        }),
      ]);
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
    case 'vote':
      return voteScreen(step, lang, note, world);
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
export type DangerLine = { id: number; text: string };

/**
 * The dangers near a place, cut into screens: as many lines as fit with the heading (first screen
 * only), "9 More" and "0 Back", each numbered from 1 on its screen (choosing one opens it). Cut the
 * same way on every replay, so "9" and each number always mean the same.
 */
export async function dangerPages(
  place: NamedPoint,
  lang: ChannelLang,
  world: UssdWorld,
): Promise<DangerLine[][]> {
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

/**
 * A spot in brief: what, how bad, when, verified or how the votes stand (or, when nobody confirmed
 * it for a month, "still there?"); then the two answers right there, each with how many gave it.
 */
function voteScreen(
  step: Extract<Step, { at: 'vote' }>,
  lang: ChannelLang,
  note: string | undefined,
  world: UssdWorld,
): Screen {
  const spot = step.spot;
  const quiet = daysWithoutWord(spot, world.now.getTime());
  const sure =
    quiet >= STILL_THERE_AFTER_DAYS
      ? say(lang, 'stillThere', { days: quiet })
      : spot.moderator_verified
        ? verifiedName(lang)
        : statusName(lang, spot.status);
  const facts = `${categoryName(lang, spot.category)}, ${spot.severity}/5, ${timeName(lang, spot.time_of_day)}. ${sure}`;
  const [yes, no] = [`1 ${voteName(lang, 1)}`, `2 ${voteName(lang, -1)}`];
  return con(
    fitList(
      [note],
      [`#${spot.id} ${gsm(spot.title)}`],
      [facts, `${yes} (${spot.confirmations})`, `${no} (${spot.denials})`, say(lang, 'back')],
      true,
    ),
  );
}

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
