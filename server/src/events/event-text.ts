import type { ChangeRow } from './events.sql.ts';

/** A box in degrees; a stream with one hears only of changes inside it. */
export interface Box {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

const inside = (box: Box, lat: number, lng: number) =>
  lat >= box.minLat && lat <= box.maxLat && lng >= box.minLng && lng <= box.maxLng;

/** Whether a change concerns a stream with this box: the spot is inside it, or was until an edit moved it. */
export const touches = (box: Box, c: ChangeRow) =>
  inside(box, c.lat, c.lng) ||
  (c.was_lat !== null && c.was_lng !== null && inside(box, c.was_lat, c.was_lng));

/** One change as the stream sends it: its id, its kind as the event's name, what changed as data. */
export function eventText(c: ChangeRow): string {
  const was = c.was_lat === null ? '' : `,"was":{"lat":${c.was_lat},"lng":${c.was_lng}}`;
  const data = `{"id":${c.spot_id},"lat":${c.lat},"lng":${c.lng}${was},"spot":${c.kind === 'hidden' ? 'null' : (c.spot ?? 'null')}}`;
  return `id: ${c.id}\nevent: spot.${c.kind}\ndata: ${data}\n\n`;
}

/** Tells a moderators' console what changed in a read: it asks its queue and alarms again. */
export const queueText = (changes: ChangeRow[]) =>
  `event: queue\ndata: {"changes":${changes.length},"held":${changes.filter((c) => c.kind === 'held').length}}\n\n`;

/** Whether a change may go on the public stream: a held report's may not. */
export const isPublic = (c: ChangeRow) => c.kind !== 'held';

/** Tells a client to ask for its view again, as of change `id` (its Last-Event-ID on a reconnect). */
export const reloadText = (id: string) => `id: ${id}\nevent: reload\ndata: {}\n\n`;
