import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '../../../common/domain.ts';
import type { Db, Queryable } from '../db/db.ts';
import { HttpError } from '../http/errors.ts';
import { appendLog } from './log.sql.ts';
import { hashPassword, type PasswordHash } from './passwords.ts';
import type { SignInGuard } from './sign-in-guard.ts';
import { codeStep, matchingRecoveryCode } from './two-factor.ts';
import {
  countAdmins,
  deleteExpiredSessions,
  deleteSession,
  findSessionUser,
  findUserByName,
  insertSession,
  insertUser,
  type UserRow,
  updatePassword,
  useRecoveryCode,
  useTotpStep,
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

export interface Credentials {
  username: string;
  password: string;
  /** The authenticator's code, or a recovery code, for an account with a second factor. */
  code?: string;
  /** A solved challenge, when the account asks for work (SignInGuard). */
  altcha?: string;
}

export type SignInResult =
  | { kind: 'signed-in'; token: string; user: SessionUser; knownDevice: string }
  /** The name or password is wrong (which one is not said). */
  | { kind: 'wrong' }
  /** Name and password are right and the account has a second factor: its code is missing or wrong. */
  | { kind: 'code-needed' }
  | { kind: 'wrong-code' };

/**
 * Claims an attempt at the account (growing delays per wide network, work past a few attempts
 * from anywhere: SignInGuard), checks the password (against a
 * dummy hash for unknown names, so both failures take as long) and, for an account with a second
 * factor, the code; then opens a new session, noted in the moderators' log, and starts the account's
 * attempts afresh. Signing in always starts a fresh session: an earlier token (planted or stale) is
 * ended first.
 */
export async function signIn(
  db: Db,
  guard: SignInGuard,
  given: Credentials,
  from: { session?: string; knownDevice?: string; wideNetwork: string },
  /** Now, by the app's clock: the session lasts SESSION_TTL_SECONDS from it. */
  now: Date,
): Promise<SignInResult> {
  if (from.session) await signOut(db, from.session);
  const username = given.username.trim().toLowerCase();
  const attempt = await guard.claim(username, from.knownDevice, from.wideNetwork, given.altcha);
  const user = await findUserByName(db, username);
  const ok = await guard.verifyPassword(given.password, user?.password_hash);
  if (!user || !ok) return { kind: 'wrong' };
  if (user.totp_secret) {
    if (!given.code?.trim()) return { kind: 'code-needed' };
    if (!(await secondFactorHolds(db, user, given.code, now))) return { kind: 'wrong-code' };
  }
  await guard.succeeded(attempt, username);
  const token = randomBytes(32).toString('base64url');
  await deleteExpiredSessions(db, now);
  await insertSession(db, tokenHash(token), user.id, SESSION_TTL_SECONDS, Boolean(user.totp_secret), now);
  await appendLog(db, { actor: user.username, action: 'sign_in' });
  return {
    kind: 'signed-in',
    token,
    user: { username: user.username, role: user.role },
    knownDevice: guard.knownDevice(username),
  };
}

/** A code from the user's authenticator (each time step once) or one of its recovery codes (once). */
export async function secondFactorHolds(
  db: Queryable,
  user: UserRow,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!user.totp_secret) return false;
  const last = user.totp_last_step === null ? null : Number(user.totp_last_step);
  const step = codeStep(user.totp_secret, code, last, now.getTime());
  if (step !== undefined) return useTotpStep(db, user.id, step);
  const recovery = matchingRecoveryCode(code, user.recovery_codes);
  return recovery !== undefined && useRecoveryCode(db, user.id, recovery);
}

export const sessionUser = (db: Queryable, token: string, now: Date) =>
  findSessionUser(db, tokenHash(token), now);
export { tokenHash };
export const signOut = (db: Queryable, token: string) => deleteSession(db, tokenHash(token));

/** A new account; its password hashed first (SignInGuard.hashPassword), outside any transaction. */
export async function createUser(
  db: Queryable,
  username: string,
  password: PasswordHash,
  role: Role,
): Promise<void> {
  if (!(await insertUser(db, username, password, role))) {
    throw new HttpError(409, `A user named ${username} already exists`);
  }
}

/** A new password also ends every open session of that user. */
export async function setPassword(db: Queryable, username: string, password: PasswordHash): Promise<void> {
  if (!(await updatePassword(db, username, password))) {
    throw new HttpError(404, `No user named ${username}`);
  }
}

/** ADMIN_USERNAME/ADMIN_PASSWORD create the first admin when there is none yet. */
export async function ensureFirstAdmin(
  db: Db,
  admin: { username: string; password: string } | undefined,
  passwordCost: number,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!admin || (await countAdmins(db)) > 0) return;
  const name = admin.username.trim().toLowerCase();
  if (await insertUser(db, name, await hashPassword(admin.password, passwordCost), 'admin')) {
    log.info({ username: name }, 'first admin created from ADMIN_USERNAME');
  }
}
