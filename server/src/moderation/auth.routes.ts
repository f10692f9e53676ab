import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { HttpError, parseOr400 } from '../http/errors.ts';
import { errorSchema, type OpenApiBuilder } from '../http/openapi.ts';
import { SESSION_COOKIE, SESSION_TTL_SECONDS, sessionUser, signIn, signOut } from './auth.service.ts';
import { sameSiteJson } from './guard.ts';
import { appendLog } from './log.sql.ts';
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

export function registerAuthRoutes(app: FastifyInstance, deps: Deps, api: OpenApiBuilder): void {
  // Rate limited to 10 attempts per network per 15 minutes (docs/moderators.md) by the `sign_in` policy.
  app.post(
    '/api/auth/login',
    { onRequest: sameSiteJson, config: { rateLimit: ['sign_in'] } },
    async (request, reply) => {
      const { username, password } = parseOr400(loginBody, request.body, 'sign-in');
      // Signing in always starts a fresh session: an earlier token (planted or stale) is dropped.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await signOut(deps.db, previous);
      const session = await signIn(deps.db, username, password);
      if (!session) throw new HttpError(401, 'Wrong username or password');
      await appendLog(deps.db, { actor: session.user.username, action: 'sign_in' });
      setSessionCookie(request, reply, session.token);
      return { user: session.user };
    },
  );
  api.add({
    method: 'post',
    path: '/api/auth/login',
    summary: 'Moderator sign-in',
    description:
      'Sets an HttpOnly, SameSite=Strict session cookie. Requires Content-Type: application/json; ' +
      'limited to 10 attempts per network per 15 minutes.',
    tags: ['moderators'],
    body: loginBody,
    responses: {
      200: { description: 'Signed in', schema: sessionResponse, headers: ['Set-Cookie'] },
      401: { description: 'Wrong username or password', schema: errorSchema },
      429: { description: 'Too many attempts', schema: errorSchema, headers: ['Retry-After'] },
    },
  });

  app.post(
    '/api/auth/logout',
    { onRequest: sameSiteJson, config: { rateLimit: ['moderation'] } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await signOut(deps.db, token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send();
    },
  );
  api.add({
    method: 'post',
    path: '/api/auth/logout',
    summary: 'Sign out (ends the session)',
    tags: ['moderators'],
    responses: { 204: { description: 'Signed out' } },
  });

  app.get('/api/auth/session', { config: { rateLimit: ['moderation'] } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    const token = request.cookies[SESSION_COOKIE];
    const user = token ? await sessionUser(deps.db, token) : undefined;
    if (!user) throw new HttpError(401, 'Not signed in');
    return { user };
  });
  api.add({
    method: 'get',
    path: '/api/auth/session',
    summary: 'Who is signed in',
    tags: ['moderators'],
    responses: {
      200: { description: 'The signed-in moderator', schema: sessionResponse },
      401: { description: 'Not signed in', schema: errorSchema },
    },
  });
}
