import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import { addVary } from './vary.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public writes a page on another site must not make its visitors send (report, vote, flag). */
    sameSiteOnly?: boolean;
  }
}

type SiteCheck = 'same-site' | 'no-origin' | 'partner' | 'cross-site';

function hostOf(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a write comes from, as browsers tell it. Browsers send `Origin` on every cross-origin POST
 * and on same-origin ones, and `Sec-Fetch-Site` (which scripts in a page cannot set); apps, curl and
 * the spec's other clients send neither and are not affected.
 * - `Sec-Fetch-Site: cross-site` is refused unless the Origin is a configured partner.
 * - An `Origin` naming this host, a partner, or a sibling the browser itself calls `same-site` passes;
 *   any other Origin (`null` from sandboxed frames included) is refused.
 */
function checkSite(request: FastifyRequest, partners: ReadonlySet<string>): SiteCheck {
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  if (origin !== undefined && partners.has(origin)) return 'partner';
  if (fetchSite === 'cross-site') return 'cross-site';
  if (origin === undefined) return 'no-origin';
  if (hostOf(origin) === request.host) return 'same-site';
  if (fetchSite === 'same-origin' || fetchSite === 'same-site') return 'same-site';
  return 'cross-site';
}

/** Headers a partner's page may read: its copy's tag and the limits it runs into. */
const EXPOSED = [
  'ETag',
  'Retry-After',
  'RateLimit',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
].join(', ');

/**
 * Refuses cross-site public writes before anything else runs (no rate-limit count is spent on the
 * victim's behalf, nothing is read or stored), and answers partner origins' CORS preflights. No
 * other origin is ever granted CORS. Where partners are set, every answer varies by `Origin`: a
 * cache must not hand a partner's page the copy made for another origin (without CORS), nor the
 * other way round.
 */
export function registerSameSiteWrites(app: FastifyInstance, partnerOrigins: readonly string[]): void {
  const partners = new Set(partnerOrigins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (partners.size > 0) addVary(reply, 'Origin');
    if (origin !== undefined && partners.has(origin)) {
      reply.header('Access-Control-Allow-Origin', origin).header('Access-Control-Expose-Headers', EXPOSED);
      if (request.method === 'OPTIONS') {
        return reply
          .code(204)
          .header('Access-Control-Allow-Methods', 'GET, POST')
          .header('Access-Control-Allow-Headers', 'Content-Type')
          .header('Access-Control-Max-Age', '600')
          .send();
      }
    }
    if (!request.routeOptions.config.sameSiteOnly) return;
    if (checkSite(request, partners) === 'cross-site') {
      throw new HttpError(403, 'Requests from other websites are refused. Open Hatari itself to do this.');
    }
  });
}
