import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Tile, type TileJson, tileJson, tileResponse } from '../../../common/api.ts';
import type { TileAddress } from '../../../common/geo.ts';
import { TILE_CLUSTER_MAX_ZOOM, TILE_MAX_ZOOM } from '../../../common/geo.ts';
import { region } from '../../../common/region.ts';
import type { Deps } from '../deps.ts';
import { error, json, media, named, notModified, typed } from '../http/api-schema.ts';
import { type EntryHeaders, JSON_TYPE, readKey } from '../http/public-cache.ts';
import { readsBusy } from '../http/read-gate.ts';
import { tileParams } from '../http/tile-params.ts';
import { DATA_LICENCE } from './export.ts';
import { type TileQuery, tileQuery } from './spots.schema.ts';
import { encodeMvt, MVT_EXTENT, MVT_TYPE } from './tiles.mvt.ts';
import { MARKERS_PER_TILE, readTile, readTileForJson, type TileText, tileEtag } from './tiles.service.ts';

/**
 * Shared caches (the proxy, a CDN, the page's service worker) may keep a tile 10 s and serve it
 * stale for a minute more while they revalidate it with its ETag.
 */
const TILE_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';

const describeTile =
  `Up to zoom ${TILE_CLUSTER_MAX_ZOOM}: the tile's spots counted per eighth of its side (count, ` +
  `severities, centroid). Beyond it (to ${TILE_MAX_ZOOM}): its spots as slim markers, the ` +
  `${MARKERS_PER_TILE} most severe. Takes one category, one status and verified=1. A strong ETag ` +
  "names the tile's version, which changes only when a spot in the tile does; shared caches may " +
  'keep a tile for 10 s and revalidate it.';

/** The spot tiles as a TileJSON 3.0 tileset, at this site's absolute `origin`. */
function spotTileJson(origin: string): TileJson {
  const { box, home, name } = region();
  const count = { type: 'Number' } as const;
  return {
    tilejson: '3.0.0',
    name: 'Hatari danger spots',
    description:
      `Public danger spots in ${name}: counted per eighth of a tile to zoom ${TILE_CLUSTER_MAX_ZOOM}, ` +
      'then one point per spot (feature id = spot id).',
    attribution: `<a href="${DATA_LICENCE.url}">${DATA_LICENCE.attribution}, ${DATA_LICENCE.name}</a>`,
    tiles: [`${origin}/api/spots/tiles/{z}/{x}/{y}.mvt`],
    minzoom: 0,
    maxzoom: TILE_MAX_ZOOM,
    bounds: [box.minLng, box.minLat, box.maxLng, box.maxLat],
    center: [home.lng, home.lat, home.zoom],
    vector_layers: [
      {
        id: 'clusters',
        description: 'Spots counted per cell: how many, the worst severity, how many of each',
        maxzoom: TILE_CLUSTER_MAX_ZOOM,
        fields: Object.fromEntries(
          ['count', 'max_severity', ...[1, 2, 3, 4, 5].map((n) => `severity_${n}`)].map((f) => [
            f,
            count.type,
          ]),
        ),
      },
      {
        id: 'spots',
        description: 'One point per spot, the most severe first',
        minzoom: TILE_CLUSTER_MAX_ZOOM + 1,
        fields: {
          severity: 'Number',
          category: 'String',
          status: 'String',
          verified: 'Boolean',
          seeded: 'Boolean',
          time_of_day: 'String',
          confirmed_on: 'String',
          confidence: 'Number',
          archived: 'Boolean',
        },
      },
    ],
  };
}

/** A tile's JSON: a street tile's as the database wrote it (readTileForJson), any other by the route's schema. */
const TILE_JSON: EntryHeaders['body'] = {
  type: JSON_TYPE,
  encode: (tile, bySchema) => ('text' in (tile as object) ? (tile as TileText).text : bySchema(tile)),
};

export function registerTileRoutes(app: FastifyInstance, deps: Deps): void {
  typed(app).get(
    '/api/spots/tiles.json',
    {
      config: { rateLimit: ['read', 'read_network'] },
      schema: {
        summary: 'The spot tiles as a TileJSON 3.0 tileset',
        description:
          "The MVT tiles' absolute address, bounds, centre, zooms, attribution and layers with their " +
          'fields: MapLibre, QGIS and GDAL (its MVT driver) open the spots by this one URL.',
        tags: ['spots'],
        response: { 200: json('TileJSON', tileJson) },
      },
    },
    (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return spotTileJson(deps.config.publicUrl);
    },
  );

  const common = {
    config: { rateLimit: ['tile', 'tile_network'] } satisfies FastifyContextConfig,
    tags: ['spots'],
    params: tileParams,
    querystring: named(tileQuery, 'tile filters'),
    invalid: error('Invalid tile address or filter'),
  };
  const send = (
    request: FastifyRequest<{ Params: TileAddress; Querystring: TileQuery }>,
    reply: FastifyReply,
    format: 'json' | 'mvt',
  ) => {
    const t = request.params;
    const q = request.query;
    const mvt = format === 'mvt';
    return deps.publicCache.send(
      request,
      reply,
      readKey(`/api/spots/tiles.${format}`, { ...t, ...q }),
      () => (mvt ? readTile(deps.db, t, q) : readTileForJson(deps.db, t, q)),
      {
        headers: {
          cacheControl: TILE_CACHE_CONTROL,
          etag: (tile) => tileEtag(t, q, (tile as Tile | TileText).version, format),
          body: mvt ? { type: MVT_TYPE, encode: (tile) => encodeMvt(t, tile as Tile) } : TILE_JSON,
        },
      },
    );
  };

  typed(app).get(
    '/api/spots/tiles/:z/:x/:y.json',
    {
      config: common.config,
      schema: {
        summary: 'Public spots as a map tile (Web Mercator XYZ)',
        description: `${describeTile} \`more\` says when a street tile holds more spots than it lists.`,
        tags: common.tags,
        params: common.params,
        querystring: common.querystring,
        response: {
          200: json('The tile', tileResponse),
          304: notModified,
          400: common.invalid,
          503: readsBusy,
        },
      },
    },
    (request, reply) => send(request, reply, 'json'),
  );

  typed(app).get(
    '/api/spots/tiles/:z/:x/:y.mvt',
    {
      config: common.config,
      schema: {
        summary: 'The same tile as a Mapbox Vector Tile',
        description:
          `${describeTile} Point features in two layers, in tile units of ${MVT_EXTENT}: \`clusters\` ` +
          '(count, max_severity, severity_1 to severity_5) and `spots` (feature id = spot id; severity, ' +
          'category, status, verified, seeded, time_of_day, confirmed_on, confidence, archived). An empty tile has an empty body.',
        tags: common.tags,
        params: common.params,
        querystring: common.querystring,
        response: {
          200: media('The tile (Mapbox Vector Tile 2.1)', MVT_TYPE),
          304: notModified,
          400: common.invalid,
          503: readsBusy,
        },
      },
    },
    (request, reply) => send(request, reply, 'mvt'),
  );
}
