import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { type RunningServer, startServer, stop, waitFor } from '../test/processes.ts';
import { type LoadStats, mixedLoad, type PgCluster, startPgCluster, startRedis } from './harness.ts';

/**
 * npm run test:faults: the real server, as `npm start` runs it, under a steady mixed load while its
 * PostgreSQL, its Redis or the process itself fail and come back.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function summary(name: string, stats: LoadStats) {
  console.log(`${name}: ${stats.sent} requests, by status ${JSON.stringify(stats.byStatus)}`);
}

/** Every spot's counts equal its vote rows: nothing half-written. */
async function assertCountsMatchVotes(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ spots: number; wrong: number; votes: number }>(
      `SELECT count(*)::int AS spots,
              count(*) FILTER (WHERE s.confirmations <> coalesce(v.yes, 0) OR s.denials <> coalesce(v.no, 0))::int AS wrong,
              coalesce(sum(v.yes + v.no), 0)::int AS votes
       FROM spots s LEFT JOIN (
         SELECT spot_id, count(*) FILTER (WHERE value = 1) AS yes, count(*) FILTER (WHERE value = -1) AS no
         FROM votes GROUP BY spot_id) v ON v.spot_id = s.id`,
    );
    const row = rows[0] as { spots: number; wrong: number; votes: number };
    console.log(`  consistency: ${row.spots} spots, ${row.votes} vote rows, ${row.wrong} with counts off`);
    assert.equal(row.wrong, 0, 'every count equals its vote rows');
    return row;
  } finally {
    await client.end();
  }
}

describe('faults under load', () => {
  let cluster: PgCluster;
  const running: RunningServer[] = [];
  const serve = async (env: Record<string, string>) => {
    const server = await startServer({
      DATABASE_URL: cluster.url,
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'fatal',
      ...env,
    });
    running.push(server);
    return server;
  };

  before(async () => {
    cluster = await startPgCluster();
  });
  after(async () => {
    for (const s of running) await stop(s.proc);
    cluster?.destroy();
  });

  it('PostgreSQL stops and comes back: 503 health, 500 text report, JSON errors, no crash, recovery', async () => {
    const app = await serve({});
    const load = mixedLoad(app.url);
    await sleep(2000);
    cluster.stop();
    const asked = Date.now();
    const health = await fetch(`${app.url}/api/health`);
    assert.equal(health.status, 503);
    assert.ok(Date.now() - asked < 2500, 'health answers within about 2 s');
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
    const list = await fetch(`${app.url}/api/spots`, { headers: { 'x-forwarded-for': '10.200.0.2' } });
    assert.ok(list.status >= 500);
    assert.equal(typeof ((await list.json()) as { error?: unknown }).error, 'string');
    await sleep(1500);
    cluster.start();
    await waitFor(async () => (await fetch(`${app.url}/api/health`)).ok, 30_000, 'recovery');
    const recovered = Date.now();
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
  });

  it('the process is killed mid-write and restarted: no half-written spot or vote', async () => {
    const app = await serve({});
    const load = mixedLoad(app.url, 10);
    await sleep(3000);
    app.proc.kill('SIGKILL');
    await new Promise((r) => app.proc.once('exit', r));
    const before = await load.stop();
    summary('killed mid-write', before);
    await assertCountsMatchVotes(cluster.url);
    const again = await serve({});
    const after = mixedLoad(again.url);
    await sleep(2000);
    const stats = await after.stop();
    summary('after the restart', stats);
    assert.deepEqual(stats.failures, []);
    await assertCountsMatchVotes(cluster.url);
    await stop(again.proc);
  });

  it('Redis dies and comes back: no 5xx, limits in memory meanwhile, shared counters again after', async () => {
    const redis = await startRedis();
    const app = await serve({ REDIS_URL: redis.url });
    const counters = async () =>
      ((await (await fetch(`${app.url}/api/health`)).json()) as { checks: { counters: string } }).checks
        .counters;
    assert.equal(await counters(), 'redis');
    const load = mixedLoad(app.url);
    await sleep(2000);
    await redis.kill();
    await waitFor(async () => (await counters()) === 'memory-fallback', 10_000, 'the memory fallback');
    await sleep(2000);
    await redis.start();
    await waitFor(async () => (await counters()) === 'redis', 30_000, 'Redis again');
    await sleep(2000);
    const stats = await load.stop();
    summary('Redis outage', stats);
    assert.deepEqual(stats.failures, [], 'no 5xx and no dropped request');
    await stop(app.proc);
    await redis.kill();
  });
});
