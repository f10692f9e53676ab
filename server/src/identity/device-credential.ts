import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The device credential the web page holds: a random id (128 bits) and the time it was issued,
 * signed by the server. It lives in an HttpOnly cookie; the server keeps no copy, and what it
 * stores about the device (votes, flags) is keyed by a salted hash of the id (identify.ts).
 *
 * `<id>.<issued, seconds in base 36>.<HMAC-SHA256 of both>`, all base64url: about 75 bytes.
 */
export const DEVICE_COOKIE = 'hatari_device';
/** Browsers keep a cookie at most 400 days; the page renews it long before that. */
export const DEVICE_MAX_AGE_SECONDS = 400 * 24 * 3600;
/** A credential older than this is re-signed (same id, new time) when the page asks. */
export const DEVICE_RENEW_AFTER_SECONDS = 30 * 24 * 3600;
/** Clocks of several instances may differ a little; a credential from further ahead is forged. */
const FUTURE_SKEW_SECONDS = 300;
const ID_BYTES = 16;

export interface DeviceCredential {
  /** The device's random id, base64url. */
  id: string;
  /** Seconds since the epoch. */
  issuedAt: number;
}

const FORMAT = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/;

function signature(key: string, id: string, issued: string): Buffer {
  return createHmac('sha256', key).update(`hatari-device.v1\n${id}\n${issued}`).digest();
}

export function encodeCredential(key: string, c: DeviceCredential): string {
  const issued = c.issuedAt.toString(36);
  return `${c.id}.${issued}.${signature(key, c.id, issued).toString('base64url')}`;
}

export function newDeviceId(): string {
  return randomBytes(ID_BYTES).toString('base64url');
}

/** The credential a cookie value carries, or undefined when it is malformed, forged or expired. */
export function readCredential(
  key: string,
  value: string | undefined,
  nowMs: number,
): DeviceCredential | undefined {
  const m = FORMAT.exec(value ?? '');
  if (!m) return undefined;
  const [, id, issued, sig] = m as unknown as [string, string, string, string];
  // FORMAT admits only 43 base64url characters: always the 32 bytes of a signature.
  if (!timingSafeEqual(Buffer.from(sig, 'base64url'), signature(key, id, issued))) return undefined;
  const issuedAt = Number.parseInt(issued, 36);
  const age = nowMs / 1000 - issuedAt;
  if (age > DEVICE_MAX_AGE_SECONDS || age < -FUTURE_SKEW_SECONDS) return undefined;
  return { id, issuedAt };
}

/** The server's side of device credentials: one signing key, one clock. */
export class DeviceCredentials {
  private readonly key: string;
  private readonly now: () => number;

  constructor(key: string, now: () => number = Date.now) {
    this.key = key;
    this.now = now;
  }

  read(value: string | undefined): DeviceCredential | undefined {
    return readCredential(this.key, value, this.now());
  }

  /** A credential for a new device, or the same device's re-signed with the current time. */
  issue(existing?: DeviceCredential): string {
    return encodeCredential(this.key, {
      id: existing?.id ?? newDeviceId(),
      issuedAt: Math.floor(this.now() / 1000),
    });
  }

  needsRenewal(c: DeviceCredential): boolean {
    return this.now() / 1000 - c.issuedAt > DEVICE_RENEW_AFTER_SECONDS;
  }
}
