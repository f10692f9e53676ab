import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { crossSite, json, tooMany, typed } from '../http/api-schema.ts';
import { deviceResponse } from './device.schema.ts';
import { DEVICE_COOKIE, DEVICE_MAX_AGE_SECONDS } from './device-credential.ts';

/**
 * The web page asks once for a device credential (and again when it is a month old). Apps, scripts
 * and the spec's other clients never need to: without one, they are their address + user agent.
 */
export function registerDeviceRoutes(app: FastifyInstance, deps: Deps): void {
  typed(app).post(
    '/api/device',
    {
      config: { rateLimit: ['device_network'], sameSiteOnly: true, publicDataUnchanged: true },
      schema: {
        summary: 'Get a device credential (extension, for the web page)',
        description:
          `Sets an HttpOnly, SameSite=Lax cookie \`${DEVICE_COOKIE}\` (Secure over HTTPS, ${DEVICE_MAX_AGE_SECONDS / 86400} days): ` +
          "a random 128-bit id signed by the server. Requests carrying a valid one are that device's visitor, " +
          'so phones sharing an address and a user agent keep their own votes, flags and limits. A forged or ' +
          'expired credential counts as absent. New credentials per network are limited (device_network).',
        tags: ['community'],
        response: { 200: json('The device credential state', deviceResponse), 403: crossSite, 429: tooMany },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const current = deps.devices.read(request.cookies[DEVICE_COOKIE]);
      // A day the page asks (weekly) counts towards its standing, as do the days it reports and votes.
      if (current) await deps.standing.seen(deps.identify(request));
      if (current && !deps.devices.needsRenewal(current)) return { device: 'kept' as const };
      reply.setCookie(DEVICE_COOKIE, deps.devices.issue(current), {
        path: '/api',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: DEVICE_MAX_AGE_SECONDS,
      });
      return { device: current ? ('renewed' as const) : ('issued' as const) };
    },
  );
}
