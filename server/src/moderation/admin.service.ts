import type { Role, WebhookEvent } from '../../../common/domain.ts';
import { addPartnerWebhook, removePartnerWebhook } from '../channels/index.ts';
import type { Db, Queryable } from '../db/db.ts';
import { HttpError } from '../http/errors.ts';
import { readSiteSettings, type SiteSettings, writeSiteSettings } from '../settings/index.ts';
import { createUser, type SessionUser, setPassword } from './auth.service.ts';
import { appendLog, recentLog } from './log.sql.ts';
import type { SignInGuard } from './sign-in-guard.ts';
import {
  clearTotp,
  countAdmins,
  deleteUser,
  findUserByName,
  listUsers,
  type UserRow,
  updateRole,
} from './users.sql.ts';

/** Site settings, accounts and the log: each change is made and logged in one transaction. */

export const siteSettings = (db: Db) => readSiteSettings(db);

export const moderationLog = (db: Db, limit: number) => recentLog(db, limit);

export function changeSettings(db: Db, actor: SessionUser, changes: Partial<SiteSettings>) {
  return db.transaction(async (tx) => {
    await writeSiteSettings(tx, changes);
    await appendLog(tx, { actor: actor.username, action: 'settings', detail: changes });
    return readSiteSettings(tx);
  });
}

export async function listAccounts(db: Db) {
  return (await listUsers(db)).map((u) => ({ ...u, created_at: new Date(u.created_at).toISOString() }));
}

/** Who hashes new passwords: in the sign-in checks' bounded queue, before any transaction opens. */
type Hasher = Pick<SignInGuard, 'hashPassword'>;

export async function addAccount(
  db: Db,
  hasher: Hasher,
  actor: SessionUser,
  user: { username: string; password: string; role: Role },
) {
  const password = await hasher.hashPassword(user.password);
  return db.transaction(async (tx) => {
    await createUser(tx, user.username, password, user.role);
    await appendLog(tx, {
      actor: actor.username,
      action: 'user_create',
      detail: { username: user.username, role: user.role },
    });
    return { username: user.username, role: user.role };
  });
}

/**
 * The account, or a 404. When the change takes its admin role away (`refusal` says how), a 409 if
 * it is the last admin: the site always keeps one.
 */
async function accountToChange(tx: Queryable, username: string, refusal?: string): Promise<UserRow> {
  const user = await findUserByName(tx, username);
  if (!user) throw new HttpError(404, `No user named ${username}`);
  if (refusal && user.role === 'admin' && (await countAdmins(tx)) <= 1) throw new HttpError(409, refusal);
  return user;
}

export async function changeAccount(
  db: Db,
  hasher: Hasher,
  actor: SessionUser,
  username: string,
  patch: { role?: Role; password?: string; resetTwoFactor?: true },
) {
  const password = patch.password ? await hasher.hashPassword(patch.password) : undefined;
  return db.transaction(async (tx) => {
    const demoted = patch.role === 'moderator' ? 'The last admin cannot stop being an admin' : undefined;
    const user = await accountToChange(tx, username, demoted);
    if (patch.role) await updateRole(tx, username, patch.role);
    if (password) await setPassword(tx, username, password);
    if (patch.resetTwoFactor) await clearTotp(tx, username);
    await appendLog(tx, {
      actor: actor.username,
      action: 'user_update',
      detail: {
        username,
        role: patch.role,
        password: patch.password ? 'changed' : undefined,
        twoFactor: patch.resetTwoFactor ? 'reset' : undefined,
      },
    });
    return { username, role: patch.role ?? user.role };
  });
}

export function removeAccount(db: Db, actor: SessionUser, username: string) {
  return db.transaction(async (tx) => {
    await accountToChange(tx, username, 'The last admin cannot be removed');
    await deleteUser(tx, username);
    await appendLog(tx, { actor: actor.username, action: 'user_delete', detail: { username } });
  });
}

export async function addWebhook(
  db: Db,
  actor: SessionUser,
  w: { url: string; secret: string; events: WebhookEvent[] },
) {
  return db.transaction(async (tx) => {
    const webhook = await addPartnerWebhook(tx, { ...w, createdBy: actor.username });
    // The secret is never logged.
    await appendLog(tx, {
      actor: actor.username,
      action: 'webhook_create',
      detail: { id: webhook.id, url: webhook.url, events: webhook.events },
    });
    return { webhook };
  });
}

export async function removeWebhook(db: Db, actor: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await removePartnerWebhook(tx, id);
    await appendLog(tx, { actor: actor.username, action: 'webhook_delete', detail: { id } });
  });
}
