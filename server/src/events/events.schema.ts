import { z } from 'zod';
import { bbox } from '../http/bbox.ts';

export const eventsQuery = z.object({
  bbox: bbox
    .optional()
    .meta({ description: 'Only changes of spots inside this box (minLng,minLat,maxLng,maxLat)' }),
});

export const eventsHeaders = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,18}$/, 'Last-Event-ID is the id of an event this stream sent')
    .optional()
    .meta({ description: 'Sent by the browser on a reconnect: what was missed after it is sent first' }),
});
