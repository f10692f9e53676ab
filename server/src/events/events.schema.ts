import { z } from 'zod';
import { bbox } from '../http/bbox.ts';

const eventId = z.string().regex(/^\d{1,18}$/, 'Last-Event-ID is the id of an event this stream sent');

export const eventsQuery = z.object({
  bbox: bbox
    .optional()
    .meta({ description: 'Only changes of spots inside this box (minLng,minLat,maxLng,maxLat)' }),
  last_event_id: eventId.optional().meta({
    description:
      'As the Last-Event-ID header, for a client opening a new stream (an EventSource sets no headers): ' +
      'what was missed after it is sent first. The header wins when both are given.',
  }),
});

export const eventsHeaders = z.object({
  'last-event-id': eventId
    .optional()
    .meta({ description: 'Sent by the browser on a reconnect: what was missed after it is sent first' }),
});
