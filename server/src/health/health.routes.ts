import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { json, typed } from '../http/api-schema.ts';

/**
 * Health answers within 1.5 s even when the database hangs. The check has its own connection (or,
 * embedded, reads the state of the queue), so public work never makes it wait or fail.
 */
const DB_PING_TIMEOUT_MS = 1500;

const healthResponse = z.object({
  ok: z.boolean(),
  error: z.string().optional(),
  checks: z.object({
    database: z.enum(['ok', 'unreachable']),
    counters: z
      .enum(['redis', 'database', 'memory-fallback'])
      .meta({ description: 'Where rate limits count now' }),
  }),
});

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
        response: { 200: json('The process is serving', z.object({ ok: z.literal(true) })) },
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
