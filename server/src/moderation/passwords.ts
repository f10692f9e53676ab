import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Passwords are stored only as scrypt hashes (memory-hard, salted): `scrypt$<logN>$<r>$<p>$<salt>$<hash>`.
 * The parameters travel with the hash so they can be raised later without breaking old ones.
 */
const LOG_N = 15;
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

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: 2 ** LOG_N, r: R, p: P });
  return ['scrypt', LOG_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
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

/**
 * A hash of a random password nobody knows. Signing in as an unknown user checks against it, so the
 * answer takes as long as for a known user with a wrong password (no account enumeration by timing).
 */
export const UNKNOWN_USER_HASH =
  'scrypt$15$8$1$U9W_de_rgIuyNupn8XVKsA$FdsioWgu4WUUB2OdyHWAsSj2PP0ReL-Fs4HkfeNM-L4';

export const PASSWORD_RULES = { min: 10, max: 200 } as const;
