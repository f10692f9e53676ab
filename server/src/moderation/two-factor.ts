import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';

/**
 * Moderators' second factor: time-based one-time codes (RFC 6238: SHA-1, 6 digits, 30 s, as every
 * authenticator app reads an otpauth:// link), and recovery codes for a lost phone.
 */
const ISSUER = 'Hatari';
const PERIOD = 30;
/** Codes of the time step before and after are taken too: phones' clocks drift. */
const WINDOW = 1;
const RECOVERY_CODES = 10;

const totp = (secret: string, username = '') =>
  new TOTP({ issuer: ISSUER, label: username, secret: Secret.fromBase32(secret), period: PERIOD });

/** A new shared secret (160 random bits, base32), its otpauth:// link and that link as a QR code. */
export function newAuthenticator(username: string): { secret: string; uri: string; qr_svg: string } {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totp(secret, username).toString();
  return { secret, uri, qr_svg: renderSVG(uri, { border: 2 }) };
}

/**
 * The time step a code is right for, if it is; a step at or before `lastStep` (a code already used)
 * never is.
 */
export function codeStep(
  secret: string,
  code: string,
  lastStep: number | null,
  /** The app's clock, in ms: codes are right for the time step it is in. */
  now: number,
): number | undefined {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const delta = totp(secret).validate({ token, timestamp: now, window: WINDOW });
  if (delta === null) return undefined;
  const step = TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
  return lastStep !== null && step <= lastStep ? undefined : step;
}

/** The code an authenticator shows now (for the tests and the admin CLI's checks). */
export const currentCode = (secret: string, now: number) => totp(secret).generate({ timestamp: now });

const hashCode = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('base64url');

/** New recovery codes (shown once) and the hashes kept of them. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomBytes(10).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5, 10)}-${raw.slice(10, 15)}-${raw.slice(15)}`;
  });
  return { codes, hashes: codes.map(hashCode) };
}

/** The kept hash a recovery code matches, if any. */
export function matchingRecoveryCode(code: string, hashes: readonly string[]): string | undefined {
  const given = Buffer.from(hashCode(code));
  return hashes.find((h) => {
    const kept = Buffer.from(h);
    return kept.length === given.length && timingSafeEqual(kept, given);
  });
}
