import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Passwords are stored only as scrypt hashes (memory-hard, salted): `scrypt$<logN>$<r>$<p>$<salt>$<hash>`.
 * The parameters travel with the hash so they can be raised later without breaking old ones: the
 * cost (logN) new hashes get is PASSWORD_HASH_COST (config.ts; 15 by default: 2^15 × 8 × 128 bytes,
 * 32 MB and about 60 ms a check).
 */
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...opts, maxmem: 256 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

/** A password as it is stored: only hashPassword makes one, so no plain password is stored by mistake. */
export type PasswordHash = string & { readonly __passwordHash: true };

/** The hash of `password` at `cost` (scrypt's logN). */
export async function hashPassword(password: string, cost: number): Promise<PasswordHash> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: 2 ** cost, r: R, p: P });
  return ['scrypt', cost, R, P, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  ) as PasswordHash;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: 2 ** Number(logN),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const unknownUserHashes = new Map<number, Promise<PasswordHash>>();

/**
 * A hash, at `cost`, of a random password nobody knows (made once per process). Signing in as an
 * unknown user checks against it, so the answer takes as long as for a known user with a wrong
 * password (no account enumeration by timing), at whatever cost the site hashes with.
 */
export function unknownUserHash(cost: number): Promise<PasswordHash> {
  let hash = unknownUserHashes.get(cost);
  if (!hash) {
    hash = hashPassword(randomBytes(32).toString('base64url'), cost);
    unknownUserHashes.set(cost, hash);
  }
  return hash;
}

export const PASSWORD_RULES = { min: 10, max: 200 } as const;
