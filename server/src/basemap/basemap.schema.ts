import { z } from 'zod';
import { region } from '../../../common/region.ts';
import { named } from '../http/api-schema.ts';
import { bbox } from '../http/bbox.ts';

/** An area to keep offline: the part of the box inside the region served. */
export const areaQuery = named(
  z.object({
    bbox: bbox
      .transform((b) => {
        const r = region().box;
        return {
          minLng: Math.max(b.minLng, r.minLng),
          minLat: Math.max(b.minLat, r.minLat),
          maxLng: Math.min(b.maxLng, r.maxLng),
          maxLat: Math.min(b.maxLat, r.maxLat),
        };
      })
      .refine((b) => b.minLng < b.maxLng && b.minLat < b.maxLat, 'bbox must overlap the region served'),
  }),
  'area',
);
