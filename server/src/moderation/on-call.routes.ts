import type { FastifyInstance } from 'fastify';
import { onCallResponse } from '../../../common/api.ts';
import type { Deps } from '../deps.ts';
import { error, json, typed } from '../http/api-schema.ts';
import { actorOf, requireRole } from './guard.ts';
import { authErrors } from './mod-spots.routes.ts';
import {
  areaBody,
  areaParams,
  MAX_AREAS,
  onCallPatch,
  onCallPhoneBody,
  onCallPhoneForget,
} from './moderation.schema.ts';
import { addArea, addPhone, changeOnCall, onCall, removeArea, removePhone } from './on-call.service.ts';

/**
 * A moderator's on call (docs/moderators.md, "On call"): duty, quiet hours, the phones and number
 * pages go to, and the areas they cover. Each answer is the whole on call again.
 */
export function registerOnCallRoutes(app: FastifyInstance, deps: Deps): void {
  const api = typed(app);
  const moderator = requireRole(deps, 'moderator');
  const answer = json('Your on call', onCallResponse);
  const TAGS = ['moderators'];

  api.get(
    '/api/mod/on-call',
    {
      ...moderator,
      schema: { summary: 'Your on call', tags: TAGS, response: { 200: answer, ...authErrors } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return onCall(deps, actorOf(request));
    },
  );
  api.patch(
    '/api/mod/on-call',
    {
      ...moderator,
      schema: {
        summary: 'Go on or off duty, set quiet hours, give or forget a number for SMS pages',
        tags: TAGS,
        body: onCallPatch,
        response: {
          200: answer,
          400: error('Bad body or phone number'),
          409: error('A number was given and the site sends no SMS'),
          ...authErrors,
        },
      },
    },
    (request) => changeOnCall(deps, actorOf(request), request.body),
  );
  api.post(
    '/api/mod/on-call/phones',
    {
      ...moderator,
      schema: {
        summary: "Get pages on this phone (its browser's push subscription)",
        tags: TAGS,
        body: onCallPhoneBody,
        response: {
          200: answer,
          400: error('Bad body, or the endpoint is not a known browser push service'),
          ...authErrors,
        },
      },
    },
    (request) => addPhone(deps, actorOf(request), request.body.subscription, request.body.lang),
  );
  api.delete(
    '/api/mod/on-call/phones',
    {
      ...moderator,
      schema: {
        summary: 'No more pages on this phone',
        tags: TAGS,
        body: onCallPhoneForget,
        response: {
          200: answer,
          400: error('Bad body'),
          404: error('Not one of your phones'),
          ...authErrors,
        },
      },
    },
    (request) => removePhone(deps, actorOf(request), request.body.endpoint),
  );
  api.post(
    '/api/mod/on-call/areas',
    {
      ...moderator,
      schema: {
        summary: 'Cover an area (a box of the map)',
        description: `Alarms of places in your areas come to you first while you are on duty. At most ${MAX_AREAS}.`,
        tags: TAGS,
        body: areaBody,
        response: {
          200: answer,
          400: error('Bad body'),
          409: error(`Already ${MAX_AREAS} areas`),
          ...authErrors,
        },
      },
    },
    (request) => addArea(deps, actorOf(request), request.body),
  );
  api.delete(
    '/api/mod/on-call/areas/:id',
    {
      ...moderator,
      schema: {
        summary: 'Stop covering an area',
        tags: TAGS,
        params: areaParams,
        response: { 200: answer, 400: error('Bad id'), 404: error('No such area of yours'), ...authErrors },
      },
    },
    (request) => removeArea(deps, actorOf(request), request.params.id),
  );
}
