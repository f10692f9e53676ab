/**
 * Distance from points to a route and how far along it they lie, in metres. Coordinates are
 * projected to a flat local plane (longitude scaled by the cosine of the route's mean latitude);
 * near the equator, over the length of a trip, this stays within 0.5% of geodesic figures.
 */
const METRES_PER_DEGREE = 111_195; // one degree of latitude on the mean Earth sphere

export interface Projected {
  /** Distance from the route. */
  distance: number;
  /** Metres from the start of the route to the closest point on it. */
  along: number;
}

export function measureAgainstLine(
  line: Array<[number, number]>,
  points: Array<{ lat: number; lng: number }>,
): Projected[] {
  const k = Math.cos((line.reduce((s, [, lat]) => s + lat, 0) / line.length) * (Math.PI / 180));
  const xs = line.map(([lng]) => lng * k * METRES_PER_DEGREE);
  const ys = line.map(([, lat]) => lat * METRES_PER_DEGREE);
  const startOf: number[] = [0];
  for (let i = 1; i < line.length; i++) {
    startOf.push(
      (startOf[i - 1] ?? 0) + Math.hypot((xs[i] ?? 0) - (xs[i - 1] ?? 0), (ys[i] ?? 0) - (ys[i - 1] ?? 0)),
    );
  }
  return points.map(({ lat, lng }) => {
    const px = lng * k * METRES_PER_DEGREE;
    const py = lat * METRES_PER_DEGREE;
    let best = { distance: Number.POSITIVE_INFINITY, along: 0 };
    for (let i = 1; i < line.length; i++) {
      const ax = xs[i - 1] as number;
      const ay = ys[i - 1] as number;
      const dx = (xs[i] as number) - ax;
      const dy = (ys[i] as number) - ay;
      const len2 = dx * dx + dy * dy;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
      const distance = Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
      if (distance < best.distance)
        best = { distance, along: (startOf[i - 1] as number) + t * Math.sqrt(len2) };
    }
    return best;
  });
}
