import { z } from 'zod';
import { type GuardOptions, getJson, UpstreamError, UpstreamGuard } from './http.ts';

/** Routing through OSRM's route service with alternatives and GeoJSON geometry. */
const TIMEOUT_MS = 8000;
/**
 * A route check asks for the route and, with avoid=1, up to a few detours: 16 calls in flight per
 * instance is far above normal traffic, yet bounds what a hanging router can hold open.
 */
const OSRM_GUARD: GuardOptions = { maxInFlight: 16, failuresToOpen: 5, openMs: 10_000 };

export interface LatLng {
  lat: number;
  lng: number;
}

export interface OsrmRoute {
  distance: number;
  duration: number;
  /**
   * The line as [lng, lat] pairs (GeoJSON's order) packed one after another: 16 bytes a point
   * instead of about 200 as arrays, since answers are cached.
   */
  coordinates: Float64Array;
  summary: string;
}

const answer = z.object({
  code: z.string(),
  routes: z
    .array(
      z.object({
        distance: z.number().nonnegative(),
        duration: z.number().nonnegative(),
        geometry: z.object({
          type: z.literal('LineString'),
          coordinates: z.array(z.tuple([z.number(), z.number()])).min(2),
        }),
        legs: z.array(z.object({ summary: z.string().optional() })).optional(),
      }),
    )
    .optional(),
});

/** OSRM found no way between the points (its NoRoute / NoSegment answers). */
export class NoRouteError extends Error {}

export class OsrmClient {
  private readonly baseUrl: string;
  private readonly userAgent: string;
  private readonly guard: UpstreamGuard;
  private readonly timeoutMs: number;

  /** `timeoutMs`: how long an answer is waited for (8 s; a test of a hanging router waits less). */
  constructor(
    baseUrl: string,
    userAgent: string,
    { guard = new UpstreamGuard('routing', OSRM_GUARD), timeoutMs = TIMEOUT_MS } = {},
  ) {
    this.baseUrl = baseUrl;
    this.userAgent = userAgent;
    this.guard = guard;
    this.timeoutMs = timeoutMs;
  }

  /** Routes through the given points in order (start, optional via points, end). */
  route(profile: string, points: LatLng[], alternatives: boolean): Promise<OsrmRoute[]> {
    return this.guard.run(() => this.ask(profile, points, alternatives));
  }

  private async ask(profile: string, points: LatLng[], alternatives: boolean): Promise<OsrmRoute[]> {
    const coords = points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';');
    const params = new URLSearchParams({
      alternatives: alternatives ? 'true' : 'false',
      geometries: 'geojson',
      overview: 'full',
      steps: 'false',
    });
    const { status, body } = await getJson(
      'routing',
      `${this.baseUrl}/route/v1/${profile}/${coords}?${params}`,
      {
        userAgent: this.userAgent,
        timeoutMs: this.timeoutMs,
      },
    );
    const parsed = answer.safeParse(body);
    if (!parsed.success) throw new UpstreamError('routing', 'garbage', 'unexpected answer');
    const { code, routes } = parsed.data;
    if (code === 'NoRoute' || code === 'NoSegment') throw new NoRouteError(code);
    if (status !== 200 || code !== 'Ok' || !routes?.length) {
      throw new UpstreamError('routing', 'bad-status', `HTTP ${status}, code ${code}`);
    }
    return routes.map((r) => ({
      distance: r.distance,
      duration: r.duration,
      coordinates: Float64Array.from(r.geometry.coordinates.flat()),
      summary: (r.legs ?? [])
        .map((l) => l.summary ?? '')
        .filter(Boolean)
        .join(', '),
    }));
  }
}
