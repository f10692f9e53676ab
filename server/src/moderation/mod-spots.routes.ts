import type { FastifyInstance } from 'fastify';
import { modQueueResponse, modSpotResponse } from '../../../common/api.ts';
import { MOD_ACTIONS, type ModAction } from '../../../common/domain.ts';
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

/** What each action does, as moderateSpot does it (mod-spots.service.ts). */
const ACTION_DESCRIPTIONS: Record<ModAction, string> = {
  approve:
    'Publishes the spot and closes its open flags. A spot the flags had hidden comes back, protected from ' +
    'flags and votes for 30 days. Agrees with the report and its confirmations (their devices and numbers ' +
    "move towards standing) and is the second voice a newcomer's spot waited for: its alerts go out.",
  reject: "Takes the spot off the map for good and closes its open flags; its reporter's standing falls.",
  verify:
    'Marks the spot "Verified by moderators": its confidence is computed again and it ages from now. ' +
    "Agrees with the report like approve, and releases alerts a newcomer's spot held back.",
  unverify: 'Takes the "Verified by moderators" mark away; its confidence is computed again.',
  'dismiss-flags':
    'The flags were wrong: closes them, and brings back a spot they had hidden, protected from flags and ' +
    'votes for 30 days.',
  archive: 'Takes a spot on the map into the archive: off the map, routes and alerts, still open by its id.',
  restore: 'Brings an archived spot back on the map; it ages from now.',
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
        description:
          'Each spot with its publication, why it waits for review, its protection, a burst from one network ' +
          'and its open flags. counts: how many spots wait as pending, flagged and review, and how many ' +
          'alarms (the console shows them on its tabs).',
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
          description: `${ACTION_DESCRIPTIONS[action]} Takes the spot out of review; written to the audit log.`,
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
        description:
          'The spot with the fields given must still be a valid report; phone numbers are removed from its ' +
          'texts. Its confidence is computed again (severity and source weigh in it). Written to the audit log.',
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
        description: "Its reporter's standing falls as for a rejection. Written to the audit log.",
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
