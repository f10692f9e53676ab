import type { FastifyInstance } from 'fastify';
import { statsResponse } from '../../../common/api.ts';
import type { Deps } from '../deps.ts';
import { json, typed } from '../http/api-schema.ts';
import { readKey } from '../http/public-cache.ts';
import { readsBusy } from '../http/read-gate.ts';
import { siteStats, TOP_AREAS } from './stats.service.ts';

export function registerStatsRoutes(app: FastifyInstance, deps: Deps): void {
  typed(app).get(
    '/api/stats',
    {
      config: { rateLimit: ['read', 'read_network'], revalidates: true },
      schema: {
        summary: 'Statistics over public spots that count as dangers (not disputed, or verified or sourced)',
        description: `byArea lists the top ${TOP_AREAS} areas by number of spots.`,
        tags: ['spots'],
        response: { 200: json('Statistics', statsResponse), 503: readsBusy },
      },
    },
    (request, reply) =>
      deps.publicCache.send(request, reply, readKey('/api/stats', {}), () => siteStats(deps.db)),
  );
}
