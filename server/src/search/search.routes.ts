import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { sendEncoded } from '../http/encoded-body.ts';
import { parseOr400 } from '../http/errors.ts';
import { errorSchema, type OpenApiBuilder } from '../http/openapi.ts';
import { readKey } from '../http/public-cache.ts';
import { rateLimitHeaders, tooManyMessage } from '../limits/rate-limit.ts';
import { searchQuery, searchResponse } from './search.schema.ts';
import { searchPublicSpots } from './search.sql.ts';

const MIN_QUERY = 2;
const MIN_PLACE_QUERY = 3;
const MAX_SPOT_HITS = 8;

export function registerSearchRoutes(app: FastifyInstance, deps: Deps, api: OpenApiBuilder): void {
  app.get('/api/search', { config: { rateLimit: ['search', 'search_network'] } }, async (request, reply) => {
    const { q, places } = parseOr400(searchQuery, request.query, 'search');
    if (q.length < MIN_QUERY) return { spots: [], places: [] };
    if (places === '0' || q.length < MIN_PLACE_QUERY) {
      // A spot search is a public read: many phones type the same first letters, so the answer is
      // kept like the list's, keyed by the query in lower case.
      const key = readKey('/api/search', { q: q.toLowerCase(), places: '0' });
      return sendEncoded(
        request,
        reply,
        await deps.publicCache.get(key, async () => ({
          spots: await searchPublicSpots(deps.db, q, MAX_SPOT_HITS),
          places: [],
        })),
      );
    }
    const spots = await searchPublicSpots(deps.db, q, MAX_SPOT_HITS);

    const found = await deps.places.lookup(q, deps.identify(request));
    if ('throttled' in found) {
      const d = found.throttled;
      return reply
        .code(429)
        .headers(rateLimitHeaders(d))
        .header('Retry-After', String(Math.max(1, d.retryAfterSeconds)))
        .send({ spots, places: [], error: tooManyMessage(d) });
    }
    return found.error ? { spots, places: [], error: found.error } : { spots, places: found.places };
  });
  api.add({
    method: 'get',
    path: '/api/search',
    summary: 'Search spots (typo-tolerant) and places',
    description:
      'q of 2 or more characters (shorter: empty lists; longer than 100: its first 100 are searched). places=0 searches spots only and never calls the ' +
      'place service: use it on every keystroke, and add places after a pause of about 450 ms. ' +
      'Places need 3+ characters. When the place service fails, the answer is 200 with spots and an error note; ' +
      'when only the place-lookup limit is hit, 429 still carries the spots.',
    tags: ['search'],
    query: searchQuery,
    alsoLimitedBy: ['place_lookup', 'place_lookup_network'],
    responses: {
      200: { description: 'Matches', schema: searchResponse },
      400: { description: 'Invalid parameters', schema: errorSchema },
      429: {
        description: 'Too many searches, or too many uncached place lookups (spots still included)',
        schema: searchResponse,
        headers: ['Retry-After'],
      },
    },
  });
}
