import { z } from 'zod';
import { searchResponse } from '../../../common/api.ts';
import { roundCoordinate } from '../../../common/geo.ts';
import { insideRegion } from '../../../common/region.ts';
import { errorSchema } from '../http/api-schema.ts';

export const searchQuery = z.object({
  // Pasted text longer than 100 characters is cut to its first 100 (counted in code points, so no
  // character is split), as the spec's service does, rather than refused.
  q: z
    .string()
    .default('')
    .transform((s) => Array.from(s.trim().replace(/\s+/g, ' ')).slice(0, 100).join('').trimEnd()),
  places: z.enum(['0', '1'], { error: 'places must be 0 or 1' }).default('1'),
});

/** GET /api/search's 429: too many searches (an Error), or too many place lookups (the spots still). */
export const searchRefused = z.union([searchResponse, errorSchema]);

const coordinate = (what: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${what} must be a number` })
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} must be at most ${max}`)
    .transform(roundCoordinate);

/** A point inside the region served (a report's place, a view's centre). */
export const nearbyQuery = z
  .object({ lat: coordinate('lat', -90, 90), lng: coordinate('lng', -180, 180) })
  .refine((p) => insideRegion(p.lat, p.lng), {
    message: 'the point must be inside the region served',
    path: ['lat'],
  });
