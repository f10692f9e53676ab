import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageSettings } from '../../../common/page-settings.ts';
import { pageRegion } from '../../../common/region.ts';
import type { Config } from '../config.ts';
import type { Deps } from '../deps.ts';
import { encodedBody, sendEncoded } from '../http/encoded-body.ts';
import type { PolicyName } from '../limits/policies.ts';
import { consumeDuringRequest } from '../limits/rate-limit-http.ts';
import { ROOT } from '../root.ts';
import { findPublicSpot } from '../spots/index.ts';
import { ByteBudgetCache } from '../util/byte-budget-cache.ts';
import { QueueFullError, Semaphore } from '../util/semaphore.ts';
import { loadWebAssets } from './page-assets.ts';
import { renderShareCard } from './share-card.ts';
import { cardVersion, siteHead, spotHead, spotIdFrom, withHead, withPreview } from './spot-page.ts';

const READ: PolicyName[] = ['read', 'read_network'];
const DIST = path.join(ROOT, 'dist/web');

/** Address → built file. The pages have clean addresses; everything else is served by its path. */
const PAGES: Record<string, string> = { '/moderate': '/moderate.html' };

/** Share cards: one drawn at a time per instance (about 30 ms each), a few waiting, the rest refused. */
const drawing = new Semaphore(1, 8);
/** Share cards waiting to be drawn (a metric). */
export const shareCardsWaiting = () => drawing.queued;

/**
 * Serves the built web page from memory: the map at `/`, a shared spot at `/spots/:id` (also
 * `/?spot=:id`) with its own title, preview tags and share card, the moderator console at
 * `/moderate`, the service worker, manifest, icons and hashed assets. Static files are not rate
 * limited; a shared spot is a read of the database and counts as one.
 */
export function registerPageRoutes(
  app: FastifyInstance,
  deps: Pick<Deps, 'config' | 'db' | 'limiter' | 'identify' | 'basemap'>,
  dist = DIST,
) {
  const { config, db } = deps;
  const settings: PageSettings = {
    basemap: deps.basemap?.info,
    tileUrl: config.tileUrl,
    tileAttribution: config.tileAttribution,
    region: pageRegion(),
    ...smsOffer(config),
  };
  const assets = loadWebAssets(dist, settings);
  const notBuilt = (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .send('The web page has not been built: run `npm run build`.');

  for (const [address, file] of Object.entries(PAGES)) {
    app.get(address, { compress: false }, (request, reply) => {
      const page = assets?.get(file);
      return page ? sendEncoded(request, reply, page) : notBuilt(request, reply);
    });
  }
  const built = assets?.get('/index.html');
  const template = built?.body.toString('utf8') ?? '';
  /** A page revalidated on every visit; `brotliQuality` low for pages built per request. */
  const html = (text: string, brotliQuality: number) =>
    encodedBody(Buffer.from(text), {
      type: 'text/html; charset=utf-8',
      cacheControl: 'no-cache',
      text: true,
      brotliQuality,
    });
  const sitePage = html(withHead(template, siteHead(config.publicUrl)), 11);
  // Absolute links come from configuration only: a request's Host or forwarded host is the sender's to write.
  const origin = config.publicUrl;

  /** A public spot's page; anything else (pending, hidden, deleted, unknown) the site's own page. */
  async function spotPage(
    request: FastifyRequest,
    reply: FastifyReply,
    raw: unknown,
    notFoundStatus: number,
  ) {
    if (!built) return notBuilt(request, reply);
    const id = spotIdFrom(raw);
    const spot = id === undefined ? undefined : await findPublicSpot(db, id);
    if (!spot) return sendEncoded(request, reply.code(notFoundStatus), sitePage);
    // Built per request (a spot changes with every vote); small enough to compress quickly.
    const page = withPreview(withHead(template, spotHead(spot, origin)), spot);
    return sendEncoded(request, reply, html(page, 5));
  }

  app.get<{ Querystring: { spot?: string } }>('/', { compress: false }, async (request, reply) => {
    if (!built) return notBuilt(request, reply);
    if (request.query.spot === undefined) return sendEncoded(request, reply, sitePage);
    // The map itself is a static file; a spot in its address is a read of the database.
    await consumeDuringRequest(deps.limiter, request, reply, READ, deps.identify(request));
    return spotPage(request, reply, request.query.spot, 200);
  });
  app.get<{ Params: { id: string } }>(
    '/spots/:id',
    { compress: false, config: { rateLimit: READ } },
    (request, reply) => spotPage(request, reply, request.params.id, 404),
  );

  registerShareCards(app, db);

  if (!assets) return;
  for (const [urlPath, file] of assets) {
    if (urlPath.endsWith('.html')) continue;
    app.get(urlPath, { compress: false }, (request, reply) => sendEncoded(request, reply, file));
  }
}

/** A public spot's share card (PNG), drawn once per version of the spot and kept in memory. */
function registerShareCards(app: FastifyInstance, db: Deps['db']) {
  const cards = new ByteBudgetCache<Buffer>({
    maxBytes: 16 * 1024 * 1024,
    ttlMs: 3_600_000,
    sizeOf: (b) => b.length,
  });
  app.addHook('onClose', async () => cards.close());
  app.get<{ Params: { id: string } }>(
    '/spots/:id/card.png',
    { compress: false, config: { rateLimit: READ } },
    async (request, reply) => {
      const id = spotIdFrom(request.params.id);
      const spot = id === undefined ? undefined : await findPublicSpot(db, id);
      if (!spot) return reply.code(404).type('text/plain; charset=utf-8').send('No such spot on the map.');
      const key = `${spot.id}:${cardVersion(spot)}`;
      let png = cards.get(key);
      if (!png) {
        try {
          png = await drawing.run(() => renderShareCard(spot));
        } catch (err) {
          if (!(err instanceof QueueFullError)) throw err;
          return reply
            .code(503)
            .header('retry-after', '5')
            .type('text/plain; charset=utf-8')
            .send('Busy, try again.');
        }
        cards.set(key, png);
      }
      // The address carries the card's version (?v=), so a cached copy is right for a day.
      return sendEncoded(
        request,
        reply,
        encodedBody(png, {
          type: 'image/png',
          cacheControl: 'public, max-age=86400',
          text: false,
          brotliQuality: 0,
        }),
      );
    },
  );
}

/** The SMS number the page offers, where SMS commands are taken (channels on, SMS set up, a number). */
function smsOffer({ channels }: Config): Pick<PageSettings, 'sms'> {
  const number = channels.secrets.length > 0 ? channels.sms?.number : undefined;
  return number ? { sms: { number } } : {};
}
