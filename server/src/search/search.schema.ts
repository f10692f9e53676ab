import { z } from 'zod';
import { CATEGORIES, STATUSES } from '../spots/spots.schema.ts';

export const searchQuery = z.object({
  // Pasted text longer than 100 characters is cut to its first 100 (counted in code points, so no
  // character is split), as the spec's service does, rather than refused.
  q: z
    .string()
    .default('')
    .transform((s) => Array.from(s.trim().replace(/\s+/g, ' ')).slice(0, 100).join('').trimEnd()),
  places: z.enum(['0', '1'], { error: 'places must be 0 or 1' }).default('1'),
});

export const spotSummary = z
  .object({
    id: z.number().int(),
    title: z.string(),
    area: z.string(),
    category: z.enum(CATEGORIES),
    severity: z.number().int(),
    status: z.enum(STATUSES),
    moderator_verified: z.boolean(),
    lat: z.number(),
    lng: z.number(),
  })
  .meta({ id: 'SpotSummary' });
export type SpotSummary = z.output<typeof spotSummary>;

export const spotHit = spotSummary.extend({ score: z.number().meta({ description: 'Higher is better' }) });
export type SpotHit = z.output<typeof spotHit>;

export const nearbySpot = spotSummary.extend({ distance_m: z.number() });
export type NearbySpot = z.output<typeof nearbySpot>;

export const placeSchema = z.object({
  name: z.string(),
  detail: z.string().meta({ description: 'Up to three levels of administrative context' }),
  lat: z.number(),
  lng: z.number(),
  nearby: z.array(nearbySpot).meta({ description: 'Up to 5 public spots within 2 km, nearest first' }),
});
export type Place = z.output<typeof placeSchema>;

export const searchResponse = z.object({
  spots: z.array(spotHit),
  places: z.array(placeSchema),
  error: z.string().optional().meta({ description: 'Set when place search failed or was throttled' }),
});
