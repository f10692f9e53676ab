import { insideRegion } from '../../../common/region.ts';
import type { LatLng } from '../clients/osrm.ts';
import type { RouteQuery, ScoredRoute } from './route.schema.ts';

type RouteOrder = RouteQuery['order'];

/**
 * Detours around dangerous spots (avoid=1). When every route the service offers passes a severe spot
 * (severity 4 or 5), we ask for routes forced through a via point beside each such spot on the safest
 * route: DETOUR_OFFSET_M to the left and to the right of the road's direction there. Each candidate is
 * scored like any route (dangers within the buffer, risk = sum of severities) and kept only when it
 * lowers the risk and takes at most DETOUR_TIME_BUDGET times the fastest route's duration.
 */
const DETOUR_MIN_SEVERITY = 4;
const DETOUR_MAX_SPOTS = 2;
const DETOUR_OFFSET_M = 700;
const DETOUR_TIME_BUDGET = 1.5;
const METRES_PER_DEGREE = 111_320;

const isSevere = (r: ScoredRoute) => r.dangers.some((d) => d.severity >= DETOUR_MIN_SEVERITY);

/** The via points to try, or none when detours cannot help. */
export function detourViaPoints(routes: ScoredRoute[]): LatLng[] {
  const safest = routes[0];
  if (!safest || !isSevere(safest) || routes.some((r) => !isSevere(r))) return [];
  const targets = safest.dangers
    .filter((d) => d.severity >= DETOUR_MIN_SEVERITY)
    .sort((a, b) => b.severity - a.severity || a.along - b.along)
    .slice(0, DETOUR_MAX_SPOTS);
  const vias: LatLng[] = [];
  for (const spot of targets) {
    const heading = headingAt(safest.line, spot);
    for (const side of [90, -90]) {
      const via = offset(spot, heading + side, DETOUR_OFFSET_M);
      if (insideRegion(via.lat, via.lng)) vias.push(via);
    }
  }
  return vias;
}

/** Candidates that are worth offering, best first by the asked order, without near-duplicates. */
export function worthwhileDetours(
  candidates: ScoredRoute[],
  current: ScoredRoute[],
  order: RouteOrder,
): ScoredRoute[] {
  const safest = current[0];
  if (!safest) return [];
  const risk = riskBy(order);
  const fastest = Math.min(...current.map((r) => r.duration));
  const kept: ScoredRoute[] = [];
  for (const r of [...candidates].sort(bySafety(order))) {
    if (risk(r) >= risk(safest) || r.duration > DETOUR_TIME_BUDGET * fastest) continue;
    if (kept.some((k) => Math.abs(k.distance - r.distance) < 50 && Math.abs(k.duration - r.duration) < 30))
      continue;
    kept.push(r);
  }
  return kept.slice(0, DETOUR_MAX_SPOTS);
}

type Scored = Pick<ScoredRoute, 'risk' | 'weighted_risk' | 'duration'>;
const riskBy = (order: RouteOrder) =>
  order === 'weighted' ? (r: Scored) => r.weighted_risk : (r: Scored) => r.risk;

/**
 * Safest first, then fastest: by `risk` (the seed's order, the default) or by `weighted_risk`
 * (order=weighted).
 */
export function bySafety(order: RouteOrder): (a: Scored, b: Scored) => number {
  const risk = riskBy(order);
  return (a, b) => risk(a) - risk(b) || a.duration - b.duration;
}

/** Direction of travel (degrees from north) of the line where it passes closest to the point. */
function headingAt(line: LatLng[], p: LatLng): number {
  let best = 0;
  let bestD = Number.POSITIVE_INFINITY;
  line.forEach((q, i) => {
    const d = (q.lat - p.lat) ** 2 + (q.lng - p.lng) ** 2;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  const a = line[Math.max(0, best - 1)] ?? p;
  const b = line[Math.min(line.length - 1, best + 1)] ?? p;
  const dx = (b.lng - a.lng) * Math.cos((p.lat * Math.PI) / 180);
  const dy = b.lat - a.lat;
  return (Math.atan2(dx, dy) * 180) / Math.PI;
}

function offset(p: LatLng, headingDeg: number, metres: number): LatLng {
  const h = (headingDeg * Math.PI) / 180;
  return {
    lat: p.lat + (metres * Math.cos(h)) / METRES_PER_DEGREE,
    lng: p.lng + (metres * Math.sin(h)) / (METRES_PER_DEGREE * Math.cos((p.lat * Math.PI) / 180)),
  };
}
