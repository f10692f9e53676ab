import type { FastifyBaseLogger } from 'fastify';
import { Basemap } from './basemap/basemap.service.ts';
import { type Courier, PushCourier, SmsCourier } from './channels/couriers.ts';
import { OUTBOX_DEFAULTS, Outbox } from './channels/outbox.ts';
import { PhoneCipher } from './channels/phone.ts';
import { WebhookCourier } from './channels/webhooks.ts';
import { NominatimClient } from './clients/nominatim.ts';
import { OsrmClient } from './clients/osrm.ts';
import { PushService, type VapidKeys } from './clients/push-service.ts';
import { SmsGateway } from './clients/sms-gateway.ts';
import type { Config } from './config.ts';
import { DailyBackups } from './db/backups.ts';
import type { Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { EventHub } from './events/event-hub.ts';
import { RecentOutages } from './http/outage.ts';
import { PublicReadCache } from './http/public-cache.ts';
import { PublicReadGate } from './http/read-gate.ts';
import { SharedChanges } from './http/shared-changes.ts';
import { DeviceChallenges } from './identity/device-challenge.ts';
import { DeviceCredentials } from './identity/device-credential.ts';
import {
  type ChannelIdentify,
  createChannelIdentify,
  createIdentify,
  type Identify,
  siteKey,
} from './identity/identify.ts';
import type { CounterStore } from './limits/counter-store.ts';
import { DatabaseStore } from './limits/db-store.ts';
import { FallbackCounters } from './limits/fallback-counters.ts';
import { MemoryStore } from './limits/memory-store.ts';
import { RateLimiter } from './limits/rate-limit.ts';
import { ensureFirstAdmin } from './moderation/auth.service.ts';
import { appendLog, SYSTEM_ACTOR } from './moderation/log.sql.ts';
import { Pager } from './moderation/pager.ts';
import { SignInGuard } from './moderation/sign-in-guard.ts';
import { CachedRouter } from './routing/cached-router.ts';
import { RoutePlanner } from './routing/route.service.ts';
import { PlaceSearch } from './search/places.ts';
import { loadSeedOnce } from './seed/seed.ts';
import { ensureSecret, setConfiguredDefaults } from './settings/settings.service.ts';
import { ExportSnapshots } from './spots/export-snapshots.ts';
import { ConfidenceAgeing, refreshStaleConfidence } from './spots/index.ts';
import { StoredTextRedaction } from './spots/redact-stored.ts';
import { Standing } from './trust/index.ts';
import { type Clock, systemClock } from './util/clock.ts';
import { ProofOfWork } from './util/proof-of-work.ts';
import { allOf, WorkerRole } from './worker-role.ts';

/** Everything the routes need, passed explicitly: no module-level singletons. */
export interface Deps {
  readonly config: Config;
  readonly log: FastifyBaseLogger;
  readonly db: Db;
  /** The time the app's rules read (standing's days, the newcomer budgets' hours). */
  readonly clock: Clock;
  /** This instance's recent outages and answers, for health (http/outage.ts). */
  readonly outages: RecentOutages;
  /** Earned trust: which devices and numbers have standing (docs/api.md, "Earned trust"). */
  readonly standing: Standing;
  readonly identify: Identify;
  readonly devices: DeviceCredentials;
  /** The work a new device credential costs (ALTCHA challenges). */
  readonly deviceChallenges: DeviceChallenges;
  readonly limiter: RateLimiter;
  readonly places: PlaceSearch;
  readonly routePlanner: RoutePlanner;
  /** Public reads answered from memory for a moment; emptied by this instance's writes. */
  /** The bound on uncached public reads; the read cache's misses pass it. */
  readonly readGate: PublicReadGate;
  readonly publicCache: PublicReadCache;
  readonly exports: ExportSnapshots;
  /** USSD, SMS and push: who a phone is, the key its number is sealed with, push, and the outbox. */
  readonly channels: Channels;
  /** Whether this instance sends the outbox and pages moderators now (one instance at a time; ROLE). */
  readonly worker: WorkerRole;
  /** Pages moderators of alarms (moderation/pager.ts); runs where the worker role is held. */
  readonly pager: Pager;
  /** Word of public writes between instances. */
  readonly changes: SharedChanges;
  /** The live stream's fan-out of spots' public changes (GET /api/events). */
  readonly events: EventHub;
  /** Moderators' sign-in: delays per account, known devices, the bounded queue of password checks. */
  readonly signIn: SignInGuard;
  /** The vector background map (BASEMAP_PMTILES), when one is configured and readable. */
  readonly basemap: Basemap | undefined;
  close(): Promise<void>;
}

/**
 * After a write to public data: this instance's read cache is emptied and the open-data file marked
 * stale, and the other instances are told to do the same.
 */
export function publicDataChanged(deps: Pick<Deps, 'publicCache' | 'exports' | 'changes' | 'events'>): void {
  deps.publicCache.invalidate();
  deps.exports.markChanged();
  deps.changes.announce();
  deps.events.soon();
}

export interface Channels {
  readonly identify: ChannelIdentify;
  readonly cipher: PhoneCipher | undefined;
  readonly push: PushService;
  readonly outbox: Outbox;
}

/** The push keys: VAPID_* when configured, else a pair generated once and kept in the database. */
async function pushKeys(config: Config, db: Db): Promise<VapidKeys> {
  if (config.push.keys) return config.push.keys;
  return JSON.parse(await ensureSecret(db, 'vapid_keys', () => JSON.stringify(PushService.generateKeys())));
}

/**
 * The channels' parts as configured. The outbox sends push alerts and partners' webhooks always, SMS
 * only when the gateway is configured.
 */
export function createChannels(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  salt: string,
  keys: VapidKeys,
  clock: Clock = systemClock,
): Channels {
  const { sms, phoneKey } = config.channels;
  const cipher = phoneKey ? new PhoneCipher(phoneKey) : undefined;
  const push = new PushService(keys, config.push.subject, config.geocoderUserAgent);
  const couriers: Courier[] = [
    new PushCourier(db, push),
    new WebhookCourier(db, config.geocoderUserAgent, () => clock.now()),
  ];
  if (sms && cipher)
    couriers.push(
      new SmsCourier(new SmsGateway({ ...sms, userAgent: config.geocoderUserAgent }), cipher, log),
    );
  const outbox = new Outbox(db, couriers, log, {
    ...OUTBOX_DEFAULTS,
    backoffSeconds: sms?.retrySeconds ?? 30,
  });
  return { identify: createChannelIdentify(salt), cipher, push, outbox };
}

/**
 * The read cache and the gate its misses pass, shared fairly between wide networks (an IPv4 /24, an
 * IPv6 /48): the 256 /56s of one /48 hold a quarter of the places together, not each.
 */
export function createPublicReads(config: Config, identify: Identify) {
  const readGate = new PublicReadGate(
    {
      limit: config.publicReads.atOnce,
      lightLimit: config.publicReads.lightAtOnce,
      maxWaiting: config.publicReads.waiting,
    },
    (request) => identify(request).wideNetwork,
  );
  return { readGate, publicCache: new PublicReadCache({ gate: readGate }) };
}

/**
 * How long a check may wait for the shared counter store before this instance counts in memory.
 * A store that is down fails at once (no offline queue); this bounds one that hangs. It is measured
 * on this instance's event loop, so it must stay well above the loop's delays under load: at 50 ms
 * a busy instance (the soak, 600 requests/s on two cores) fell back about once every five seconds,
 * and each fallback starts every visitor's count afresh in memory, letting a sixth report through.
 */
const COUNTER_TIMEOUT_MS = { redis: 500, database: 500 } as const;
const COUNTER_PROBE_EVERY_MS = 1000;
const COUNTER_READY_TIMEOUT_MS = 2000;
/** Spots whose confidence is computed before a start goes on (the rest in the background). */
const CONFIDENCE_AT_START = 5000;

/** Redis's client is loaded only where Redis is configured (3 MB of each process's memory). */
export async function createRateLimiter(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
): Promise<RateLimiter> {
  const primary: CounterStore = config.redisUrl
    ? new (await import('./limits/redis-store.ts')).RedisStore(
        config.redisUrl,
        (err) => log.debug({ err }, 'redis'),
        COUNTER_TIMEOUT_MS.redis,
      )
    : new DatabaseStore(db);
  const timeoutMs = config.redisUrl ? COUNTER_TIMEOUT_MS.redis : COUNTER_TIMEOUT_MS.database;
  return new RateLimiter(
    new FallbackCounters(primary, new MemoryStore(), log, {
      timeoutMs,
      probeEveryMs: COUNTER_PROBE_EVERY_MS,
    }),
  );
}

/**
 * The services that talk to the map services, with their policies (cache, pace) built in.
 * `upstreamTimeoutMs` replaces the clients' own timeouts (a test of a hanging service).
 */
export function createMapServices(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  limiter: RateLimiter,
  clock: Clock = systemClock,
  upstreamTimeoutMs?: number,
) {
  const timeoutMs = { timeoutMs: upstreamTimeoutMs };
  return {
    places: new PlaceSearch(
      db,
      new NominatimClient(config.nominatimUrl, config.geocoderUserAgent, timeoutMs),
      limiter,
      log,
      clock,
    ),
    routePlanner: new RoutePlanner(
      db,
      new CachedRouter(new OsrmClient(config.osrmUrl, config.geocoderUserAgent, timeoutMs)),
      config.osrmProfiles,
    ),
  };
}

/**
 * The notice that public data changed on some instance (SharedChanges): this instance empties its
 * read cache, marks its open-data snapshots stale and reads the changes for its live streams.
 */
async function createLiveChanges(
  db: Db,
  log: FastifyBaseLogger,
  clock: Clock,
  publicCache: Deps['publicCache'],
  exports: Deps['exports'],
) {
  const changes = new SharedChanges(db, log);
  const events = new EventHub(db, log, clock);
  events.start();
  await changes.listen(() => {
    publicCache.invalidate();
    exports.markChanged();
    events.soon();
  });
  return { changes, events };
}

/** Opens storage, brings its schema up to date, loads the seed data once, and wires the services. */
export async function createDeps(
  config: Config,
  log: FastifyBaseLogger,
  existingDb?: Db,
  clock: Clock = systemClock,
): Promise<Deps> {
  const db = existingDb ?? (await openDatabase(config, log));
  try {
    const applied = await migrate(db);
    if (applied.length) log.info({ applied }, 'database migrated');
    await setConfiguredDefaults(db, config.reportBudgets);
    if (config.seed) {
      const seeded = await loadSeedOnce(db);
      if (seeded) log.info({ seeded }, 'seed spots loaded');
    }
    // A small map's confidence is all computed before the first request; a large one's (after the
    // upgrade that brought it) goes on hourly in the background (spots/confidence.ts).
    await refreshStaleConfidence(db, clock.now(), CONFIDENCE_AT_START);
    await ensureFirstAdmin(db, config.admin, config.passwordHashCost, log);
    const salt = config.visitorSalt ?? (await ensureSecret(db, 'visitor_salt'));
    const devices = new DeviceCredentials(await ensureSecret(db, 'device_key'), () => clock.now().getTime());
    const limiter = await createRateLimiter(config, db, log);
    await limiter.counters.ready(COUNTER_READY_TIMEOUT_MS);
    const exports = new ExportSnapshots(db, log);
    const pow = new ProofOfWork(await ensureSecret(db, 'proof_of_work_key'), limiter.counters, clock);
    const identify = createIdentify({
      salt,
      devices,
      trustProxy: config.trustProxy,
      clientIpHeader: config.clientIpHeader,
    });
    const channels = createChannels(config, db, log, salt, await pushKeys(config, db), clock);
    const pager = new Pager(db, clock, log, Boolean(config.channels.sms && channels.cipher));
    const reads = createPublicReads(config, identify);
    const { changes, events } = await createLiveChanges(db, log, clock, reads.publicCache, exports);
    const changed = () => publicDataChanged({ publicCache: reads.publicCache, exports, changes, events });
    const redaction = new StoredTextRedaction(
      db,
      (tx, detail) => appendLog(tx, { actor: SYSTEM_ACTOR, action: 'redact-stored', detail: { ...detail } }),
      changed,
      log,
    );
    // The hourly ageing is the worker's too: on a web instance it took PostgreSQL's time and the
    // tiles' locks from the requests (bench/NOTES.md, "Every instance ageing a million spots").
    const ageing = new ConfidenceAgeing(db, clock, log, changed);
    const worker = new WorkerRole(db, config.role, allOf(channels.outbox, pager, redaction, ageing), log);
    worker.start();
    const basemap = await Basemap.open(config, log);
    const backups =
      db.copyFolder && config.backups.days > 0
        ? new DailyBackups(db, config.dataDir, config.backups, clock, log)
        : undefined;
    backups?.start();
    return {
      config,
      log,
      db,
      clock,
      outages: new RecentOutages(clock),
      standing: new Standing(db, clock),
      devices,
      deviceChallenges: new DeviceChallenges(pow, limiter.counters, siteKey(salt), config.devicePowMaxNumber),
      identify,
      limiter,
      ...createMapServices(config, db, log, limiter, clock),
      ...reads,
      exports,
      channels,
      worker,
      pager,
      changes,
      events,
      signIn: new SignInGuard(db, await ensureSecret(db, 'sign_in_key'), pow, config.passwordHashCost),
      basemap,
      close: async () => {
        exports.close();
        basemap?.close();
        await backups?.close();
        await worker.close();
        await changes.close();
        await events.close();
        await limiter.close();
        await limiter.counters.close();
        await db.close();
      },
    };
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}
