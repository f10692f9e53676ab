import * as z from 'zod/mini';
import { CATEGORIES, type ReportField, TEXT_LIMITS, TIMES_OF_DAY } from './domain.ts';
import { roundCoordinate } from './geo.ts';
import { insideRegion, insideRegionText, phoneNumberPattern, type Region, region } from './region.ts';

/**
 * A report's fields and the rules each must meet: the server validates reports and moderators'
 * edits with them, and the page checks a draft with them before it sends it (web/src/map/report/report-draft.ts).
 * Written with Zod's mini build, which the page's bundle can afford; the server's schemas compose them.
 */

/** NUL and other control characters (but tab and newline) are dropped; text is NFC-normalised and trimmed. */
const cleanText = (s: string) =>
  s
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
    .trim();

const requiredMessage = (what: string, kind: string) => (iss: { input: unknown }) =>
  iss.input === undefined ? `${what} is required` : `${what} must be ${kind}`;

export const limitedText = (what: string, max: number, min?: { length: number; message: string }) =>
  z
    .string({ error: requiredMessage(what, 'text') })
    .check(
      z.overwrite(cleanText),
      z.maxLength(max, `${what} must be at most ${max} characters`),
      ...(min ? [z.minLength(min.length, min.message)] : []),
    );

const isCalendarDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
};

const incidentDate = z
  .string({ error: 'Incident date must be a date (YYYY-MM-DD) or null' })
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Incident date must be a date (YYYY-MM-DD) or null'),
    z.refine(isCalendarDate, 'Incident date is not a real calendar date'),
  );

/** Messaging and calling links' hosts (and their subdomains): such a link points at a person. */
const MESSAGING_HOSTS = [
  'wa.me',
  'whatsapp.com',
  't.me',
  'telegram.me',
  'telegram.dog',
  'm.me',
  'signal.me',
  'viber.click',
];
const messagingHost = (url: URL) =>
  MESSAGING_HOSTS.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`));

/**
 * Whether a link's path, query or fragment holds a phone number: digits, perhaps split by spaces,
 * dots, dashes or brackets, that spell one of the region's numbers, or 8 to 15 digits after a `+`.
 */
function holdsPhoneNumber(url: URL): boolean {
  let rest = url.pathname + url.search + url.hash;
  try {
    rest = decodeURIComponent(rest.replace(/\+/g, ' '));
  } catch {
    // Malformed escapes: read as written.
  }
  const { pattern } = phoneNumberPattern();
  return [...rest.matchAll(/(\+\s*)?\d(?:[\d\s().-]*\d)?/g)].some((m) => {
    const digits = m[0].replace(/\D/g, '');
    return pattern.test(digits) || (m[1] !== undefined && digits.length >= 8 && digits.length <= 15);
  });
}

const NOT_A_SOURCE = 'Source must be a news, police or court page';

/**
 * `""` and `null` both mean "no source"; anything else must be an http(s) URL of a real host, and
 * never a messaging or calling link, nor one that holds a phone number.
 */
const sourceUrl = z.pipe(
  z.transform((v: unknown) => (v === '' ? null : v)),
  z.nullable(
    z
      .url({
        protocol: /^https?$/,
        hostname: z.regexes.domain,
        error: 'Source must be an http or https link',
        abort: true,
      })
      .check(
        z.maxLength(TEXT_LIMITS.sourceUrl, `Source link must be at most ${TEXT_LIMITS.sourceUrl} characters`),
        z.refine((v) => !messagingHost(new URL(v)), {
          error: `${NOT_A_SOURCE}, not a messaging or calling link`,
          abort: true,
        }),
        z.refine((v) => !holdsPhoneNumber(new URL(v)), `${NOT_A_SOURCE}, not a link holding a phone number`),
      ),
  ),
);

const severityMessage = 'Severity must be a whole number from 1 to 5';

/** The rules of each report field, without defaults (a moderator's edit sends only what changes). */
export const reportFieldRules = {
  title: limitedText('Title', TEXT_LIMITS.title, {
    length: TEXT_LIMITS.titleMin,
    message: `Title must be at least ${TEXT_LIMITS.titleMin} characters`,
  }),
  lat: z.pipe(z.number({ error: requiredMessage('Latitude', 'a number') }), z.transform(roundCoordinate)),
  lng: z.pipe(z.number({ error: requiredMessage('Longitude', 'a number') }), z.transform(roundCoordinate)),
  category: z.enum(CATEGORIES, { error: `Category must be one of: ${CATEGORIES.join(', ')}` }),
  severity: z
    .int({ error: requiredMessage('Severity', 'a whole number from 1 to 5') })
    .check(z.gte(1, severityMessage), z.lte(5, severityMessage)),
  time_of_day: z.enum(TIMES_OF_DAY, { error: 'Time of day must be one of: day, night, any' }),
  description: limitedText('Description', TEXT_LIMITS.description),
  area: limitedText('Area', TEXT_LIMITS.area),
  incident_date: z.nullable(incidentDate),
  source_url: sourceUrl,
} satisfies Record<ReportField, z.ZodMiniType>;

const reportFields = {
  ...reportFieldRules,
  description: z._default(reportFieldRules.description, ''),
  area: z._default(reportFieldRules.area, ''),
  incident_date: z._default(reportFieldRules.incident_date, null),
  source_url: z._default(reportFieldRules.source_url, null),
};

type Located = { lat?: unknown; lng?: unknown };
const bothNumbers = (v: unknown) =>
  typeof (v as Located)?.lat === 'number' && typeof (v as Located)?.lng === 'number';

/** A report located inside a region (the one served unless named): outside, one `custom` issue at ["lat"]. */
export const reportInRegion = (which: () => Region = region) =>
  z.object(reportFields).check(
    z.refine((r) => insideRegion(r.lat, r.lng, which().box), {
      error: () => `Location must be ${insideRegionText(which())}`,
      path: ['lat'],
      when: (payload) => bothNumbers(payload.value),
    }),
  );

/** Body of POST /api/spots. */
export const reportInput = reportInRegion();
export type ReportInput = z.output<typeof reportInput>;
