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
    pool: z
      .literal('exhausted')
      .optional()
      .meta({ description: 'A request found no database connection in time in the last 10 s' }),
    writes: z.literal('failing').optional().meta({
      description:
        'A write failed for the disk or a read-only database, and none has succeeded since (at most 30 s ago)',
    }),
    requests: z.literal('failing').optional().meta({
      description:
        'Half or more of the last 10 s of answers (10 or more) were server errors or outages (not 503s that shed load)',
    }),
  }),
});

/** GET /api/live: the process serves requests. */
export const liveResponse = z.object({ ok: z.literal(true) });
