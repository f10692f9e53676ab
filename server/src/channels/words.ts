import type { Category, TimeOfDay } from '../../../common/domain.ts';
import { en as webEn } from '../../../web/src/lib/strings/en.ts';
import { lg as webLg } from '../../../web/src/lib/strings/lg.ts';
import { sw as webSw } from '../../../web/src/lib/strings/sw.ts';

/**
 * What USSD screens and SMS say, in English, Luganda and Swahili. Category, severity and emergency
 * line names come from the web page's dictionaries, so a danger is named alike on every channel.
 * Screens are written for GSM phones: plain letters, `gsm()` turns the rest into their nearest.
 */
const en = {
  main: 'Hatari danger map\n1 Dangers near a place\n2 Report a danger\n3 Confirm or deny a spot\n4 Emergency numbers',
  askPlace: 'Type the name of a place or area:',
  notFound: 'No place called "{q}" was found.',
  pickPlace: 'Which place?',
  dangersNear: 'Dangers near {place}:',
  noDangers: 'No known dangers within {km} km of {place}.',
  more: '9 More',
  back: '0 Back',
  askCategory: 'What happens there?',
  askSeverity: 'How serious?',
  askTime: 'When is it dangerous?',
  askWords: 'A few words about the place (no names, no phone numbers), or 1 to skip:',
  confirm: 'Send this report?',
  send: '1 Send\n2 Cancel',
  sentPublic: 'Thank you. Spot #{id} is on the map now.',
  sentPending: 'Thank you. Spot #{id} waits for moderators to check it before it goes on the map.',
  cancelled: 'Report cancelled. Nothing was sent.',
  askSpot: 'Type the spot number:',
  noSpot: 'There is no spot #{id} on the map.',
  votes: '{c} still dangerous, {d} not anymore',
  voteChoice: '1 Still dangerous\n2 Not anymore',
  voted: 'Thank you. #{id} now: {c} still dangerous, {d} not anymore.',
  already: 'You already said this about #{id}.',
  invalid: 'Choose a number shown:',
  tooMany: 'Too many requests from this phone. Please try again in {wait} minutes.',
  tooManyReports: 'Too many reports from this phone. Please try again in an hour.',
  tooManyChanges: 'Too many spots changed recently on your network. Please try again later.',
  disputesHeld:
    'Many spots were marked safe across Hatari this hour, so moderators now decide. Your answer was not counted. Try again in {wait} minutes.',
  busyNetwork: 'Too many reports from your network right now. Please try again later.',
  notValid: 'The report could not be saved: {why}',
  failed: 'Sorry, Hatari cannot do that right now. Please try again later.',
  received: 'Hatari received your answer. Dial again to see the result.',
  tooLong: 'This session has gone on too long. Please dial again.',
  sos: 'Emergency numbers, free from any phone:',
  titleNear: '{category} near {place}',
  day: 'by day',
  night: 'at night',
  any: 'day and night',
} as const;

export type WordKey = keyof typeof en;

/** Luganda (to be reviewed by a native speaker). */
const lg: Record<WordKey, string> = {
  main: 'Hatari: maapu y’obulabe\n1 Obulabe okumpi n’ekifo\n2 Loopa obulabe\n3 Kakasa oba gaana ekifo\n4 Ennamba ez’obwangu',
  askPlace: 'Wandiika erinnya ly’ekifo oba ekitundu:',
  notFound: 'Tetusobodde kuzuula kifo "{q}".',
  pickPlace: 'Kifo ki?',
  dangersNear: 'Obulabe okumpi ne {place}:',
  noDangers: 'Tewali bulabe bumanyiddwa mu km {km} okuva {place}.',
  more: '9 Ebirala',
  back: '0 Emabega',
  askCategory: 'Kiki ekibeerayo?',
  askSeverity: 'Kyamaanyi kwenkana wa?',
  askTime: 'Obulabe buba ddi?',
  askWords: 'Ebigambo bitono ku kifo (si mannya, si nnamba za ssimu), oba 1 okubuuka:',
  confirm: 'Weereza lipoota eno?',
  send: '1 Weereza\n2 Sazaamu',
  sentPublic: 'Webale. Ekifo #{id} kiri ku maapu kati.',
  sentPending: 'Webale. Ekifo #{id} kirindiridde abakebera okukikakasa nga tekinnaba ku maapu.',
  cancelled: 'Lipoota esaziddwamu. Tewali kyaweerezeddwa.',
  askSpot: 'Wandiika ennamba y’ekifo:',
  noSpot: 'Tewali kifo #{id} ku maapu.',
  votes: '{c} bagamba kikyali kya bulabe, {d} bagamba si kya bulabe',
  voteChoice: '1 Kikyali kya bulabe\n2 Si kya bulabe nate',
  voted: 'Webale. #{id} kati: {c} bagamba kikyali kya bulabe, {d} bagamba si kya bulabe.',
  already: 'Kino wakyogera dda ku #{id}.',
  invalid: 'Londa ennamba eri wano:',
  tooMany: 'Okusaba kungi nnyo okuva ku ssimu eno. Ddamu oluvannyuma lw’eddakiika {wait}.',
  tooManyReports: 'Lipoota nnyingi nnyo okuva ku ssimu eno. Ddamu oluvannyuma lw’essaawa emu.',
  tooManyChanges: 'Ebifo bingi bikyuse gye buvuddeko ku mutimbagano gwo. Ddamu oluvannyuma.',
  disputesHeld:
    'Ebifo bingi bigambiddwa nti si bya bulabe ku Hatari mu ssaawa eno, kale abalabirizi be basalawo kati. Eky’oddamu tekibaliddwa. Ddamu oluvannyuma lw’eddakiika {wait}.',
  busyNetwork: 'Lipoota nnyingi nnyo okuva ku mutimbagano gwo kati. Ddamu oluvannyuma.',
  notValid: 'Lipoota tesobodde kuterekebwa: {why}',
  failed: 'Bambi, Hatari tesobola kukikola kati. Ddamu oluvannyuma.',
  received: 'Hatari efunye eky’oddamu. Kuba nate olabe ekivuddemu.',
  tooLong: 'Olukung’aana luno lulwawo nnyo. Kuba nate.',
  sos: 'Ennamba ez’obwangu, za bwereere ku ssimu yonna:',
  titleNear: '{category} okumpi ne {place}',
  day: 'emisana',
  night: 'ekiro',
  any: 'emisana n’ekiro',
};

/** Swahili (to be reviewed by a native speaker). */
const sw: Record<WordKey, string> = {
  main: 'Hatari: ramani ya hatari\n1 Hatari karibu na mahali\n2 Ripoti hatari\n3 Thibitisha au kanusha\n4 Namba za dharura',
  askPlace: 'Andika jina la mahali au eneo:',
  notFound: 'Hakuna mahali paitwapo "{q}".',
  pickPlace: 'Mahali gani?',
  dangersNear: 'Hatari karibu na {place}:',
  noDangers: 'Hakuna hatari inayojulikana ndani ya km {km} kutoka {place}.',
  more: '9 Zaidi',
  back: '0 Rudi',
  askCategory: 'Nini hutokea huko?',
  askSeverity: 'Ni hatari kiasi gani?',
  askTime: 'Ni hatari lini?',
  askWords: 'Maneno machache kuhusu mahali (bila majina wala namba za simu), au 1 kuruka:',
  confirm: 'Tuma ripoti hii?',
  send: '1 Tuma\n2 Ghairi',
  sentPublic: 'Asante. Mahali #{id} pako kwenye ramani sasa.',
  sentPending: 'Asante. Mahali #{id} panasubiri wasimamizi kukagua kabla ya kuwekwa kwenye ramani.',
  cancelled: 'Ripoti imeghairiwa. Hakuna kilichotumwa.',
  askSpot: 'Andika namba ya mahali:',
  noSpot: 'Hakuna mahali #{id} kwenye ramani.',
  votes: '{c} bado ni hatari, {d} si hatari tena',
  voteChoice: '1 Bado ni hatari\n2 Si hatari tena',
  voted: 'Asante. #{id} sasa: {c} bado ni hatari, {d} si hatari tena.',
  already: 'Tayari ulisema hivi kuhusu #{id}.',
  invalid: 'Chagua namba iliyopo:',
  tooMany: 'Maombi mengi mno kutoka simu hii. Jaribu tena baada ya dakika {wait}.',
  tooManyReports: 'Ripoti nyingi mno kutoka simu hii. Jaribu tena baada ya saa moja.',
  tooManyChanges: 'Mahali mengi yamebadilika hivi karibuni kwenye mtandao wako. Jaribu tena baadaye.',
  disputesHeld:
    'Maeneo mengi yametajwa kuwa salama kwenye Hatari saa hii, kwa hivyo wasimamizi wanaamua sasa. Jibu lako halikuhesabiwa. Jaribu tena baada ya dakika {wait}.',
  busyNetwork: 'Ripoti nyingi mno kutoka mtandao wako sasa hivi. Jaribu tena baadaye.',
  notValid: 'Ripoti haikuweza kuhifadhiwa: {why}',
  failed: 'Samahani, Hatari haiwezi kufanya hivyo sasa. Jaribu tena baadaye.',
  received: 'Hatari imepokea jibu lako. Piga tena kuona matokeo.',
  tooLong: 'Kikao hiki kimechukua muda mrefu mno. Tafadhali piga tena.',
  sos: 'Namba za dharura, bure kutoka simu yoyote:',
  titleNear: '{category} karibu na {place}',
  day: 'mchana',
  night: 'usiku',
  any: 'mchana na usiku',
};

export const CHANNEL_LANGS = ['en', 'lg', 'sw'] as const;
export type ChannelLang = (typeof CHANNEL_LANGS)[number];
const WORDS: Record<ChannelLang, Record<WordKey, string>> = { en, lg, sw };
const WEB = { en: webEn, lg: webLg, sw: webSw } as const;

const fill = (text: string, params: Params) =>
  text.replace(/\{(\w+)\}/g, (m, k: string) => (params[k] === undefined ? m : String(params[k])));

type Params = Record<string, string | number | undefined>;

export const say = (lang: ChannelLang, key: WordKey, params: Params = {}) =>
  gsm(fill(WORDS[lang][key], params));

type WebKey = keyof typeof webEn;
const web = (lang: ChannelLang, key: WebKey) => gsm(WEB[lang][key] ?? webEn[key]);

export const categoryName = (lang: ChannelLang, c: Category) => web(lang, `category.${c}` as WebKey);
export const severityName = (lang: ChannelLang, s: number) => web(lang, `severity.${s}` as WebKey);
export const timeName = (lang: ChannelLang, t: TimeOfDay) => say(lang, t);
export const lineName = (lang: ChannelLang, label: string) => web(lang, `sos.${label}` as WebKey);

/** Metres as phones show them: "350 m", "1.2 km". */
export const distance = (m: number) =>
  m < 1000 ? `${Math.round(m / 10) * 10} m` : `${(m / 1000).toFixed(1)} km`;

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
