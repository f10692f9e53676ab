import { region } from '../../../common/region.ts';
import type { Db } from '../db/db.ts';
import { notFound } from '../http/errors.ts';
import { DATA_LICENCE, getPublicSpot, idPageOfPublicSpots, spotFeature } from '../spots/index.ts';
import {
  CRS84,
  type OgcCollection,
  type OgcFeatureCollection,
  type OgcItemsQuery,
  type OgcLink,
} from './ogc.schema.ts';

const JSON_TYPE = 'application/json';
const GEOJSON = 'application/geo+json';
/** The media type of the API definition the landing page points to (/ogc/api). */
export const OPENAPI_30 = 'application/vnd.oai.openapi+json;version=3.0';
const GREGORIAN = 'http://www.opengis.net/def/uom/ISO-8601/0/Gregorian';

/** Builds the links of /ogc, on the site's absolute address (PUBLIC_URL). */
export class OgcLinks {
  readonly origin: string;
  constructor(origin: string) {
    this.origin = origin;
  }

  href(path: string, query?: URLSearchParams): string {
    const q = query?.toString();
    return `${this.origin}/ogc${path}${q ? `?${q}` : ''}`;
  }

  landingPage() {
    const r = region();
    return {
      title: `Hatari: danger spots in ${r.name}`,
      description:
        `Public danger spots reported and confirmed by people in ${r.name}, as OGC API – Features ` +
        `(${DATA_LICENCE.name}, ${DATA_LICENCE.attribution}).`,
      links: [
        { href: this.href(''), rel: 'self', type: JSON_TYPE, title: 'This page' },
        { href: this.href('/api'), rel: 'service-desc', type: OPENAPI_30, title: 'The API definition' },
        {
          href: `${this.origin}/api/docs`,
          rel: 'service-doc',
          type: 'text/html',
          title: 'The API reference',
        },
        {
          href: this.href('/conformance'),
          rel: 'conformance',
          type: JSON_TYPE,
          title: 'Conformance classes',
        },
        { href: this.href('/collections'), rel: 'data', type: JSON_TYPE, title: 'The collections' },
        { href: DATA_LICENCE.url, rel: 'license', type: 'text/html', title: DATA_LICENCE.name },
      ] satisfies OgcLink[],
    };
  }

  collection(): OgcCollection {
    const { box, name } = region();
    return {
      id: 'spots',
      title: 'Danger spots',
      description:
        `Public danger spots in ${name} on the map now (archived ones, which nobody confirmed for ` +
        'long, are left out): category, severity, hours, votes, status and how sure the map is of each.',
      links: [
        { href: this.href('/collections/spots'), rel: 'self', type: JSON_TYPE, title: 'This collection' },
        { href: this.href('/collections/spots/items'), rel: 'items', type: GEOJSON, title: 'The spots' },
        { href: DATA_LICENCE.url, rel: 'license', type: 'text/html', title: DATA_LICENCE.name },
      ],
      extent: {
        spatial: { bbox: [[box.minLng, box.minLat, box.maxLng, box.maxLat]], crs: CRS84 },
        temporal: { interval: [[null, null]], trs: GREGORIAN },
      },
      itemType: 'feature',
      crs: [CRS84],
    };
  }

  collections() {
    return {
      links: [{ href: this.href('/collections'), rel: 'self', type: JSON_TYPE, title: 'The collections' }],
      collections: [this.collection()],
    };
  }

  /**
   * The address of a page of items: the filters as parsed (one address per page, whatever spelling
   * was sent), the position moved.
   */
  items(q: OgcItemsQuery, at: { after?: number; before?: number }): string {
    const query = new URLSearchParams();
    if (q.bbox) query.set('bbox', [q.bbox.minLng, q.bbox.minLat, q.bbox.maxLng, q.bbox.maxLat].join(','));
    if (q.datetime) {
      const { from, to } = q.datetime;
      query.set('datetime', `${from?.toISOString() ?? '..'}/${to?.toISOString() ?? '..'}`);
    }
    query.set('limit', String(q.limit));
    if (at.after !== undefined) query.set('after', String(at.after));
    if (at.before !== undefined) query.set('before', String(at.before));
    return this.href('/collections/spots/items', query);
  }
}

/**
 * A page of the spots collection: spots in id order from a position, with `next` and `prev` links
 * that keep the filters (keyset paging, so a deep page costs what the first does). No `timeStamp`
 * (a recommendation of Core, not a requirement): a page that did not change keeps its ETag, so a
 * layer refreshing every few minutes is answered 304.
 */
export async function ogcItems(db: Db, links: OgcLinks, q: OgcItemsQuery): Promise<OgcFeatureCollection> {
  const page = await idPageOfPublicSpots(
    db,
    { bbox: q.bbox, reported: q.datetime },
    { after: q.after, before: q.before, limit: q.limit },
  );
  const first = page.spots[0]?.id;
  const last = page.spots[page.spots.length - 1]?.id;
  const back = q.before !== undefined;
  // Forward, more lies after the last when the page had one more; going back, after it always.
  const next = last !== undefined && (back || page.beyond);
  const prev = first !== undefined && (back ? page.beyond : (q.after ?? 0) > 0);
  return {
    type: 'FeatureCollection',
    features: page.spots.map(spotFeature),
    links: [
      { href: links.items(q, q), rel: 'self', type: GEOJSON, title: 'This page' },
      { href: links.href('/collections/spots'), rel: 'collection', type: JSON_TYPE, title: 'The collection' },
      ...(next
        ? [
            {
              href: links.items(q, { after: last }),
              rel: 'next',
              type: GEOJSON,
              title: 'The next page',
            },
          ]
        : []),
      ...(prev
        ? [
            {
              href: links.items(q, { before: first }),
              rel: 'prev',
              type: GEOJSON,
              title: 'The previous page',
            },
          ]
        : []),
    ],
    numberMatched: page.matched,
    numberReturned: page.spots.length,
  };
}

/** One spot of the collection: on the map now (an archived one is not in it). */
export async function ogcItem(db: Db, links: OgcLinks, id: number) {
  const spot = await getPublicSpot(db, id);
  if (spot.archived) throw notFound('Spot not found');
  return {
    ...spotFeature(spot),
    links: [
      { href: links.href(`/collections/spots/items/${id}`), rel: 'self', type: GEOJSON, title: 'This spot' },
      { href: links.href('/collections/spots'), rel: 'collection', type: JSON_TYPE, title: 'The collection' },
      { href: `${links.origin}/spots/${id}`, rel: 'alternate', type: 'text/html', title: 'On the map' },
    ],
  };
}
