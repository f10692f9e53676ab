import { z } from 'zod';
import {
  CATEGORIES,
  insideUganda,
  MAX_ID,
  STATUSES,
  TEXT_LIMITS,
  TIMES_OF_DAY,
  UGANDA,
} from '../../../common/domain.ts';

export {
  CATEGORIES,
  type Category,
  insideUganda,
  STATUSES,
  TIMES_OF_DAY,
  UGANDA,
} from '../../../common/domain.ts';

/** NUL and other control characters (but tab and newline) are dropped; text is NFC-normalised and trimmed. */
export const cleanText = (s: string) =>
  s
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
    .trim();

const requiredMessage = (what: string, kind: string) => (iss: { input: unknown }) =>
  iss.input === undefined ? `${what} is required` : `${what} must be ${kind}`;

export const limitedText = (what: string, max: number) =>
  z
    .string({ error: requiredMessage(what, 'text') })
    .overwrite(cleanText)
    .max(max, `${what} must be at most ${max} characters`);

const isCalendarDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
};

export const incidentDate = z
  .string({ error: 'Incident date must be a date (YYYY-MM-DD) or null' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Incident date must be a date (YYYY-MM-DD) or null')
  .refine(isCalendarDate, 'Incident date is not a real calendar date');

/** `""` and `null` both mean "no source"; anything else must be an http(s) URL of a real host. */
export const sourceUrl = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .url({
      protocol: /^https?$/,
      hostname: z.regexes.domain,
      error: 'Source must be an http or https link',
    })
    .max(TEXT_LIMITS.sourceUrl, `Source link must be at most ${TEXT_LIMITS.sourceUrl} characters`)
    .nullable(),
);

/** The rules of each report field, without defaults (a moderator's edit sends only what changes). */
export const reportFieldRules = {
  title: limitedText('Title', TEXT_LIMITS.title).min(
    TEXT_LIMITS.titleMin,
    `Title must be at least ${TEXT_LIMITS.titleMin} characters`,
  ),
  lat: z.number({ error: requiredMessage('Latitude', 'a number') }),
  lng: z.number({ error: requiredMessage('Longitude', 'a number') }),
  category: z.enum(CATEGORIES, { error: `Category must be one of: ${CATEGORIES.join(', ')}` }),
  severity: z
    .number({ error: requiredMessage('Severity', 'a whole number from 1 to 5') })
    .int('Severity must be a whole number from 1 to 5')
    .min(1, 'Severity must be a whole number from 1 to 5')
    .max(5, 'Severity must be a whole number from 1 to 5'),
  time_of_day: z.enum(TIMES_OF_DAY, { error: 'Time of day must be one of: day, night, any' }),
  description: limitedText('Description', TEXT_LIMITS.description),
  area: limitedText('Area', TEXT_LIMITS.area),
  incident_date: incidentDate.nullable(),
  source_url: sourceUrl,
};

const reportFields = {
  ...reportFieldRules,
  description: reportFieldRules.description.default(''),
  area: reportFieldRules.area.default(''),
  incident_date: reportFieldRules.incident_date.default(null),
  source_url: reportFieldRules.source_url.default(null),
};

type Located = { lat?: unknown; lng?: unknown };
const bothNumbers = (v: unknown) =>
  typeof (v as Located)?.lat === 'number' && typeof (v as Located)?.lng === 'number';

/** Body of POST /api/spots. A location outside Uganda is one `custom` issue at path ["lat"]. */
export const reportInput = z.object(reportFields).refine((r) => insideUganda(r.lat, r.lng), {
  message: `Location must be inside Uganda (latitude ${UGANDA.minLat} to ${UGANDA.maxLat}, longitude ${UGANDA.minLng} to ${UGANDA.maxLng})`,
  path: ['lat'],
  when: (payload) => bothNumbers(payload.value),
});
export type ReportInput = z.output<typeof reportInput>;

export const spotSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    lat: z.number(),
    lng: z.number(),
    area: z.string(),
    category: z.enum(CATEGORIES),
    severity: z.number().int().min(1).max(5),
    time_of_day: z.enum(TIMES_OF_DAY),
    incident_date: z.string().nullable().meta({ format: 'date' }),
    source_url: z.string().nullable().meta({ format: 'uri' }),
    created_at: z.string().meta({ format: 'date-time' }),
    last_confirmed_at: z.string().nullable().meta({ format: 'date-time' }),
    confirmations: z.number().int().min(0),
    denials: z.number().int().min(0),
    status: z.enum(STATUSES),
    moderator_verified: z.boolean().meta({ description: 'Shown as "Verified by moderators".' }),
    seeded: z.boolean(),
  })
  .meta({ id: 'Spot' });
export type Spot = z.output<typeof spotSchema>;
export type SpotStatus = Spot['status'];

const commaList = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z
    .string()
    .transform((s) => s.split(',').map((v) => v.trim()))
    .pipe(z.array(z.enum(values, { error: `${what} must be a comma list of: ${values.join(', ')}` })).min(1));

const BBOX_FORMAT = 'bbox must be minLng,minLat,maxLng,maxLat';
const bboxNumber = z
  .string()
  .regex(/^\s*-?\d+(\.\d+)?\s*$/, BBOX_FORMAT)
  .transform(Number);
const bbox = z
  .string()
  .transform((s) => s.split(','))
  .pipe(z.tuple([bboxNumber, bboxNumber, bboxNumber, bboxNumber], { error: BBOX_FORMAT }))
  .transform(([minLng, minLat, maxLng, maxLat]) => ({ minLng, minLat, maxLng, maxLat }))
  .refine((b) => b.minLng <= b.maxLng && b.minLat <= b.maxLat, BBOX_FORMAT);

export const MAX_LIST_LIMIT = 5000;

/** The filters of the spot list, shared by the clusters and the open-data exports. */
const filterFields = {
  category: commaList(CATEGORIES, 'category').optional(),
  since: z.coerce
    .number({ error: 'since must be a whole number of days' })
    .int('since must be a whole number of days')
    .min(1, 'since must be at least 1 day')
    .max(36_500, 'since must be at most 36500 days')
    .optional(),
  bbox: bbox.optional(),
  status: commaList(STATUSES, 'status').optional(),
  verified: z.enum(['1', '0', 'true', 'false'], { error: 'verified must be 1 or 0' }).optional(),
};
export const spotFilters = z.object(filterFields);
export type SpotFilters = z.output<typeof spotFilters>;

/** Query of GET /api/spots: `category` and `since`, and the extensions docs/api.md lists. */
export const listQuery = z.object({
  ...filterFields,
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_LIST_LIMIT}` })
    .int()
    .min(1)
    .max(MAX_LIST_LIMIT, `limit must be at most ${MAX_LIST_LIMIT}`)
    .default(MAX_LIST_LIMIT),
  cursor: z.string().max(100).optional(),
});
export type ListQuery = z.output<typeof listQuery>;

/** Query of GET /api/spots/clusters: the list's filters and the map's zoom. */
export const clustersQuery = z.object({
  ...filterFields,
  zoom: z.coerce.number({ error: 'zoom must be a whole number from 0 to 22' }).int().min(0).max(22),
});
export type ClustersQuery = z.output<typeof clustersQuery>;

export const clustersResponse = z.object({
  cell: z.number().meta({ description: 'Grid cell size in degrees' }),
  clusters: z.array(
    z.object({
      count: z.number().int(),
      max_severity: z.number().int().min(1).max(5),
      lat: z.number().meta({ description: "Centroid of the cell's spots" }),
      lng: z.number(),
    }),
  ),
});

/**
 * A spot id in a path. A longer number than a stored id can be is no spot: it becomes 0, which no
 * spot has, so it is a 404 like any missing spot and never reaches the integer column as is.
 */
export const spotIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d*$/, 'Spot id must be a positive whole number')
    .transform((s) => (s.length <= 10 && Number(s) <= MAX_ID ? Number(s) : 0)),
});

export const reportResponse = z.object({
  spot: spotSchema,
  pending: z.boolean().meta({ description: 'True when held for moderator review and not yet public.' }),
});
export const listResponse = z.object({
  spots: z.array(spotSchema),
  next_cursor: z.string().optional().meta({ description: 'Present only when more spots match.' }),
});
export const spotResponse = z.object({ spot: spotSchema });
