import type { FastifyInstance } from 'fastify';
import { flagResponse, meResponse, voteResponse } from '../../../common/api.ts';
import type { Deps } from '../deps.ts';
import { crossSite, empty, error, json, named, type TypedApp, tooMany, typed } from '../http/api-schema.ts';
import { readKey } from '../http/public-cache.ts';
import { readsBusy } from '../http/read-gate.ts';
import { consumeDuringRequest } from '../limits/rate-limit-http.ts';
import { spotIdParams } from '../spots/index.ts';
import { flagBody, spotHistoryResponse, voteBody } from './community.schema.ts';
import { castVote, flagSpot, spotHistory, visitorState } from './community.service.ts';

const badInput = error('Bad id or body');
const notPublic = error('No such public spot (absent, pending or rejected)');

export function registerCommunityRoutes(app: FastifyInstance, deps: Deps): void {
  const api = typed(app);
  api.post(
    '/api/spots/:id/vote',
    {
      config: {
        rateLimit: ['vote', 'vote_network'],
        alsoLimitedBy: ['status_change_network'],
        sameSiteOnly: true,
      },
      schema: {
        summary: 'Vote "still dangerous" (1) or "not anymore" (-1)',
        description:
          'One vote per visitor per spot; sending the other value switches it. The reporter already holds a 1. ' +
          'A 1 sets last_confirmed_at. The status follows the counts. A vote that would change the status ' +
          "spends one of its network's status changes (status_change_network); beyond them it is a 429 and " +
          'changes nothing. Refused (403) from pages on other sites.',
        tags: ['community'],
        params: spotIdParams,
        body: named(voteBody, 'vote'),
        response: {
          200: json('The spot with its new counts and status', voteResponse),
          400: badInput,
          403: crossSite,
          404: notPublic,
          409: error('This visitor already voted this way (treat as success)'),
          429: tooMany,
        },
      },
    },
    async (request, reply) => {
      const voter = await deps.standing.act(deps.identify(request));
      const spendStatusChange = () =>
        consumeDuringRequest(deps.limiter, request, reply, ['status_change_network'], voter.identity);
      return {
        spot: await castVote(deps.db, request.params.id, voter, request.body.value, {
          standing: deps.standing,
          spendStatusChange,
        }),
      };
    },
  );

  api.post(
    '/api/spots/:id/flag',
    {
      config: { rateLimit: ['flag', 'flag_network'], sameSiteOnly: true },
      schema: {
        summary: 'Flag a spot for moderators',
        description:
          'Phone numbers in the note become "[removed]". When open flags from distinct networks reach the ' +
          'auto-hide threshold, the spot leaves the public map until reviewed (never for verified spots). ' +
          'Networks (IPv4 address, IPv6 /56) whose flags a moderator dismissed on the spot do not count for ' +
          '30 days. Refused (403) from pages on other sites.',
        tags: ['community'],
        params: spotIdParams,
        body: named(flagBody, 'flag'),
        response: {
          200: json('Flagged, or hidden pending review', flagResponse),
          400: badInput,
          403: crossSite,
          404: notPublic,
          409: error('This visitor already flagged this spot (treat as success)'),
          429: tooMany,
        },
      },
    },
    async (request) => {
      const identity = deps.identify(request);
      await deps.standing.seen(identity);
      return { result: await flagSpot(deps.db, request.params.id, identity, request.body) };
    },
  );
  registerSpotRecords(api, deps);
}

/** What the community said of a spot (its history), and what a visitor's own phone has done (`/api/me`). */
function registerSpotRecords(api: TypedApp, deps: Deps): void {
  api.get(
    '/api/spots/:id/history',
    {
      config: { rateLimit: ['read', 'read_network'] },
      schema: {
        summary: "A public spot's history: when it was reported, and its votes day by day",
        description:
          'Counts only: who voted is never shown. Answers carry an ETag; a matching If-None-Match gets 304.',
        tags: ['community'],
        params: spotIdParams,
        response: {
          200: json('The history', spotHistoryResponse),
          304: empty('Not modified'),
          400: error('The id is not a positive whole number'),
          404: notPublic,
          503: readsBusy,
        },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      return deps.publicCache.send(request, reply, readKey('/api/spots/{id}/history', { id }), () =>
        spotHistory(deps.db, id),
      );
    },
  );

  api.get(
    '/api/me',
    {
      config: { rateLimit: ['read', 'read_network'] },
      schema: {
        summary: "The calling visitor's votes and flags, and whether reports are held for review",
        description:
          'For the page: which spots this visitor voted on and flagged, so it shows their own choice, ' +
          'whether new reports wait for a moderator, and the confidence below which nearby alerts stay ' +
          'quiet. Never cached.',
        tags: ['community'],
        response: { 200: json('Visitor state', meResponse), 503: readsBusy },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return deps.readGate.run(request, () => visitorState(deps.db, deps.identify(request).visitor), 'light');
    },
  );
}
