import { z } from 'zod';
import { region } from '../../../common/region.ts';
import { type GuardOptions, getJson, UpstreamError, UpstreamGuard } from './http.ts';

/**
 * Place search through Nominatim (jsonv2). Its usage policy: an identifying User-Agent, at most one
 * request per second for the whole app, results cached, no search-as-you-type. The caller enforces
 * the rate and the cache; this only asks. https://operations.osmfoundation.org/policies/nominatim/
 */
const TIMEOUT_MS = 4000;
/** At one request a second and a 4 s timeout, at most four can be in flight; more is a fault. */
const NOMINATIM_GUARD: GuardOptions = { maxInFlight: 4, failuresToOpen: 3, openMs: 10_000 };

const result = z.object({
  lat: z.string().regex(/^-?\d+(\.\d+)?$/),
  lon: z.string().regex(/^-?\d+(\.\d+)?$/),
  name: z.string().optional().nullable(),
  display_name: z.string(),
});

export interface FoundPlace {
  name: string;
  detail: string;
  lat: number;
  lng: number;
}

/**
 * "Kalerwe, Kawempe, Kampala, Central Region, Uganda" → name Kalerwe, detail of up to three levels
 * (without the names every place of the region ends with).
 */
function toPlace(r: z.output<typeof result>, dropNames: readonly string[]): FoundPlace {
  const parts = r.display_name
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const name = r.name?.trim() || parts[0] || r.display_name;
  const context = parts.filter(
    (p, i) => !(i === 0 && p === name) && !dropNames.includes(p) && !/^\d+$/.test(p),
  );
  return { name, detail: context.slice(0, 3).join(', '), lat: Number(r.lat), lng: Number(r.lon) };
}

export class NominatimClient {
  private readonly baseUrl: string;
  private readonly userAgent: string;
  private readonly guard: UpstreamGuard;
  private readonly timeoutMs: number;

  /** `timeoutMs`: how long an answer is waited for (4 s; a test of a hanging service waits less). */
  constructor(
    baseUrl: string,
    userAgent: string,
    { guard = new UpstreamGuard('place search', NOMINATIM_GUARD), timeoutMs = TIMEOUT_MS } = {},
  ) {
    this.baseUrl = baseUrl;
    this.userAgent = userAgent;
    this.guard = guard;
    this.timeoutMs = timeoutMs;
  }

  /** False while the service is failing (circuit open) or has its most calls in flight. */
  get accepting(): boolean {
    return this.guard.accepting;
  }

  search(query: string): Promise<FoundPlace[]> {
    return this.guard.run(() => this.ask(query));
  }

  private async ask(query: string): Promise<FoundPlace[]> {
    // The region's country; its favoured area (bounded=0: preferred, not required).
    const { countryCodes, viewbox, dropNames } = region().places;
    const params = new URLSearchParams({
      q: query,
      format: 'jsonv2',
      countrycodes: countryCodes,
      viewbox,
      bounded: '0',
      limit: '8',
      'accept-language': 'en',
    });
    const { status, body } = await getJson('place search', `${this.baseUrl}/search?${params}`, {
      userAgent: this.userAgent,
      timeoutMs: this.timeoutMs,
    });
    if (status !== 200) throw new UpstreamError('place search', 'bad-status', `HTTP ${status}`);
    const parsed = z.array(result).safeParse(body);
    if (!parsed.success) throw new UpstreamError('place search', 'garbage', 'unexpected answer');
    return parsed.data.map((r) => toPlace(r, dropNames));
  }
}
