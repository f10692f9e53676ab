import type { FastifyInstance } from 'fastify';
import { COMPACT_DANGERS } from '../../../common/api.ts';
import { region } from '../../../common/region.ts';
import type { Deps } from '../deps.ts';
import { abandonedSignal } from '../http/abandoned.ts';
import { error, json, named, typed } from '../http/api-schema.ts';
import { routeAnswer, routeQuery } from './route.schema.ts';
import { CHECKS_PER_NETWORK } from './route.service.ts';

export function registerRouteRoutes(app: FastifyInstance, deps: Deps): void {
  typed(app).get(
    '/api/route',
    {
      config: { rateLimit: ['route', 'route_network'], shed: deps.routePlanner.refusalWhenFull },
      schema: {
        summary: 'Routes with the danger spots along them, safest first',
        description:
          `from and to as lat,lng inside ${region().name}. Dangers are public spots within bufferMeters (150 m) that ` +
          'are not disputed, or are protected (moderator-verified, or seeded with a source); risk is the sum ' +
          'of their severities, weighted_risk (an extension) the sum of severity × confidence / 10, and routes ' +
          'come lowest risk first (order=weighted: lowest weighted_risk first), then fastest. mode picks the travel profile; at=day|night|date-time leaves out spots ' +
          'dangerous only at the other time; avoid=1 adds detours around severe spots when every offered ' +
          'route passes one, if they lower the risk within 1.5x the fastest duration. ' +
          `detail=compact (an extension) lists each route's first ${COMPACT_DANGERS} dangers in brief with ` +
          'danger_count, for phones: a long route through a dense area passes thousands of spots.',
        tags: ['routes'],
        querystring: named(routeQuery, 'route'),
        response: {
          200: json('Routes (with detail=compact, the compact form)', routeAnswer),
          400: error(`Missing, malformed or outside ${region().name}`),
          404: error('No route found'),
          429: error(
            `Too many route checks by this visitor or network, or more than ${CHECKS_PER_NETWORK} at once from one network`,
          ),
          502: error(
            'The routing service is down, slow or answered garbage (after five failures in a row it is not asked for 10 s)',
          ),
          503: error(
            'Too many route checks waiting on this server, or open at the routing service; try again after Retry-After seconds',
          ),
        },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const timing = { queuedMs: 0 };
      const planned = await deps.routePlanner.plan(
        request.query,
        deps.identify(request),
        // A phone that gave up should not keep its analysis in the queue.
        abandonedSignal(reply),
        timing,
      );
      // How long the check took on the server, and how much of it was waiting for its turn (benchmarks
      // read it; so can a client's developer tools).
      reply.header(
        'server-timing',
        `check;dur=${(performance.now() - started).toFixed(1)}, queue;dur=${timing.queuedMs.toFixed(1)}`,
      );
      return planned;
    },
  );
}
