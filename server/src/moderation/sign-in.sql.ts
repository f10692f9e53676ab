import type { Queryable } from '../db/db.ts';

/**
 * Sign-in attempts per bucket (an account from one wide network, or an account on a known device): each attempt is
 * counted when it is claimed, before the password is checked, as if it will fail; a success deletes
 * the bucket. The first FREE_ATTEMPTS go at once; after that each waits twice as long as the last
 * (1 s, 2 s, 4 s … at most MAX_DELAY_SECONDS). A claim made while the bucket must wait is refused
 * and changes nothing, so parallel attempts take turns through the row lock.
 */
const SIGN_IN_DELAYS = { freeAttempts: 5, maxDelaySeconds: 15 * 60, forgetAfterHours: 24 } as const;

const DELAY = (attempts: string) =>
  `CASE WHEN ${attempts} < ${SIGN_IN_DELAYS.freeAttempts} THEN interval '0'
        ELSE make_interval(secs => least(${SIGN_IN_DELAYS.maxDelaySeconds},
                                         power(2, ${attempts} - ${SIGN_IN_DELAYS.freeAttempts}))) END`;
const STALE = `now() - interval '${SIGN_IN_DELAYS.forgetAfterHours} hours'`;
/** The bucket's count with this attempt: a bucket quiet for a day starts again at 1. */
const COUNT = `CASE WHEN a.last_at < ${STALE} THEN 1 ELSE a.attempts + 1 END`;

/** Claims an attempt: undefined when taken, else the seconds until the bucket may try again. */
export async function claimAttempt(db: Queryable, bucket: string): Promise<number | undefined> {
  const claimed = await db.query(
    `WITH old AS (DELETE FROM sign_in_attempts WHERE last_at < ${STALE} AND bucket <> $1)
     INSERT INTO sign_in_attempts AS a (bucket, attempts, last_at, next_at)
     VALUES ($1, 1, now(), now() + ${DELAY('1')})
     ON CONFLICT (bucket) DO UPDATE SET
       attempts = ${COUNT}, last_at = now(), next_at = now() + ${DELAY(COUNT)}
     WHERE a.next_at <= now() OR a.last_at < ${STALE}
     RETURNING attempts`,
    [bucket],
  );
  if (claimed.length) return undefined;
  const [row] = await db.query<{ wait: number }>(
    `SELECT ceil(extract(epoch FROM next_at - now()))::int AS wait FROM sign_in_attempts WHERE bucket = $1`,
    [bucket],
  );
  return Math.max(1, row?.wait ?? 1);
}

/** A sign-in succeeded: its bucket starts afresh. */
export async function clearAttempts(db: Queryable, bucket: string): Promise<void> {
  await db.query('DELETE FROM sign_in_attempts WHERE bucket = $1', [bucket]);
}

/**
 * Attempts at an account from anywhere in the last day (counted as each is claimed, before the
 * password is checked; a success deletes the bucket). No delay of its own: past a few, the
 * account asks for work instead (sign-in-guard.ts).
 */
export async function countAccountAttempt(db: Queryable, bucket: string): Promise<void> {
  await db.query(
    `INSERT INTO sign_in_attempts AS a (bucket, attempts, last_at, next_at) VALUES ($1, 1, now(), now())
     ON CONFLICT (bucket) DO UPDATE SET attempts = ${COUNT}, last_at = now(), next_at = now()`,
    [bucket],
  );
}

/** The account's attempts from anywhere in the last day. */
export async function accountAttempts(db: Queryable, bucket: string): Promise<number> {
  const [row] = await db.query<{ attempts: number }>(
    `SELECT CASE WHEN last_at < ${STALE} THEN 0 ELSE attempts END AS attempts
     FROM sign_in_attempts WHERE bucket = $1`,
    [bucket],
  );
  return row?.attempts ?? 0;
}
