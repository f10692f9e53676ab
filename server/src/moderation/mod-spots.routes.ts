import type { FastifyInstance } from 'fastify';
import { modQueueResponse, modSpotResponse } from '../../../common/api.ts';
import { MOD_ACTIONS } from '../../../common/domain.ts';
import type { Deps } from '../deps.ts';
import { empty, error, json, typed } from '../http/api-schema.ts';
import { spotIdParams } from '../spots/index.ts';
import { actorOf, requireRole } from './guard.ts';
import { editSpot, moderateSpot, moderationQueue, removeSpot } from './mod-spots.service.ts';
import { moderatorRefusal, modSpotsQuery, spotPatch } from './moderation.schema.ts';

/** The refusals every moderator endpoint may give before it looks at the request. */
export const authErrors = {
  401: error('Not signed in'),
  403: json(
    'Wrong role, a cross-site request, or (while the site requires it) a session without a second factor',
    moderatorRefusal,
  ),
  415: error('State-changing calls must be application/json'),
};
const spotErrors = {
  ...authErrors,
  400: error('Bad id or body'),
  404: error('No such spot'),
};

export function registerModSpotRoutes(app: FastifyInstance, deps: Deps): void {
  const api = typed(app);
  const moderator = requireRole(deps, 'moderator');

  api.get(
    '/api/mod/spots',
    {
      ...moderator,
      schema: {
        summary: 'Moderation queue: spots by state, with their open flags',
        tags: ['moderators'],
        querystring: modSpotsQuery,
        response: {
          200: json('Spots', modQueueResponse),
          400: error('Invalid parameters'),
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const { state, limit, areas } = request.query;
      return moderationQueue(deps.db, state, limit, areas === 'mine' ? actorOf(request).username : undefined);
    },
  );

  for (const action of MOD_ACTIONS) {
    api.post(
      `/api/mod/spots/:id/${action}`,
      {
        ...moderator,
        schema: {
          summary: `${action[0]?.toUpperCase()}${action.slice(1).replace('-', ' ')} a spot`,
          tags: ['moderators'],
          params: spotIdParams,
          response: {
            200: json('The spot after the action', modSpotResponse),
            ...spotErrors,
            ...(action === 'archive' || action === 'restore'
              ? {
                  409: error(
                    action === 'archive' ? 'The spot is not on the map' : 'The spot is not archived',
                  ),
                }
              : {}),
          },
        },
      },
      async (request) => ({
        spot: await moderateSpot(deps.db, deps.standing, actorOf(request), request.params.id, action),
      }),
    );
  }

  api.patch(
    '/api/mod/spots/:id',
    {
      ...moderator,
      schema: {
        summary: 'Edit a spot (report rules and phone redaction apply)',
        tags: ['moderators'],
        params: spotIdParams,
        body: spotPatch,
        response: { 200: json('The edited spot', modSpotResponse), ...spotErrors },
      },
    },
    async (request) => ({
      spot: await editSpot(deps.db, actorOf(request), request.params.id, request.body, deps.clock.now()),
    }),
  );

  api.delete(
    '/api/mod/spots/:id',
    {
      ...moderator,
      schema: {
        summary: 'Delete a spot and its votes and flags',
        tags: ['moderators'],
        params: spotIdParams,
        response: { 204: empty('Deleted'), ...spotErrors },
      },
    },
    async (request, reply) => {
      await removeSpot(deps.db, deps.standing, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
