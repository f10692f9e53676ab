import proxyAddr from 'proxy-addr';
import { z } from 'zod';
import { TRAVEL_MODES, type TravelMode } from '../../common/domain.ts';

/**
 * How the configuration's values are read from the environment (config-env.ts names the variables):
 * each a zod schema whose messages say what the value must be. An empty variable counts as unset.
 */

export const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
export const optionalString = z.preprocess(emptyAsUndefined, z.string().trim().optional());

export const httpBaseUrl = (fallback: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default(fallback)
      .transform((u) => u.replace(/\/+$/, '')),
  );

/** A secret or token of `min` to `max` characters that fit in a URL's path or a header as they are. */
export const urlSafeToken = (min: number, max: number) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}$`), `must be ${min} to ${max} letters, digits, - or _`)
      .optional(),
  );

/** A key in base64url of exactly `bytes` bytes. */
export const base64url = (what: string, bytes: number) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .optional()
      .refine(
        (v) =>
          v === undefined || (/^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === bytes),
        `must be ${what} in base64url, as \`npx web-push generate-vapid-keys\` prints it`,
      ),
  );

/** `mode:profile` pairs naming the routing service's profile for each travel mode. */
export const osrmProfiles = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .default('driving:driving,walking:foot,cycling:bike')
    .transform((raw, ctx) => {
      const profiles: Record<TravelMode, string> = { driving: 'driving', walking: 'foot', cycling: 'bike' };
      for (const pair of raw.split(',')) {
        const [mode, profile] = pair.split(':').map((s) => s.trim());
        if (!TRAVEL_MODES.includes(mode as TravelMode) || !profile || !/^[\w-]+$/.test(profile)) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be mode:profile pairs, modes driving, walking, cycling',
          });
          return z.NEVER;
        }
        profiles[mode as TravelMode] = profile;
      }
      return profiles;
    }),
);

const splitList = (raw: string) =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A comma list of addresses/CIDRs, or why proxy-addr cannot read it. */
function addresses(raw: string): { list: string[] } | { problem: string } {
  const list = splitList(raw);
  try {
    proxyAddr.compile(list);
    return { list };
  } catch (err) {
    return { problem: (err as Error).message };
  }
}

/** `true`, a hop count, or a comma list of proxy addresses/CIDRs (as Fastify and proxy-addr take it). */
export type TrustProxy = false | true | number | string[];

export const trustProxy = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .transform((raw, ctx): TrustProxy => {
      if (raw === undefined || raw === 'false' || raw === '0') return false;
      if (raw === 'true') return true;
      if (/^\d+$/.test(raw)) return Number(raw);
      const read = addresses(raw);
      if ('list' in read) return read.list;
      ctx.addIssue({
        code: 'custom',
        message: `must be true, a hop count, or addresses/CIDRs (${read.problem})`,
      });
      return z.NEVER;
    }),
);

/** A comma list of addresses/CIDRs, checked as proxy-addr reads them. */
export const addressList = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .transform((raw, ctx): string[] | undefined => {
      if (raw === undefined) return undefined;
      const read = addresses(raw);
      if ('list' in read) return read.list;
      ctx.addIssue({ code: 'custom', message: `must be addresses/CIDRs (${read.problem})` });
      return z.NEVER;
    }),
);

/** Whether `raw` is an http(s) origin and nothing more (no path, no trailing slash). */
function isOrigin(raw: string): boolean {
  try {
    const url = new URL(raw);
    return /^https?:$/.test(url.protocol) && url.origin === raw;
  } catch {
    return false;
  }
}

/** The site's own origin. */
export const siteOrigin = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .refine((raw) => raw === undefined || isOrigin(raw), 'must be an origin like https://hatari.example.org'),
);

/** A comma list of origins, each checked with `check`; what a wrong one is said to be like. */
const originList = (check: (origin: string) => boolean, like: string, fallback = '') =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default(fallback)
      .transform((raw, ctx) => {
        const list = splitList(raw);
        const wrong = list.find((origin) => !check(origin));
        if (wrong === undefined) return list;
        ctx.addIssue({ code: 'custom', message: `${wrong} is not an origin like ${like}` });
        return z.NEVER;
      }),
  );

/** Other sites' origins. */
export const partnerOrigins = originList(isOrigin, 'https://example.org');

/**
 * The browsers' push services a subscription may name (Chrome and Android browsers, Firefox, Safari,
 * Edge): the server sends only to these, so a made-up subscription cannot aim it at another site.
 */
const DEFAULT_PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
];

/** Push services' origins; `https://*.example.com` stands for its subdomains. */
export const pushServices = originList(
  (origin) => /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(origin),
  'https://fcm.googleapis.com or https://*.notify.windows.com',
  DEFAULT_PUSH_SERVICES.join(','),
);

/** A 32-byte key, as 64 hex digits or base64. */
export const key32 = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
      if (key.length !== 32) {
        ctx.addIssue({ code: 'custom', message: 'must be 32 bytes, as 64 hex digits or base64' });
        return z.NEVER;
      }
      return key;
    }),
);
