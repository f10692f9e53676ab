import type { Place, SpotHit } from '../../../common/api.ts';
import type { Queryable } from '../db/db.ts';
import type { Identity } from '../identity/identify.ts';
import type { PolicyDecision } from '../limits/rate-limit.ts';
import type { PlaceSearch } from './places.ts';
import { searchPublicSpots } from './search.sql.ts';

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
): Promise<SearchResult> {
  const spots = await findSpots(db, q);
  const found = await places.lookup(q, identity);
  if ('throttled' in found) return { spots, throttled: found.throttled };
  return found.error ? { spots, places: [], error: found.error } : { spots, places: found.places };
}
