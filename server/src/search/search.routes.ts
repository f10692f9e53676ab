import type { FastifyInstance } from 'fastify';
import { nearbyResponse, searchResponse } from '../../../common/api.ts';
import { DUPLICATE_RADIUS_M } from '../../../common/domain.ts';
import type { Deps } from '../deps.ts';
import { abandonedSignal } from '../http/abandoned.ts';
import { error, json, named, notModified, typed } from '../http/api-schema.ts';
import { readKey } from '../http/public-cache.ts';
import { readsBusy } from '../http/read-gate.ts';
import { rateLimitHeaders, tooManyMessage } from '../limits/rate-limit-http.ts';
import { nearbyQuery, searchQuery, searchRefused } from './search.schema.ts';
import {
  findKnownSpotsAndPlaces,
  findSpots,
  findSpotsAndPlaces,
  MIN_PLACE_QUERY,
  MIN_QUERY,
  whatIsNear,
} from './search.service.ts';

/** Thrown out of the read cache when the place cache does not know a query: nothing is kept. */
const PLACES_UNKNOWN = new Error('places not in the place cache');

export function registerSearchRoutes(app: FastifyInstance, deps: Deps): void {
  registerNearby(app, deps);
  registerSearch(app, deps);
}

function registerNearby(app: FastifyInstance, deps: Deps): void {
  typed(app).get(
    '/api/nearby',
    {
      config: { rateLimit: ['read', 'read_network'] },
      schema: {
        summary: 'What is at a point: its nearest place name and the spots right there',
        description:
          'For a report about to be made (or an area about to be kept offline) at lat, lng inside the ' +
          `region: the nearest named place within 3 km, and the public spots within ${DUPLICATE_RADIUS_M} m, ` +
          'nearest first, which the page offers to confirm instead of reporting the same danger again. ' +
          'Read from the spots and the places search already named: it never asks the place service.',
        tags: ['search'],
        querystring: named(nearbyQuery, 'point'),
        response: {
          200: json('The place and the spots near it', nearbyResponse),
          400: error('Invalid point'),
          503: readsBusy,
        },
      },
    },
    (request, reply) => {
      const { lat, lng } = request.query;
      // Kept like any public read, by the point to about a metre.
      const key = readKey('/api/nearby', { lat: lat.toFixed(5), lng: lng.toFixed(5) });
      return deps.publicCache.send(request, reply, key, () => whatIsNear(deps.db, { lat, lng }));
    },
  );
}

function registerSearch(app: FastifyInstance, deps: Deps): void {
  typed(app).get(
    '/api/search',
    {
      config: {
        rateLimit: ['search', 'search_network'],
        alsoLimitedBy: ['place_lookup', 'place_lookup_network'],
      },
      schema: {
        summary: 'Search spots (typo-tolerant) and places',
        description:
          `q of ${MIN_QUERY} or more characters (shorter: empty lists; longer than 100: its first 100 are ` +
          'searched). places=0 searches spots only and never calls the place service: use it on every ' +
          `keystroke, and add places after a pause of about 450 ms. Places need ${MIN_PLACE_QUERY}+ ` +
          'characters. When the place service fails, the answer is 200 with spots and an error note; ' +
          'when only the place-lookup limit is hit, 429 still carries the spots. Spot searches, and searches ' +
          'whose places the place cache knows, carry an ETag; a matching If-None-Match gets 304.',
        tags: ['search'],
        querystring: named(searchQuery, 'search'),
        response: {
          200: json('Matches', searchResponse),
          304: notModified,
          400: error('Invalid parameters'),
          429: json(
            'Too many searches (an Error), or too many uncached place lookups (the spots still included)',
            searchRefused,
          ),
          503: readsBusy,
        },
      },
    },
    async (request, reply) => {
      const { q, places } = request.query;
      if (q.length < MIN_QUERY) return { spots: [], places: [] };
      if (places === '0' || q.length < MIN_PLACE_QUERY) {
        // A spot search is a public read: many phones type the same first letters, so the answer is
        // kept like the list's, keyed by the query in lower case.
        const key = readKey('/api/search', { q: q.toLowerCase(), places: '0' });
        return deps.publicCache.send(request, reply, key, async () => ({
          spots: await findSpots(deps.db, q),
          places: [],
        }));
      }
      // Places the place cache knows make the same answer for everyone: kept like the spot search's.
      // A query it does not know goes on below, to the place service in its turn.
      try {
        const key = readKey('/api/search', { q: q.toLowerCase() });
        return await deps.publicCache.send(request, reply, key, async () => {
          const known = await findKnownSpotsAndPlaces(deps.db, deps.places, q);
          if (!known) throw PLACES_UNKNOWN;
          return known;
        });
      } catch (err) {
        if (err !== PLACES_UNKNOWN) throw err;
      }
      const found = await findSpotsAndPlaces(
        deps.db,
        deps.places,
        q,
        deps.identify(request),
        abandonedSignal(reply),
      );
      if (!('throttled' in found)) return found;
      const d = found.throttled;
      return reply
        .code(429)
        .headers(rateLimitHeaders(d))
        .header('Retry-After', String(Math.max(1, d.retryAfterSeconds)))
        .send({ spots: found.spots, places: [], error: tooManyMessage(d) });
    },
  );
}
