import { COMPACT_DANGERS, type CompactRoute, type Route } from '../../../common/api.ts';
import { UpstreamError } from '../clients/http.ts';
import { type LatLng, NoRouteError, type OsrmRoute } from '../clients/osrm.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { HttpError } from '../http/errors.ts';
import type { Identity } from '../identity/identify.ts';
import { toSpot } from '../spots/index.ts';
import { QueueFullError, Semaphore } from '../util/semaphore.ts';
import type { CachedRouter } from './cached-router.ts';
import { bySafety, detourViaPoints, worthwhileDetours } from './detours.ts';
import { lineGeoJson } from './line-geometry.ts';
import type { MeasuredDanger, RouteQuery, ScoredRoute } from './route.schema.ts';
import { dangersAlong, spotsByIds } from './route.sql.ts';

/** Spots this close to a route are dangers on it. */
const BUFFER_METERS = 150;

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/**
 * Route checks scored at once per instance. Scoring a long route through a dense area holds
 * thousands of spots in memory; more at once would only share the same two cores and multiply that
 * memory, so the rest wait their turn.
 */
const CONCURRENT_CHECKS = 2;
/** Checks allowed to wait; past that a check is refused at once with 503 and Retry-After. */
const WAITING_CHECKS = 8;
/**
 * Checks one network may have running or waiting on this instance at once; more are refused with
 * 429 at once, so one network cannot fill the queue and turn everyone else's checks into 503s.
 * (Its route_network ceiling allows two a second; a check takes a fraction of one.)
 */
export const CHECKS_PER_NETWORK = 3;
/**
 * Checks one wide network (IPv4 /24, IPv6 /48) may have running or waiting at once: half the places,
 * so the 256 /56s of one /48 can never fill the queue between them and another network always finds
 * room.
 */
const CHECKS_PER_WIDE_NETWORK = Math.floor((CONCURRENT_CHECKS + WAITING_CHECKS) / 2);

/** The 503 of a check that finds no room, with when to try again. */
function routesBusy(): HttpError {
  const busy = new HttpError(
    503,
    'Many routes are being checked right now. Please try again in a few seconds.',
  );
  busy.retryAfterSeconds = 5;
  return busy;
}

export interface PlannedRoutes {
  routes: Route[] | CompactRoute[];
  bufferMeters: number;
}

export class RoutePlanner {
  private readonly scoring = new Semaphore(CONCURRENT_CHECKS, WAITING_CHECKS);
  private readonly inFlight = new Map<string, number>();

  private readonly db: Db;
  private readonly router: CachedRouter;
  private readonly profiles: Config['osrmProfiles'];

  constructor(db: Db, router: CachedRouter, profiles: Config['osrmProfiles']) {
    this.db = db;
    this.router = router;
    this.profiles = profiles;
  }

  /**
   * The way between two points as the route check's first route takes it, as a GeoJSON line (a trip
   * to watch); undefined when the routing service finds none or cannot be reached.
   */
  async way(from: LatLng, to: LatLng, mode: keyof Config['osrmProfiles']): Promise<string | undefined> {
    const [first] = await this.router.route(this.profiles[mode], [from, to], false).catch(() => []);
    const line = first?.coordinates;
    return line && line.length >= 4 ? lineGeoJson(line) : undefined;
  }

  /** Route checks waiting for a place to be scored now. */
  get checksWaiting(): number {
    return this.scoring.queued;
  }

  /** The refusal a check would get now because every place to score it is taken, if so. */
  readonly refusalWhenFull = (): HttpError | undefined => (this.scoring.full ? routesBusy() : undefined);

  /**
   * Routes safest first, each with the dangers along it; detours around severe spots on request.
   * `from` names the caller's network and wide network, for their caps; `timing.queuedMs` is set to
   * how long the check waited for its turn.
   */
  async plan(
    q: RouteQuery,
    from: Pick<Identity, 'network' | 'wideNetwork'>,
    abandoned?: AbortSignal,
    timing?: { queuedMs: number },
  ): Promise<PlannedRoutes> {
    const keys = [`n:${from.network}`, `w:${from.wideNetwork}`];
    const caps = [CHECKS_PER_NETWORK, CHECKS_PER_WIDE_NETWORK];
    if (keys.some((key, i) => (this.inFlight.get(key) ?? 0) >= (caps[i] as number))) {
      const busy = new HttpError(
        429,
        'Many routes are being checked from your network right now. Please try again in a few seconds.',
      );
      busy.retryAfterSeconds = 5;
      throw busy;
    }
    for (const key of keys) this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
    try {
      return await this.check(q, abandoned, timing);
    } finally {
      for (const key of keys) {
        const left = (this.inFlight.get(key) ?? 1) - 1;
        if (left > 0) this.inFlight.set(key, left);
        else this.inFlight.delete(key);
      }
    }
  }

  private async check(
    q: RouteQuery,
    abandoned?: AbortSignal,
    timing?: { queuedMs: number },
  ): Promise<PlannedRoutes> {
    const profile = this.profiles[q.mode];
    const times = q.at ? [q.at, 'any'] : ['day', 'night', 'any'];
    try {
      const offered = await this.router.route(profile, [q.from, q.to], true);
      const queued = performance.now();
      return await this.scoring.run(async () => {
        if (timing) timing.queuedMs = performance.now() - queued;
        // A phone that gave up while this check waited does not get its turn.
        if (abandoned?.aborted) throw new HttpError(499, 'The request was abandoned');
        const safety = bySafety(q.order);
        const routes = (await Promise.all(offered.map((r) => this.score(r, times, false)))).sort(safety);
        if (q.avoid === '1') {
          const vias = detourViaPoints(routes);
          const tried = await Promise.allSettled(
            vias.map((via) => this.router.route(profile, [q.from, via, q.to], false)),
          );
          const candidates = await Promise.all(
            tried
              .flatMap((t) => (t.status === 'fulfilled' ? t.value : []))
              .map((r) => this.score(r, times, true)),
          );
          routes.push(...worthwhileDetours(candidates, routes, q.order));
          routes.sort(safety);
        }
        return { routes: await this.present(routes, q.detail), bufferMeters: BUFFER_METERS };
      });
    } catch (err) {
      if (err instanceof NoRouteError) throw new HttpError(404, 'No route found');
      if (err instanceof QueueFullError || (err instanceof UpstreamError && err.reason === 'busy')) {
        throw routesBusy();
      }
      if (err instanceof UpstreamError) {
        throw new HttpError(502, 'The routing service is unavailable right now. Please try again later.');
      }
      throw err;
    }
  }

  private async score(r: OsrmRoute, times: string[], detour: boolean): Promise<ScoredRoute> {
    const dangers = await dangersAlong(this.db, r.coordinates, BUFFER_METERS, times);
    return {
      distance: Math.round(r.distance),
      duration: Math.round(r.duration),
      line: Array.from({ length: r.coordinates.length / 2 }, (_, i) => ({
        lat: round5(r.coordinates[2 * i + 1] as number),
        lng: round5(r.coordinates[2 * i] as number),
      })),
      dangers,
      risk: dangers.reduce((sum, d) => sum + d.severity, 0),
      weighted_risk: Math.round(dangers.reduce((sum, d) => sum + d.severity * d.confidence, 0)) / 10,
      summary: r.summary,
      detour,
    };
  }

  /**
   * The answer: the full one reads every danger's spot; the compact one only the first few of each
   * route (a long route through a dense area passes thousands). A spot deleted since it was
   * measured is left out.
   */
  private async present(
    routes: ScoredRoute[],
    detail: RouteQuery['detail'],
  ): Promise<Route[] | CompactRoute[]> {
    const listed = routes.map((r) =>
      detail === 'compact' ? r.dangers.slice(0, COMPACT_DANGERS) : r.dangers,
    );
    const ids = [...new Set(listed.flat().map((d) => d.id))];
    const rows = new Map((await spotsByIds(this.db, ids)).map((row) => [row.id, row]));
    const withRows = (dangers: MeasuredDanger[]) =>
      dangers.flatMap((d) => {
        const row = rows.get(d.id);
        return row ? [{ d, row }] : [];
      });
    if (detail === 'compact') {
      return routes.map((r, i) => ({
        ...r,
        dangers: withRows(listed[i] ?? []).map(({ d, row }) => ({
          id: d.id,
          title: row.title,
          severity: d.severity,
          confidence: d.confidence,
          lat: d.lat,
          lng: d.lng,
          distance: d.distance,
          along: d.along,
        })),
        danger_count: r.dangers.length,
      }));
    }
    return routes.map((r) => ({
      ...r,
      dangers: withRows(r.dangers).map(({ d, row }) => ({
        spot: toSpot(row),
        distance: d.distance,
        along: d.along,
      })),
    }));
  }
}
