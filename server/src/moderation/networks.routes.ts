import type { FastifyInstance } from 'fastify';
import { networksResponse, voidOnSpotResponse, voidPeriodResponse } from '../../../common/api.ts';
import type { Deps } from '../deps.ts';
import { error, json, typed } from '../http/api-schema.ts';
import { spotIdParams } from '../spots/index.ts';
import { actorOf, requireRole } from './guard.ts';
import { authErrors } from './mod-spots.routes.ts';
import { voidPeriod, voidTarget } from './moderation.schema.ts';
import { BURST, spotNetworks, voidNetworkOnSpot, voidNetworkVotes } from './networks.service.ts';

const badInput = error('Bad id or body');

/** Moderators' tools against coordinated voting and flagging. */
export function registerNetworkRoutes(app: FastifyInstance, deps: Deps): void {
  const api = typed(app);
  const moderator = requireRole(deps, 'moderator');

  api.get(
    '/api/mod/spots/:id/networks',
    {
      ...moderator,
      schema: {
        summary: "A spot's votes and flags grouped by network",
        description:
          'Networks are IPv4 addresses or IPv6 /56s, shown only as salted keys and per-spot labels. ' +
          `A burst is ${BURST.count} or more votes (or flags) from one network within ${BURST.minutes} minutes.`,
        tags: ['moderators'],
        params: spotIdParams,
        response: {
          200: json('Networks', networksResponse),
          400: badInput,
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { networks: await spotNetworks(deps.db, request.params.id) };
    },
  );

  api.post(
    '/api/mod/spots/:id/void',
    {
      ...moderator,
      schema: {
        summary: "Void one network's votes or open flags on a spot",
        description:
          'Counts, status, publication (a spot its flags hid comes back) and the log change together.',
        tags: ['moderators'],
        params: spotIdParams,
        body: voidTarget,
        response: {
          200: json('The spot after it, and how many votes or flags were voided', voidOnSpotResponse),
          400: badInput,
          404: error('No such spot'),
          ...authErrors,
        },
      },
    },
    async (request) =>
      voidNetworkOnSpot(deps.db, actorOf(request), request.params.id, request.body, deps.clock.now()),
  );

  api.post(
    '/api/mod/networks/void-votes',
    {
      ...moderator,
      schema: {
        summary: "Void a network's votes on every spot over a period",
        description:
          "Deletes the votes the network (its key from a spot's networks) cast between from and to, on every " +
          'spot; counts, status, publication and the log change in one transaction.',
        tags: ['moderators'],
        body: voidPeriod,
        response: {
          200: json('How many spots and votes it touched', voidPeriodResponse),
          400: badInput,
          ...authErrors,
        },
      },
    },
    async (request) => {
      const { network, from, to } = request.body;
      return voidNetworkVotes(deps.db, actorOf(request), network, from, to, deps.clock.now());
    },
  );
}
