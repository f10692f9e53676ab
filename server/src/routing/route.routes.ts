import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { parseOr400 } from '../http/errors.ts';
import { errorSchema, type OpenApiBuilder } from '../http/openapi.ts';
import { COMPACT_DANGERS, compactRouteResponse, routeQuery, routeResponse } from './route.schema.ts';
import { CHECKS_PER_NETWORK } from './route.service.ts';

export function registerRouteRoutes(app: FastifyInstance, deps: Deps, api: OpenApiBuilder): void {
  const shed = deps.routes.refusalWhenFull;
  app.get(
    '/api/route',
    { config: { rateLimit: ['route', 'route_network'], shed } },
    async (request, reply) => {
      const query = parseOr400(routeQuery, request.query, 'route');
      // A phone that gave up (closed the connection) should not keep its analysis in the queue.
      const abandoned = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) abandoned.abort();
      });
      const started = performance.now();
      const timing = { queuedMs: 0 };
      const planned = await deps.routes.plan(query, deps.identify(request).network, abandoned.signal, timing);
      // How long the check took on the server, and how much of it was waiting for its turn (benchmarks
      // read it; so can a client's developer tools).
      reply.header(
        'server-timing',
        `check;dur=${(performance.now() - started).toFixed(1)}, queue;dur=${timing.queuedMs.toFixed(1)}`,
      );
      return planned;
    },
  );
  api.add({
    method: 'get',
    path: '/api/route',
    summary: 'Routes with the danger spots along them, safest first',
    description:
      'from and to as lat,lng inside Uganda. Dangers are public spots within bufferMeters (150 m) that ' +
      'are not disputed, or are protected (moderator-verified, or seeded with a source); risk is the sum of their severities. mode picks the travel profile; at=day|night|date-time ' +
      'leaves out spots dangerous only at the other time; avoid=1 adds detours around severe spots when ' +
      'every offered route passes one, if they lower the risk within 1.5x the fastest duration. ' +
      `detail=compact (an extension) lists each route's first ${COMPACT_DANGERS} dangers in brief with ` +
      'danger_count, for phones: a long route through a dense area passes thousands of spots.',
    tags: ['routes'],
    query: routeQuery,
    responses: {
      200: {
        description: 'Routes (with detail=compact, the compact form)',
        schema: z.union([routeResponse, compactRouteResponse]),
      },
      400: { description: 'Missing, malformed or outside Uganda', schema: errorSchema },
      404: { description: 'No route found', schema: errorSchema },
      429: {
        description: `Too many route checks by this visitor or network, or more than ${CHECKS_PER_NETWORK} at once from one network`,
        schema: errorSchema,
        headers: ['Retry-After'],
      },
      502: {
        description:
          'The routing service is down, slow or answered garbage (after five failures in a row it is not asked for 10 s)',
        schema: errorSchema,
      },
      503: {
        description:
          'Too many route checks waiting on this server, or open at the routing service; try again after Retry-After seconds',
        schema: errorSchema,
        headers: ['Retry-After'],
      },
    },
  });
}
