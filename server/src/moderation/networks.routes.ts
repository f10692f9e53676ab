import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { parseOr400 } from '../http/errors.ts';
import { errorSchema, type OpenApiBuilder } from '../http/openapi.ts';
import { spotIdParams } from '../spots/spots.schema.ts';
import { actorOf, requireRole } from './guard.ts';
import { authErrors } from './mod-spots.routes.ts';
import { modSpotSchema, networkActivitySchema, voidPeriod, voidTarget } from './moderation.schema.ts';
import { spotNetworks, voidNetworkOnSpot, voidNetworkVotes } from './networks.service.ts';
import { BURST } from './networks.sql.ts';

const badInput = { description: 'Bad id or body', schema: errorSchema };

/** Moderators' tools against coordinated voting and flagging. */
export function registerNetworkRoutes(app: FastifyInstance, deps: Deps, api: OpenApiBuilder): void {
  const moderator = requireRole(deps, 'moderator');

  app.get('/api/mod/spots/:id/networks', moderator, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    const { id } = parseOr400(spotIdParams, request.params, 'spot id');
    return { networks: await spotNetworks(deps.db, id) };
  });
  api.add({
    method: 'get',
    path: '/api/mod/spots/{id}/networks',
    summary: "A spot's votes and flags grouped by network",
    description:
      'Networks are IPv4 addresses or IPv6 /56s, shown only as salted keys and per-spot labels. ' +
      `A burst is ${BURST.count} or more votes (or flags) from one network within ${BURST.minutes} minutes.`,
    tags: ['moderators'],
    params: spotIdParams,
    responses: {
      200: { description: 'Networks', schema: z.object({ networks: z.array(networkActivitySchema) }) },
      400: badInput,
      ...authErrors,
    },
  });

  app.post('/api/mod/spots/:id/void', moderator, async (request) => {
    const { id } = parseOr400(spotIdParams, request.params, 'spot id');
    const target = parseOr400(voidTarget, request.body, 'void');
    return voidNetworkOnSpot(deps.db, actorOf(request), id, target);
  });
  api.add({
    method: 'post',
    path: '/api/mod/spots/{id}/void',
    summary: "Void one network's votes or open flags on a spot",
    description: 'Counts, status, publication (a spot its flags hid comes back) and the log change together.',
    tags: ['moderators'],
    params: spotIdParams,
    body: voidTarget,
    responses: {
      200: {
        description: 'The spot after it, and how many votes or flags were voided',
        schema: z.object({ spot: modSpotSchema, voided: z.number().int() }),
      },
      400: badInput,
      404: { description: 'No such spot', schema: errorSchema },
      ...authErrors,
    },
  });

  app.post('/api/mod/networks/void-votes', moderator, async (request) => {
    const { network, from, to } = parseOr400(voidPeriod, request.body, 'void');
    return voidNetworkVotes(deps.db, actorOf(request), network, from, to);
  });
  api.add({
    method: 'post',
    path: '/api/mod/networks/void-votes',
    summary: "Void a network's votes on every spot over a period",
    tags: ['moderators'],
    body: voidPeriod,
    responses: {
      200: {
        description: 'How many spots and votes it touched',
        schema: z.object({ spots: z.number().int(), votes: z.number().int() }),
      },
      400: badInput,
      ...authErrors,
    },
  });
}
