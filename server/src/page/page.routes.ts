import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { sendEncoded } from '../http/encoded-body.ts';
import { loadWebAssets } from './page-assets.ts';

const DIST = fileURLToPath(new URL('../../../dist/web', import.meta.url));

/** Address → built file. The pages have clean addresses; everything else is served by its path. */
const PAGES: Record<string, string> = { '/': '/index.html', '/moderate': '/moderate.html' };

/**
 * Serves the built web page from memory: the map at `/`, the moderator console at `/moderate`,
 * the service worker, manifest, icons and hashed assets. Static files are not rate limited.
 */
export function registerPageRoutes(app: FastifyInstance, config: Config, dist = DIST) {
  const assets = loadWebAssets(dist, { tileUrl: config.tileUrl, tileAttribution: config.tileAttribution });
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
  if (!assets) return;
  for (const [urlPath, file] of assets) {
    if (urlPath.endsWith('.html')) continue;
    app.get(urlPath, { compress: false }, (request, reply) => sendEncoded(request, reply, file));
  }
}
