import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { crossSite, error, json, named, tooMany, typed } from '../http/api-schema.ts';
import { HttpError } from '../http/errors.ts';
import type { Redeemed } from '../util/proof-of-work.ts';
import { deviceBody, deviceChallenge, deviceResponse } from './device.schema.ts';
import { DEVICE_COOKIE, DEVICE_MAX_AGE_SECONDS } from './device-credential.ts';

const REFUSED: Record<Exclude<Redeemed, 'ok'>, string> = {
  invalid: 'A new device needs a solved challenge (GET /api/device/challenge) in `altcha`',
  expired: 'That challenge has expired: ask for a new one',
  reused: 'That challenge was already used: ask for a new one',
};

/**
 * The web page asks once for a device credential (and again when it is a month old). Apps, scripts
 * and the spec's other clients never need to: without one, they are their address + user agent. A
 * new credential costs work (a solved challenge), not a network's patience: no ceiling a carrier
 * address's phones would meet.
 */
export function registerDeviceRoutes(app: FastifyInstance, deps: Deps): void {
  const api = typed(app);
  api.get(
    '/api/device/challenge',
    {
      config: { rateLimit: ['device_network'] },
      schema: {
        summary: 'A challenge to solve for a new device credential (extension, for the web page)',
        description:
          'An ALTCHA challenge: find the number in 0..maxnumber whose SHA-256 of salt + number (decimal) is ' +
          '`challenge`, then POST /api/device with the solution. Signed and kept nowhere; it expires in 10 ' +
          'minutes and is taken once. maxnumber rises with the site-wide rate of challenges.',
        tags: ['community'],
        response: { 200: json('A challenge', deviceChallenge), 429: tooMany },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return deps.deviceChallenges.issue();
    },
  );

  api.post(
    '/api/device',
    {
      config: { rateLimit: ['device_network'], sameSiteOnly: true, publicDataUnchanged: true },
      schema: {
        summary: 'Get a device credential (extension, for the web page)',
        description:
          `Sets an HttpOnly, SameSite=Lax cookie \`${DEVICE_COOKIE}\` (Secure over HTTPS, ${DEVICE_MAX_AGE_SECONDS / 86400} days): ` +
          "a random 128-bit id signed by the server. Requests carrying a valid one are that device's visitor, " +
          'so phones sharing an address and a user agent keep their own votes, flags and limits. A forged or ' +
          'expired credential counts as absent. A new credential needs a solved challenge (`altcha`); a ' +
          'missing, wrong, expired or reused one is a 400. Renewing a valid one needs none.',
        tags: ['community'],
        body: named(deviceBody, 'device'),
        response: {
          200: json('The device credential state', deviceResponse),
          400: error('No, a wrong, an expired or a reused solution'),
          403: crossSite,
          429: tooMany,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const current = deps.devices.read(request.cookies[DEVICE_COOKIE]);
      // A day the page asks (weekly) counts towards its standing, as do the days it reports and votes.
      if (current) await deps.standing.seen(deps.identify(request));
      if (current && !deps.devices.needsRenewal(current)) return { device: 'kept' as const };
      if (!current) {
        const redeemed = await deps.deviceChallenges.redeem(request.body?.altcha);
        if (redeemed !== 'ok') throw new HttpError(400, REFUSED[redeemed]);
      }
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
