import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Spot } from '../../../common/api.ts';
import { CATEGORIES, MAX_ID, TEXT_LIMITS } from '../../../common/domain.ts';
import { region } from '../../../common/region.ts';
import type { NamedPoint, NearDanger } from '../../src/channels/channels.sql.ts';
import { SCREEN_CHARS } from '../../src/channels/screen.ts';
import { ussdScreen } from '../../src/channels/ussd.ts';
import type { UssdWorld } from '../../src/channels/ussd-steps.ts';
import { type ChannelLang, categoryName } from '../../src/channels/words.ts';

/**
 * Every USSD screen, in every language, filled with the longest values the menu can meet: the
 * longest titles and place names the API allows, the largest ids and counts, the wordiest category
 * and time. Each must fit the gateway's 182 characters with its choices whole (the layout shortens
 * the values, never cuts the choices off).
 */
const wide = (n: number) => 'W'.repeat(n);
const place: NamedPoint = { name: wide(TEXT_LIMITS.area), detail: wide(120), lat: 0.33, lng: 32.58 };
/** When the screens' spot was reported: any fixed day serves. */
const REPORTED = new Date('2026-11-25T09:00:00Z');
const spot: Spot = {
  id: MAX_ID,
  title: wide(TEXT_LIMITS.title),
  description: wide(TEXT_LIMITS.description),
  lat: 0.33,
  lng: 32.58,
  area: wide(TEXT_LIMITS.area),
  category: 'other',
  severity: 5,
  time_of_day: 'any',
  incident_date: null,
  source_url: null,
  created_at: REPORTED.toISOString(),
  last_confirmed_at: null,
  confirmations: 99_999,
  denials: 99_999,
  status: 'unverified',
  moderator_verified: true,
  seeded: false,
  confidence: 10,
  archived: false,
};
const dangers: NearDanger[] = Array.from({ length: 30 }, (_, i) => ({
  id: MAX_ID - i,
  title: wide(TEXT_LIMITS.title),
  category: CATEGORIES[i % CATEGORIES.length] as NearDanger['category'],
  severity: 5,
  time_of_day: 'any',
  distance_m: 2999,
  last_word: REPORTED,
}));
/** The spot, with the category whose name is longest in `lang`. */
const wordiest = (lang: ChannelLang): Spot => ({
  ...spot,
  category:
    [...CATEGORIES].sort((a, b) => categoryName(lang, b).length - categoryName(lang, a).length)[0] ?? 'other',
});
const worldIn = (lang: ChannelLang): UssdWorld => ({
  // So long after the spot's report that its screen asks "still there?" with the widest count.
  now: new Date(REPORTED.getTime() + 99_999 * 86_400_000),
  knownLang: undefined,
  rememberLang: async () => {},
  watch: async () => ({ key: 'ussdWatching', params: { place: wide(40) } }),
  findPlaces: async () => Array.from({ length: 5 }, () => place),
  dangersNear: async () => dangers,
  publicSpot: async () => wordiest(lang),
  once: (run) => run(),
  report: async () => ({ key: 'sentPending', params: { id: MAX_ID } }),
  vote: async () => ({ key: 'voted', params: { id: MAX_ID, c: 99_999, d: 99_999 } }),
});

/** Each path through the menu (after the language), and what its screen must end with. */
const PATHS: [string, RegExp][] = [
  ['', /\n6 .+\n0 .+$/],
  ['1', /\n0 .+$/],
  ['1*x', /\n5 .+\n0 .+$/],
  ['1*x*1', /\n9 .+\n0 .+$/],
  ['1*x*1*9', /\n0 .+$/],
  ['1*x*1*1', /\n1 .+\n2 .+\n0 .+$/],
  ['1*x*1*1*7', /\n1 .+\n2 .+\n0 .+$/],
  ['1*x*1*1*1', /\d/],
  ['2*x*1', /\n0 .+$/],
  ['2*x*1*1', /\n5 .+\n0 .+$/],
  ['2*x*1*1*5', /\n3 .+\n0 .+$/],
  ['2*x*1*1*5*3', /\n0 .+$/],
  [`2*x*1*1*5*3*${wide(160)}`, /\n1 .+\n2 .+\n0 .+$/],
  [`2*x*1*1*5*3*${wide(160)}*1`, /\d/],
  ['3', /\n0 .+$/],
  ['3*123', /\n1 .+\n2 .+\n0 .+$/],
  ['3*99999999', /\n0 .+$/],
  ['4', /999/],
  ['6', /\n0 .+$/],
  ['6*x', /\n5 .+\n0 .+$/],
  ['6*x*1', /\n4 .+\n0 .+$/],
  ['6*x*1*4', /\S/],
];

describe('every USSD screen with the longest values', () => {
  for (const [i, lang] of region().languages.entries()) {
    it(`fits 182 characters with its choices whole, in ${lang}`, async () => {
      const lengths: number[] = [];
      for (const [path, ending] of PATHS) {
        const text = [String(i + 1), path].filter(Boolean).join('*');
        const screen = await ussdScreen(text, worldIn(lang));
        lengths.push(screen.text.length);
        assert.ok(screen.text.length <= SCREEN_CHARS, `${text}: ${screen.text.length} characters`);
        assert.match(screen.text, ending, `${lang} ${path}: ${screen.text}`);
        assert.match(screen.text, /^[\n\x20-\x7e]*$/, 'GSM letters only');
      }
      // For the closing note: the longest screen of each language.
      console.log(`${lang}: longest screen ${Math.max(...lengths)} characters`);
    });
  }
});
