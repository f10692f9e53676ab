import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { json, typed } from '../http/api-schema.ts';
import { OUTAGE_RETRY_AFTER_S, type RecentTrouble } from '../http/outage.ts';
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
      const counters = deps.limiter.counters.state;
      const trouble = deps.outages.trouble();
      let database: 'ok' | 'unreachable' = 'ok';
      try {
        await deps.db.ping(DB_PING_TIMEOUT_MS);
      } catch (err) {
        request.log.warn({ err }, 'health: database unreachable');
        database = 'unreachable';
      }
      const checks = { database, counters, ...trouble };
      if (database === 'ok' && Object.keys(trouble).length === 0) return { ok: true, checks };
      return reply
        .code(503)
        .header('retry-after', String(OUTAGE_RETRY_AFTER_S))
        .send({ ok: false, error: unhealthy(checks), checks });
    },
  );
}

/** Why the instance cannot serve, in words. */
function unhealthy(checks: { database: string } & RecentTrouble): string {
  if (checks.database !== 'ok') return 'The database cannot be reached';
  if (checks.writes) return 'Writes are failing (the disk is full or the database is read-only)';
  if (checks.pool) return 'Requests found no database connection in time';
  return 'Most recent requests failed';
}
