import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { empty, error, json, named, typed } from '../http/api-schema.ts';
import { HttpError } from '../http/errors.ts';
import { SESSION_COOKIE, SESSION_TTL_SECONDS, sessionUser, signIn, signOut } from './auth.service.ts';
import { sameSiteJson } from './guard.ts';
import { loginBody, sessionResponse } from './moderation.schema.ts';

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
  // Rate limited to 10 attempts per network per 15 minutes (docs/moderators.md) by the `sign_in` policy.
  api.post(
    '/api/auth/login',
    {
      onRequest: sameSiteJson,
      config: { rateLimit: ['sign_in'] },
      schema: {
        summary: 'Moderator sign-in',
        description:
          'Sets an HttpOnly, SameSite=Strict session cookie. Requires Content-Type: application/json; ' +
          'limited to 10 attempts per network per 15 minutes.',
        tags: ['moderators'],
        body: named(loginBody, 'sign-in'),
        response: {
          200: json('Signed in', sessionResponse),
          400: error('Invalid body'),
          401: error('Wrong username or password'),
          403: error('A cross-site request'),
          415: error('Not sent as application/json'),
          429: error('Too many attempts'),
        },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const session = await signIn(deps.db, username, password, request.cookies[SESSION_COOKIE]);
      if (!session) throw new HttpError(401, 'Wrong username or password');
      setSessionCookie(request, reply, session.token);
      return { user: session.user };
    },
  );

  api.post(
    '/api/auth/logout',
    {
      onRequest: sameSiteJson,
      config: { rateLimit: ['moderation'] },
      schema: {
        summary: 'Sign out (ends the session)',
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
        tags: ['moderators'],
        response: { 200: json('The signed-in moderator', sessionResponse), 401: error('Not signed in') },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const token = request.cookies[SESSION_COOKIE];
      const user = token ? await sessionUser(deps.db, token) : undefined;
      if (!user) throw new HttpError(401, 'Not signed in');
      return { user };
    },
  );
}
