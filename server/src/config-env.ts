import { z } from 'zod';
import {
  addressList,
  base64url,
  emptyAsUndefined,
  httpBaseUrl,
  key32,
  optionalString,
  osrmProfiles,
  partnerOrigins,
  pushServices,
  siteOrigin,
  trustProxy,
  urlSafeToken,
} from './config-values.ts';

/** A newcomer report budget (docs/api.md, "Earned trust"): reports an hour, 0 turns it off. */
const budget = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(1_000_000).default(fallback));

/**
 * The environment variables of the contract's configuration table, each with its reading and
 * default, and the rules that tie some together. config.ts parses the environment with it once.
 */
export const envSchema = z
  .object({
    PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
    HEALTH_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).optional()),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
    ),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
    BACKUP_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(365).default(7)),
    BACKUP_MAX_MB: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1_000_000).default(512)),
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
    PARTNER_ORIGINS: partnerOrigins,
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
    METRICS_TOKEN: urlSafeToken(24, 128),
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
    PUBLIC_URL: siteOrigin,
    DEVICE_POW_MAXNUMBER: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(1).max(10_000_000).default(100_000),
    ),
    REPORT_BUDGET_PER_HOUR: budget(30),
    REPORT_BUDGET_PER_NETWORK_PER_HOUR: budget(5),
    REPORT_BUDGET_PER_PLACE_PER_HOUR: budget(3),
    CHANNEL_SECRET: urlSafeToken(16, 128),
    CHANNEL_SECRET_PREVIOUS: urlSafeToken(16, 128),
    CHANNEL_GATEWAY_ADDRESSES: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.union([z.literal('any'), addressList]),
    ),
    NODE_ENV: optionalString,
    SMS_API_URL: httpBaseUrl('https://api.africastalking.com'),
    SMS_USERNAME: optionalString,
    SMS_API_KEY: optionalString,
    SMS_SENDER: optionalString,
    SMS_NUMBER: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^\+?[0-9]{3,15}$/, 'must be a short code or number: digits, an optional leading +')
        .optional(),
    ),
    SMS_RETRY_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().min(0.1).max(3600).default(30)),
    PHONE_KEY: key32,
    VAPID_PUBLIC_KEY: base64url('a P-256 public key (65 bytes)', 65),
    VAPID_PRIVATE_KEY: base64url('a P-256 private key (32 bytes)', 32),
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
    PUSH_SERVICES: pushServices,
    ROLE: z.preprocess(
      emptyAsUndefined,
      z.enum(['all', 'web', 'worker'], { error: 'must be all, web or worker' }).default('all'),
    ),
    ADMIN_USERNAME: optionalString,
    ADMIN_PASSWORD: optionalString,
    // scrypt's logN; 17 (128 MB a check) is as high as passwords.ts lets scrypt's memory go.
    PASSWORD_HASH_COST: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(10).max(17).default(15)),
    SEED: z.preprocess(emptyAsUndefined, z.enum(['0', '1']).default('1')),
    REGION_FILE: optionalString,
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    // For benchmarks: SIGUSR2 prints the event loop's delay and the memory (server.ts).
    EVENT_LOOP_STATS: z.preprocess(emptyAsUndefined, z.enum(['0', '1']).default('0')),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          "is needed in production: the share pages' absolute links come from it, never from a request's Host",
      });
    }
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
    if (env.NODE_ENV === 'production' && env.PASSWORD_HASH_COST < 15) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: 'must be at least 15 in production (2^15: 32 MB and about 60 ms a password check)',
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
    if (env.HEALTH_PORT && env.HEALTH_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', path: ['HEALTH_PORT'], message: 'must differ from PORT' });
    }
    if (env.CLIENT_IP_HEADER && env.TRUST_PROXY === false) {
      ctx.addIssue({
        code: 'custom',
        path: ['CLIENT_IP_HEADER'],
        message: 'is read only from trusted proxies: set TRUST_PROXY as well',
      });
    }
  });

export type Env = z.output<typeof envSchema>;
