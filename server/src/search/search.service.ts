import type { Nearby, Place, SpotHit } from '../../../common/api.ts';
import { DUPLICATE_RADIUS_M } from '../../../common/domain.ts';
import type { Queryable } from '../db/db.ts';
import type { Identity } from '../identity/identify.ts';
import type { PolicyDecision } from '../limits/rate-limit.ts';
import type { PlaceSearch } from './places.ts';
import { nearbySpots, nearestName, searchPublicSpots } from './search.sql.ts';

/** Shorter queries find nothing; places need one character more. */
export const MIN_QUERY = 2;
export const MIN_PLACE_QUERY = 3;
const MAX_SPOT_HITS = 8;

export const findSpots = (db: Queryable, q: string): Promise<SpotHit[]> =>
  searchPublicSpots(db, q, MAX_SPOT_HITS);

export type SearchResult =
  | { spots: SpotHit[]; places: Place[]; error?: string }
  | { spots: SpotHit[]; throttled: PolicyDecision };

/** Spots and places together; a place lookup the visitor may not make now still returns the spots. */
export async function findSpotsAndPlaces(
  db: Queryable,
  places: PlaceSearch,
  q: string,
  identity: Identity,
  abandoned?: AbortSignal,
): Promise<SearchResult> {
  const spots = await findSpots(db, q);
  const found = await places.lookup(q, identity, abandoned);
  if ('throttled' in found) return { spots, throttled: found.throttled };
  return found.error ? { spots, places: [], error: found.error } : { spots, places: found.places };
}

/**
 * Spots and places together when the place cache knows the query: an answer the same for every
 * asker, which counts no place lookup. Undefined when only the place service can tell.
 */
export async function findKnownSpotsAndPlaces(
  db: Queryable,
  places: PlaceSearch,
  q: string,
): Promise<{ spots: SpotHit[]; places: Place[] } | undefined> {
  const known = await places.known(q);
  return known && { spots: await findSpots(db, q), places: known };
}

/** A place is named after the nearest named place up to this far. */
const NAME_WITHIN_M = 3000;
/** Spots offered as the same danger, at most. */
const SAME_PLACE_SPOTS = 5;

/**
 * What is at a point, for a report about to be made there and for an area kept offline: the nearest
 * place's name, and the public spots within DUPLICATE_RADIUS_M, nearest first (is it one of these?).
 */
export async function whatIsNear(db: Queryable, point: { lat: number; lng: number }): Promise<Nearby> {
  const [place, [spots = []]] = await Promise.all([
    nearestName(db, point, NAME_WITHIN_M),
    nearbySpots(db, [point], DUPLICATE_RADIUS_M, SAME_PLACE_SPOTS),
  ]);
  return { place: place ?? null, spots };
}
