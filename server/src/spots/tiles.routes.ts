import type { FastifyInstance } from 'fastify';
import { type Tile, tileResponse } from '../../../common/api.ts';
import { TILE_CLUSTER_MAX_ZOOM, TILE_MAX_ZOOM } from '../../../common/geo.ts';
import type { Deps } from '../deps.ts';
import { empty, error, json, named, typed } from '../http/api-schema.ts';
import { readKey } from '../http/public-cache.ts';
import { readsBusy } from '../http/read-gate.ts';
import { tileParams, tileQuery } from './spots.schema.ts';
import { MARKERS_PER_TILE, readTile, tileEtag } from './tiles.service.ts';

/**
 * Shared caches (the proxy, a CDN, the page's service worker) may keep a tile 10 s and serve it
 * stale for a minute more while they revalidate it with its ETag.
 */
export const TILE_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';

export function registerTileRoutes(app: FastifyInstance, deps: Deps): void {
  typed(app).get(
    '/api/spots/tiles/:z/:x/:y.json',
    {
      config: { rateLimit: ['tile', 'tile_network'] },
      schema: {
        summary: 'Public spots as a map tile (Web Mercator XYZ)',
        description:
          `Up to zoom ${TILE_CLUSTER_MAX_ZOOM}: the tile's spots counted per eighth of its side (count, ` +
          `severities, centroid). Beyond it (to ${TILE_MAX_ZOOM}): its spots as slim markers, the ` +
          `${MARKERS_PER_TILE} most severe, with \`more\` when there are others. Takes one category, one ` +
          "status and verified=1. A strong ETag names the tile's version, which changes only when a spot " +
          'in the tile does; shared caches may keep a tile for 10 s and revalidate it.',
        tags: ['spots'],
        params: tileParams,
        querystring: named(tileQuery, 'tile filters'),
        response: {
          200: json('The tile', tileResponse),
          304: empty('Not modified'),
          400: error('Invalid tile address or filter'),
          503: readsBusy,
        },
      },
    },
    (request, reply) => {
      const t = request.params;
      const q = request.query;
      return deps.publicCache.send(
        request,
        reply,
        readKey('/api/spots/tiles', { ...t, ...q }),
        () => readTile(deps.db, t, q),
        { cacheControl: TILE_CACHE_CONTROL, etag: (tile) => tileEtag(t, q, (tile as Tile).version) },
      );
    },
  );
}
