import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { parseOr400 } from '../http/errors.ts';
import { crossSite, errorSchema, type OpenApiBuilder, tooMany } from '../http/openapi.ts';
import { consumeDuringRequest } from '../limits/rate-limit.ts';
import { spotIdParams } from '../spots/spots.schema.ts';
import { flagBody, flagResponse, meResponse, voteBody, voteResponse } from './community.schema.ts';
import { castVote, flagSpot, visitorState } from './community.service.ts';

const notPublic = { description: 'No such public spot (absent, pending or rejected)', schema: errorSchema };

export function registerCommunityRoutes(app: FastifyInstance, deps: Deps, api: OpenApiBuilder): void {
  app.post(
    '/api/spots/:id/vote',
    { config: { rateLimit: ['vote', 'vote_network'], sameSiteOnly: true } },
    async (request, reply) => {
      const { id } = parseOr400(spotIdParams, request.params, 'spot id');
      const { value } = parseOr400(voteBody, request.body, 'vote');
      const identity = deps.identify(request);
      const spendStatusChange = () =>
        consumeDuringRequest(deps.limiter, request, reply, ['status_change_network'], identity);
      return { spot: await castVote(deps.db, id, identity, value, spendStatusChange) };
    },
  );
  api.add({
    method: 'post',
    path: '/api/spots/{id}/vote',
    summary: 'Vote "still dangerous" (1) or "not anymore" (-1)',
    description:
      'One vote per visitor per spot; sending the other value switches it. The reporter already holds a 1. ' +
      'A 1 sets last_confirmed_at. The status follows the counts. A vote that would change the status ' +
      "spends one of its network's status changes (status_change_network); beyond them it is a 429 and " +
      'changes nothing. Refused (403) from pages on other sites.',
    tags: ['community'],
    params: spotIdParams,
    body: voteBody,
    alsoLimitedBy: ['status_change_network'],
    responses: {
      200: { description: 'The spot with its new counts and status', schema: voteResponse },
      400: { description: 'Bad id or body', schema: errorSchema },
      404: notPublic,
      403: crossSite,
      409: { description: 'This visitor already voted this way (treat as success)', schema: errorSchema },
      429: tooMany,
    },
  });

  app.post(
    '/api/spots/:id/flag',
    { config: { rateLimit: ['flag', 'flag_network'], sameSiteOnly: true } },
    async (request) => {
      const { id } = parseOr400(spotIdParams, request.params, 'spot id');
      const input = parseOr400(flagBody, request.body, 'flag');
      return { result: await flagSpot(deps.db, id, deps.identify(request), input) };
    },
  );
  api.add({
    method: 'post',
    path: '/api/spots/{id}/flag',
    summary: 'Flag a spot for moderators',
    description:
      'Phone numbers in the note become "[removed]". When open flags from distinct networks reach the ' +
      'auto-hide threshold, the spot leaves the public map until reviewed (never for verified spots). ' +
      'Networks (IPv4 address, IPv6 /56) whose flags a moderator dismissed on the spot do not count for ' +
      '30 days. Refused (403) from pages on other sites.',
    tags: ['community'],
    params: spotIdParams,
    body: flagBody,
    responses: {
      200: { description: 'Flagged, or hidden pending review', schema: flagResponse },
      400: { description: 'Bad id or body', schema: errorSchema },
      404: notPublic,
      403: crossSite,
      409: { description: 'This visitor already flagged this spot (treat as success)', schema: errorSchema },
      429: tooMany,
    },
  });

  app.get('/api/me', { config: { rateLimit: ['read', 'read_network'] } }, async (request, reply) => {
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
