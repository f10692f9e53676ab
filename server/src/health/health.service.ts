import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';
import type { RecentTrouble } from '../http/outage.ts';
import type { healthResponse } from './health.schema.ts';

/**
 * Health answers within 1.5 s even when the database hangs. The check has its own connection (or,
 * embedded, reads the state of the queue), so public work never makes it wait or fail.
 */
const DB_PING_TIMEOUT_MS = 1500;

export type Health = z.infer<typeof healthResponse>;

/**
 * Databases whose last ping failed: an outage is logged when it starts and when it ends, not at
 * every probe (the health port checks once a second).
 */
const unreachable = new WeakSet<object>();

/**
 * Whether this instance can serve now (docs/api.md, "Outages and what health says"): the database
 * answers, and no recent trouble (writes failing, no connection in time, most answers failing).
 */
export async function checkHealth(
  deps: Pick<Deps, 'db' | 'limiter' | 'outages'>,
  log: FastifyBaseLogger,
): Promise<Health> {
  const counters = deps.limiter.counters.state;
  const trouble = deps.outages.trouble();
  let database: 'ok' | 'unreachable' = 'ok';
  try {
    await deps.db.ping(DB_PING_TIMEOUT_MS);
    if (unreachable.delete(deps.db)) log.info('health: database reachable again');
  } catch (err) {
    if (!unreachable.has(deps.db)) log.warn({ err }, 'health: database unreachable');
    unreachable.add(deps.db);
    database = 'unreachable';
  }
  const checks = { database, counters, ...trouble };
  if (database === 'ok' && Object.keys(trouble).length === 0) return { ok: true, checks };
  return { ok: false, error: unhealthy(checks), checks };
}

/** Why the instance cannot serve, in words. */
function unhealthy(checks: { database: string } & RecentTrouble): string {
  if (checks.database !== 'ok') return 'The database cannot be reached';
  if (checks.writes) return 'Writes are failing (the disk is full or the database is read-only)';
  if (checks.pool) return 'Requests found no database connection in time';
  return 'Most recent requests failed';
}
