import type { FoundPlace } from '../clients/nominatim.ts';
import type { Db, Queryable } from '../db/db.ts';
import type { NearbySpot, SpotHit } from './search.schema.ts';

const SUMMARY = 's.id, s.title, s.area, s.category, s.severity, s.status, s.moderator_verified, s.lat, s.lng';

/** Minimum trigram word similarity for a typo-tolerant match (pg_trgm's default 0.6 misses typos). */
const WORD_SIMILARITY = 0.35;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Public spots whose title, area or description match: trigram word similarity (typo-tolerant),
 * plus boosts for a title or area that starts with the query and for an exact substring.
 * The GIN trigram index answers both the similarity and (for 3+ characters) the substring test.
 */
export async function searchPublicSpots(db: Db, q: string, limit: number): Promise<SpotHit[]> {
  const text = q.toLowerCase();
  const prefix = `${escapeLike(text)}%`;
  const substring = `%${escapeLike(text)}%`;
  return db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)`, [
      String(WORD_SIMILARITY),
    ]);
    return tx.query<SpotHit>(
      `SELECT ${SUMMARY},
         round((word_similarity($1, s.search_doc)
           + CASE WHEN lower(s.title) LIKE $2 THEN 0.6 WHEN s.search_doc LIKE $3 THEN 0.3 ELSE 0 END
           + CASE WHEN lower(s.area) LIKE $2 THEN 0.3 ELSE 0 END)::numeric, 4)::float8 AS score
       FROM spots s
       WHERE s.publication = 'approved'
         AND ($1 <% s.search_doc ${text.length >= 3 ? 'OR s.search_doc LIKE $3' : ''})
       ORDER BY score DESC, s.severity DESC, s.id DESC
       LIMIT $4`,
      [text, prefix, substring, limit],
    );
  });
}

/** For each place, up to `limit` public spots within `radiusM`, nearest first. */
export async function nearbySpots(
  db: Queryable,
  places: Array<{ lat: number; lng: number }>,
  radiusM: number,
  limit: number,
): Promise<NearbySpot[][]> {
  if (!places.length) return [];
  const rows = await db.query<NearbySpot & { place: number }>(
    `SELECT p.i::int - 1 AS place, n.*
     FROM unnest($1::float8[], $2::float8[]) WITH ORDINALITY AS p(lat, lng, i)
     CROSS JOIN LATERAL (
       SELECT ${SUMMARY},
         round(ST_Distance(s.geog, ST_SetSRID(ST_MakePoint(p.lng, p.lat), 4326)::geography)::numeric, 1)::float8
           AS distance_m
       FROM spots s
       WHERE s.publication = 'approved'
         AND ST_DWithin(s.geog, ST_SetSRID(ST_MakePoint(p.lng, p.lat), 4326)::geography, $3)
       ORDER BY distance_m, s.id
       LIMIT $4
     ) n
     ORDER BY place, distance_m`,
    [places.map((p) => p.lat), places.map((p) => p.lng), radiusM, limit],
  );
  const grouped: NearbySpot[][] = places.map(() => []);
  for (const { place, ...spot } of rows) grouped[place]?.push(spot);
  return grouped;
}

export async function cachedPlaces(
  db: Queryable,
  query: string,
  maxAgeDays: number,
): Promise<FoundPlace[] | undefined> {
  const rows = await db.query<{ places: FoundPlace[] }>(
    `SELECT places FROM place_cache WHERE query = $1 AND fetched_at > now() - make_interval(days => $2)`,
    [query, maxAgeDays],
  );
  return rows[0]?.places;
}

export async function cachePlaces(db: Queryable, query: string, places: FoundPlace[]): Promise<void> {
  await db.query(
    `INSERT INTO place_cache (query, places) VALUES ($1, $2::jsonb)
     ON CONFLICT (query) DO UPDATE SET places = EXCLUDED.places, fetched_at = now()`,
    [query, JSON.stringify(places)],
  );
}
