import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { HttpError } from '../http/errors.ts';
import type { ProofOfWork } from '../util/proof-of-work.ts';
import { QueueFullError, Semaphore } from '../util/semaphore.ts';
import { hashPassword, type PasswordHash, unknownUserHash, verifyPassword } from './passwords.ts';
import { accountAttempts, claimAttempt, clearAttempts, countAccountAttempt } from './sign-in.sql.ts';

/** The cookie a browser that signed in to an account keeps, so that account's delays spare it. */
export const KNOWN_DEVICE_COOKIE = 'hatari_known';
export const KNOWN_DEVICE_DAYS = 180;

/**
 * Password checks at once, and waiting: scrypt takes 32 MB and a thread of libuv's pool for each, so
 * a flood of guesses neither grows memory nor starves the pool; past the queue a guess is refused.
 */
const SCRYPT = { atOnce: 1, waiting: 8 } as const;

/**
 * Past FREE attempts at an account in a day from anywhere, each attempt from a browser it does not
 * know first pays a proof of work: BASE_WORK (a second or two in a browser), doubling with every
 * STEP attempts more, up to MAX_FACTOR times. A person signing in pays it once; a guesser, per guess.
 */
const ACCOUNT_WORK = { free: 10, baseWork: 200_000, step: 20, maxFactor: 8 } as const;

/** The work an attempt at an account costs after `attempts` in the last day (0: none). */
function signInWork(attempts: number): number {
  if (attempts < ACCOUNT_WORK.free) return 0;
  const doublings = Math.floor((attempts - ACCOUNT_WORK.free) / ACCOUNT_WORK.step);
  return ACCOUNT_WORK.baseWork * Math.min(ACCOUNT_WORK.maxFactor, 2 ** doublings);
}

/** A sign-in that must first pay its work: the 401 carries the challenge to solve. */
class ProofNeeded extends HttpError {
  constructor(challenge: unknown) {
    super(401, 'Many sign-ins were tried at this account: your browser is checking itself first.');
    this.extra = { proof_of_work: challenge };
  }
}

/**
 * Guards moderators' sign-in (docs/moderators.md, "Signing in"): guesses at an account are bounded
 * by growing delays (sign-in.sql.ts) per account and wide network (IPv4 /24, IPv6 /48), counted before
 * any password is checked, and the checks run in a bounded queue. Strangers cannot make a moderator
 * wait: their guesses from other networks fill buckets of their own; a browser that signed in to the
 * account before carries a signed known-device cookie, whose attempts count in a bucket of their own
 * too. Guessing at an account from many networks is met with work instead: past a few attempts in a
 * day, each attempt from an unknown browser first solves a challenge that grows with the attempts
 * (ProofNeeded), which the moderator's browser solves once and guessers once per guess. Unknown
 * usernames are counted like real ones, so neither says which accounts exist.
 */
export class SignInGuard {
  private readonly checks = new Semaphore(SCRYPT.atOnce, SCRYPT.waiting);

  private readonly db: Db;
  private readonly key: string;
  private readonly pow: ProofOfWork;
  /** scrypt's cost (logN) for new hashes and for unknown names' checks: PASSWORD_HASH_COST. */
  private readonly passwordCost: number;

  constructor(db: Db, key: string, pow: ProofOfWork, passwordCost: number) {
    this.db = db;
    this.key = key;
    this.pow = pow;
    this.passwordCost = passwordCost;
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
   * Claims an attempt at `username` (lower case) from `wideNetwork`: its bucket, a 429 with
   * Retry-After while the bucket must wait, or a ProofNeeded while the account asks for work and
   * `proof` is not a solution of its challenge. A valid known-device cookie picks the account's bucket
   * for that device and needs no work.
   */
  async claim(
    username: string,
    knownCookie: string | undefined,
    wideNetwork: string,
    proof?: string,
  ): Promise<string> {
    const device = this.deviceOf(username, knownCookie);
    const account = this.mac(`anywhere\n${username}`);
    if (!device) {
      const work = signInWork(await accountAttempts(this.db, account));
      if (work > 0 && (await this.pow.redeem(proof, account)) !== 'ok')
        throw new ProofNeeded(await this.pow.issue(work, account));
    }
    const bucket = this.mac(
      device ? `device\n${username}\n${device}` : `account\n${username}\n${wideNetwork}`,
    );
    const wait = await claimAttempt(this.db, bucket);
    if (wait !== undefined) {
      const error = new HttpError(
        429,
        `Too many sign-in attempts for this account. Please wait ${wait >= 90 ? `${Math.ceil(wait / 60)} minutes` : `${wait} seconds`} and try again.`,
      );
      error.retryAfterSeconds = wait;
      throw error;
    }
    await countAccountAttempt(this.db, account);
    return bucket;
  }

  /** The attempt succeeded: its bucket, and the account's count from anywhere, start afresh. */
  async succeeded(bucket: string, username: string): Promise<void> {
    await clearAttempts(this.db, bucket);
    await clearAttempts(this.db, this.mac(`anywhere\n${username}`));
  }

  /**
   * Checks a password in the bounded queue, against `hash` or, for an unknown name, a hash of the
   * same cost; a 503 with Retry-After when the queue is full.
   */
  verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
    return this.inQueue(async () =>
      verifyPassword(password, hash ?? (await unknownUserHash(this.passwordCost))),
    );
  }

  /** A new password's hash, made in the same bounded queue as the checks. */
  hashPassword(password: string): Promise<PasswordHash> {
    return this.inQueue(() => hashPassword(password, this.passwordCost));
  }

  private async inQueue<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await this.checks.run(work);
    } catch (err) {
      if (!(err instanceof QueueFullError)) throw err;
      const busy = new HttpError(503, 'Sign-in is busy. Please try again in a few seconds.');
      busy.retryAfterSeconds = 5;
      throw busy;
    }
  }
}
