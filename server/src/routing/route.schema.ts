import { z } from 'zod';
import { COMPACT_DANGERS, compactRouteResponse, type Route, routeResponse } from '../../../common/api.ts';
import { TRAVEL_MODES } from '../../../common/domain.ts';
import { roundCoordinate } from '../../../common/geo.ts';
import { insideRegion, insideRegionText, isNight } from '../../../common/region.ts';

/** A decimal number as clients write it: a sign, digits with or without a point, an exponent (5e-7). */
const DECIMAL = '[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?';

const point = (name: string) =>
  z
    .string({ error: `${name} is required, as lat,lng` })
    .regex(new RegExp(`^\\s*${DECIMAL}\\s*,\\s*${DECIMAL}\\s*$`), `${name} must be lat,lng`)
    .transform((s) => {
      const [lat, lng] = s.split(',').map((n) => roundCoordinate(Number(n)));
      return { lat: lat as number, lng: lng as number };
    })
    .refine((p) => insideRegion(p.lat, p.lng), { error: () => `${name} must be ${insideRegionText()}` });

/** When the trip happens: spots dangerous only at the other time of day are left out. */
const when = z
  .string()
  .refine(
    (s) => s === 'day' || s === 'night' || !Number.isNaN(Date.parse(s)),
    'at must be day, night or a date-time',
  )
  .transform((s): 'day' | 'night' => {
    if (s === 'day' || s === 'night') return s;
    return isNight(new Date(s)) ? 'night' : 'day';
  });

export const routeQuery = z.object({
  from: point('from'),
  to: point('to'),
  mode: z.enum(TRAVEL_MODES, { error: 'mode must be driving, walking or cycling' }).default('driving'),
  avoid: z.enum(['0', '1'], { error: 'avoid must be 0 or 1' }).default('0'),
  at: when.optional(),
  order: z.enum(['risk', 'weighted'], { error: 'order must be risk or weighted' }).default('risk').meta({
    description:
      'risk (the default): lowest risk first, then fastest; weighted (an extension): lowest weighted_risk first, then fastest',
  }),
  detail: z
    .enum(['full', 'compact'], { error: 'detail must be full or compact' })
    .default('full')
    .meta({
      description: `compact (an extension): each route's dangers are the first ${COMPACT_DANGERS} in travel order, each with only id, title, severity, lat, lng, distance and along, and danger_count gives them all`,
    }),
});
export type RouteQuery = z.output<typeof routeQuery>;

/** What measuring and scoring need of a spot; the rest is read only for the dangers an answer lists. */
interface SlimSpot {
  id: number;
  lat: number;
  lng: number;
  severity: number;
  confidence: number;
}

/** A spot within the buffer of a route, measured against it. */
export interface MeasuredDanger extends SlimSpot {
  /** Metres from the route. */
  distance: number;
  /** Metres from the start. */
  along: number;
}

/** A route as scored, before the listed dangers' other fields are read. */
export type ScoredRoute = Omit<Route, 'dangers'> & { dangers: MeasuredDanger[] };

/** GET /api/route's 200: the full answer, or with detail=compact the compact one. */
export const routeAnswer = z.union([routeResponse, compactRouteResponse]);
