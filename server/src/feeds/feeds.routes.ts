import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { empty, error, media, typed } from '../http/api-schema.ts';
import { readKey } from '../http/public-cache.ts';
import { readsBusy } from '../http/read-gate.ts';
import { FEED_ENTRIES, FEED_MAX_RADIUS_M, type FeedQuery, feedQuery } from './feeds.schema.ts';
import { type FeedFormat, feedSpots, feedXml } from './feeds.service.ts';

const TYPES: Record<FeedFormat, string> = {
  atom: 'application/atom+xml; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8',
};

/** The feed's own address, from its parsed query: one address per feed, whatever else was sent. */
function selfUrl(origin: string, format: FeedFormat, q: FeedQuery): string {
  const params = new URLSearchParams();
  if (q.bbox) params.set('bbox', [q.bbox.minLng, q.bbox.minLat, q.bbox.maxLng, q.bbox.maxLat].join(','));
  if (q.near) {
    params.set('near', `${q.near.lat},${q.near.lng}`);
    params.set('radius', String(q.radius));
  }
  if (q.verified === '1' || q.verified === 'true') params.set('verified', '1');
  const query = params.toString();
  return `${origin}/api/feeds/spots.${format}${query ? `?${query}` : ''}`;
}

/**
 * Feeds of new public spots (docs/api.md, "Feeds"): Atom and RSS, for an area and for verified
 * spots only, from the read cache with its ETag and limits, as the list is.
 */
export function registerFeedRoutes(app: FastifyInstance, deps: Deps): void {
  const origin = deps.config.publicUrl;
  for (const format of ['atom', 'rss'] as const) {
    typed(app).get(
      `/api/feeds/spots.${format}`,
      {
        compress: false,
        config: { rateLimit: ['read', 'read_network'], revalidates: true },
        schema: {
          summary:
            format === 'atom' ? 'New public spots as an Atom feed' : 'New public spots as an RSS 2.0 feed',
          description:
            `The ${FEED_ENTRIES} newest public spots, newest first, each with its page's link, category, ` +
            `severity, hours and confidence: in a box (bbox) or within radius metres (at most ` +
            `${FEED_MAX_RADIUS_M}) of near=lat,lng, and verified=1 for those verified by moderators only. ` +
            'ETag and If-None-Match as the list; kept by caches five minutes.',
          tags: ['feeds'],
          querystring: feedQuery,
          response: {
            200: media(
              format === 'atom' ? 'The Atom 1.0 feed' : 'The RSS 2.0 feed',
              TYPES[format].split(';')[0] as string,
            ),
            304: empty('Not modified'),
            400: error('Invalid area'),
            503: readsBusy,
          },
        },
      },
      (request, reply) => {
        const q = request.query;
        const self = selfUrl(origin, format, q);
        const verified = q.verified === '1' || q.verified === 'true';
        return deps.publicCache.send(
          request,
          reply,
          readKey(`/api/feeds/spots.${format}`, q),
          () => feedSpots(deps.db, q),
          {
            headers: {
              cacheControl: 'public, max-age=300',
              body: {
                type: TYPES[format],
                encode: (spots) =>
                  Buffer.from(
                    feedXml(spots as Awaited<ReturnType<typeof feedSpots>>, format, origin, self, verified),
                  ),
              },
            },
          },
        );
      },
    );
  }
}
