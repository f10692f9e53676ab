import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { region } from '../../../common/region.ts';

/**
 * A gateway's phone number in one form (E.164, of the region's country when written without a
 * country code), or undefined when it is not a number. The result is used in memory only: hashed
 * for the visitor, encrypted when kept to send.
 */
export function normalisePhone(raw: string): string | undefined {
  const parsed = parsePhoneNumberFromString(raw.trim(), region().phone.country as CountryCode);
  return parsed?.isPossible() ? parsed.number : undefined;
}

const VERSION = 'v1';

/**
 * Numbers kept to send an SMS someone asked for are encrypted at rest with AES-256-GCM under
 * PHONE_KEY (configuration, never the database): `v1.<iv>.<tag>.<ciphertext>`, base64url. A copy of
 * the database alone reveals no number.
 */
export class PhoneCipher {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    this.key = key;
    if (key.length !== 32) throw new Error('PHONE_KEY must be 32 bytes');
  }

  encrypt(phone: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(phone, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  decrypt(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || !data) throw new Error('not a sealed phone number');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
