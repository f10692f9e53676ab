import { z } from 'zod';
import { reportInRegion } from '../../../common/api.ts';
import { UGANDA } from '../../../common/region.ts';

/** data/seed.json: the sourced seed spots of Uganda, each a report there with a stable key. */
export const seedFile = z.object({
  spots: z.array(
    z.intersection(
      reportInRegion(() => UGANDA),
      z.object({ key: z.string().regex(/^[a-z0-9-]+$/) }),
    ),
  ),
});
export type SeedSpot = z.output<typeof seedFile>['spots'][number];
