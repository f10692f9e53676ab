import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { sendEncoded } from '../http/encoded-body.ts';
import { parseOr400 } from '../http/errors.ts';
import { crossSite, errorSchema, type OpenApiBuilder } from '../http/openapi.ts';
import { readKey } from '../http/public-cache.ts';
import { clusterPublicSpots, MAX_CLUSTERS } from './clusters.service.ts';
import {
  clustersQuery,
  clustersResponse,
  listQuery,
  listResponse,
  reportInput,
  reportResponse,
  spotIdParams,
  spotResponse,
} from './spots.schema.ts';
import { getPublicSpot, listPublicSpots, reportSpot } from './spots.service.ts';

export function registerSpotRoutes(app: FastifyInstance, deps: Deps, api: OpenApiBuilder): void {
  app.post(
    '/api/spots',
    { config: { plainText500: true, rateLimit: ['report_visitor', 'report_network'], sameSiteOnly: true } },
    async (request, reply) => {
      const input = parseOr400(reportInput, request.body, 'report');
      const result = await reportSpot(deps.db, input, deps.identify(request));
      return reply.code(201).send(result);
    },
  );
  api.add({
    method: 'post',
    path: '/api/spots',
    summary: 'Report a danger spot',
    description:
      'Creates a spot with the reporter\'s "still dangerous" vote. Phone numbers in title, description ' +
      'and area become "[removed]". Published at once, or held for review (pending) per the site setting.',
    tags: ['spots'],
    body: reportInput,
    responses: {
      201: { description: 'Saved', schema: reportResponse },
      400: { description: 'Invalid input (with issues)', schema: errorSchema },
      403: crossSite,
      429: { description: 'Too many reports', schema: errorSchema, headers: ['Retry-After'] },
      500: { description: 'Unexpected error, usually an unreachable database', contentType: 'text/plain' },
    },
  });

  app.get('/api/spots', { config: { rateLimit: ['read', 'read_network'] } }, async (request, reply) => {
    const query = parseOr400(listQuery, request.query, 'query');
    return sendEncoded(
      request,
      reply,
      await deps.publicCache.get(readKey('/api/spots', query), () => listPublicSpots(deps.db, query)),
    );
  });
  api.add({
    method: 'get',
    path: '/api/spots',
    summary: 'List public spots',
    description:
      'Approved spots only, by severity then newest. Answers carry an ETag; a matching If-None-Match gets 304.',
    tags: ['spots'],
    query: listQuery,
    responses: {
      200: { description: 'Spots', schema: listResponse, headers: ['ETag'] },
      304: { description: 'Not modified' },
      400: { description: 'Invalid parameters', schema: errorSchema },
    },
  });

  app.get(
    '/api/spots/clusters',
    { config: { rateLimit: ['read', 'read_network'] } },
    async (request, reply) => {
      const query = parseOr400(clustersQuery, request.query, 'query');
      return sendEncoded(
        request,
        reply,
        await deps.publicCache.get(readKey('/api/spots/clusters', query), () =>
          clusterPublicSpots(deps.db, query),
        ),
      );
    },
  );
  api.add({
    method: 'get',
    path: '/api/spots/clusters',
    summary: 'Grid clusters of public spots, for the country-wide view',
    description:
      `Public spots counted per grid cell: count, highest severity and centroid. The cell size follows ` +
      `\`zoom\` (about 48 screen pixels) and at most ${MAX_CLUSTERS} cells cover the box (default: Uganda). ` +
      'Takes the list filters; without them the counts come from a grid the database keeps current.',
    tags: ['spots'],
    query: clustersQuery,
    responses: {
      200: { description: 'Clusters', schema: clustersResponse, headers: ['ETag'] },
      304: { description: 'Not modified' },
      400: { description: 'Invalid parameters', schema: errorSchema },
    },
  });

  app.get('/api/spots/:id', { config: { rateLimit: ['read', 'read_network'] } }, async (request, reply) => {
    const { id } = parseOr400(spotIdParams, request.params, 'spot id');
    const entry = await deps.publicCache.get(readKey('/api/spots/{id}', { id }), async () => ({
      spot: await getPublicSpot(deps.db, id),
    }));
    return sendEncoded(request, reply, entry);
  });
  api.add({
    method: 'get',
    path: '/api/spots/{id}',
    summary: 'One public spot',
    tags: ['spots'],
    params: spotIdParams,
    responses: {
      200: { description: 'The spot', schema: spotResponse, headers: ['ETag'] },
      400: { description: 'The id is not a positive whole number', schema: errorSchema },
      404: { description: 'No such public spot', schema: errorSchema },
    },
  });
}
