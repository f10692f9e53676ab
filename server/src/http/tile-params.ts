import { z } from 'zod';
import { TILE_MAX_ZOOM } from '../../../common/geo.ts';
import { named } from './api-schema.ts';

const tileNumber = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(0);

/** A map tile's address (Web Mercator XYZ): z up to TILE_MAX_ZOOM, x and y inside that zoom's grid. */
export const tileParams = named(
  z
    .object({
      z: tileNumber('z').max(TILE_MAX_ZOOM, `z must be at most ${TILE_MAX_ZOOM}`),
      x: tileNumber('x'),
      y: tileNumber('y'),
    })
    .refine((t) => t.x < 2 ** t.z && t.y < 2 ** t.z, 'x and y must be below 2 to the power z'),
  'tile',
);
