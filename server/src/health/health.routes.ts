import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { json, typed } from '../http/api-schema.ts';
import { healthResponse, liveResponse } from './health.schema.ts';

/**
 * Health answers within 1.5 s even when the database hangs. The check has its own connection (or,
 * embedded, reads the state of the queue), so public work never makes it wait or fail.
 */
const DB_PING_TIMEOUT_MS = 1500;

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
        summary: 'Health check (never rate limited)',
        tags: ['service'],
        response: {
          200: json('Healthy', healthResponse),
          503: json('The database cannot be reached', healthResponse),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const counters = deps.limiter.counters.state;
      try {
        await deps.db.ping(DB_PING_TIMEOUT_MS);
        return { ok: true, checks: { database: 'ok', counters } };
      } catch (err) {
        request.log.warn({ err }, 'health: database unreachable');
        return reply.code(503).send({
          ok: false,
          error: 'The database cannot be reached',
          checks: { database: 'unreachable', counters },
        });
      }
    },
  );
}
