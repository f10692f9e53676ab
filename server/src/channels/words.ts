import type { Category, Status, TimeOfDay } from '../../../common/domain.ts';
import { type Lang, region } from '../../../common/region.ts';
import { channelWords, type PluralForm, type WordKey } from '../../../common/words/channels.ts';
import { en as webEn } from '../../../common/words/en.ts';
import { fill, pluralKey } from '../../../common/words/fill.ts';
import { lg as webLg } from '../../../common/words/lg.ts';
import { sw as webSw } from '../../../common/words/sw.ts';

export type { WordKey };

/**
 * What USSD screens and SMS say, in English, Luganda and Swahili, from the channels' dictionary
 * (common/words/channels.ts). Category, severity and emergency line names come from the page's
 * dictionaries, so a danger is named alike on every channel. Screens are written for GSM phones:
 * plain letters, `gsm()` turns the rest into their nearest.
 */
export type ChannelLang = Lang;
/** One SMS holds 160 characters of the GSM 7-bit alphabet: every answer and alert fits one. */
export const SMS_CHARS = 160;

export const isChannelLang = (l: string | null | undefined): l is ChannelLang =>
  l !== null && l !== undefined && (region().languages as readonly string[]).includes(l);

/** The region's first language: what a number is answered in until it chooses. */
export const defaultChannelLang = (): ChannelLang => region().languages[0] ?? 'en';
const WORDS: Record<ChannelLang, Record<WordKey, string> & Partial<Record<PluralForm, string>>> =
  channelWords;
const WEB = { en: webEn, lg: webLg, sw: webSw } as const;

type Params = Record<string, string | number | undefined>;

/**
 * A screen's or an SMS's words. Vote counts `c` and `d` are written out as `{still}` and `{not}`, in
 * the form their number takes in the language (Luganda: 1 agamba, 2 bagamba).
 */
export const say = (lang: ChannelLang, key: WordKey, params: Params = {}) =>
  gsm(fill(WORDS[lang][key], 'c' in params ? { ...params, ...voteCounts(lang, params) } : params));

function voteCounts(lang: ChannelLang, { c, d }: Params) {
  const words = WORDS[lang];
  const has = (k: string): k is WordKey | PluralForm => k in words;
  const count = (key: 'stillDangerous' | 'notAnymore', n: number) =>
    fill(words[pluralKey(lang, key, n, has)] ?? words[key], { n });
  return { still: count('stillDangerous', Number(c)), not: count('notAnymore', Number(d)) };
}

type WebKey = keyof typeof webEn;
const web = (lang: ChannelLang, key: WebKey) => gsm(WEB[lang][key] ?? webEn[key]);

export const categoryName = (lang: ChannelLang, c: Category) => web(lang, `category.${c}` as WebKey);
export const severityName = (lang: ChannelLang, s: number) => web(lang, `severity.${s}` as WebKey);
export const timeName = (lang: ChannelLang, t: TimeOfDay) => say(lang, t);
export const lineName = (lang: ChannelLang, label: string) => web(lang, `sos.${label}` as WebKey);
export const callCost = (lang: ChannelLang, free: boolean) => web(lang, free ? 'sos.free' : 'sos.paid');
export const statusName = (lang: ChannelLang, s: Status) => web(lang, `status.${s}` as WebKey);
export const verifiedName = (lang: ChannelLang) => web(lang, 'detail.verified');
/** The two votes in the page's own words, so a language says "not anymore" one way everywhere. */
export const voteName = (lang: ChannelLang, value: 1 | -1) =>
  web(lang, value === 1 ? 'detail.stillDangerous' : 'detail.notAnymore');

/** Metres as phones show them: "350 m", "1.2 km" ("350m" with `space` ''). */
export const distance = (m: number, space = ' ') =>
  m < 1000 ? `${Math.round(m / 10) * 10}${space}m` : `${(m / 1000).toFixed(1)}${space}km`;

/**
 * Text as a GSM phone shows it: typographic quotes, dashes and ellipses become their plain forms and
 * accents are dropped, so a screen stays in the 7-bit alphabet (a single other character would make
 * the network send the whole screen in UCS-2, at under half the length).
 */
export function gsm(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\n\x20-\x7e£¥èéùìòÇØøÅåÄÖÑÜäöñüà§¿¡]/g, '');
}
