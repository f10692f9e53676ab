import type { FastifyInstance } from 'fastify';
import { recoveryCodes, twoFactorSetup } from '../../../common/api.ts';
import type { Deps } from '../deps.ts';
import { empty, error, json, typed } from '../http/api-schema.ts';
import { HttpError } from '../http/errors.ts';
import { SESSION_COOKIE } from './auth.service.ts';
import { actorOf, requireRole } from './guard.ts';
import { authErrors } from './mod-spots.routes.ts';
import { twoFactorConfirm, twoFactorRemove } from './moderation.schema.ts';
import { confirmTwoFactor, removeTwoFactor, startTwoFactor } from './two-factor.service.ts';

/** A moderator's own second factor (docs/moderators.md, "Two-step sign-in"). */
export function registerTwoFactorRoutes(app: FastifyInstance, deps: Deps): void {
  const api = typed(app);
  // Open to a session the site's requirement holds back: setting up is what it must do.
  const signedIn = requireRole(deps, 'moderator', { settingUp: true });

  api.post(
    '/api/auth/two-factor/setup',
    {
      ...signedIn,
      schema: {
        summary: 'Start setting up an authenticator app: a new secret, its link and QR code',
        description: 'The secret waits until a code from it is confirmed; one in use stays until then.',
        tags: ['moderators'],
        response: { 200: json('The secret to scan', twoFactorSetup), ...authErrors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return startTwoFactor(deps.db, actorOf(request));
    },
  );

  api.post(
    '/api/auth/two-factor/enable',
    {
      ...signedIn,
      schema: {
        summary: 'Confirm the authenticator with a code: two-step sign-in is on',
        description: 'Answers ten recovery codes, shown this once. This session counts as two-step.',
        tags: ['moderators'],
        body: twoFactorConfirm,
        response: {
          200: json('On, with recovery codes', recoveryCodes),
          400: error('A bad body, or the code is not right'),
          409: error('No set-up was started'),
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const token = request.cookies[SESSION_COOKIE];
      if (!token) throw new HttpError(401, 'Sign in as a moderator first');
      return confirmTwoFactor(deps.db, actorOf(request), token, request.body.code, deps.clock.now());
    },
  );

  api.post(
    '/api/auth/two-factor/disable',
    {
      ...signedIn,
      schema: {
        summary: 'Turn two-step sign-in off, with the password and a code',
        description:
          'The secret and the recovery codes are deleted. Refused (409) while the site requires it.',
        tags: ['moderators'],
        body: twoFactorRemove,
        response: {
          204: empty('Off'),
          400: error('Bad body'),
          409: error('The site requires it of every moderator'),
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      await removeTwoFactor(deps.db, deps.signIn, actorOf(request), request.body, deps.clock.now());
      return reply.code(204).send();
    },
  );
}
