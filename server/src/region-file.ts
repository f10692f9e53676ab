import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  EMERGENCY_LABELS,
  LANGUAGE_NAMES,
  type Landmark,
  type Lang,
  NUMBER_WORDS,
  type Region,
  UGANDA,
} from '../../common/region.ts';

/**
 * A region described in a JSON file (REGION_FILE, docs/operations.md): the same fields as Uganda's
 * in common/region.ts, checked here at start so that a mistake stops the process with its path.
 */
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const digits = (what: string) => z.string().regex(/^\d+$/, `${what} must be digits`);
/** A number word or phrase: lower-case letters, words separated by one space. */
const word = z.string().regex(/^\p{Ll}+( \p{Ll}+)*$/u, 'number words must be lower-case words');
const hour = z.number().int().min(0).max(23);
const hours = z.object({ from: hour, to: hour }).refine((h) => h.from !== h.to, 'from and to must differ');
const lang = z.enum(Object.keys(LANGUAGE_NAMES) as [Lang, ...Lang[]]);

const regionSchema = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9-]{0,15}$/),
    name: z.string().min(1).max(60),
    box: z.object({ minLat: latitude, maxLat: latitude, minLng: longitude, maxLng: longitude }),
    home: z.object({ lat: latitude, lng: longitude, zoom: z.number().int().min(6).max(18) }),
    phone: z.object({
      country: z.string().regex(/^[A-Z]{2}$/, 'country must be an ISO 3166 code such as UG'),
      callingCode: digits('callingCode').max(3),
      nationalDigits: z.number().int().min(6).max(12),
      mobileCountryCode: digits('mobileCountryCode').length(3),
      operators: z
        .array(
          z.object({
            key: z.string().regex(/^[a-z0-9-]{1,20}$/),
            name: z.string().min(1).max(60),
            mnc: z.array(digits('mnc').min(2).max(3)).min(1),
            ranges: z.array(digits('range').min(1)).min(1),
          }),
        )
        .min(1),
    }),
    languages: z.array(lang).min(1),
    // Left out, the number words of the region's languages.
    numberWords: z
      .array(
        z.object({
          digits: z.array(z.array(word)).length(10),
          repeats: z.array(
            z.object({ words: word, times: z.number().int().min(2).max(4), after: z.boolean().optional() }),
          ),
          plus: z.array(word),
          connectors: z.array(word),
        }),
      )
      .optional(),
    emergency: z
      .array(
        z.object({
          number: z.string().regex(/^\+?\d{2,15}$/),
          shown: z.string().max(30).optional(),
          label: z.enum(EMERGENCY_LABELS),
          free: z.boolean(),
        }),
      )
      .min(1),
    timeZone: z.string().refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'timeZone must be an IANA time zone such as Africa/Kampala'),
    // Left out, Uganda's: night from 19:00, alerts quiet from 22:00, mornings 6–9 and evenings 17–21.
    night: hours.default(UGANDA.night),
    quietHours: hours.default(UGANDA.quietHours),
    watchHours: z.object({ morning: hours, evening: hours }).default(UGANDA.watchHours),
    places: z.object({
      countryCodes: z.string().regex(/^[a-z]{2}(,[a-z]{2})*$/),
      viewbox: z.string().regex(/^-?[\d.]+(,-?[\d.]+){3}$/),
      dropNames: z.array(z.string()),
    }),
    // Names for the outline the map draws where no background loads (`npm run region:outline`).
    landmarks: z
      .array(
        z.object({
          name: z.string().min(1).max(40),
          lat: latitude,
          lng: longitude,
          kind: z.enum(['town', 'area', 'lake']),
          minZoom: z.number().int().min(6).max(18),
        }),
      )
      .max(200)
      .default([]),
  })
  .refine((r) => r.box.minLat < r.box.maxLat && r.box.minLng < r.box.maxLng, {
    message: 'box must have its minimum below its maximum',
    path: ['box'],
  })
  .refine(
    ({ home, box }) =>
      home.lat >= box.minLat && home.lat <= box.maxLat && home.lng >= box.minLng && home.lng <= box.maxLng,
    { message: 'home must be inside the box', path: ['home'] },
  );

/** The region a file describes, or the problems with it as lines `path: message`. */
export function readRegionFile(
  file: string,
): { region: Region; landmarks: readonly Landmark[] } | { problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return { problems: [`cannot be read as JSON (${(err as Error).message})`] };
  }
  const parsed = regionSchema.safeParse(json);
  if (parsed.success) {
    const { numberWords, landmarks, ...region } = parsed.data;
    return {
      region: { ...region, numberWords: numberWords ?? region.languages.map((l) => NUMBER_WORDS[l]) },
      landmarks,
    };
  }
  return { problems: parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`) };
}
