import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '../../../common/domain.ts';
import type { Db, Queryable } from '../db/db.ts';
import { HttpError } from '../http/errors.ts';
import { appendLog } from './log.sql.ts';
import { hashPassword, UNKNOWN_USER_HASH, verifyPassword } from './passwords.ts';
import {
  countAdmins,
  deleteExpiredSessions,
  deleteSession,
  findSessionUser,
  findUserByName,
  insertSession,
  insertUser,
  updatePassword,
} from './users.sql.ts';

export const SESSION_COOKIE = 'hatari_session';
/** A moderation shift: after this a moderator signs in again. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

export interface SessionUser {
  username: string;
  role: Role;
}

/** Only a hash of the session token is stored, so a database leak does not hand out sessions. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Checks the password (against a dummy hash for unknown names, so both failures take as long) and
 * opens a new session, noted in the moderators' log. Undefined when the name or password is wrong.
 * Signing in always starts a fresh session: an earlier token (planted or stale) is ended first.
 */
export async function signIn(
  db: Db,
  username: string,
  password: string,
  previousToken?: string,
): Promise<{ token: string; user: SessionUser } | undefined> {
  if (previousToken) await signOut(db, previousToken);
  const user = await findUserByName(db, username.trim().toLowerCase());
  const ok = await verifyPassword(password, user?.password_hash ?? UNKNOWN_USER_HASH);
  if (!user || !ok) return undefined;
  const token = randomBytes(32).toString('base64url');
  await deleteExpiredSessions(db);
  await insertSession(db, tokenHash(token), user.id, SESSION_TTL_SECONDS);
  await appendLog(db, { actor: user.username, action: 'sign_in' });
  return { token, user: { username: user.username, role: user.role } };
}

export const sessionUser = (db: Queryable, token: string) => findSessionUser(db, tokenHash(token));
export const signOut = (db: Queryable, token: string) => deleteSession(db, tokenHash(token));

export async function createUser(
  db: Queryable,
  username: string,
  password: string,
  role: Role,
): Promise<void> {
  if (!(await insertUser(db, username, await hashPassword(password), role))) {
    throw new HttpError(409, `A user named ${username} already exists`);
  }
}

/** A new password also ends every open session of that user. */
export async function setPassword(db: Queryable, username: string, password: string): Promise<void> {
  if (!(await updatePassword(db, username, await hashPassword(password)))) {
    throw new HttpError(404, `No user named ${username}`);
  }
}

/** ADMIN_USERNAME/ADMIN_PASSWORD create the first admin when there is none yet. */
export async function ensureFirstAdmin(
  db: Db,
  admin: { username: string; password: string } | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!admin || (await countAdmins(db)) > 0) return;
  const name = admin.username.trim().toLowerCase();
  if (await insertUser(db, name, await hashPassword(admin.password), 'admin')) {
    log.info({ username: name }, 'first admin created from ADMIN_USERNAME');
  }
}
