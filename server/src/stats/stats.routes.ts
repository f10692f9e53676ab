import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { json, typed } from '../http/api-schema.ts';
import { readKey } from '../http/public-cache.ts';
import { CATEGORIES } from '../spots/spots.schema.ts';
import { siteStats, TOP_AREAS } from './stats.service.ts';

const statsResponse = z.object({
  totals: z.object({
    total: z.number().int(),
    confirmed: z.number().int().meta({ description: 'Community-confirmed or verified by moderators' }),
    unverified: z.number().int(),
    this_week: z
      .number()
      .int()
      .meta({ description: 'Reported through the app (not seeded) in the last 7 days' }),
  }),
  byCategory: z.array(z.object({ category: z.enum(CATEGORIES), count: z.number().int() })),
  byArea: z.array(z.object({ area: z.string(), count: z.number().int(), max_severity: z.number().int() })),
});

export function registerStatsRoutes(app: FastifyInstance, deps: Deps): void {
  typed(app).get(
    '/api/stats',
    {
      config: { rateLimit: ['read', 'read_network'] },
      schema: {
        summary: 'Statistics over public spots that count as dangers (not disputed, or verified or sourced)',
        description: `byArea lists the top ${TOP_AREAS} areas by number of spots.`,
        tags: ['spots'],
        response: { 200: json('Statistics', statsResponse) },
      },
    },
    (request, reply) =>
      deps.publicCache.send(request, reply, readKey('/api/stats', {}), () => siteStats(deps.db)),
  );
}
