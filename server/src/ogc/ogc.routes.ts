import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';
import { error, json, notModified, typed } from '../http/api-schema.ts';
import { type EncodedBody, encodedBody, sendEncoded } from '../http/encoded-body.ts';
import { openApi30Part } from '../http/openapi-document.ts';
import { readKey } from '../http/public-cache.ts';
import { readsBusy } from '../http/read-gate.ts';
import { spotIdParams } from '../spots/index.ts';
import {
  OGC_CONFORMANCE,
  OGC_MAX_LIMIT,
  ogcCollection,
  ogcCollections,
  ogcConformance,
  ogcFeature,
  ogcFeatureCollection,
  ogcItemsQuery,
  ogcLandingPage,
  ogcMetaQuery,
} from './ogc.schema.ts';
import { OgcLinks, OPENAPI_30, ogcItem, ogcItems } from './ogc.service.ts';

const geojson = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/geo+json': { schema } },
});
const asGeojson = {
  type: 'application/geo+json',
  encode: (payload: unknown) => Buffer.from(JSON.stringify(payload)),
};
const badQuery = error('A parameter the API does not define, or one out of range');

/**
 * OGC API – Features under /ogc (docs/api.md, "OGC API – Features"): what QGIS, GDAL and ArcGIS
 * open as a layer. The metadata is fixed once the app is ready (made once, with its tag); the items
 * come from the read cache with its ETags and the read limits, as the spot list does.
 */
export function registerOgcRoutes(app: FastifyInstance, deps: Deps): void {
  const links = new OgcLinks(deps.config.publicUrl);
  registerOgcMetadata(app, links);
  registerOgcItems(app, deps, links);
}

/** A JSON answer fixed once the app is ready: made once, with its tag, kept by caches an hour. */
const fixed = (payload: unknown, type = 'application/json; charset=utf-8'): EncodedBody =>
  encodedBody(Buffer.from(JSON.stringify(payload)), {
    type,
    cacheControl: 'public, max-age=3600',
    text: true,
    brotliQuality: 11,
  });

/** The landing page, the conformance classes, the collections and the API definition. */
function registerOgcMetadata(app: FastifyInstance, links: OgcLinks): void {
  const meta = (path: string, summary: string, description: string, schema: z.ZodType, payload: unknown) => {
    const body = fixed(payload);
    typed(app).get(
      path,
      {
        compress: false,
        config: { rateLimit: ['read', 'read_network'], revalidates: true },
        schema: {
          summary,
          description,
          tags: ['ogc'],
          querystring: ogcMetaQuery,
          response: { 200: json(summary, schema), 304: notModified, 400: badQuery },
        },
      },
      (request: FastifyRequest, reply: FastifyReply) => sendEncoded(request, reply, body),
    );
  };

  // The API definition of these paths in OpenAPI 3.0 (the whole API's is 3.1, at /api/openapi.json):
  // made once, at the first request, from the generated document.
  let definition: EncodedBody | undefined;
  app.get(
    '/ogc/api',
    { compress: false, config: { rateLimit: ['read', 'read_network'], revalidates: true } },
    (request, reply) => {
      definition ??= fixed(
        openApi30Part(app.swagger() as unknown as Record<string, unknown>, '/ogc'),
        OPENAPI_30,
      );
      return sendEncoded(request, reply, definition);
    },
  );

  meta(
    '/ogc',
    'The landing page',
    'Links to the API definition, the conformance classes and the collections.',
    ogcLandingPage,
    links.landingPage(),
  );
  meta(
    '/ogc/conformance',
    'The conformance classes',
    'OGC API – Features Part 1: Core, GeoJSON and OpenAPI 3.0.',
    ogcConformance,
    { conformsTo: OGC_CONFORMANCE },
  );
  meta(
    '/ogc/collections',
    'The collections',
    'One collection: the public spots on the map.',
    ogcCollections,
    links.collections(),
  );
  meta(
    '/ogc/collections/spots',
    'The spots collection',
    'Its extent, coordinate system (CRS84) and the link to its items.',
    ogcCollection,
    links.collection(),
  );
}

/** The spots collection's items, a page at a time, and one by id, from the read cache. */
function registerOgcItems(app: FastifyInstance, deps: Deps, links: OgcLinks): void {
  const api = typed(app);
  api.get(
    '/ogc/collections/spots/items',
    {
      compress: false,
      config: { rateLimit: ['read', 'read_network'], revalidates: true },
      schema: {
        summary: 'The spots, a page at a time',
        description:
          `Public spots on the map in id order, limit at a time (at most ${OGC_MAX_LIMIT}), in a box ` +
          '(bbox) and reported in an interval (datetime); numberMatched counts them all, and the next ' +
          'and prev links turn the pages. ETag and If-None-Match as the list.',
        tags: ['ogc'],
        querystring: ogcItemsQuery,
        response: {
          200: geojson('A page of spots', ogcFeatureCollection),
          304: notModified,
          400: badQuery,
          503: readsBusy,
        },
      },
    },
    (request, reply) =>
      deps.publicCache.send(
        request,
        reply,
        readKey('/ogc/collections/spots/items', request.query),
        () => ogcItems(deps.db, links, request.query),
        { headers: { cacheControl: 'no-cache', body: asGeojson } },
      ),
  );

  api.get(
    '/ogc/collections/spots/items/:id',
    {
      compress: false,
      config: { rateLimit: ['read', 'read_network'], revalidates: true },
      schema: {
        summary: 'One spot',
        description: 'A spot on the map as a GeoJSON feature, with links to its collection and its page.',
        tags: ['ogc'],
        params: spotIdParams,
        querystring: ogcMetaQuery,
        response: {
          200: geojson('The spot as a feature', ogcFeature),
          304: notModified,
          400: badQuery,
          404: error('No such spot on the map'),
          503: readsBusy,
        },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      return deps.publicCache.send(
        request,
        reply,
        readKey('/ogc/collections/spots/items/{id}', { id }),
        () => ogcItem(deps.db, links, id),
        { cost: 'light', headers: { cacheControl: 'no-cache', body: asGeojson } },
      );
    },
  );
}
