import type { FastifyInstance } from 'fastify';
import { logResponse, settingsSchema, userResponse, usersResponse } from '../../../common/api.ts';
import type { Deps } from '../deps.ts';
import { empty, error, json, type TypedApp, typed } from '../http/api-schema.ts';
import {
  addAccount,
  changeAccount,
  changeSettings,
  listAccounts,
  moderationLog,
  removeAccount,
  siteSettings,
} from './admin.service.ts';
import { actorOf, requireRole } from './guard.ts';
import { authErrors } from './mod-spots.routes.ts';
import { logQuery, settingsPatch, userCreate, usernameParams, userPatch } from './moderation.schema.ts';

const badInput = error('Invalid body or parameters');
const noUser = error('No such user');
const lastAdmin = error('Would leave no admin');

export function registerAdminRoutes(app: FastifyInstance, deps: Deps): void {
  const api = typed(app);
  const moderator = requireRole(deps, 'moderator');
  const admin = requireRole(deps, 'admin');

  api.get(
    '/api/mod/settings',
    {
      ...moderator,
      schema: {
        summary: 'Site settings',
        description:
          'What moderators tune while the site runs: approval, flags and their budgets, the newcomer ' +
          'budgets, standing, confidence and ageing, alerts and pages. Each is the value an admin set, else ' +
          'the configured default, else the built-in one.',
        tags: ['moderators'],
        response: { 200: json('Settings', settingsSchema), ...authErrors },
      },
    },
    () => siteSettings(deps.db),
  );
  api.put(
    '/api/mod/settings',
    {
      ...admin,
      schema: {
        summary: 'Change site settings (admins)',
        description:
          'Only the settings given change; the answer is every setting as it now stands. Written to the ' +
          'audit log with what changed.',
        tags: ['moderators'],
        body: settingsPatch,
        response: { 200: json('Settings now', settingsSchema), 400: badInput, ...authErrors },
      },
    },
    (request) => changeSettings(deps.db, actorOf(request), request.body),
  );

  api.get(
    '/api/mod/users',
    {
      ...admin,
      schema: {
        summary: 'Moderator accounts (admins)',
        description: 'Each account with its role and when it was made; never a password or a secret.',
        tags: ['moderators'],
        response: {
          200: json('Accounts', usersResponse),
          ...authErrors,
        },
      },
    },
    async () => ({ users: await listAccounts(deps.db) }),
  );
  api.post(
    '/api/mod/users',
    {
      ...admin,
      schema: {
        summary: 'Create an account (admins)',
        description: 'The password is stored only as a scrypt hash. Written to the audit log.',
        tags: ['moderators'],
        body: userCreate,
        response: {
          201: json('Created', userResponse),
          400: badInput,
          409: error('Name taken'),
          ...authErrors,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ user: await addAccount(deps.db, deps.signIn, actorOf(request), request.body) }),
  );
  registerAccountChanges(api, deps);
}

/** Changing and removing moderators' accounts, and the moderation log. */
function registerAccountChanges(api: TypedApp, deps: Deps): void {
  const moderator = requireRole(deps, 'moderator');
  const admin = requireRole(deps, 'admin');
  api.patch(
    '/api/mod/users/:username',
    {
      ...admin,
      schema: {
        summary: "Change role or password (admins); a new password ends the user's sessions",
        description:
          "resetTwoFactor: true takes away the account's second factor (a lost phone without recovery " +
          'codes). The last admin stays an admin. Written to the audit log.',
        tags: ['moderators'],
        params: usernameParams,
        body: userPatch,
        response: {
          200: json('Updated', userResponse),
          400: badInput,
          404: noUser,
          409: lastAdmin,
          ...authErrors,
        },
      },
    },
    async (request) => ({
      user: await changeAccount(
        deps.db,
        deps.signIn,
        actorOf(request),
        request.params.username,
        request.body,
      ),
    }),
  );
  api.delete(
    '/api/mod/users/:username',
    {
      ...admin,
      schema: {
        summary: 'Remove an account (admins)',
        description: 'Its sessions end with it. The last admin cannot be removed. Written to the audit log.',
        tags: ['moderators'],
        params: usernameParams,
        response: { 204: empty('Removed'), 400: badInput, 404: noUser, 409: lastAdmin, ...authErrors },
      },
    },
    async (request, reply) => {
      await removeAccount(deps.db, actorOf(request), request.params.username);
      return reply.code(204).send();
    },
  );

  api.get(
    '/api/mod/log',
    {
      ...moderator,
      schema: {
        summary: 'Audit log of moderator actions, newest first',
        description:
          "Every moderator action, with who did it, when, the spot and what it changed; the server's own " +
          'work (such as removing phone numbers from stored texts) is logged as Hatari.',
        tags: ['moderators'],
        querystring: logQuery,
        response: { 200: json('Entries', logResponse), 400: badInput, ...authErrors },
      },
    },
    async (request) => ({ entries: await moderationLog(deps.db, request.query.limit) }),
  );
}
