import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { parseOr400 } from '../http/errors.ts';
import { errorSchema, type OpenApiBuilder, type ResponseSpec } from '../http/openapi.ts';
import { spotIdParams } from '../spots/spots.schema.ts';
import { actorOf, requireRole } from './guard.ts';
import { editSpot, moderateSpot, removeSpot } from './mod-spots.service.ts';
import { findModSpots } from './mod-spots.sql.ts';
import { MOD_ACTIONS, modSpotSchema, modSpotsQuery, spotPatch } from './moderation.schema.ts';

const modSpotResponse = z.object({ spot: modSpotSchema });
export const authErrors: Record<number, ResponseSpec> = {
  401: { description: 'Not signed in', schema: errorSchema },
  403: { description: 'Wrong role, or a cross-site request', schema: errorSchema },
  415: { description: 'State-changing calls must be application/json', schema: errorSchema },
};
const spotErrors: Record<number, ResponseSpec> = {
  ...authErrors,
  400: { description: 'Bad id or body', schema: errorSchema },
  404: { description: 'No such spot', schema: errorSchema },
};

export function registerModSpotRoutes(app: FastifyInstance, deps: Deps, api: OpenApiBuilder): void {
  const moderator = requireRole(deps, 'moderator');

  app.get('/api/mod/spots', moderator, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    const { state, limit } = parseOr400(modSpotsQuery, request.query, 'query');
    return { spots: await findModSpots(deps.db, state, limit) };
  });
  api.add({
    method: 'get',
    path: '/api/mod/spots',
    summary: 'Moderation queue: spots by state, with their open flags',
    tags: ['moderators'],
    query: modSpotsQuery,
    responses: {
      200: { description: 'Spots', schema: z.object({ spots: z.array(modSpotSchema) }) },
      ...authErrors,
    },
  });

  for (const action of MOD_ACTIONS) {
    app.post(`/api/mod/spots/:id/${action}`, moderator, async (request) => {
      const { id } = parseOr400(spotIdParams, request.params, 'spot id');
      return { spot: await moderateSpot(deps.db, actorOf(request), id, action) };
    });
    api.add({
      method: 'post',
      path: `/api/mod/spots/{id}/${action}`,
      summary: `${action[0]?.toUpperCase()}${action.slice(1).replace('-', ' ')} a spot`,
      tags: ['moderators'],
      params: spotIdParams,
      responses: {
        200: { description: 'The spot after the action', schema: modSpotResponse },
        ...spotErrors,
      },
    });
  }

  app.patch('/api/mod/spots/:id', moderator, async (request) => {
    const { id } = parseOr400(spotIdParams, request.params, 'spot id');
    const patch = parseOr400(spotPatch, request.body, 'edit');
    return { spot: await editSpot(deps.db, actorOf(request), id, patch) };
  });
  api.add({
    method: 'patch',
    path: '/api/mod/spots/{id}',
    summary: 'Edit a spot (report rules and phone redaction apply)',
    tags: ['moderators'],
    params: spotIdParams,
    body: spotPatch,
    responses: { 200: { description: 'The edited spot', schema: modSpotResponse }, ...spotErrors },
  });

  app.delete('/api/mod/spots/:id', moderator, async (request, reply) => {
    const { id } = parseOr400(spotIdParams, request.params, 'spot id');
    await removeSpot(deps.db, actorOf(request), id);
    return reply.code(204).send();
  });
  api.add({
    method: 'delete',
    path: '/api/mod/spots/{id}',
    summary: 'Delete a spot and its votes and flags',
    tags: ['moderators'],
    params: spotIdParams,
    responses: { 204: { description: 'Deleted' }, ...spotErrors },
  });
}
