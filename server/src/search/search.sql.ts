import type { NearbySpot, SpotHit } from '../../../common/api.ts';
import type { FoundPlace } from '../clients/nominatim.ts';
import type { Queryable } from '../db/db.ts';
import { escapeLike } from '../db/like.ts';

/** A spot in brief (SpotSummary), its columns read from the relation named `from`. */
const summaryOf = (from: string) =>
  ['id', 'title', 'area', 'category', 'severity', 'status', 'moderator_verified', 'lat', 'lng']
    .map((column) => `${from}.${column}`)
    .join(', ');
const SUMMARY = summaryOf('s');

/** How alike a query word and a known word must be (trigram similarity) to count as a typo of it. */
const MIN_WORD_SIMILARITY = 0.35;
const SIMILAR_WORDS = 5;
const PREFIX_WORDS = 8;
const MAX_QUERY_WORDS = 6;
/** Most severe matching spots taken before the similarity score and boosts re-rank them. */
const CANDIDATES = 64;
/** Most severe spots matched in order before the full-text index is asked instead. */
const SEVERE_SCAN = 20_000;
/** Matches read through the full-text index at most (more only with more than that many matches). */
const ALL_MATCHES = 5000;

/** A lexeme quoted for tsquery input. */
const lexeme = (w: string) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The query's words, as the full-text parser splits them (letters and digits). */
const queryWords = (q: string) =>
  q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_QUERY_WORDS);

/** For each query word, the known words it may mean: words it starts (typing) or resembles (typos). */
async function knownWordsFor(db: Queryable, words: string[]): Promise<string[][]> {
  const rows = await db.query<{ i: number; word: string }>(
    `SELECT t.ord::int - 1 AS i, m.word
     FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(w, prefix, ord)
     CROSS JOIN LATERAL (
       (SELECT word FROM search_words WHERE word LIKE t.prefix ORDER BY length(word), word LIMIT $3)
       UNION
       (SELECT word FROM (SELECT word FROM search_words ORDER BY word <-> t.w LIMIT $4) near
        WHERE length(t.w) >= 3 AND similarity(word, t.w) >= $5)
     ) m`,
    [words, words.map((w) => `${escapeLike(w)}%`), PREFIX_WORDS, SIMILAR_WORDS, MIN_WORD_SIMILARITY],
  );
  const groups: string[][] = words.map(() => []);
  for (const r of rows) groups[r.i]?.push(r.word);
  return groups;
}

/**
 * Public spots whose title, area or description contain the query's words, each word tolerant of
 * typos and of being half typed. Words that match nothing known are ignored. The most severe
 * matches are re-ranked by how well the whole query fits (trigram word similarity) with boosts for
 * a title or area that starts with the query and for an exact substring.
 */
export async function searchPublicSpots(db: Queryable, q: string, limit: number): Promise<SpotHit[]> {
  const words = queryWords(q);
  if (!words.length) return [];
  const groups = (await knownWordsFor(db, words)).filter((g) => g.length);
  if (!groups.length) return [];
  const tsquery = groups.map((g) => `(${g.map(lexeme).join(' | ')})`).join(' & ');
  const ids = await candidateIds(db, tsquery);
  if (!ids.length) return [];
  const text = q.toLowerCase();
  return db.query<SpotHit>(
    `SELECT ${SUMMARY},
       round((word_similarity($2, s.search_doc)
         + CASE WHEN lower(s.title) LIKE $3 THEN 0.6 WHEN s.search_doc LIKE $4 THEN 0.3 ELSE 0 END
         + CASE WHEN lower(s.area) LIKE $3 THEN 0.3 ELSE 0 END)::numeric, 4)::float8 AS score
     FROM spots s WHERE s.id = ANY($1::int[])
     ORDER BY score DESC, s.severity DESC, s.id DESC
     LIMIT $5`,
    [ids, text, `${escapeLike(text)}%`, `%${escapeLike(text)}%`, limit],
  );
}

/**
 * The most severe (then newest) matching spots, at a bounded cost. First the SEVERE_SCAN most
 * severe spots are read in order and matched: a common word finds its candidates there, exactly.
 * Only when fewer turn up are the matches read through the full-text index (search_matches, at
 * most ALL_MATCHES of them) and the best sorted from those: two common words that rarely meet
 * ("taxi" & "park") would otherwise walk every spot.
 */
async function candidateIds(db: Queryable, tsquery: string): Promise<number[]> {
  const severe = await db.query<{ id: number }>(
    `SELECT w.id FROM (
       SELECT s.id, s.search_tsv FROM spots s WHERE s.publication = 'approved'
       ORDER BY s.severity DESC, s.id DESC LIMIT $2
     ) w WHERE w.search_tsv @@ $1::tsquery LIMIT $3`,
    [tsquery, SEVERE_SCAN, CANDIDATES],
  );
  if (severe.length === CANDIDATES) return severe.map((r) => r.id);
  const all = await db.query<{ id: number }>(
    `SELECT id FROM search_matches($1::tsquery, $2) ORDER BY severity DESC, id DESC LIMIT $3`,
    [tsquery, ALL_MATCHES, CANDIDATES],
  );
  return all.map((r) => r.id);
}

/**
 * For each place, up to `limit` public spots within `radiusM`, nearest first: read nearest first
 * from the spatial index, so a place in a dense city costs `limit` spots, not every spot in reach.
 * The index orders by distance alone: with a tie-breaker such as the id, PostgreSQL reads and sorts
 * every spot in reach (1.5 s for four places in Kampala at a million spots, against 8 ms).
 */
export async function nearbySpots(
  db: Queryable,
  places: Array<{ lat: number; lng: number }>,
  radiusM: number,
  limit: number,
): Promise<NearbySpot[][]> {
  if (!places.length) return [];
  const rows = await db.query<NearbySpot & { place: number }>(
    // The nearest first from the index, then those within the radius (as channels' nearestDangers:
    // a radius in the planner's hands can make it read every spot of a dense centre and sort them).
    `SELECT p.i::int - 1 AS place, ${summaryOf('n')}, round(n.d::numeric, 1)::float8 AS distance_m
     FROM unnest($1::float8[], $2::float8[]) WITH ORDINALITY AS p(lat, lng, i)
     CROSS JOIN LATERAL (SELECT ST_SetSRID(ST_MakePoint(p.lng, p.lat), 4326)::geography AS g) pt
     CROSS JOIN LATERAL (
       SELECT ${SUMMARY}, ST_Distance(s.geog, pt.g) AS d
       FROM spots s
       WHERE s.publication = 'approved'
       ORDER BY s.geog <-> pt.g
       LIMIT $4
     ) n
     WHERE n.d <= $3
     ORDER BY place, distance_m, n.id`,
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

/**
 * The name of the nearest named place within `withinM`: the area of the nearest public spot that
 * names one, or a place the place service once named (known_places), whichever is nearer. Both are
 * read nearest first from their spatial indexes; never a call to the place service.
 */
export async function nearestName(
  db: Queryable,
  point: { lat: number; lng: number },
  withinM: number,
): Promise<{ name: string; distance_m: number } | undefined> {
  const rows = await db.query<{ name: string; distance_m: number }>(
    `WITH pt AS (SELECT ST_SetSRID(ST_MakePoint($2, $1), 4326)::geography AS g)
     SELECT name, distance_m FROM (
       (SELECT s.area AS name, ST_Distance(s.geog, pt.g)::float8 AS distance_m
        FROM spots s, pt
        WHERE s.publication = 'approved' AND s.area <> '' AND ST_DWithin(s.geog, pt.g, $3)
        ORDER BY s.geog <-> pt.g LIMIT 1)
       UNION ALL
       (SELECT k.name, ST_Distance(k.geog, pt.g)::float8 AS distance_m
        FROM known_places k, pt
        WHERE ST_DWithin(k.geog, pt.g, $3)
        ORDER BY k.geog <-> pt.g LIMIT 1)
     ) named
     ORDER BY distance_m LIMIT 1`,
    [point.lat, point.lng, withinM],
  );
  const row = rows[0];
  return row ? { name: row.name, distance_m: Math.round(row.distance_m) } : undefined;
}
