import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { serveStream } from '../events/index.ts';
import { error, media, typed } from '../http/api-schema.ts';
import { requireRole } from './guard.ts';
import { authErrors } from './mod-spots.routes.ts';

/**
 * The moderators' live stream: the console hears that spots changed, held reports included, and asks
 * its queue, counts and alarms again (docs/moderators.md, "A live console").
 */
export function registerModEventRoutes(app: FastifyInstance, deps: Deps): void {
  const moderator = requireRole(deps, 'moderator');
  typed(app).get(
    '/api/mod/events',
    {
      ...moderator,
      config: { ...moderator.config, shed: () => deps.events.full() },
      schema: {
        summary: "The moderators' live stream (Server-Sent Events): what changed, held reports included",
        description:
          'An event queue, with data {"changes": n, "held": n}, after each read of the changes in which ' +
          'any spot changed (published, changed, hidden, archived, or held for a moderator): the console ' +
          'asks its queue, counts and alarms again. No spot is sent; nothing is replayed on a reconnect.',
        tags: ['moderators'],
        response: {
          200: media('A stream of events', 'text/event-stream'),
          503: error('Too many streams are open, site-wide or from the network (with Retry-After)'),
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      const network = deps.identify(request).wideNetwork;
      const refusal = deps.events.refusal(network);
      if (refusal) throw refusal;
      await serveStream(reply, (res) =>
        deps.events.open(res, network, undefined, undefined, { moderator: true }),
      );
    },
  );
}
