import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { sendEncoded } from '../http/encoded-body.ts';
import type { OpenApiBuilder } from '../http/openapi.ts';
import { readKey } from '../http/public-cache.ts';
import { CATEGORIES } from '../spots/spots.schema.ts';
import { countsByCategory, topAreas, totals } from './stats.sql.ts';

const TOP_AREAS = 8;

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

export function registerStatsRoutes(app: FastifyInstance, deps: Deps, api: OpenApiBuilder): void {
  app.get('/api/stats', { config: { rateLimit: ['read', 'read_network'] } }, async (request, reply) => {
    const entry = await deps.publicCache.get(readKey('/api/stats', {}), async () => {
      const [t, byCategory, byArea] = await Promise.all([
        totals(deps.db),
        countsByCategory(deps.db),
        topAreas(deps.db, TOP_AREAS),
      ]);
      return { totals: t, byCategory, byArea };
    });
    return sendEncoded(request, reply, entry);
  });
  api.add({
    method: 'get',
    path: '/api/stats',
    summary: 'Statistics over public spots that count as dangers (not disputed, or verified or sourced)',
    description: `byArea lists the top ${TOP_AREAS} areas by number of spots.`,
    tags: ['spots'],
    responses: { 200: { description: 'Statistics', schema: statsResponse } },
  });
}
