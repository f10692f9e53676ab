import type { FastifyBaseLogger } from 'fastify';
import type { Place } from '../../../common/api.ts';
import { metresBetween } from '../../../common/geo.ts';
import { insideRegion } from '../../../common/region.ts';
import { UpstreamError } from '../clients/http.ts';
import type { FoundPlace, NominatimClient } from '../clients/nominatim.ts';
import type { Db } from '../db/db.ts';
import type { Identity } from '../identity/identify.ts';
import { closestToLimit, type PolicyDecision, type RateLimiter } from '../limits/rate-limit.ts';
import { redactPhoneNumbers } from '../spots/index.ts';
import { type Clock, systemClock } from '../util/clock.ts';
import { cachedPlaces, cachePlaces, nearbySpots } from './search.sql.ts';

const CACHE_DAYS = 30;
const NEARBY_RADIUS_M = 2000;
const NEARBY_LIMIT = 5;
/** Results of one name this close together are one place (a road found as several segments). */
const MERGE_RADIUS_M = 3000;
/**
 * Nominatim's policy: at most one request per second, for the whole app. The slot is claimed just
 * before sending, so it is held a little longer than a second: a claimant delayed on its way out
 * still leaves a full second before the next request arrives.
 */
const UPSTREAM_INTERVAL_MS = 1100;
/** How long a lookup waits for its turn before answering with spots only. */
const UPSTREAM_MAX_WAIT_MS = 4000;
const UPSTREAM_POLL_MS = 200;

export type PlaceLookup = { places: Place[]; error?: string } | { throttled: PolicyDecision };
export type PlaceFind = { places: FoundPlace[]; error?: string } | { throttled: PolicyDecision };

const normaliseQuery = (q: string) => q.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

/** Drops places outside the region and merges same-named results within 3 km, keeping the first (best). */
function cleanPlaces(found: FoundPlace[]): FoundPlace[] {
  const kept: FoundPlace[] = [];
  for (const p of found) {
    if (!insideRegion(p.lat, p.lng)) continue;
    const name = p.name.toLowerCase();
    if (kept.some((k) => k.name.toLowerCase() === name && metresBetween(k, p) <= MERGE_RADIUS_M)) continue;
    kept.push(p);
  }
  return kept;
}

/**
 * Place search with the map service's usage policy built in: answers cached in the database for 30
 * days (a repeated query never reaches the service), one upstream request per second across all
 * instances, and uncached lookups counted against the visitor's place_lookup limit.
 */
export class PlaceSearch {
  private readonly inFlight = new Map<string, Promise<FoundPlace[]>>();

  private readonly db: Db;
  private readonly nominatim: NominatimClient;
  private readonly limiter: RateLimiter;
  private readonly log: FastifyBaseLogger;

  private readonly clock: Clock;

  constructor(
    db: Db,
    nominatim: NominatimClient,
    limiter: RateLimiter,
    log: FastifyBaseLogger,
    clock: Clock = systemClock,
  ) {
    this.db = db;
    this.nominatim = nominatim;
    this.limiter = limiter;
    this.log = log;
    this.clock = clock;
  }

  /** The places a query names, with the public spots near each (the web's search). */
  async lookup(q: string, identity: Identity): Promise<PlaceLookup> {
    const found = await this.find(q, identity);
    if (!('places' in found)) return found;
    const nearby = await nearbySpots(this.db, found.places, NEARBY_RADIUS_M, NEARBY_LIMIT);
    return { ...found, places: found.places.map((p, i) => ({ ...p, nearby: nearby[i] ?? [] })) };
  }

  /** The places a query names: from the cache, or from the place service in its turn. */
  async find(q: string, identity: Identity): Promise<PlaceFind> {
    // A phone number names no place, and must not be cached or sent on as a query.
    if (redactPhoneNumbers(q) !== q) return { places: [] };
    const key = normaliseQuery(q);
    const cached = await cachedPlaces(this.db, key, CACHE_DAYS);
    if (cached) return { places: cached };
    const decision = closestToLimit(
      await this.limiter.consume(['place_lookup', 'place_lookup_network'], identity),
    );
    if (decision && !decision.allowed) return { throttled: decision };
    try {
      return { places: await this.fetchOnce(key) };
    } catch (err) {
      this.log.warn({ err }, 'place search failed');
      const busy = err instanceof PlaceServiceBusy || (err instanceof UpstreamError && err.reason === 'busy');
      return {
        places: [],
        error: busy
          ? 'Place search is busy right now. Showing matching spots only; try again in a moment.'
          : 'Place search is unavailable right now. Showing matching spots only.',
      };
    }
  }

  /** One upstream request per query at a time in this instance; the answer is cached for all. */
  private fetchOnce(key: string): Promise<FoundPlace[]> {
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const request = (async () => {
      // A failing service is not waited for: its refusal comes at once, without taking a slot.
      if (this.nominatim.accepting) await this.waitForUpstreamSlot();
      const places = cleanPlaces(await this.nominatim.search(key));
      await cachePlaces(this.db, key, places);
      return places;
    })().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, request);
    return request;
  }

  private async waitForUpstreamSlot(): Promise<void> {
    const deadline = this.clock.now().getTime() + UPSTREAM_MAX_WAIT_MS;
    while (!(await this.limiter.counters.claimSlot('place_upstream', UPSTREAM_INTERVAL_MS))) {
      if (this.clock.now().getTime() >= deadline) throw new PlaceServiceBusy();
      // Jitter keeps waiting lookups (here and on other instances) from asking in lockstep.
      await this.clock.sleep(UPSTREAM_POLL_MS + Math.random() * UPSTREAM_POLL_MS);
    }
  }
}

class PlaceServiceBusy extends Error {}
