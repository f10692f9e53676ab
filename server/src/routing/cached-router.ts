import type { LatLng, OsrmClient, OsrmRoute } from '../clients/osrm.ts';
import { ByteBudgetCache, stringBytes } from '../util/byte-budget-cache.ts';

const TTL_MS = 60_000;
/** The budget of one instance's route cache (its part of the ≤ 400 MB an instance may use). */
const ROUTE_CACHE_BYTES = 24 * 1024 * 1024;
const routesBytes = (routes: OsrmRoute[]) =>
  routes.reduce((n, r) => n + 300 + stringBytes(r.summary) + r.coordinates.byteLength, 0);

/**
 * Identical routing requests within a minute are answered from memory, and concurrent identical ones
 * share one upstream call: a burst (a shared link, a refresh storm) reaches the service once. The
 * cache is bounded in bytes, so unique long routes cannot grow the heap; expired answers are freed.
 */
export class CachedRouter {
  private readonly done = new ByteBudgetCache<OsrmRoute[]>({
    maxBytes: ROUTE_CACHE_BYTES,
    ttlMs: TTL_MS,
    sizeOf: routesBytes,
  });
  /** Calls in flight (bounded by the client's own in-flight cap). */
  private readonly pending = new Map<string, Promise<OsrmRoute[]>>();

  private readonly osrm: OsrmClient;

  constructor(osrm: OsrmClient) {
    this.osrm = osrm;
  }

  /** Bytes held now (for tests). */
  get bytes(): number {
    return this.done.bytes;
  }

  async route(profile: string, points: LatLng[], alternatives: boolean): Promise<OsrmRoute[]> {
    const key = `${profile}|${alternatives}|${points.map((p) => `${p.lat.toFixed(5)},${p.lng.toFixed(5)}`).join(';')}`;
    const hit = this.done.get(key) ?? this.pending.get(key);
    if (hit) return hit;
    const routes = this.osrm.route(profile, points, alternatives);
    this.pending.set(key, routes);
    try {
      const answer = await routes;
      this.done.set(key, answer);
      return answer;
    } finally {
      // Failures are not cached: the next request tries the service again.
      this.pending.delete(key);
    }
  }
}
