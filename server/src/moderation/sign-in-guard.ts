import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { HttpError } from '../http/errors.ts';
import { QueueFullError, Semaphore } from '../util/semaphore.ts';
import { verifyPassword } from './passwords.ts';
import { claimAttempt, clearAttempts } from './sign-in.sql.ts';

/** The cookie a browser that signed in to an account keeps, so that account's delays spare it. */
export const KNOWN_DEVICE_COOKIE = 'hatari_known';
export const KNOWN_DEVICE_DAYS = 180;

/**
 * Password checks at once, and waiting: scrypt takes 32 MB and a thread of libuv's pool for each, so
 * a flood of guesses neither grows memory nor starves the pool; past the queue a guess is refused.
 */
const SCRYPT = { atOnce: 1, waiting: 8 } as const;

/**
 * Guards moderators' sign-in (docs/moderators.md, "Signing in"): guesses at an account are bounded
 * by growing delays (sign-in.sql.ts), counted before any password is checked, and the checks run in
 * a bounded queue. The delays can never lock a moderator out: a browser that signed in to the
 * account before carries a signed known-device cookie, and its attempts count in a bucket of their
 * own, which a stranger's guesses do not touch. Unknown usernames are counted like real ones, so the
 * delays say nothing about which accounts exist.
 */
export class SignInGuard {
  private readonly checks = new Semaphore(SCRYPT.atOnce, SCRYPT.waiting);

  private readonly db: Db;
  private readonly key: string;

  constructor(db: Db, key: string) {
    this.db = db;
    this.key = key;
  }

  private mac(value: string): string {
    return createHmac('sha256', this.key).update(value).digest('base64url');
  }

  /** The known-device cookie's value for a browser that just signed in as `username`. */
  knownDevice(username: string): string {
    const id = randomBytes(16).toString('base64url');
    return `${id}.${this.mac(`known\n${username}\n${id}`)}`;
  }

  /** The device a known-device cookie names for `username`, if it is valid for that account. */
  private deviceOf(username: string, cookie: string | undefined): string | undefined {
    const [id, sig] = (cookie ?? '').split('.');
    if (!id || !sig) return undefined;
    const expected = Buffer.from(this.mac(`known\n${username}\n${id}`));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }

  /**
   * Claims an attempt at `username` (lower case): its bucket, or a 429 with Retry-After while the
   * bucket must wait. A valid known-device cookie picks the account's bucket for that device.
   */
  async claim(username: string, knownCookie: string | undefined): Promise<string> {
    const device = this.deviceOf(username, knownCookie);
    const bucket = this.mac(device ? `device\n${username}\n${device}` : `account\n${username}`);
    const wait = await claimAttempt(this.db, bucket);
    if (wait !== undefined) {
      const error = new HttpError(
        429,
        `Too many sign-in attempts for this account. Please wait ${wait >= 90 ? `${Math.ceil(wait / 60)} minutes` : `${wait} seconds`} and try again.`,
      );
      error.retryAfterSeconds = wait;
      throw error;
    }
    return bucket;
  }

  /** The attempt succeeded: its bucket starts afresh. */
  succeeded(bucket: string): Promise<void> {
    return clearAttempts(this.db, bucket);
  }

  /** Checks a password in the bounded queue; a 503 with Retry-After when the queue is full. */
  async verifyPassword(password: string, hash: string): Promise<boolean> {
    try {
      return await this.checks.run(() => verifyPassword(password, hash));
    } catch (err) {
      if (!(err instanceof QueueFullError)) throw err;
      const busy = new HttpError(503, 'Sign-in is busy. Please try again in a few seconds.');
      busy.retryAfterSeconds = 5;
      throw busy;
    }
  }
}
