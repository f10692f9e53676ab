import { z } from 'zod';
import { pushSubscription as subscription } from '../../../common/api.ts';
import { roundCoordinate } from '../../../common/geo.ts';
import { insideRegion, insideRegionText, LANGUAGE_NAMES, type Lang } from '../../../common/region.ts';
import { ALERT_RULES } from './alerts.ts';

const place = z.object({
  place: z.string().trim().min(1).max(60),
  lat: z.number().min(-90).max(90).transform(roundCoordinate),
  lng: z.number().min(-180).max(180).transform(roundCoordinate),
});
const placeInRegion = place.refine((p) => insideRegion(p.lat, p.lng), {
  error: () => `The place must be ${insideRegionText()}`,
});
const hour = z.number().int().min(0).max(23);

/** POST /api/push/watches. */
export const pushWatchInput = z
  .object({
    ...place.shape,
    subscription,
    lang: z
      .enum(Object.keys(LANGUAGE_NAMES) as [Lang, ...Lang[]])
      .meta({ description: 'The language alerts are written in' }),
    to: placeInRegion
      .optional()
      .meta({ description: 'A trip: alerts along the way from the place to this one' }),
    radius_m: z
      .number()
      .int()
      .min(ALERT_RULES.minRadiusM)
      .max(ALERT_RULES.maxRadiusM)
      .optional()
      .meta({
        description: `Around the place (default ${ALERT_RULES.radiusM} m; a trip: ${ALERT_RULES.tripRadiusM} m either side)`,
      }),
    hours: z
      .object({ from: hour, to: hour })
      .refine((h) => h.from !== h.to, 'hours.from and hours.to must differ')
      .optional()
      .meta({
        description: 'Local hours it matters; without, all day but quiet at night (22-6) unless a killing',
      }),
  })
  .refine((p) => insideRegion(p.lat, p.lng), { error: () => `The place must be ${insideRegionText()}` });
export type PushWatchInput = z.output<typeof pushWatchInput>;

/** The other calls name the subscription by its endpoint, sent in the body: it must not be in an address. */
export const pushEndpointInput = subscription.pick({ endpoint: true });
export const pushWatchParams = z.object({ id: z.coerce.number().int().positive() });
