import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { json, typed } from '../http/api-schema.ts';
import { OUTAGE_RETRY_AFTER_S } from '../http/outage.ts';
import { healthResponse, liveResponse } from './health.schema.ts';
import { checkHealth } from './health.service.ts';

export function registerHealthRoutes(app: FastifyInstance, deps: Deps): void {
  typed(app).get(
    '/api/live',
    {
      schema: {
        summary: 'Liveness, for supervisors (never rate limited)',
        description:
          'Answers while the process serves requests, whatever the state of the database: a supervisor ' +
          'restarts the process when this fails; a load balancer routes by /api/health.',
        tags: ['service'],
        response: { 200: json('The process is serving', liveResponse) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { ok: true as const };
    },
  );

  typed(app).get(
    '/api/health',
    {
      schema: {
        summary: 'Health check: whether this instance can serve now (never rate limited)',
        description:
          'Readiness, for load balancers: 503 when the database does not answer, when requests found ' +
          'no database connection in time in the last 10 s, when writes fail for the disk or a ' +
          'read-only database, or when half the last 10 s of answers were server errors. /api/live ' +
          'is the liveness probe.',
        tags: ['service'],
        response: {
          200: json('Healthy', healthResponse),
          503: json('This instance cannot serve now; `checks` says why', healthResponse),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const health = await checkHealth(deps, request.log);
      if (health.ok) return health;
      return reply.code(503).header('retry-after', String(OUTAGE_RETRY_AFTER_S)).send(health);
    },
  );
}
