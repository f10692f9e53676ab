import { useEffect, useRef } from 'preact/hooks';
import { pageSettings } from '../lib/page-config.ts';
import type { ModSpot } from '../lib/types.ts';
import type { MiniMapPoint } from '../map/map/mini-map.ts';

/**
 * A small map of a spot in the console, and of the spot a "duplicate" flag names beside it. Each is
 * made when its card scrolls into view (Leaflet in its own chunk), so a long queue costs nothing
 * for the cards not looked at.
 */
export function SpotMiniMap({ spot }: { spot: ModSpot }) {
  const element = useRef<HTMLDivElement>(null);
  const points: MiniMapPoint[] = [
    {
      lat: spot.lat,
      lng: spot.lng,
      label: `#${spot.id} ${spot.title}`,
      kind: 'spot',
      severity: spot.severity,
    },
    ...spot.flags.flatMap((f) =>
      f.duplicate_of
        ? [
            {
              lat: f.duplicate_of.lat,
              lng: f.duplicate_of.lng,
              label: `#${f.duplicate_of.id} ${f.duplicate_of.title}`,
              kind: 'other' as const,
            },
          ]
        : [],
    ),
  ];
  const key = JSON.stringify(points);
  useEffect(() => {
    const el = element.current;
    if (!el) return;
    let map: { remove(): void } | undefined;
    let gone = false;
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      void import('../map/map/mini-map.ts').then(({ MiniMap }) => {
        if (!gone) map = new MiniMap(el, pageSettings(), JSON.parse(key));
      });
    });
    seen.observe(el);
    return () => {
      gone = true;
      seen.disconnect();
      map?.remove();
    };
  }, [key]);
  return <div ref={element} class="mini-map" role="img" aria-label={points.map((p) => p.label).join(', ')} />;
}
