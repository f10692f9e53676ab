import { CATEGORIES, type Category, TIMES_OF_DAY, type TimeOfDay } from '../../../common/domain.ts';
import { region, WATCH_CHOICES, type WatchChoice, watchChoiceHours } from '../../../common/region.ts';
import { redactPhoneNumbers } from '../spots/index.ts';
import type { NamedPoint } from './channels.sql.ts';
import { end, type Screen } from './screen.ts';
import { type DangerLine, dangerPages, render } from './ussd-render.ts';
import type { Goal, Refusal, Step, UssdWorld } from './ussd-steps.ts';
import { type ChannelLang, defaultChannelLang, say } from './words.ts';

/**
 * The USSD menu (docs/channels.md). The gateway sends every answer of the session so far, joined
 * by `*`, with each request; the menu is replayed from them, so a session needs no server memory
 * and any instance can answer it. `0` goes back one screen, `00` to the main menu; an answer that
 * fits no choice shows the same screen again with a word about it, and is forgotten.
 *
 * This module decides the steps (ussd-steps.ts) from the answers; ussd-render.ts draws each step's
 * screen. What the menu needs from the world (places, dangers, spots) and the two things it does
 * (save a report, cast a vote) are passed in as `UssdWorld`.
 */

/** Answers in one session: the longest path through the menu takes nine, the rest is for mistakes. */
const MAX_ANSWERS = 40;

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
      const n = choice(token, WATCH_CHOICES.length);
      return n
        ? { at: 'watched', place: step.place, hours: watchChoiceHours(WATCH_CHOICES[n - 1] as WatchChoice) }
        : invalid;
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
