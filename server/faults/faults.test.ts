import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { report } from '../test/factories.ts';
import { FakeNominatim, FakeOsrm, KAMPALA_PLACES } from '../test/fakes.ts';
import { type RunningServer, runCleanups, startServer, stop, waitFor } from '../test/processes.ts';
import { record, scanDatabaseAt, scanRedis } from '../test/raw-ips.ts';
import {
  assertCountsMatchVotes,
  type LoadStats,
  mixedLoad,
  type PgCluster,
  startPgCluster,
  startRedis,
} from './harness.ts';

/**
 * npm run test:faults: the real server, as `npm start` runs it, under a steady mixed load while its
 * PostgreSQL, its Redis or the process itself fail and come back.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function summary(name: string, stats: LoadStats) {
  console.log(`${name}: ${stats.sent} requests, by status ${JSON.stringify(stats.byStatus)}`);
  console.log(`  slowest answers (ms): ${JSON.stringify(stats.slowestMs)}`);
}

/** One report from a visitor (its forwarded address) to each server in turn; the statuses. */
async function reportsFrom(address: string, servers: RunningServer[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const [i, server] of servers.entries()) {
    const res = await fetch(`${server.url}/api/spots`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(report({ title: `Report ${i + 1} of one visitor` })),
    });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  return statuses;
}

/** Long enough for the slowest case; a hung case fails and the rest still run and clean up. */
const CASE = { timeout: 180_000 };

describe('faults under load', () => {
  let cluster: PgCluster;
  // Whatever a case starts is stopped after it even when it fails: a load still running or a child
  // process still alive would disturb the next case and keep this test process from ever exiting.
  const cleanups: Array<() => Promise<unknown>> = [];
  const caseCleanups: Array<() => Promise<unknown>> = [];
  const serve = async (env: Record<string, string>): Promise<RunningServer> => {
    const server = await startServer({
      DATABASE_URL: cluster.url,
      TRUST_PROXY: '127.0.0.1',
      ...env,
    });
    caseCleanups.push(() => stop(server.proc));
    return server;
  };
  const loadOn = (...args: Parameters<typeof mixedLoad>) => {
    const load = mixedLoad(...args);
    caseCleanups.push(() => load.stop());
    return load;
  };

  before(async () => {
    cluster = await startPgCluster();
    cleanups.push(async () => cluster.destroy());
    cleanups.push(async () => {
      cluster.start();
      record(await scanDatabaseAt(cluster.url));
    });
  });
  // The next case needs the database, whatever became of this one.
  afterEach(() => runCleanups([async () => cluster.start(), ...caseCleanups.splice(0)]));
  after(() => runCleanups(cleanups));

  it(
    'PostgreSQL stops and comes back: 503 health, 500 text report, JSON errors, no crash, recovery',
    CASE,
    async () => {
      const app = await serve({});
      const load = loadOn(app.url);
      await sleep(2000);
      cluster.stop();
      const asked = performance.now();
      const health = await fetch(`${app.url}/api/health`);
      assert.equal(health.status, 503);
      assert.ok(performance.now() - asked < 2500, 'health answers within about 2 s');
      const report = await fetch(`${app.url}/api/spots`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.200.0.1' },
        body: JSON.stringify({
          title: 'During the outage',
          lat: 0.3,
          lng: 32.5,
          category: 'other',
          severity: 1,
          time_of_day: 'any',
        }),
      });
      assert.equal(report.status, 500);
      assert.match(String(report.headers.get('content-type')), /^text\/plain/);
      assert.equal(report.headers.get('retry-after'), '5', 'the spec’s 500, saying when to try again');
      const list = await fetch(`${app.url}/api/spots`, { headers: { 'x-forwarded-for': '10.200.0.2' } });
      assert.equal(list.status, 503, 'an outage, not a bug');
      assert.equal(list.headers.get('retry-after'), '5');
      assert.equal(typeof ((await list.json()) as { error?: unknown }).error, 'string');
      await sleep(1500);
      cluster.start();
      await waitFor(async () => (await fetch(`${app.url}/api/health`)).ok, 30_000, 'recovery');
      const recovered = performance.now();
      await sleep(3000);
      const stats = await load.stop();
      summary('PostgreSQL outage', stats);
      assert.equal(app.proc.exitCode, null, 'the server never exited');
      assert.deepEqual(
        stats.failures.filter((f) => f.at > recovered + 1000),
        [],
        'no failure after recovery',
      );
      for (const f of stats.failures) {
        assert.equal(typeof f.status, 'number', `${f.what}: an answer, not a dropped connection`);
        assert.match(f.type, f.what === 'POST /api/spots' ? /^text\/plain/ : /^application\/json/, f.what);
      }
      await assertCountsMatchVotes(cluster.url);
      await stop(app.proc);
    },
  );

  it('the process is killed mid-write and restarted: no half-written spot or vote', CASE, async () => {
    const app = await serve({});
    const load = loadOn(app.url, { concurrency: 10 });
    await sleep(3000);
    app.proc.kill('SIGKILL');
    await new Promise((r) => app.proc.once('exit', r));
    const before = await load.stop();
    summary('killed mid-write', before);
    await assertCountsMatchVotes(cluster.url);
    const again = await serve({});
    const after = loadOn(again.url);
    await sleep(2000);
    const stats = await after.stop();
    summary('after the restart', stats);
    assert.deepEqual(stats.failures, []);
    await assertCountsMatchVotes(cluster.url);
    await stop(again.proc);
  });

  it(
    'Redis dies and comes back: no 5xx, limits in memory meanwhile, shared counters again after',
    CASE,
    async () => {
      const redis = await startRedis();
      caseCleanups.push(() => redis.kill());
      const app = await serve({ REDIS_URL: redis.url });
      const counters = async () =>
        ((await (await fetch(`${app.url}/api/health`)).json()) as { checks: { counters: string } }).checks
          .counters;
      assert.equal(await counters(), 'redis');
      const load = loadOn(app.url);
      await sleep(2000);
      await redis.kill();
      await waitFor(async () => (await counters()) === 'memory-fallback', 10_000, 'the memory fallback');
      // The limits still hold while counting in memory: a sixth report in the hour is refused.
      assert.deepEqual(
        await reportsFrom('10.201.0.1', [app, app, app, app, app, app]),
        [201, 201, 201, 201, 201, 429],
        'the report limit held in memory',
      );
      await sleep(2000);
      await redis.start();
      await waitFor(async () => (await counters()) === 'redis', 30_000, 'Redis again');
      // Shared counters again: a second instance on the same Redis sees what the first counted.
      const other = await serve({ REDIS_URL: redis.url });
      assert.deepEqual(
        await reportsFrom('10.201.0.2', [app, app, app, app, app, other]),
        [201, 201, 201, 201, 201, 429],
        'five reports through one instance, the sixth refused by the other',
      );
      await sleep(2000);
      const stats = await load.stop();
      summary('Redis outage', stats);
      assert.deepEqual(stats.failures, [], 'no 5xx and no dropped request');
      await stop(other.proc);
      await stop(app.proc);
      record(await scanRedis(redis.url));
      await redis.kill();
    },
  );

  it('the map services go down, hang and answer garbage: 502 or spots only, in time, nothing piles up', {
    timeout: 300_000,
  }, async () => {
    const osrm = new FakeOsrm();
    const nominatim = new FakeNominatim(KAMPALA_PLACES);
    const app = await serve({ OSRM_URL: await osrm.start(), NOMINATIM_URL: await nominatim.start() });
    try {
      const load = loadOn(app.url, { concurrency: 8, maps: true });
      // Each poll from another visitor, so the pollers' own limits never answer for the services.
      let poller = 0;
      const asVisitor = () => ({
        headers: { 'x-forwarded-for': `10.250.${poller >> 8}.${poller++ & 255}` },
      });
      // A new trip for each poll: a cached answer would not show that the routing service is asked.
      const trip = () => `from=0.31,32.56&to=0.33,${(32.58 + poller / 10_000).toFixed(4)}`;
      // Both services answer again, and the app asks them again: each circuit has closed (a route
      // check succeeds; the place service got a call), so the next failure reaches them afresh.
      const heal = async () => {
        osrm.reset();
        nominatim.reset();
        await waitFor(
          async () => (await fetch(`${app.url}/api/route?${trip()}`, asVisitor())).ok,
          30_000,
          'routing again',
        );
        await waitFor(async () => nominatim.calls.length > 0, 30_000, 'the place service asked again');
      };
      await sleep(3000);
      const phases: Record<string, { routing: number; places: number; maxOpen: number }> = {};
      for (const [mode, ms] of [
        ['down', 5000],
        ['hang', 15_000],
        ['garbage', 5000],
      ] as const) {
        osrm.reset();
        nominatim.reset();
        osrm.mode = mode;
        nominatim.mode = mode;
        await sleep(ms);
        phases[mode] = {
          routing: osrm.calls.length,
          places: nominatim.calls.length,
          maxOpen: Math.max(osrm.maxOpen, nominatim.maxOpen),
        };
        // Every failure was met for real, by both services.
        assert.ok(
          osrm.calls.length > 0 && nominatim.calls.length > 0,
          `${mode}: both services asked: ${JSON.stringify(phases[mode])}`,
        );
        // Never more open at the services than their caps, however long they hang.
        assert.ok(osrm.maxOpen <= 16, `routing: ${osrm.maxOpen} open at once`);
        assert.ok(nominatim.maxOpen <= 4, `place search: ${nominatim.maxOpen} open at once`);
        await heal();
      }
      const healed = performance.now();
      // The load keeps up to eight uncached place searches waiting for the one lookup a second the
      // policy allows, and each turn goes to whichever waiting lookup asks first: the poll may lose
      // many turns in a row (one run here needed more than 30 s), so it is given 90 s.
      await waitFor(
        async () =>
          (
            (await (await fetch(`${app.url}/api/search?q=wandegeya`, asVisitor())).json()) as {
              places: unknown[];
            }
          ).places.length > 0,
        90_000,
        'place search again',
      );
      const recovered = performance.now();
      await sleep(2000);
      const stats = await load.stop();
      summary('map services down, hanging, garbage', stats);
      console.log(
        `  calls reaching the services per phase: ${JSON.stringify(phases)}; recovered ${recovered - healed} ms after`,
      );
      // Only route checks fail, and only with the routing service's 502 or a busy 503, as JSON.
      for (const f of stats.failures) {
        assert.equal(f.what, 'GET /api/route', `${f.what}: ${f.status}`);
        assert.ok(f.status === 502 || f.status === 503, `route answered ${f.status}`);
        assert.match(f.type, /^application\/json/);
      }
      assert.equal(stats.byStatus.error, undefined, 'every request answered within 10 s');
      // A route check waits at most the routing service's timeout (8 s), not a moment more.
      assert.ok((stats.slowestMs['GET /api/route'] ?? 0) < 9500, 'route checks end with the timeout');
      assert.ok(
        stats.failures.every((f) => f.at < recovered + 1000),
        'no failure once the services were back',
      );
      // Nothing left hanging: the app let go of every request to the services.
      assert.equal(osrm.open + nominatim.open, 0);
      assert.equal(app.proc.exitCode, null);
    } finally {
      await stop(app.proc);
      await Promise.all([osrm.stop(), nominatim.stop()]);
    }
  });
});
