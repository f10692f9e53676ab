import { Readable } from 'node:stream';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { basemapAreaResponse, tileJson } from '../../../common/api.ts';
import { AREA_MAX_BYTES, AREA_MAX_TILES } from '../../../common/domain.ts';
import { UpstreamError } from '../clients/http.ts';
import { empty, error, json, media, typed } from '../http/api-schema.ts';
import { sendEncoded } from '../http/encoded-body.ts';
import { HttpError } from '../http/errors.ts';
import { tileParams } from '../http/tile-params.ts';
import { areaQuery } from './basemap.schema.ts';
import { BASEMAP_CACHE_CONTROL, BASEMAP_TILE_TYPE, type Basemap, basemapTileUrl } from './basemap.service.ts';
import { archiveRange, PMTILES_TYPE } from './ranges.ts';

const limited = { rateLimit: ['basemap', 'basemap_network'] } satisfies FastifyContextConfig;

const unavailable = error('No basemap is configured here (BASEMAP_PMTILES)');
const upstream = error('The archive in object storage did not answer; try again shortly');

/** A tile the archive could not be asked for (its object storage down or every place taken). */
function unreachable(err: unknown): never {
  if (err instanceof UpstreamError)
    throw new HttpError(503, 'The background map is unavailable for a moment.');
  throw err;
}

/**
 * The background map (docs/operations.md, "The basemap"): its vector tiles by address, and the
 * archive itself by byte ranges for tools that read PMTiles directly.
 */
export function registerBasemapRoutes(
  app: FastifyInstance,
  basemap: Basemap | undefined,
  origin: string,
): void {
  typed(app).get(
    '/api/basemap.json',
    {
      config: { rateLimit: ['read', 'read_network'] },
      schema: {
        summary: 'The background map as a TileJSON 3.0 tileset',
        description:
          "The tiles' absolute address, bounds, centre, zooms, attribution and vector layers (from the " +
          "archive's header and metadata): MapLibre, QGIS and GDAL open the background map by this one URL.",
        tags: ['basemap'],
        response: { 200: json('TileJSON', tileJson), 404: unavailable, 503: upstream },
      },
    },
    async (_request, reply) => {
      if (!basemap) throw new HttpError(404, 'No background map is configured on this server.');
      reply.header('cache-control', 'public, max-age=3600');
      return basemap.tileJson(origin).catch(unreachable);
    },
  );

  typed(app).get(
    '/api/basemap/:z/:x/:y.mvt',
    {
      config: limited,
      // Tiles are sent compressed once, as kept (sendEncoded).
      compress: false,
      schema: {
        summary: 'A tile of the background map (Web Mercator XYZ)',
        description:
          'A Mapbox Vector Tile of the configured PMTiles archive, in the Protomaps basemap schema ' +
          '(layers earth, water, landuse, roads, buildings, places, …). 204 where the archive holds no ' +
          'tile (open water, beyond its box or zooms); the page draws deeper zooms from the deepest ' +
          'tile. Shared caches may keep a tile a day; its strong ETag names the archive it came from.',
        tags: ['basemap'],
        params: tileParams,
        response: {
          200: media('The tile (Mapbox Vector Tile 2.1)', BASEMAP_TILE_TYPE),
          204: empty('No tile here'),
          304: empty('Not modified'),
          400: error('Invalid tile address'),
          404: unavailable,
          503: upstream,
        },
      },
    },
    async (request, reply) => {
      if (!basemap) throw new HttpError(404, 'No background map is configured on this server.');
      const tile = await basemap.tile(request.params).catch(unreachable);
      if (!tile) return reply.code(204).header('cache-control', BASEMAP_CACHE_CONTROL).send();
      return sendEncoded(request, reply, tile);
    },
  );
  registerBasemapFiles(app, basemap);
}

/** What is kept or read whole: an area's tiles for offline use, and the archive by byte ranges. */
function registerBasemapFiles(app: FastifyInstance, basemap: Basemap | undefined): void {
  typed(app).get(
    '/api/basemap/area',
    {
      config: { rateLimit: ['read', 'read_network'] },
      schema: {
        summary: 'The background tiles of an area, to keep it offline',
        description:
          'The tiles the archive holds over bbox (the part inside the region served), zoom by zoom from ' +
          `the shallowest, as long as a whole zoom fits within ${AREA_MAX_TILES} tiles and ` +
          `${AREA_MAX_BYTES / 1024 / 1024} MB, with their total size as stored. The page shows the size ` +
          'before it downloads them (docs/web.md, "Areas kept offline"). Read from the archive\'s ' +
          'directories: no tile is read.',
        tags: ['basemap'],
        querystring: areaQuery,
        response: {
          200: json('The tiles and their size', basemapAreaResponse),
          400: error('Invalid bbox'),
          404: unavailable,
          503: upstream,
        },
      },
    },
    async (request) => {
      if (!basemap) throw new HttpError(404, 'No background map is configured on this server.');
      const area = await basemap.area(request.query.bbox).catch(unreachable);
      return {
        tiles: area.tiles.map(basemapTileUrl),
        bytes: area.bytes,
        max_zoom: area.maxZoom ?? null,
      };
    },
  );

  typed(app).get(
    '/api/basemap.pmtiles',
    {
      config: limited,
      compress: false,
      schema: {
        summary: 'The background map archive, by byte ranges',
        description:
          'The PMTiles archive the tiles come from, for tools that read PMTiles themselves. Only byte ' +
          'ranges are served (`Range: bytes=a-b`, one range of at most 1 MiB, answered 206 with ' +
          '`Content-Range`); `If-Range` and `If-None-Match` take its ETag. `HEAD` without a range ' +
          'answers as for a file (`Content-Length`, `Accept-Ranges: bytes`); a GET without a range is ' +
          '416, as is a range past its end.',
        tags: ['basemap'],
        response: {
          200: empty('HEAD without a range: the archive as a file (Content-Length, Accept-Ranges)'),
          206: media('The bytes asked for', PMTILES_TYPE),
          304: empty('Not modified'),
          404: unavailable,
          416: error('No single range of at most 1 MiB inside the archive was asked for'),
          503: upstream,
        },
      },
    },
    async (request, reply) => {
      if (!basemap) throw new HttpError(404, 'No background map is configured on this server.');
      const part = await archiveRange(basemap.source, request.headers).catch(unreachable);
      reply.header('accept-ranges', 'bytes').header('cache-control', BASEMAP_CACHE_CONTROL);
      if (part.etag) reply.header('etag', part.etag);
      if (part.kind === 'not-modified') return reply.code(304).send();
      // HEAD without a range, as a file: its size and that ranges are taken (GDAL's /vsicurl/ and
      // the pmtiles tools ask so before their first range). No body is ever sent whole.
      // (An empty stream: Fastify's HEAD route would set Content-Length 0 for no payload at all.)
      if (request.method === 'HEAD' && !request.headers.range && part.size !== undefined)
        return reply.code(200).type(PMTILES_TYPE).header('content-length', part.size).send(Readable.from([]));
      if (part.kind === 'unsatisfiable') {
        if (part.size !== undefined) reply.header('content-range', `bytes */${part.size}`);
        throw new HttpError(416, part.reason);
      }
      return reply
        .code(206)
        .type(PMTILES_TYPE)
        .header('content-range', `bytes ${part.start}-${part.end}/${part.size ?? '*'}`)
        .send(part.body);
    },
  );
}
