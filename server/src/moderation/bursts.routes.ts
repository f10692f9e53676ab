import type { FastifyInstance } from 'fastify';
import { alarmsResponse, heldDecisionResponse, revertResponse } from '../../../common/api.ts';
import type { Deps } from '../deps.ts';
import { empty, error, json, typed } from '../http/api-schema.ts';
import { ALARM, keepBurst, revertBurst, signalAlarms } from './bursts.service.ts';
import { actorOf, requireRole } from './guard.ts';
import { decideHeldReports } from './held.service.ts';
import { authErrors } from './mod-spots.routes.ts';
import { burstPeriod, heldPeriod } from './moderation.schema.ts';

const badInput = error('Bad body');

/**
 * Moderators' alarms: the site-wide budgets, bursts across networks and one action to undo one, and
 * the reports the newcomer budgets hold with one action to decide them whole.
 */
export function registerBurstRoutes(app: FastifyInstance, deps: Deps): void {
  const api = typed(app);
  const moderator = requireRole(deps, 'moderator');

  api.get(
    '/api/mod/alarms',
    {
      ...moderator,
      schema: {
        summary: 'Site budgets used this hour, and bursts across networks not yet reviewed',
        description:
          `A burst is one or more neighbouring ten-minute buckets of the last ${ALARM.lookbackDays} days holding ` +
          `${ALARM.acts} or more "not anymore" votes and flags from ${ALARM.networks} or more networks, a vote ` +
          'refused by the dispute budget, a spot held back from hiding by the hide budget, or the action that ' +
          'spent the last of a budget.',
        tags: ['moderators'],
        response: { 200: json('Budgets and bursts', alarmsResponse), ...authErrors },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return signalAlarms(deps.db, deps.clock.now());
    },
  );

  api.post(
    '/api/mod/bursts/revert',
    {
      ...moderator,
      schema: {
        summary: 'Revert a burst across all its networks and spots',
        description:
          'In one transaction: the "not anymore" votes cast in the period are voided (counts, status, map ' +
          'and statistics follow), its open flags dismissed, the spots they hid shown again, and every spot ' +
          'touched restored: protected from flags and votes for 30 days. Logged per spot.',
        tags: ['moderators'],
        body: burstPeriod,
        response: { 200: json('What it reverted', revertResponse), 400: badInput, ...authErrors },
      },
    },
    async (request) => revertBurst(deps.db, deps.standing, actorOf(request), request.body),
  );

  api.post(
    '/api/mod/bursts/keep',
    {
      ...moderator,
      schema: {
        summary: 'Keep what a burst did (it was no attack): its period leaves the alarms',
        description:
          'Records that a moderator looked and found no attack; nothing it did is undone. The period comes ' +
          'back to the alarms only if something happens in it afterwards. Logged.',
        tags: ['moderators'],
        body: burstPeriod,
        response: { 204: empty('Kept'), 400: badInput, ...authErrors },
      },
    },
    async (request, reply) => {
      await keepBurst(deps.db, actorOf(request), request.body);
      return reply.code(204).send();
    },
  );

  for (const action of ['approve', 'reject'] as const) {
    api.post(
      `/api/mod/held-reports/${action}`,
      {
        ...moderator,
        schema: {
          summary:
            action === 'approve'
              ? 'Approve every report the newcomer budgets held in a period'
              : 'Reject every report the newcomer budgets held in a period',
          description:
            'In one transaction, each report held in the period (from and to of the held_reports alarm) that ' +
            'still waits is ' +
            (action === 'approve'
              ? 'approved: it goes on the map, its alerts are queued and its reporter gains agreement.'
              : "rejected: it never reaches the map and its reporter's standing is lost.") +
            ' Logged per spot and for the whole.',
          tags: ['moderators'],
          body: heldPeriod,
          response: {
            200: json('How many were decided', heldDecisionResponse),
            400: badInput,
            ...authErrors,
          },
        },
      },
      async (request) => decideHeldReports(deps.db, deps.standing, actorOf(request), request.body, action),
    );
  }
}
