import type { FastifyRequest, onRequestAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import type { Role } from '../../../common/domain.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import type { PolicyName } from '../limits/policies.ts';
import { readSiteSettings } from '../settings/index.ts';
import { SESSION_COOKIE, type SessionUser, sessionUser } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    moderator: SessionUser | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for state-changing moderator calls, on top of the SameSite=Strict
 * cookie: a JSON content type (a plain HTML form cannot send one) and, when the browser names its
 * Origin, the same origin as this site.
 */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Runs as an onRequest hook: before the body is read, so a form post is a 415, not a parse error. */
export const sameSiteJson: onRequestAsyncHookHandler = async (request) => {
  if (SAFE_METHODS.has(request.method)) return;
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, 'Moderator calls must be sent with Content-Type: application/json');
  }
  const origin = request.headers.origin;
  if (origin !== undefined && originOf(origin) !== originOf(`${request.protocol}://${request.host}`)) {
    throw new HttpError(403, 'Cross-site request refused');
  }
};

/**
 * Route options for moderator endpoints: same-site JSON, then signed in with at least `role`, before
 * the request is validated (a stranger learns nothing from a 400). While the site requires a second
 * factor, a session opened without one may only set it up (`settingUp`): everything else is a 403.
 */
export function requireRole(deps: Deps, role: Role, opts: { settingUp?: boolean } = {}) {
  const preValidation: preValidationAsyncHookHandler = async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await sessionUser(deps.db, token, deps.clock.now()) : undefined;
    if (!session) throw new HttpError(401, 'Sign in as a moderator first');
    if (role === 'admin' && session.role !== 'admin') throw new HttpError(403, 'Only admins can do this');
    if (!opts.settingUp && !session.two_factor && (await readSiteSettings(deps.db)).requireTwoFactor) {
      const refusal = new HttpError(
        403,
        'This site requires two-step sign-in: set up an authenticator first',
      );
      refusal.extra = { two_factor_setup: true };
      throw refusal;
    }
    request.moderator = { username: session.username, role: session.role };
  };
  return {
    onRequest: sameSiteJson,
    preValidation,
    config: { rateLimit: ['moderation'] as PolicyName[], moderatorSession: true as const },
  };
}

/** The signed-in moderator of a request that passed requireRole. */
export function actorOf(request: FastifyRequest): SessionUser {
  if (!request.moderator) throw new HttpError(401, 'Sign in as a moderator first');
  return request.moderator;
}
