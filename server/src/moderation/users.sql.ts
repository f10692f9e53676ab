import { sql } from 'kysely';
import type { Role } from '../../../common/domain.ts';
import type { Queryable } from '../db/db.ts';
import { qb, rowsOf } from '../db/sql-builder.ts';

/** A moderator's account as sign-in reads it; the role as the users table's CHECK allows it. */
const userRow = qb
  .selectFrom('users')
  .select([
    'id',
    'username',
    'role',
    'password_hash',
    'created_at',
    'totp_secret',
    sql<string | null>`totp_last_step::text`.as('totp_last_step'),
    'recovery_codes',
  ])
  .$narrowType<{ role: Role }>();

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserByName>>>;

export async function findUserByName(db: Queryable, username: string) {
  const rows = await rowsOf(db, userRow.where('username', '=', username));
  return rows[0];
}

// The second factor (two-factor.ts).

/** Keeps a secret being set up; the one in use (if any) stays until the new one is confirmed. */
export async function setPendingTotp(db: Queryable, username: string, secret: string): Promise<void> {
  await rowsOf(db, qb.updateTable('users').set({ totp_pending: secret }).where('username', '=', username));
}

export async function pendingTotp(db: Queryable, username: string): Promise<string | undefined> {
  const rows = await rowsOf(
    db,
    qb.selectFrom('users').select('totp_pending').where('username', '=', username),
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
  const rows = await rowsOf(
    db,
    qb
      .updateTable('users')
      .set((eb) => ({
        totp_secret: eb.ref('totp_pending'),
        totp_pending: null,
        totp_last_step: step,
        recovery_codes: sql<string[]>`${recoveryHashes}::text[]`,
      }))
      .where('username', '=', username)
      .where('totp_pending', 'is not', null)
      .returning('id'),
  );
  return rows.length === 1;
}

/** Turns the second factor off (a moderator's own choice, or an admin's reset); false: no such user. */
export async function clearTotp(db: Queryable, username: string): Promise<boolean> {
  const rows = await rowsOf(
    db,
    qb
      .updateTable('users')
      .set({ totp_secret: null, totp_pending: null, totp_last_step: null, recovery_codes: sql`'{}'` })
      .where('username', '=', username)
      .returning('id'),
  );
  return rows.length === 1;
}

/** Uses a code's time step, once: false when that step (or a later one) was used already. */
export async function useTotpStep(db: Queryable, userId: number, step: number): Promise<boolean> {
  const rows = await rowsOf(
    db,
    qb
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
      .returning('id'),
  );
  return rows.length === 1;
}

/** Uses up a recovery code (by its hash): false when it was not there, or was used already. */
export async function useRecoveryCode(db: Queryable, userId: number, hash: string): Promise<boolean> {
  const rows = await rowsOf(
    db,
    qb
      .updateTable('users')
      .set({ recovery_codes: sql`array_remove(recovery_codes, ${hash})` })
      .where('id', '=', userId)
      .where(sql<boolean>`${hash} = ANY (recovery_codes)`)
      .returning('id'),
  );
  return rows.length === 1;
}

export function listUsers(db: Queryable) {
  return rowsOf(
    db,
    qb
      .selectFrom('users')
      .select(['username', 'role', 'created_at'])
      .orderBy('username')
      .$narrowType<{ role: Role }>(),
  );
}

export async function countAdmins(db: Queryable): Promise<number> {
  const rows = await rowsOf(
    db,
    qb
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('role', '=', 'admin' satisfies Role),
  );
  return rows[0]?.n ?? 0;
}

/** Inserts a user unless the name is taken; true when inserted. */
export async function insertUser(
  db: Queryable,
  username: string,
  passwordHash: string,
  role: Role,
): Promise<boolean> {
  const rows = await rowsOf(
    db,
    qb
      .insertInto('users')
      .values({ username, password_hash: passwordHash, role })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning('id'),
  );
  return rows.length === 1;
}

/** Sets a new password and ends every session of the user; false when no such user. */
export async function updatePassword(
  db: Queryable,
  username: string,
  passwordHash: string,
): Promise<boolean> {
  const rows = await rowsOf(
    db,
    qb
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: sql`now()` })
      .where('username', '=', username)
      .returning('id'),
  );
  const id = rows[0]?.id;
  if (id === undefined) return false;
  await rowsOf(db, qb.deleteFrom('sessions').where('user_id', '=', id));
  return true;
}

export async function updateRole(db: Queryable, username: string, role: Role): Promise<boolean> {
  const rows = await rowsOf(
    db,
    qb.updateTable('users').set({ role }).where('username', '=', username).returning('id'),
  );
  return rows.length === 1;
}

export async function deleteUser(db: Queryable, username: string): Promise<boolean> {
  const rows = await rowsOf(db, qb.deleteFrom('users').where('username', '=', username).returning('id'));
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
  await rowsOf(
    db,
    qb.insertInto('sessions').values({
      token_hash: tokenHash,
      user_id: userId,
      expires_at: sql`${now}::timestamptz + make_interval(secs => ${ttlSeconds})`,
      two_factor: twoFactor,
    }),
  );
}

/** The session's user, unless it ended before `now` (the app's clock). */
export async function findSessionUser(db: Queryable, tokenHash: string, now: Date) {
  const rows = await rowsOf(
    db,
    qb
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select((eb) => [
        'u.username',
        'u.role',
        /** The session was opened, or confirmed, with the second factor. */
        's.two_factor',
        /** The user has a second factor. */
        eb('u.totp_secret', 'is not', null).$castTo<boolean>().as('totp'),
      ])
      .where('s.token_hash', '=', tokenHash)
      .where('s.expires_at', '>', now)
      .$narrowType<{ role: Role }>(),
  );
  return rows[0];
}

/** The session has just proved the second factor (it was set up in it). */
export async function markSessionTwoFactor(db: Queryable, tokenHash: string): Promise<void> {
  await rowsOf(db, qb.updateTable('sessions').set({ two_factor: true }).where('token_hash', '=', tokenHash));
}

export async function deleteSession(db: Queryable, tokenHash: string): Promise<void> {
  await rowsOf(db, qb.deleteFrom('sessions').where('token_hash', '=', tokenHash));
}

export async function deleteExpiredSessions(db: Queryable, now: Date): Promise<void> {
  await rowsOf(db, qb.deleteFrom('sessions').where('expires_at', '<=', now));
}
