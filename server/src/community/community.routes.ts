import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { parseOr400 } from '../http/errors.ts';
import { errorSchema, type OpenApiBuilder } from '../http/openapi.ts';
import { spotIdParams } from '../spots/spots.schema.ts';
import { flagBody, flagResponse, meResponse, voteBody, voteResponse } from './community.schema.ts';
import { castVote, flagSpot, visitorState } from './community.service.ts';

const notPublic = { description: 'No such public spot (absent, pending or rejected)', schema: errorSchema };

export function registerCommunityRoutes(app: FastifyInstance, deps: Deps, api: OpenApiBuilder): void {
  app.post('/api/spots/:id/vote', { config: { rateLimit: ['vote'] } }, async (request) => {
    const { id } = parseOr400(spotIdParams, request.params, 'spot id');
    const { value } = parseOr400(voteBody, request.body, 'vote');
    return { spot: await castVote(deps.db, id, deps.identify(request).visitor, value) };
  });
  api.add({
    method: 'post',
    path: '/api/spots/{id}/vote',
    summary: 'Vote "still dangerous" (1) or "not anymore" (-1)',
    description:
      'One vote per visitor per spot; sending the other value switches it. The reporter already holds a 1. ' +
      'A 1 sets last_confirmed_at. The status follows the counts.',
    tags: ['community'],
    params: spotIdParams,
    body: voteBody,
    responses: {
      200: { description: 'The spot with its new counts and status', schema: voteResponse },
      400: { description: 'Bad id or body', schema: errorSchema },
      404: notPublic,
      409: { description: 'This visitor already voted this way (treat as success)', schema: errorSchema },
    },
  });

  app.post('/api/spots/:id/flag', { config: { rateLimit: ['flag'] } }, async (request) => {
    const { id } = parseOr400(spotIdParams, request.params, 'spot id');
    const input = parseOr400(flagBody, request.body, 'flag');
    return { result: await flagSpot(deps.db, id, deps.identify(request), input) };
  });
  api.add({
    method: 'post',
    path: '/api/spots/{id}/flag',
    summary: 'Flag a spot for moderators',
    description:
      'Phone numbers in the note become "[removed]". When open flags from distinct networks reach the ' +
      'auto-hide threshold, the spot leaves the public map until reviewed (never for verified spots).',
    tags: ['community'],
    params: spotIdParams,
    body: flagBody,
    responses: {
      200: { description: 'Flagged, or hidden pending review', schema: flagResponse },
      400: { description: 'Bad id or body', schema: errorSchema },
      404: notPublic,
      409: { description: 'This visitor already flagged this spot (treat as success)', schema: errorSchema },
    },
  });

  app.get('/api/me', { config: { rateLimit: ['read'] } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return visitorState(deps.db, deps.identify(request).visitor);
  });
  api.add({
    method: 'get',
    path: '/api/me',
    summary: "The calling visitor's votes and flags, and whether reports are held for review",
    tags: ['community'],
    responses: { 200: { description: 'Visitor state', schema: meResponse } },
  });
}
