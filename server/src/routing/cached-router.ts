import type { LatLng, OsrmClient, OsrmRoute } from '../clients/osrm.ts';

const TTL_MS = 60_000;
const MAX_ENTRIES = 500;

/**
 * Identical routing requests within a minute are answered from memory, and concurrent identical ones
 * share one upstream call: a burst (a shared link, a refresh storm) reaches the service once.
 */
export class CachedRouter {
  private readonly entries = new Map<string, { expires: number; routes: Promise<OsrmRoute[]> }>();

  constructor(private readonly osrm: OsrmClient) {}

  route(profile: string, points: LatLng[], alternatives: boolean): Promise<OsrmRoute[]> {
    const key = `${profile}|${alternatives}|${points.map((p) => `${p.lat.toFixed(5)},${p.lng.toFixed(5)}`).join(';')}`;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.routes;
    const routes = this.osrm.route(profile, points, alternatives);
    // Failures are not cached: the next request tries the service again.
    routes.catch(() => this.entries.delete(key));
    this.entries.delete(key);
    this.entries.set(key, { expires: now + TTL_MS, routes });
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return routes;
  }
}
