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
  private readonly inFlight = new Map<string, PendingLookup>();

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

  /**
   * The places a query names, with the public spots near each (the web's search). `abandoned`: the
   * asker went (a newer keystroke): if it was the last one waiting for this query's upstream turn, the
   * turn is left to the next query.
   */
  async lookup(q: string, identity: Identity, abandoned?: AbortSignal): Promise<PlaceLookup> {
    const found = await this.find(q, identity, abandoned);
    if (!('places' in found)) return found;
    return { ...found, places: await this.withNearby(found.places) };
  }

  /**
   * The places a query names with the spots near each, when the place cache holds them (no limit
   * counted, the place service not asked): the same for every asker. Undefined when only the place
   * service can tell.
   */
  async known(q: string): Promise<Place[] | undefined> {
    const cached = await this.cached(q);
    return cached && this.withNearby(cached);
  }

  /** The places a query names: from the cache, or from the place service in its turn. */
  async find(q: string, identity: Identity, abandoned?: AbortSignal): Promise<PlaceFind> {
    const cached = await this.cached(q);
    if (cached) return { places: cached };
    const decision = closestToLimit(
      await this.limiter.consume(['place_lookup', 'place_lookup_network'], identity),
    );
    if (decision && !decision.allowed) return { throttled: decision };
    try {
      return { places: await this.fetchOnce(normaliseQuery(q), abandoned) };
    } catch (err) {
      // Nobody is left to answer.
      if (err instanceof AskersGone) return { places: [] };
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

  private cached(q: string): Promise<FoundPlace[] | undefined> {
    // A phone number names no place, and must not be cached or sent on as a query.
    if (redactPhoneNumbers(q) !== q) return Promise.resolve([]);
    return cachedPlaces(this.db, normaliseQuery(q), CACHE_DAYS);
  }

  private async withNearby(places: FoundPlace[]): Promise<Place[]> {
    const nearby = await nearbySpots(this.db, places, NEARBY_RADIUS_M, NEARBY_LIMIT);
    return places.map((p, i) => ({ ...p, nearby: nearby[i] ?? [] }));
  }

  /**
   * One upstream request per query at a time in this instance; the answer is cached for all. While it
   * waits for its turn it gives up once every asker has gone: someone typing "Kalerwe" on a slow phone
   * asks for "Kal", "Kale", … on the way, and each abandoned word would otherwise spend a second of the
   * whole app's one request a second, ahead of the word they stopped at.
   */
  private fetchOnce(key: string, abandoned?: AbortSignal): Promise<FoundPlace[]> {
    const joined = this.inFlight.get(key);
    const shared = joined ?? ({ askers: 0 } as PendingLookup);
    shared.askers++;
    // An asker that cannot leave (a USSD session, an SMS) stays counted.
    const left = () => shared.askers--;
    if (abandoned?.aborted) left();
    else abandoned?.addEventListener('abort', left, { once: true });
    if (!joined) {
      this.inFlight.set(key, shared);
      shared.request = this.fetchInTurn(key, shared).finally(() => {
        if (this.inFlight.get(key) === shared) this.inFlight.delete(key);
      });
    }
    return shared.request;
  }

  private async fetchInTurn(key: string, pending: PendingLookup): Promise<FoundPlace[]> {
    // A failing service is not waited for: its refusal comes at once, without taking a slot.
    if (this.nominatim.accepting) {
      await this.waitForUpstreamSlot(() => {
        if (pending.askers > 0) return true;
        // Given up and forgotten at once, so someone asking from now on starts a lookup of their own.
        if (this.inFlight.get(key) === pending) this.inFlight.delete(key);
        return false;
      });
    }
    const places = cleanPlaces(await this.nominatim.search(key));
    await cachePlaces(this.db, key, places);
    return places;
  }

  /** Waits for the app's next upstream turn while `stillWanted` says someone waits for the answer. */
  private async waitForUpstreamSlot(stillWanted: () => boolean): Promise<void> {
    const deadline = this.clock.now().getTime() + UPSTREAM_MAX_WAIT_MS;
    for (;;) {
      if (!stillWanted()) throw new AskersGone();
      if (await this.limiter.counters.claimSlot('place_upstream', UPSTREAM_INTERVAL_MS)) return;
      if (this.clock.now().getTime() >= deadline) throw new PlaceServiceBusy();
      // Jitter keeps waiting lookups (here and on other instances) from asking in lockstep.
      await this.clock.sleep(UPSTREAM_POLL_MS + Math.random() * UPSTREAM_POLL_MS);
    }
  }
}

/** A query waiting for its upstream turn, and how many askers still wait for its answer. */
interface PendingLookup {
  request: Promise<FoundPlace[]>;
  askers: number;
}

class PlaceServiceBusy extends Error {}
/** Every asker of a query left before its upstream turn came. */
class AskersGone extends Error {}
