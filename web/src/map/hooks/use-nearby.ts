import { useEffect, useState } from 'preact/hooks';
import { answer, client } from '../../lib/api.ts';
import type { Nearby } from '../../lib/types.ts';

/** A pin dragged or tapped again within this long asks once, for where it came to rest. */
const SETTLE_MS = 300;

/**
 * What is at the report's place (GET /api/nearby): the nearest place name and the public spots
 * within 150 m. Asked once the pin rests, the earlier question dropped; nothing while offline.
 */
export function useNearby(point: { lat: number; lng: number } | undefined): Nearby | undefined {
  const [nearby, setNearby] = useState<Nearby>();
  const lat = point?.lat;
  const lng = point?.lng;
  useEffect(() => {
    setNearby(undefined);
    if (lat === undefined || lng === undefined) return;
    const abort = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await answer(
          client.GET('/api/nearby', { params: { query: { lat, lng } }, signal: abort.signal }),
        );
        if (res.ok) setNearby(res.data);
      } catch {
        // dropped: the pin moved on
      }
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [lat, lng]);
  return nearby;
}
