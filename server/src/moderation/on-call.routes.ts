import type { FastifyInstance } from 'fastify';
import { onCallResponse } from '../../../common/api.ts';
import type { Deps } from '../deps.ts';
import { error, json, type TypedApp, typed } from '../http/api-schema.ts';
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

const TAGS = ['moderators'];
/** Each answer is the whole on call again. */
const answer = json('Your on call', onCallResponse);
type Guard = ReturnType<typeof requireRole>;

/**
 * A moderator's on call (docs/moderators.md, "On call"): duty, quiet hours, the phones and number
 * pages go to, and the areas they cover.
 */
export function registerOnCallRoutes(app: FastifyInstance, deps: Deps): void {
  const api = typed(app);
  const moderator = requireRole(deps, 'moderator');

  api.get(
    '/api/mod/on-call',
    {
      ...moderator,
      schema: {
        summary: 'Your on call',
        description:
          "Whether you are on duty, your quiet hours (on the region's clock), your phones (each as the " +
          'SHA-256 of its push endpoint, never the endpoint), your number for SMS pages with all but its last ' +
          'three digits hidden, the push key to subscribe with, and the areas you cover.',
        tags: TAGS,
        response: { 200: answer, ...authErrors },
      },
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
        description:
          'Only the fields given change. No page comes in quiet hours (across midnight when from > to). ' +
          "phone: null forgets the number; a number is kept sealed, as watchers' numbers are.",
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
  registerPhoneRoutes(api, deps, moderator);
  registerAreaRoutes(api, deps, moderator);
}

/** The phones a moderator's pages go to. */
function registerPhoneRoutes(api: TypedApp, deps: Deps, moderator: Guard): void {
  api.post(
    '/api/mod/on-call/phones',
    {
      ...moderator,
      schema: {
        summary: "Get pages on this phone (its browser's push subscription)",
        description:
          "Pages are written in the lang of your newest phone. The endpoint must be one of the site's push " +
          'services. Up to five phones are kept: a sixth replaces the oldest, so a lost phone does not stay.',
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
        description:
          'The phone is named by its push endpoint, sent in the body so it stays out of addresses and logs.',
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
}

/** The areas whose alarms come to a moderator first. */
function registerAreaRoutes(api: TypedApp, deps: Deps, moderator: Guard): void {
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
        description: 'With no areas left, alarms anywhere on the map come to you.',
        tags: TAGS,
        params: areaParams,
        response: { 200: answer, 400: error('Bad id'), 404: error('No such area of yours'), ...authErrors },
      },
    },
    (request) => removeArea(deps, actorOf(request), request.params.id),
  );
}
