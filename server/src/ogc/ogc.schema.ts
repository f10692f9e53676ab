import { z } from 'zod';
import { spotFeature } from '../../../common/api.ts';
import { MAX_ID } from '../../../common/domain.ts';
import { roundCoordinate } from '../../../common/geo.ts';
import { named } from '../http/api-schema.ts';

/**
 * OGC API – Features, Part 1: Core (OGC 17-069r4), as Hatari serves it under /ogc: the landing
 * page, the conformance classes, the one collection of public spots and its items as GeoJSON. What
 * QGIS, GDAL's OAPIF driver and ArcGIS read to add the spots as a layer with paging and a box.
 */

export const OGC_CONFORMANCE = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
] as const;

/** Longitude, latitude on WGS 84: the only coordinate system Core requires, and the one spots are in. */
export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';

const ogcLink = z
  .object({
    href: z.string().meta({ format: 'uri' }),
    rel: z.string(),
    type: z.string().optional(),
    title: z.string().optional(),
  })
  .meta({ id: 'OgcLink' });
export type OgcLink = z.output<typeof ogcLink>;

export const ogcLandingPage = z
  .object({ title: z.string(), description: z.string(), links: z.array(ogcLink) })
  .meta({ id: 'OgcLandingPage' });

export const ogcConformance = z.object({ conformsTo: z.array(z.string()) }).meta({ id: 'OgcConformance' });

export const ogcCollection = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    links: z.array(ogcLink),
    extent: z.object({
      spatial: z.object({
        bbox: z.array(z.array(z.number()).length(4)).meta({ description: 'West, south, east, north' }),
        crs: z.string(),
      }),
      temporal: z.object({
        interval: z.array(z.array(z.string().nullable()).length(2)).meta({
          description: 'When spots were reported: from the first, open to now',
        }),
        trs: z.string(),
      }),
    }),
    itemType: z.literal('feature'),
    crs: z.array(z.string()),
  })
  .meta({ id: 'OgcCollection' });
export type OgcCollection = z.output<typeof ogcCollection>;

export const ogcCollections = z
  .object({ links: z.array(ogcLink), collections: z.array(ogcCollection) })
  .meta({ id: 'OgcCollections' });

/** One spot as OGC API – Features answers it: the open data's feature, with its links. */
export const ogcFeature = spotFeature.extend({ links: z.array(ogcLink) }).meta({ id: 'OgcFeature' });

export const ogcFeatureCollection = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(spotFeature),
    links: z.array(ogcLink).meta({ description: 'self, collection, and next or prev where more pages are' }),
    numberMatched: z.number().int().min(0).meta({ description: 'Spots matching bbox and datetime' }),
    numberReturned: z.number().int().min(0),
  })
  .meta({ id: 'OgcFeatureCollection' });
export type OgcFeatureCollection = z.output<typeof ogcFeatureCollection>;

// The requests.

/** Items per page: OGC's default is 10; a layer of a city's spots in a few pages. */
const OGC_DEFAULT_LIMIT = 100;
export const OGC_MAX_LIMIT = 1000;

const BBOX_FORMAT = 'bbox must be minLon,minLat,maxLon,maxLat (or with minHeight and maxHeight, six numbers)';

/**
 * OGC's bbox: four numbers, or six with heights (ignored: spots have none), longitude first, on
 * CRS84. A box across the antimeridian is refused: no region Hatari serves lies across it.
 */
const ogcBbox = z
  .string()
  .transform((s, ctx) => {
    const n = s.split(',').map((v) => (/^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN));
    if ((n.length !== 4 && n.length !== 6) || n.some(Number.isNaN)) {
      ctx.addIssue({ code: 'custom', message: BBOX_FORMAT });
      return z.NEVER;
    }
    const [minLng, minLat, maxLng, maxLat] = (n.length === 6 ? [n[0], n[1], n[3], n[4]] : n) as number[];
    return {
      minLng: roundCoordinate(minLng as number),
      minLat: roundCoordinate(minLat as number),
      maxLng: roundCoordinate(maxLng as number),
      maxLat: roundCoordinate(maxLat as number),
    };
  })
  .refine((b) => b.minLng <= b.maxLng && b.minLat <= b.maxLat, BBOX_FORMAT)
  .meta({ description: 'Only spots in the box: minLon,minLat,maxLon,maxLat in WGS 84 (CRS84)' });

const DATETIME_FORMAT =
  'datetime must be an RFC 3339 date-time or date, or an interval of two with "/" (".." or empty for an open end)';
const instant = (s: string, end: boolean): Date | undefined | null => {
  if (s === '..' || s === '') return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) {
    const day = new Date(`${s}T00:00:00Z`);
    return Number.isNaN(day.getTime()) ? null : end ? new Date(day.getTime() + 86_400_000 - 1) : day;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(s)) return null;
  const at = new Date(s);
  return Number.isNaN(at.getTime()) ? null : at;
};

/**
 * OGC's datetime, on when a spot was reported: an instant (a date is its whole day, UTC), or an
 * interval "start/end" with ".." or nothing for an open end.
 */
const ogcDatetime = z
  .string()
  .transform((s, ctx) => {
    const parts = s.split('/');
    const [from, to] =
      parts.length === 1
        ? [instant(s, false), instant(s, true)]
        : parts.length === 2
          ? [instant(parts[0] as string, false), instant(parts[1] as string, true)]
          : [null, null];
    if (from === null || to === null || (parts.length === 1 && !from) || (from && to && from > to)) {
      ctx.addIssue({ code: 'custom', message: DATETIME_FORMAT });
      return z.NEVER;
    }
    return { from, to };
  })
  .meta({
    description:
      'Only spots reported at this instant or in this interval (RFC 3339, e.g. 2025-01-01T00:00:00Z/.. or 2025-06-01)',
  });

const position = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a spot id from a link` })
    .int(`${name} must be a spot id from a link`)
    .min(0)
    .max(MAX_ID)
    .optional()
    .meta({ description: `A page's position, as the ${name === 'after' ? 'next' : 'prev'} link gives it` });

/**
 * GET /ogc/collections/spots/items. Strict, as OGC asks: a parameter the API does not define is a
 * 400 rather than a filter silently ignored.
 */
export const ogcItemsQuery = named(
  z
    .strictObject(
      {
        bbox: ogcBbox.optional(),
        datetime: ogcDatetime.optional(),
        limit: z.coerce
          .number({ error: `limit must be a whole number from 1 to ${OGC_MAX_LIMIT}` })
          .int(`limit must be a whole number from 1 to ${OGC_MAX_LIMIT}`)
          .min(1, `limit must be a whole number from 1 to ${OGC_MAX_LIMIT}`)
          .max(OGC_MAX_LIMIT, `limit must be at most ${OGC_MAX_LIMIT}`)
          .default(OGC_DEFAULT_LIMIT)
          .meta({ description: `Spots per page (default ${OGC_DEFAULT_LIMIT})` }),
        after: position('after'),
        before: position('before'),
        f: ogcFormat(),
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys' ? `Unknown parameter: ${issue.keys.join(', ')}` : undefined,
      },
    )
    .refine((q) => q.after === undefined || q.before === undefined, 'Give after or before, not both'),
  'items query',
);
export type OgcItemsQuery = z.output<typeof ogcItemsQuery>;

/** `f=json` (or geojson), as some OGC clients add; JSON is all this API speaks. */
function ogcFormat() {
  return z
    .enum(['json', 'geojson'], { error: 'f must be json: only JSON and GeoJSON are served' })
    .optional()
    .meta({ description: 'The encoding: json (GeoJSON for features), the only one served' });
}

/** The metadata resources take only `f`. */
export const ogcMetaQuery = named(z.strictObject({ f: ogcFormat() }), 'query');
