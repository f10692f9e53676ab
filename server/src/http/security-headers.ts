import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The CSP source that admits the map tiles: the tile server's origin, or all its subdomains when
 * the template rotates them (`https://{s}.tile.example.org/...`).
 */
export function tileSource(tileUrl: string): string {
  const match = /^(https?:\/\/)([^/]+)/.exec(tileUrl);
  if (!match) return "'none'";
  const [, scheme, host = ''] = match;
  if (!host.includes('{')) return `${scheme}${host}`;
  return /^\{[a-z]\}\.[^{}]+$/.test(host) ? `${scheme}*.${host.slice(4)}` : (scheme ?? '').replace('//', '');
}

/**
 * Security headers for every response. The page loads only its own scripts and styles (no inline
 * code, so injected markup cannot run), images only from itself and the tile server, and talks
 * only to its own API. Returns the function that sets them on a reply.
 */
export function securityHeaders(options: { tileUrl: string }) {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: ${tileSource(options.tileUrl)}`,
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    // The tile servers' policies ask for a Referer naming the site; the origin alone is enough.
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('permissions-policy', 'geolocation=(self), camera=(), microphone=(), payment=(), usb=()');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
  };
}
