import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionResponse } from '../../../common/api.ts';
import type { Deps } from '../deps.ts';
import { empty, error, json, named, type TypedApp, typed } from '../http/api-schema.ts';
import { HttpError } from '../http/errors.ts';
import { readSiteSettings } from '../settings/index.ts';
import { SESSION_COOKIE, SESSION_TTL_SECONDS, sessionUser, signIn, signOut } from './auth.service.ts';
import { sameSiteJson } from './guard.ts';
import { loginBody, signInRefusal } from './moderation.schema.ts';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_DAYS } from './sign-in-guard.ts';

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function registerAuthRoutes(app: FastifyInstance, deps: Deps): void {
  const api = typed(app);
  // Rate limited to 10 attempts per network per 15 minutes (docs/moderators.md) by the `sign_in`
  // policy, 20 per IPv4 /24 or IPv6 /48 by `sign_in_wide`, and per account by growing delays.
  api.post(
    '/api/auth/login',
    {
      onRequest: sameSiteJson,
      config: { rateLimit: ['sign_in', 'sign_in_wide'] },
      schema: {
        summary: 'Moderator sign-in',
        description:
          'Sets an HttpOnly, SameSite=Strict session cookie. Requires Content-Type: application/json; ' +
          'limited to 10 attempts per network and 20 per IPv4 /24 or IPv6 /48 per 15 minutes, and per ' +
          'account and wide network: after 5 attempts each waits twice as long as the last (up to 15 ' +
          'minutes), except from a browser that signed in to the account before. After 10 attempts at an ' +
          'account in a day from anywhere, an attempt from a browser it does not know is a 401 with ' +
          '`proof_of_work` (an ALTCHA challenge, growing with the attempts) until it is sent again with ' +
          'the solution in `altcha`. An account with a second factor needs `code`.',
        tags: ['moderators'],
        body: named(loginBody, 'sign-in'),
        response: {
          200: json('Signed in', sessionResponse),
          400: error('Invalid body'),
          401: json('Wrong username, password or code, or the code is missing', signInRefusal),
          403: error('A cross-site request'),
          415: error('Not sent as application/json'),
          429: error('Too many attempts, from this network or at this account'),
          503: error('Too many sign-ins are being checked: try again in a few seconds'),
        },
      },
    },
    async (request, reply) => {
      const result = await signIn(
        deps.db,
        deps.signIn,
        request.body,
        {
          session: request.cookies[SESSION_COOKIE],
          knownDevice: request.cookies[KNOWN_DEVICE_COOKIE],
          wideNetwork: deps.identify(request).wideNetwork,
        },
        deps.clock.now(),
      );
      if (result.kind === 'wrong') throw new HttpError(401, 'Wrong username or password');
      if (result.kind !== 'signed-in') {
        const refusal = new HttpError(
          401,
          result.kind === 'code-needed'
            ? 'Enter the code from your authenticator app'
            : 'That code is not right. Enter the code your app shows now, or a recovery code.',
        );
        refusal.extra = { two_factor: true };
        throw refusal;
      }
      setSessionCookie(request, reply, result.token);
      reply.setCookie(KNOWN_DEVICE_COOKIE, result.knownDevice, {
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: KNOWN_DEVICE_DAYS * 86_400,
      });
      return { user: result.user };
    },
  );
  registerSessionRoutes(api, deps);
}

/** Signing out and who is signed in. */
function registerSessionRoutes(api: TypedApp, deps: Deps): void {
  api.post(
    '/api/auth/logout',
    {
      onRequest: sameSiteJson,
      config: { rateLimit: ['moderation'] },
      schema: {
        summary: 'Sign out (ends the session)',
        description:
          'Ends the session in the database, so on every instance, and clears its cookie. 204 without a session too.',
        tags: ['moderators'],
        response: { 204: empty('Signed out') },
      },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await signOut(deps.db, token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send();
    },
  );

  api.get(
    '/api/auth/session',
    {
      config: { rateLimit: ['moderation'] },
      schema: {
        summary: 'Who is signed in',
        description:
          "The session's moderator and role, and two_factor: whether the account has it on, whether the " +
          'site requires it, and whether this session was opened with it.',
        tags: ['moderators'],
        response: { 200: json('The signed-in moderator', sessionResponse), 401: error('Not signed in') },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const token = request.cookies[SESSION_COOKIE];
      const session = token ? await sessionUser(deps.db, token, deps.clock.now()) : undefined;
      if (!session) throw new HttpError(401, 'Not signed in');
      const { requireTwoFactor } = await readSiteSettings(deps.db);
      return {
        user: { username: session.username, role: session.role },
        two_factor: { enabled: session.totp, required: requireTwoFactor, session: session.two_factor },
      };
    },
  );
}
