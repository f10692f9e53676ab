/**
 * Every fact about the country the service covers, in one place: its box, where the map opens, its
 * phones (country, calling code, mobile networks and their number ranges), the languages offered,
 * its emergency lines, its time zone and the hints its place search takes. The rest of the code
 * reads `region()`; nothing else names the country.
 *
 * Uganda is the default. A deployment elsewhere describes its own in a JSON file (REGION_FILE,
 * docs/operations.md), which the server checks at start and hands to the page with its settings.
 * docs/channels.md says how to update the operators when the numbering plan changes.
 */

/** The languages the dictionaries (common/words/) are written in; a region offers some of them. */
export const LANGUAGE_NAMES = { en: 'English', lg: 'Luganda', sw: 'Kiswahili' } as const;
export type Lang = keyof typeof LANGUAGE_NAMES;

export interface Box {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

export interface MobileOperator {
  /** A stable key: the operator's network for limits (two network codes of one operator are one). */
  key: string;
  name: string;
  /** Its mobile network codes under the region's mobile country code. */
  mnc: readonly string[];
  /** Its ranges: first digits of the national significant number. */
  ranges: readonly string[];
}

/**
 * How a language says the digits of a phone number, for the redaction to read a number written in
 * words (server/src/spots/number-words.ts). Words are lower case; a phrase's words are separated by
 * one space.
 */
export interface NumberWords {
  /** The words for each digit, 0 to 9 (several spellings each). */
  digits: readonly (readonly string[])[];
  /** Words that say the next digit twice or three times ("double seven"), or, `after`, the digit before. */
  repeats: readonly { words: string; times: number; after?: boolean }[];
  /** Words for the `+` of an international number. */
  plus: readonly string[];
  /** Short words that may sit between two groups of one number ("0772 then 123"). */
  connectors: readonly string[];
}

/** The number words of each language the dictionaries are written in. */
export const NUMBER_WORDS: Record<Lang, NumberWords> = {
  en: {
    digits: [
      ['zero', 'oh', 'o', 'nought', 'nil'],
      ['one'],
      ['two'],
      ['three'],
      ['four'],
      ['five'],
      ['six'],
      ['seven'],
      ['eight'],
      ['nine'],
    ],
    repeats: [
      { words: 'double', times: 2 },
      { words: 'triple', times: 3 },
    ],
    plus: ['plus'],
    connectors: ['then', 'and', 'next', 'dash'],
  },
  // Common spellings, with and without the doubled consonant.
  lg: {
    digits: [
      ['zeero', 'ziro'],
      ['emu', 'omu'],
      ['bbiri', 'biri'],
      ['ssatu', 'satu'],
      ['nnya', 'nya'],
      ['ttaano', 'taano'],
      ['mukaaga', 'mukaga'],
      ['musanvu', 'musamvu'],
      ['munaana', 'munana'],
      ['mwenda'],
    ],
    repeats: [
      { words: 'emirundi ebiri', times: 2, after: true },
      { words: 'emirundi esatu', times: 3, after: true },
    ],
    // A number's plus is said in English.
    plus: [],
    connectors: ['ne', 'era', 'nate', 'oluvannyuma'],
  },
  sw: {
    digits: [
      ['sifuri', 'sufuri'],
      ['moja'],
      ['mbili'],
      ['tatu'],
      ['nne'],
      ['tano'],
      ['sita'],
      ['saba'],
      ['nane'],
      ['tisa'],
    ],
    repeats: [
      { words: 'mara mbili', times: 2, after: true },
      { words: 'mara tatu', times: 3, after: true },
    ],
    plus: [],
    connectors: ['na', 'kisha', 'halafu', 'tena'],
  },
};

/** What the page's and the channels' dictionaries call each kind of line (`sos.<label>`). */
export const EMERGENCY_LABELS = ['police', 'emergency', 'callCentre', 'policeMobile'] as const;

interface EmergencyLine {
  /** As dialled (`tel:`). */
  number: string;
  /** As written for people, when it differs. */
  shown?: string;
  label: (typeof EMERGENCY_LABELS)[number];
  /** Free from any phone (the page says so beside it). */
  free: boolean;
}

/** Hours on the region's clocks: from `from`:00 up to `to`:00, across midnight when from > to. */
export interface Hours {
  from: number;
  to: number;
}

/**
 * A name the map writes where no background loads (the region's outline): a town, an area or a
 * lake, from `minZoom` on, so names at one zoom do not crowd each other.
 */
export interface Landmark {
  name: string;
  lat: number;
  lng: number;
  kind: 'town' | 'area' | 'lake';
  minZoom: number;
}

export interface Region {
  /** Short, stable name (`ug`). */
  id: string;
  /** The country's name as the pages and the API's description write it. */
  name: string;
  /** Reports, routes and places are kept inside it (inclusive). */
  box: Box;
  /** Where the map opens on a first visit. */
  home: { lat: number; lng: number; zoom: number };
  phone: {
    /** ISO 3166 code, for reading numbers written without their country code. */
    country: string;
    callingCode: string;
    /** Digits of the national significant number (after the calling code or the trunk 0). */
    nationalDigits: number;
    /** MCC, as USSD gateways begin a `networkCode` with it. */
    mobileCountryCode: string;
    operators: readonly MobileOperator[];
  };
  /** The languages offered, the first the default (USSD lists them in this order). */
  languages: readonly Lang[];
  /** How people here say a phone number's digits: the redaction reads numbers written in words. */
  numberWords: readonly NumberWords[];
  emergency: readonly EmergencyLine[];
  /** IANA time zone: the clocks its hours are read on. */
  timeZone: string;
  /**
   * Night: when the dark makes a place dangerous. A spot dangerous at night counts for a route asked
   * for a time in it, and the page and the channels call these hours night.
   */
  night: Hours;
  /** When alerts wait for the morning (unless a killing, or the watch asked for these hours). */
  quietHours: Hours;
  /** Mornings and evenings a watch may ask for alerts in; it may also ask for night, or any time. */
  watchHours: { morning: Hours; evening: Hours };
  /** Hints for the place search (Nominatim): its country codes, the area it favours, names to drop. */
  places: { countryCodes: string; viewbox: string; dropNames: readonly string[] };
}

export const UGANDA: Region = {
  id: 'ug',
  name: 'Uganda',
  box: { minLat: -1.6, maxLat: 4.3, minLng: 29.5, maxLng: 35.1 },
  home: { lat: 0.33, lng: 32.6, zoom: 11 },
  phone: {
    country: 'UG',
    callingCode: '256',
    nationalDigits: 9,
    mobileCountryCode: '641',
    // The Uganda Communications Commission's numbering plan.
    operators: [
      { key: 'mtn', name: 'MTN Uganda', mnc: ['10'], ranges: ['76', '77', '78', '79'] },
      // Warid's network code (22) went to Airtel with the merger of 2013.
      { key: 'airtel', name: 'Airtel Uganda', mnc: ['01', '22'], ranges: ['70', '74', '75'] },
      { key: 'utl', name: 'Uganda Telecom', mnc: ['11'], ranges: ['71'] },
      { key: 'lyca', name: 'Lycamobile Uganda', mnc: ['26'], ranges: ['726', '727', '728'] },
      { key: 'smile', name: 'Smile Communications Uganda', mnc: ['33'], ranges: ['720'] },
    ],
  },
  languages: ['en', 'lg', 'sw'],
  numberWords: [NUMBER_WORDS.en, NUMBER_WORDS.lg, NUMBER_WORDS.sw],
  emergency: [
    { number: '999', label: 'police', free: true },
    { number: '112', label: 'emergency', free: true },
    { number: '0800199399', shown: '0800 199 399', label: 'callCentre', free: true },
    { number: '+256779999999', shown: '+256 779 999 999', label: 'policeMobile', free: false },
  ],
  timeZone: 'Africa/Kampala',
  // On the equator the sun sets near 19:00 all year and rises near 06:30.
  night: { from: 19, to: 6 },
  // People are asleep: an SMS then wakes them.
  quietHours: { from: 22, to: 6 },
  watchHours: { morning: { from: 6, to: 9 }, evening: { from: 17, to: 21 } },
  // Kampala is favoured (minLng,maxLat,maxLng,minLat), not required; "Uganda" ends every name.
  places: { countryCodes: 'ug', viewbox: '32.40,0.50,32.80,0.10', dropNames: ['Uganda'] },
};

/**
 * Uganda's main towns, Kampala's areas and its lakes, named on the outline the map draws where no
 * background loads. The page does not read them here: `npm run region:outline` writes them into
 * common/region-outline/ug.json with the border and the lakes' shapes. Town centres as gazetteers
 * give them; a Kampala division by its headquarters' hill and a neighbourhood by its trading centre
 * (to a few hundred metres: enough to tell where one is, never to find an address); a lake by a point
 * on its water inside the country.
 */
export const UGANDA_LANDMARKS: readonly Landmark[] = [
  { name: 'Kampala', lat: 0.3136, lng: 32.5811, kind: 'town', minZoom: 6 },
  { name: 'Gulu', lat: 2.7817, lng: 32.2992, kind: 'town', minZoom: 6 },
  { name: 'Mbarara', lat: -0.6133, lng: 30.6583, kind: 'town', minZoom: 6 },
  { name: 'Mbale', lat: 1.08, lng: 34.175, kind: 'town', minZoom: 6 },
  { name: 'Arua', lat: 3.0203, lng: 30.9108, kind: 'town', minZoom: 6 },
  { name: 'Jinja', lat: 0.4242, lng: 33.2039, kind: 'town', minZoom: 7 },
  { name: 'Lira', lat: 2.2472, lng: 32.8997, kind: 'town', minZoom: 7 },
  { name: 'Fort Portal', lat: 0.665, lng: 30.275, kind: 'town', minZoom: 7 },
  { name: 'Masaka', lat: -0.3411, lng: 31.7361, kind: 'town', minZoom: 7 },
  { name: 'Soroti', lat: 1.715, lng: 33.6111, kind: 'town', minZoom: 7 },
  { name: 'Kabale', lat: -1.25, lng: 29.99, kind: 'town', minZoom: 7 },
  { name: 'Hoima', lat: 1.4325, lng: 31.3525, kind: 'town', minZoom: 7 },
  { name: 'Moroto', lat: 2.5289, lng: 34.6639, kind: 'town', minZoom: 7 },
  { name: 'Kasese', lat: 0.1864, lng: 30.0881, kind: 'town', minZoom: 7 },
  { name: 'Kitgum', lat: 3.2789, lng: 32.8867, kind: 'town', minZoom: 7 },
  { name: 'Tororo', lat: 0.6925, lng: 34.1808, kind: 'town', minZoom: 7 },
  { name: 'Entebbe', lat: 0.0556, lng: 32.46, kind: 'town', minZoom: 8 },
  { name: 'Mukono', lat: 0.3533, lng: 32.755, kind: 'town', minZoom: 9 },
  { name: 'Nansana', lat: 0.3639, lng: 32.5286, kind: 'town', minZoom: 11 },
  { name: 'Kira', lat: 0.3972, lng: 32.6389, kind: 'town', minZoom: 11 },
  { name: 'Kawempe', lat: 0.3797, lng: 32.5575, kind: 'area', minZoom: 12 },
  { name: 'Nakawa', lat: 0.3291, lng: 32.6137, kind: 'area', minZoom: 12 },
  { name: 'Makindye', lat: 0.28, lng: 32.59, kind: 'area', minZoom: 12 },
  { name: 'Lubaga', lat: 0.3011, lng: 32.5544, kind: 'area', minZoom: 12 },
  { name: 'Kalerwe', lat: 0.3492, lng: 32.572, kind: 'area', minZoom: 13 },
  { name: 'Wandegeya', lat: 0.3319, lng: 32.5726, kind: 'area', minZoom: 13 },
  { name: 'Bwaise', lat: 0.353, lng: 32.559, kind: 'area', minZoom: 13 },
  { name: 'Bukoto', lat: 0.35, lng: 32.595, kind: 'area', minZoom: 13 },
  { name: 'Ntinda', lat: 0.354, lng: 32.616, kind: 'area', minZoom: 13 },
  { name: 'Kireka', lat: 0.346, lng: 32.648, kind: 'area', minZoom: 13 },
  { name: 'Kololo', lat: 0.327, lng: 32.595, kind: 'area', minZoom: 13 },
  { name: 'Mengo', lat: 0.302, lng: 32.568, kind: 'area', minZoom: 13 },
  { name: 'Nsambya', lat: 0.299, lng: 32.588, kind: 'area', minZoom: 13 },
  { name: 'Nateete', lat: 0.295, lng: 32.536, kind: 'area', minZoom: 13 },
  { name: 'Kansanga', lat: 0.273, lng: 32.607, kind: 'area', minZoom: 13 },
  { name: 'Luzira', lat: 0.3, lng: 32.643, kind: 'area', minZoom: 13 },
  { name: 'Ggaba', lat: 0.257, lng: 32.634, kind: 'area', minZoom: 13 },
  { name: 'Lake Victoria', lat: -0.6, lng: 32.9, kind: 'lake', minZoom: 6 },
  { name: 'Lake Kyoga', lat: 1.5, lng: 32.95, kind: 'lake', minZoom: 7 },
  { name: 'Lake Albert', lat: 1.68, lng: 30.92, kind: 'lake', minZoom: 7 },
  { name: 'Lake Edward', lat: -0.3, lng: 29.65, kind: 'lake', minZoom: 8 },
  { name: 'Lake George', lat: 0.03, lng: 30.2, kind: 'lake', minZoom: 8 },
];

let active: Region = UGANDA;

/** The region this process (or page) serves. */
export const region = (): Region => active;

/** Serves another region from now on: at start, before anything is built (and in tests). */
export function useRegion(next: Region): void {
  active = next;
}

export const insideRegion = (lat: number, lng: number, box: Box = active.box): boolean =>
  lat >= box.minLat && lat <= box.maxLat && lng >= box.minLng && lng <= box.maxLng;

/** "inside Uganda (latitude -1.6 to 4.3, longitude 29.5 to 35.1)", for messages. */
export const insideRegionText = (r: Region = active): string =>
  `inside ${r.name} (latitude ${r.box.minLat} to ${r.box.maxLat}, longitude ${r.box.minLng} to ${r.box.maxLng})`;

/** The operator a gateway's networkCode (MCC and MNC, `64110`) names, if it is one of the region's. */
export function operatorOfNetworkCode(code: string): MobileOperator | undefined {
  const { mobileCountryCode, operators } = active.phone;
  const trimmed = code.trim();
  if (!trimmed.startsWith(mobileCountryCode) || !/^\d+$/.test(trimmed)) return undefined;
  const mnc = trimmed.slice(mobileCountryCode.length);
  return mnc.length >= 2 && mnc.length <= 3 ? operators.find((o) => o.mnc.includes(mnc)) : undefined;
}

/**
 * The operator whose range holds an E.164 number (`+256772123456`), if it is one of the region's
 * mobile numbers: its calling code and national digits in one of the ranges (the longest wins).
 */
export function operatorOfNumber(e164: string): MobileOperator | undefined {
  const { callingCode, nationalDigits, operators } = active.phone;
  const prefix = `+${callingCode}`;
  const nsn = e164.startsWith(prefix) ? e164.slice(prefix.length) : '';
  if (nsn.length !== nationalDigits || !/^\d+$/.test(nsn)) return undefined;
  let best: { operator: MobileOperator; length: number } | undefined;
  for (const operator of operators)
    for (const range of operator.ranges)
      if (nsn.startsWith(range) && range.length > (best?.length ?? 0))
        best = { operator, length: range.length };
  return best?.operator;
}

/**
 * The region's phone numbers as digits only (Uganda's: national `0` + 9 digits: mobiles 07…,
 * landlines 03…/04…, toll-free 0800…; or international `256`/`00256` + 9 digits, optionally with the
 * `(0)` trunk), and the longest digit string it matches.
 */
export function phoneNumberPattern(phone: Region['phone'] = active.phone): {
  pattern: RegExp;
  longest: number;
} {
  const { callingCode, nationalDigits } = phone;
  return {
    pattern: new RegExp(`^(?:0|(?:00)?${callingCode}(?:0)?)[2-9]\\d{${nationalDigits - 1}}$`),
    longest: 2 + callingCode.length + 1 + nationalDigits,
  };
}

/** The hour (0–23) on the region's clocks at `at`. */
export function localHour(at: Date, timeZone: string = active.timeZone): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(at));
}

/** Whether a local hour lies in the hours. */
export const withinHours = (hour: number, h: Hours): boolean =>
  h.from <= h.to ? hour >= h.from && hour < h.to : hour >= h.from || hour < h.to;

/** What a watch may ask for, in the order USSD and the page offer it: any time, mornings, evenings, night. */
export const WATCH_CHOICES = ['any', 'morning', 'evening', 'night'] as const;
export type WatchChoice = (typeof WATCH_CHOICES)[number];
export const watchChoiceHours = (
  choice: WatchChoice,
  r: Pick<Region, 'night' | 'watchHours'> = active,
): Hours | undefined => (choice === 'any' ? undefined : choice === 'night' ? r.night : r.watchHours[choice]);
/** Hours as people read them: `19–6`. */
export const hoursText = (h: Hours, dash = '–'): string => `${h.from}${dash}${h.to}`;
/** Hours as a clock shows them: `22:00–06:00`. */
export const clockHoursText = (h: Hours): string =>
  `${String(h.from).padStart(2, '0')}:00–${String(h.to).padStart(2, '0')}:00`;

/** Whether it is night in the region at `at`. */
export const isNight = (at: Date, r: Region = active): boolean =>
  withinHours(localHour(at, r.timeZone), r.night);

/** The region's clocks' offset from UTC at `at`, in milliseconds. */
export function utcOffsetMs(at: Date, timeZone: string = active.timeZone): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3_600_000 + Number(m[3]) * 60_000);
}

/** What the page needs of the region; the server writes it into the page's settings. */
export type PageRegion = Pick<
  Region,
  'id' | 'name' | 'box' | 'home' | 'languages' | 'emergency' | 'night' | 'quietHours' | 'watchHours'
>;

export const pageRegion = ({
  id,
  name,
  box,
  home,
  languages,
  emergency,
  night,
  quietHours,
  watchHours,
}: Region = active): PageRegion => ({
  id,
  name,
  box,
  home,
  languages,
  emergency,
  night,
  quietHours,
  watchHours,
});
