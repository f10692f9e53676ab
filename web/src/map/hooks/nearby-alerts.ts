import { useEffect, useRef, useState } from 'preact/hooks';
import { countsAsDanger } from '../../../../common/domain.ts';
import { metresBetween } from '../../../../common/geo.ts';
import type { Spot } from '../../lib/types.ts';
import type { Position } from './geolocation.ts';

/**
 * Warn within 300 m of a public spot that counts as a danger (not disputed, or protected from votes),
 * each spot once per visit.
 */
const ALERT_RADIUS_M = 300;
const SEEN_KEY = 'hatari.alerted';

function seenThisVisit(): Set<number> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(SEEN_KEY) ?? '[]') as number[]);
  } catch {
    return new Set();
  }
}

/**
 * The spots within the alert radius that have not yet alerted this visit, nearest first; none the
 * map is less sure of than the site's alert confidence.
 */
function spotsToAlert(spots: Spot[], at: Position, seen: Set<number>, minConfidence: number): Spot[] {
  return spots
    .filter((s) => countsAsDanger(s) && s.confidence >= minConfidence && !seen.has(s.id))
    .map((s) => ({ s, d: metresBetween(at, s) }))
    .filter((x) => x.d <= ALERT_RADIUS_M)
    .sort((a, b) => a.d - b.d)
    .map((x) => x.s);
}

/**
 * While on, watches the phone's position; coming near a dangerous spot vibrates the phone and hands
 * the spot to `onAlert`. The public list holds only approved spots, so "approved" is already true.
 * The spots are looked at again when they change under a known position: turned on while the list
 * was still loading (the map then shows the tiles' spots), a phone standing still would otherwise
 * never be warned.
 */
export function useNearbyAlerts(
  on: boolean,
  spots: Spot[],
  minConfidence: number,
  onAlert: (spot: Spot) => void,
) {
  const [position, setPosition] = useState<Position>();
  const [error, setError] = useState<GeolocationPositionError>();
  const latest = useRef({ spots, onAlert });
  latest.current = { spots, onAlert };

  useEffect(() => {
    if (!on || !position) return;
    const seen = seenThisVisit();
    const near = spotsToAlert(latest.current.spots, position, seen, minConfidence);
    const first = near[0];
    if (!first) return;
    for (const s of near) seen.add(s.id);
    try {
      sessionStorage.setItem(SEEN_KEY, JSON.stringify([...seen]));
    } catch {
      // remembered for this page only
    }
    navigator.vibrate?.([300, 120, 300]);
    latest.current.onAlert(first);
  }, [on, position, spots, minConfidence]);

  useEffect(() => {
    if (!on || !('geolocation' in navigator)) {
      setPosition(undefined);
      return;
    }
    const id = navigator.geolocation.watchPosition(
      (p) => {
        setPosition({ lat: p.coords.latitude, lng: p.coords.longitude });
        setError(undefined);
      },
      setError,
      { enableHighAccuracy: true, maximumAge: 10_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [on]);

  return { position, error };
}
