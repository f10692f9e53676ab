import { z } from 'zod';
import { reportInput } from '../../../common/api.ts';

/** data/seed.json: the sourced seed spots, each a report with a stable key. */
export const seedFile = z.object({
  spots: z.array(reportInput.and(z.object({ key: z.string().regex(/^[a-z0-9-]+$/) }))),
});
export type SeedSpot = z.output<typeof seedFile>['spots'][number];
