import type { Role } from '../../../common/domain.ts';
import type { Queryable } from '../db/db.ts';

export interface UserRow {
  id: number;
  username: string;
  role: Role;
  password_hash: string;
  created_at: Date | string;
  totp_secret: string | null;
  totp_last_step: string | null;
  recovery_codes: string[];
}

export async function findUserByName(db: Queryable, username: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(
    `SELECT id, username, role, password_hash, created_at, totp_secret, totp_last_step::text, recovery_codes
     FROM users WHERE username = $1`,
    [username],
  );
  return rows[0];
}

// The second factor (two-factor.ts).

/** Keeps a secret being set up; the one in use (if any) stays until the new one is confirmed. */
export async function setPendingTotp(db: Queryable, username: string, secret: string): Promise<void> {
  await db.query('UPDATE users SET totp_pending = $2 WHERE username = $1', [username, secret]);
}

export async function pendingTotp(db: Queryable, username: string): Promise<string | undefined> {
  const rows = await db.query<{ totp_pending: string | null }>(
    'SELECT totp_pending FROM users WHERE username = $1',
    [username],
  );
  return rows[0]?.totp_pending ?? undefined;
}

/** The pending secret becomes the one in use, with the step its first code used and new recovery codes. */
export async function confirmTotp(
  db: Queryable,
  username: string,
  step: number,
  recoveryHashes: string[],
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE users SET totp_secret = totp_pending, totp_pending = NULL, totp_last_step = $2,
       recovery_codes = $3::text[]
     WHERE username = $1 AND totp_pending IS NOT NULL RETURNING id`,
    [username, step, recoveryHashes],
  );
  return rows.length === 1;
}

/** Turns the second factor off (a moderator's own choice, or an admin's reset); false: no such user. */
export async function clearTotp(db: Queryable, username: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE users SET totp_secret = NULL, totp_pending = NULL, totp_last_step = NULL, recovery_codes = '{}'
     WHERE username = $1 RETURNING id`,
    [username],
  );
  return rows.length === 1;
}

/** Uses a code's time step, once: false when that step (or a later one) was used already. */
export async function useTotpStep(db: Queryable, userId: number, step: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)
     RETURNING id`,
    [userId, step],
  );
  return rows.length === 1;
}

/** Uses up a recovery code (by its hash): false when it was not there, or was used already. */
export async function useRecoveryCode(db: Queryable, userId: number, hash: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE users SET recovery_codes = array_remove(recovery_codes, $2) WHERE id = $1 AND $2 = ANY (recovery_codes)
     RETURNING id`,
    [userId, hash],
  );
  return rows.length === 1;
}

export function listUsers(db: Queryable) {
  return db.query<{ username: string; role: Role; created_at: Date | string }>(
    'SELECT username, role, created_at FROM users ORDER BY username',
  );
}

export async function countAdmins(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`);
  return rows[0]?.n ?? 0;
}

/** Inserts a user unless the name is taken; true when inserted. */
export async function insertUser(
  db: Queryable,
  username: string,
  passwordHash: string,
  role: Role,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO users (username, password_hash, role) VALUES ($1, $2, $3)
     ON CONFLICT (username) DO NOTHING RETURNING id`,
    [username, passwordHash, role],
  );
  return rows.length === 1;
}

/** Sets a new password and ends every session of the user; false when no such user. */
export async function updatePassword(
  db: Queryable,
  username: string,
  passwordHash: string,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'UPDATE users SET password_hash = $2, password_changed_at = now() WHERE username = $1 RETURNING id',
    [username, passwordHash],
  );
  const id = rows[0]?.id;
  if (id === undefined) return false;
  await db.query('DELETE FROM sessions WHERE user_id = $1', [id]);
  return true;
}

export async function updateRole(db: Queryable, username: string, role: Role): Promise<boolean> {
  const rows = await db.query('UPDATE users SET role = $2 WHERE username = $1 RETURNING id', [
    username,
    role,
  ]);
  return rows.length === 1;
}

export async function deleteUser(db: Queryable, username: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM users WHERE username = $1 RETURNING id', [username]);
  return rows.length === 1;
}

export async function insertSession(
  db: Queryable,
  tokenHash: string,
  userId: number,
  ttlSeconds: number,
  twoFactor: boolean,
  /** Now, by the app's clock. */
  now: Date,
) {
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at, two_factor)
     VALUES ($1, $2, $5::timestamptz + make_interval(secs => $3), $4)`,
    [tokenHash, userId, ttlSeconds, twoFactor, now],
  );
}

export interface SessionRow {
  username: string;
  role: Role;
  /** The session was opened, or confirmed, with the second factor. */
  two_factor: boolean;
  /** The user has a second factor. */
  totp: boolean;
}

/** The session's user, unless it ended before `now` (the app's clock). */
export async function findSessionUser(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<SessionRow | undefined> {
  const rows = await db.query<SessionRow>(
    `SELECT u.username, u.role, s.two_factor, u.totp_secret IS NOT NULL AS totp
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.expires_at > $2`,
    [tokenHash, now],
  );
  return rows[0];
}

/** The session has just proved the second factor (it was set up in it). */
export async function markSessionTwoFactor(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('UPDATE sessions SET two_factor = true WHERE token_hash = $1', [tokenHash]);
}

export async function deleteSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
}

export async function deleteExpiredSessions(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM sessions WHERE expires_at <= $1', [now]);
}
