import type { Role } from '../../../common/domain.ts';
import type { Queryable } from '../db/db.ts';

export interface UserRow {
  id: number;
  username: string;
  role: Role;
  password_hash: string;
  created_at: Date | string;
}

export async function findUserByName(db: Queryable, username: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(
    'SELECT id, username, role, password_hash, created_at FROM users WHERE username = $1',
    [username],
  );
  return rows[0];
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

export async function insertSession(db: Queryable, tokenHash: string, userId: number, ttlSeconds: number) {
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [tokenHash, userId, ttlSeconds],
  );
}

export async function findSessionUser(
  db: Queryable,
  tokenHash: string,
): Promise<{ username: string; role: Role } | undefined> {
  const rows = await db.query<{ username: string; role: Role }>(
    `SELECT u.username, u.role FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [tokenHash],
  );
  return rows[0];
}

export async function deleteSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
}

export async function deleteExpiredSessions(db: Queryable): Promise<void> {
  await db.query('DELETE FROM sessions WHERE expires_at <= now()');
}
