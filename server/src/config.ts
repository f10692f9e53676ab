import os from 'node:os';
import path from 'node:path';
import type { TravelMode } from '../../common/domain.ts';
import { type Region, UGANDA } from '../../common/region.ts';
import { type Env, envSchema } from './config-env.ts';
import type { TrustProxy } from './config-values.ts';
import { readRegionFile } from './region-file.ts';
import type { Role } from './worker-role.ts';

/**
 * The only reader of process.env. Every variable of the contract's configuration table is parsed
 * and validated here once, at start (config-env.ts); a bad value stops the process with a message
 * naming it.
 */

export interface Config {
  readonly port: number;
  readonly host: string;
  /**
   * HEALTH_PORT: /api/health and /api/live also on this port of HOST, answered by a thread of their
   * own (health/health-port.ts), so a probe does not queue behind the load. Undefined: none.
   */
  readonly healthPort: number | undefined;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  /**
   * Daily backups of embedded storage in DATA_DIR/backups (db/backups.ts): kept `days` days (0: none
   * taken), and the oldest removed while all of them together pass `maxBytes`.
   */
  readonly backups: { readonly days: number; readonly maxBytes: number };
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
  /**
   * The site's own origin, for the absolute links of link previews (required in production); elsewhere
   * the configured listening address, never a request's Host.
   */
  readonly publicUrl: string;
  /**
   * The work of a new device credential at the site's normal rate (ALTCHA's maxnumber; the page
   * tries half of it on average): about half a second on a mid-range phone.
   */
  readonly devicePowMaxNumber: number;
  /** The newcomer report budgets' defaults, until moderators set them (docs/api.md, "Earned trust"). */
  readonly reportBudgets: ReportBudgetDefaults;
  /** USSD and SMS (docs/channels.md): off unless `secret` is set. */
  readonly channels: ChannelConfig;
  /** Web Push alerts (docs/channels.md, "Push alerts"). */
  readonly push: PushConfig;
  /** Whether this instance may do the background work (docs/operations.md, "Roles"). */
  readonly role: Role;
  readonly admin: { readonly username: string; readonly password: string } | undefined;
  /** scrypt's cost (logN) for new password hashes and unknown names' checks (moderation/passwords.ts). */
  readonly passwordHashCost: number;
  readonly seed: boolean;
  readonly logLevel: string;
  /** EVENT_LOOP_STATS=1 (benchmarks): SIGUSR2 prints the event loop's delay and the memory. */
  readonly eventLoopStats: boolean;
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
        /** The short code or number people send SMS commands to, shown by the page (SMS_NUMBER). */
        readonly number?: string;
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

interface ReportBudgetDefaults {
  readonly reportBudgetPerHour: number;
  readonly reportBudgetPerNetworkPerHour: number;
  readonly reportBudgetPerPlacePerHour: number;
}

/** Where this instance listens, as an origin (a wildcard address named as this machine). */
function listeningOrigin(host: string, port: number): string {
  const named = ['0.0.0.0', '::', '[::]', ''].includes(host) ? 'localhost' : host;
  return `http://${named.includes(':') ? `[${named}]` : named}:${port}`;
}

export class ConfigError extends Error {}

/**
 * In production a leaked secret must not be enough to call the channels: they start only with
 * CHANNEL_GATEWAY_ADDRESSES, or with it set to `any` (an opt-out that is logged at every start).
 */
function channelGate(e: Env): Pick<ChannelConfig, 'secrets' | 'notice'> {
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

/** USSD and SMS: whether they are on, from where callbacks are taken, and the SMS gateway. */
function channelsConfig(e: Env): ChannelConfig {
  return Object.freeze({
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
            ...(e.SMS_NUMBER ? { number: e.SMS_NUMBER } : {}),
          })
        : undefined,
    phoneKey: e.PHONE_KEY,
  });
}

/** Web Push: the site's keys and contact, and the push services it sends to. */
function pushConfig(e: Env): Config['push'] {
  return Object.freeze({
    keys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? Object.freeze({ publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY })
        : undefined,
    subject:
      e.VAPID_SUBJECT ?? (e.PUBLIC_URL?.startsWith('https://') ? e.PUBLIC_URL : 'mailto:hatari@example.org'),
    services: Object.freeze(e.PUSH_SERVICES),
  });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
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
    healthPort: e.HEALTH_PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    backups: { days: e.BACKUP_DAYS, maxBytes: e.BACKUP_MAX_MB * 1024 * 1024 },
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
    publicUrl: e.PUBLIC_URL ?? listeningOrigin(e.HOST, e.PORT),
    devicePowMaxNumber: e.DEVICE_POW_MAXNUMBER,
    reportBudgets: Object.freeze({
      reportBudgetPerHour: e.REPORT_BUDGET_PER_HOUR,
      reportBudgetPerNetworkPerHour: e.REPORT_BUDGET_PER_NETWORK_PER_HOUR,
      reportBudgetPerPlacePerHour: e.REPORT_BUDGET_PER_PLACE_PER_HOUR,
    }),
    channels: channelsConfig(e),
    role: e.ROLE,
    push: pushConfig(e),
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? Object.freeze({ username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD })
        : undefined,
    passwordHashCost: e.PASSWORD_HASH_COST,
    seed: e.SEED === '1',
    region: region.region,
    logLevel: e.LOG_LEVEL,
    eventLoopStats: e.EVENT_LOOP_STATS === '1',
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
