import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { PushService } from '../src/clients/push-service.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/db.ts';
import {
  createChannels,
  createDeps,
  createMapServices,
  createPublicReads,
  createRateLimiter,
  type Deps,
} from '../src/deps.ts';
import { EventHub } from '../src/events/event-hub.ts';
import { createLogger } from '../src/http/logger.ts';
import { RecentOutages } from '../src/http/outage.ts';
import { SharedChanges } from '../src/http/shared-changes.ts';
import { DeviceChallenges } from '../src/identity/device-challenge.ts';
import { DeviceCredentials } from '../src/identity/device-credential.ts';
import { createIdentify } from '../src/identity/identify.ts';
import { FallbackCounters } from '../src/limits/fallback-counters.ts';
import { MemoryStore } from '../src/limits/memory-store.ts';
import { POLICIES } from '../src/limits/policies.ts';
import { type PolicyTable, RateLimiter } from '../src/limits/rate-limit.ts';
import { Pager } from '../src/moderation/pager.ts';
import { SignInGuard } from '../src/moderation/sign-in-guard.ts';
import { ExportSnapshots } from '../src/spots/export-snapshots.ts';
import { Standing } from '../src/trust/index.ts';
import { type Clock, systemClock } from '../src/util/clock.ts';
import { ProofOfWork } from '../src/util/proof-of-work.ts';
import { WorkerRole } from '../src/worker-role.ts';
import { record, scanLogs } from './raw-ips.ts';
import './loopback-only.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

/**
 * Map services default to a closed port on loopback: a test that needs them starts a fake. The
 * newcomer report budgets are off (the spec's own publication): the tests of earned trust turn them on.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    SEED: '0',
    // A device credential's work kept small: the tests solve hundreds.
    DEVICE_POW_MAXNUMBER: '2000',
    // Passwords hashed and checked at 2^10, 32 times cheaper than the site's 2^15: the tests sign
    // in hundreds of times. In production (NODE_ENV) and the tests of the checks' bounded queue,
    // the site's cost.
    ...(env.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_COST: '10' }),
    REPORT_BUDGET_PER_HOUR: '0',
    REPORT_BUDGET_PER_NETWORK_PER_HOUR: '0',
    REPORT_BUDGET_PER_PLACE_PER_HOUR: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-test-data-dir',
    OSRM_URL: 'http://127.0.0.1:9',
    NOMINATIM_URL: 'http://127.0.0.1:9',
    ...env,
  });
}

/** Collects every log line the app writes, to check what it logs (and what it must never log). */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void) {
    this.lines.push(chunk.toString());
    done();
  }
  get text() {
    return this.lines.join('');
  }
}

/**
 * The real limits, 1000 times higher: tests of other features make many requests from one client
 * and must not trip limits. Tests of the limits themselves ask for the real table.
 */
export const RELAXED_POLICIES = Object.fromEntries(
  Object.entries(POLICIES).map(([name, p]) => [name, { ...p, limit: p.limit * 1000 }]),
) as PolicyTable;

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  db: Db;
  logs: LogCapture;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A migrated database (fresh unless one is given) with the app on top, reached through inject.
 * `countersOnClock`: the relaxed limits' counters and slots are kept in memory by the app's clock,
 * not by the database's, so what waits for a counter's time (the place service's turn, one a
 * second) moves a test's clock instead of the test waiting. `upstreamTimeoutMs`: the routing and
 * place services are waited for this long instead of their 8 and 4 s (a test of a hanging one).
 */
export async function startTestApp(
  opts: {
    env?: Record<string, string>;
    database?: TestDatabase;
    realLimits?: boolean;
    clock?: Clock;
    countersOnClock?: boolean;
    upstreamTimeoutMs?: number;
  } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase());
  const config = testConfig({ LOG_LEVEL: 'info', ...opts.env });
  const logs = new LogCapture();
  const created = await createDeps(config, createLogger(config.logLevel, logs), database.db, opts.clock);
  const now = () => created.clock.now().getTime();
  const counters = opts.countersOnClock
    ? new FallbackCounters(new MemoryStore(now), new MemoryStore(now), created.log, {
        timeoutMs: 500,
        probeEveryMs: 1000,
        now,
      })
    : created.limiter.counters;
  const relaxed = new RateLimiter(counters, RELAXED_POLICIES);
  const deps: Deps = opts.realLimits
    ? created
    : {
        ...created,
        limiter: relaxed,
        ...createMapServices(
          config,
          database.db,
          created.log,
          relaxed,
          created.clock,
          opts.upstreamTimeoutMs,
        ),
      };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    db: database.db,
    logs,
    inject: (o) => app.inject(o),
    close: async () => {
      await app.close();
      await deps.worker.close();
      await deps.changes.close();
      await deps.limiter.close();
      await created.limiter.close();
      await deps.limiter.counters.close();
      if (counters !== created.limiter.counters) await created.limiter.counters.close();
      record(scanLogs(logs.text, 'app logs'));
      if (!opts.database) await database.drop();
    },
  };
}

/**
 * The app listening on a port of loopback, PUBLIC_URL naming it: for the tools (GDAL, the pmtiles
 * library) that follow the absolute links its answers give.
 */
export async function startListeningTestApp(
  opts: Parameters<typeof startTestApp>[0] = {},
): Promise<TestApp & { origin: string }> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const origin = `http://127.0.0.1:${port}`;
  const t = await startTestApp({ ...opts, env: { ...opts.env, PUBLIC_URL: origin } });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, origin };
}

/**
 * The app on a database that may be unreachable (no migrations, no seed): for tests of what users
 * see when the database is down or hangs.
 */
export async function buildAppOn(db: Db, clock: Clock = systemClock): Promise<FastifyInstance> {
  const config = testConfig();
  const log = createLogger('silent');
  const limiter = await createRateLimiter(config, db, log);
  const devices = new DeviceCredentials('test-device-key');
  const identify = createIdentify({
    salt: 'test-salt-test-salt',
    devices,
    trustProxy: false,
    clientIpHeader: undefined,
  });
  const channels = createChannels(config, db, log, 'test-salt-test-salt', PushService.generateKeys());
  const pow = new ProofOfWork('test-proof-of-work-key', limiter.counters, systemClock);
  const app = await buildApp({
    config,
    log,
    db,
    clock,
    outages: new RecentOutages(clock),
    standing: new Standing(db, clock),
    devices,
    deviceChallenges: new DeviceChallenges(pow, limiter.counters, 'test-site', 2000),
    identify,
    limiter,
    ...createMapServices(config, db, log, limiter, clock),
    ...createPublicReads(config, identify),
    exports: new ExportSnapshots(db, log),
    channels,
    // Never started: the database may be down, and nothing here is sent.
    worker: new WorkerRole(db, 'web', channels.outbox, log),
    pager: new Pager(db, clock, log, false),
    changes: new SharedChanges(db, log),
    // Never started either.
    events: new EventHub(db, log, clock),
    signIn: new SignInGuard(db, 'test-sign-in-key', pow, config.passwordHashCost),
    basemap: undefined,
    close: () => db.close(),
  });
  app.addHook('onClose', async () => {
    await limiter.close();
    await limiter.counters.close();
  });
  return app;
}

/** A clock tests move by hand (the app's rules read their time from deps.clock). */
export class TestClock implements Clock {
  private ms: number;

  // biome-ignore lint/plugin: by default it starts at the machine's time, where the database's now() is
  constructor(start: Date | number = Date.now()) {
    this.ms = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  advance(ms: number): void {
    this.ms += ms;
  }

  /** Moves on by `ms` at once: what waits for time to pass waits for nothing. */
  async sleep(ms: number): Promise<void> {
    this.advance(ms);
  }
}
