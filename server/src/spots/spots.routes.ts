import type { FastifyInstance } from 'fastify';
import { listResponse, reportInput, reportResponse, spotResponse } from '../../../common/api.ts';
import { region } from '../../../common/region.ts';
import type { Deps } from '../deps.ts';
import {
  crossSite,
  error,
  json,
  media,
  named,
  notModified,
  type TypedApp,
  typed,
} from '../http/api-schema.ts';
import { readKey } from '../http/public-cache.ts';
import { readsBusy } from '../http/read-gate.ts';
import { clusterPublicSpots, MAX_CLUSTERS } from './clusters.service.ts';
import { clustersQuery, clustersResponse, listQuery, spotIdParams } from './spots.schema.ts';
import { getPublicSpot, listPublicSpots, reportSpot } from './spots.service.ts';

const badQuery = error('Invalid parameters');

export function registerSpotRoutes(app: FastifyInstance, deps: Deps): void {
  const api = typed(app);
  api.post(
    '/api/spots',
    {
      config: { plainText500: true, rateLimit: ['report_visitor', 'report_network'], sameSiteOnly: true },
      schema: {
        summary: 'Report a danger spot',
        description:
          'Creates a spot with the reporter\'s "still dangerous" vote. Phone numbers in title, description ' +
          'and area become "[removed]". Published at once, or held for review (pending): always when the site ' +
          "setting says so, and a newcomer's report past the site-wide, per-network or per-place budget of " +
          'newcomers\' reports (docs/api.md, "Earned trust").',
        tags: ['spots'],
        body: named(reportInput, 'report'),
        response: {
          201: json('Saved', reportResponse),
          400: error('Invalid input (with issues)'),
          403: crossSite,
          429: error('Too many reports'),
          500: media('Unexpected error, usually an unreachable database', 'text/plain'),
        },
      },
    },
    async (request, reply) => {
      const actor = await deps.standing.act(deps.identify(request));
      const result = await reportSpot(deps.db, request.body, actor, request.log);
      return reply.code(201).send(result);
    },
  );
  registerSpotReads(api, deps);
}

/** The public reads of spots: the list, the country's clusters, one spot (from the read cache). */
function registerSpotReads(api: TypedApp, deps: Deps): void {
  api.get(
    '/api/spots',
    {
      config: { rateLimit: ['read', 'read_network'], revalidates: true },
      schema: {
        summary: 'List public spots',
        description:
          'Approved spots only, by severity then newest. Answers carry an ETag; a matching If-None-Match gets 304.',
        tags: ['spots'],
        querystring: listQuery,
        response: { 200: json('Spots', listResponse), 304: notModified, 400: badQuery, 503: readsBusy },
      },
    },
    (request, reply) =>
      deps.publicCache.send(request, reply, readKey('/api/spots', request.query), () =>
        listPublicSpots(deps.db, request.query),
      ),
  );

  api.get(
    '/api/spots/clusters',
    {
      config: { rateLimit: ['read', 'read_network'], revalidates: true },
      schema: {
        summary: 'Grid clusters of public spots, for the country-wide view',
        description:
          `Public spots counted per grid cell: count, highest severity and centroid. The cell size follows ` +
          `\`zoom\` (about 48 screen pixels) and at most ${MAX_CLUSTERS} cells cover the box (default: ${region().name}). ` +
          'Takes the list filters; without them the counts come from a grid the database keeps current.',
        tags: ['spots'],
        querystring: clustersQuery,
        response: {
          200: json('Clusters', clustersResponse),
          304: notModified,
          400: badQuery,
          503: readsBusy,
        },
      },
    },
    (request, reply) =>
      deps.publicCache.send(request, reply, readKey('/api/spots/clusters', request.query), () =>
        clusterPublicSpots(deps.db, request.query),
      ),
  );

  api.get(
    '/api/spots/:id',
    {
      config: { rateLimit: ['read', 'read_network'], revalidates: true },
      schema: {
        summary: 'One public spot',
        description:
          'An approved spot, or an archived one (archived: true). A pending spot (held, or hidden by flags) ' +
          'or a rejected one answers 404. Carries an ETag; a matching If-None-Match answers 304.',
        tags: ['spots'],
        params: spotIdParams,
        response: {
          200: json('The spot', spotResponse),
          304: notModified,
          400: error('The id is not a positive whole number'),
          404: error('No such public spot'),
          503: readsBusy,
        },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      return deps.publicCache.send(
        request,
        reply,
        readKey('/api/spots/{id}', { id }),
        async () => ({ spot: await getPublicSpot(deps.db, id) }),
        { cost: 'light' },
      );
    },
  );
}
