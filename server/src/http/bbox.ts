import { z } from 'zod';
import { roundCoordinate } from '../../../common/geo.ts';

const BBOX_FORMAT = 'bbox must be minLng,minLat,maxLng,maxLat';
const bboxNumber = z
  .string()
  .regex(/^\s*-?\d+(\.\d+)?\s*$/, BBOX_FORMAT)
  .transform((s) => roundCoordinate(Number(s)));

/** A box in degrees, written minLng,minLat,maxLng,maxLat (as the map's view gives it). */
export const bbox = z
  .string()
  .transform((s) => s.split(','))
  .pipe(z.tuple([bboxNumber, bboxNumber, bboxNumber, bboxNumber], { error: BBOX_FORMAT }))
  .transform(([minLng, minLat, maxLng, maxLat]) => ({ minLng, minLat, maxLng, maxLat }))
  .refine((b) => b.minLng <= b.maxLng && b.minLat <= b.maxLat, BBOX_FORMAT);
