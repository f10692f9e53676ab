import { z } from 'zod';

/** GET /api/health: the spec's answer, with where rate limits count now. */
export const healthResponse = z.object({
  ok: z.boolean(),
  error: z.string().optional(),
  checks: z.object({
    database: z.enum(['ok', 'unreachable']),
    counters: z
      .enum(['redis', 'database', 'memory-fallback'])
      .meta({ description: 'Where rate limits count now' }),
  }),
});

/** GET /api/live: the process serves requests. */
export const liveResponse = z.object({ ok: z.literal(true) });
