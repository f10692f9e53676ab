import { z } from 'zod';
import { named } from '../http/api-schema.ts';
import { bbox } from '../http/bbox.ts';

/** How far a feed's `near` may reach: a city's width. */
export const FEED_MAX_RADIUS_M = 20_000;
/** Entries in a feed: the newest public spots, enough for a reader polling a few times a day. */
export const FEED_ENTRIES = 50;

const coordinate = z.string().regex(/^\s*-?\d+(\.\d+)?\s*$/, 'near must be lat,lng');

/** GET /api/feeds/spots.{atom,rss}: an area (a box, or a point and a radius) and verified=1. */
export const feedQuery = named(
  z
    .object({
      bbox: bbox.optional(),
      near: z
        .string()
        .transform((s) => s.split(','))
        .pipe(z.tuple([coordinate, coordinate], { error: 'near must be lat,lng' }))
        .transform(([lat, lng]) => ({ lat: Number(lat), lng: Number(lng) }))
        .refine((p) => Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180, 'near must be a point on Earth')
        .optional()
        .meta({ description: 'A point, lat,lng: the feed holds the spots within radius of it' }),
      radius: z.coerce
        .number({ error: `radius must be a whole number of metres up to ${FEED_MAX_RADIUS_M}` })
        .int()
        .min(100, 'radius must be at least 100 metres')
        .max(FEED_MAX_RADIUS_M, `radius must be at most ${FEED_MAX_RADIUS_M} metres`)
        .default(2000)
        .meta({ description: 'Metres around near (default 2000)' }),
      verified: z
        .enum(['1', '0', 'true', 'false'], { error: 'verified must be 1 or 0' })
        .optional()
        .meta({ description: '1: only spots verified by moderators' }),
    })
    .refine((q) => !(q.bbox && q.near), { message: 'Give bbox or near, not both', path: ['near'] }),
  'feed area',
);
export type FeedQuery = z.output<typeof feedQuery>;
