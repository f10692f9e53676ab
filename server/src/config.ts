import os from 'node:os';
import path from 'node:path';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';
import { type Region, UGANDA } from '../../common/region.ts';
import { readRegionFile } from './region-file.ts';
import type { Role } from './worker-role.ts';

/**
 * The only reader of process.env. Every variable of the contract's configuration table is parsed
 * and validated here once, at start; a bad value stops the process with a message naming it.
 */

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().trim().optional());

const httpBaseUrl = (fallback: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default(fallback)
      .transform((u) => u.replace(/\/+$/, '')),
  );

export const TRAVEL_MODES = ['driving', 'walking', 'cycling'] as const;
type TravelMode = (typeof TRAVEL_MODES)[number];

/** `mode:profile` pairs naming the routing service's profile for each travel mode. */
const osrmProfiles = z.preprocess(
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

/** A key in base64url of exactly `bytes` bytes. */
const base64url = (what: string, bytes: number) =>
  z
    .string()
    .trim()
    .optional()
    .refine(
      (v) => v === undefined || (/^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === bytes),
      `must be ${what} in base64url, as \`npx web-push generate-vapid-keys\` prints it`,
    );

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

const splitList = (raw: string) =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** `true`, a hop count, or a comma list of proxy addresses/CIDRs (as Fastify and proxy-addr take it). */
export type TrustProxy = false | true | number | string[];

const trustProxy = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .transform((raw, ctx): TrustProxy => {
      if (raw === undefined || raw === 'false' || raw === '0') return false;
      if (raw === 'true') return true;
      if (/^\d+$/.test(raw)) return Number(raw);
      const list = splitList(raw);
      try {
        proxyAddr.compile(list);
      } catch (err) {
        ctx.addIssue({
          code: 'custom',
          message: `must be true, a hop count, or addresses/CIDRs (${(err as Error).message})`,
        });
        return z.NEVER;
      }
      return list;
    }),
);

/** A comma list of addresses/CIDRs, checked as proxy-addr reads them. */
const addressList = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .transform((raw, ctx): string[] | undefined => {
      if (raw === undefined) return undefined;
      const list = splitList(raw);
      try {
        proxyAddr.compile(list);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `must be addresses/CIDRs (${(err as Error).message})` });
        return z.NEVER;
      }
      return list;
    }),
);

const channelSecret = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16 to 128 letters, digits, - or _')
    .optional(),
);

const schema = z
  .object({
    PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
    ),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
    PUBLIC_READS_AT_ONCE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(64).optional()),
    PUBLIC_READS_WAITING: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(0).max(10_000).default(256),
    ),
    REDIS_URL: z.preprocess(
      emptyAsUndefined,
      z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
    ),
    TRUST_PROXY: trustProxy,
    CLIENT_IP_HEADER: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9-]+$/, 'must be an HTTP header name')
        .transform((h) => h.toLowerCase())
        .optional(),
    ),
    PARTNER_ORIGINS: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .optional()
        .transform((raw, ctx) => {
          const list = splitList(raw ?? '');
          for (const origin of list) {
            let parsed: URL | undefined;
            try {
              parsed = new URL(origin);
            } catch {}
            if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
              ctx.addIssue({
                code: 'custom',
                message: `${origin} is not an origin like https://example.org`,
              });
              return z.NEVER;
            }
          }
          return list;
        }),
    ),
    VISITOR_SALT: z.preprocess(
      emptyAsUndefined,
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    OSRM_URL: httpBaseUrl('https://router.project-osrm.org'),
    NOMINATIM_URL: httpBaseUrl('https://nominatim.openstreetmap.org'),
    OSRM_PROFILES: osrmProfiles,
    GEOCODER_USER_AGENT: optionalString,
    BASEMAP_PMTILES: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .optional()
        .refine(
          (v) => v === undefined || !/^[a-z][a-z0-9+.-]*:\/\//i.test(v) || /^https?:\/\/[^/]+\/./.test(v),
          'must be a file path or an http(s) URL of a .pmtiles archive',
        ),
    ),
    BASEMAP_ATTRIBUTION: optionalString,
    METRICS_TOKEN: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{24,128}$/, 'must be 24 to 128 letters, digits, - or _')
        .optional(),
    ),
    TILE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .optional()
        .refine(
          (u) =>
            u === undefined ||
            (/^https?:\/\/[^/]+\//.test(u) && ['{z}', '{x}', '{y}'].every((p) => u.includes(p))),
          'must be an http(s) tile URL template with {z}, {x} and {y}',
        ),
    ),
    TILE_ATTRIBUTION: optionalString,
    PUBLIC_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .optional()
        .refine((raw) => {
          if (raw === undefined) return true;
          try {
            const url = new URL(raw);
            return /^https?:$/.test(url.protocol) && url.origin === raw;
          } catch {
            return false;
          }
        }, 'must be an origin like https://hatari.example.org'),
    ),
    CHANNEL_SECRET: channelSecret,
    CHANNEL_SECRET_PREVIOUS: channelSecret,
    CHANNEL_GATEWAY_ADDRESSES: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.union([z.literal('any'), addressList]),
    ),
    NODE_ENV: optionalString,
    SMS_API_URL: httpBaseUrl('https://api.africastalking.com'),
    SMS_USERNAME: optionalString,
    SMS_API_KEY: optionalString,
    SMS_SENDER: optionalString,
    SMS_RETRY_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().min(0.1).max(3600).default(30)),
    PHONE_KEY: z.preprocess(
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
    ),
    VAPID_PUBLIC_KEY: z.preprocess(emptyAsUndefined, base64url('a P-256 public key (65 bytes)', 65)),
    VAPID_PRIVATE_KEY: z.preprocess(emptyAsUndefined, base64url('a P-256 private key (32 bytes)', 32)),
    VAPID_SUBJECT: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .optional()
        .refine(
          (v) => v === undefined || /^mailto:[^@\s]+@[^@\s]+$|^https:\/\/[^/\s]+/.test(v),
          'must be a mailto: address or an https: URL of the site',
        ),
    ),
    PUSH_SERVICES: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .default(DEFAULT_PUSH_SERVICES.join(','))
        .transform((raw, ctx) => {
          const list = splitList(raw);
          for (const origin of list) {
            if (!/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(origin)) {
              ctx.addIssue({
                code: 'custom',
                message: `${origin} is not an origin like https://fcm.googleapis.com or https://*.notify.windows.com`,
              });
              return z.NEVER;
            }
          }
          return list;
        }),
    ),
    ROLE: z.preprocess(
      emptyAsUndefined,
      z.enum(['all', 'web', 'worker'], { error: 'must be all, web or worker' }).default('all'),
    ),
    ADMIN_USERNAME: optionalString,
    ADMIN_PASSWORD: optionalString,
    SEED: z.preprocess(emptyAsUndefined, z.enum(['0', '1']).default('1')),
    REGION_FILE: optionalString,
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.ROLE !== 'all' && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['ROLE'],
        message:
          'web and worker roles share a PostgreSQL database (DATABASE_URL); embedded storage runs one instance, ROLE=all',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
      });
    }
    if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
      });
    }
    if (env.SMS_API_KEY && !(env.SMS_USERNAME && env.PHONE_KEY && env.CHANNEL_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_API_KEY'],
        message: 'SMS needs SMS_USERNAME, PHONE_KEY (to keep numbers encrypted) and CHANNEL_SECRET as well',
      });
    }
    if (env.CHANNEL_SECRET_PREVIOUS && !env.CHANNEL_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['CHANNEL_SECRET_PREVIOUS'],
        message: 'is the secret being rotated out: set the new one as CHANNEL_SECRET',
      });
    }
    if (env.CLIENT_IP_HEADER && env.TRUST_PROXY === false) {
      ctx.addIssue({
        code: 'custom',
        path: ['CLIENT_IP_HEADER'],
        message: 'is read only from trusted proxies: set TRUST_PROXY as well',
      });
    }
  });

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly redisUrl: string | undefined;
  /**
   * Uncached public reads at once (http/read-gate.ts): by default 6 of PostgreSQL's 10 pooled
   * connections, the rest kept for writes and counters; 4 on embedded storage. And how many may wait.
   */
  readonly publicReads: { readonly atOnce: number; readonly lightAtOnce: number; readonly waiting: number };
  readonly trustProxy: TrustProxy;
  readonly clientIpHeader: string | undefined;
  readonly visitorSalt: string | undefined;
  /** Other sites allowed to send public writes (and granted CORS), e.g. a partner's report form. */
  readonly partnerOrigins: readonly string[];
  readonly osrmUrl: string;
  readonly nominatimUrl: string;
  readonly osrmProfiles: Readonly<Record<TravelMode, string>>;
  readonly geocoderUserAgent: string;
  /** The country served: Uganda, or the region REGION_FILE describes. */
  readonly region: Region;
  /**
   * The background map: a PMTiles archive in the Protomaps basemap schema (a file, or an http(s) URL
   * of object storage), served by this app as tiles. Undefined: no vector basemap.
   */
  readonly basemap: { readonly source: string; readonly attribution: string } | undefined;
  /** The bearer token /metrics asks for (Prometheus text); undefined: no metrics endpoint. */
  readonly metricsToken: string | undefined;
  /**
   * Raster tiles for the background where no basemap is set: TILE_URL, or outside production
   * OpenStreetMap's own tiles (for a first try on a laptop; never in production). Empty: none.
   */
  readonly tileUrl: string;
  readonly tileAttribution: string | undefined;
  /** The site's own origin, for the absolute links of link previews; else the request's host. */
  readonly publicUrl: string | undefined;
  /** USSD and SMS (docs/channels.md): off unless `secret` is set. */
  readonly channels: ChannelConfig;
  /** Web Push alerts (docs/channels.md, "Push alerts"). */
  readonly push: PushConfig;
  /** Whether this instance may do the background work (docs/operations.md, "Roles"). */
  readonly role: Role;
  readonly admin: { readonly username: string; readonly password: string } | undefined;
  readonly seed: boolean;
  readonly logLevel: string;
}

interface ChannelConfig {
  /**
   * The secret last segments of the callback paths /api/channels/ussd/<secret> and …/sms/<secret>:
   * the current one, and while it is rotated out the previous one. Empty: channels are off.
   */
  readonly secrets: readonly string[];
  /** When set, callbacks are taken only from these gateway addresses/CIDRs. */
  readonly gatewayAddresses: readonly string[] | undefined;
  /**
   * Why the configured channels do not start (production without CHANNEL_GATEWAY_ADDRESSES), or
   * what their configuration risks (callbacks taken from any address in production): logged at start.
   */
  readonly notice: { level: 'error' | 'warn'; message: string } | undefined;
  /** Outside production, the gateway sandbox's network code (99999) stands for the number's operator. */
  readonly sandboxNetwork: boolean;
  /** The messaging API, when SMS is configured (replies and alerts). */
  readonly sms:
    | {
        readonly apiUrl: string;
        readonly username: string;
        readonly apiKey: string;
        readonly sender?: string;
        /** First wait before a failed send is tried again; it doubles each time. */
        readonly retrySeconds: number;
      }
    | undefined;
  /** AES-256-GCM key for the numbers kept to send SMS. */
  readonly phoneKey: Buffer | undefined;
}

interface PushConfig {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; undefined: a pair generated once and kept in the database. */
  readonly keys: { readonly publicKey: string; readonly privateKey: string } | undefined;
  /** Who push services may contact about this sender (VAPID's `sub`). */
  readonly subject: string;
  /** The push services' origins subscriptions may name (`https://*.example.com` for subdomains). */
  readonly services: readonly string[];
}

export class ConfigError extends Error {}

/**
 * In production a leaked secret must not be enough to call the channels: they start only with
 * CHANNEL_GATEWAY_ADDRESSES, or with it set to `any` (an opt-out that is logged at every start).
 */
function channelGate(e: z.output<typeof schema>): Pick<ChannelConfig, 'secrets' | 'notice'> {
  const secrets = [e.CHANNEL_SECRET, e.CHANNEL_SECRET_PREVIOUS].filter((s): s is string => Boolean(s));
  const addresses = e.CHANNEL_GATEWAY_ADDRESSES;
  if (!secrets.length || e.NODE_ENV !== 'production' || (addresses && addresses !== 'any'))
    return { secrets: Object.freeze(secrets), notice: undefined };
  if (addresses === 'any')
    return {
      secrets: Object.freeze(secrets),
      notice: {
        level: 'warn',
        message:
          'USSD and SMS callbacks are taken from any address (CHANNEL_GATEWAY_ADDRESSES=any): anyone who ' +
          "learns the secret can act as the gateway. Set the gateway's addresses instead.",
      },
    };
  return {
    secrets: Object.freeze([]),
    notice: {
      level: 'error',
      message:
        "USSD and SMS are off: in production they need CHANNEL_GATEWAY_ADDRESSES (the gateway's addresses, " +
        'or `any` to take callbacks from anywhere).',
    },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const region = e.REGION_FILE ? readRegionFile(path.resolve(e.REGION_FILE)) : { region: UGANDA };
  if ('problems' in region) {
    const lines = region.problems.map((p) => `  REGION_FILE ${p}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const readsAtOnce = e.PUBLIC_READS_AT_ONCE ?? defaultReadsAtOnce();
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    publicReads: Object.freeze({
      atOnce: readsAtOnce,
      lightAtOnce: Math.max(2, LIGHT_AND_HEAVY_READS - readsAtOnce),
      waiting: e.PUBLIC_READS_WAITING,
    }),
    trustProxy: e.TRUST_PROXY,
    clientIpHeader: e.CLIENT_IP_HEADER,
    visitorSalt: e.VISITOR_SALT,
    partnerOrigins: Object.freeze(e.PARTNER_ORIGINS),
    osrmUrl: e.OSRM_URL,
    nominatimUrl: e.NOMINATIM_URL,
    osrmProfiles: Object.freeze(e.OSRM_PROFILES),
    geocoderUserAgent:
      e.GEOCODER_USER_AGENT ??
      `Hatari/0.1 (public danger-spot map of ${region.region.name}; set GEOCODER_USER_AGENT to add your contact)`,
    metricsToken: e.METRICS_TOKEN,
    basemap: e.BASEMAP_PMTILES
      ? Object.freeze({
          source: /^https?:\/\//.test(e.BASEMAP_PMTILES)
            ? e.BASEMAP_PMTILES
            : path.resolve(e.BASEMAP_PMTILES),
          attribution: e.BASEMAP_ATTRIBUTION ?? 'Protomaps',
        })
      : undefined,
    tileUrl:
      e.TILE_URL ??
      (e.NODE_ENV === 'production' || e.BASEMAP_PMTILES
        ? ''
        : 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    tileAttribution: e.TILE_ATTRIBUTION,
    publicUrl: e.PUBLIC_URL,
    channels: Object.freeze({
      ...channelGate(e),
      gatewayAddresses:
        e.CHANNEL_GATEWAY_ADDRESSES === 'any' || !e.CHANNEL_GATEWAY_ADDRESSES
          ? undefined
          : Object.freeze(e.CHANNEL_GATEWAY_ADDRESSES),
      sandboxNetwork: e.NODE_ENV !== 'production',
      sms:
        e.SMS_API_KEY && e.SMS_USERNAME
          ? Object.freeze({
              apiUrl: e.SMS_API_URL,
              username: e.SMS_USERNAME,
              apiKey: e.SMS_API_KEY,
              retrySeconds: e.SMS_RETRY_SECONDS,
              ...(e.SMS_SENDER ? { sender: e.SMS_SENDER } : {}),
            })
          : undefined,
      phoneKey: e.PHONE_KEY,
    }),
    role: e.ROLE,
    push: Object.freeze({
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? Object.freeze({ publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY })
          : undefined,
      subject:
        e.VAPID_SUBJECT ??
        (e.PUBLIC_URL?.startsWith('https://') ? e.PUBLIC_URL : 'mailto:hatari@example.org'),
      services: Object.freeze(e.PUSH_SERVICES),
    }),
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? Object.freeze({ username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD })
        : undefined,
    seed: e.SEED === '1',
    region: region.region,
    logLevel: e.LOG_LEVEL,
  });
}

/**
 * Uncached reads at once by default: one per core, 2 to 4. More only queue for the CPU: on two cores,
 * six at once (PostgreSQL's backends and this process competing) held health checks 250 ms behind a
 * flood of lists; two at once served the same flood as fast with health's p99 under 80 ms.
 */
export function defaultReadsAtOnce(cores = os.availableParallelism()): number {
  return Math.min(4, Math.max(2, cores));
}

/**
 * Places for uncached reads in all, heavy and light: 8 of the pool's 10 connections, the rest kept for
 * writes and counters. Light reads (one row by key) take what heavy ones leave, at least 2.
 */
const LIGHT_AND_HEAVY_READS = 8;
