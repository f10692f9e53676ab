import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { HttpError, parseOr400 } from '../http/errors.ts';
import { errorSchema, type OpenApiBuilder } from '../http/openapi.ts';
import { readSiteSettings, writeSiteSettings } from '../settings/settings.sql.ts';
import { createUser, setPassword } from './auth.service.ts';
import { actorOf, requireRole } from './guard.ts';
import { appendLog, recentLog } from './log.sql.ts';
import { authErrors } from './mod-spots.routes.ts';
import {
  logQuery,
  logResponse,
  settingsPatch,
  settingsSchema,
  userCreate,
  usernameParams,
  userPatch,
  userSchema,
} from './moderation.schema.ts';
import { countAdmins, deleteUser, findUserByName, listUsers, updateRole } from './users.sql.ts';

const badBody = { 400: { description: 'Invalid body', schema: errorSchema } };
const noUser = (name: string) => new HttpError(404, `No user named ${name}`);

export function registerAdminRoutes(app: FastifyInstance, deps: Deps, api: OpenApiBuilder): void {
  const moderator = requireRole(deps, 'moderator');
  const admin = requireRole(deps, 'admin');

  app.get('/api/mod/settings', moderator, () => readSiteSettings(deps.db));
  app.put('/api/mod/settings', admin, async (request) => {
    const changes = parseOr400(settingsPatch, request.body, 'settings');
    return deps.db.transaction(async (tx) => {
      await writeSiteSettings(tx, changes);
      await appendLog(tx, { actor: actorOf(request).username, action: 'settings', detail: changes });
      return readSiteSettings(tx);
    });
  });
  api.add({
    method: 'get',
    path: '/api/mod/settings',
    summary: 'Site settings',
    tags: ['moderators'],
    responses: { 200: { description: 'Settings', schema: settingsSchema }, ...authErrors },
  });
  api.add({
    method: 'put',
    path: '/api/mod/settings',
    summary: 'Change site settings (admins)',
    tags: ['moderators'],
    body: settingsPatch,
    responses: { 200: { description: 'Settings now', schema: settingsSchema }, ...badBody, ...authErrors },
  });

  const users = async () => ({
    users: (await listUsers(deps.db)).map((u) => ({
      ...u,
      created_at: new Date(u.created_at).toISOString(),
    })),
  });
  app.get('/api/mod/users', admin, users);
  app.post('/api/mod/users', admin, async (request, reply) => {
    const { username, password, role } = parseOr400(userCreate, request.body, 'user');
    await createUser(deps.db, username, password, role);
    await appendLog(deps.db, {
      actor: actorOf(request).username,
      action: 'user_create',
      detail: { username, role },
    });
    return reply.code(201).send({ user: { username, role } });
  });
  app.patch('/api/mod/users/:username', admin, async (request) => {
    const { username } = parseOr400(usernameParams, request.params, 'username');
    const patch = parseOr400(userPatch, request.body, 'user');
    return deps.db.transaction(async (tx) => {
      const user = await findUserByName(tx, username);
      if (!user) throw noUser(username);
      if (patch.role === 'moderator' && user.role === 'admin' && (await countAdmins(tx)) <= 1) {
        throw new HttpError(409, 'The last admin cannot stop being an admin');
      }
      if (patch.role) await updateRole(tx, username, patch.role);
      if (patch.password) await setPassword(tx, username, patch.password);
      await appendLog(tx, {
        actor: actorOf(request).username,
        action: 'user_update',
        detail: { username, role: patch.role, password: patch.password ? 'changed' : undefined },
      });
      return { user: { username, role: patch.role ?? user.role } };
    });
  });
  app.delete('/api/mod/users/:username', admin, async (request, reply) => {
    const { username } = parseOr400(usernameParams, request.params, 'username');
    await deps.db.transaction(async (tx) => {
      const user = await findUserByName(tx, username);
      if (!user) throw noUser(username);
      if (user.role === 'admin' && (await countAdmins(tx)) <= 1)
        throw new HttpError(409, 'The last admin cannot be removed');
      await deleteUser(tx, username);
      await appendLog(tx, { actor: actorOf(request).username, action: 'user_delete', detail: { username } });
    });
    return reply.code(204).send();
  });
  const userResponse = z.object({ user: userSchema });
  api.add({
    method: 'get',
    path: '/api/mod/users',
    summary: 'Moderator accounts (admins)',
    tags: ['moderators'],
    responses: {
      200: {
        description: 'Accounts',
        schema: z.object({ users: z.array(userSchema.extend({ created_at: z.string() })) }),
      },
      ...authErrors,
    },
  });
  api.add({
    method: 'post',
    path: '/api/mod/users',
    summary: 'Create an account (admins)',
    tags: ['moderators'],
    body: userCreate,
    responses: {
      201: { description: 'Created', schema: userResponse },
      409: { description: 'Name taken', schema: errorSchema },
      ...badBody,
      ...authErrors,
    },
  });
  api.add({
    method: 'patch',
    path: '/api/mod/users/{username}',
    summary: "Change role or password (admins); a new password ends the user's sessions",
    tags: ['moderators'],
    params: usernameParams,
    body: userPatch,
    responses: {
      200: { description: 'Updated', schema: userResponse },
      404: { description: 'No such user', schema: errorSchema },
      409: { description: 'Would leave no admin', schema: errorSchema },
      ...badBody,
      ...authErrors,
    },
  });
  api.add({
    method: 'delete',
    path: '/api/mod/users/{username}',
    summary: 'Remove an account (admins)',
    tags: ['moderators'],
    params: usernameParams,
    responses: {
      204: { description: 'Removed' },
      404: { description: 'No such user', schema: errorSchema },
      409: { description: 'Would leave no admin', schema: errorSchema },
      ...authErrors,
    },
  });

  app.get('/api/mod/log', moderator, async (request) => {
    const { limit } = parseOr400(logQuery, request.query, 'query');
    return { entries: await recentLog(deps.db, limit) };
  });
  api.add({
    method: 'get',
    path: '/api/mod/log',
    summary: 'Audit log of moderator actions, newest first',
    tags: ['moderators'],
    query: logQuery,
    responses: { 200: { description: 'Entries', schema: logResponse }, ...authErrors },
  });
}
